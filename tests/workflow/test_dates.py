"""The one check of a date given to a service (`publicassembly.workflow.dates`): a date ``YYYY-MM-DD`` in
1778-2099 (interpretation G-2), not in the future when it is of something that happened, not before the chapter
was in force where it concerns the chapter, and a summons's return date within 365 days of issue (W-7)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from tests.refused import refused

from publicassembly.workflow.dates import a_date, chapter_in_force, happened, within

DAY = dt.timedelta(days=1)


def test_fact_years_g2_first_and_last_days_accepted_outside_refused():
    """G-2: 1778-01-01 and 2099-12-31 are dates a service takes; 1777-12-31 and 2100-01-01 are refused naming
    the field and the allowed range."""
    assert a_date("d", "1778-01-01") == dt.date(1778, 1, 1)
    assert a_date("d", dt.date(2099, 12, 31)) == dt.date(2099, 12, 31)
    for day in ("1777-12-31", "2100-01-01", "9999-12-31", "0001-01-01"):
        assert "1778-01-01 to 2099-12-31" in refused("d", lambda day=day: a_date("d", day)).detail


@pytest.mark.parametrize("value", [20261127, True, 1.5, "2026-1-1", "27/11/2026", "", None,
                                   dt.datetime(2026, 1, 1, 12, 0)])
def test_a_date_is_a_yyyy_mm_dd_string_or_date_not_a_number_boolean_or_moment(value):
    assert "YYYY-MM-DD" in refused("paid_on", lambda: a_date("paid_on", value)).detail


def test_happened_today_accepted_tomorrow_refused_g2():
    """A thing recorded as done may be dated today, not tomorrow (nor 9999-12-31: said as the future)."""
    today = timezone.localdate()
    assert happened("decided_on", today) == today
    assert "future" in refused("decided_on", lambda: happened("decided_on", today + DAY)).detail
    assert "future" in refused("decided_on", lambda: happened("decided_on", "9999-12-31")).detail
    assert "1778-01-01" in refused("decided_on", lambda: happened("decided_on", "0001-01-01")).detail


def test_happened_not_before_the_step_it_follows():
    held = dt.date(2026, 6, 22)
    assert happened("decided_on", held, on=dt.date(2026, 7, 1), not_before=held) == held
    e = refused("decided_on", lambda: happened("decided_on", held - DAY, on=dt.date(2026, 7, 1), not_before=held,
                                                 not_before_what="the public hearing"))
    assert e.detail == "2026-06-21 is before the public hearing (2026-06-22)"


def test_chapter_in_force_first_day_accepted_day_before_refused():
    """Mount Pleasant ch. 164 is applied from 1976-02-24 (M-1): that day is accepted, 1976-02-23 refused."""
    first = dt.date(1976, 2, 24)
    assert chapter_in_force("done_on", first, first) == first
    e = refused("done_on", lambda: chapter_in_force("done_on", first - DAY, first))
    assert e.detail == "the chapter is applied from 1976-02-24, the earliest date its text gives: 1976-02-23 is before it"


def test_return_date_within_365_days_after_issue_w7():
    issued = dt.date(2026, 3, 3)
    assert within("return_date", "2027-03-03", after=issued, days=365, after_what="the day of issue") \
        == dt.date(2027, 3, 3)
    assert within("return_date", issued + DAY, after=issued, days=365, after_what="the day of issue") == issued + DAY
    assert "more than 365 days" in refused("return_date", lambda: within(
        "return_date", "2027-03-04", after=issued, days=365, after_what="the day of issue")).detail
    assert "must be after" in refused("return_date", lambda: within(
        "return_date", issued, after=issued, days=365, after_what="the day of issue")).detail
    assert "1778-01-01" in refused("return_date", lambda: within(
        "return_date", "2100-01-02", after=dt.date(2099, 12, 31), days=365, after_what="the day of issue")).detail
