"""The API's reader of JSON request bodies: the standard library's parser, refusing an object that names a key
twice (as a case file does, `publicassembly.law.cases.unique_keys`): JSON would silently keep the last value,
and which one the sender meant is not known. The refusal is answered 422 naming the key (api/errors.py)."""

from __future__ import annotations

import json
from typing import Any, cast

from django.http import HttpRequest
from ninja.parser import Parser

from publicassembly.law.cases import unique_keys


class JSONBodyParser(Parser):
    """ninja's parser with `unique_keys`. Raises `RepeatedKey`, `RecursionError` or `ValueError` (not JSON),
    which ninja turns into its "Cannot parse request body" error with the cause attached."""

    def parse_body(self, request: HttpRequest) -> dict[str, Any]:
        return cast(dict[str, Any], json.loads(request.body, object_pairs_hook=unique_keys))
