"""The day of the public hearing (Carmel ch. 31, permit requirements ¶ B; interpretation P-8): not on a Sunday nor
a GCL § 24 public holiday (422 naming ``hearing_on`` and why; nothing stored changes); a Saturday is accepted with a
note in the history. A hearing after the Board's 30 days is accepted with a note (P-4)."""

from __future__ import annotations

from datetime import date

import pytest

from publicassembly.permits import services as sv
from publicassembly.permits.models import State
from publicassembly.workflow.errors import ValidationFailed

from .conftest import NOTICE

# The walk submits on Mon 2026-06-01: the Board's last day to act is Wed 2026-07-01; the fair begins 2026-08-14.


def _schedule(walk, app, hearing_on, reason=None):
    return sv.schedule_hearing(walk.clerk, app, hearing_on=hearing_on, place="Town Hall", notice_published_on=NOTICE,
                               newspaper="Putnam County Courier", today=NOTICE, reason=reason)


@pytest.mark.parametrize(("day", "why"), [
    (date(2026, 6, 28), "is a Sunday"),
    (date(2026, 6, 19), "is Juneteenth, a public holiday (GCL § 24)"),  # a Friday
    (date(2026, 7, 4), "is Independence Day, a public holiday (GCL § 24)"),  # a holiday on a Saturday
    (date(2026, 7, 5), "is a Sunday"),
    (date(2026, 8, 2), "is a Sunday"),
])
def test_hearing_on_a_sunday_or_public_holiday_is_refused_naming_hearing_on_p8(walk, day, why):
    app = walk.accepted()
    version = app.version
    with pytest.raises(ValidationFailed) as e:
        _schedule(walk, app, day)
    assert e.value.field == "hearing_on" and why in e.value.detail, e.value
    app.refresh_from_db()
    assert app.state == State.ACCEPTED and app.hearing_on is None and app.version == version


@pytest.mark.parametrize("day", [date(2026, 6, 22), date(2026, 7, 3), date(2026, 7, 6)])
def test_hearing_on_the_business_day_before_or_after_a_holiday_is_accepted_p8(walk, day):
    """Mon 2026-06-22 after Juneteenth (Thu 2026-06-18 is too soon for the 10 days' notice); Fri 2026-07-03
    before Independence Day on a Saturday (GCL § 24 makes no Friday observance) and Mon 2026-07-06 after it."""
    app = _schedule(walk, walk.accepted(), day)
    assert app.state == State.HEARING_SCHEDULED and app.hearing_on == day


@pytest.mark.parametrize("reason", [None, "the Board's June meeting"])
def test_hearing_on_a_saturday_is_accepted_with_a_note_in_the_history_p8(walk, reason):
    """The note is kept when the Clerk gives a reason too: the history has the reason, then what was set."""
    app = _schedule(walk, walk.accepted(), date(2026, 6, 27), reason=reason)
    assert app.hearing_on == date(2026, 6, 27)
    notes = " ".join(str(e.why) for e in sv.application_timeline(app))
    assert "on a Saturday, when the Town Clerk's office is closed (interpretation P-8)" in notes
    if reason:
        assert "the Board's June meeting — public hearing set for 2026-06-27" in notes


def test_hearing_after_the_last_day_to_act_is_accepted_and_warned_p4(walk):
    """¶ B: last day to act Wed 2026-07-01. A hearing on Thu 2026-07-02 is accepted (P-4), noted as late in the
    history, and `hearing_after_decision_due` gives the last day; one on 2026-07-01 itself is not late."""
    app = _schedule(walk, walk.accepted(), date(2026, 7, 2), reason="the Board's July meeting")
    due = sv.hearing_after_decision_due(app)
    assert due is not None and due.date == date(2026, 7, 1)
    notes = " ".join(str(e.why) for e in sv.application_timeline(app))
    assert "after the Town Board's last day to act (2026-07-01, ¶ B), so the decision will be late" in notes


def test_hearing_on_the_last_day_to_act_is_not_late_p4(walk):
    app = _schedule(walk, walk.accepted(), date(2026, 7, 1))
    assert sv.hearing_after_decision_due(app) is None
