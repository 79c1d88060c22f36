"""Bad input is refused, not ignored: a query parameter an API path does not take is answered 422 naming it and
the parameters the path takes (docs/api.md), and the operation does not run — a misspelt filter would otherwise
return everything, as if it had worked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client

from publicassembly.permits.models import PermitApplication

pytestmark = pytest.mark.django_db

CASE = Path(__file__).resolve().parents[2] / "examples" / "carmel-county-fair.yaml"


def _case() -> str:
    import yaml

    return json.dumps(yaml.safe_load(CASE.read_text(encoding="utf-8")), default=str)


def test_a_misspelt_filter_is_refused_naming_it_and_what_the_path_takes():
    r = Client().get("/api/v1/rules", {"jurisdction": "carmel-ny"})
    assert r.status_code == 422
    assert r.json() == {
        "detail": "jurisdction: is not a query parameter of GET /api/v1/rules; allowed: jurisdiction",
        "field": "jurisdction",
        "errors": [{"field": "jurisdction", "msg": "is not a query parameter of GET /api/v1/rules; allowed: "
                                                   "jurisdiction"}]}


def test_the_parameters_a_path_takes_are_still_taken():
    rules = Client().get("/api/v1/rules", {"jurisdiction": "carmel-ny"})
    assert rules.status_code == 200 and {r["jurisdiction"] for r in rules.json()} == {"carmel-ny"}
    params = Client().get("/api/v1/parameters", {"jurisdiction": "carmel-ny", "as_of": "2026-07-01"})
    assert params.status_code == 200


def test_every_unknown_parameter_is_listed_and_a_path_without_any_says_so():
    r = Client().get("/api/v1/jurisdictions?x=1&y=2")
    assert r.status_code == 422
    assert [e["field"] for e in r.json()["errors"]] == ["x", "y"]
    assert r.json()["errors"][0]["msg"] == ("is not a query parameter of GET /api/v1/jurisdictions, which takes "
                                            "none")


def test_check_with_an_unknown_parameter_determines_nothing():
    """``POST /check?asof=…`` (for ``as_of``) is refused rather than determined on today's date."""
    r = Client().post("/api/v1/check?asof=2026-07-01", _case(), content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "asof"
    assert "allowed: as_of" in r.json()["detail"]
    assert Client().post("/api/v1/check?as_of=2026-07-01", _case(), content_type="application/json").status_code == 200


def test_a_filter_the_list_does_not_have_is_refused_not_ignored(cu, api):
    """The list of applications is filtered by ``state``; ``status`` (a near miss) is 422 naming it and
    ``state``, not every application."""
    r = api(cu["town_clerk"]).get("/api/v1/towns/carmel-ny/applications", {"status": "submitted"})
    assert r.status_code == 422 and r.json()["field"] == "status"
    assert r.json()["detail"].endswith("allowed: state")


def test_a_write_with_an_unknown_parameter_writes_nothing(cu, api):
    before = PermitApplication.objects.count()
    r = api(cu["applicant"]).post("/api/v1/towns/carmel-ny/applications?submit=1",
                                  json.dumps({"facts": {"name": "Fair", "max_persons_at_one_time": 900}}),
                                  content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "submit"
    assert PermitApplication.objects.count() == before


def test_every_operation_refuses_unknown_parameters_and_knows_its_own():
    """Each operation of the API (every router, the lazily added documents' too) is wrapped; a query model
    flattened into parameters (removing a space: ``reason``, ``expected_version``) gives its fields' names."""
    from publicassembly.api.errors import query_parameters
    from publicassembly.api.urls import api as ninja_api

    seen = {}
    for router in ninja_api._get_bound_routers():  # the operations served (ninja binds a copy of each router)
        for path, view in router.path_operations.items():
            for op in view.operations:
                assert getattr(op.run, "__wrapped__", None) is not None, f"{op.methods} {router.prefix}{path}"
                seen[(tuple(op.methods), router.prefix + path)] = query_parameters(op)
    assert len(seen) > 60
    assert seen[(("GET",), "/v1/parameters")] == ("jurisdiction", "as_of")
    assert seen[(("DELETE",), "/v1/towns/{town}/venues/{id}/spaces/{space}")] == ("reason", "expected_version")
    assert seen[(("GET",), "/v1/towns/{town}/applications")] == ("state",)
    assert seen[(("GET",), "/v1/towns/{town}/venues")] == ()
    assert seen[(("POST",), "/v1/check")] == ("as_of",)  # (read by the view itself, documented in openapi_extra)


def test_check_reads_its_as_of_and_refuses_it_given_twice_or_empty_as_any_parameter():
    """``POST /check``'s ``as_of`` (the view reads it; interpretation G-2's dates): given once it is the date of
    the determination (the county fair's case says 2026-07-01); given twice, empty, or not UTF-8 it is refused
    422 naming it, as every query parameter is; the OpenAPI document names it a query parameter of /check."""
    c = Client()
    r = c.post("/api/v1/check?as_of=2026-09-01", _case(), content_type="application/json")
    assert r.status_code == 200 and r.json()["as_of"] == "2026-09-01"
    assert c.post("/api/v1/check", _case(), content_type="application/json").json()["as_of"] == "2026-07-01"
    for query, msg in (("as_of=2026-09-01&as_of=2026-10-01", "is given 2 times; give it once"),
                       ("as_of=", "is empty; give a value or leave the parameter out"),
                       ("as_of=%FF", "is given a value in bytes that are not UTF-8 text ('%FF' in the address); "
                                     "write the value in UTF-8")):
        r = c.post(f"/api/v1/check?{query}", _case(), content_type="application/json")
        assert r.status_code == 422 and r.json()["errors"] == [{"field": "as_of", "msg": msg}], query
    parameters = c.get("/api/openapi.json").json()["paths"]["/api/v1/check"]["post"]["parameters"]
    assert parameters[0] == {"in": "query", "name": "as_of", "required": False,
                             "schema": {"anyOf": [{"type": "string"}, {"type": "null"}], "title": "As Of"}}


def test_a_parameter_given_twice_is_refused_not_the_last_taken():
    r = Client().get("/api/v1/rules?jurisdiction=carmel-ny&jurisdiction=mount-pleasant-ny")
    assert r.status_code == 422
    assert r.json()["errors"] == [{"field": "jurisdiction", "msg": "is given 2 times; give it once"}]


@pytest.mark.parametrize(("raw", "problem"), [
    (b'{"jurisdiction": "carmel-ny", "attendance": 1' + b"0" * 5000 + b"}",
     "holds a number of more than 4,300 digits, larger than any fact"),
    ('{"jurisdiction": "Caf\xe9"}'.encode("latin-1"), "is not UTF-8 text; send JSON encoded in UTF-8"),
    (b'{"jurisdiction": "carmel-ny",', "is not valid JSON; send one JSON object with Content-Type: application/json"),
])
def test_a_body_that_cannot_be_read_says_why_once(raw, problem):
    """A body that is JSON but holds a number of thousands of digits is not called "not valid JSON", nor is a
    body in another encoding than UTF-8; the ``errors`` entry names ``body`` once, without repeating it."""
    r = Client().post("/api/v1/check", raw, content_type="application/json")
    assert r.status_code == 422
    assert r.json() == {"detail": f"body: {problem}", "field": "body", "errors": [{"field": "body", "msg": problem}]}


@pytest.mark.parametrize("query", ["jurisdiction=", "jurisdiction", "jurisdiction=%20"])
def test_a_parameter_given_empty_is_refused_not_read_as_absent(query):
    """``?jurisdiction=`` is not "every jurisdiction": 422 naming it."""
    r = Client().get(f"/api/v1/rules?{query}")
    assert r.status_code == 422
    assert r.json()["errors"] == [{"field": "jurisdiction", "msg": "is empty; give a value or leave the parameter out"}]


def test_a_parameter_without_a_name_is_named_so():
    r = Client().get("/api/v1/rules?=x")
    assert r.status_code == 422 and r.json()["field"] == "(a parameter without a name)"


# --- names and values not UTF-8 (interpretation W-11, as the pages) ----------------------------------------------

NOT_UTF8_NAME = ("is the name of a query parameter in bytes that are not UTF-8 text (shown as the address writes "
                 "them); write the name in UTF-8; allowed: jurisdiction")


@pytest.mark.parametrize(("query", "field"), [("%FF=1", "%FF"), ("jurisdi%E7tion=carmel-ny", "jurisdi%E7tion"),
                                              ("%C3=1", "%C3")])
def test_a_name_not_utf8_is_named_as_the_address_writes_it(query, field):
    """``GET /rules?%FF=1`` named the field "\ufffd" (what Django read in its place): it is named ``%FF``, as
    written, the way the pages name it (W-11)."""
    r = Client().get(f"/api/v1/rules?{query}")
    assert r.status_code == 422
    assert r.json() == {"detail": f"{field}: {NOT_UTF8_NAME}", "field": field,
                        "errors": [{"field": field, "msg": NOT_UTF8_NAME}]}
    assert "\ufffd" not in r.content.decode()


def test_a_name_sent_unencoded_not_utf8_is_named_percent_encoded():
    """"café" sent unencoded in Latin-1 (Django then reads the whole query as Latin-1): named ``caf%E9``."""
    r = Client().get("/api/v1/rules", QUERY_STRING="caf\xe9=1&jurisdiction=carmel-ny")
    assert r.status_code == 422 and r.json()["field"] == "caf%E9"
    assert [e["field"] for e in r.json()["errors"]] == ["caf%E9"]


def test_two_names_not_utf8_are_two_errors_with_the_other_refusals():
    """Django read ``%FF`` and ``%FE`` both as "\ufffd", one name: each is listed, with a name the path does
    not take, each once."""
    r = Client().get("/api/v1/rules?jurisdiction=carmel-ny&%FF=1&%FE=2&x=1&%FF=3")
    assert r.status_code == 422
    assert [e["field"] for e in r.json()["errors"]] == ["%FF", "%FE", "x"]


def test_a_path_without_parameters_says_so_of_a_name_not_utf8():
    r = Client().get("/api/v1/jurisdictions?%FF=1")
    assert r.status_code == 422
    assert r.json()["errors"][0]["msg"].endswith("; GET /api/v1/jurisdictions takes no query parameter")


@pytest.mark.parametrize(("url", "field"), [("/api/v1/rules?jurisdiction=%FF", "jurisdiction"),
                                            ("/api/v1/parameters?as_of=2026-07-0%FF", "as_of")])
def test_a_value_not_utf8_is_refused_naming_its_parameter_not_read(url, field):
    """``?jurisdiction=%FF`` was answered "unknown jurisdiction '\ufffd'", text nobody wrote: refused naming the
    parameter and what the address wrote."""
    r = Client().get(url)
    assert r.status_code == 422 and r.json()["field"] == field
    written = url.partition("=")[2]
    assert r.json()["errors"] == [{"field": field, "msg": f"is given a value in bytes that are not UTF-8 text "
                                                          f"('{written}' in the address); write the value in UTF-8"}]


def test_check_with_a_name_not_utf8_determines_nothing():
    r = Client().post("/api/v1/check?%FF=2026-07-01", _case(), content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "%FF"


@pytest.mark.parametrize(("query", "status", "field"), [
    ("caf%C3%A9=1", 422, "café"),  # a name in UTF-8 the path does not take: named as read
    ("jurisdiction=carmel-ny", 200, None),
    ("jurisdiction=caf%C3%A9", 422, "jurisdiction"),  # a value in UTF-8: read, and told it is no jurisdiction
])
def test_a_name_or_value_in_utf8_is_read(query, status, field):
    r = Client().get(f"/api/v1/rules?{query}")
    assert r.status_code == status and "not UTF-8" not in r.content.decode()
    if field is not None:
        assert r.json()["field"] == field


def test_the_api_and_the_pages_name_a_name_not_utf8_alike(hearing_app):
    """W-11: the hearings page (no token) and the API's hearings name ``?%FF=1`` the same way: ``%FF``."""
    page = Client().get("/hearings/?%FF=1")
    api_r = Client().get("/api/v1/towns/carmel-ny/hearings?%FF=1")
    assert page.status_code == api_r.status_code == 422
    import html

    assert "('%FF')" in html.unescape(page.content.decode()) and api_r.json()["field"] == "%FF"


def test_a_required_query_parameter_not_given_is_said_to_be_one_of_the_query_string(mu, hall):
    """``DELETE …/spaces/{space}`` without ``?reason=``: told where the reason goes, not "is required" alone; given
    there, it is read."""
    from tests.api.conftest import api_client

    from publicassembly.venues import services as vs

    space = hall.spaces.first() or vs.add_space(mu["building_inspector"], hall, name="Hall", kind="room",
                                                use_group="assembly_without_fixed_seats", area=1500)
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces/{space.pk}"
    c = api_client(mu["building_inspector"])
    r = c.delete(url)
    assert r.status_code == 422 and r.json()["field"] == "reason"
    assert r.json()["errors"] == [{"field": "reason", "msg": "is required; give it in the query string "
                                                             "(?reason=...): it is a query parameter"}]
    assert c.delete(url + "?reason=demolished").status_code == 204
