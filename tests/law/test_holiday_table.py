"""GCL § 24 holidays: the table frozen for start-up speed (law/holiday_table.py) is exactly what the ``holidays``
package, corrected to § 24, gives for every year it holds; years outside it still come from the library."""

from __future__ import annotations

from datetime import date

import pytest

from publicassembly.law import dates
from publicassembly.law.errors import InvalidCase
from publicassembly.law.holiday_table import FIRST_YEAR, HOLIDAYS, LAST_YEAR


@pytest.mark.parametrize("year", range(FIRST_YEAR, LAST_YEAR + 1))
def test_gcl_24_table_matches_the_library(year: int) -> None:
    """Regenerate with `make holidays` when this fails (the library was updated or § 24 corrections changed)."""
    table = tuple((date(year, m, d), name) for m, d, name in HOLIDAYS[year])
    assert table == dates.section_24_holidays_from_library(year)


def test_gcl_24_years_before_the_table_come_from_the_library() -> None:
    for year in (FIRST_YEAR - 1, dates.KNOWN_YEARS[0]):
        assert dates.public_holidays(year) == dict(dates.section_24_holidays_from_library(year))
    assert date(FIRST_YEAR - 1, 7, 4) in dates.public_holidays(FIRST_YEAR - 1)  # Independence Day, GCL § 24


@pytest.mark.parametrize("year", [dates.KNOWN_YEARS[0] - 1, dates.KNOWN_YEARS[1] + 1, 9999])
def test_gcl_25a_refuses_to_count_where_holidays_are_unknown(year: int) -> None:
    """Interpretation G-2: legal time is not counted as if a year had no holidays; the error names the date."""
    with pytest.raises(InvalidCase, match=f"{year}.*1777-2100"):
        dates.within_days_after(date(year, 12, 31), 30, what="submission of the application")
    with pytest.raises(InvalidCase, match=f"{year}.*1777-2100"):
        dates.at_least_days_before(date(year, 1, 1), 60, what="the first day of the assembly")


def test_gcl_25a_counts_on_the_last_known_year() -> None:
    """2100-12-31 + 30 days reaches 2101, outside the library's years: refused, not counted without holidays."""
    assert dates.at_least_days_before(date(2100, 12, 31), 60, what="x").date == date(2100, 11, 1)
    with pytest.raises(InvalidCase):
        dates.within_days_after(date(2100, 12, 31), 30, what="x")


def test_gcl_24_table_years_are_contiguous() -> None:
    assert sorted(HOLIDAYS) == list(range(FIRST_YEAR, LAST_YEAR + 1))


def test_gcl_24_check_of_2026_needs_no_library() -> None:
    """The table answers a year people file in: 2026's Thanksgiving (fourth Thursday of November) and the
    general election day (Tuesday after the first Monday of November)."""
    assert dates.holiday_name(date(2026, 11, 26)) == "Thanksgiving Day"
    assert dates.holiday_name(date(2026, 11, 3)) == "General Election Day"
    assert dates.holiday_name(date(2026, 11, 27)) is None
