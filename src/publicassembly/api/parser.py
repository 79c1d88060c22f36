"""The API's reader of JSON request bodies, reading a body as a case file's JSON is read (`publicassembly check`,
cli/casefile.py): a number with a fraction or an exponent is an exact `Decimal` (never a binary float: an area
of 1499.99999999999999999 sq ft is not 1,500, and the occupant load the API gives is the command line's); a JSON
object that names a key twice is refused (`publicassembly.law.cases.unique_keys`: JSON would silently keep the
last value, and which one the sender meant is not known), answered 422 naming the key (api/errors.py); the
non-standard constants ``NaN`` and ``Infinity`` are refused (`no_json_constant`), as they are no JSON."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any, cast

import jiter
from django.http import HttpRequest
from ninja.errors import HttpError
from ninja.parser import Parser

from publicassembly.law.cases import no_json_constant, unique_keys


def loads_unique(body: bytes) -> Any:
    """The JSON value of `body` (UTF-8 bytes): numbers with a fraction or exponent as `Decimal`, an object naming a
    key twice refused, ``NaN``/``Infinity`` refused. Raises `RepeatedKey` (the first key given twice),
    `RecursionError` (nested too deeply), `UnicodeDecodeError` or `ValueError` (not JSON; a constant; a number of
    more digits than Python converts) — the errors of the standard library's parser with `unique_keys`,
    ``parse_float=Decimal`` and `no_json_constant`, whose result this always equals.

    Fast path (a case is read on every ``POST /check``; the standard parser with those hooks costs about 60 µs
    for the county-fair example, jiter about a third of that): jiter (pydantic's JSON parser, as a library) with
    the same rules — exact decimals, repeated keys and constants refused. Its result is taken when it reads the
    body and the body holds no backslash (every string's text is then its bytes as they are, so both parsers
    read the same text; an escape, a lone surrogate among them, is left to the standard parser). Anything jiter
    refuses (a repeated key, a constant, bad UTF-8, deep nesting, not JSON) is read again by the standard
    parser, which gives the error in its words, naming the key. `tests/api/test_json_parser.py` compares the two
    on generated bodies."""
    if b"\\" not in body:
        try:
            return jiter.from_json(body, allow_inf_nan=False, catch_duplicate_keys=True, float_mode="decimal",
                                   cache_mode="keys")
        except ValueError:  # refused: the standard parser says why
            pass
    return json.loads(body, object_pairs_hook=unique_keys, parse_float=Decimal, parse_constant=no_json_constant)


def read_json(request: HttpRequest) -> Any:
    """The JSON value of the request's body (`loads_unique`), for a view that reads its body itself. A body
    that cannot be read raises ninja's ``HttpError(400, "Cannot parse request body")`` with the cause attached,
    as ninja's own parsing does, which api/errors.py answers 422 naming the body; one larger than the limit
    raises Django's `RequestDataTooBig` (413)."""
    try:
        return loads_unique(request.body)
    except (ValueError, RecursionError) as exc:  # (UnicodeDecodeError and RepeatedKey are ValueErrors)
        raise HttpError(400, "Cannot parse request body") from exc


class JSONBodyParser(Parser):
    """ninja's parser with `loads_unique`. Raises `RepeatedKey`, `RecursionError` or `ValueError` (not JSON),
    which ninja turns into its "Cannot parse request body" error with the cause attached."""

    def parse_body(self, request: HttpRequest) -> dict[str, Any]:
        return cast(dict[str, Any], loads_unique(request.body))
