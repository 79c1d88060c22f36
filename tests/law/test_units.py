"""Exact quantities (law/units.py): areas in square feet, persons, money in whole cents."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from publicassembly.law import InvalidCase, parse_case
from publicassembly.law.units import (
    SQUARE_METRES_PER_SQUARE_FOOT,
    InvalidNumber,
    area_sq_ft,
    ceil_div,
    dollars,
    persons_per_area,
    to_decimal,
)


def test_one_square_foot_is_exactly_0_09290304_square_metres():
    """Mount Pleasant § 164-7 measures floor area in square feet; an area given in square metres is converted
    with the exact factor (0.3048 m)² = 0.09290304 m²."""
    assert Decimal("0.3048") ** 2 == SQUARE_METRES_PER_SQUARE_FOOT
    assert area_sq_ft("0.09290304", "sq_m") == 1
    assert area_sq_ft("9.290304", "sq_m") == 100
    assert area_sq_ft(Decimal("92.90304"), "sq_m") == Decimal(1000)


def test_square_feet_pass_unchanged_and_exactly():
    """§ 164-7: an area in square feet is kept exactly (a float via its shortest decimal form)."""
    assert area_sq_ft(1500) == Decimal(1500)
    assert area_sq_ft("1500.25") == Decimal("1500.25")
    assert area_sq_ft(0.1) == Decimal("0.1")
    assert area_sq_ft(0) == 0


@pytest.mark.parametrize("bad", ["-1", -0.5, Decimal("-0.01")])
def test_negative_area_is_refused_naming_the_field(bad):
    """An area cannot be negative; the error names the field."""
    with pytest.raises(ValueError, match=r"^spaces\[0\]\.area: an area cannot be negative"):
        area_sq_ft(bad, field="spaces[0].area")


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), float("-inf"), "NaN", "Infinity", "sNaN", "abc", True])
def test_non_finite_or_non_numeric_area_is_refused_naming_the_field(bad):
    """NaN, infinities, text and booleans are not areas; the error names the field."""
    with pytest.raises(ValueError, match=r"^floor_area: "):
        area_sq_ft(bad, field="floor_area")


def test_unknown_area_unit_lists_the_allowed_units():
    """An area unit other than sq_ft or sq_m is refused, listing the allowed ones."""
    with pytest.raises(ValueError, match="unknown area unit 'acres'; allowed: sq_ft, sq_m"):
        area_sq_ft(1, "acres")


@pytest.mark.parametrize(
    ("area", "per", "persons"),
    [
        (30, 15, 2),
        (Decimal("29.999"), 15, 1),
        (Decimal("30.000"), 15, 2),
        (Decimal("14.99"), 15, 0),
        (0, 15, 0),
        (1500, 15, 100),  # § 164-8: an open-air area of 1,500 sq ft holds 100 persons
        (Decimal("1499.99"), 15, 99),
        (600, 6, 100),  # § 164-7: assembly with fixed seats, 6 sq ft per occupant
        (Decimal("599.9999999999999999999"), 6, 99),
        (Fraction(299, 10), 15, 1),
    ],
)
def test_persons_per_area_rounds_down_exactly(area, per, persons):
    """Mount Pleasant §§ 164-7, 164-8: "not more than one occupant per unit of square feet": the occupant
    load is the area divided by the floor area per occupant, rounded down (no fraction of a person is
    admitted), computed exactly so 29.999 / 15 is 1 and 30 / 15 is 2."""
    assert persons_per_area(area, per) == persons


@given(st.decimals(min_value=0, max_value=10**9, places=4), st.sampled_from([6, 10, 15, 30, 40, 60, 100, 300]))
def test_persons_per_area_is_the_largest_whole_number_that_fits(area, per):
    """§ 164-7: n persons fit when n × floor area per occupant ≤ area, and n + 1 do not."""
    n = persons_per_area(area, per)
    assert n * per <= area < (n + 1) * per


@given(st.decimals(min_value=0, max_value=10**6, places=3), st.decimals(min_value=0, max_value=10**6, places=3))
def test_persons_per_area_is_monotone_in_area(a, b):
    """§ 164-7: a larger floor area never holds fewer persons."""
    lo, hi = sorted((a, b))
    assert persons_per_area(lo, 15) <= persons_per_area(hi, 15)


@pytest.mark.parametrize(("persons", "per", "count"), [(0, 75, 0), (1, 75, 1), (75, 75, 1), (76, 75, 2),
                                                        (150, 75, 2), (151, 75, 3), (500, 500, 1), (501, 500, 2)])
def test_ceil_div(persons, per, count):
    """Mount Pleasant § 164-6: not fewer than one toilet per each 75 persons: 75 persons need 1, 76 need 2.
    Carmel ch. 31 ¶ C(9): one registered nurse for each 500 people: 501 need 2."""
    assert ceil_div(persons, per) == count


@given(st.integers(min_value=0, max_value=10**12), st.integers(min_value=1, max_value=10**6))
def test_ceil_div_matches_exact_ceiling(persons, per):
    """ceil_div is the exact ceiling of persons / per (no float)."""
    assert ceil_div(persons, per) == math.ceil(Fraction(persons, per))


@pytest.mark.parametrize("per", [0, -75])
def test_ceil_div_refuses_a_divisor_that_is_not_positive(per):
    with pytest.raises(ValueError, match="divisor must be positive"):
        ceil_div(10, per)


def test_dollars_exact_to_the_cent():
    """Carmel ch. 31 penalties ¶ B: a fine of not more than $250; money is kept in whole cents."""
    assert dollars(250) == Decimal("250.00")
    assert str(dollars("250")) == "250.00"
    assert dollars("0.10") == Decimal("0.10")
    assert dollars(0.1) == Decimal("0.10")
    assert dollars("1000.5") == Decimal("1000.50")


@given(st.one_of(st.integers(min_value=-10**15 - 2, max_value=10**15 + 2),
                 st.sampled_from([0, 1, -1, 10**15, -10**15, 10**15 + 1, -10**15 - 1, 10**30])))
def test_whole_dollars_are_read_as_any_amount_is(amount):
    """Whole dollars as an integer (a parameter's $250,000) take a shorter path in `dollars`: the same amount, to
    the cent, as the same number written as text, and refused the same way beyond 10^15 (`MAX_MAGNITUDE`), also
    when asked again (the amount then kept)."""
    try:
        expected = dollars(str(amount), field="fine")
    except InvalidNumber as exc:
        with pytest.raises(InvalidNumber) as raised:
            dollars(amount, field="fine")
        assert str(raised.value) == str(exc)
    else:
        got = dollars(amount, field="fine")
        assert got == expected and str(got) == str(expected) and got.as_tuple().exponent == -2
        kept = dollars(amount, field="fine")  # (a whole amount made once is kept: the same again)
        assert kept == expected and str(kept) == str(expected) and kept.as_tuple() == got.as_tuple()


@pytest.mark.parametrize("bad", ["0.001", "250.005", Decimal("0.999")])
def test_dollars_refuses_fractions_of_a_cent(bad):
    """A money amount with a fraction of a cent is refused, naming the field."""
    with pytest.raises(ValueError, match=r"^fine: money is in whole cents"):
        dollars(bad, field="fine")


@pytest.mark.parametrize("bad", ["NaN", float("inf"), "ten dollars"])
def test_dollars_refuses_non_numbers(bad):
    with pytest.raises(ValueError, match=r"^fee: "):
        dollars(bad, field="fee")


def test_absurd_magnitudes_are_refused_naming_the_field() -> None:
    """Input bounds (not law): an area beyond ten billion square feet, or a number beyond 10^15 (which would
    otherwise become a thousands-of-digits occupant load), is refused with the field's name."""
    import pytest as _pytest

    from publicassembly.law.units import MAX_AREA_SQ_FT, area_sq_ft, to_decimal

    assert area_sq_ft(MAX_AREA_SQ_FT) == MAX_AREA_SQ_FT
    for bad in ("1e999999", "1e300", MAX_AREA_SQ_FT + 1):
        with _pytest.raises(ValueError, match="^spaces.area: "):
            area_sq_ft(bad, field="spaces.area")
    with _pytest.raises(ValueError, match="too large"):
        to_decimal("-1e16", "amount")


def test_absurd_counts_are_refused_by_the_case_models() -> None:
    import pytest as _pytest

    from publicassembly.law import InvalidCase, evaluate

    with _pytest.raises(InvalidCase) as caught:
        evaluate({"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-07-01",
                  "max_persons_at_one_time": 99999999999999999999})
    assert caught.value.field == "max_persons_at_one_time"
    with _pytest.raises(InvalidCase) as caught:
        evaluate({"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2026-07-01",
                  "spaces": [{"name": "A", "use_group": "school", "area": "1e999999"}]})
    assert caught.value.field.startswith("spaces[0].area")


def test_a_number_written_with_python_underscores_is_refused():
    """"1_000" is Python's grouping, not a number a form or a case file gives: refused naming the field."""
    import pytest

    from publicassembly.law.units import InvalidNumber, to_decimal

    with pytest.raises(InvalidNumber) as e:
        to_decimal("1_000", "area")
    assert e.value.field == "area"
    assert to_decimal("1000") == 1000 and to_decimal("1e3") == 1000


def test_to_decimal_refuses_an_integer_too_long_to_write_naming_the_field():
    """An integer of more digits than Python writes as text (5,000) is refused as too large, not a crash."""
    with pytest.raises(InvalidNumber, match=r"^persons: '1000.*' is too large \(at most 1,000,000,000,000,000\)"):
        to_decimal(10**5000, "persons")


def test_to_decimal_takes_decimals_and_integers_as_they_are():
    assert str(to_decimal(Decimal("1.50"))) == "1.50"
    assert to_decimal(7) == Decimal(7) and to_decimal(-(10**15)) == -(10**15)
    with pytest.raises(InvalidNumber, match="finite"):
        to_decimal(Decimal("NaN"))


@pytest.mark.parametrize("value", ["1e-999999999", "1e-21", "0.000000000000000000001", Decimal("1E-100000"), 1e-25])
def test_a_number_of_more_than_20_decimal_places_is_refused_quickly(value):
    """Input bound, not law: a measure of more than `MAX_PLACES` (20) decimal places is refused naming the field;
    1e-999999999 made the exact arithmetic after it carry a billion digits (minutes of CPU per request)."""
    with pytest.raises(InvalidNumber) as caught:
        area_sq_ft(value, "sq_m")
    assert caught.value.field == "area" and "has more than 20 decimal places; give at most 20" in caught.value.problem


@pytest.mark.parametrize("value", ["0.00000000000000000001", "1e-20", "100.0000000000000000000000", "1.5"])
def test_20_decimal_places_or_an_integral_value_written_long_is_taken(value):
    assert area_sq_ft(value) == Decimal(value)


@pytest.mark.parametrize(("value", "kind"), [([2400], "a list"), ((1,), "a list"), ({"a": 1}, "a mapping")])
def test_a_list_or_mapping_given_for_a_number_is_called_so(value, kind):
    with pytest.raises(InvalidNumber) as caught:
        to_decimal(value, "area")
    assert caught.value.problem == f"expected a number, got {kind}"


@pytest.mark.parametrize(
    ("facts", "field", "message"),
    [({"max_persons_at_one_time": "1_000"}, "max_persons_at_one_time",
      "must be a whole number written without '_' (got '1_000')"),
     ({"max_persons_at_one_time": 600, "admission_fee": "1_000.50"}, "admission_fee",
      "must be a number written without '_' (got '1_000.50')"),
     ({"max_persons_at_one_time": 600, "petition": {"max_noise_decibels": "7_5"}}, "petition.max_noise_decibels",
      "must be a number written without '_' (got '7_5')")],
)
def test_a_fact_written_with_python_underscores_is_refused_naming_the_field(facts, field, message):
    """Interpretation G-7: "1_000" (pydantic would read it as 1000; YAML 1.1 too) is refused by every number
    fact, as `to_decimal` refuses it, naming the field and the value as written."""
    with pytest.raises(InvalidCase) as caught:
        parse_case({"jurisdiction": "carmel-ny", "subject": "event", **facts})
    assert (caught.value.field, caught.value.message) == (field, message)


def test_the_same_facts_written_plainly_are_taken():
    case = parse_case({"jurisdiction": "carmel-ny", "subject": "event", "max_persons_at_one_time": "1000",
                       "admission_fee": "1000.50", "petition": {"max_noise_decibels": "75"}})
    assert case.facts.max_persons_at_one_time == 1000
    assert case.facts.admission_fee == Decimal("1000.50")
    assert case.facts.petition.max_noise_decibels == 75


@pytest.mark.parametrize("written", ["1e1000000", "-1E1000000", "9.9e999999999"])
def test_a_number_beyond_decimals_exponent_limit_is_too_large_not_an_overflow(written):
    """An exponent past the decimal context's (999,999) is refused as too large, naming the field, as
    ``1e999999`` is: its magnitude was taken with the context (``abs``), which raised `decimal.Overflow` — a
    traceback on the venue page's floor area and in the API's (found by W-24's comparison of the two)."""
    with pytest.raises(InvalidNumber, match=rf"^area: '{written}' is too large \(at most 1,000,000,000,000,000\)$"):
        to_decimal(written, "area")
    # an area says its own bound, ten billion sq ft (a trial followed the reader's 10^15 and was refused again),
    # and a negative one that it cannot be negative
    told = ("an area cannot be negative" if written.startswith("-") else
            rf"{written} sq_ft is larger than any room or site \(at most 10,000,000,000 sq ft\)")
    with pytest.raises(InvalidNumber, match=rf"^area: {told}"):
        area_sq_ft(written)
