"""Helpers for the Mount Pleasant ch. 164 tests: determine a venue given as plain data."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest

from publicassembly.law.determination import Determination
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import JURISDICTION
from publicassembly.law.parameters import ParameterValues

AS_OF = date(2025, 3, 3)


@pytest.fixture
def values() -> ParameterValues:
    """The ch. 164 parameter values in force on 3 March 2025."""
    return JURISDICTION.parameters.at(AS_OF)


@pytest.fixture
def determine() -> Callable[..., Determination]:
    """determine(spaces=[...], **facts) → Determination on 3 March 2025 (facts validated by VenueCase)."""

    def run(as_of: date = AS_OF, **facts: Any) -> Determination:
        case = JURISDICTION.subjects["venue"].model_validate(facts)
        return JURISDICTION.determine(case, as_of)

    return run
