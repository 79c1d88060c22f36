"""Changing an application's facts through the API (interpretation W-34: PUT replaces every fact, PATCH is a JSON
Merge Patch of them). A new-user trial found two slips. ``PATCH {"facts": {}}`` moved the version and wrote a
history row of no change: a change that changes nothing now writes nothing — the application is answered as it
is, its version unchanged (its version and state still checked: 409 as any change). ``PUT`` with ``"name": null``
stored a null: the facts' schema documents null as "not stated" (every fact of the assembly may be left out;
none is required to save a draft), which PATCH already reads as "removed" — so a fact given null is now stored as
one left out, by PUT and by POST alike, and PUT's ``facts_removed`` names it when it was stated before."""

from __future__ import annotations

import json

import pytest
from tests.api.conftest import fair_facts

from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication

pytestmark = pytest.mark.django_db


def url(app) -> str:
    return f"/api/v1/towns/carmel-ny/applications/{app.pk}"


def send(client, method: str, app, body):
    return getattr(client, method)(url(app), json.dumps(body), content_type="application/json")


def written(app) -> tuple[int, int]:
    """The application's version and the number of its history rows, as stored."""
    return PermitApplication.objects.get(pk=app.pk).version, app.history.count()


@pytest.mark.parametrize("facts", [{}, {"max_persons_at_one_time": 4000}, {"sponsor": {"established": None}},
                                   {"dates": {}}, {"name": "Putnam County Fair"}])
def test_a_patch_that_changes_nothing_writes_nothing_w34(api, cu, draft_app, facts):
    assert draft_app.facts["max_persons_at_one_time"] == 4000 and "established" not in draft_app.facts["sponsor"]
    before, stored = written(draft_app), dict(draft_app.facts)
    r = send(api(cu["applicant"]), "patch", draft_app, {"facts": facts})
    assert r.status_code == 200, r.content
    assert (r.json()["version"], r.json()["facts"], r.json()["facts_removed"]) == (before[0], stored, [])
    assert written(draft_app) == before
    timeline = api(cu["applicant"]).get(url(draft_app) + "/timeline").json()
    assert [e["why"] for e in timeline] == ["draft application created"]


def test_a_patch_that_changes_a_fact_writes_it_once_w34(api, cu, draft_app):
    """The other side: one fact changed is one new version and one history row."""
    version, rows = written(draft_app)
    r = send(api(cu["applicant"]), "patch", draft_app, {"facts": {"max_persons_at_one_time": 4001}})
    assert r.status_code == 200 and r.json()["version"] == version + 1, r.content
    assert written(draft_app) == (version + 1, rows + 1)


def test_a_patch_of_nothing_still_checks_the_version_and_the_state_w34(api, cu, draft_app):
    client = api(cu["applicant"])
    r = send(client, "patch", draft_app, {"facts": {}, "expected_version": draft_app.version + 1})
    assert r.status_code == 409, r.content
    sv.submit(cu["applicant"], draft_app, verification_statement="Sworn before a notary.")
    before = written(draft_app)
    r = send(client, "patch", draft_app, {"facts": {}})
    assert r.status_code == 409 and "allowed only while it is draft, incomplete" in r.json()["detail"]
    assert written(draft_app) == before


def test_a_put_of_the_facts_as_stored_writes_nothing_w34(api, cu, draft_app):
    before = written(draft_app)
    r = send(api(cu["applicant"]), "put", draft_app, {"facts": fair_facts()})
    assert r.status_code == 200 and r.json()["facts_removed"] == [], r.content
    assert r.json()["version"] == before[0] and written(draft_app) == before


@pytest.mark.parametrize("fact", ["name", "purpose"])
def test_a_put_with_a_fact_given_null_removes_it_and_says_so_w34(api, cu, draft_app, fact):
    version, rows = written(draft_app)
    r = send(api(cu["applicant"]), "put", draft_app, {"facts": {**fair_facts(), fact: None}})
    assert r.status_code == 200, r.content
    assert fact not in r.json()["facts"] and r.json()["facts_removed"] == [fact]
    draft_app.refresh_from_db()
    assert fact not in draft_app.facts and None not in draft_app.facts.values()
    assert written(draft_app) == (version + 1, rows + 1)
    r = send(api(cu["applicant"]), "put", draft_app, {"facts": {**fair_facts(), fact: None}})  # again: no change
    assert r.json()["facts_removed"] == [] and written(draft_app) == (version + 1, rows + 1)


def test_a_put_with_a_fact_within_an_object_given_null_removes_that_fact_w34(api, cu, draft_app):
    facts = fair_facts()
    facts["dates"]["daily_hours"] = None
    r = send(api(cu["applicant"]), "put", draft_app, {"facts": facts})
    assert r.status_code == 200, r.content
    assert r.json()["facts_removed"] == ["dates.daily_hours"] and "daily_hours" not in r.json()["facts"]["dates"]


def test_a_put_with_a_name_keeps_it_w34(api, cu, draft_app):
    """The other side: a name given is kept, and the replacement removes nothing."""
    r = send(api(cu["applicant"]), "put", draft_app, {"facts": {**fair_facts(), "name": "Harvest Fair"}})
    assert r.status_code == 200 and r.json()["facts"]["name"] == "Harvest Fair", r.content
    assert r.json()["facts_removed"] == []


def test_a_draft_started_with_a_fact_given_null_stores_it_as_left_out_w34(api, cu):
    r = api(cu["applicant"]).post("/api/v1/towns/carmel-ny/applications",
                                  json.dumps({"facts": {**fair_facts(), "name": None}}),
                                  content_type="application/json")
    assert r.status_code == 201, r.content
    assert "name" not in r.json()["facts"]
    assert "name" not in PermitApplication.objects.get(pk=r.json()["id"]).facts
