"""A document's record read with ``--from-json`` takes text only where text is expected: a JSON number given for
a text field (``"applicant": 12``, ``"event": 5``, a certificate's ``"number": 42``) is refused naming the field,
"expected text, got 12", as ``check`` refuses ``name: 5`` ("must be text (got 5)"); the command exits 2 and
writes nothing. (A new-user trial printed "To the publisher of 12…" in a legal notice: whole numbers were taken
as their digits.) The same text in quotes is read as before."""

from __future__ import annotations

import dataclasses
import json
import typing
from dataclasses import asdict
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents import blds
from publicassembly.documents.records import (
    CertificateRecord,
    CertificateSpace,
    DeadlineItem,
    HearingNoticeRecord,
    InsuranceRecord,
    PermitRecord,
    PetitionRecord,
    SummonsRecord,
    record_from_json,
)
from publicassembly.law.jsonable import jsonable

from .conftest import pdf_text

runner = CliRunner()

#: A hearing on Tuesday 2026-12-15 at 7:30 p.m. (as tests/documents/test_notice_from_json.py).
NOTICE = {"town": "carmel-ny", "application_reference": "PA-2026-014", "applicant": "Lake Gleneida Music Festival, Inc.",
          "event": "Lake Gleneida Music Festival", "property_address": "1 Gleneida Avenue, Carmel, NY 10512",
          "hearing_at": "2026-12-15T19:30", "hearing_place": "Carmel Town Hall, 60 McAlpin Avenue, Mahopac, NY",
          "latest_publication_date": "2026-12-04", "newspaper": "Putnam County Courier"}


def _run(tmp_path: Path, command: str, data: object):
    src = tmp_path / "record.json"
    src.write_text(json.dumps(jsonable(data)), encoding="utf-8")
    out = tmp_path / "out.pdf"
    out.unlink(missing_ok=True)
    return runner.invoke(app, [command, "--from-json", str(src), "-o", str(out)]), out


def test_a_notice_with_numbers_for_its_applicant_and_event_is_refused_naming_both(tmp_path):
    result, out = _run(tmp_path, "notice", NOTICE | {"applicant": 12, "event": 5})
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert "applicant: expected text, got 12" in text, text
    assert "event: expected text, got 5" in text, text
    assert 'write text in quotes, e.g. "12"' in text, text
    assert "Traceback" not in result.output
    assert not out.exists()


def test_the_same_texts_in_quotes_are_printed(tmp_path):
    result, out = _run(tmp_path, "notice", NOTICE | {"applicant": "12", "event": "5"})
    assert result.exit_code == 0, result.output
    assert "12" in pdf_text(out.read_bytes())


@pytest.mark.parametrize(("command", "fixture", "field", "value"), [
    ("certificate", "certificate_record", "number", 42),
    ("certificate", "certificate_record", "inspector_name", 7),
    ("permit", "permit_record", "number", 2025003),
    ("permit", "permit_record", "hours", 10.5),
    ("petition", "petition_record", "applicant_name", 12),
    ("summons", "summons_record", "return_time", 930),
])
def test_every_document_command_refuses_a_number_for_a_text_field(tmp_path, request, command, fixture, field,
                                                                  value):
    data = jsonable(asdict(request.getfixturevalue(fixture))) | {field: value}
    result, out = _run(tmp_path, command, data)
    assert result.exit_code == 2, result.output
    assert f"{field}: expected text, got {value}" in " ".join(result.output.split()), result.output
    assert not out.exists()


def test_a_number_in_a_list_of_texts_or_a_nested_record_is_refused_naming_it(permit_record):
    data = jsonable(asdict(permit_record))
    data["conditions"] = ["No amplified sound after 10:00 p.m.", 2]
    data["insurance"]["policy_number"] = 778812
    with pytest.raises(ValueError) as caught:
        record_from_json(PermitRecord, data)
    said = str(caught.value)
    assert "conditions[1]: expected text, got 2" in said
    assert "insurance.policy_number: expected text, got 778812" in said


def test_a_blds_export_refuses_a_number_for_a_zip_code(tmp_path):
    src = tmp_path / "rows.json"
    src.write_text(json.dumps({"permits": [{"permit_num": "PA-1", "description": "Fair", "status": "Issued",
                                            "zip": 10512}]}), encoding="utf-8")
    result = runner.invoke(app, ["export", "blds", "--from-json", str(src), "-o", str(tmp_path / "p.csv")])
    assert result.exit_code == 2, result.output
    assert "permits[0].zip: expected text, got 10512" in result.output
    assert not (tmp_path / "p.csv").exists()


RECORDS = (CertificateRecord, CertificateSpace, HearingNoticeRecord, InsuranceRecord, PermitRecord,
           PetitionRecord, SummonsRecord, DeadlineItem, blds.BldsPermitRow, blds.BldsInspectionRow)


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_no_text_field_of_any_record_takes_a_number(cls):
    hints = typing.get_type_hints(cls)
    texts = [f.name for f in dataclasses.fields(cls) if hints[f.name] is str]
    assert texts
    with pytest.raises(ValueError) as caught:
        record_from_json(cls, {name: 12 for name in texts})
    said = str(caught.value)
    for name in texts:
        assert f"{name}: expected text, got 12" in said, (name, said)
