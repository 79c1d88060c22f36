"""The law core decides which exit deficiencies stop the certificate (§§ 164-2, 164-10, 164-11; interpretations
M-18, M-22): a fact found deficient stands until a LATER inspection states it compliant; an inspection that
leaves it unstated lifts nothing; a fact no inspection ever stated stops nothing. The inspections are given last
first, as the services order them."""

from __future__ import annotations

from publicassembly.law.jurisdictions.us_ny_mount_pleasant.exits import (
    EXIT_FACT_NAMES,
    WITHHOLD_CERTIFICATE,
    StandingExitFault,
    standing_exit_faults,
    unstated_exit_facts,
)

FIRE = "mount-pleasant/164-2/fire-exits"
BLOCKED = "mount-pleasant/164-10/exits-not-blocked"
ACCESS = "mount-pleasant/164-11/exit-access"
ALL_CLEAR = {"exits_blocked": False, "exit_access_clear": True, "fire_exits_designated": True,
             "fire_exits_comply_with_uniform_code": True}
TRIAL = {"exits_blocked": True, "exit_access_clear": False, "fire_exits_designated": False}


def test_the_exit_facts_are_the_rules_that_withhold_the_certificate_m22():
    assert set(EXIT_FACT_NAMES) == {"exits_blocked", "exit_access_clear", "fire_exits_designated",
                                    "fire_exits_comply_with_uniform_code"}
    assert set(WITHHOLD_CERTIFICATE) == {FIRE, BLOCKED, ACCESS}


def test_the_trial_a_later_inspection_stating_nothing_of_the_exits_lifts_nothing_164_10_m22():
    later = {"persons_present": 5, "exits_blocked": None}  # (unstated: None, or absent)
    assert standing_exit_faults([later, TRIAL]) == [
        StandingExitFault(FIRE, 1, ("fire_exits_designated",)),
        StandingExitFault(BLOCKED, 1, ("exits_blocked",)),
        StandingExitFault(ACCESS, 1, ("exit_access_clear",)),
    ]


def test_a_later_inspection_stating_each_deficient_fact_compliant_lifts_it_164_2_164_10_164_11_m22():
    # the deficient facts only: the fire exits' compliance with the Uniform Code was not found wanting
    stated = {"exits_blocked": False, "exit_access_clear": True, "fire_exits_designated": True}
    assert standing_exit_faults([stated, TRIAL]) == []
    assert standing_exit_faults([ALL_CLEAR, TRIAL]) == []


def test_each_fact_stands_on_its_own_one_stated_one_not_164_10_164_11_m22():
    only_blocked = {"exits_blocked": False}
    assert standing_exit_faults([only_blocked, TRIAL]) == [
        StandingExitFault(FIRE, 1, ("fire_exits_designated",)), StandingExitFault(ACCESS, 1, ("exit_access_clear",))]


def test_the_fire_exits_both_facts_found_wanting_both_to_be_stated_164_2_m22():
    both = {"fire_exits_designated": False, "fire_exits_comply_with_uniform_code": False}
    designated = {"fire_exits_designated": True}
    assert standing_exit_faults([designated, both]) == [
        StandingExitFault(FIRE, 1, ("fire_exits_comply_with_uniform_code",))]
    assert standing_exit_faults([{"fire_exits_comply_with_uniform_code": True}, designated, both]) == []


def test_the_latest_statement_counts_a_new_finding_after_a_clear_one_stands_164_10_m22():
    assert standing_exit_faults([{"exits_blocked": True}, ALL_CLEAR]) == [StandingExitFault(BLOCKED, 0,
                                                                                            ("exits_blocked",))]
    assert standing_exit_faults([{}, {"exits_blocked": True}, {}, ALL_CLEAR]) == [
        StandingExitFault(BLOCKED, 1, ("exits_blocked",))]


def test_never_stated_or_never_inspected_stops_nothing_m22():
    assert standing_exit_faults([]) == []
    assert standing_exit_faults([{}, {"persons_present": 40}]) == []


def test_unstated_exit_facts_m22():
    assert unstated_exit_facts(ALL_CLEAR) == ()
    assert unstated_exit_facts({**ALL_CLEAR, "fire_exits_comply_with_uniform_code": None}) == (
        "fire_exits_comply_with_uniform_code",)
    assert set(unstated_exit_facts({})) == set(EXIT_FACT_NAMES)
