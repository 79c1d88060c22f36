"""A service's refusal in a test: ``refused("paid_on", lambda: pay(day))`` asserts that the call raises
`ValidationFailed` naming that field and returns the error (for its ``detail``)."""

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
