"""The days a town board may hold a public hearing (interpretation P-8: not a Sunday or a GCL § 24 public
holiday; a Saturday may) and the days a Town Justice Court sits for a summons's return (W-8: business days, GCL
§ 24 holidays and weekends excluded), at the boundaries: the holiday itself and the days around it."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from publicassembly.law.dates import (
    court_does_not_sit_because,
    holiday_name,
    is_business_day,
    no_public_hearing_because,
)


@pytest.mark.parametrize(("day", "why"), [
    (date(2026, 12, 24), None),  # Thursday
    (date(2026, 12, 25), "Christmas Day, a public holiday (GCL § 24)"),
    (date(2026, 12, 26), None),  # Saturday: a board may sit
    (date(2026, 12, 27), "a Sunday"),
    (date(2026, 12, 28), None),  # Monday
    (date(2026, 7, 4), "Independence Day, a public holiday (GCL § 24)"),  # a Saturday holiday
    (date(2026, 9, 7), "Labor Day, a public holiday (GCL § 24)"),  # a Monday holiday
    (date(2026, 9, 8), None),
])
def test_public_hearing_days_p8(day, why):
    said = no_public_hearing_because(day)
    assert (None if said is None else str(said)) == why


@pytest.mark.parametrize(("day", "why"), [
    (date(2026, 12, 24), None),
    (date(2026, 12, 25), "Christmas Day, a public holiday (GCL § 24)"),
    (date(2026, 12, 26), "a Saturday"),
    (date(2026, 12, 27), "a Sunday"),
    (date(2026, 12, 28), None),
    (date(2026, 9, 7), "Labor Day, a public holiday (GCL § 24)"),
])
def test_court_sitting_days_w8(day, why):
    said = court_does_not_sit_because(day)
    assert (None if said is None else str(said)) == why


@given(st.dates(min_value=date(1990, 1, 1), max_value=date(2099, 12, 31)))
def test_a_court_sits_on_business_days_and_a_board_on_them_and_plain_saturdays(day):
    """W-8 is the business days (`is_business_day`); P-8 is those and the Saturdays that are no holiday."""
    assert (court_does_not_sit_because(day) is None) == is_business_day(day)
    board = no_public_hearing_because(day) is None
    plain_saturday = day.weekday() == 5 and holiday_name(day) is None
    assert board == (is_business_day(day) or plain_saturday)
