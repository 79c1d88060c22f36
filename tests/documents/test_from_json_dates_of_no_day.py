"""A date of no day in a ``--from-json`` record (``"2026-02-30"``) is told why, as a case file's, the API's and
the web forms' are (`law.cases.not_a_day`: "'2026-02-30' is not a day of the calendar: 2026-02 has 28 days"),
by every reader — certificate, permit, petition, notice (a date and time), summons, calendar, export blds —
exit 2 naming the field, nothing written, never a traceback; the last day of the month is read (29 February of
a leap year too). The deadlines of a determination read for a calendar say the same."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.calendars import deadlines_from_determination
from publicassembly.law.jsonable import jsonable

runner = CliRunner()


def run(tmp_path: Path, args: list[str], data: dict, out: str):
    source = tmp_path / "record.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, [*args, "--from-json", str(source), "-o", str(tmp_path / out), "--force"])
    assert "Traceback" not in result.output
    return result


def data_of(record, **changes) -> dict:
    return json.loads(json.dumps(jsonable(asdict(record)))) | changes


@pytest.mark.parametrize(("written", "said"), [
    ("2025-02-29", "'2025-02-29' is not a day of the calendar: 2025-02 has 28 days"),
    ("2025-04-31", "'2025-04-31' is not a day of the calendar: 2025-04 has 30 days"),
    ("2025-13-01", "'2025-13-01' is not a day of the calendar: there is no month 13"),
])
@pytest.mark.parametrize(("command", "fixture", "field"), [
    ("certificate", "certificate_record", "issued_date"), ("permit", "permit_record", "cleanup_due_date"),
    ("petition", "petition_record", "filed_date"), ("summons", "summons_record", "return_date"),
    ("notice", "hearing_record", "latest_publication_date"),
])
def test_a_records_date_of_no_day_is_told_why(tmp_path, request, command, fixture, field, written, said):
    result = run(tmp_path, [command], data_of(request.getfixturevalue(fixture), **{field: written}), "out.pdf")
    assert result.exit_code == 2, result.output
    assert f"record.json: {field}: {said}" in result.output and "write YYYY-MM-DD" not in result.output
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize(("written", "said"), [
    ("2025-06-31T19:30", "hearing_at: '2025-06-31' is not a day of the calendar: 2025-06 has 30 days"),
    ("2025-06-30T25:00", "hearing_at: '2025-06-30T25:00' is not a date and time; write YYYY-MM-DDTHH:MM"),
])
def test_a_notices_hearing_on_no_day_is_told_why_an_hour_of_no_day_how_to_write_it(tmp_path, hearing_record,
                                                                                    written, said):
    result = run(tmp_path, ["notice"], data_of(hearing_record, hearing_at=written), "out.pdf")
    assert result.exit_code == 2 and f"record.json: {said}" in result.output, result.output


def test_the_last_day_of_a_month_is_a_day(tmp_path, permit_record):
    """The boundary on the other side: 2024-02-29 (a leap year) and 2025-08-31 are read."""
    from publicassembly.cli.document_commands import read_json
    from publicassembly.documents.records import PermitRecord, record_from_json

    source = tmp_path / "record.json"
    data = data_of(permit_record, first_day="2025-08-29", last_day="2025-08-31", cleanup_due_date="2025-09-05")
    source.write_text(json.dumps(data), encoding="utf-8")
    assert str(record_from_json(PermitRecord, read_json(source)).last_day) == "2025-08-31"
    assert run(tmp_path, ["petition"], {"filed_date": "2024-02-29"}, "out.pdf").exit_code == 0


def test_calendar_and_blds_rows_dates_of_no_day_are_told_why(tmp_path):
    deadline = {"application_reference": "PA-1", "name": "cleanup_due", "due": "2026-02-30"}
    result = run(tmp_path, ["calendar"], {"application": "PA-1", "deadlines": [deadline]}, "c.ics")
    assert result.exit_code == 2
    assert "record.json: deadlines[0].due: '2026-02-30' is not a day of the calendar: 2026-02 has 28 days" \
        in result.output
    row = {"permit_num": "P-3", "description": "ok", "status": "issued", "applied_date": "2026-06-31"}
    result = run(tmp_path, ["export", "blds"], {"permits": [row]}, "b.csv")
    assert result.exit_code == 2
    assert "record.json: permits[0].applied_date: '2026-06-31' is not a day of the calendar: 2026-06 has 30 days" \
        in result.output


@pytest.mark.parametrize(("written", "said"), [
    ("2026-02-30", "deadlines.cleanup_due.date: '2026-02-30' is not a day of the calendar: 2026-02 has 28 days"),
    ("June", "deadlines.cleanup_due.date: expected YYYY-MM-DD, got 'June'"),
])
def test_a_determinations_deadline_of_no_day_is_told_why(written, said):
    with pytest.raises(ValueError) as told:
        deadlines_from_determination({"deadlines": {"cleanup_due": {"date": written}}}, "PA-1")
    assert str(told.value) == said
    assert deadlines_from_determination({"deadlines": {"cleanup_due": {"date": "2024-02-29"}}}, "PA-1")[0].due \
        .isoformat() == "2024-02-29"
