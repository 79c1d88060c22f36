"""Mount Pleasant Code ch. 164, the per-space rules in bulk: §§ 164-7, 164-8 (occupant load), § 164-4 (place of
assembly, a space alone), § 164-6 (toilets) and § 164-5 (overcrowding) over numpy columns of many spaces.

This is the same law as the per-row functions of ``jurisdictions.us_ny_mount_pleasant``
(`occupancy.occupant_load_of_space`, `places.meets_threshold`, `sanitation.toilets_required`,
`occupancy.is_overcrowded`), computed for a whole column at once, exactly, in integer arithmetic:

- an area is given as a fixed-point integer, in 1/10,000 of its unit (`AREA_SCALE`), so 30.5 sq ft is 305,000;
- every number of law (floor area per occupant, persons per alley, persons per toilet, the § 164-4 thresholds)
  is read from the jurisdiction's parameter values in force (`SpaceLaw.from_values`); the square-metre factor
  is `units.SQUARE_METRES_PER_SQUARE_FOOT` (exact);
- ``floor(area × unit factor / floor area per occupant)`` is computed as ``(N × a) // b`` with the fraction
  ``a/b`` reduced once per unit and use group, so no binary floating point is ever floored.

A row whose numbers are too large for 64-bit integer arithmetic is not computed here (``computed`` is False);
the caller evaluates it with the per-row functions. The bulk and per-row paths are tested to agree on every row.
Pure: numpy only, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from publicassembly.law.jsonable import SHOWN_PLACES
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import (
    USE_GROUPS,
    floor_area_per_occupant,
    threshold_persons,
)
from publicassembly.law.units import AREA_UNITS, SQUARE_METRES_PER_SQUARE_FOOT

Int64Array = npt.NDArray[np.int64]
Int8Array = npt.NDArray[np.int8]
BoolArray = npt.NDArray[np.bool_]

#: Fixed point of the areas given to this module: an area is an integer count of 1/10**AREA_DIGITS of its unit;
#: also the places an area is shown to (`jsonable.SHOWN_PLACES`, the one precision of every output: B-3).
AREA_DIGITS = SHOWN_PLACES
AREA_SCALE = 10**AREA_DIGITS

#: Codes of `SpaceResults.place_of_assembly` and of the ``commercial`` input.
NO, YES, NEEDS_REVIEW, UNKNOWN = 0, 1, 2, -1

# Products are kept below 2**62 so that a sum of two of them stays inside int64.
_HEADROOM = 2**62

#: Square feet in one unit of each of `units.AREA_UNITS`, exactly.
_SQ_FT_PER_UNIT: dict[str, Fraction] = {"sq_ft": Fraction(1), "sq_m": 1 / Fraction(SQUARE_METRES_PER_SQUARE_FOOT)}


@dataclass(frozen=True)
class SpaceLaw:
    """The numbers of ch. 164 that a space's rules use, in force on one date, arranged for column arithmetic.

    - ``use_groups``: the ids of § 164-7 / § 164-8 in a fixed order (a use-group column holds indexes into it)
    - ``area_units``: ``units.AREA_UNITS`` (a unit column holds indexes into it)
    - ``floor_area_per_occupant``: square feet per person, by use group
    - ``persons_per_alley`` (§ 164-7 bowling), ``persons_per_toilet`` (§ 164-6), ``threshold_commercial`` and
      ``threshold_noncommercial`` (§ 164-4), in persons
    - ``numerator``, ``denominator``, ``limit``: per (unit, use group), occupant load = ``(N × a) // b`` for a
      fixed-point area ``N`` up to ``limit`` (−1: compute none of that kind here)
    """

    use_groups: tuple[str, ...]
    area_units: tuple[str, ...]
    floor_area_per_occupant: tuple[Decimal, ...]
    bowling_alley: int
    persons_per_alley: int
    persons_per_toilet: int
    threshold_commercial: int
    threshold_noncommercial: int
    numerator: Int64Array
    denominator: Int64Array
    limit: Int64Array
    alleys_limit: int

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> SpaceLaw:
        """The numbers in force in `values` (Mount Pleasant's `ParameterValues` on a date). Raises ValueError
        when a parameter is not a positive number (the law would then be undefined for a column)."""
        factors = tuple(floor_area_per_occupant(g, values) for g in USE_GROUPS)
        for g, f in zip(USE_GROUPS, factors, strict=True):
            if not f.is_finite() or f <= 0:
                raise ValueError(f"occupancy.floor_area_per_occupant.{g}: must be a positive number, got {f}")
        per_alley = _whole(values["occupancy.bowling.persons_per_alley"], "occupancy.bowling.persons_per_alley")
        per_toilet = _whole(values["toilets.persons_per_toilet"], "toilets.persons_per_toilet")
        if per_toilet <= 0:
            raise ValueError("toilets.persons_per_toilet: must be a positive whole number")
        shape = (len(AREA_UNITS), len(USE_GROUPS))
        num = np.zeros(shape, dtype=np.int64)
        den = np.ones(shape, dtype=np.int64)
        limit = np.full(shape, -1, dtype=np.int64)
        for u, unit in enumerate(AREA_UNITS):
            for k, factor in enumerate(factors):
                ratio = _SQ_FT_PER_UNIT[unit] / (AREA_SCALE * Fraction(factor))
                a, b = ratio.numerator, ratio.denominator
                if 0 < a < _HEADROOM and 0 < b < _HEADROOM:
                    num[u, k], den[u, k], limit[u, k] = a, b, (_HEADROOM - 1) // a
        return cls(
            use_groups=USE_GROUPS, area_units=AREA_UNITS, floor_area_per_occupant=factors,
            bowling_alley=USE_GROUPS.index("bowling_alley"), persons_per_alley=per_alley,
            persons_per_toilet=per_toilet,
            threshold_commercial=threshold_persons(True, values),
            threshold_noncommercial=threshold_persons(False, values),
            numerator=num, denominator=den, limit=limit,
            alleys_limit=(_HEADROOM - 1) // per_alley if per_alley > 0 else _HEADROOM - 1,
        )


def _whole(value: object, name: str) -> int:
    number = Decimal(str(value))
    if not number.is_finite() or number != number.to_integral_value() or number < 0:
        raise ValueError(f"{name}: must be a whole number of persons, 0 or more, got {value!r}")
    return int(number)


@dataclass(frozen=True)
class SpaceResults:
    """The rules' answers for each space (arrays of one length, aligned with the input columns).

    - ``computed``: False where a number was too large for this path (the other arrays hold 0 there)
    - ``occupant_load``: persons (§ 164-7, § 164-8)
    - ``place_of_assembly``: `YES`, `NO` or `NEEDS_REVIEW` for the space alone (§ 164-4)
    - ``toilets_required``: toilets (§ 164-6), for the attendance when given, else for the occupant load
    - ``overcrowded``: 1, 0, or −1 without attendance (§ 164-5)
    """

    computed: BoolArray
    occupant_load: Int64Array
    place_of_assembly: Int8Array
    toilets_required: Int64Array
    overcrowded: Int8Array


def occupant_loads(law: SpaceLaw, use_group: Int64Array, area: Int64Array, unit: Int64Array,
                   alleys: Int64Array) -> tuple[Int64Array, BoolArray]:
    """Occupant load per space (§ 164-7, § 164-8): ``floor(area in sq ft / floor area per occupant)``, and for a
    bowling alley ``alleys × persons per alley`` plus that for its additional area.

    Shapes: all inputs 1-D of one length; ``use_group`` and ``unit`` index `SpaceLaw.use_groups` and
    `SpaceLaw.area_units`; ``area`` in 1/`AREA_SCALE` of its unit, ≥ 0; ``alleys`` ≥ 0 (read only for bowling
    alleys). Returns ``(loads, computed)``; where ``computed`` is False the load was not computed (too large).
    Raises ValueError when an input breaks these bounds."""
    use_group, area, unit, alleys = (np.asarray(x, dtype=np.int64) for x in (use_group, area, unit, alleys))
    n = len(area)
    if not (len(use_group) == len(unit) == len(alleys) == n):
        raise ValueError("use_group, area, unit and alleys must have the same length")
    if n == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=bool)
    if use_group.min() < 0 or use_group.max() >= len(law.use_groups):
        raise ValueError("use_group: an index outside the use groups")
    if unit.min() < 0 or unit.max() >= len(law.area_units):
        raise ValueError("unit: an index outside the area units")
    bowling = use_group == law.bowling_alley
    if area.min() < 0:
        raise ValueError("area: an area cannot be negative")
    if bowling.any() and alleys[bowling].min() < 0:
        raise ValueError("alleys: a bowling alley needs its number of alleys (0 or more)")
    cell = unit * len(law.use_groups) + use_group
    limit = law.limit.ravel()[cell]
    computed = (area <= limit) & (~bowling | (alleys <= law.alleys_limit))
    safe_area = np.where(computed, area, 0)
    loads = (safe_area * law.numerator.ravel()[cell]) // law.denominator.ravel()[cell]
    if bowling.any():
        loads += np.where(bowling & computed, alleys * law.persons_per_alley, 0)
    return loads, computed


def place_of_assembly(law: SpaceLaw, persons: Int64Array, commercial: Int8Array) -> Int8Array:
    """Whether `persons` make a place of assembly (§ 164-4), as `places.meets_threshold`: with ``commercial``
    1 or 0 the threshold of that kind; with −1 (not stated) `YES` from the noncommercial threshold up, `NO`
    below the commercial one, else `NEEDS_REVIEW`."""
    persons = np.asarray(persons, dtype=np.int64)
    commercial = np.asarray(commercial, dtype=np.int8)
    threshold = np.where(commercial == 1, law.threshold_commercial, law.threshold_noncommercial)
    out = (persons >= threshold).astype(np.int8)
    unknown = commercial == UNKNOWN
    if unknown.any():
        unstated = np.where(persons >= law.threshold_noncommercial, YES,
                            np.where(persons < law.threshold_commercial, NO, NEEDS_REVIEW)).astype(np.int8)
        out = np.where(unknown, unstated, out).astype(np.int8)
    return out


def toilets_required(law: SpaceLaw, persons: Int64Array) -> Int64Array:
    """The fewest toilets for `persons` (≥ 0) in attendance (§ 164-6): ``ceil(persons / persons per toilet)``."""
    persons = np.asarray(persons, dtype=np.int64)
    return -((-persons) // law.persons_per_toilet)


def evaluate_spaces(law: SpaceLaw, use_group: Int64Array, area: Int64Array, unit: Int64Array,
                    alleys: Int64Array, commercial: Int8Array, attendance: Int64Array) -> SpaceResults:
    """Every per-space rule over columns of spaces.

    Inputs as `occupant_loads`, plus ``commercial`` (1, 0, −1 not stated) and ``attendance`` (persons ≥ 0, or
    −1 not stated). The space alone is tested for § 164-4 with the larger of its occupant load and its
    attendance (register M-3); toilets are counted for the attendance, else the occupant load (M-9);
    overcrowded is attendance above the occupant load (§ 164-5)."""
    attendance = np.asarray(attendance, dtype=np.int64)
    loads, computed = occupant_loads(law, use_group, area, unit, alleys)
    stated = attendance >= 0
    persons = np.where(stated, np.maximum(loads, attendance), loads)
    for_toilets = np.where(stated, attendance, loads)
    overcrowded = np.where(stated, (attendance > loads).astype(np.int8), np.int8(-1)).astype(np.int8)
    return SpaceResults(
        computed=computed,
        occupant_load=loads,
        place_of_assembly=place_of_assembly(law, persons, commercial),
        toilets_required=toilets_required(law, for_toilets),
        overcrowded=overcrowded,
    )


def area_square_feet(law: SpaceLaw, area: Int64Array, unit: Int64Array,
                     digits: int = AREA_DIGITS) -> tuple[Int64Array, Int64Array, BoolArray]:
    """Areas in square feet for display: ``(whole, fraction, computed)`` where the area is
    ``whole + fraction / 10**digits`` rounded half to even (exact for square feet when ``digits`` ≥
    `AREA_DIGITS`). ``computed`` is False where the number is too large for this path."""
    area = np.asarray(area, dtype=np.int64)
    unit = np.asarray(unit, dtype=np.int64)
    scale = 10**digits
    # per unit: square feet per fixed-point step, a/b; a unit whose fraction does not fit is not computed
    num = np.zeros(len(law.area_units), dtype=np.int64)
    den = np.ones(len(law.area_units), dtype=np.int64)
    top = np.full(len(law.area_units), -1, dtype=np.int64)
    for u, name in enumerate(law.area_units):
        ratio = _SQ_FT_PER_UNIT[name] / AREA_SCALE
        a, b = ratio.numerator, ratio.denominator
        if 0 < a < _HEADROOM and 0 < b * scale < _HEADROOM:
            num[u], den[u], top[u] = a, b, (_HEADROOM - 1) // a
    a_, b_ = num[unit], den[unit]
    computed = area <= top[unit]
    whole, rem = np.divmod(np.where(computed, area, 0) * a_, b_)
    frac, r2 = np.divmod(rem * scale, b_)
    frac += (2 * r2 > b_) | ((2 * r2 == b_) & (frac % 2 == 1))  # half to even
    carry = frac == scale
    whole += carry
    frac[carry] = 0
    return whole, frac, computed


__all__ = ["AREA_DIGITS", "AREA_SCALE", "NEEDS_REVIEW", "NO", "UNKNOWN", "YES", "SpaceLaw", "SpaceResults",
           "area_square_feet", "evaluate_spaces", "occupant_loads", "place_of_assembly", "toilets_required"]
