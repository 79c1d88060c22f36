"""A batch row with several mistakes is told all of them in its one error cell, in the order of the columns
(jurisdiction, use_group, area_unit, area, alleys, commercial, attendance), separated by " | " — it was told
the first only (a row with ``acres``, ``maybe`` and ``-1`` named ``area_unit`` alone), so a county fixing a file
of a million spaces needed a run per mistake. Both paths (bulk and per row) give the same cell."""

from __future__ import annotations

import pytest

from publicassembly.batch.evaluate import PROBLEMS_SEPARATOR, RowError, evaluate_row

from .helpers import both_paths, setting


def test_every_column_in_error_is_told_in_the_order_of_the_columns():
    row = {"jurisdiction": "carmel-ny", "use_group": "ballroom", "area_unit": "acres", "area": "-1",
           "alleys": "x", "commercial": "maybe", "attendance": "-3"}
    with pytest.raises(RowError) as caught:
        evaluate_row(row, setting())
    told = str(caught.value).split(PROBLEMS_SEPARATOR)
    assert [t.split(":")[0] for t in told] == ["jurisdiction", "use_group", "area_unit", "area", "alleys",
                                                "commercial", "attendance"]
    assert told[3] == ("area: an area cannot be negative (got -1); allowed: a decimal number, more than 0 (a bowling "
                       "alley's additional area beyond its alleys: 0 or more)")
    assert told[5].startswith("commercial: 'maybe' is not true or false; allowed: true, false")


@pytest.mark.parametrize(("row", "told"), [
    ({"use_group": "business", "area": "-5"},
     "area: an area cannot be negative (got -5); allowed: a decimal number, more than 0 (a bowling "
     "alley's additional area beyond its alleys: 0 or more)"),
    ({"use_group": "business", "area": "100", "attendance": "-1"},
     "attendance: cannot be negative (got -1); a whole number of persons, 0 or more"),
])
def test_a_row_of_one_mistake_is_told_that_one_alone(row, told):
    bulk, per_row = both_paths([row])
    assert bulk == per_row and bulk[0]["error"] == told


def test_a_row_of_two_mistakes_is_told_both_on_both_paths():
    """§ 164-7: the use group and the area are read on their own; both refusals reach the error cell."""
    bulk, per_row = both_paths([{"use_group": "", "area": "", "commercial": "perhaps"},
                                {"use_group": "business", "area": "1000", "commercial": "yes"}])
    assert bulk == per_row
    first = bulk[0]["error"].split(PROBLEMS_SEPARATOR)
    assert [t.split(":")[0] for t in first] == ["use_group", "area", "commercial"]
    assert bulk[1]["status"] == "ok" and bulk[1]["occupant_load"] == 10
