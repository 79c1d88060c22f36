"""Carmel ch. 31, penalties ¶¶ A-C: each day's continued violation a separate violation; per violation a fine of
not more than $250, imprisonment not exceeding 15 days, or both; and the injunction remedy."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from carmel_helpers import Determine, bare
from hypothesis import given
from hypothesis import strategies as st

from publicassembly.law import Status, evaluate


def _violation(days: int, **extra: object) -> dict[str, object]:
    """A violation of `days` days from 2026-06-19, evaluated as of its last day."""
    last = date(2026, 6, 19) + timedelta(days=max(days, 1) - 1)
    return bare(max_persons_at_one_time=2000, dates={"first_day": "2026-06-19"}, as_of=last.isoformat(),
                violation={"days_of_continued_violation": days, "first_day": "2026-06-19"}, **extra)


@pytest.mark.parametrize(("first_day", "days", "field"), [
    ("2026-06-25", 1, None), ("2026-06-26", 1, "violation.first_day"),
    ("2026-06-19", 7, None), ("2026-06-19", 8, "violation.days_of_continued_violation"),
])
def test_a_violation_not_yet_committed_on_as_of_is_refused_penalties_a(first_day, days, field) -> None:
    """Penalties ¶ A: each day's continued violation is a separate violation; evaluated as of 2026-06-25, a
    violation first committed the day after, or an eighth day from 2026-06-19, has not been committed yet and
    is refused naming the field (it had been given a penalty for days still to come)."""
    from publicassembly.law import InvalidCase

    data = bare(max_persons_at_one_time=2000, dates={"first_day": "2026-06-19"}, as_of="2026-06-25",
                violation={"days_of_continued_violation": days, "first_day": first_day})
    if field is None:
        assert evaluate(data).penalty.violations == days
        return
    with pytest.raises(InvalidCase) as err:
        evaluate(data)
    assert err.value.field == field and "is evaluated as of (2026-06-25)" in err.value.message


def test_one_day_is_one_violation_250_dollars_15_days_penalties_a_b(determine: Determine) -> None:
    p = determine(_violation(1)).penalty
    assert p is not None
    assert p.to_json() == {"offense_number": None, "violations": 1, "min_fine": 0, "max_fine": 250,
                           "max_jail_days": 15, "max_jail_months": None, "classification": "violation",
                           "citation": "Carmel Code ch. 31, penalties ¶ B"}


def test_three_days_are_three_violations_750_dollars_45_days_penalties_a_b(determine: Determine) -> None:
    d = determine(_violation(3))
    assert d.penalty is not None
    assert (d.penalty.violations, d.penalty.max_fine, d.penalty.max_jail_days) == (3, Decimal(750), 45)
    assert "3 days of continued violation are 3 separate violations" in d.verdict
    f = d.finding("carmel/penalties/ab-violation")
    assert f.status is Status.NEEDS_REVIEW and "for the court" in f.reason


@given(st.integers(min_value=1, max_value=3650))
def test_each_day_adds_a_violation_penalties_a_b(days: int) -> None:
    p = evaluate(_violation(days)).penalty
    assert p is not None
    assert (p.violations, p.min_fine, p.max_fine, p.max_jail_days) == (days, 0, 250 * days, 15 * days)


def test_zero_days_of_violation_is_rejected_penalties_a() -> None:
    from publicassembly.law import InvalidCase

    with pytest.raises(InvalidCase) as err:
        evaluate(_violation(0))
    assert err.value.field == "violation.days_of_continued_violation"


def test_injunction_remedy_reported_with_a_violation_penalties_c(determine: Determine) -> None:
    f = determine(_violation(2)).finding("carmel/penalties/c-injunction")
    assert f.status is Status.NEEDS_REVIEW and "injunction" in f.reason
    assert determine(bare(max_persons_at_one_time=2000)).finding(
        "carmel/penalties/c-injunction").status is Status.NOT_APPLICABLE


def test_exempt_assembly_carries_no_penalty_exemptions_b_penalties_a(determine: Determine) -> None:
    sponsor = {"kind": "church", "established": True, "place_of_worship_in_town": True, "sponsored": True, "organized": True,
               "authorized": True}
    d = determine(_violation(3, sponsor=sponsor))
    assert d.penalty is None
    assert d.finding("carmel/penalties/ab-violation").status is Status.NOT_APPLICABLE


def test_500_persons_without_a_permit_is_no_violation_penalties_a(determine: Determine) -> None:
    data = _violation(2)
    data["max_persons_at_one_time"] = 500
    assert determine(data).penalty is None
