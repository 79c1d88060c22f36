"""The legal deadlines of Carmel ch. 31 as pure functions (`us_ny_carmel.deadlines`): ¶ B's 60 days before
the first day, 30 days after submission and 10 days' notice before the hearing, ¶ F's 5 days after the last
day, counted under GCL § 20 (the day of reckoning excluded), § 24 (public holidays) and § 25-a (a period
ending on a Saturday, Sunday or holiday runs to the next business day; a day counted backwards is not moved
and the office's closing is reported with the preceding business day)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from publicassembly.law import jurisdictions
from publicassembly.law.dates import is_business_day
from publicassembly.law.jurisdictions.us_ny_carmel import deadlines as due

VALUES = jurisdictions.get("carmel-ny").parameters.at(date(2026, 1, 1))
DAYS = st.dates(min_value=date(2000, 1, 1), max_value=date(2060, 12, 31))


def test_application_due_is_day_60_before_the_first_day_carmel_31_b() -> None:
    """¶ B: filed at least 60 days prior: first day Tue 2026-09-01 → Fri 2026-07-03 (day 60 counted back,
    not day 59 or 61); a Friday before a Saturday Independence Day is open (§ 24 makes no Friday holiday)."""
    d = due.application_due(date(2026, 9, 1), VALUES)
    assert d.date == date(2026, 7, 3)
    assert d.date != date(2026, 9, 1) - timedelta(days=59) and d.date != date(2026, 9, 1) - timedelta(days=61)
    assert d.closed is None and d.act_by == date(2026, 7, 3)


def test_application_due_on_a_holiday_is_not_moved_gcl_25a_carmel_31_b() -> None:
    """¶ B with GCL § 25-a: first day Fri 2026-11-06 → day 60 before is Labor Day, Mon 2026-09-07; a day
    counted backwards is not extended, so the last day stays 09-07 and the safe day is Fri 09-04."""
    d = due.application_due(date(2026, 11, 6), VALUES)
    assert d.date == date(2026, 9, 7)
    assert d.closed == "Labor Day"
    assert d.act_by == date(2026, 9, 4)


@pytest.mark.parametrize(("submitted", "last"), [
    (date(2026, 6, 1), date(2026, 7, 1)),   # day 30 is Wed: no extension
    (date(2026, 6, 4), date(2026, 7, 6)),   # day 30 is Sat 07-04 (Independence Day) → Mon 07-06
    (date(2026, 8, 8), date(2026, 9, 8)),   # day 30 is Labor Day, Mon 09-07 → Tue 09-08
])
def test_decision_due_is_day_30_after_submission_carmel_31_b_gcl_25a(submitted: date, last: date) -> None:
    """¶ B: the Board acts within 30 days after submission (GCL § 20: submission day excluded), carried to
    the next business day by § 25-a."""
    d = due.decision_due(submitted, VALUES)
    assert d.date == last
    assert d.act_by == last and d.closed is None


@pytest.mark.parametrize(("end", "last"), [
    (date(2026, 6, 28), date(2026, 7, 3)),  # day 5 is Fri 07-03: open
    (date(2026, 6, 30), date(2026, 7, 6)),  # day 5 is Sun 07-05 → Mon 07-06
])
def test_cleanup_due_is_day_5_after_the_last_day_carmel_31_f(end: date, last: date) -> None:
    """¶ F: waste removed within 5 days from the termination of the assembly, § 25-a on a closed day."""
    assert due.cleanup_due(end, VALUES).date == last


@pytest.mark.parametrize(("hearing", "closed"), [(date(2026, 7, 14), "Saturday"), (date(2026, 7, 15), "Sunday")])
def test_hearing_notice_due_10_days_before_on_a_weekend_carmel_31_b(hearing: date, closed: str) -> None:
    """¶ B: notice published at least 10 days prior to the hearing; day 10 before falls on the weekend, is
    not moved, and the office's last open day before it is Fri 2026-07-03."""
    d = due.hearing_notice_due(hearing, VALUES)
    assert d.date == hearing - timedelta(days=10)
    assert d.closed == closed and d.act_by == date(2026, 7, 3)


@given(DAYS)
def test_forward_periods_end_on_the_first_business_day_from_day_n_gcl_20_25a(start: date) -> None:
    """¶ B (30 days) and ¶ F (5 days): the last day is the first business day on or after day N (never
    earlier than day N, and every day between day N and it is closed)."""
    for count, days in ((due.decision_due, 30), (due.cleanup_due, 5)):
        last = count(start, VALUES).date
        nominal = start + timedelta(days=days)
        assert last >= nominal and is_business_day(last)
        assert all(not is_business_day(nominal + timedelta(days=i)) for i in range((last - nominal).days))


@given(DAYS)
def test_backward_periods_are_exactly_n_days_before_gcl_20(event: date) -> None:
    """¶ B (60 days before the first day, 10 days before the hearing): exactly day N before, never moved;
    ``act_by`` is that day if open, else the last business day before it."""
    for count, days in ((due.application_due, 60), (due.hearing_notice_due, 10)):
        d = count(event, VALUES)
        assert d.date == event - timedelta(days=days)
        assert d.act_by is not None and d.act_by <= d.date and is_business_day(d.act_by)
        assert (d.closed is None) == is_business_day(d.date)
