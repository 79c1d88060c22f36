"""Changing an application's facts through the API (interpretation W-34). A new-user trial read docs/api.md's
"change a draft's facts" and sent ``PUT …/applications/{id} {"facts": {"max_persons_at_one_time": 600}}``: the
full draft was replaced by that one fact, without a word. PUT stays what it is — a replacement of every fact, as
when the draft was started — and now says so: in docs/api.md, its schema and its answer, whose
``facts_removed`` lists every fact the replacement removed. ``PATCH`` changes some facts only (a JSON Merge Patch
of the facts, RFC 7396). Both take a draft and a petition returned as incomplete (saved, not sent back)."""

from __future__ import annotations

import json

import pytest
from tests.api.conftest import fair_facts

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


def url(app) -> str:
    return f"/api/v1/towns/carmel-ny/applications/{app.pk}"


def put(client, app, body):
    return client.put(url(app), json.dumps(body), content_type="application/json")


def patch(client, app, body, content_type="application/merge-patch+json"):
    return client.patch(url(app), json.dumps(body), content_type=content_type)


def test_the_trials_put_replaces_every_fact_and_says_which_it_removed_w34(api, cu, draft_app):
    before = set(draft_app.facts)
    r = put(api(cu["applicant"]), draft_app, {"facts": {"max_persons_at_one_time": 600}})
    assert r.status_code == 200, r.content
    body = r.json()
    assert body["facts"] == {"max_persons_at_one_time": 600}
    assert set(body["facts_removed"]) == before - {"max_persons_at_one_time"}
    assert "applicant" in body["facts_removed"] and "dates" in body["facts_removed"]
    draft_app.refresh_from_db()
    assert draft_app.facts == {"max_persons_at_one_time": 600}


def test_a_put_of_every_fact_removes_none_w34(api, cu, draft_app):
    r = put(api(cu["applicant"]), draft_app, {"facts": {**fair_facts(), "name": "Putnam County Fair 2026"}})
    assert r.status_code == 200 and r.json()["facts_removed"] == [], r.content
    facts = fair_facts()
    del facts["dates"]["daily_hours"]
    facts["properties"].append({"address": "2 Fair Street, Carmel", "record_owner": "Evan Neighbor"})
    r = put(api(cu["applicant"]), draft_app, {"facts": facts})
    assert r.json()["facts_removed"] == ["dates.daily_hours"], r.json()["facts_removed"]
    r = put(api(cu["applicant"]), draft_app, {"facts": fair_facts()})
    assert r.json()["facts_removed"] == ["properties[1]"], r.json()["facts_removed"]


def test_a_patch_changes_the_facts_it_names_and_keeps_the_others_w34(api, cu, draft_app):
    stored = dict(draft_app.facts)
    r = patch(api(cu["applicant"]), draft_app, {"facts": {"max_persons_at_one_time": 600}})
    assert r.status_code == 200, r.content
    assert r.json()["facts"] == {**stored, "max_persons_at_one_time": 600}
    assert r.json()["facts_removed"] == []
    draft_app.refresh_from_db()
    assert draft_app.facts["applicant"] == stored["applicant"] and draft_app.facts["max_persons_at_one_time"] == 600


def test_a_patch_merges_objects_and_removes_a_fact_given_null_w34(api, cu, draft_app):
    first = draft_app.facts["dates"]["first_day"]
    r = patch(api(cu["applicant"]), draft_app,
              {"facts": {"dates": {"daily_hours": None, "last_day": first}, "purpose": None}},
              content_type="application/json")
    assert r.status_code == 200, r.content
    facts = r.json()["facts"]
    assert facts["dates"] == {"first_day": first, "last_day": first} and "purpose" not in facts
    assert r.json()["facts_removed"] == ["dates.daily_hours", "purpose"]  # (by name: PostgreSQL keeps no order)


def test_a_patch_is_checked_whole_and_stores_nothing_when_refused_w34(api, cu, draft_app):
    version = draft_app.version
    r = patch(api(cu["applicant"]), draft_app,
              {"facts": {"max_persons_at_one_time": "many", "dates": {"last_day": "2026-02-30"}}})
    assert r.status_code == 422, r.content
    assert {e["field"] for e in r.json()["errors"]} == {"facts.max_persons_at_one_time", "facts.dates.last_day"}
    draft_app.refresh_from_db()
    assert draft_app.version == version and draft_app.facts["max_persons_at_one_time"] == 4000


def test_put_and_patch_take_a_returned_petition_and_refuse_a_submitted_one_w34(api, cu, draft_app):
    client = api(cu["applicant"])
    sv.submit(cu["applicant"], draft_app, verification_statement="Sworn before a notary.")
    r = patch(client, draft_app, {"facts": {"max_persons_at_one_time": 600}})
    assert r.status_code == 409, r.content
    assert "allowed only while it is draft, incomplete" in r.json()["detail"]
    draft_app.refresh_from_db()
    sv.mark_incomplete(cu["town_clerk"], draft_app, missing_items=["a better map"])
    r = patch(client, draft_app, {"facts": {"max_persons_at_one_time": 600}})
    assert r.status_code == 200 and r.json()["state"] == "incomplete", r.content
    r = patch(api(cu["town_clerk"]), draft_app, {"facts": {"max_persons_at_one_time": 700}})
    assert r.status_code == 403


def test_the_schema_says_put_replaces_every_fact_and_offers_patch_w34(client):
    schema = client.get("/api/openapi.json").json()
    path = schema["paths"]["/api/v1/towns/{town}/applications/{id}"]
    assert set(path) >= {"get", "put", "patch"}
    assert "REPLACE" in path["put"]["description"] and "415" in path["patch"]["responses"]
    assert "Merge Patch" in path["patch"]["summary"]
