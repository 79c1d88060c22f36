"""§§ 164-7, 164-8 (one occupant per so many square feet of floor area), § 164-9 (a sign stating each room's lawful
occupancy) and interpretation M-31: a room or area of floor area 0 is no room — it holds no one and its sign would
state 0 — so a case giving one is refused naming the area and saying it must be more than 0 sq ft, as the API and
the pages refuse it; a bowling alley's additional area (beyond its alleys and their runways) may be 0."""

from __future__ import annotations

import pytest

from publicassembly.law import InvalidCase, evaluate
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import may_have_no_floor_area, no_floor_area

MUST = ("must be more than 0 sq ft: a room or area of no floor area holds no one (§§ 164-7, 164-8) and its sign "
        "(§ 164-9) would state 0; only a bowling alley's additional area (beyond its alleys and their runways) may "
        "be 0 (got {})")


def _case(*spaces):
    return {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2025-03-03", "commercial": True,
            "spaces": list(spaces)}


@pytest.mark.parametrize(("group", "area", "unit", "written"), [
    ("business", 0, "sq_ft", "0"), ("school", "0.0", "sq_ft", "0.0"), ("open_air", "-0.0", "sq_ft", "-0.0"),
    ("assembly_without_fixed_seats", 0, "sq_m", "0"), ("storage", "0e3", "sq_ft", "0e3"),
])
def test_a_room_or_area_of_floor_area_0_is_refused_naming_its_area_m31(group, area, unit, written):
    """A room (or open-air area, § 164-8) of floor area 0, however written and in either unit: refused naming
    ``spaces[1].area`` and the zero as written."""
    with pytest.raises(InvalidCase) as refused:
        evaluate(_case({"name": "Hall", "use_group": "business", "area": 1500},
                       {"name": "Closet", "use_group": group, "area": area, "area_unit": unit}))
    assert refused.value.field == "spaces[1].area"
    assert refused.value.message == MUST.format(written)


@pytest.mark.parametrize("area", ["0.0001", 1])
def test_a_room_of_more_than_0_sq_ft_is_taken_though_it_holds_no_one_164_7(area):
    """The other side: 0.0001 sq ft (or 1 sq ft) of business floor is more than 0: taken, its occupant load 0
    (100 sq ft per person, § 164-7, rounded down)."""
    d = evaluate(_case({"name": "Closet", "use_group": "business", "area": area}))
    assert d.occupancy.spaces[0].occupant_load == 0


def test_a_bowling_alleys_additional_area_may_be_0_164_7():
    """§ 164-7: a bowling alley's area is the additional area beyond its alleys: 0 is none, 12 alleys hold 60."""
    d = evaluate(_case({"name": "Lanes", "use_group": "bowling_alley", "alleys": 12, "area": 0}))
    assert d.occupancy.spaces[0].occupant_load == 60


def test_every_space_of_no_floor_area_is_told_at_once_with_the_others_m31():
    """Two rooms of area 0 and a room of an unknown use group: each refusal told, in the order of the spaces."""
    with pytest.raises(InvalidCase) as refused:
        evaluate(_case({"name": "A", "use_group": "business", "area": 0},
                       {"name": "B", "use_group": "gym", "area": 0},
                       {"name": "C", "use_group": "school", "area": "-0"}))
    fields = [field for field, _message in refused.value.errors]
    assert fields == ["spaces[0].area", "spaces[1].use_group", "spaces[2].area"]


def test_only_a_bowling_alley_may_have_no_floor_area():
    assert may_have_no_floor_area("bowling_alley") and not may_have_no_floor_area("open_air")
    assert no_floor_area("-0") == MUST.format("-0")
