"""§ 164-5, interpretation M-19: an inspection that finds the aisles, passageways or other means of egress obstructed,
or a condition that is a serious menace to life and safety, records each as a deficiency with § 164-5's rule — the
inspection's result is ``deficiencies``, never ``passed`` (an audit had both recorded as passed). They are
conditions of the gathering, corrected before the performance goes on, as overcrowding is: the certificate is not
withheld for them (M-18 withholds it for the exits of §§ 164-2, 164-10, 164-11)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from publicassembly.venues import services as vs
from publicassembly.venues.models import DeficiencyKind, Inspection

STOP = "mount-pleasant/164-5/stop-performance"
CLEAR = {"exits_blocked": False, "exit_access_clear": True, "fire_exits_designated": True,
         "fire_exits_comply_with_uniform_code": True, "certificate_on_premises": True}


@pytest.mark.django_db
@pytest.mark.parametrize(("egress_obstructed", "serious_menace", "kinds"), [
    (True, True, [DeficiencyKind.EGRESS_OBSTRUCTED, DeficiencyKind.SERIOUS_MENACE]),
    (True, False, [DeficiencyKind.EGRESS_OBSTRUCTED]),
    (False, True, [DeficiencyKind.SERIOUS_MENACE]),
    (False, False, []),
])
def test_the_stop_orders_conditions_are_deficiencies_164_5_m19(bi, hall, egress_obstructed, serious_menace, kinds):
    today = timezone.localdate()
    insp = vs.schedule_inspection(bi, hall, scheduled_for=today)
    recorded = vs.record_inspection(bi, insp, done_on=today, persons_present=100, egress_obstructed=egress_obstructed,
                                    serious_menace=serious_menace, **CLEAR)
    found = [d for d in recorded.deficiencies.all() if d.rule_id == STOP]
    assert [d.kind for d in found] == kinds
    assert all(d.citation == "Mount Pleasant Code § 164-5" and "(§ 164-5)" in d.detail for d in found)
    assert recorded.result == (Inspection.DEFICIENCIES if kinds else recorded.result)
    if kinds:
        assert recorded.result != Inspection.PASSED
    # (the gathering's conditions, corrected on the spot: the certificate is not withheld for them, M-19)
    assert [b.rule for b in vs.exit_blockers(hall) if b.rule == STOP] == []


@pytest.mark.django_db
@pytest.mark.parametrize(("exits", "kinds"), [
    ({"exits_blocked": True, "exit_access_clear": False}, [DeficiencyKind.BLOCKED_EXIT, DeficiencyKind.EXIT_ACCESS]),
    ({"exits_blocked": True, "exit_access_clear": True}, [DeficiencyKind.BLOCKED_EXIT]),
    ({"exits_blocked": False, "exit_access_clear": True}, []),
])
def test_a_blocked_exit_stops_the_performance_but_is_one_deficiency_under_its_own_section_164_5_m19(
        bi, hall, exits, kinds):
    """§ 164-5 (M-16): a blocked exit or access to the exits not clear obstructs the means of egress, so the law
    core's stop finding says stop; the deficiency stays the exit's own (§ 164-10, § 164-11), never a second one
    under § 164-5's rule (``egress_obstructed`` is the aisles' and passageways')."""
    today = timezone.localdate()
    insp = vs.schedule_inspection(bi, hall, scheduled_for=today)
    recorded = vs.record_inspection(bi, insp, done_on=today, persons_present=50, egress_obstructed=False,
                                    serious_menace=False, **(CLEAR | exits))
    assert [d for d in recorded.deficiencies.all() if d.rule_id == STOP] == []
    exit_kinds = (DeficiencyKind.BLOCKED_EXIT, DeficiencyKind.EXIT_ACCESS)
    assert sorted(d.kind for d in recorded.deficiencies.all() if d.kind in exit_kinds) == sorted(kinds)
