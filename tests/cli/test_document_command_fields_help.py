"""The README says of ``certificate``, ``permit``, ``petition``, ``notice`` and ``summons``: "each command's --help
says its fields". Each one's --help lists every field of its --from-json record, nested records' fields too,
generated from the record's dataclass (`documents.records.fields_help`) so that it stays true; ``--town`` (of
``sign``, ``certificate``, ``summons``) says in a whole sentence when it is needed. (A new-user trial found no
field named in their --help, and "--town … When two towns use the number." ending mid-thought.)"""

from __future__ import annotations

import dataclasses
import re
import typing

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.records import (
    CertificateRecord,
    HearingNoticeRecord,
    PermitRecord,
    PetitionRecord,
    SummonsRecord,
    fields_help,
)

WIDE = {"COLUMNS": "400", "TERM": "dumb"}


def _help(command: str) -> str:
    result = CliRunner().invoke(app, [command, "--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.replace("│", " ").split())


def _names(cls: type) -> list[str]:
    """Every field of `cls`, and of the records nested in it."""
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        out.append(f.name)
        for tp in (hints[f.name], *typing.get_args(hints[f.name])):
            if isinstance(tp, type) and dataclasses.is_dataclass(tp):
                out += _names(tp)
    return out


@pytest.mark.parametrize(("command", "cls"), [("certificate", CertificateRecord), ("permit", PermitRecord),
                                              ("petition", PetitionRecord), ("summons", SummonsRecord),
                                              ("notice", HearingNoticeRecord)])
def test_each_document_commands_help_names_every_field_of_its_record(command, cls):
    shown = _help(command)
    for name in _names(cls):
        assert re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", shown), (command, name)


@pytest.mark.parametrize(("command", "said"), [
    ("certificate", "spaces (a list of objects {name (text, required); use_group (text, required); area_sq_ft (a "
                    "number or null, required); occupant_load (a whole number, required); alleys (a whole number or "
                    "null)}, required)"),
    ("certificate", "status (one of valid, revoked, stale, superseded, default valid)"),
    ("permit", "insurance (an object {bodily_injury_limit (a number, required);"),
    ("permit", "revoked_date (a date YYYY-MM-DD or null)"),
    ("petition", "town (text, default Town of Carmel); applicant_name (text);"),
    ("summons", "offense_number (a whole number or null, required)"),
    ("summons", "jurisdiction (text, default mount-pleasant-ny)"),
])
def test_the_fields_are_told_with_what_each_takes(command, said):
    assert said in _help(command)


def test_the_help_is_the_records_own():
    """Generated from the dataclass: a field added to a record is in the help without a word written."""

    @dataclasses.dataclass(frozen=True)
    class Record:
        given: str
        count: int = 0

    assert fields_help(Record) == "given (text, required); count (a whole number, default 0)"


@pytest.mark.parametrize("command", ["sign", "certificate", "summons"])
def test_town_help_is_a_whole_sentence(command):
    shown = _help(command)
    assert "When two towns use the number." not in shown
    assert ("--town <str> The town's jurisdiction alias (carmel-ny, mount-pleasant-ny). Needed only when two "
            "towns' records use the same number (the command then says so); otherwise the number alone finds the "
            "record.") in shown
