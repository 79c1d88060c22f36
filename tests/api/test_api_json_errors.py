"""Every error under /api/ is the documented JSON shape ``{"detail", "field", "errors"}`` (docs/api.md), also
the ones Django answers itself: an unknown path (404), a method the path does not take (405), a body over
DATA_UPLOAD_MAX_MEMORY_SIZE (413 naming ``body``). The web pages keep their HTML errors. And the query's
``as_of`` of /check and /parameters takes the dates a case takes (1778-2099, interpretation G-2)."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import Client

EVENT = {"jurisdiction": "carmel-ny", "subject": "event", "max_persons_at_one_time": 501}


def _json_error(r, status: int, field: str | None = None) -> dict:
    assert r.status_code == status, (r.status_code, r.content[:200])
    assert r["Content-Type"].startswith("application/json"), r["Content-Type"]
    out = r.json()
    assert set(out) >= {"detail", "field", "errors"} and out["detail"], out
    assert out["field"] == field, out
    return out


@pytest.mark.parametrize("path", ["/api/v1/towns/mount-pleasant-ny/inspections/5", "/api/v1/nothing",
                                  "/api/v2/check", "/api/"])
def test_unknown_api_path_is_a_json_404(db, path):
    out = _json_error(Client().get(path), 404)
    assert path in out["detail"] and "/api/docs" in out["detail"]


def test_unknown_web_page_keeps_the_html_404(db):
    r = Client().get("/no-such-page/")
    assert r.status_code == 404 and r["Content-Type"].startswith("text/html")


def test_method_not_allowed_is_a_json_405_listing_the_allowed(db):
    r = Client().put("/api/v1/check", data="{}", content_type="application/json")
    out = _json_error(r, 405)
    assert "PUT" in out["detail"] and "POST" in out["detail"] and r["Allow"] == "POST"


def test_body_over_the_limit_is_a_json_413_naming_body(db):
    """A body one byte over DATA_UPLOAD_MAX_MEMORY_SIZE (2 MiB) is refused with 413, naming the limit."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    pad = "a" * (limit + 1 - len(json.dumps({**EVENT, "note": ""})))
    data = json.dumps({**EVENT, "note": pad})
    assert len(data) == limit + 1
    out = _json_error(Client().post("/api/v1/check", data=data, content_type="application/json"), 413, "body")
    assert f"{limit:,} bytes" in out["detail"]
    assert out["detail"].startswith("body: is larger") and out["errors"][0]["msg"].startswith("is larger")
    assert "/documents" in out["detail"] and "attachments" not in out["detail"]


def test_every_error_of_a_case_is_listed(db):
    """"(and 1 more error)" in the detail, and both errors in the list, each naming its field."""
    r = Client().post("/api/v1/check", data=json.dumps({"jurisdiction": "mount-pleasant-ny", "subject": "venue",
                                                        "as_of": "2026-07-01", "spaces": "x", "attendance": -1}),
                      content_type="application/json")
    out = _json_error(r, 422, "spaces")
    assert "(and 1 more error)" in out["detail"]
    assert len(out["errors"]) == 2 and {e["field"] for e in out["errors"]} == {"spaces", "attendance"}
    assert all("more error" not in e["msg"] for e in out["errors"])


def test_body_at_the_limit_is_read(db):
    """A body of exactly DATA_UPLOAD_MAX_MEMORY_SIZE bytes is read (the note is then refused as an unknown or
    too long fact, 422 — not 413)."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    pad = "a" * (limit - len(json.dumps({**EVENT, "note": ""})))
    data = json.dumps({**EVENT, "note": pad})
    assert len(data) == limit
    r = Client().post("/api/v1/check", data=data, content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] != "body"


@pytest.mark.parametrize("value", ["9999-12-31", "2100-01-01", "1777-12-31"])
def test_check_as_of_outside_the_known_years_is_422_naming_as_of(db, value):
    """G-2: the query's as_of is refused like an as_of in the case (1778-01-01 to 2099-12-31)."""
    r = Client().post(f"/api/v1/check?as_of={value}", data=json.dumps(EVENT), content_type="application/json")
    out = _json_error(r, 422, "as_of")
    assert "1778-01-01 to 2099-12-31" in out["detail"] and value in out["detail"]


def test_check_as_of_on_the_last_known_day_is_determined(db):
    """G-2: 2099-12-31 is inside; Carmel ch. 31 ¶ A: 501 persons at one time need a permit."""
    r = Client().post("/api/v1/check?as_of=2099-12-31", data=json.dumps(EVENT), content_type="application/json")
    assert r.status_code == 200 and r.json()["as_of"] == "2099-12-31"


def test_parameters_as_of_outside_the_known_years_is_422_naming_as_of(db):
    _json_error(Client().get("/api/v1/parameters", {"as_of": "2100-01-01"}), 422, "as_of")


@pytest.mark.parametrize("body", ["[1]", "5", '"x"', "null", "true"])
def test_a_body_that_is_not_an_object_is_told_so_on_every_endpoint(db, body):
    """An array, a number, text or null sent where an endpoint's JSON object belongs is "must be a JSON object",
    as ``POST /check`` says it — not pydantic's "Input should be a valid dictionary or object to extract fields
    from" (a new-user trial)."""
    from publicassembly.api.errors import NOT_AN_OBJECT

    for path in ("/api/v1/auth/token", "/api/v1/check"):
        out = _json_error(Client().post(path, body, content_type="application/json"), 422, "body")
        assert out["detail"] == f"body: {NOT_AN_OBJECT}", (path, out)
