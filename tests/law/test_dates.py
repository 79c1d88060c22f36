"""Legal time under the New York General Construction Law (law/dates.py): §§ 20, 24, 25-a.

Each test names the section it checks. The holidays come from the `holidays` package corrected to § 24 (see
docs/interpretations.md G-2); counting backwards is never extended (G-1); 29 February (G-3).
"""

from __future__ import annotations

from datetime import date, timedelta

import holidays
import pytest
from hypothesis import given
from hypothesis import strategies as st

from publicassembly.law import InvalidCase
from publicassembly.law.dates import (
    at_least_days_before,
    closed_because,
    days_between,
    holiday_name,
    is_business_day,
    next_business_day,
    preceding_business_day,
    public_holidays,
    within_days_after,
    years_before,
)


def _package(year: int) -> holidays.HolidayBase:
    return holidays.country_holidays("US", subdiv="NY", years=year)


# --- § 24: the public holidays ---------------------------------------------------------------------------


def test_susan_b_anthony_day_is_in_the_package_but_not_a_section_24_holiday():
    """GCL § 24 does not list Susan B. Anthony Day (15 February, a commemoration in the package's NY list):
    Tuesday 2028-02-15 is a business day."""
    day = date(2028, 2, 15)
    assert "Susan B. Anthony" in _package(2028).get(day, "")
    assert holiday_name(day) is None
    assert is_business_day(day)


def test_saturday_independence_day_makes_no_friday_holiday():
    """GCL § 24 moves only a Sunday holiday (to Monday); Independence Day on Saturday 2026-07-04 leaves Friday
    2026-07-03 a business day, although the package (federal observance) marks it "observed"."""
    assert "observed" in _package(2026).get(date(2026, 7, 3), "")
    assert holiday_name(date(2026, 7, 4)) == "Independence Day"
    assert holiday_name(date(2026, 7, 3)) is None
    assert is_business_day(date(2026, 7, 3))
    assert holiday_name(date(2026, 7, 6)) is None  # nor is the Monday after a Saturday holiday


def test_christmas_on_sunday_makes_the_monday_a_holiday():
    """GCL § 24: a holiday falling on Sunday makes the next day a public holiday: Christmas 2022 (Sunday) →
    Monday 2022-12-26."""
    assert holiday_name(date(2022, 12, 25)) == "Christmas Day"
    assert "Christmas Day" in holiday_name(date(2022, 12, 26))
    assert not is_business_day(date(2022, 12, 26))
    assert is_business_day(date(2022, 12, 27))


def test_juneteenth_on_sunday_gives_monday_20_june():
    """GCL § 24 (Juneteenth added by L. 2020, ch. 161): Juneteenth 2022 fell on Sunday, so Monday 2022-06-20
    is a public holiday."""
    assert holiday_name(date(2022, 6, 19)) == "Juneteenth"
    assert "Juneteenth" in holiday_name(date(2022, 6, 20))
    assert not is_business_day(date(2022, 6, 20))


@pytest.mark.parametrize(("year", "day"), [(2022, 12), (2026, 14), (2027, 13), (2025, 8)])
def test_flag_day_is_the_second_sunday_of_june_and_not_moved(year, day):
    """GCL § 24: Flag Day is the second Sunday in June; unlike the other holidays it does not carry to the
    Monday."""
    flag = date(year, 6, day)
    assert flag.weekday() == 6
    assert holiday_name(flag) == "Flag Day"
    assert holiday_name(flag + timedelta(days=1)) is None
    assert is_business_day(flag + timedelta(days=1))


def test_general_election_day_2026():
    """GCL § 24: each general election day: Tuesday 2026-11-03 (the Tuesday after the first Monday of
    November), and in an odd year too (Tuesday 2027-11-02)."""
    assert holiday_name(date(2026, 11, 3)) == "General Election Day"
    assert holiday_name(date(2027, 11, 2)) == "General Election Day"
    assert not is_business_day(date(2026, 11, 3))
    assert is_business_day(date(2026, 11, 4))


def test_section_24_list_for_2026_in_full():
    """GCL § 24 in 2026: the thirteen named holidays plus Flag Day and general election day, and nothing else
    (no Susan B. Anthony Day, no Friday 3 July)."""
    assert public_holidays(2026) == {
        date(2026, 1, 1): "New Year's Day",
        date(2026, 1, 19): "Dr. Martin Luther King, Jr. Day",
        date(2026, 2, 12): "Lincoln's Birthday",
        date(2026, 2, 16): "Washington's Birthday",
        date(2026, 5, 25): "Memorial Day",
        date(2026, 6, 14): "Flag Day",
        date(2026, 6, 19): "Juneteenth",
        date(2026, 7, 4): "Independence Day",
        date(2026, 9, 7): "Labor Day",
        date(2026, 10, 12): "Columbus Day",
        date(2026, 11, 3): "General Election Day",
        date(2026, 11, 11): "Veterans' Day",
        date(2026, 11, 26): "Thanksgiving Day",
        date(2026, 12, 25): "Christmas Day",
    }


@pytest.mark.parametrize("year", range(2015, 2036))
def test_section_24_days_are_the_package_days_minus_commemorations_plus_flag_and_election_day(year):
    """GCL § 24 vs the package, every year: each holiday the package lists (without observance) other than
    Susan B. Anthony Day is a § 24 holiday; the only extra days are Flag Day, election day, Juneteenth
    (from 2020) and the Mondays after Sunday holidays."""
    package = holidays.country_holidays("US", subdiv="NY", years=year, observed=False)
    ours = public_holidays(year)
    for day, name in package.items():
        if name != "Susan B. Anthony Day":
            assert day in ours, (day, name)
    for day, name in ours.items():
        assert day in package or name in ("Flag Day", "General Election Day", "Juneteenth") \
            or "observed Monday" in name, (day, name)
        if "observed Monday" in name:
            assert day.weekday() == 0 and (day - timedelta(days=1)) in ours


def test_closed_because_names_the_weekend_day_or_holiday():
    """GCL § 25-a: the Town Clerk's office is closed on Saturdays, Sundays and § 24 holidays."""
    assert closed_because(date(2026, 7, 4)) == "Saturday"
    assert closed_because(date(2026, 7, 5)) == "Sunday"
    assert closed_because(date(2026, 11, 26)) == "Thanksgiving Day"
    assert closed_because(date(2026, 11, 27)) is None
    assert next_business_day(date(2026, 11, 26)) == date(2026, 11, 27)
    assert preceding_business_day(date(2026, 11, 26)) == date(2026, 11, 25)
    assert next_business_day(date(2026, 11, 27)) == preceding_business_day(date(2026, 11, 27)) == date(2026, 11, 27)


# --- § 20 and § 25-a: periods counted forward ----------------------------------------------------------


def test_within_days_after_excludes_the_first_day_and_includes_the_last():
    """GCL § 20: "within 30 days after its submission" on Monday 2026-03-02 ends Wednesday 2026-04-01."""
    d = within_days_after(date(2026, 3, 2), 30, what="submission")
    assert d.date == date(2026, 4, 1)
    assert d.closed is None and d.act_by == d.date
    assert "GCL § 20" in d.counted and "2026-03-02" in d.counted and "2026-04-01" in d.counted
    assert "§ 25-a" not in d.counted


def test_within_days_after_ending_saturday_runs_to_monday():
    """GCL § 25-a: a period ending on Saturday 2026-03-07 runs to Monday 2026-03-09."""
    d = within_days_after(date(2026, 2, 5), 30, what="submission")
    assert d.date == date(2026, 3, 9)
    assert "Saturday 2026-03-07" in d.counted and "Monday 2026-03-09" in d.counted and "§ 25-a" in d.counted
    assert d.closed is None  # the extended day is a business day


def test_within_days_after_ending_sunday_runs_to_monday():
    """GCL § 25-a: a period ending on Sunday 2026-03-08 runs to Monday 2026-03-09."""
    assert within_days_after(date(2026, 2, 6), 30, what="submission").date == date(2026, 3, 9)


def test_within_days_after_ending_on_a_holiday_runs_to_the_next_business_day():
    """GCL §§ 24, 25-a: a period ending on Thanksgiving, Thursday 2026-11-26, runs to Friday 2026-11-27."""
    d = within_days_after(date(2026, 10, 27), 30, what="submission")
    assert d.date == date(2026, 11, 27)
    assert "Thanksgiving Day" in d.counted


def test_within_days_after_across_sunday_and_monday_holiday():
    """GCL §§ 24, 25-a: ending on Sunday 2022-12-25 (Christmas), with Monday 2022-12-26 a holiday by § 24,
    the period runs to Tuesday 2022-12-27."""
    d = within_days_after(date(2022, 11, 25), 30, what="submission")
    assert d.date == date(2022, 12, 27)
    assert "Tuesday 2022-12-27" in d.counted


def test_within_days_after_across_saturday_sunday_and_monday_holiday():
    """GCL §§ 24, 25-a: ending Saturday 2026-02-14 with Monday 2026-02-16 Washington's Birthday, the
    period runs to Tuesday 2026-02-17."""
    assert within_days_after(date(2026, 2, 9), 5, what="the assembly").date == date(2026, 2, 17)


def test_within_days_after_ending_friday_before_saturday_holiday_is_not_moved():
    """GCL §§ 24, 25-a: a period ending Friday 2026-07-03 (no § 24 holiday) ends that Friday."""
    assert within_days_after(date(2026, 6, 3), 30, what="submission").date == date(2026, 7, 3)


def test_zero_days_and_negative_days():
    """GCL § 20: a period of 0 days ends on the day itself (moved by § 25-a if closed); a negative period is
    InvalidCase naming 'days'."""
    assert within_days_after(date(2026, 3, 4), 0, what="x").date == date(2026, 3, 4)
    assert within_days_after(date(2026, 3, 7), 0, what="x").date == date(2026, 3, 9)
    with pytest.raises(InvalidCase) as info:
        within_days_after(date(2026, 3, 4), -1, what="x")
    assert info.value.field == "days"
    with pytest.raises(InvalidCase):
        at_least_days_before(date(2026, 3, 4), -1, what="x")


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31)), st.integers(min_value=0, max_value=400))
def test_within_days_after_is_a_business_day_no_earlier_than_nominal_and_within_a_week(start, days):
    """GCL §§ 20, 25-a: the last day is a business day, never before start + days, and the first business day
    on or after it."""
    d = within_days_after(start, days, what="x")
    nominal = start + timedelta(days=days)
    assert is_business_day(d.date)
    assert nominal <= d.date <= nominal + timedelta(days=5)
    assert all(not is_business_day(nominal + timedelta(days=i)) for i in range((d.date - nominal).days))


# --- § 20 counted backwards: not extended ---------------------------------------------------------------


def test_at_least_60_days_before_on_a_business_day():
    """GCL § 20 (Carmel ch. 31 ¶ B, filed at least 60 days prior): for an assembly on Tuesday 2026-09-01
    the last day is Friday 2026-07-03, a business day (no Friday observance under § 24)."""
    d = at_least_days_before(date(2026, 9, 1), 60, what="the assembly")
    assert d.date == date(2026, 7, 3)
    assert d.closed is None and d.act_by == date(2026, 7, 3)
    assert d.to_json() == {"date": "2026-07-03", "counted": d.counted}


def test_at_least_days_before_on_saturday_is_not_moved_and_names_preceding_business_day():
    """GCL §§ 20, 25-a: for an assembly on Wednesday 2026-09-02, 60 days before is Saturday 2026-07-04; the
    day is not moved (extending would shorten the notice), the Clerk's office is closed, and the day to act by
    is Friday 2026-07-03."""
    d = at_least_days_before(date(2026, 9, 2), 60, what="the assembly")
    assert d.date == date(2026, 7, 4)
    assert d.closed == "Saturday"
    assert d.act_by == date(2026, 7, 3)
    assert "not extended" in d.counted and "Friday 2026-07-03" in d.counted
    assert d.to_json() == {"date": "2026-07-04", "counted": d.counted, "office_closed": "Saturday",
                           "act_by": "2026-07-03"}


def test_at_least_days_before_on_a_monday_holiday_goes_back_over_the_weekend():
    """GCL §§ 20, 24: 10 days before Thursday 2026-09-17 is Monday 2026-09-07, Labor Day: the office is closed
    and the preceding business day is Friday 2026-09-04."""
    d = at_least_days_before(date(2026, 9, 17), 10, what="the public hearing")
    assert d.date == date(2026, 9, 7)
    assert d.closed == "Labor Day"
    assert d.act_by == date(2026, 9, 4)


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31)), st.integers(min_value=0, max_value=400))
def test_at_least_days_before_is_exactly_n_days_and_act_by_never_later(event, days):
    """GCL § 20: the last day is exactly event − days; act_by is a business day on or before it."""
    d = at_least_days_before(event, days, what="x")
    assert d.date == event - timedelta(days=days)
    assert days_between(d.date, event) == days
    assert d.act_by <= d.date and is_business_day(d.act_by)
    assert (d.closed is None) == is_business_day(d.date)


# --- 29 February ------------------------------------------------------------------------------------------


def test_years_before_29_february_is_28_february():
    """Carmel ch. 31, exemptions ¶¶ C, D ("maintained ... for one year prior"), GCL § 20: one year before
    Tuesday 2028-02-29 is 2027-02-28 (the earlier day), and four years before it is 2024-02-29."""
    assert years_before(date(2028, 2, 29), 1) == date(2027, 2, 28)
    assert years_before(date(2028, 2, 29), 4) == date(2024, 2, 29)
    assert years_before(date(2027, 3, 1), 1) == date(2026, 3, 1)
    assert years_before(date(2026, 7, 4), 1) == date(2025, 7, 4)


# --- the counted sentences name a holiday without an article ---------------------------------------------------


@pytest.mark.parametrize("year", [2020, 2021, 2022, 2023, 2026, 2027, 2028])
def test_a_holiday_is_named_without_an_article_in_the_counted_sentences_24_25a(year):
    """GCL §§ 24, 25-a: a period ending on a weekday that is a § 24 holiday says "…, Juneteenth, a public holiday
    (GCL § 24), so the period runs …" and "It is Juneteenth, a public holiday (GCL § 24), when …" — never "a
    Juneteenth" — for every holiday of the year (each name from the `holidays` package as corrected to § 24,
    Sunday holidays observed on Monday among them). A weekend day is still "a Saturday", "a Sunday"."""
    weekdays = {day: name for day, name in public_holidays(year).items() if day.weekday() < 5}
    assert weekdays, year
    for day, name in weekdays.items():
        phrase = f"{name}, a public holiday (GCL § 24)"
        after = within_days_after(day - timedelta(days=10), 10, what="x").counted
        assert f"{day.strftime('%A')} {day.isoformat()}, {phrase}, so the period runs to the next business day" in after
        before = at_least_days_before(day + timedelta(days=10), 10, what="x").counted
        assert f"It is {phrase}, when the Town Clerk's office is closed" in before
        for sentence in (after, before):
            assert f"a {name}" not in sentence and f"an {name}" not in sentence
    for day, label in holidays.country_holidays("US", subdiv="NY", years=year).items():  # every library name
        if day.weekday() < 5 and day in weekdays:  # (one not of § 24, e.g. Susan B. Anthony Day, closes nothing)
            before = at_least_days_before(day + timedelta(days=10), 10, what="x").counted
            assert f"It is {weekdays[day]}, a public holiday (GCL § 24), when" in before, (label, before)


@pytest.mark.parametrize("day, phrase", [(date(2026, 7, 4), "a Saturday"), (date(2026, 7, 5), "a Sunday")])
def test_a_weekend_day_keeps_its_article_25a(day, phrase):
    """GCL § 25-a: a period ending on a Saturday or a Sunday (Independence Day 2026 is a Saturday: the office is
    closed for the weekend, as `closed_because` says) reads "…, a Saturday, so the period runs …"."""
    after = within_days_after(day - timedelta(days=10), 10, what="x").counted
    assert f"{day.isoformat()}, {phrase}, so the period runs to the next business day" in after
    before = at_least_days_before(day + timedelta(days=10), 10, what="x").counted
    assert f"It is {phrase}, when the Town Clerk's office is closed" in before


def test_every_holiday_of_the_table_is_named_without_an_article_24():
    """GCL § 24, 1990-2100: every holiday on a weekday of every year of the table reads "It is <name>, a public
    holiday (GCL § 24)" when a period counted backwards ends on it."""
    from publicassembly.law.holiday_table import FIRST_YEAR, LAST_YEAR

    for year in range(FIRST_YEAR, LAST_YEAR + 1):
        for day, name in public_holidays(year).items():
            if day.weekday() < 5:
                before = at_least_days_before(day + timedelta(days=10), 10, what="x").counted
                assert f"It is {name}, a public holiday (GCL § 24), when" in before, (day, before)
