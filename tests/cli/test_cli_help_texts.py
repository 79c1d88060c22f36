"""Help texts as printed: placeholders kept (Typer renders help as Markdown, where ``<alias>`` would be an HTML tag
and vanish), no ``<bool>`` type beside a flag, and the README naming only commands that exist, and all of them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from publicassembly import cli
from publicassembly.cli import app
from publicassembly.cli.app import markdown_text

ROOT = Path(__file__).resolve().parents[2]
WIDE = {"COLUMNS": "400", "TERM": "dumb"}

#: Every command, as typed (``export`` is a group of one command, ``blds``).
COMMANDS = [[c] for c in cli.COMMANDS if c != "export"] + [["export"], ["export", "blds"]]


def _help(*command: str) -> str:
    result = CliRunner().invoke(app, [*command, "--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("command", [[], *COMMANDS], ids=lambda c: " ".join(c) or "(root)")
def test_no_flag_shows_a_bool_type(command):
    text = _help(*command)
    assert "<bool>" not in text
    assert re.search(r"--help\s+-h\s+Show this message and exit\.", text)


def test_calendar_public_help_keeps_the_feed_placeholder():
    """The public feed of a town's Carmel ch. 31 hearings is /towns/<alias>/hearings.ics."""
    assert "/towns/<alias>/hearings.ics" in _help("calendar")


def test_applications_help_keeps_its_placeholders():
    text = " ".join(_help("applications").split())
    assert '"facts need correction: FIELD: MESSAGE"' in text


def test_markdown_text_escapes_angle_brackets_outside_code_spans_only():
    assert markdown_text("feed /towns/<alias>/x.ics") == "feed /towns/&lt;alias>/x.ics"
    assert markdown_text("run `a <b>` then <c>") == "run `a <b>` then &lt;c>"
    assert markdown_text("``x<y`` and 5 < 6") == "``x<y`` and 5 &lt; 6"
    assert markdown_text("no brackets") == "no brackets"
    assert markdown_text(markdown_text("a <b>")) == "a &lt;b>"  # done once, whatever the number of passes


def _readme_cli_block() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## The command line", 1)[1]
    return section.split("```", 2)[1]


def test_readme_names_only_commands_that_exist_and_every_command():
    block = _readme_cli_block()
    listed = set(re.findall(r"publicassembly ([a-z]+(?:-[a-z]+)*)", block))  # (refuse-exemption)
    comments = " ".join(line.split("#", 1)[1] for line in block.splitlines() if "#" in line)
    after = comments.split("all commands:", 1)[1]
    listed |= {w for w in re.findall(r"[a-z]+(?:-[a-z]+)*", after) if w not in ("also", "blds")}
    known = set(cli.COMMANDS)
    assert listed - known == set(), f"README names commands that do not exist: {sorted(listed - known)}"
    assert known - listed == set(), f"README does not name: {sorted(known - listed)}"
    for name in listed:
        assert CliRunner().invoke(app, [name, "--help"]).exit_code == 0, name
