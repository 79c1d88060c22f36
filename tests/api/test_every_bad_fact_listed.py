"""Filing or amending an application through the API tells every refused fact at once — the Town's own records
given as facts (filing and submission dates, the hearing, the written approvals of ¶ C, the authorizations of
¶ D, the verification) and every fact that breaks the Carmel model — each in ``errors`` naming its field, the
first also in ``detail`` with how many more there are; nothing is written. (It told only the first, so an
applicant fixed one field per request.)"""

from __future__ import annotations

import json

import pytest

from publicassembly.permits.models import PermitApplication
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

URL = "/api/v1/towns/carmel-ny/applications"


def _post(client, data):
    return client.post(URL, json.dumps(data), content_type="application/json")


def test_every_town_record_and_bad_fact_is_named_and_nothing_is_filed(cu, api):
    before = PermitApplication.objects.count()
    facts = {"name": "Fair", "max_persons_at_one_time": -1, "submitted_on": "2026-05-01",
             "conditions": {"toilets": {"description": "40 units", "town_board_approved_on": "2026-05-02"}},
             "properties": [{"address": "1 Main St", "owner_authorization_to_inspect": "2026-05-03"}],
             "jurisdiction": "carmel-ny"}
    r = _post(api(cu["applicant"]), {"facts": facts})
    assert r.status_code == 422
    out = r.json()
    fields = [e["field"] for e in out["errors"]]
    assert fields[:4] == ["facts.jurisdiction", "facts.submitted_on", "facts.conditions.toilets.town_board_approved_on",
                          "facts.properties[0].owner_authorization_to_inspect"]
    assert "facts.max_persons_at_one_time" in fields
    assert fields.count("facts.jurisdiction") == 1  # refused as the Town's, not also as an unknown field
    told = {e["field"]: e["msg"] for e in out["errors"]}
    # (a case file's envelope is no fact; the town is the one filed in: not "recorded by the Town", a trial found)
    assert "the application's town is the one it is filed in" in told["facts.jurisdiction"]
    assert "recorded by the Town through its own step" in told["facts.submitted_on"]
    # (the steps named as the API and the pages name them, not by a function of the code)
    assert "(the application's approvals)" in told["facts.conditions.toilets.town_board_approved_on"]
    assert "(the application's authorizations)" in told["facts.properties[0].owner_authorization_to_inspect"]
    assert "record_" not in " ".join(told.values())
    assert out["field"] == "facts.jurisdiction"
    assert out["detail"].endswith(f"(and {len(fields) - 1} more errors)")
    assert PermitApplication.objects.count() == before


def test_one_bad_fact_is_told_alone(cu, api):
    r = _post(api(cu["applicant"]), {"facts": {"name": "Fair", "max_persons_at_one_time": -1}})
    assert r.status_code == 422
    assert r.json()["errors"] == [{"field": "facts.max_persons_at_one_time",
                                   "msg": "must be at least 0 (got -1)"}]
    assert "more error" not in r.json()["detail"]


def test_of_all_names_the_first_and_counts_the_rest():
    one = ValidationFailed.of_all([("a", "is wrong")])
    assert (one.field, one.detail, one.errors) == ("a", "is wrong", (("a", "is wrong"),))
    two = ValidationFailed.of_all([("a", "is wrong"), ("b", "too")])
    assert (two.field, str(two.detail)) == ("a", "is wrong (and 1 more error)") and len(two.errors) == 2
    three = ValidationFailed.of_all([("a", "x"), ("b", "y"), ("c", "z")])
    assert str(three.detail) == "x (and 2 more errors)"


def test_renamed_renames_every_error_it_knows():
    e = ValidationFailed.of_all([("facts.hearing.held_on", "is wrong"), ("facts.name", "too")])
    r = e.renamed({"facts.hearing.held_on": "hearing_on"})
    assert r.field == "hearing_on" and r.errors[0][0] == "hearing_on" and r.errors[1][0] == "facts.name"
    assert e.renamed({"other": "x"}) is e


def test_a_body_with_several_bad_fields_says_how_many_more(mu, hall, api):
    """A space's change with four bad fields lists all four; the detail names the first and counts the rest,
    as every other refusal of several values does."""
    space = hall.spaces.first()
    r = api(mu["building_inspector"]).patch(
        f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces/{space.pk}",
        json.dumps({"area": -5, "use_group": "disco", "aera": 1, "alleys": -1}), content_type="application/json")
    assert r.status_code == 422
    assert sorted(e["field"] for e in r.json()["errors"]) == ["aera", "alleys", "area", "use_group"]
    assert r.json()["detail"].endswith("(and 3 more errors)")
