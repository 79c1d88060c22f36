"""Refusals of the law core never print Python's ``None``: a fact that is not given is said to be not given
(Mount Pleasant §§ 164-7/164-8 bowling alleys and floor areas, Carmel ch. 31 penalties ¶¶ A-B, a case's
subject)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from publicassembly.law.cases import parse_case
from publicassembly.law.errors import InvalidCase
from publicassembly.law.jurisdictions import get
from publicassembly.law.jurisdictions.us_ny_carmel.penalties import penalty_for_days
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import occupant_load_of_space

MP = get("mount-pleasant-ny").parameters.at(date(2026, 7, 1))
CARMEL = get("carmel-ny").parameters.at(date(2026, 7, 1))


def test_164_7_bowling_alley_without_its_number_of_alleys_says_not_given():
    """§ 164-7: 5 persons per alley; without the number of alleys the load cannot be computed."""
    with pytest.raises(ValueError) as caught:
        occupant_load_of_space("bowling_alley", Decimal(100), None, MP)
    message = str(caught.value)
    assert message.startswith("alleys: the number of alleys of the bowling_alley space is not given")
    assert "None" not in message


@pytest.mark.parametrize(("alleys", "load"), [(0, 10), (1, 15)])
def test_164_7_bowling_alley_with_0_or_1_alley_is_computed(alleys, load):
    """§ 164-7: alleys × 5 plus floor(100 sq ft / 10) — the lowest counts are taken, not refused."""
    assert occupant_load_of_space("bowling_alley", Decimal(100), alleys, MP) == load


def test_164_7_negative_alleys_still_name_the_value():
    with pytest.raises(ValueError, match=r"alleys: .*\(0 or more\), got -1"):
        occupant_load_of_space("bowling_alley", Decimal(100), -1, MP)


def test_164_7_area_not_given_says_not_given():
    with pytest.raises(ValueError) as caught:
        occupant_load_of_space("school", None, None, MP)  # type: ignore[arg-type]
    assert str(caught.value).startswith("area_sq_ft: the floor area is not given") and "None" not in str(caught.value)


def test_carmel_penalties_days_not_given_says_not_given():
    """Carmel ch. 31 penalties ¶ A: each day a separate violation — the days must be given (at least 1)."""
    with pytest.raises(ValueError) as caught:
        penalty_for_days(None, CARMEL)  # type: ignore[arg-type]
    message = str(caught.value)
    assert message.startswith("days_of_continued_violation: the number of days is not given")
    assert "None" not in message
    assert penalty_for_days(1, CARMEL).violations == 1


@pytest.mark.parametrize("subject", [None, ""])
def test_a_case_without_its_subject_says_it_is_required(subject):
    case = {"jurisdiction": "carmel-ny", "as_of": "2026-07-01"}
    if subject is not None:
        case["subject"] = subject
    with pytest.raises(InvalidCase) as caught:
        parse_case(case)
    assert caught.value.field == "subject"
    assert caught.value.message.startswith("is required; allowed: event") and "None" not in str(caught.value)
