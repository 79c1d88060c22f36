"""Exact quantities: areas in square feet, money in US dollars (whole cents), persons as integers."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from fractions import Fraction
from typing import Literal

from publicassembly.law.messages import _, join

#: One square foot is exactly 0.09290304 square metres (international foot, 0.3048 m, squared).
SQUARE_METRES_PER_SQUARE_FOOT = Decimal("0.09290304")

#: Input limits (not law: sanity bounds of the facts a case may state, so that an absurd number is refused with
#: a clear message instead of computed into a meaningless answer). No room or site reaches ten billion square
#: feet (about 360 square miles); no assembly a billion persons.
MAX_AREA_SQ_FT = Decimal(10) ** 10
MAX_COUNT = 10**9
class InvalidNumber(ValueError):
    """A number, area or amount that breaks the law core's input rules: ``field`` names it, ``problem`` says
    what is wrong without naming it (a `Message`, so a page can translate it and put it beside the field); the
    text of the error is ``"<field>: <problem>"``."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(_("{field}: {problem}", field=field, problem=problem))


#: The largest magnitude `to_decimal` accepts (a quadrillion).
MAX_MAGNITUDE = Decimal(10) ** 15

AreaUnit = Literal["sq_ft", "sq_m"]
AREA_UNITS: tuple[str, ...] = ("sq_ft", "sq_m")


def to_decimal(value: object, field: str = "value") -> Decimal:
    """An exact Decimal from an int, a Decimal, a numeric string, or a float (via its shortest repr).

    Raises `InvalidNumber` naming `field` when the value is not a finite number or is larger in magnitude than
    10^15 (`MAX_MAGNITUDE`)."""
    if isinstance(value, bool):
        raise InvalidNumber(field, _("expected a number, got a boolean"))
    try:
        if isinstance(value, float):
            if not math.isfinite(value):
                raise InvalidNumber(field, _("must be a finite number, got {value!r}",
                                   value=value))
            result = Decimal(repr(value))
        elif isinstance(value, Fraction):
            result = Decimal(value.numerator) / Decimal(value.denominator)
        else:
            result = Decimal(str(value).strip())
    except InvalidOperation:
        raise InvalidNumber(field, _("expected a number, got {value!r}", value=value)) from None
    if not result.is_finite():
        raise InvalidNumber(field, _("must be a finite number, got {value!r}", value=str(value)))
    if abs(result) > MAX_MAGNITUDE:
        raise InvalidNumber(field, _("{value!r} is too large (at most {most:,})",
                           value=str(value)[:40], most=MAX_MAGNITUDE))
    return result


def area_sq_ft(value: object, unit: str = "sq_ft", field: str = "area") -> Decimal:
    """An area in square feet (Decimal, exact) from a value in `unit` (``sq_ft`` or ``sq_m``).

    Square metres are divided by the exact factor 0.09290304. Raises `InvalidNumber` naming `field` when the
    value is negative, not a finite number or more than ten billion square feet (`MAX_AREA_SQ_FT`), or the unit
    is not one of ``sq_ft``, ``sq_m``."""
    amount = to_decimal(value, field)
    if amount < 0:
        raise InvalidNumber(field, _("an area cannot be negative (got {amount})", amount=amount))
    if unit in ("sq_ft", "sq_m"):
        sq_ft = amount if unit == "sq_ft" else amount / SQUARE_METRES_PER_SQUARE_FOOT
        if sq_ft > MAX_AREA_SQ_FT:
            raise InvalidNumber(field, _("{amount} {unit} is larger than any room or site (at most "
                               "{most:,} sq ft)", amount=amount, unit=unit,
                               most=MAX_AREA_SQ_FT))
        return sq_ft
    raise InvalidNumber(field, _("unknown area unit {unit!r}; allowed: {allowed}", unit=unit,
                       allowed=join(AREA_UNITS)))


def persons_per_area(area: Decimal | Fraction | int, area_per_person: Decimal | int) -> int:
    """Whole persons that fit in `area` at `area_per_person` each, rounded down (exact; no float)."""
    return math.floor(Fraction(Decimal(area)) / Fraction(Decimal(area_per_person))) if not isinstance(
        area, Fraction) else math.floor(area / Fraction(Decimal(area_per_person)))


def ceil_div(persons: int, per: int) -> int:
    """``ceil(persons / per)`` on integers: e.g. one toilet per 75 persons, 76 persons → 2."""
    if per <= 0:
        raise ValueError(_("divisor must be positive"))
    return -(-persons // per)


def dollars(value: object, field: str = "amount") -> Decimal:
    """A money amount in US dollars, exact to the cent. Raises `InvalidNumber` naming `field` when not a finite
    number or when it has fractions of a cent."""
    amount = to_decimal(value, field)
    if amount != amount.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP):
        raise InvalidNumber(field, _("money is in whole cents (got {amount})", amount=amount))
    return amount.quantize(Decimal("0.01"))
