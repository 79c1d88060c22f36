"""Helpers of the Carmel ch. 31 tests (a uniquely named module, importable beside other folders' conftest.py): a complete application (the theatre-tent example) to vary, and a
function that determines a case through the public entry point."""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import yaml

from publicassembly.law import Determination, evaluate
from publicassembly.law.parameters import ParameterSet

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

Determine = Callable[..., Determination]


def load_example(name: str) -> dict[str, Any]:
    """An example case file from examples/ as data."""
    with open(EXAMPLES / f"{name}.yaml", encoding="utf-8") as fh:
        data: dict[str, Any] = yaml.safe_load(fh)
    return data


_THEATRE = load_example("carmel-theatre-tent")


@pytest.fixture
def case() -> dict[str, Any]:
    """A complete application that meets every provision it can (the 540-seat theatre tent), to vary."""
    return copy.deepcopy(_THEATRE)


@pytest.fixture
def determine() -> Determine:
    """Determine case data with `publicassembly.law.evaluate` (optionally on another date or parameters)."""

    def run(data: dict[str, Any], as_of: date | None = None, parameters: ParameterSet | None = None
            ) -> Determination:
        return evaluate(data, as_of=as_of, parameters=parameters)

    return run


def bare(**facts: Any) -> dict[str, Any]:
    """A Carmel case with only the given facts."""
    return {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-05-01", **facts}
