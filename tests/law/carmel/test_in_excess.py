"""Carmel ch. 31, permit requirements ¶ A: "in excess of 500 persons" — the one test the permit rule and a permit
read from JSON share (`permit.in_excess`), on both sides of the threshold in force."""

from __future__ import annotations

from datetime import date

import pytest

from publicassembly.law import jurisdictions
from publicassembly.law.jurisdictions.us_ny_carmel.permit import in_excess


@pytest.mark.parametrize(("persons", "required"), [(0, False), (499, False), (500, False), (501, True)])
def test_permit_requirements_a_in_excess_of_the_threshold(persons, required):
    values = jurisdictions.get("carmel-ny").parameters.at(date(2026, 7, 1))
    assert values["permit.threshold_persons"] == 500
    assert in_excess(persons, values) is required
