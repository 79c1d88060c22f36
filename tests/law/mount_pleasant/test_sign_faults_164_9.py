"""§ 164-9: the sign finding says only what is wrong with a room's sign, each failing condition once — no sign
posted; a number other than the room's lawful occupancy; not of the prescribed form — and nothing of a condition
met or not stated (a new-user trial: a sign of the prescribed form stating the wrong number was recorded as
"states N (lawful occupancy L) or is not of the prescribed form"). `sign_faults` is the one wording of it, for the
finding and for the deficiencies the inspection records. The hall holds 200 persons (3,000 sq ft, 15 per person)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from publicassembly.law.core import Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import JURISDICTION
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.signs import FORM_WORDS, inches, sign_faults

SIGN = "mount-pleasant/164-9/sign"
HALL = [{"name": "Hall", "use_group": "dance_hall_lodge_room", "area": 3000}]  # 200 persons
NUMBER = "the sign in Hall states {states}, not its lawful occupancy 200"
FORM = "the sign in Hall is not red on white in bold letters 1 inch high and 3/8 inch wide"
VALUES = JURISDICTION.parameters.at(date(2026, 12, 2))


def _room(**sign):
    return {"room": "Hall", "lawful_occupancy": 200, "posted": True, "states": 200, "conforms_to_specification": True,
            **sign}


@pytest.mark.parametrize("states, conforms, faults", [
    (199, True, [NUMBER]), (200, True, []), (201, True, [NUMBER]),
    (199, False, [NUMBER, FORM]), (200, False, [FORM]), (201, False, [NUMBER, FORM]),
    (199, None, [NUMBER]), (200, None, []), (201, None, [NUMBER]),
    (None, False, [FORM]), (None, True, []), (None, None, []),
])
def test_each_failing_condition_and_only_those_at_the_lawful_occupancy_200(determine, states, conforms, faults):
    expected = [f.format(states=states) for f in faults]
    assert sign_faults(_room(states=states, conforms_to_specification=conforms), VALUES) == expected
    d = determine(commercial=True, spaces=HALL, inspection={"signs": [
        {"room": "Hall", "posted": True, "states": states, "conforms_to_specification": conforms}]})
    finding = d.finding(SIGN)
    if expected:
        assert finding.status is Status.NOT_MET
        assert finding.reason == f"Occupancy signs: {'; '.join(expected)}."
        assert ("prescribed form" in finding.reason or "red on white" in finding.reason) is (FORM in faults)
        assert ("not its lawful occupancy" in finding.reason) is (NUMBER in faults)
    else:
        assert finding.status is (Status.MET if None not in (states, conforms) else Status.MISSING)


def test_no_sign_posted_is_the_one_fault_whatever_else_is_recorded():
    assert sign_faults(_room(posted=False, states=150, conforms_to_specification=False), VALUES) == [
        "no sign is posted in Hall"]


def test_the_lawful_occupancy_not_known_is_no_fault_of_the_number():
    """(the finding lists it as missing: nothing is said wrong that was not found wrong)"""
    assert sign_faults(_room(lawful_occupancy=None, states=150), VALUES) == []
    assert sign_faults(_room(posted=None, states=None, conforms_to_specification=None), VALUES) == []


def test_a_sign_found_wrong_whose_posting_is_not_stated_is_told_wrong_m24(determine):
    """M-24: the inspector who records the number a sign states, or that its form is wrong, saw a sign: the fault
    is told (and the posting listed missing by the finding's values), not dropped for the posting not stated."""
    assert sign_faults(_room(posted=None, states=150, conforms_to_specification=False), VALUES) == [
        "the sign in Hall states 150, not its lawful occupancy 200", FORM]
    assert sign_faults(_room(posted=None, states=200, conforms_to_specification=True), VALUES) == []
    d = determine(commercial=True, spaces=HALL, inspection={"signs": [
        {"room": "Hall", "posted": None, "states": 201, "conforms_to_specification": True}]})
    assert d.finding(SIGN).status is Status.NOT_MET
    assert d.finding(SIGN).reason == "Occupancy signs: the sign in Hall states 201, not its lawful occupancy 200."


@pytest.mark.parametrize("value, said", [(1, "1"), ("0.375", "3/8"), ("1.5", "3/2"), ("0.5", "1/2"), (2, "2")])
def test_inches_as_the_chapter_writes_them(value, said):
    assert inches(Decimal(str(value))) == said


def test_the_form_is_told_in_the_parameters_in_force_164_9():
    """The letters' sizes in the finding are the parameters' (1 inch high, 3/8 inch wide); the form's words are
    the parameters' too (a change of them must change the message)."""
    assert (inches(VALUES["signs.letter_height_in"]), inches(VALUES["signs.letter_width_in"])) == ("1", "3/8")
    assert {name: VALUES[name] for name in FORM_WORDS} == FORM_WORDS
    wider = JURISDICTION.parameters.with_values("signs.letter_width_in", {date(1976, 2, 24): Decimal("0.5")}).at(
        date(2026, 12, 2))
    assert sign_faults(_room(conforms_to_specification=False), wider) == [
        "the sign in Hall is not red on white in bold letters 1 inch high and 1/2 inch wide"]
