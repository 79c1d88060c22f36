"""The days of the public hearing (Carmel ch. 31, permit requirements ¶ B): the hearing after the petition's
submission and not in the past when it is scheduled; the notice in the official newspaper, a thing done
(interpretation G-10), not after the day it is recorded nor before the submission (so never after the hearing),
and, as before, at least 10 days prior to the hearing (GCL § 20). A hearing may be scheduled before its notice
is published, on a day for which 10 days' notice can still be given."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from publicassembly.permits import services as sv
from publicassembly.permits.models import State
from publicassembly.workflow.errors import ValidationFailed

from .conftest import HEARING, NOTICE, SUBMITTED


def _schedule(walk, app, *, hearing_on=HEARING, notice=NOTICE, today=NOTICE):
    return sv.schedule_hearing(walk.clerk, app, hearing_on=hearing_on, place="Town Hall",
                               notice_published_on=notice, newspaper="Putnam County Courier", today=today)


def _schedule_unnoticed(walk, app, *, hearing_on=HEARING, today=SUBMITTED + timedelta(days=1)):
    """The hearing scheduled without its notice's date (G-10: the notice is not published yet)."""
    return sv.schedule_hearing(walk.clerk, app, hearing_on=hearing_on, place="Town Hall",
                               newspaper="Putnam County Courier", today=today)


def _refused(walk, field, **days):
    app = walk.accepted()
    with pytest.raises(ValidationFailed) as e:
        _schedule(walk, app, **days)
    assert e.value.field == field, e.value
    app.refresh_from_db()
    assert app.state == State.ACCEPTED and app.hearing_on is None
    return e.value


def test_hearing_scheduled_for_today_is_accepted_yesterday_refused(walk):
    """Scheduled on the hearing's own day (notice 10 days before): accepted; a day later it is in the past."""
    assert _schedule(walk, walk.accepted(), today=HEARING).hearing_on == HEARING
    e = _refused(walk, "hearing_on", today=HEARING + timedelta(days=1))
    assert "in the past" in e.detail


def test_hearing_before_submission_is_refused_naming_hearing_on(walk):
    # (the Friday before the submission: the day before it, 2026-05-31, is a Sunday, refused first under P-8)
    e = _refused(walk, "hearing_on", hearing_on=SUBMITTED - timedelta(days=3), notice=SUBMITTED - timedelta(days=13),
                 today=SUBMITTED - timedelta(days=13))
    assert "submitted" in e.detail


def test_notice_before_submission_is_refused_on_submission_day_accepted(walk):
    """Notice on the day of submission (1 June) for the hearing of 22 June: accepted; the day before: refused."""
    assert _schedule(walk, walk.accepted(), notice=SUBMITTED, today=SUBMITTED).notice_published_on == SUBMITTED
    e = _refused(walk, "notice_published_on", notice=SUBMITTED - timedelta(days=1), today=SUBMITTED)
    assert "before the petition was submitted" in e.detail


def test_notice_published_tomorrow_is_refused_today_accepted_g10(walk):
    """G-10: the notice's publication is a thing done, so a day after `today` is refused naming
    ``notice_published_on`` and saying today, the latest day allowed; nothing stored changes. Published today
    (10 days before the hearing, ¶ B) it is recorded, and the hearing itself is still ahead."""
    e = _refused(walk, "notice_published_on", notice=NOTICE + timedelta(days=1), today=NOTICE)
    assert e.detail == "2026-06-13 is in the future (today is 2026-06-12); record it once it has happened"
    app = _schedule(walk, walk.accepted(), notice=NOTICE, today=NOTICE)
    assert (app.state, app.notice_published_on, app.hearing_on) == (State.HEARING_SCHEDULED, NOTICE, HEARING)


def test_notice_after_the_hearing_is_refused_as_not_yet_published_g10(walk):
    """A notice dated after the hearing is after `today` too (the hearing is not in the past when it is set):
    refused naming ``notice_published_on``, as is 9999-12-31. (Recorded later, once the hearing's day has
    passed, it is refused as after the hearing: tests/permits/test_notice_published.py.)"""
    e = _refused(walk, "notice_published_on", notice=HEARING + timedelta(days=1), today=NOTICE)
    assert "is in the future (today is 2026-06-12)" in e.detail
    e = _refused(walk, "notice_published_on", notice=date(9999, 12, 31), today=NOTICE)
    assert "is in the future (today is 2026-06-12)" in e.detail


def test_notice_of_9_days_is_still_refused_under_paragraph_b(walk):
    """¶ B, GCL § 20: published on 13 June (recorded that day) for the hearing of 22 June, 9 days: refused with
    the law core's reason and citation."""
    e = _refused(walk, "notice_published_on", notice=date(2026, 6, 13), today=date(2026, 6, 13))
    assert "10 days" in str(e) and "permit requirements ¶ B" in str(e)


# --- Scheduled before the notice is published (G-10) ----------------------------------------------------------------


def test_hearing_scheduled_without_its_notice_paragraph_b_g10(walk):
    """The Clerk schedules the hearing of 22 June on 2 June without a notice's date: it is scheduled with no
    notice recorded, the history says so, and the law core's ¶ B notice finding is for review, asking the
    notice published by 12 June (10 days before, GCL § 20): the day the notice made from it must reach the
    newspaper."""
    from publicassembly.law.core import Status

    on = SUBMITTED + timedelta(days=1)
    app = _schedule_unnoticed(walk, walk.accepted(), today=on)
    app.refresh_from_db()
    assert (app.state, app.hearing_on, app.notice_published_on, app.newspaper) == (
        State.HEARING_SCHEDULED, HEARING, None, "Putnam County Courier")
    assert app.history.first().history_change_reason == (
        "public hearing set for 2026-06-22 at Town Hall; notice to be published in Putnam County Courier; its "
        "publication not yet recorded")
    finding = sv.determination(app, on).finding("carmel/permit/b-hearing-notice")
    assert finding.status is Status.NEEDS_REVIEW and "by 2026-06-12" in str(finding.reason)
    assert sv.deadlines(app, on)["hearing_notice_due"].date == NOTICE


#: Tuesday 16 June 2026: a hearing on Friday 26 June can still be given 10 days' notice (published today), one on
#: Thursday 25 June no longer (its notice was due Monday 15 June). Neither is a Sunday or a holiday (P-8).
LATE_TODAY = date(2026, 6, 16)


def test_hearing_without_notice_refused_once_10_days_notice_cannot_be_given_paragraph_b(walk):
    """¶ B: notice at least 10 days prior to the hearing. Scheduled on 16 June with no notice yet, a hearing on
    25 June is refused naming ``hearing_on`` and the last day the notice could have been published (15 June,
    the law core's count); nothing is written. On 26 June (notice due today, the boundary) it is scheduled."""
    app = walk.accepted()
    version = app.version
    with pytest.raises(ValidationFailed) as e:
        _schedule_unnoticed(walk, app, hearing_on=date(2026, 6, 25), today=LATE_TODAY)
    assert e.value.field == "hearing_on"
    assert e.value.detail == (
        "2026-06-25 is too soon for its notice: the notice must be published in the official newspaper by "
        "2026-06-15, which is before today (2026-06-16); schedule the hearing for a later day (¶ B). 10 calendar "
        "days before the public hearing on Thursday 2026-06-25, that day excluded (GCL § 20): Monday 2026-06-15; "
        "a day counted backwards is not extended.")
    app.refresh_from_db()
    assert (app.state, app.version, app.hearing_on) == (State.ACCEPTED, version, None)
    app = _schedule_unnoticed(walk, app, hearing_on=date(2026, 6, 26), today=LATE_TODAY)
    assert (app.state, app.hearing_on, app.notice_published_on) == (State.HEARING_SCHEDULED, date(2026, 6, 26), None)


def test_hearing_with_its_notice_already_published_is_not_bound_by_the_notice_still_to_come(walk):
    """The bound of a notice still to be published does not apply to a notice already published: on 16 June the
    hearing of 22 June is scheduled with its notice of 12 June (10 days before it, ¶ B), though a notice
    published from today could no longer give it 10 days."""
    app = _schedule(walk, walk.accepted(), notice=NOTICE, today=LATE_TODAY)
    assert (app.state, app.hearing_on, app.notice_published_on) == (State.HEARING_SCHEDULED, HEARING, NOTICE)
