"""The API's refusals stay readable and bounded: schema errors in the project's words naming the field (not the
validation library's), the whole body named ``body``, and at most `MAX_ERRORS` errors listed however many the
body has (a body of 150 unknown fields gets 101 entries, not one per key)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from publicassembly.api.errors import MAX_ERRORS

pytestmark = pytest.mark.django_db


def _check(raw: str):
    return Client().post("/api/v1/check", raw, content_type="application/json")


def test_a_body_that_is_not_an_object_is_refused_naming_the_body():
    r = _check("[1, 2]")
    assert r.status_code == 422
    assert r.json()["field"] == "body" and r.json()["detail"] == "body: must be a JSON object (field names and their values)"


def test_an_empty_body_is_refused_naming_the_body():
    r = _check("")
    assert r.status_code == 422 and r.json()["field"] == "body", r.json()


@pytest.mark.parametrize("unknown", [MAX_ERRORS - 1, MAX_ERRORS + 50])
def test_errors_are_listed_up_to_the_limit_then_counted(unknown):
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-07-01",
            **{f"unknown_{i}": 1 for i in range(unknown)}}
    r = _check(json.dumps(case))
    assert r.status_code == 422
    errors = r.json()["errors"]
    if unknown <= MAX_ERRORS:
        assert len(errors) == unknown and all(e["field"].startswith("unknown_") for e in errors)
    else:
        assert len(errors) == MAX_ERRORS + 1
        assert errors[-1] == {"field": None, "msg": "and 50 more errors not listed: correct these and send it again"}


def test_an_unknown_path_answers_the_same_json_in_english():
    """Django's own 404 under /api/ becomes the API's JSON, compact like every answer, and says its language."""
    r = Client().get("/api/v1/no-such-thing", HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 404 and r["Content-Type"] == "application/json"
    assert r["Content-Language"] == "en"
    assert r.content.startswith(b'{"detail":"no such API path: GET /api/v1/no-such-thing')


def test_a_bound_is_said_in_the_projects_words_section_164_5(api, mu, hall):
    """§ 164-5 stop order: persons present is a count (at least 0); a moment must carry its UTC offset."""
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/stop-orders"
    body = {"performance": "Saturday dance", "persons_present": -1}
    r = api(mu["enforcement_officer"]).post(url, json.dumps(body), content_type="application/json")
    assert r.status_code == 422 and r.json()["detail"] == "persons_present: must be at least 0"
    r = api(mu["enforcement_officer"]).post(url, json.dumps({**body, "persons_present": 311,
                                                             "ordered_at": "2026-11-28T25:00:00-05:00"}),
                                            content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "ordered_at"
    assert r.json()["errors"][0]["msg"].startswith("must be a moment: ISO 8601 with its UTC offset")


def test_a_record_number_in_the_path_is_named_id(api, cu):
    r = api(cu["town_clerk"]).get("/api/v1/towns/carmel-ny/applications/abc")
    assert r.status_code == 422 and r.json()["detail"] == "id: must be a whole number", r.json()


def test_an_action_without_a_body_names_the_body(api, cu, draft_app):
    # (an empty body: Django's test client would otherwise send an empty multipart form, refused 415, W-17)
    r = api(cu["applicant"]).post(f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}/submit", b"",
                                  content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "body", r.json()


def test_a_validators_sentence_is_given_without_pydantics_prefix(api, cu, hearing_app):
    """Fee (ch. 31): a payment's day is a YYYY-MM-DD string — the validator's sentence as it is, naming the field
    once."""
    r = api(cu["town_clerk"]).post(f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}/fee-payments",
                                   json.dumps({"amount": "100.00", "paid_on": 20261127,
                                               "expected_version": hearing_app.version}),
                                   content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "paid_on"
    msg = r.json()["errors"][0]["msg"]
    assert not msg.startswith("Value error") and not msg.startswith("paid_on:"), msg


@pytest.mark.parametrize("paid_on", ["1764700000", "20261127", "2026-7-4"])
def test_a_day_given_as_a_string_of_digits_is_refused_not_read_as_seconds_since_1970(api, cu, hearing_app, paid_on):
    """Fee (ch. 31): ``"1764700000"`` is ten characters, as ``YYYY-MM-DD`` is, and pydantic reads it as seconds
    since 1970 (2025-12-02); a day is refused unless written YYYY-MM-DD, naming the field, nothing recorded."""
    r = api(cu["town_clerk"]).post(f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}/fee-payments",
                                   json.dumps({"amount": "100.00", "paid_on": paid_on,
                                               "expected_version": hearing_app.version}),
                                   content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "paid_on", r.json()
    assert "YYYY-MM-DD" in r.json()["errors"][0]["msg"]
    assert not hearing_app.fee_payments.exists()


def test_a_field_a_body_does_not_have_is_refused_naming_it(api, mu, hall):
    """A misspelt field is refused, 422 naming it, rather than dropped while the request succeeds (here on the
    § 164-5 stop order; every request body of the API is read the same way, api/inputs.BodyIn)."""
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/stop-orders"
    body = {"performance": "Saturday dance", "persons_present": 311, "persons_presnet": 311}
    r = api(mu["enforcement_officer"]).post(url, json.dumps(body), content_type="application/json")
    assert r.status_code == 422, r.json()
    assert r.json()["detail"] == ("persons_presnet: is not a field here; allowed: performance, ordered_at, "
                                  "persons_present, persons_by_space, egress_obstructed, serious_menace, description, complaint, reason, "
                                  "expected_version")


def _bound_keywords(node: object, path: str = "") -> list[str]:
    """Where a schema gives a bound in pydantic's words (ge, le, gt, lt) instead of JSON Schema's."""
    found: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("ge", "le", "gt", "lt") and not path.endswith("/properties"):
                found.append(f"{path}/{key}")
            found += _bound_keywords(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _bound_keywords(value, f"{path}[{i}]")
    return found


def test_the_published_schemas_state_bounds_in_json_schema_words():
    """The OpenAPI document and the case file's JSON Schema give every bound as minimum/maximum (or
    exclusiveMinimum/exclusiveMaximum), which clients and validators read; pydantic writes a bound added after a
    validator as ge/le, which they ignore (expected_version, counts, a space's story, document ids were)."""
    from publicassembly.api.urls import api
    from publicassembly.law import case_schema

    openapi = api.get_openapi_schema()
    assert _bound_keywords(openapi) == []
    assert _bound_keywords(case_schema()) == []
    version = openapi["components"]["schemas"]["Versioned"]["properties"]["expected_version"]["anyOf"][0]
    assert version == {"minimum": 0, "maximum": 2**31 - 1, "type": "integer"}


def test_pydantic_wording_does_not_reach_the_answer(api, cu, mu, draft_app, hall):
    """Errors pydantic words itself are said in the project's words: a time of day out of range (¶ B hearing
    time), a list longer than allowed (the items an incomplete petition lacks), an area that is not a finite
    number (§ 164-7), a bowling alley space without its alleys (§ 164-7: what it needs, not Python's "None")."""
    clerk = api(cu["town_clerk"])
    r = clerk.post(f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}/schedule-hearing",
                   json.dumps({"hearing_on": "2027-03-01", "hearing_time": "25:00", "place": "Town Hall",
                               "notice_published_on": "2027-02-01", "newspaper": "Courier"}),
                   content_type="application/json")
    # (told first; the notice dated in the future is told with it, W-32)
    assert r.status_code == 422 and r.json()["errors"][0] == {
        "field": "hearing_time", "msg": "must be a time of day, HH:MM from 00:00 to 23:59"}, r.json()
    r = clerk.post(f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}/mark-incomplete",
                   json.dumps({"missing_items": ["an item"] * 101}), content_type="application/json")
    assert r.status_code == 422 and r.json()["detail"] == "missing_items: must hold at most 100 items", r.json()
    r = clerk.post(f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}/mark-incomplete",
                   json.dumps({"missing_items": ["an item"] * 100}), content_type="application/json")
    assert r.json().get("field") != "missing_items", r.json()  # 100 items are allowed (whatever else is said)
    inspector = api(mu["building_inspector"])
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces"
    r = inspector.post(url, json.dumps({"name": "Annex", "kind": "room", "use_group": "business", "area": "NaN"}),
                       content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "area", r.json()
    assert "Input should" not in r.json()["detail"], r.json()
    r = inspector.post(url, json.dumps({"name": "Lanes", "kind": "room", "use_group": "bowling_alley",
                                        "area": 4000}), content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "alleys", r.json()
    assert r.json()["detail"] == ("alleys: a bowling alley space needs its number of alleys, 0 or more (§ 164-7)"
                                  ), r.json()  # (not given: neither Python's "None" nor "got null")


def test_a_list_of_hundreds_of_thousands_of_empty_items_is_refused_by_its_length_g4():
    """A 1.5 MB body listing 500,000 empty directors and officers held a worker past gunicorn's timeout (a 500
    page) while each item's missing facts were named (a new-user trial); it is refused at once, naming the list
    and its length (interpretation G-4, `units.MAX_ITEMS`)."""
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-07-01",
            "applicant": {"name": "Fair Corp.", "is_corporation": True, "directors_and_officers": [{}] * 500_000}}
    r = _check(json.dumps(case))
    assert r.status_code == 422
    assert r.json()["field"] == "applicant.directors_and_officers"
    assert r.json()["detail"] == "applicant.directors_and_officers: must hold at most 1,000 items (got 500,000)"
