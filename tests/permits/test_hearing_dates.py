"""The days of the public hearing (Carmel ch. 31, permit requirements ¶ B): the hearing after the petition's
submission and not in the past when it is scheduled; the notice in the official newspaper not before the
submission nor after the hearing (and, as before, at least 10 days prior to it, GCL § 20)."""

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
                 today=SUBMITTED - timedelta(days=20))
    assert "submitted" in e.detail


def test_notice_before_submission_is_refused_on_submission_day_accepted(walk):
    """Notice on the day of submission (1 June) for the hearing of 22 June: accepted; the day before: refused."""
    assert _schedule(walk, walk.accepted(), notice=SUBMITTED, today=SUBMITTED).notice_published_on == SUBMITTED
    e = _refused(walk, "notice_published_on", notice=SUBMITTED - timedelta(days=1), today=SUBMITTED)
    assert "before the petition was submitted" in e.detail


def test_notice_after_the_hearing_is_refused_naming_notice_published_on(walk):
    e = _refused(walk, "notice_published_on", notice=HEARING + timedelta(days=1), today=NOTICE)
    assert "after the hearing" in e.detail


def test_notice_of_9_days_is_still_refused_under_paragraph_b(walk):
    e = _refused(walk, "notice_published_on", notice=date(2026, 6, 13), today=NOTICE)
    assert "10 days" in str(e)
