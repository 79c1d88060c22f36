"""A service's refusal in a test: ``refused("paid_on", lambda: pay(day))`` asserts that the call raises
`ValidationFailed` naming that field and returns the error (for its ``detail``); `refusals` gives every refusal
of a call that tells them all at once, `told` every refusal of an API's 422, `fields` their fields in order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from publicassembly.workflow.errors import ValidationFailed


def refused(field: str, call: Callable[[], Any]) -> ValidationFailed:
    with pytest.raises(ValidationFailed) as e:
        call()
    assert e.value.field == field, e.value
    return e.value


def refusals(call: Callable[[], Any]) -> list[tuple[str, str]]:
    """Every (field, message) a service's `ValidationFailed` tells, the first its ``field``."""
    with pytest.raises(ValidationFailed) as e:
        call()
    assert e.value.field == e.value.errors[0][0]
    return [(f, str(m)) for f, m in e.value.errors]


def told(r: Any) -> list[tuple[str, str]]:
    """Every (field, msg) of an API's 422 answer, its ``field`` the first and its ``detail`` starting with it."""
    assert r.status_code == 422, r.content
    body = r.json()
    assert body["field"] == body["errors"][0]["field"] and body["detail"].startswith(f"{body['field']}: ")
    return [(e["field"], e["msg"]) for e in body["errors"]]


def fields(errors: list[tuple[str, str]]) -> list[str]:
    return [f for f, _m in errors]
