"""Saving the guided petition form over a draft keeps the facts the form does not ask, and (now that it asks every
fact of the applicant's) gives back every fact it shows.

A new-user trial gave a complete petition through the API (the county fair of the examples: the sponsor, the
site map, facilities, parking and fire plans, the conditions of ¶ C(1)-(10), a second property), then changed
only the assembly's name on the edit page: "Saved." — and every fact the form does not ask was gone (the
determination's missing items went from 6 to 25, the sponsor on which the exemptions turn was dropped). The form
replaces what it asks and keeps the rest (`merge_facts`). A second new-user trial found that the form asked too
little for a petition to be completed on the web at all: it now asks those facts too, so they are shown on the
edit page and saved again as they were."""

from __future__ import annotations

import pytest
from tests.web.conftest import client_for, fair_facts, petition_post

from publicassembly.permits import services as sv
from publicassembly.web.forms.application import merge_facts

pytestmark = pytest.mark.django_db


def test_saving_the_form_keeps_what_it_does_not_ask(carmel, cu):
    facts = fair_facts()
    facts["properties"].append({"address": "2 Side Road, Carmel", "record_owner": "B. Owner",
                                "applicant_interest": "tenant"})
    app = sv.create_draft(cu["applicant"], carmel, facts)
    before = dict(app.facts)
    missing_before = set(sv.determination(app).missing)
    r = client_for(cu["applicant"]).post(f"/carmel-ny/applications/{app.pk}/edit/",
                                         {**petition_post(app.facts), "name": "Putnam County Fair 2027",
                                          "expected_version": app.version})
    assert r.status_code == 302, r.content.decode()[:2000]
    app.refresh_from_db()
    after = app.facts
    assert after["name"] == "Putnam County Fair 2027"
    assert after["sponsor"] == before["sponsor"]
    assert after["conditions"] == before["conditions"]
    assert len(after["properties"]) == 2 and after["properties"][1]["address"] == "2 Side Road, Carmel"
    for item in ("site_map", "facilities_plan", "parking_plan"):
        assert after["petition"][item] == before["petition"][item]
    assert after["petition"]["fire_protection"]["plan"] == before["petition"]["fire_protection"]["plan"]
    assert after["petition"]["security"]["duties"] == before["petition"]["security"]["duties"]
    assert set(sv.determination(app).missing) == missing_before
    assert {k: v for k, v in after.items() if k not in ("name", "within_town")} == {
        k: v for k, v in before.items() if k != "name"}


def test_an_answer_the_form_asks_still_replaces_or_removes_the_fact():
    stored = {"name": "Old", "admission_fee": "10.00", "sponsor": {"name": "S", "kind": "corporation"},
              "applicant": {"name": "A", "is_corporation": True, "directors_and_officers": [{"name": "D"}]},
              "properties": [{"address": "1 Main", "record_owner": "O"}, {"address": "2 Side"}],
              "petition": {"food": {"intended": True, "refuse_disposal": "bins", "scale_drawing": {"title": "F"}},
                           "site_map": {"title": "Survey"}, "duration": "two days"}}
    answers = {"name": "New", "applicant": {"name": "A", "is_corporation": False},
               "properties": [{"address": "1 Main"}],
               "petition": {"on_town_form": True, "food": {"intended": False}}}
    out = merge_facts(stored, answers)
    assert out["name"] == "New" and "admission_fee" not in out          # emptied on the form: removed
    assert "directors_and_officers" not in out["applicant"]              # no longer a corporation
    assert out["properties"] == [{"address": "1 Main"}]                  # the form lists every property
    assert out["petition"]["food"] == {"intended": False}                # no food: no drawing of it
    assert "duration" not in out["petition"] and "site_map" not in out["petition"]
    assert "sponsor" not in out                                          # every part emptied: removed
    assert stored["name"] == "Old"                                       # the stored facts are not changed


def test_a_fact_the_form_does_not_ask_is_kept_where_it_lies():
    """A fact outside what the form asks (none of today's facts of the applicant's, see test_petition_web; a fact
    a later version of the law core adds) is kept by saving the form, and so is an unasked key of a property."""
    stored = {"name": "Old", "petition": {"food": {"intended": True, "later_fact": 1}, "later_item": "x"},
              "properties": [{"address": "1 Main", "later_key": "k"}], "later": {"a": 1}}
    answers = {"name": "New", "properties": [{"address": "1 Main Street"}],
               "petition": {"on_town_form": True, "food": {"intended": False}}}
    out = merge_facts(stored, answers)
    assert out["petition"]["food"] == {"intended": False, "later_fact": 1}
    assert out["petition"]["later_item"] == "x" and out["later"] == {"a": 1}
    assert out["properties"] == [{"address": "1 Main Street", "later_key": "k"}]
