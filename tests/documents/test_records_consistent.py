"""A document's record read with ``--from-json`` may not say something against itself that the document would
then print as the law's: a permit ending before it starts or whose cleanup (Carmel ch. 31 ¶ F) is due before
the assembly ends, a revocation date on a permit not revoked or before its issue, a revoked permit without the
day of its revocation (¶ G), a summons whose least fine exceeds its greatest or returnable before the offense, a
hearing notice (¶ B) to be published later than 10 days before the hearing. Each is refused naming the field and
the other field it contradicts; the boundaries (the same day, ¶ B's last day) are written."""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.records import PermitRecord, inconsistencies, record_from_json
from publicassembly.law.jsonable import jsonable

runner = CliRunner()


def _run(tmp_path: Path, command: str, record, **changes):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(jsonable(asdict(record)) | changes), encoding="utf-8")
    out = tmp_path / "d.pdf"
    return runner.invoke(app, [command, "--from-json", str(path), "-o", str(out), "--force"]), out


@pytest.mark.parametrize(("changes", "needle"), [
    ({"last_day": "2025-08-14"}, "last_day: 2025-08-14 is before first_day 2025-08-15"),
    ({"cleanup_due_date": "2025-08-16"}, "cleanup_due_date: 2025-08-16 is before last_day 2025-08-17"),
    ({"revoked_date": "2025-07-10"}, "revoked_date: given for a permit whose status is 'valid'"),
    ({"status": "revoked", "revoked_date": "2025-06-30"}, "revoked_date: 2025-06-30 is before issued_date 2025-07-01"),
    ({"status": "revoked", "revoked_date": None}, "revoked_date: is required for a permit whose status is 'revoked'"),
])
def test_a_permit_against_itself_is_refused_naming_the_field(tmp_path, permit_record, changes, needle):
    result, out = _run(tmp_path, "permit", permit_record, **changes)
    assert result.exit_code == 2, result.output
    assert needle in " ".join(result.output.split()) and "Traceback" not in result.output
    assert not out.exists()


@pytest.mark.parametrize("changes", [
    {"last_day": "2025-08-15", "cleanup_due_date": "2025-08-20"},  # a one-day assembly (¶ F: 5 days after, P-15)
    {"cleanup_due_date": "2025-08-17"},  # due the day it ends
    {"status": "revoked", "revoked_date": "2025-07-01"},  # revoked the day it was issued
])
def test_a_permit_on_the_boundaries_is_written(tmp_path, permit_record, changes):
    result, out = _run(tmp_path, "permit", permit_record, **changes)
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(("changes", "needle", "written"), [
    ({"min_fine": "250.01"}, "min_fine: 250.01 is more than max_fine 250", False),
    # (offense on Monday 2025-04-14: the fixture's 2025-04-12 is a Saturday, when the court does not sit, W-8)
    ({"offense_date": "2025-04-14", "return_date": "2025-04-11"},
     "return_date: 2025-04-11 is before offense_date 2025-04-14", False),
    # (the day of issue is not before the offense, and the return day after the day of issue: W-7)
    ({"offense_date": "2025-04-14", "return_date": "2025-04-14"},
     "return_date: 2025-04-14 is the offense_date; a summons is returnable after its day of issue", False),
    ({"offense_date": "2025-04-14", "return_date": "2025-04-15"}, None, True),
])
def test_a_summons_against_itself_is_refused(tmp_path, summons_record, changes, needle, written):
    result, out = _run(tmp_path, "summons", summons_record, **changes)
    assert (result.exit_code == 0) is written, result.output
    if needle:
        assert needle in " ".join(result.output.split())
    assert out.exists() is written


def test_a_least_fine_equal_to_the_greatest_is_no_contradiction(summons_record):
    """The boundary of min_fine <= max_fine, the same amount. (Read with ``--from-json`` such a summons of a
    second offense is still refused, its least fine not being § 164-14's: `against_the_law`,
    test_records_summons_law.py.)"""
    assert inconsistencies(replace(summons_record, min_fine=Decimal("250"))) == []
    assert inconsistencies(replace(summons_record, min_fine=Decimal("250.01"))) == [
        "min_fine: 250.01 is more than max_fine 250"]


@pytest.mark.parametrize(("day", "written"), [("2025-06-24", False), ("2025-06-23", False), ("2025-06-15", False),
                                           ("2025-06-14", True), ("2025-06-01", True)])
def test_a_hearing_notice_published_later_than_permit_requirements_b_allows_is_refused(tmp_path, hearing_record,
                                                                                       day, written):
    """¶ B: notice at least 10 days prior to the hearing (Tuesday 2025-06-24), as the law core counts them (GCL
    § 20: the last day Saturday 2025-06-14, not extended); the hearing day itself, the day before it (accepted
    before) and the day after the last day are refused, the last day and an earlier one written."""
    result, out = _run(tmp_path, "notice", hearing_record, latest_publication_date=day)
    assert (result.exit_code == 0) is written, result.output
    if not written:
        assert (f"latest_publication_date: {day} is after 2025-06-14, the last day to publish the notice of a "
                "hearing on 2025-06-24: at least 10 days prior to it" in " ".join(result.output.split()))


def test_the_renderer_refuses_a_notice_published_on_or_after_the_hearing_for_every_caller(hearing_record):
    """The renderer's own check (a record built without `record_from_json`): the hearing day is refused, the day
    before is rendered (the ¶ B count is the reader's and the workflow's, `hearing_notice_against_the_law`)."""
    from publicassembly.documents import pdf

    with pytest.raises(ValueError, match=r"^latest_publication_date: 2025-06-24 is not before the hearing"):
        pdf.render_hearing_notice(replace(hearing_record, latest_publication_date=date(2025, 6, 24)))
    rendered = pdf.render_hearing_notice(replace(hearing_record, latest_publication_date=date(2025, 6, 23)))
    assert rendered.startswith(b"%PDF")


def test_a_revoked_permit_needs_the_day_of_its_revocation_carmel_31_g(permit_record):
    """¶ G: the Board revokes a permit on a day; a revoked permit without ``revoked_date`` (left out) is refused,
    one with it is read."""
    data = jsonable(asdict(permit_record)) | {"status": "revoked"}
    del data["revoked_date"]
    with pytest.raises(ValueError, match=r"^revoked_date: is required for a permit whose status is 'revoked'.*¶ G"):
        record_from_json(PermitRecord, data)
    assert record_from_json(PermitRecord, data | {"revoked_date": "2025-07-02"}).revoked_date.isoformat() == "2025-07-02"


def test_every_contradiction_is_told_at_once(permit_record):
    data = jsonable(asdict(permit_record)) | {"last_day": "2025-08-01", "revoked_date": "2025-07-02"}
    with pytest.raises(ValueError) as caught:
        record_from_json(PermitRecord, data, prefix="permit.")
    assert [line.split(":")[0] for line in str(caught.value).splitlines()] == [
        "permit.last_day", "permit.revoked_date"]


def test_the_workflow_records_are_consistent(permit_record, summons_record, hearing_record, certificate_record):
    assert [inconsistencies(r) for r in (permit_record, summons_record, hearing_record, certificate_record)] == [
        [], [], [], []]


@pytest.mark.parametrize(("ret", "why", "written"), [
    ("2026-12-25", "return_date: 2026-12-25 is Christmas Day, a public holiday (GCL § 24), when the Town Justice "
                   "Court does not sit", False),
    ("2026-09-07", "return_date: 2026-09-07 is Labor Day, a public holiday (GCL § 24)", False),
    ("2026-12-26", "return_date: 2026-12-26 is a Saturday", False),
    ("2026-12-27", "return_date: 2026-12-27 is a Sunday", False),
    ("2026-12-24", None, True),
    ("2026-12-28", None, True),
])
def test_a_summons_from_json_returnable_when_the_court_does_not_sit_is_refused_w8(tmp_path, summons_record, ret,
                                                                                  why, written):
    """``publicassembly summons --from-json`` (interpretation W-8): no PDF for a return date on a Saturday,
    Sunday or GCL § 24 holiday; the business days around Christmas are written."""
    result, out = _run(tmp_path, "summons", summons_record, return_date=ret)
    assert (result.exit_code == 0) is written, result.output
    if why:
        assert why in " ".join(result.output.split())
    assert out.exists() is written
