"""The bulk path and the per-row path agree on every row (Mount Pleasant §§ 164-4 to 164-8), including areas on
the boundaries of every floor area per occupant, in square feet and square metres, and rows in error."""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from publicassembly.batch.evaluate import evaluate_row
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import (
    USE_GROUPS,
    is_overcrowded,
    meets_threshold,
    occupant_load_of_space,
    toilets_required,
)
from publicassembly.law.units import MAX_COUNT, SQUARE_METRES_PER_SQUARE_FOOT, area_sq_ft, controls

from .helpers import both_paths, setting

SETTING = setting()
VALUES = SETTING.values
FACTORS = {g: Decimal(VALUES[f"occupancy.floor_area_per_occupant.{g}"]) for g in USE_GROUPS}
TEN_THOUSANDTH = Decimal("0.0001")


def _plain(d: Decimal) -> str:
    return format(d.normalize(), "f") if d else "0"


@st.composite
def boundary_area(draw: st.DrawFn, group: str, unit: str) -> str:
    """An area on, just below or just above k persons' worth of floor area, in the unit given."""
    k = draw(st.integers(0, 10**6))
    exact = FACTORS[group] * k
    if unit == "sq_m":
        exact = exact * SQUARE_METRES_PER_SQUARE_FOOT
    step = draw(st.sampled_from([Decimal(0), TEN_THOUSANDTH, -TEN_THOUSANDTH, Decimal("1e-8"), Decimal("-1e-8")]))
    value = max(exact + step, Decimal(0))
    places = draw(st.integers(0, 8))
    value = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_FLOOR) if places < 8 else value
    return _plain(value)


#: The digit zero of scripts with decimal digits other than 0-9 (full-width, Arabic-Indic, Extended Arabic-Indic,
#: Devanagari): Python reads them as numbers; the law core takes them in an area and refuses them in a count
#: (interpretation G-5), and both paths must say the same of every row.
OTHER_ZEROS = (0xFF10, 0x0660, 0x06F0, 0x0966)


@st.composite
def other_digits(draw: st.DrawFn, numbers: st.SearchStrategy[str]) -> str:
    """A number of `numbers` with its digits 0-9 written in another script (all of them, or only some)."""
    text = draw(numbers)
    zero = draw(st.sampled_from(OTHER_ZEROS))
    every = draw(st.booleans())
    return "".join(chr(zero + int(c)) if "0" <= c <= "9" and (every or draw(st.booleans())) else c for c in text)


plain_area = st.one_of(
    st.integers(0, 10**11).map(str),
    st.decimals(min_value=0, max_value=10**9, places=4, allow_nan=False).map(_plain),
    st.decimals(min_value=0, max_value=10**6, places=2, allow_nan=False).map(lambda d: f"{d:.2f}"),
)
#: An area of 0 however written (a sign, a point, an exponent, digits of another script, G-5): a room or area of
#: no floor area is no room and is refused by both paths, but a bowling alley's additional area (M-31).
zero_area = st.sampled_from(["0", "0.0", "-0", "-0.0", "-0e3", "0e-2", "0.0000", "00", " 0 ", "\u0660", "０.０"])
odd_area = st.sampled_from(["", " 30 ", "1e3", "-5", "-0", "-0.0", "-0e3", "0.0", "-0.0001", ".5", "5.", "abc", "NaN", "inf", "1_000", "0.00001",
                            "99999999999.9999", "999999999999", "1" * 30, "30.5\u00a0", "٣٠", "+7", "1,5"])


#: The control characters (interpretation B-4, G-6: `law.units.controls`) and the characters beside them that are
#: none (white space, U+2029, U+202F, U+2065, U+206A, the right-to-left mark U+200F): the bulk path finds a
#: control by the byte it begins with and a regular expression, the per-row path by the law core's `controls`.
CONTROLS_AND_NEIGHBOURS = ("\x00\x08\t\n\r\x0e\x1b\x1c\x1f\x7f\x80\x84\x85\x86\x9f\xa0\u200f\u2029\u202a"
                           "\u202e\u202f\u2065\u2066\u2069\u206a")
#: A venue_id or space: none, any text, or text of letters and those characters.
echoed_text = st.one_of(st.none(), st.text(max_size=6),
                        st.text(alphabet=st.sampled_from(list(CONTROLS_AND_NEIGHBOURS + "aé–’")), max_size=6))


@st.composite
def space_row(draw: st.DrawFn) -> dict[str, str | None]:
    group = draw(st.one_of(st.sampled_from(USE_GROUPS), st.sampled_from(["", "Business", " school", "bogus"])))
    unit = draw(st.sampled_from(["sq_ft", "sq_m", "", None, "SQ_M", "acres"]))
    norm_group = group.strip().lower()
    if norm_group in USE_GROUPS and draw(st.booleans()):
        area = draw(boundary_area(norm_group, "sq_m" if (unit or "").lower() == "sq_m" else "sq_ft"))
    else:
        area = draw(st.one_of(plain_area, odd_area, other_digits(plain_area), zero_area))
    bowling = norm_group == "bowling_alley"
    alleys = draw(st.one_of(st.integers(0, 60).map(str), st.just(""), st.just(None), st.just("2.5"),
                            st.just("-1"), st.just("0"), st.just("3.0"),
                            other_digits(st.sampled_from(["0", "12", "3.0"]))) if bowling or draw(st.integers(0, 9)) == 0
                  else st.one_of(st.just(""), st.just(None), st.just("0")))
    return {
        "jurisdiction": draw(st.sampled_from([None, "", "mount-pleasant-ny", "Mount-Pleasant-NY", "carmel-ny",
                                              "ocd-division/country:us/state:ny/county:westchester/"
                                              "place:mount_pleasant"])),
        "venue_id": draw(echoed_text),
        "space": draw(echoed_text),
        "use_group": group,
        "area": area,
        "area_unit": unit,
        "alleys": alleys,
        "commercial": draw(st.sampled_from([None, "", "true", "false", "yes", "NO", "1", "0", "maybe"])),
        "attendance": draw(st.one_of(st.none(), st.just(""), st.integers(0, 10**6).map(str),
                                     st.integers(0, 200).map(str), st.just("-3"), st.just("12.5"),
                                     st.just("10.0"), st.just("1e30"), st.just(str(MAX_COUNT + 1)),
                                     other_digits(st.integers(0, 200).map(str)))),
    }


def _reads_as_zero(text: str | None) -> bool:
    """Whether an area cell is a number equal to 0 as the law core reads it (Python's Decimal: other scripts'
    digits too, G-5)."""
    try:
        return Decimal((text or "").strip()) == 0
    except ArithmeticError:
        return False


NO_FLOOR_AREA = "area: must be more than 0 sq ft"


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(space_row(), min_size=1, max_size=40))
def test_bulk_and_per_row_paths_agree_on_every_row(rows: list[dict[str, str | None]]) -> None:
    """Both paths give the same rows; a room or area of floor area 0 (not a bowling alley) is an error row of
    both, naming the area and that it must be more than 0 sq ft (M-31)."""
    bulk_rows, per_rows = both_paths(rows, SETTING)
    assert bulk_rows == per_rows
    for row, out in zip(rows, bulk_rows, strict=True):
        group = (row["use_group"] or "").strip().lower()
        if _reads_as_zero(row["area"]) and group in USE_GROUPS and group != "bowling_alley":
            assert out["status"] == "error" and NO_FLOOR_AREA in out["error"], (row, out)
        elif out["status"] == "error":
            assert NO_FLOOR_AREA not in out["error"], (row, out)
    for row, out in zip(rows, bulk_rows, strict=True):  # a control in an echoed text: an error row (B-4)
        held = [c for c in ("venue_id", "space") if controls(row[c] or "")]
        assert (out["status"] == "error") if held else True
        assert all(f"{c}: must be text without control characters" in out["error"] for c in held)
        assert not any(controls(v) for v in out.values() if isinstance(v, str))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(space_row())
def test_per_row_path_is_the_law_core_functions(row: dict[str, str | None]) -> None:
    """An ok row says what the jurisdiction's own functions say of that space alone (§§ 164-4 to 164-8)."""
    [out], _ = both_paths([row], SETTING)
    if out["status"] != "ok":
        assert out["error"] and out["error"].split(":")[0] in (
            "jurisdiction", "venue_id", "space", "use_group", "area_unit", "area", "alleys", "commercial",
            "attendance")
        return
    assert not controls(row["venue_id"] or "") and not controls(row["space"] or "")  # (B-4)
    group = row["use_group"].strip().lower()
    unit = (row["area_unit"] or "").strip().lower() or "sq_ft"
    area = area_sq_ft(row["area"].strip(), unit)
    alleys = int(Decimal(row["alleys"])) if (row["alleys"] or "").strip() else None
    assert area > 0 or group == "bowling_alley"  # (a room of floor area 0 is refused, M-31)
    load = occupant_load_of_space(group, area, alleys, VALUES)
    attendance = int(Decimal(row["attendance"])) if (row["attendance"] or "").strip() else None
    words = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
    commercial = words.get((row["commercial"] or "").strip().lower())
    assert out["occupant_load"] == load
    assert out["toilets_required"] == toilets_required(load if attendance is None else attendance, VALUES)
    assert out["overcrowded"] == (None if attendance is None else is_overcrowded(attendance, load))
    answer = meets_threshold(load if attendance is None else max(load, attendance), commercial, VALUES)
    assert out["place_of_assembly"] == (answer if answer == "needs_review" else str(answer).lower())


def test_boundary_examples_by_both_paths() -> None:
    """30 sq ft at 15 sq ft per person is 2 exactly; 0.1 + 0.2 style decimals are never floored through float."""
    rows = [
        {"use_group": "assembly_without_fixed_seats", "area": "30"},
        {"use_group": "assembly_without_fixed_seats", "area": "29.9999"},
        {"use_group": "assembly_fixed_seats", "area": "0.3"},
        {"use_group": "assembly_fixed_seats", "area": "6.0000"},
        {"use_group": "storage", "area": "600.00001"},
        {"use_group": "open_air", "area": "1393.5456", "area_unit": "sq_m"},
        {"use_group": "open_air", "area": "1393.54559999", "area_unit": "sq_m"},
        {"use_group": "bowling_alley", "area": "1000", "alleys": "12"},
    ]
    bulk_rows, per_rows = both_paths(rows, SETTING)
    assert bulk_rows == per_rows
    assert [r["occupant_load"] for r in bulk_rows] == [2, 1, 0, 1, 2, 1000, 999, 160]
    # (600.00001 sq ft holds 2 persons counted exact, shown to 4 places as check shows it: B-3)
    assert [r["area_sq_ft"] for r in bulk_rows][:6] == ["30", "29.9999", "0.3", "6", "600", "15000"]


def test_a_zero_area_however_written_is_refused_by_both_paths_section_164_7_m31() -> None:
    """§§ 164-7, 164-8, M-31: a room or area of floor area 0 holds no one and is no room: refused by the bulk path
    and the per-row path alike, an error row naming the area, that it must be more than 0 sq ft, and the zero as
    written (``-0.0``, ``-0``, ``0.0``, ``-0e3``; in square metres too); the run goes on. The other sides: a
    bowling alley's additional area of ``-0.0`` is none (its 12 alleys hold 60); 0.0001 sq ft is a room (holding
    no one at 100 sq ft per person, § 164-7); ``-0.0001`` is refused as negative."""
    zeros = ["0", "0.0", "-0", "-0.0", "-0.00", "-0e3", "0e-2", " -0.0 "]
    rows = [{"use_group": "business", "area": z} for z in zeros]
    rows += [{"use_group": "business", "area": "-0.0", "area_unit": "sq_m"},
             {"use_group": "bowling_alley", "area": "-0.0", "alleys": "12"},
             {"use_group": "business", "area": "0.0001"},
             {"use_group": "business", "area": "-0.0001"}]
    bulk_rows, per_rows = both_paths(rows, SETTING)
    assert bulk_rows == per_rows
    for z, out in zip([*zeros, "-0.0"], bulk_rows, strict=False):
        assert out["status"] == "error" and out["occupant_load"] is None
        assert out["error"] == (f"area: must be more than 0 sq ft: a room or area of no floor area holds no one "
                                f"(§§ 164-7, 164-8) and its sign (§ 164-9) would state 0; only a bowling alley's "
                                f"additional area (beyond its alleys and their runways) may be 0 (got {z.strip()})")
    bowling, tiny, negative = bulk_rows[-3:]
    assert (bowling["status"], bowling["area_sq_ft"], bowling["occupant_load"]) == ("ok", "0", 60)
    assert (tiny["status"], tiny["area_sq_ft"], tiny["occupant_load"]) == ("ok", "0.0001", 0)
    assert negative["status"] == "error"
    assert negative["error"].startswith("area: an area cannot be negative (got -0.0001)")


def test_evaluate_row_names_the_column_and_what_is_allowed() -> None:
    import pytest

    from publicassembly.batch.evaluate import RowError

    cases = {
        "use_group: 'gym' is not a use group": {"use_group": "gym", "area": "1"},
        "area: an area cannot be negative": {"use_group": "business", "area": "-1"},
        "area_unit: 'acres' is not an area unit; allowed: sq_ft, sq_m": {"use_group": "business", "area": "1",
                                                                        "area_unit": "acres"},
        "alleys: the number of alleys of the bowling_alley space is not given": {"use_group": "bowling_alley",
                                                                                  "area": "1"},
        "alleys: only a bowling_alley space has alleys": {"use_group": "business", "area": "1", "alleys": "2"},
        "attendance: cannot be negative": {"use_group": "business", "area": "1", "attendance": "-2"},
        "commercial: 'maybe' is not true or false": {"use_group": "business", "area": "1",
                                                     "commercial": "maybe"},
    }
    for expected, row in cases.items():
        with pytest.raises(RowError, match=expected.replace("(", r"\(")):
            evaluate_row(row, SETTING)
