"""Every ``publicassembly check`` line of the README's command-line section runs as written (exit 0): a newcomer
copies them first. (The new-user trial of 2026-11-30 found one exiting 2: its --as-of was earlier than the
theatre tent's recorded filing and approvals, which G-10 refuses.)"""

from __future__ import annotations

import glob
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from publicassembly.cli import app

ROOT = Path(__file__).resolve().parents[2]
LINES = [line.split("#")[0].strip() for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
         if re.match(r"^\.venv/bin/publicassembly check ", line)]


def test_the_readme_shows_check_lines():
    assert len(LINES) >= 2


@pytest.mark.parametrize("line", LINES)
def test_a_readme_check_line_runs_as_written(line, monkeypatch):
    monkeypatch.chdir(ROOT)
    args: list[str] = []
    for word in shlex.split(line)[1:]:
        args += sorted(glob.glob(word)) if "*" in word else [word]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, (line, result.output[-500:])
