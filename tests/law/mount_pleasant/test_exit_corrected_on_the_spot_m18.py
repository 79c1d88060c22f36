"""An exit deficiency corrected on the spot (§ 164-13) still stops the certificate (interpretation M-18), and the
law core says so only when the standing finding was recorded corrected: ``corrected_on_the_spot`` of a
`StandingExitFault` and the sentence `corrected_on_the_spot_note` adds to its blocker (a new-user trial: the
blocker of the Saw Mill River Dance Hall, its chained exit cleared on the spot, did not say why that was not
enough). The inspections are given last first, as the services order them."""

from __future__ import annotations

import pytest

from publicassembly.law.jurisdictions.us_ny_mount_pleasant.exits import (
    StandingExitFault,
    corrected_on_the_spot_note,
    standing_exit_faults,
)

FIRE = "mount-pleasant/164-2/fire-exits"
BLOCKED = "mount-pleasant/164-10/exits-not-blocked"
ACCESS = "mount-pleasant/164-11/exit-access"
TRIAL = {"exits_blocked": True, "exit_access_clear": False}


def test_the_trial_a_blocked_exit_cleared_on_the_spot_still_stands_marked_corrected_164_10_164_13_m18():
    assert standing_exit_faults([{**TRIAL, "corrected": True}]) == [
        StandingExitFault(BLOCKED, 0, ("exits_blocked",), corrected_on_the_spot=True),
        StandingExitFault(ACCESS, 0, ("exit_access_clear",), corrected_on_the_spot=True),
    ]


@pytest.mark.parametrize("corrected", [False, None, "absent"])
def test_not_corrected_or_not_recorded_is_not_marked_164_13_m18(corrected):
    seen = dict(TRIAL) if corrected == "absent" else {**TRIAL, "corrected": corrected}
    faults = standing_exit_faults([seen])
    assert [f.rule for f in faults] == [BLOCKED, ACCESS]
    assert [f.corrected_on_the_spot for f in faults] == [False, False]
    assert [corrected_on_the_spot_note(f) for f in faults] == [None, None]


def test_a_later_finding_not_corrected_stands_unmarked_though_an_earlier_one_was_corrected_m18():
    """The statement that stands is the later one: its inspection recorded no correction."""
    earlier = {"exits_blocked": True, "corrected": True}
    later = {"exits_blocked": True, "corrected": False}
    assert standing_exit_faults([later, earlier]) == [StandingExitFault(BLOCKED, 0, ("exits_blocked",))]
    # and the other way round: the later one corrected on the spot is marked
    assert standing_exit_faults([earlier, later]) == [
        StandingExitFault(BLOCKED, 0, ("exits_blocked",), corrected_on_the_spot=True)]


def test_a_correction_at_a_later_inspection_that_stated_nothing_of_the_exits_marks_nothing_m22():
    """(an inspection that leaves the exits unstated found none of them: its correction was of something else)"""
    assert standing_exit_faults([{"corrected": True, "persons_present": 90}, {"exits_blocked": True}]) == [
        StandingExitFault(BLOCKED, 1, ("exits_blocked",))]


def test_a_corrected_finding_lifted_by_a_later_inspection_is_gone_m18():
    assert standing_exit_faults([{"exits_blocked": False, "exit_access_clear": True},
                                 {**TRIAL, "corrected": True}]) == []


def test_the_fire_exits_one_fact_standing_from_a_corrected_inspection_marks_the_rule_164_2_m18():
    """§ 164-2's two facts may stand from two inspections: a correction recorded at either one that stands."""
    corrected = {"fire_exits_designated": False, "corrected": True}
    later = {"fire_exits_comply_with_uniform_code": False, "corrected": False}
    assert standing_exit_faults([later, corrected]) == [
        StandingExitFault(FIRE, 0, ("fire_exits_designated", "fire_exits_comply_with_uniform_code"),
                          corrected_on_the_spot=True)]


def test_the_note_cites_164_13_and_says_the_correction_does_not_lift_it_m18():
    note = corrected_on_the_spot_note(StandingExitFault(BLOCKED, 0, ("exits_blocked",), True))
    assert note == ("It was corrected on the spot at that inspection (§ 164-13), but an on-the-spot correction "
                    "does not lift this bar to the certificate: it served the gathering of that day; only a later "
                    "inspection can show the place's exits clear.")
    assert note.template == note  # (one sentence of the catalog, translated whole)
