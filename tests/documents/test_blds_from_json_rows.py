"""``export blds --from-json``: every problem of every row is told, one per line, each naming the file and the
row's field (``permits[1].latitude``), exit 2, never a traceback; ``extra`` is an object of the event's own
fields (a number, a list or a text is refused naming it); what BLDS requires (a status of the workflow's, in lower
case; AppliedDate or IssuedDate; an inspection's kind) is told the same way; numbers are read as written
(``1e999`` is not infinity) and the JSON output holds the number fields as JSON numbers, valid JSON always."""

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

OK = {"permit_num": "P-3", "description": "ok", "status": "issued", "applied_date": "2026-01-01"}
INSPECTION = {"permit_num": "P-3", "kind": "fire"}


def export(tmp_path: Path, text: str, *args: str):
    src = tmp_path / "b.json"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["export", "blds", "--from-json", str(src), "-o", str(out), *args])
    assert "Traceback" not in result.output
    return result, src, out


def told(result) -> list[str]:
    return [line.removeprefix("publicassembly: error: ") for line in result.output.splitlines() if line.strip()]


@pytest.mark.parametrize(("extra", "shown"), [("5", "5"), ("[1, 2]", "a list"), ('"=cmd"', "'=cmd'"),
                                              ("true", "true")])
def test_extra_that_is_not_an_object_is_refused_naming_the_field(tmp_path, extra, shown):
    row = json.dumps(OK)[:-1] + f', "extra": {extra}}}'
    result, src, _ = export(tmp_path, '{"permits": [' + row + "]}")
    assert result.exit_code == 2
    assert told(result) == [f"{src}: permits[0].extra: must be an object (a JSON mapping of names to values), "
                            f"got {shown}"]


@pytest.mark.parametrize("extra", ["{}", '{"maximum_persons": 4200, "conditions": ["x"], "bond": 1e15}'])
def test_extra_that_is_an_object_is_written_to_extra_fields(tmp_path, extra):
    row = json.dumps(OK)[:-1] + f', "extra": {extra}}}'
    result, _, out = export(tmp_path, '{"permits": [' + row + "]}", "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())[0]["ExtraFields"] == json.loads(extra)


@pytest.mark.parametrize(("number", "exit_code"), [("1e15", 0), ("1e999", 2), ("-1e999", 2)])
def test_a_number_inside_extra_is_written_as_valid_json_or_refused(tmp_path, number, exit_code):
    row = json.dumps(OK)[:-1] + f', "extra": {{"a": [{{"b": {number}}}]}}}}'
    result, src, out = export(tmp_path, '{"permits": [' + row + "]}", "--format", "json")
    assert result.exit_code == exit_code, result.output
    if exit_code:
        assert told(result) == [f"{src}: permits[0].extra.a[0].b: '{number}' is too large (at most "
                                "1,000,000,000,000,000)"]
    else:
        assert "Infinity" not in out.read_text() and json.loads(out.read_text())[0]["ExtraFields"]["a"][0]["b"] == 1e15


def test_nan_and_infinity_are_not_numbers_of_extra_and_are_refused_naming_the_field(tmp_path):
    """(Refused before as a file that is not valid JSON, without the field: every ``--from-json`` reader now
    reads them as the Decimal they name, and the field refuses it.)"""
    row = json.dumps(OK)[:-1] + ', "extra": {"a": Infinity, "b": [NaN]}}'
    result, src, _ = export(tmp_path, '{"permits": [' + row + "]}")
    assert result.exit_code == 2
    assert told(result) == [f"{src}: permits[0].extra.a: expected a finite number, got Infinity",
                            f"{src}: permits[0].extra.b[0]: expected a finite number, got NaN"]


def test_extra_of_a_row_written_in_python_that_json_cannot_hold_is_refused():
    row = blds.BldsPermitRow("P-3", "ok", "issued", issued_date=date(2026, 1, 1), extra={"a": float("inf")})
    with pytest.raises(ValueError, match="extra"):
        blds.permits_json([row])


def test_every_problem_of_every_row_is_listed_with_the_file_and_the_row(tmp_path):
    rows = [OK, {**OK, "latitude": 91, "longitude": -181, "nmae": "x"}, {**OK, "status": "Issued"},
            {k: v for k, v in OK.items() if k != "applied_date"}, {**OK, "fee": "1e999"}]
    result, src, out = export(tmp_path, json.dumps({"permits": rows}).replace('"1e999"', "1e999"))
    assert result.exit_code == 2 and not out.exists()
    lines = told(result)
    assert all(line.startswith(f"{src}: permits[") for line in lines), lines
    assert lines[0].startswith(f"{src}: permits[1].nmae: is not a field of a BLDS permit row; allowed: permit_num")
    assert lines[1:] == [
        f"{src}: permits[1].latitude: must be from -90 to 90 (degrees); got 91",
        f"{src}: permits[1].longitude: must be from -180 to 180 (degrees); got -181",
        f"{src}: permits[2].status: 'Issued' has no BLDS mapping (did you mean 'issued'?); allowed: "
        + ", ".join(blds.STATUS_MAPPED),
        f"{src}: permits[3].applied_date: BLDS requires AppliedDate or IssuedDate; give applied_date or "
        "issued_date (YYYY-MM-DD)",
        f"{src}: permits[4].fee: must be from 0 to 1,000,000,000,000,000; got 1e999",
    ]


@pytest.mark.parametrize(("dates", "fine"), [({"applied_date": "2026-01-01"}, True),
                                             ({"issued_date": "2026-01-02"}, True), ({}, False)])
def test_blds_requires_applied_or_issued_date(tmp_path, dates, fine):
    row = {"permit_num": "P-3", "description": "ok", "status": "issued", **dates}
    result, src, _ = export(tmp_path, json.dumps({"permits": [row]}))
    assert result.exit_code == (0 if fine else 2), result.output
    if not fine:
        assert told(result) == [f"{src}: permits[0].applied_date: BLDS requires AppliedDate or IssuedDate; give "
                                "applied_date or issued_date (YYYY-MM-DD)"]


def test_a_draft_needs_no_date_and_is_left_out(tmp_path):
    result, _, out = export(tmp_path, json.dumps({"permits": [{**OK, "status": "draft", "applied_date": None}]}))
    assert result.exit_code == 0, result.output
    assert len(list(csv.DictReader(io.StringIO(out.read_text())))) == 0


@pytest.mark.parametrize(("status", "fine"), [("issued", True), ("Issued", False), ("ISSUED", False),
                                              ("issued ", False), ("vibes", False)])
def test_status_is_the_workflow_s_in_lower_case(tmp_path, status, fine):
    result, src, _ = export(tmp_path, json.dumps({"permits": [{**OK, "status": status}]}))
    assert result.exit_code == (0 if fine else 2), result.output
    if not fine:
        hint = " (did you mean 'issued'?)" if status.strip().lower() == "issued" else ""
        assert told(result) == [f"{src}: permits[0].status: {status!r} has no BLDS mapping{hint}; allowed: "
                                + ", ".join(blds.STATUS_MAPPED)]


@pytest.mark.parametrize(("row", "field"), [({"kind": "Fire"}, "kind"), ({"kind": "fire", "result": "ok"}, "result")])
def test_an_inspection_s_kind_and_result_name_the_file_and_row(tmp_path, row, field):
    data = {"inspections": [INSPECTION, {**INSPECTION, **row}]}
    result, src, _ = export(tmp_path, json.dumps(data), "--dataset", "inspections")
    assert result.exit_code == 2
    (line,) = told(result)
    assert line.startswith(f"{src}: inspections[1].{field}: {row[field]!r} is not allowed")
    fine, _, _ = export(tmp_path, json.dumps({"inspections": [INSPECTION]}), "--dataset", "inspections", "--force")
    assert fine.exit_code == 0, fine.output


def test_rows_that_are_not_a_list_are_refused(tmp_path):
    result, src, _ = export(tmp_path, '{"permits": {"permit_num": "P-3"}}')
    assert result.exit_code == 2
    assert told(result) == [f"{src}: permits: expected a list of objects ([] for none), got a mapping"]


def test_json_numbers_follow_the_blds_data_types(tmp_path):
    """BLDS: TotalSqFt INTEGER (rounded half up), Latitude, Longitude and Fee numbers; -0.0 is 0."""
    row = {**OK, "latitude": -0.0, "longitude": "-73.7949", "fee": "25.00", "total_sq_ft": 99.5}
    result, _, out = export(tmp_path, json.dumps({"permits": [row, OK]}), "--format", "json")
    assert result.exit_code == 0, result.output
    first, second = json.loads(out.read_text())
    assert (first["TotalSqFt"], first["Latitude"], first["Longitude"], first["Fee"]) == (100, 0, -73.7949, 25)
    assert str(first["Latitude"]) == "0"
    assert (second["TotalSqFt"], second["Latitude"], second["Fee"]) == (None, None, None)


@pytest.mark.parametrize(("area", "whole"), [("99.4999", "99"), ("99.5", "100"), ("0.0000001", "0"), ("0", "0")])
def test_total_sq_ft_is_the_nearest_whole_square_foot(area, whole):
    row = blds.BldsPermitRow("P-3", "ok", "issued", issued_date=date(2026, 1, 1), total_sq_ft=Decimal(area))
    assert blds.permit_record(row)["TotalSqFt"] == whole


def test_csv_writes_a_zero_coordinate_without_its_sign():
    row = blds.BldsPermitRow("P-3", "ok", "issued", issued_date=date(2026, 1, 1), latitude=Decimal("-0.0"),
                             longitude=Decimal("-73.79"))
    assert (blds.permit_record(row)["Latitude"], blds.permit_record(row)["Longitude"]) == ("0.0", "-73.79")


def test_help_says_what_extra_is_and_what_blds_requires():
    result = CliRunner().invoke(app, ["export", "blds", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.output.replace("│", " ").split())
    assert "extra (an object of names and values)" in text and "written to ExtraFields as a JSON object" in text
    assert "BLDS requires AppliedDate or IssuedDate" in text
    assert "an inspection's kind is one of site, cleanup, fire, health, occupancy, sign" in text
    assert "TotalSqFt (BLDS: INTEGER" in text


@pytest.mark.parametrize("key", ["permit", "Permits", "rows", "inspection"])
def test_a_key_of_the_file_not_permits_nor_inspections_is_refused_naming_it_and_the_allowed(tmp_path, key):
    """A new-user trial wrote ``{"permit": [...]}``: the export ran, exit 0, with no row at all."""
    result, src, out = export(tmp_path, json.dumps({key: [OK]}))
    assert result.exit_code == 2, result.output
    assert told(result) == [f"{src}: {key}: is not a key of a BLDS file; allowed: permits, inspections"]
    assert not out.exists()


def test_an_unknown_key_is_told_with_every_problem_of_the_rows(tmp_path):
    result, src, _ = export(tmp_path, json.dumps({"permits": [OK | {"status": "Issued"}], "zz": 1, "aa": {}}))
    assert result.exit_code == 2
    assert told(result) == [
        f"{src}: aa: is not a key of a BLDS file; allowed: permits, inspections",
        f"{src}: zz: is not a key of a BLDS file; allowed: permits, inspections",
        f"{src}: permits[0].status: 'Issued' has no BLDS mapping (did you mean 'issued'?); allowed: "
        + ", ".join(blds.STATUS_MAPPED)]


@pytest.mark.parametrize(("data", "dataset"), [({"permits": [OK], "inspections": [INSPECTION]}, "permits"),
                                               ({"permits": [OK], "inspections": [INSPECTION]}, "inspections"),
                                               ({"inspections": [INSPECTION]}, "permits"), ({}, "permits")])
def test_a_file_of_permits_and_inspections_is_exported_either_dataset(tmp_path, data, dataset):
    result, _, out = export(tmp_path, json.dumps(data), "--dataset", dataset)
    assert result.exit_code == 0, result.output
    assert len(list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))) == len(data.get(dataset, []))
