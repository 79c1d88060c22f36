"""A date the record does not give is written in BLDS' JSON as null, as its number fields are (interpretation D-4).
A new-user trial of ``export blds --format json`` found ``"CompletedDate": ""``: BLDS types every date TEXT
(YYYY-MM-DD) and an empty text is no such date, so a reader parsing the dates failed on it. Every record keeps
every field of its dataset (the specification's list), the absent ones null; CSV has no null, and leaves the
cell empty."""

from __future__ import annotations

import csv
import io
import json
from datetime import date

from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents import blds

PERMIT_DATES = ("AppliedDate", "IssuedDate", "CompletedDate", "StatusDate", "ExpiresDate")
INSPECTION_DATES = ("ScheduledDate", "InspectedDate", "RequestDate", "DesiredDate")


def test_a_permits_dates_not_given_are_null_in_json_d4():
    row = blds.BldsPermitRow("PA-1", "County fair", "submitted", applied_date=date(2026, 6, 1))
    record = json.loads(blds.permits_json([row]))[0]
    assert set(record) == set(blds.PERMIT_FIELDS)
    assert {name: record[name] for name in PERMIT_DATES} == {
        "AppliedDate": "2026-06-01", "IssuedDate": None, "CompletedDate": None, "StatusDate": None,
        "ExpiresDate": None}


def test_a_permits_dates_given_are_written_yyyy_mm_dd_in_json_d4():
    row = blds.BldsPermitRow("PA-1", "County fair", "closed", applied_date=date(2026, 6, 1),
                             issued_date=date(2026, 7, 1), completed_date=date(2026, 9, 1),
                             status_date=date(2026, 9, 1), expires_date=date(2026, 8, 16))
    record = json.loads(blds.permits_json([row]))[0]
    assert [record[name] for name in PERMIT_DATES] == ["2026-06-01", "2026-07-01", "2026-09-01", "2026-09-01",
                                                       "2026-08-16"]


def test_an_inspections_dates_not_given_are_null_in_json_d4():
    row = blds.BldsInspectionRow("PA-1", "cleanup", inspected_date=date(2026, 8, 21), result="passed")
    record = json.loads(blds.inspections_json([row]))[0]
    assert set(record) == set(blds.INSPECTION_FIELDS)
    assert {name: record[name] for name in INSPECTION_DATES} == {
        "ScheduledDate": None, "InspectedDate": "2026-08-21", "RequestDate": None, "DesiredDate": None}


def test_a_date_not_given_is_an_empty_cell_in_csv_which_has_no_null_d4():
    row = blds.BldsPermitRow("PA-1", "County fair", "submitted", applied_date=date(2026, 6, 1))
    back = next(csv.DictReader(io.StringIO(blds.permits_csv([row]).decode("utf-8"), newline="")))
    assert (back["AppliedDate"], back["CompletedDate"], back["IssuedDate"]) == ("2026-06-01", "", "")


def test_export_blds_from_json_writes_null_for_a_date_left_out_d4(tmp_path):
    source, out = tmp_path / "b.json", tmp_path / "out.json"
    source.write_text(json.dumps({"permits": [{"permit_num": "P-3", "description": "ok", "status": "issued",
                                               "issued_date": "2026-01-01"}]}), encoding="utf-8")
    result = CliRunner().invoke(app, ["export", "blds", "--from-json", str(source), "--format", "json",
                                      "-o", str(out)])
    assert result.exit_code == 0, result.output
    record = json.loads(out.read_text(encoding="utf-8"))[0]
    assert (record["IssuedDate"], record["AppliedDate"], record["CompletedDate"]) == ("2026-01-01", None, None)
