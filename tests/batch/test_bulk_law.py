"""law/bulk.py: the per-space rules of Mount Pleasant ch. 164 over columns, exact, with the numbers of the
parameter file (§§ 164-4, 164-5, 164-6, 164-7, 164-8)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import numpy as np
import pytest

from publicassembly.law import bulk
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import JURISDICTION, USE_GROUPS

VALUES = JURISDICTION.parameters.at(date(2025, 1, 1))
LAW = bulk.SpaceLaw.from_values(VALUES)
G = {g: i for i, g in enumerate(USE_GROUPS)}
SQ_FT, SQ_M = 0, 1


def loads(groups: list[str], areas: list[str], units: list[int] | None = None,
          alleys: list[int] | None = None) -> list[int]:
    n = len(groups)
    fixed = [int(Decimal(a) * bulk.AREA_SCALE) for a in areas]
    out, computed = bulk.occupant_loads(LAW, np.array([G[g] for g in groups]), np.array(fixed),
                                        np.array(units or [SQ_FT] * n), np.array(alleys or [0] * n))
    assert computed.all()
    return out.tolist()


def test_164_7_30_sq_ft_at_15_hold_exactly_2_and_29_9999_hold_1() -> None:
    assert loads(["assembly_without_fixed_seats"] * 3, ["30", "29.9999", "30.0001"]) == [2, 1, 2]


def test_164_7_every_use_group_at_its_own_factor_boundary() -> None:
    for group in USE_GROUPS:
        factor = VALUES[f"occupancy.floor_area_per_occupant.{group}"]
        below = str(Decimal(factor) * 10 - Decimal("0.0001"))
        alleys = [0, 0] if group == "bowling_alley" else None
        assert loads([group, group], [str(Decimal(factor) * 10), below], alleys=alleys) == [10, 9], group


def test_164_7_bowling_12_alleys_and_1000_sq_ft_hold_160() -> None:
    assert loads(["bowling_alley"], ["1000"], alleys=[12]) == [160]


def test_164_8_open_air_square_metres_converted_exactly() -> None:
    # 1393.5456 m² is exactly 15,000 sq ft: 1000 persons at 15 sq ft; a ten-thousandth less holds 999
    assert loads(["open_air", "open_air"], ["1393.5456", "1393.5455"], units=[SQ_M, SQ_M]) == [1000, 999]


def test_164_6_toilets_75_persons_need_1_and_76_need_2() -> None:
    assert bulk.toilets_required(LAW, np.array([0, 1, 75, 76, 150, 151])).tolist() == [0, 1, 1, 2, 2, 3]


def test_164_4_thresholds_both_sides_commercial_noncommercial_and_unstated() -> None:
    persons = np.array([24, 25, 74, 75, 24, 25, 74, 75, 24, 25, 74, 75])
    commercial = np.array([1] * 4 + [0] * 4 + [-1] * 4, dtype=np.int8)
    got = bulk.place_of_assembly(LAW, persons, commercial).tolist()
    y, n, r = bulk.YES, bulk.NO, bulk.NEEDS_REVIEW
    assert got == [n, y, y, y, n, n, n, y, n, r, r, y]


def test_164_5_overcrowded_only_above_the_occupant_load() -> None:
    res = bulk.evaluate_spaces(LAW, np.array([G["business"]] * 3), np.array([1000 * bulk.AREA_SCALE] * 3),
                               np.zeros(3, dtype=np.int64), np.zeros(3, dtype=np.int64),
                               np.array([1, 1, 1], dtype=np.int8), np.array([10, 11, -1]))
    assert res.occupant_load.tolist() == [10, 10, 10]
    assert res.overcrowded.tolist() == [0, 1, -1]
    # toilets for the attendance when given, else for the occupant load (register M-9)
    assert res.toilets_required.tolist() == [1, 1, 1]


def test_numbers_come_from_the_parameters_not_literals() -> None:
    changed = JURISDICTION.parameters.with_values(
        "occupancy.floor_area_per_occupant.business", {date(2030, 1, 1): Decimal("50")}
    ).with_values("toilets.persons_per_toilet", {date(2030, 1, 1): 50})
    law = bulk.SpaceLaw.from_values(changed.at(date(2030, 1, 1)))
    out, _ = bulk.occupant_loads(law, np.array([G["business"]]), np.array([1000 * bulk.AREA_SCALE]),
                                 np.array([SQ_FT]), np.array([0]))
    assert out.tolist() == [20]
    assert bulk.toilets_required(law, np.array([51])).tolist() == [2]


def test_a_fractional_factor_stays_exact() -> None:
    changed = JURISDICTION.parameters.with_values(
        "occupancy.floor_area_per_occupant.business", {date(2030, 1, 1): Decimal("7.5")})
    law = bulk.SpaceLaw.from_values(changed.at(date(2030, 1, 1)))
    out, _ = bulk.occupant_loads(law, np.array([G["business"]] * 2), np.array([150000, 149999]),
                                 np.array([SQ_FT] * 2), np.array([0, 0]))
    assert out.tolist() == [2, 1]


def test_too_large_for_int64_is_left_to_the_per_row_path() -> None:
    out, computed = bulk.occupant_loads(LAW, np.array([G["business"], G["business"]]),
                                        np.array([10**18, 10**12]), np.array([SQ_M, SQ_M]), np.array([0, 0]))
    assert computed.tolist() == [False, True]


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(ValueError, match="area"):
        bulk.occupant_loads(LAW, np.array([0]), np.array([-1]), np.array([0]), np.array([0]))
    with pytest.raises(ValueError, match="use_group"):
        bulk.occupant_loads(LAW, np.array([99]), np.array([1]), np.array([0]), np.array([0]))


def test_area_square_feet_for_display_rounds_half_to_even() -> None:
    whole, frac, ok = bulk.area_square_feet(LAW, np.array([305000, 10000]), np.array([SQ_FT, SQ_M]))
    assert ok.all()
    assert (whole.tolist(), frac.tolist()) == ([30, 10], [5000, 7639])  # 1 m² = 10.76391041... sq ft
