"""Turn law-core values (Decimal, Fraction, dates, enums, dataclasses) into JSON-ready data, exactly."""

from __future__ import annotations

import dataclasses
from datetime import date
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import Any

#: Places kept when a quantity has a longer (non-terminating) expansion, such as an area converted from
#: square metres (a quotient by 0.09290304); the computation itself keeps full precision.
DISPLAY_PLACES = Decimal("0.000001")


def number(value: Decimal | Fraction | int) -> int | float | str:
    """An exact quantity as a JSON number: an int when whole; a float when that float prints back as the
    same decimal (at most 15 significant digits). A decimal with more than six places (the expansion of a
    quotient, e.g. square metres converted to square feet) is shown rounded half-even to six places; a value
    that still does not fit a float exactly is given as a decimal string."""
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return int(value)
        value = Decimal(value.numerator) / Decimal(value.denominator)
    if value == value.to_integral_value():
        return int(value)
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent < -6:
        value = value.quantize(DISPLAY_PLACES)
    as_float = float(value)
    if Decimal(repr(as_float)) == value.normalize():
        return as_float
    return str(value)


def jsonable(value: Any) -> Any:
    """Recursively convert `value` to JSON-ready data."""
    kind = type(value)
    if kind is str or kind is int or kind is float or kind is bool or value is None:
        return value  # the common cases first: most values of a determination are plain
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return str(value)  # a law-core Message is its English text in JSON
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, int | Decimal | Fraction):
        return number(value)
    if isinstance(value, float):
        return value
    if isinstance(value, date):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        to_json = getattr(value, "to_json", None)
        if callable(to_json):
            return to_json()
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v) for v in value]
    model_dump = getattr(value, "model_dump", None)
    if callable(model_dump):
        return jsonable(model_dump())
    return str(value)
