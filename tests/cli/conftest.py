"""Fixtures of the CLI tests: a Typer test runner and small case files written to a temporary folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

#: A venue of Mount Pleasant: one hall of 1,500 sq ft without fixed seats (§ 164-7: 15 sq ft per occupant
#: → 100 persons), determined on Monday 2026-03-02.
VENUE_YAML = """\
jurisdiction: mount-pleasant-ny
subject: venue
as_of: 2026-03-02
commercial: true
spaces:
  - name: Hall
    use_group: assembly_without_fixed_seats
    area: 1500
"""

#: An event in Carmel of 501 persons at one time (ch. 31, permit requirements ¶ A: in excess of 500).
EVENT_YAML = """\
jurisdiction: carmel-ny
subject: event
as_of: 2026-03-02
max_persons_at_one_time: 501
"""


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str | bytes], Path]:
    """Write `content` (text as UTF-8, or bytes) to `name` in a temporary folder; return the path."""

    def _write(name: str, content: str | bytes) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path

    return _write


@pytest.fixture
def venue_yaml() -> str:
    return VENUE_YAML


@pytest.fixture
def event_yaml() -> str:
    return EVENT_YAML
