"""Carmel ch. 31, penalties ¶¶ A, B as a pure function of the days of continued violation (used by the
enforcement workflow): each day a separate violation, up to $250 and 15 days each."""

from datetime import date
from decimal import Decimal

import pytest

from publicassembly.law.jurisdictions import get
from publicassembly.law.jurisdictions.us_ny_carmel.penalties import penalty_for_days

VALUES = get("carmel-ny").parameters.at(date(2026, 7, 1))


@pytest.mark.parametrize(("days", "max_fine", "max_jail"), [(1, "250", 15), (2, "500", 30), (30, "7500", 450)])
def test_penalties_b_each_day_adds_250_dollars_and_15_days(days: int, max_fine: str, max_jail: int) -> None:
    p = penalty_for_days(days, VALUES)
    assert (p.violations, p.min_fine, p.max_fine, p.max_jail_days) == (days, Decimal(0), Decimal(max_fine), max_jail)
    assert p.offense_number is None and p.max_jail_months is None and p.classification == "violation"


@pytest.mark.parametrize("days", [0, -1, True, 1.5])
def test_penalties_a_need_at_least_one_day(days: object) -> None:
    with pytest.raises(ValueError, match="days_of_continued_violation"):
        penalty_for_days(days, VALUES)  # type: ignore[arg-type]


def test_the_summons_court_of_carmel_is_a_cited_parameter() -> None:
    assert VALUES["enforcement.court"] == "Town Justice Court of the Town of Carmel"
    assert VALUES.cite("enforcement.court").startswith("Carmel Code ch. 31")
