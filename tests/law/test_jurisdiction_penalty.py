"""Each chapter says what its penalty is counted by and gives the range for that count (`Jurisdiction.penalty`):
Mount Pleasant § 164-14 by a person's offense number, Carmel ch. 31 penalties ¶¶ A, B by the days of continued
violation, each day a separate violation. The workflow's summonses and the documents' check of a summons read
from JSON both take it from here."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from publicassembly.law import jurisdictions
from publicassembly.law.errors import ParameterNotInForce

ON = date(2026, 6, 1)


def test_what_each_chapter_counts_its_penalty_by():
    assert jurisdictions.get("mount-pleasant-ny").penalty_counted_by == "offense_number"
    assert jurisdictions.get("carmel-ny").penalty_counted_by == "days_of_continued_violation"


@pytest.mark.parametrize(("n", "fines", "jail", "classification"), [
    (1, ("25", "100"), (None, None), "violation"),
    (2, ("100", "250"), (15, None), "violation"),
    (3, ("500", "1000"), (None, 6), "misdemeanor"),
    (4, ("500", "1000"), (None, 6), "misdemeanor"),
])
def test_mount_pleasant_by_offense_number_section_164_14(n, fines, jail, classification):
    p = jurisdictions.get("mount-pleasant-ny").penalty(n, ON)
    assert (p.offense_number, p.min_fine, p.max_fine) == (n, Decimal(fines[0]), Decimal(fines[1]))
    assert (p.max_jail_days, p.max_jail_months, str(p.classification)) == (*jail, classification)


@pytest.mark.parametrize(("days", "max_fine", "jail_days"), [(1, "250", 15), (3, "750", 45)])
def test_carmel_by_days_each_a_separate_violation_penalties_a_b(days, max_fine, jail_days):
    p = jurisdictions.get("carmel-ny").penalty(days, ON)
    assert (p.violations, p.max_fine, p.max_jail_days, p.offense_number) == (days, Decimal(max_fine), jail_days,
                                                                              None)


@pytest.mark.parametrize(("alias", "field"), [("mount-pleasant-ny", "offense_number"),
                                              ("carmel-ny", "days_of_continued_violation")])
def test_a_count_below_one_is_refused_naming_what_is_counted(alias, field):
    with pytest.raises(ValueError, match=rf"^{field}: "):
        jurisdictions.get(alias).penalty(0, ON)


def test_no_penalty_before_the_chapter_took_effect():
    j = jurisdictions.get("mount-pleasant-ny")
    first = j.parameters.in_force_from
    assert j.penalty(1, first).max_fine == Decimal("100")
    with pytest.raises(ParameterNotInForce):
        j.penalty(1, date.fromordinal(first.toordinal() - 1))
