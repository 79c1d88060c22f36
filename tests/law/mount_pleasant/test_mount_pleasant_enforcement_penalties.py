"""Mount Pleasant Code § 164-12 (enforcement, summons, Town Justice Court) and § 164-14 (penalties by offense
number)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from publicassembly.law.core import Status
from publicassembly.law.errors import InvalidCase
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import (
    JURISDICTION,
    enforcement_powers,
    may_issue_summons,
    penalty_for_offense,
)

VALUES = JURISDICTION.parameters.at(date(2025, 3, 3))
HALL = [{"name": "Hall", "use_group": "dance_hall_lodge_room", "area": 3000}]


@pytest.mark.parametrize("n, low, high, days, months, kind", [
    (1, 25, 100, None, None, "violation"),
    (2, 100, 250, 15, None, "violation"),
    (3, 500, 1000, None, 6, "misdemeanor"),
    (10, 500, 1000, None, 6, "misdemeanor"),
])
def test_164_14_penalty_tiers(n, low, high, days, months, kind, values):
    """§ 164-14: first $25–$100 (violation); second $100–$250 or 15 days or both (violation); any subsequent
    $500–$1,000 or six months or both (misdemeanor)."""
    p = penalty_for_offense(n, values)
    assert (p.offense_number, p.violations) == (n, 1)
    assert (p.min_fine, p.max_fine) == (Decimal(low), Decimal(high))
    assert (p.max_jail_days, p.max_jail_months, p.classification) == (days, months, kind)
    assert p.citation == "Mount Pleasant Code § 164-14"


@pytest.mark.parametrize("bad", [0, -1, True, 1.5])
def test_164_14_offense_number_must_be_1_or_more(bad, values):
    """§ 164-14: the offense number is a whole number from 1."""
    with pytest.raises(ValueError, match="offense_number"):
        penalty_for_offense(bad, values)


def _severity(n: int) -> tuple[Decimal, Decimal, int]:
    p = penalty_for_offense(n, VALUES)
    jail_days = (p.max_jail_days or 0) + 30 * (p.max_jail_months or 0)
    return p.min_fine, p.max_fine, jail_days


@given(st.integers(1, 1000), st.integers(0, 1000))
def test_164_14_a_higher_offense_number_never_lowers_the_penalty(n, more):
    """§ 164-14: fines and imprisonment never fall as the offense number rises."""
    a, b = _severity(n), _severity(n + more)
    assert all(y >= x for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("prior, n, kind", [(0, 1, "violation"), (1, 2, "violation"), (2, 3, "misdemeanor"),
                                            (9, 10, "misdemeanor")])
def test_164_14_offense_number_counted_from_prior_offenses(determine, prior, n, kind):
    """§ 164-14: the offense number is the offender's prior offenses + 1."""
    d = determine(commercial=True, spaces=HALL, violation={
        "rule": "164-10", "offender": "J. Doe", "prior_offenses": prior, "date": "2025-02-15"})
    assert d.penalty is not None
    assert (d.penalty.offense_number, d.penalty.classification) == (n, kind)
    assert d.verdict.startswith("A ")
    assert "Mount Pleasant Code § 164-14" in d.verdict


def test_164_14_violation_before_the_chapter_is_refused(determine):
    """§ 164-14: no penalty of ch. 164 (as given) is in force before 1976-02-24: refused naming violation.date."""
    with pytest.raises(InvalidCase) as info:
        determine(commercial=True, spaces=HALL, violation={
            "rule": "164-10", "offender": "J. Doe", "prior_offenses": 0, "date": "1970-01-01"})
    assert info.value.field == "violation.date"


@pytest.mark.parametrize("rule", ["164-1", "164-4", "164-12", "164-99", "exits"])
def test_violation_must_name_a_requirement_of_the_chapter(determine, rule):
    """§ 164-14 "any of the requirements": a violation names a section with a requirement (164-2 to 164-11)."""
    with pytest.raises(ValidationError, match="allowed sections"):
        determine(spaces=HALL, violation={"rule": rule, "offender": "X", "prior_offenses": 0,
                                          "date": "2025-01-01"})


def test_164_12_only_the_building_inspector_issues_a_summons():
    """§ 164-12: the Building Inspector issues the summons; the other officers do not."""
    assert may_issue_summons("building_inspector") is True
    for officer in ("fire_district_inspector", "town_fire_marshal", "police_officer"):
        assert may_issue_summons(officer) is False
    with pytest.raises(ValueError, match="officer: 'mayor'"):
        may_issue_summons("mayor")


@pytest.mark.parametrize("officer, present, enforce, complaint", [
    ("building_inspector", True, True, None), ("building_inspector", False, True, None),
    ("fire_district_inspector", True, True, "building_inspector"),
    ("town_fire_marshal", True, True, "building_inspector"),
    ("police_officer", True, True, "building_inspector"),
    ("police_officer", False, False, "building_inspector"),
])
def test_164_12_enforcement_powers(officer, present, enforce, complaint, values):
    """§ 164-12: other officers enforce a violation in their presence and then complain to the Building
    Inspector; any summons is returnable in the Town Justice Court of the Town of Mount Pleasant."""
    p = enforcement_powers(officer, present, values)
    assert (p.may_enforce, p.must_file_complaint_with) == (enforce, complaint)
    assert p.summons_returnable_in == "Town Justice Court of the Town of Mount Pleasant"


def test_164_12_enforcement_finding(determine):
    """§ 164-12: a police officer not present needs the in_presence fact; present, he may enforce."""
    base = {"rule": "164-11", "offender": "X", "prior_offenses": 0, "date": "2025-01-01",
            "observed_by": "police_officer"}
    d = determine(commercial=True, spaces=HALL, violation=base)
    assert d.finding("mount-pleasant/164-12/enforcement").status is Status.MISSING
    d = determine(commercial=True, spaces=HALL, violation={**base, "in_presence": True})
    f = d.finding("mount-pleasant/164-12/enforcement")
    assert f.status is Status.MET
    assert d.requirements["enforcement"]["summons_returnable_in"] == "Town Justice Court of the Town of Mount Pleasant"


@pytest.mark.parametrize("day, refused", [(date(2025, 3, 2), False), (date(2025, 3, 3), False),
                                          (date(2025, 3, 4), True)])
def test_164_14_violation_after_as_of_is_refused_naming_violation_date(determine, day, refused):
    """§§ 164-12, 164-14: the case is evaluated as of 2025-03-03; a violation of the day before or of that day is
    an offense whose penalty is found; one of the day after has not been committed yet: refused naming
    ``violation.date`` (it was accepted and given a penalty)."""
    violation = {"rule": "164-10", "offender": "J. Doe", "prior_offenses": 0, "date": day.isoformat()}
    if not refused:
        d = determine(commercial=True, spaces=HALL, violation=violation)
        assert d.penalty is not None and d.penalty.offense_number == 1
        assert d.finding("mount-pleasant/164-14/penalty").values["date"] == day
        return
    with pytest.raises(InvalidCase) as info:
        determine(commercial=True, spaces=HALL, violation=violation)
    assert info.value.field == "violation.date"
    assert "2025-03-04 is after the day the case is evaluated as of (2025-03-03)" in info.value.message


@pytest.mark.parametrize("day, refused", [(date(2025, 3, 2), False), (date(2025, 3, 3), False),
                                          (date(2025, 3, 4), True)])
def test_an_inspection_after_as_of_is_refused_naming_inspection_date_164_5_164_10(determine, day, refused):
    """§§ 164-5, 164-10, 164-11: what an officer found is counted only once the inspection has been made; one
    dated the day after the day the case is evaluated as of (2025-03-03) is refused naming ``inspection.date``
    (its blocked exits had been found as facts)."""
    inspection = {"date": day.isoformat(), "persons_present": 50, "exits_blocked": True}
    if not refused:
        d = determine(commercial=True, spaces=HALL, inspection=inspection)
        assert d.finding("mount-pleasant/164-10/exits-not-blocked").status is Status.NOT_MET
        return
    with pytest.raises(InvalidCase) as info:
        determine(commercial=True, spaces=HALL, inspection=inspection)
    assert info.value.field == "inspection.date"
    assert "2025-03-04 is after the day the case is evaluated as of (2025-03-03)" in info.value.message
