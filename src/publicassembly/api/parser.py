"""The API's reader of JSON request bodies: a JSON object that names a key twice is refused (as a case file
is, `publicassembly.law.cases.unique_keys`): JSON would silently keep the last value, and which one the sender
meant is not known. The refusal is answered 422 naming the key (api/errors.py)."""

from __future__ import annotations

import json
from typing import Any, cast

import orjson
from django.http import HttpRequest
from ninja.errors import HttpError
from ninja.parser import Parser
from pydantic_core import from_json

from publicassembly.law.cases import unique_keys


def loads_unique(body: bytes) -> Any:
    """The JSON value of `body` (UTF-8 bytes), refusing an object that names a key twice. Raises `RepeatedKey`
    (the first key given twice), `RecursionError` (nested too deeply), `UnicodeDecodeError` or `ValueError`
    (not JSON; a number of more digits than Python converts) — the errors of the standard library's parser
    with `unique_keys`, whose result this always equals.

    Fast path (a case is read on every ``POST /check``; the standard parser calling `unique_keys` for every
    object costs about 45 µs for the county-fair example, this about 25 µs): pydantic-core's parser (jiter,
    which reads numbers, NaN and infinities as the standard parser does) keeps the last of repeated keys
    without telling, so its result is taken only when no key can have been dropped: the body has no
    backslash (every string's text is then the same bytes in the body and in orjson's compact writing of the
    result) and it holds exactly as many colons as that writing. A colon is either a key's or inside a
    string; the writing holds each kept key once and the strings of the kept values, so the body holds more
    colons as soon as one key was given twice. Anything else — a backslash, more colons, anything either
    library refuses (lone surrogates, deep nesting, bad UTF-8, integers orjson cannot write) — is read by the
    standard parser, which gives the answer or the error. `tests/api/test_json_parser.py` compares the two
    on generated bodies."""
    if b"\\" not in body:
        try:
            data = from_json(body)
            written = orjson.dumps(data)
        except (ValueError, TypeError):  # not JSON to jiter, or an integer beyond 64 bits for orjson
            pass
        else:
            if body.count(b":") == written.count(b":"):
                return data
    return json.loads(body, object_pairs_hook=unique_keys)


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
