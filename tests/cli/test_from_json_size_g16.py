"""A ``--from-json`` file holds at most 2 MiB, the API's limit of a request body (interpretation G-16). A new-user
trial found no limit: every command read the file whole into memory, however large, before saying anything
(``export blds`` took 3 MiB of ``{}`` and blanks, exit 0). Every command that takes ``--from-json`` now reads at most one byte past the limit and refuses a larger
file (exit 2) in one line naming the option, the file and the limit — ``/dev/zero``, which never ends, too."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import click
import pytest
import typer
from typer.testing import CliRunner

from publicassembly import cli
from publicassembly.cli.app import app
from publicassembly.cli.document_commands import MAX_FROM_JSON_BYTES

runner = CliRunner()

CERTIFICATE = {"number": "MP-2026-0001", "issued_date": "2026-11-02", "venue_name": "Kensico Hall",
               "venue_address": "1 Main St, Valhalla",
               "spaces": [{"name": "Ballroom", "use_group": "assembly_without_fixed_seats", "area_sq_ft": 3000,
                           "occupant_load": 200}],
               "lawful_occupancy": 200, "inspector_name": "R. Inspector"}


def commands_taking_from_json() -> list[tuple[str, ...]]:
    """The path of every command of the CLI (every module of `cli.COMMAND_MODULES`) that has a ``--from-json``
    option (``("export", "blds")``)."""
    for module in cli.COMMAND_MODULES:
        importlib.import_module(f"publicassembly.cli.{module}")
    found: list[tuple[str, ...]] = []

    def walk(command: click.Command, path: tuple[str, ...]) -> None:
        for name, sub in getattr(command, "commands", {}).items():  # (a group: the root, export)
            walk(sub, (*path, name))
        if any("--from-json" in getattr(p, "opts", ()) for p in command.params):
            found.append(path)

    walk(typer.main.get_group(app), ())
    return sorted(found)


COMMANDS = commands_taking_from_json()


def refusal(source: Path) -> str:
    return (f"publicassembly: error: --from-json: {source} is larger than 2 MiB (2,097,152 bytes), the most a "
            "--from-json file holds (the API's limit of a request body); give a smaller file (a calendar or a BLDS "
            "export of many records in several)\n")


def test_the_limit_is_the_apis_request_body_limit_g16(settings):
    assert MAX_FROM_JSON_BYTES == settings.DATA_UPLOAD_MAX_MEMORY_SIZE == 2 * 1024 * 1024


def test_every_command_taking_from_json_is_found():
    assert COMMANDS == [("calendar",), ("certificate",), ("export", "blds"), ("notice",), ("permit",),
                        ("petition",), ("summons",)]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_file_one_byte_over_the_limit_is_refused_by_every_command_naming_it_and_the_limit_g16(tmp_path, command):
    source, out = tmp_path / "big.json", tmp_path / "out"
    source.write_bytes(b"{}" + b" " * (MAX_FROM_JSON_BYTES - 1))
    result = runner.invoke(app, [*command, "--from-json", str(source), "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert result.output == refusal(source)
    assert not out.exists()


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_file_that_never_ends_is_refused_without_being_read_whole_g16(tmp_path, command):
    endless = Path("/dev/zero")
    if not endless.exists():
        pytest.skip("no /dev/zero")
    result = runner.invoke(app, [*command, "--from-json", str(endless), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert result.output == refusal(endless)


@pytest.mark.parametrize(("size", "exit_code"), [(MAX_FROM_JSON_BYTES, 0), (MAX_FROM_JSON_BYTES + 1, 2)])
def test_a_record_of_exactly_the_limit_is_read_and_one_byte_more_is_not_g16(tmp_path, size, exit_code):
    text = json.dumps(CERTIFICATE).encode("utf-8")
    source, out = tmp_path / "record.json", tmp_path / "c.pdf"
    source.write_bytes(text + b" " * (size - len(text)))
    assert source.stat().st_size == size
    result = runner.invoke(app, ["certificate", "--from-json", str(source), "-o", str(out)])
    assert result.exit_code == exit_code, result.output
    assert out.exists() == (exit_code == 0)


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_commands_help_states_the_limit_g16(command):
    shown = runner.invoke(app, [*command, "--help"], terminal_width=400).output
    assert "2 MiB" in " ".join(shown.replace("│", " ").split()), shown
