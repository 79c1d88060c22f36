"""§ 164-9: the deficiency an inspection records for a room's wrong occupancy sign says only what is wrong with
it — the number it states, not the room's lawful occupancy; its form, not the prescribed one; or both — as the
law core's sign finding says it (a new-user trial: a sign of the prescribed form stating 81 was recorded as
"states 81 (lawful occupancy 80) or is not of the prescribed form"). The Cocktail room of Kensico Manor holds 80
persons (1,200 sq ft, 15 per person); the API's inspection shows the same detail."""

from __future__ import annotations

import pytest
from tests.api.conftest import api_client

from publicassembly.venues import services as vs

SIGN = "mount-pleasant/164-9/sign"
NUMBER = "The sign in Cocktail room states {states}, not its lawful occupancy 80 (§ 164-9)."
FORM = "The sign in Cocktail room is not red on white in bold letters 1 inch high and 3/8 inch wide (§ 164-9)."
BOTH = ("The sign in Cocktail room states {states}, not its lawful occupancy 80; the sign in Cocktail room is not "
        "red on white in bold letters 1 inch high and 3/8 inch wide (§ 164-9).")


def _signs_found(bi, hall, day, **cocktail):
    insp = vs.schedule_inspection(bi, hall, scheduled_for=day)
    vs.record_inspection(bi, insp, done_on=day, signs={
        "Ballroom": {"posted": True, "states": 310, "conforms_to_specification": True},
        "Cocktail room": cocktail,
        "Terrace": {"posted": True, "states": 150, "conforms_to_specification": True}})
    return insp, [(d.kind, d.space_name, d.detail) for d in insp.deficiencies.filter(rule_id=SIGN)]


@pytest.mark.django_db
@pytest.mark.parametrize("states, conforms, detail", [
    (79, True, NUMBER), (80, True, None), (81, True, NUMBER),
    (79, False, BOTH), (80, False, FORM), (81, False, BOTH),
    (79, None, NUMBER), (80, None, None), (81, None, NUMBER),
    (None, False, FORM), (None, True, None),
], ids=lambda v: {NUMBER: "number", FORM: "form", BOTH: "both"}.get(v, str(v)) if isinstance(v, str) else str(v))
def test_the_wrong_signs_detail_names_each_failing_condition_only(bi, hall, day, states, conforms, detail):
    _, found = _signs_found(bi, hall, day, posted=True, states=states, conforms_to_specification=conforms)
    if detail is None:
        assert found == []
    else:
        assert found == [("wrong_sign", "Cocktail room", detail.format(states=states))]
        assert "or is not" not in found[0][2]


@pytest.mark.django_db
def test_no_sign_posted_is_a_missing_sign_not_a_wrong_one(bi, hall, day):
    _, found = _signs_found(bi, hall, day, posted=False)
    assert found == [("missing_sign", "Cocktail room", "No occupancy sign is posted in Cocktail room.")]


@pytest.mark.django_db
def test_a_sign_found_wrong_whose_posting_is_not_stated_is_recorded_wrong_m24(bi, hall, day):
    """M-24: a sign whose number or form was found wrong is a wrong sign though its posting was left unstated (the
    inspector saw it); the finding says so too, and another room's wrong sign is recorded beside it."""
    insp = vs.schedule_inspection(bi, hall, scheduled_for=day)
    vs.record_inspection(bi, insp, done_on=day, signs={
        "Ballroom": {"posted": True, "states": 311, "conforms_to_specification": True},
        "Cocktail room": {"states": 81, "conforms_to_specification": False},
        "Terrace": {"posted": True, "states": 150, "conforms_to_specification": True}})
    found = [(d.kind, d.space_name, d.detail) for d in insp.deficiencies.filter(rule_id=SIGN)]
    assert found == [("wrong_sign", "Ballroom",
                      "The sign in Ballroom states 311, not its lawful occupancy 310 (§ 164-9)."),
                     ("wrong_sign", "Cocktail room",
                      "The sign in Cocktail room states 81, not its lawful occupancy 80; " + FORM[0].lower() + FORM[1:])]
    (finding,) = [f for f in insp.determination["findings"] if f["rule"] == SIGN]
    assert "Cocktail room states 81" in finding["reason"]


@pytest.mark.django_db
def test_a_sign_whose_posting_is_not_stated_and_nothing_found_wrong_is_no_deficiency(bi, hall, day):
    insp = vs.schedule_inspection(bi, hall, scheduled_for=day)
    vs.record_inspection(bi, insp, done_on=day, signs={
        "Ballroom": {"posted": True, "states": 310, "conforms_to_specification": True},
        "Cocktail room": {"states": 80, "conforms_to_specification": True},
        "Terrace": {"posted": True, "states": 150, "conforms_to_specification": True}})
    assert not insp.deficiencies.filter(rule_id=SIGN).exists()


@pytest.mark.django_db
def test_the_api_lists_the_same_detail(bi, hall, day):
    insp, found = _signs_found(bi, hall, day, posted=True, states=80, conforms_to_specification=False)
    r = api_client(bi).get("/api/v1/towns/mount-pleasant-ny/inspections")
    assert r.status_code == 200, r.content
    (listed,) = [i for i in r.json() if i["id"] == insp.pk]
    assert [d["detail"] for d in listed["deficiencies"] if d["kind"] == "wrong_sign"] == [FORM] == [found[0][2]]
