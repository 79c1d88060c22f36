"""The API's JSON writer: orjson (a maintained, fast JSON library), falling back to ninja's own encoder.

Every response of /api/ is written by `dumps`: the determination of ``POST /check`` (about 17 kB) in a tenth
of the time the standard library's encoder takes. The values are those ninja's `NinjaJSONEncoder` writes:
datetimes, decimals, pydantic models, URLs, IP addresses and lazy translations go through that encoder's
``default`` (so a datetime keeps Django's form, e.g. ``2026-11-29T20:35:00.123Z``, and a Decimal is a string);
dates, UUIDs, enums (by value) and str subclasses (the law core's messages) are written by orjson as the same
JSON values. The text differs only in layout: compact separators and UTF-8 rather than ``\\u`` escapes.
A value orjson cannot write (an integer beyond 64 bits) is written by ninja's encoder instead.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import orjson
from django.http import HttpRequest
from ninja.renderers import BaseRenderer
from ninja.responses import NinjaJSONEncoder

from publicassembly.law.jsonable import jsonable

_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS
_default = NinjaJSONEncoder().default


def dumps(data: Any) -> bytes:
    """`data` as UTF-8 JSON bytes. Raises TypeError for a value neither encoder can write."""
    try:
        return orjson.dumps(data, default=_default, option=_OPTIONS)
    except orjson.JSONEncodeError:
        return json.dumps(data, cls=NinjaJSONEncoder).encode()


#: orjson writes str, int, float, bool, None, lists, tuples and dicts with text keys (and their subclasses: the
#: law core's messages, its str enums) exactly as `jsonable` leaves them, and dates as `jsonable` writes them
#: (ISO 8601, ``date.isoformat``: a determination holds about twenty); everything else — dataclasses,
#: decimals, fractions, read-only mappings, sets, models — goes to `jsonable`. (orjson writes datetimes itself
#: too, as ``isoformat`` does, except a UTC offset in seconds, which it cuts to the minute; the law core holds
#: none: its facts are dates, a time of day is refused.)
_LAW_OPTIONS = orjson.OPT_PASSTHROUGH_DATACLASS


def _law_default(value: Any) -> Any:
    """`jsonable` of a value orjson cannot write, a whole Decimal (money, most areas and numbers of a
    determination: about fifteen in the county fair's) converted here as `jsonable.number` converts it, without
    the two calls through `jsonable`."""
    if type(value) is Decimal and value == value.to_integral_value():
        return int(value)
    return jsonable(value)


def dumps_law(data: Any) -> bytes:
    """Law-core data — e.g. ``determination.to_json(as_is)``, whose values are not yet JSON-ready — as the
    UTF-8 JSON that `dumps` writes of ``jsonable(data)``, in one pass: orjson converts what it cannot write
    itself with `jsonable`. Data it refuses (a mapping with keys that are not text, an integer beyond 64 bits)
    is converted in full first and written by `dumps`, so the JSON is the same."""
    try:
        return orjson.dumps(data, default=_law_default, option=_LAW_OPTIONS)
    except orjson.JSONEncodeError:
        return dumps(jsonable(data))


class JSONRenderer(BaseRenderer):
    """ninja's renderer for every operation of the API (`dumps`)."""

    media_type = "application/json"

    def render(self, request: HttpRequest, data: Any, *, response_status: int) -> bytes:
        return dumps(data)
