"""A permit read with ``permit --from-json`` states the cleanup of Carmel ch. 31, permit requirements ¶ F
("Within five days from the date of the termination of the assembly ... waste material shall be completely
removed"): its ``cleanup_due_date`` is not after the law core's last day (`us_ny_carmel.deadlines.cleanup_due`:
``cleanup.days_after`` calendar days after ``last_day``, GCL § 20, carried to the next business day by § 25-a;
interpretation C-12). Before, any day on or after ``last_day`` was printed ("no later than December 31, 2026"
for an assembly ending in August 2025). A day from ``last_day`` to the law's is taken (interpretation P-15)."""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.records import PermitRecord, record_from_json
from publicassembly.law import jurisdictions
from publicassembly.law.jsonable import jsonable
from publicassembly.law.jurisdictions.us_ny_carmel.deadlines import cleanup_due

from .conftest import pdf_text

runner = CliRunner()


def data_of(record, **changes) -> dict:
    return json.loads(json.dumps(jsonable(asdict(replace(record, **changes)))))


def law_day(last_day: date, issued: date) -> date:
    return cleanup_due(last_day, jurisdictions.get("carmel-ny").parameters.at(issued)).date


# (the fixture's assembly ends Sunday 2025-08-17: 5 days after, Friday 2025-08-22, an open day)
@pytest.mark.parametrize(("due", "ok"), [(date(2025, 8, 17), True), (date(2025, 8, 21), True),
                                         (date(2025, 8, 22), True), (date(2025, 8, 23), False),
                                         (date(2099, 12, 31), False)])
def test_cleanup_due_date_not_after_the_laws_day_permit_requirements_f(permit_record, due, ok):
    assert law_day(permit_record.last_day, permit_record.issued_date) == date(2025, 8, 22)
    data = data_of(permit_record, cleanup_due_date=due)
    if ok:
        assert record_from_json(PermitRecord, data).cleanup_due_date == due
        return
    with pytest.raises(ValueError) as refused:
        record_from_json(PermitRecord, data)
    assert str(refused.value).splitlines() == [
        f"cleanup_due_date: {due} is after 2025-08-22, the last day to remove the waste of an assembly whose last "
        "day is 2025-08-17: within 5 days from the date of its termination (Carmel Code ch. 31, permit "
        "requirements ¶ F, in force on issued_date 2025-07-01); give 2025-08-22 or an earlier day (interpretation "
        "P-15). 5 calendar days after the termination of the assembly (its last day) on Sunday 2025-08-17, that "
        "day excluded (GCL § 20): Friday 2025-08-22."]


@pytest.mark.parametrize(("due", "ok"), [(date(2025, 8, 16), True), (date(2025, 8, 18), True),
                                         (date(2025, 8, 19), False)])
def test_cleanup_due_on_a_saturday_runs_to_monday_gcl_25a_permit_requirements_f(permit_record, due, ok):
    """An assembly ending Monday 2025-08-11: 5 days after is Saturday 2025-08-16, carried to Monday 2025-08-18
    (§ 25-a, C-12). Monday is the latest day; the Saturday (the day without § 25-a) is earlier, and taken."""
    record = replace(permit_record, first_day=date(2025, 8, 9), last_day=date(2025, 8, 11))
    assert law_day(record.last_day, record.issued_date) == date(2025, 8, 18)
    data = data_of(record, cleanup_due_date=due)
    if ok:
        assert record_from_json(PermitRecord, data).cleanup_due_date == due
    else:
        with pytest.raises(ValueError, match=r"cleanup_due_date: 2025-08-19 is after 2025-08-18, .*the next "
                                             r"business day, Monday 2025-08-18 \(GCL § 25-a\)\."):
            record_from_json(PermitRecord, data)


def test_a_permit_whose_cleanup_is_due_later_than_the_law_is_not_written(tmp_path: Path, permit_record):
    source = tmp_path / "record.json"
    source.write_text(json.dumps(data_of(permit_record, cleanup_due_date=date(2025, 8, 23))), encoding="utf-8")
    out = tmp_path / "permit.pdf"
    result = runner.invoke(app, ["permit", "--from-json", str(source), "-o", str(out)])
    assert result.exit_code == 2 and "Traceback" not in result.output and not out.exists()
    assert "record.json: cleanup_due_date: 2025-08-23 is after 2025-08-22" in result.output
    source.write_text(json.dumps(data_of(permit_record)), encoding="utf-8")
    result = runner.invoke(app, ["permit", "--from-json", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "August 22, 2025" in pdf_text(out.read_bytes())


def test_cleanup_before_the_last_day_is_still_refused_as_before(permit_record):
    with pytest.raises(ValueError) as refused:
        record_from_json(PermitRecord, data_of(permit_record, cleanup_due_date=date(2025, 8, 16)))
    assert str(refused.value) == ("cleanup_due_date: 2025-08-16 is before last_day 2025-08-17; the cleanup is due "
                                  "within days after the assembly (Carmel ch. 31 ¶ F)")
