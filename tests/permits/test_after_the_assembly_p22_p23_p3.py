"""The hearing held on its noticed day only (P-22, ¶ B); the assembly's end recorded after the permit's last day
(P-23, ¶¶ A and F); a cleanup inspected early and found unfinished is inspected again (P-3, ¶ F)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from tests.permits.conftest import HEARING, LAST_DAY

from publicassembly.permits import services as sv
from publicassembly.permits.models import State
from publicassembly.workflow.blocked import Blocked
from publicassembly.workflow.errors import ValidationFailed

DAY = timedelta(days=1)


# --- P-22: ¶ B, the hearing "pursuant to notice" ---------------------------------------------------------------


def test_hearing_held_the_day_after_its_notice_refused_par_b(walk, travel_to):
    """The audit's case: a hearing noticed for 22 June recorded as held on 29 June is refused naming ``held_on``
    and telling the Clerk to reschedule and publish the notice again; on the noticed day it is recorded."""
    walk.hearing_scheduled()
    travel_to(date(2026, 6, 30))
    with pytest.raises(ValidationFailed) as e:
        sv.record_hearing_held(walk.clerk, walk.app, held_on=HEARING + DAY)
    assert e.value.field == "held_on"
    assert "reschedule" in e.value.detail and "P-22" in e.value.detail and "2026-06-22" in e.value.detail
    assert walk.app.state == State.HEARING_SCHEDULED
    app = sv.record_hearing_held(walk.clerk, walk.app, held_on=HEARING)
    assert (app.state, app.hearing_held_on) == (State.HEARING_HELD, HEARING)


# --- P-23: ¶ F counts from the actual end; the days past the permit had none (¶ A) ------------------------------


def test_end_after_the_permits_last_day_needs_a_reason_par_a(walk, travel_to):
    """Ended 1 September on a permit to 16 August: refused without a reason (field ``reason``); with one it is
    recorded (¶ F counts from it), the history notes the 16 days, and `ended_after_permit` gives the last day."""
    walk.issued()
    travel_to(date(2026, 9, 10))
    with pytest.raises(ValidationFailed) as e:
        sv.record_assembly_held(walk.clerk, walk.app, ended_on=date(2026, 9, 1))
    assert e.value.field == "reason" and "2026-08-16" in e.value.detail and "P-23" in e.value.detail
    app = sv.record_assembly_held(walk.clerk, walk.app, ended_on=date(2026, 9, 1),
                                  reason="The fair's owner kept the midway open.")
    assert app.assembly_ended_on == date(2026, 9, 1)
    assert sv.ended_after_permit(app) == LAST_DAY
    reason = app.history.order_by("-history_id").first().history_change_reason
    assert reason.startswith("The fair's owner kept the midway open. — ")
    assert "16 days after the permit's last day (2026-08-16)" in reason and "¶ A" in reason
    assert sv._cleanup_finding(app).values.get("cleanup_due") == date(2026, 9, 8)  # (5 days from 1 September, 25-a)


def test_end_on_the_permits_last_day_is_no_warning_par_f(walk, travel_to):
    walk.issued()
    travel_to(date(2026, 8, 20))
    app = sv.record_assembly_held(walk.clerk, walk.app, ended_on=LAST_DAY)
    assert sv.ended_after_permit(app) is None


# --- P-3: ¶ F, a cleanup inspected again --------------------------------------------------------------------------


def test_early_incomplete_inspection_then_another_par_f(walk, travel_to):
    """The audit's dead end: inspected on 17 August (before the 21st, the last day) and found unfinished.
    Neither release nor forfeiture is offered (each is refused, forfeiture saying to inspect again after the
    21st); a further inspection is offered and recorded (not before the first); found unfinished after the 21st,
    the bond is forfeited."""
    walk.issued()
    travel_to(date(2026, 8, 18))
    sv.record_assembly_held(walk.clerk, walk.app)
    sv.record_cleanup_inspection(walk.p["building_inspector"], walk.app, inspected_on=date(2026, 8, 17),
                                 result="incomplete")
    app = walk.app
    assert not sv.available(app, "release_bond") and not sv.available(app, "forfeit_bond")
    assert sv.available(app, "record_cleanup_inspection")
    with pytest.raises(Blocked):
        sv.release_bond(walk.board, app)
    with pytest.raises(Blocked) as e:
        sv.forfeit_bond(walk.board, app, reason="Trash left")
    assert "record another cleanup inspection after 2026-08-21" in e.value.blockers[0].reason
    travel_to(date(2026, 8, 24))
    with pytest.raises(ValidationFailed) as e:
        sv.record_cleanup_inspection(walk.clerk, app, inspected_on=date(2026, 8, 16), result="incomplete")
    assert e.value.field == "inspected_on"
    app = sv.record_cleanup_inspection(walk.clerk, app, inspected_on=date(2026, 8, 24), result="incomplete")
    assert (app.state, app.cleanup_inspected_on) == (State.CLEANUP_INSPECTED, date(2026, 8, 24))
    version = app.version
    with pytest.raises(ValidationFailed) as e:  # the same finding of the same day sent again: recorded once
        sv.record_cleanup_inspection(walk.clerk, app, inspected_on=date(2026, 8, 24), result="incomplete")
    assert e.value.field == "inspected_on" and "already recorded" in e.value.detail
    app.refresh_from_db()
    assert app.version == version
    assert sv.available(app, "forfeit_bond") and not sv.available(app, "release_bond")
    assert sv.forfeit_bond(walk.board, app, reason="Trash left").state == State.BOND_FORFEITED


def test_early_incomplete_then_complete_in_time_releases_par_f(walk, travel_to):
    """Unfinished on the 17th, completely removed on the 20th (within 5 days): the bond is released."""
    walk.issued()
    travel_to(date(2026, 8, 21))
    sv.record_assembly_held(walk.clerk, walk.app)
    sv.record_cleanup_inspection(walk.clerk, walk.app, inspected_on=date(2026, 8, 17), result="incomplete")
    with pytest.raises(ValidationFailed) as e:  # (the waste was found there on the 17th)
        sv.record_cleanup_inspection(walk.clerk, walk.app, inspected_on=date(2026, 8, 21), result="complete",
                                     completed_on=date(2026, 8, 16))
    assert e.value.field == "completed_on"
    app = sv.record_cleanup_inspection(walk.clerk, walk.app, inspected_on=date(2026, 8, 21), result="complete",
                                       completed_on=date(2026, 8, 20))
    assert sv.available(app, "release_bond") and not sv.available(app, "forfeit_bond")
    assert not sv.available(app, "record_cleanup_inspection")
    with pytest.raises(Blocked):  # (found complete: no further inspection)
        sv.record_cleanup_inspection(walk.clerk, app, inspected_on=date(2026, 8, 21), result="incomplete")
    assert sv.release_bond(walk.board, app).state == State.BOND_RELEASED


def test_end_not_given_before_the_last_day_says_the_default_was_taken_par_f(walk, travel_to):
    """Recording the assembly held with no end day on the day before its last day (16 August): the default, the
    last day, is in the future — the refusal says the end was not given and the last day was taken, so the
    Clerk knows to give the day it ended (a new-user trial was told "2026-08-16 is in the future" of a day he
    never gave). On the last day itself the default is taken."""
    walk.issued()
    travel_to(LAST_DAY - DAY)
    with pytest.raises(ValidationFailed) as e:
        sv.record_assembly_held(walk.clerk, walk.app)
    assert e.value.field == "ended_on"
    assert e.value.detail.startswith("not given, so the assembly's last day in its facts was taken: ")
    assert "2026-08-16" in e.value.detail and e.value.detail.endswith("; give the day it ended")
    travel_to(LAST_DAY)
    assert sv.record_assembly_held(walk.clerk, walk.app).assembly_ended_on == LAST_DAY
