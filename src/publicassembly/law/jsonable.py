"""Turn law-core values (Decimal, Fraction, dates, enums, dataclasses) into JSON-ready data, exactly."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from enum import Enum
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from publicassembly.law.messages import Message

#: The decimal places a quantity is shown to at most: an area converted from square metres (a quotient by
#: 0.09290304, of no end) is shown rounded half to even to four places, in `check`'s JSON and text, the API and
#: the report as in `batch` (`bulk.AREA_DIGITS`; the areas a venue records have at most four places too). The
#: computation itself keeps full precision (interpretation B-3).
SHOWN_PLACES = 4
DISPLAY_PLACES = Decimal(1).scaleb(-SHOWN_PLACES)  # 0.0001


def number(value: Decimal | Fraction | int) -> int | float | str:
    """An exact quantity as a JSON number: an int when whole; a float when that float prints back as the
    same decimal (at most 15 significant digits). A decimal with more than four places (`SHOWN_PLACES`: the
    expansion of a quotient, e.g. square metres converted to square feet) is shown rounded half-even to four
    places; a value that still does not fit a float exactly is given as a decimal string."""
    if type(value) is not Decimal:  # (a decimal, the usual case, skips the tests of other types)
        if isinstance(value, int):
            return value
        if isinstance(value, Fraction):
            if value.denominator == 1:
                return int(value)
            value = Decimal(value.numerator) / Decimal(value.denominator)
        else:  # a `units.WrittenNumber`: its value (the text it was written as is for refusals)
            value = Decimal(value)
    if value == value.to_integral_value():
        return int(value)
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent < -SHOWN_PLACES:
        value = value.quantize(DISPLAY_PLACES, rounding=ROUND_HALF_EVEN)
    as_float = float(value)
    if Decimal(repr(as_float)) == value.normalize():
        return as_float
    return str(value)


def jsonable(value: Any) -> Any:
    """Recursively convert `value` to JSON-ready data: str, int, float, bool and None as they are; a
    law-core `Message` as its English text; an `Enum` as its value; Decimal, Fraction as `number`; a date as
    ISO 8601; a dataclass by its ``to_json`` (else field by field); a mapping with its keys as strings; a list,
    tuple or set as a list; a pydantic model by its ``model_dump``; anything else as ``str(value)``."""
    kind = type(value)
    if kind in _PLAIN:
        return value  # most values of a determination are plain: found with one lookup
    convert = _BY_TYPE.get(kind)
    if convert is not None:
        return convert(value)
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
    if isinstance(value, Mapping):
        return _mapping(value)
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v) for v in value]
    model_dump = getattr(value, "model_dump", None)
    if callable(model_dump):
        return jsonable(model_dump())
    return str(value)


def _mapping(value: Mapping[Any, Any]) -> dict[str, Any]:
    return {str(k): jsonable(v) for k, v in value.items()}


def _items(value: list[Any] | tuple[Any, ...]) -> list[Any]:
    return [jsonable(v) for v in value]


_PLAIN = frozenset({str, int, float, bool, type(None)})

#: The exact types met most often, each with its conversion (subclasses go the long way above).
_BY_TYPE: dict[type, Callable[[Any], Any]] = {
    dict: _mapping, MappingProxyType: _mapping, list: _items, tuple: _items,
    Decimal: number, Fraction: number, date: date.isoformat, Message: str,
}


def as_is(value: Any) -> Any:
    """`value` unchanged: the ``convert`` of `Finding.to_json` and `Determination.to_json` for a JSON writer
    that converts, with `jsonable`, every value it cannot write itself (so the JSON is the same)."""
    return value
