"""A document's record read with ``--from-json`` (certificate, permit, summons, notice, petition) is held to
the bounds the law core holds its facts to, and every problem of the file is told at once: counts (persons,
vehicles, days) are JSON whole numbers from 0 to 10^9, amounts (US dollars, square feet, decibels) from 0 to
10^15, dates in 1778-2099 (interpretation G-2), a text at most 5,000 characters; a text that still cannot fit
on one page of the document is refused naming the longest, never a traceback. (A negative occupancy, a fine
of -50 and a 100,000-character name were accepted or crashed.)"""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.records import MAX_TEXT, CertificateRecord, record_from_json, town_today
from publicassembly.law.jsonable import jsonable
from publicassembly.law.units import MAX_COUNT

runner = CliRunner()


def _file(tmp_path: Path, data) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(jsonable(data)), encoding="utf-8")
    return path


def _certificate(tmp_path: Path, record, **changes):
    data = jsonable(asdict(record)) | changes
    return runner.invoke(app, ["certificate", "--from-json", str(_file(tmp_path, data)), "-o",
                               str(tmp_path / "c.pdf"), "--force"])


@pytest.mark.parametrize(("field", "value", "needle"), [
    ("lawful_occupancy", -5, "expected a whole number from 0 to 1,000,000,000, got -5"),
    ("lawful_occupancy", MAX_COUNT + 1, "from 0 to 1,000,000,000, got 1000000001"),
    ("lawful_occupancy", "100", "expected a whole number from 0 to 1,000,000,000 (a JSON number, not text)"),
    ("lawful_occupancy", True, "expected a whole number"),
    ("issued_date", "3026-01-01", "must be a date from 1778-01-01 to 2099-12-31"),
    ("issued_date", "1777-12-31", "must be a date from 1778-01-01 to 2099-12-31"),
    ("venue_name", "A" * (MAX_TEXT + 1), "at most 5,000 characters; got 5,001"),
])
def test_certificate_record_out_of_bounds_exits_2_naming_the_field(tmp_path, certificate_record, field, value,
                                                                   needle):
    result = _certificate(tmp_path, certificate_record, **{field: value})
    assert result.exit_code == 2, result.output
    assert f"{field}: " in result.output and needle in result.output and "Traceback" not in result.output
    assert not (tmp_path / "c.pdf").exists()


@pytest.mark.parametrize(("field", "value"), [("lawful_occupancy", 25), ("lawful_occupancy", MAX_COUNT),
                                              ("issued_date", "1976-02-24"),
                                              ("issued_date", town_today().isoformat())])
def test_certificate_record_on_the_bounds_is_written(tmp_path, certificate_record, field, value):
    """On the bounds of reading; a lawful occupancy is the sum of the spaces' loads (§ 164-7), so it is given
    with one bowling alley space of alleys at 5 persons holding it; the earliest date is the chapter's first
    day (1976-02-24, interpretation M-1), the latest the Town's today (G-10). The least lawful occupancy
    written is 25, the least of a place of assembly (§ 164-4; 0 to 24 are refused, interpretation M-17)."""
    changes: dict = {field: value}
    if field == "lawful_occupancy":
        changes["spaces"] = [{"name": "Lanes", "use_group": "bowling_alley", "area_sq_ft": None,
                              "alleys": value // 5, "occupant_load": value}]
    result = _certificate(tmp_path, certificate_record, **changes)
    assert result.exit_code == 0, result.output


def test_every_problem_of_the_file_is_told_each_on_its_line(tmp_path, certificate_record):
    result = _certificate(tmp_path, certificate_record, lawful_occupancy=-5, issued_date="2026-02-30",
                          status="bogus", colour="blue")
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.startswith("publicassembly: error:")]
    assert len(lines) == 4
    assert all("record.json: " in line for line in lines)
    for field in ("colour", "issued_date", "lawful_occupancy", "status"):
        assert any(f": {field}: " in line for line in lines), field


def test_a_text_taller_than_a_page_continues_on_the_next(tmp_path, certificate_record):
    """Under the length bound, one unbroken word of 4,900 characters in the certificate's table: the cell
    continues on the next page (the tables split within a row) and the whole name is printed."""
    result = _certificate(tmp_path, certificate_record, venue_name="A" * 4900)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF")


def test_a_layout_that_cannot_be_made_is_refused_naming_the_longest_text(certificate_record, capsys):
    """Should a document still not lay out (ReportLab's LayoutError: a part that cannot be split taller than a
    page), the command exits 2 naming the longest text of the record, never a traceback."""
    import typer
    from reportlab.platypus.doctemplate import LayoutError

    from publicassembly.cli.document_commands import _render

    def fails() -> bytes:
        raise LayoutError("Flowable too large")

    record = replace(certificate_record, venue_name="A" * 4900)
    with pytest.raises(typer.Exit) as exited:
        _render(fails, record, Path("c.json"))
    assert exited.value.exit_code == 2
    said = capsys.readouterr()
    assert "c.json: a text of the record is too long to fit on one page of the document (the longest is " \
           "venue_name, 4,900 characters); shorten it" in said.out + said.err


def test_summons_and_permit_amounts_are_never_negative(tmp_path, summons_record, permit_record):
    for command, record, field, bound in (("summons", summons_record, "max_fine", "from 0 to"),
                                          ("permit", permit_record, "bond_amount", "more than 0, up to")):  # (¶ F)
        data = jsonable(asdict(record)) | {field: "-50"}
        result = runner.invoke(app, [command, "--from-json", str(_file(tmp_path, data)), "-o",
                                     str(tmp_path / "d.pdf"), "--force"])
        assert result.exit_code == 2 and f"{field}: must be {bound} 1,000,000,000,000,000" in result.output


def test_record_from_json_raises_one_line_per_problem(certificate_record):
    data = jsonable(asdict(certificate_record)) | {"lawful_occupancy": -1, "number": 7.5}
    with pytest.raises(ValueError) as caught:
        record_from_json(CertificateRecord, data)
    assert sorted(line.split(":")[0] for line in str(caught.value).splitlines()) == ["lawful_occupancy", "number"]


def _notice(tmp_path: Path, record, **changes):
    data = jsonable(asdict(record)) | changes
    return runner.invoke(app, ["notice", "--from-json", str(_file(tmp_path, data)), "-o", str(tmp_path / "n.pdf"),
                               "--force"])


@pytest.mark.parametrize(("moment", "refused"), [
    ("2999-01-01T19:00:00", "hearing_at: must be a date from 1778-01-01 to 2099-12-31"),
    ("1777-12-31T19:00:00", "hearing_at: must be a date from 1778-01-01 to 2099-12-31"),
    ("2099-12-31T19:00:00", None),  # a Thursday
    # read (G-2), but before Carmel ch. 31 took effect (its parameters' first day, C-2): no hearing of it
    ("1778-02-02T19:00:00", "hearing_at: 1778-02-02 is before 1972-01-01, the day Carmel Code ch. 31 took effect"),
    ("1971-12-31T19:00:00", "hearing_at: 1971-12-31 is before 1972-01-01, the day Carmel Code ch. 31 took effect"),
    ("1972-01-01T19:00:00", "hearing_at: 1972-01-01 is New Year's Day, a public holiday (GCL § 24)"),  # (P-8)
    ("1972-01-03T19:00:00", None),  # the first Monday of the chapter
])
def test_a_hearing_moment_lies_in_the_known_years_and_the_chapters(tmp_path, hearing_record, moment, refused):
    """G-2: a hearing's moment in 1778-2099, both sides (year 2999 was printed on a notice); and on or after
    the day Carmel ch. 31 took effect, 1972-01-01 (a Saturday and New Year's Day, so its first hearing day is
    Monday 1972-01-03). The publication date is a month before, so that only the hearing's moment is in
    question."""
    when = datetime.fromisoformat(moment)
    publication = (when - timedelta(days=30)).date().isoformat() if 1778 <= when.year <= 2099 else "2025-01-02"
    result = _notice(tmp_path, hearing_record, hearing_at=moment, latest_publication_date=publication)
    if refused is None:
        assert result.exit_code == 0, result.output
    else:
        assert result.exit_code == 2 and refused in " ".join(result.output.split()), result.output
        assert len([line for line in result.output.splitlines() if "error:" in line]) == 1, result.output


def test_a_required_text_given_empty_is_refused(tmp_path, hearing_record, certificate_record):
    result = _notice(tmp_path, hearing_record, newspaper="", town="  ")
    assert result.exit_code == 2
    assert "newspaper: is required; got an empty text" in result.output and "town: is required" in result.output
    result = _certificate(tmp_path, certificate_record, venue_name="")
    assert result.exit_code == 2 and "venue_name: is required; got an empty text" in result.output


def test_a_certificates_room_area_is_held_to_the_law_cores_bound(tmp_path, certificate_record):
    """A room's area on a certificate at most 10,000,000,000 sq ft (interpretation G-4), both sides."""
    data = jsonable(asdict(certificate_record))
    data["spaces"][0]["area_sq_ft"] = "10000000000.0001"
    result = runner.invoke(app, ["certificate", "--from-json", str(_file(tmp_path, data)), "-o",
                                 str(tmp_path / "c.pdf"), "--force"])
    assert result.exit_code == 2 and "spaces[0].area_sq_ft: " in result.output
    assert "is larger than any room or site (at most 10,000,000,000 sq ft)" in result.output
    data["spaces"][0]["area_sq_ft"] = "10000000000"
    data["spaces"][0]["occupant_load"] = 666_666_666  # (§ 164-7: 15 sq ft per person, rounded down)
    data["lawful_occupancy"] = 666_666_666 + 160 + 100
    result = runner.invoke(app, ["certificate", "--from-json", str(_file(tmp_path, data)), "-o",
                                 str(tmp_path / "c.pdf"), "--force"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(("value", "needle"), [(0, "lawful_occupancy: 0 persons"),
                                               (24, "lawful_occupancy: 24 persons is fewer than the 25")])
def test_certificate_record_below_a_place_of_assembly_exits_2_m17(tmp_path, certificate_record, value, needle):
    spaces = [{"name": "Lanes", "use_group": "bowling_alley", "area_sq_ft": None, "alleys": 0,
               "occupant_load": value}]
    if value % 5:  # (a bowling alley's load is a whole number of alleys at 5 persons: a business room of 24)
        spaces = [{"name": "Office", "use_group": "business", "area_sq_ft": "2400", "occupant_load": value}]
    result = _certificate(tmp_path, certificate_record, lawful_occupancy=value, spaces=spaces)
    assert result.exit_code == 2 and needle in " ".join(result.output.split()), result.output
