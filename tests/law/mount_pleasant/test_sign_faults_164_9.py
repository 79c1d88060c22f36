"""§ 164-9: the sign finding says only what is wrong with a room's sign, each failing condition once — no sign
posted; a number other than the room's lawful occupancy; not of the prescribed form — and nothing of a condition
met or not stated (a new-user trial: a sign of the prescribed form stating the wrong number was recorded as
"states N (lawful occupancy L) or is not of the prescribed form"). `sign_faults` is the one wording of it, for the
finding and for the deficiencies the inspection records. The hall holds 200 persons (3,000 sq ft, 15 per person)."""

from __future__ import annotations

import pytest

from publicassembly.law.core import Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.signs import sign_faults

SIGN = "mount-pleasant/164-9/sign"
HALL = [{"name": "Hall", "use_group": "dance_hall_lodge_room", "area": 3000}]  # 200 persons
NUMBER = "the sign in Hall states {states}, not its lawful occupancy 200"
FORM = "the sign in Hall is not red on white in bold letters 1 inch by 3/8 inch"


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
    assert sign_faults(_room(states=states, conforms_to_specification=conforms)) == expected
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
    assert sign_faults(_room(posted=False, states=150, conforms_to_specification=False)) == [
        "no sign is posted in Hall"]


def test_posting_not_stated_or_the_lawful_occupancy_not_known_is_no_fault():
    """(the finding lists them as missing: nothing is said wrong that was not found wrong)"""
    assert sign_faults(_room(posted=None, states=150, conforms_to_specification=False)) == []
    assert sign_faults(_room(lawful_occupancy=None, states=150)) == []
