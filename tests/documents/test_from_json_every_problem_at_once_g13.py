"""A record read with ``--from-json`` (interpretation G-13): a date of what has happened — a permit issued or
revoked, a petition filed, a calendar deadline's act done, a BLDS permit applied for, issued, completed or given
its status, an inspection requested or made — is not after the Town's today, as a certificate's issue and a
summons' offense are not (G-10); and every problem of a file is told at once, each on its own line naming the
field and what is allowed. A new-user trial: ``permit --from-json`` printed a permit issued a year ahead ("Date
of issue ... Status in force", exit 0); ``certificate --from-json`` told a date still to come alone, its wrong
occupant load and lawful occupancy only once the date was mended; a text the PDF cannot print was told only
after every other problem was mended; a calendar file told its first unknown key alone."""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents import records
from publicassembly.law.jsonable import jsonable

runner = CliRunner()
TODAY = date(2025, 7, 1)
NOTICE = json.loads((Path(__file__).parents[2] / "examples" / "carmel-hearing-notice.json").read_text("utf-8"))


@pytest.fixture(autouse=True)
def today(monkeypatch):
    """The Town's today: 2025-07-01, the day the fixtures' permit is issued."""
    monkeypatch.setattr(records, "town_today", lambda: TODAY)


def invoke(tmp_path: Path, command: list[str], data) -> tuple[object, Path, Path]:
    source = tmp_path / "record.json"
    source.write_text(json.dumps(jsonable(data)), encoding="utf-8")
    out = tmp_path / ("out.ics" if command[0] == "calendar" else "out.csv" if command[0] == "export" else "out.pdf")
    out.unlink(missing_ok=True)
    result = runner.invoke(app, [*command, "--from-json", str(source), "-o", str(out)])
    assert "Traceback" not in result.output
    return result, source, out


def told(result) -> list[str]:
    """Each line told, the program's name and the file's path left out."""
    return [line.removeprefix("publicassembly: error: ").partition(".json: ")[2]
            for line in result.output.splitlines() if line.startswith("publicassembly: error: ")]


def fields(result) -> list[str]:
    return [line.split(": ")[0] for line in told(result)]


# --- dates of what has happened (G-10, G-13) --------------------------------------------------------------------

def test_a_permit_issued_today_is_printed_and_tomorrow_refused(tmp_path, permit_record):
    result, _, out = invoke(tmp_path, ["permit"], asdict(permit_record))
    assert result.exit_code == 0, result.output
    result, _, out = invoke(tmp_path, ["permit"], asdict(permit_record) | {"issued_date": "2025-07-02"})
    assert result.exit_code == 2 and not out.exists()
    assert told(result) == [
        "issued_date: 2025-07-02 is after today (2025-07-01): a permit dated then cannot have been issued yet; give "
        "the day the Town Clerk issued it for the Town Board (Carmel Code ch. 31, permit requirements ¶ A) "
        "(interpretation G-10)"]


def test_the_trials_permit_issued_a_year_ahead_is_refused(tmp_path, permit_record):
    """The assembly a year and more ahead, the permit dated a year ahead: no longer "Status in force"."""
    ahead = asdict(permit_record) | {"issued_date": "2026-07-01", "first_day": "2026-08-15",
                                     "last_day": "2026-08-17", "cleanup_due_date": "2026-08-22"}
    result, _, out = invoke(tmp_path, ["permit"], ahead)
    assert result.exit_code == 2 and not out.exists()
    assert fields(result) == ["issued_date"] and "2026-07-01 is after today (2025-07-01)" in told(result)[0]


def test_a_permit_revoked_on_a_day_to_come_is_refused(tmp_path, permit_record):
    revoked = asdict(permit_record) | {"status": "revoked"}
    result, _, _ = invoke(tmp_path, ["permit"], revoked | {"revoked_date": "2025-07-01"})
    assert result.exit_code == 0, result.output
    result, _, _ = invoke(tmp_path, ["permit"], revoked | {"revoked_date": "2025-07-02"})
    assert result.exit_code == 2
    assert told(result) == [
        "revoked_date: 2025-07-02 is after today (2025-07-01): the Town Board cannot have revoked the permit on a day "
        "still to come; give the day it revoked it (Carmel Code ch. 31, permit requirements ¶ G) (interpretation "
        "G-10)"]


def test_a_petition_filed_on_a_day_to_come_is_refused(tmp_path, petition_record):
    result, _, _ = invoke(tmp_path, ["petition"], asdict(petition_record) | {"filed_date": "2025-07-01"})
    assert result.exit_code == 0, result.output
    result, _, out = invoke(tmp_path, ["petition"], asdict(petition_record) | {"filed_date": "2025-07-02"})
    assert result.exit_code == 2 and not out.exists()
    assert told(result) == [
        "filed_date: 2025-07-02 is after today (2025-07-01): a petition cannot have been filed on a day still to "
        "come; give the day it was filed with the Town Clerk, or leave filed_date out (the form then has the line "
        "blank) (interpretation G-10)"]


def test_a_calendar_deadline_done_on_a_day_to_come_is_refused(tmp_path):
    deadline = {"application_reference": "PA-1", "name": "hearing_notice_due", "due": "2025-07-10"}
    result, _, _ = invoke(tmp_path, ["calendar"], {"town": "carmel-ny", "deadlines": [deadline | {
        "done_on": "2025-07-01"}]})
    assert result.exit_code == 0, result.output
    result, _, out = invoke(tmp_path, ["calendar"], {"town": "carmel-ny", "deadlines": [deadline | {
        "done_on": "2025-07-02"}]})
    assert result.exit_code == 2 and not out.exists()
    assert told(result) == [
        "deadlines[0].done_on: 2025-07-02 is after today (2025-07-01): what the deadline asks cannot have been done "
        "on a day still to come; give the day it was done, or leave done_on out while it is not done "
        "(interpretation G-10)"]


@pytest.mark.parametrize("field", ["applied_date", "issued_date", "completed_date", "status_date"])
def test_a_blds_permits_dates_of_what_was_done_are_not_to_come(tmp_path, field):
    row = {"permit_num": "P-3", "description": "ok", "status": "issued", "applied_date": "2025-06-01"}
    result, _, _ = invoke(tmp_path, ["export", "blds"], {"permits": [row | {field: "2025-07-01"}]})
    assert result.exit_code == 0, result.output
    result, _, _ = invoke(tmp_path, ["export", "blds"], {"permits": [row | {field: "2025-07-02",
                                                                            "expires_date": "2026-01-01"}]})
    assert result.exit_code == 2
    assert told(result) == [f"permits[0].{field}: 2025-07-02 is after today (2025-07-01): a permit's record states "
                            f"what has happened; give the day it happened, or leave {field} out (interpretation "
                            "G-10)"]


@pytest.mark.parametrize("field", ["request_date", "inspected_date"])
def test_a_blds_inspections_dates_of_what_was_done_are_not_to_come(tmp_path, field):
    row = {"permit_num": "P-3", "kind": "fire", "scheduled_date": "2026-01-01"}  # (a day to come: scheduled)
    result, _, _ = invoke(tmp_path, ["export", "blds", "--dataset", "inspections"], {"inspections": [row]})
    assert result.exit_code == 0, result.output
    result, _, _ = invoke(tmp_path, ["export", "blds", "--dataset", "inspections"],
                          {"inspections": [row | {field: "2025-07-02"}]})
    assert result.exit_code == 2
    assert fields(result) == [f"inspections[0].{field}"]


def test_days_still_to_come_that_a_record_plans_are_taken(tmp_path, permit_record, hearing_record):
    """The assembly's days, the cleanup due, a hearing and its notice's last day lie ahead: not refused."""
    ahead = asdict(permit_record) | {"first_day": "2026-08-14", "last_day": "2026-08-16",
                                     "cleanup_due_date": "2026-08-21"}
    result, _, _ = invoke(tmp_path, ["permit"], ahead)
    assert result.exit_code == 0, result.output
    result, _, _ = invoke(tmp_path, ["notice"], NOTICE)
    assert result.exit_code == 0, result.output


# --- every problem at once (G-13) ------------------------------------------------------------------------------

def certificate(**changes) -> dict:
    return {"number": "MP-2025-0001", "issued_date": "2025-03-03", "venue_name": "Grange Hall",
            "venue_address": "1 Main Street, Pleasantville, NY", "lawful_occupancy": 100, "inspector_name": "R. Dwyer",
            "spaces": [{"name": "hall", "use_group": "assembly_without_fixed_seats", "area_sq_ft": 1500,
                        "occupant_load": 100}]} | changes


def test_the_trials_certificate_dated_ahead_tells_its_wrong_loads_with_the_date(tmp_path):
    """A year ahead, a room's load of 5,000 for 1,500 sq ft and a lawful occupancy of 5,000: three lines."""
    data = certificate(issued_date="2026-07-01", lawful_occupancy=5000)
    data["spaces"][0]["occupant_load"] = 5000
    result, _, out = invoke(tmp_path, ["certificate"], data)
    assert result.exit_code == 2 and not out.exists()
    assert fields(result) == ["issued_date", "spaces[0].occupant_load", "lawful_occupancy"]
    said = told(result)
    assert said[0].startswith("issued_date: 2026-07-01 is after today (2025-07-01): a certificate dated then cannot")
    assert said[1].startswith("spaces[0].occupant_load: the file states 5,000; the law gives 100 (1,500 sq ft")
    assert said[2].startswith("lawful_occupancy: the file states 5,000; the law gives 100")


def test_a_certificates_unknown_use_group_does_not_hide_another_rooms_load(tmp_path):
    data = certificate(lawful_occupancy=200, spaces=[
        {"name": "hall", "use_group": "spaceship", "area_sq_ft": 1500, "occupant_load": 100},
        {"name": "side", "use_group": "assembly_without_fixed_seats", "area_sq_ft": 1500, "occupant_load": 7}])
    result, _, _ = invoke(tmp_path, ["certificate"], data)
    assert result.exit_code == 2
    assert fields(result) == ["spaces[0].use_group", "spaces[1].occupant_load"]  # (the use group told once)


def test_a_text_the_certificate_cannot_print_is_told_with_its_other_problems(tmp_path):
    data = certificate(issued_date="2025-07-02", venue_name="宴会 Hall", lawful_occupancy=99)
    result, _, _ = invoke(tmp_path, ["certificate"], data)
    assert result.exit_code == 2
    assert fields(result) == ["issued_date", "lawful_occupancy", "venue_name"]
    assert told(result)[2].startswith("venue_name: the documents cannot print '宴' (U+5BB4), '会' (U+4F1A)")


def test_an_unprintable_text_is_told_with_a_field_that_does_not_read(tmp_path):
    """A room's load given as text does not read, so the law's loads wait for it; the unprintable name is told
    beside it at once."""
    data = certificate(venue_name="Hall 😀")
    data["spaces"][0]["occupant_load"] = "many"
    result, _, _ = invoke(tmp_path, ["certificate"], data)
    assert result.exit_code == 2
    assert fields(result) == ["spaces[0].occupant_load", "venue_name"]


def test_a_permits_every_problem_is_told_at_once(tmp_path, permit_record):
    data = asdict(permit_record) | {"issued_date": "2025-07-02", "maximum_persons": 400, "bond_amount": 0,
                                    "permittee": "宴 Hall LLC", "colour": "red"}
    result, _, out = invoke(tmp_path, ["permit"], data)
    assert result.exit_code == 2 and not out.exists()
    assert fields(result) == ["colour", "issued_date", "bond_amount", "maximum_persons", "permittee"]


def test_a_town_refused_is_not_told_again_for_its_characters(tmp_path, permit_record):
    result, _, _ = invoke(tmp_path, ["permit"], asdict(permit_record) | {"town": "宴 Town"})
    assert result.exit_code == 2 and fields(result) == ["town"]


def test_a_summons_every_problem_is_told_at_once(tmp_path, summons_record):
    data = asdict(summons_record) | {"offense_date": "2025-07-02", "return_date": "2025-07-07",
                                     "description": "admitted 612 persons 😀", "max_fine": 999}
    result, _, _ = invoke(tmp_path, ["summons"], data)
    assert result.exit_code == 2
    assert fields(result) == ["max_fine", "offense_date", "description"]


def test_a_petitions_every_problem_is_told_at_once(tmp_path, petition_record):
    data = asdict(petition_record) | {"filed_date": "2025-07-02", "town": "mount-pleasant-ny",
                                      "purpose": "Festival 😀", "applicant_age": -1}
    result, _, _ = invoke(tmp_path, ["petition"], data)
    assert result.exit_code == 2
    assert fields(result) == ["applicant_age", "filed_date", "purpose"]  # (the town waits for every field to read)
    data["applicant_age"] = 40
    result, _, _ = invoke(tmp_path, ["petition"], data)
    assert fields(result) == ["filed_date", "town", "purpose"]


def test_a_notices_every_problem_is_told_at_once(tmp_path):
    data = NOTICE | {"applicant": "宴会 Ltd", "hearing_at": "2026-12-13T19:30", "newspaper": 12}
    result, _, _ = invoke(tmp_path, ["notice"], data)
    assert result.exit_code == 2
    assert fields(result) == ["newspaper", "applicant"]  # (the hearing's Sunday once the newspaper reads)
    data["newspaper"] = "Putnam County Courier"
    result, _, _ = invoke(tmp_path, ["notice"], data)
    assert fields(result) == ["hearing_at", "latest_publication_date", "applicant"]


def test_a_calendar_files_every_problem_is_told_at_once(tmp_path):
    """Each unknown key, a list that is not one, a hearing's problems and a repeated deadline: one run."""
    deadline = {"application_reference": "PA-1", "name": "hearing_notice_due", "due": "2025-07-10"}
    bad_hearing = NOTICE | {"newspaper": ""}
    result, _, out = invoke(tmp_path, ["calendar"], {
        "town": "carmel-ny", "colour": "red", "feed": 1, "hearings": [bad_hearing, NOTICE],
        "deadlines": [deadline, deadline | {"due": "2025-07-11"}]})
    assert result.exit_code == 2 and not out.exists()
    assert fields(result) == ["colour", "feed", "hearings[0].newspaper", "deadlines[1].name"]
    result, _, _ = invoke(tmp_path, ["calendar"], {"hearings": "none", "application": 12})
    assert fields(result) == ["hearings", "application"]
    result, _, _ = invoke(tmp_path, ["calendar"], {"deadlines": [deadline | {"due": "someday"}]})
    assert fields(result) == ["deadlines[0].due", "town"]


def test_a_calendar_tells_a_repeated_hearing_beside_another_that_does_not_read(tmp_path):
    """The places of the hearings that read are kept: hearings[2] repeats hearings[0], hearings[1] unread."""
    result, _, _ = invoke(tmp_path, ["calendar"], {"town": "carmel-ny",
                                                   "hearings": [NOTICE, NOTICE | {"hearing_at": 5}, NOTICE]})
    assert result.exit_code == 2
    assert fields(result) == ["hearings[1].hearing_at", "hearings[2].application_reference"]
    assert "repeats hearings[0]" in told(result)[1]


# --- numbers written with Python's grouping (G-5, G-13) ----------------------------------------------------------

@pytest.mark.parametrize("written", ["1_500", "1_500.0", " 1_500 "])
def test_a_certificates_area_written_with_underscores_is_refused_as_check_refuses_it(tmp_path, written):
    """"1_500" is not read as 1,500 sq ft (Python's Decimal would take it): refused as `check` refuses it."""
    data = certificate()
    data["spaces"][0]["area_sq_ft"] = written
    result, _, out = invoke(tmp_path, ["certificate"], data)
    assert result.exit_code == 2 and not out.exists()
    assert told(result) == [f"spaces[0].area_sq_ft: must be a number written without '_' (got {written!r})"]
    data["spaces"][0]["area_sq_ft"] = "1500"
    assert invoke(tmp_path, ["certificate"], data)[0].exit_code == 0


def test_a_permits_money_written_with_underscores_is_refused(tmp_path, permit_record):
    """The trial's "1_000_000" printed as $1,000,000.00 on the permit: refused, naming the field."""
    data = asdict(permit_record)
    data["insurance"] = {**data["insurance"], "bodily_injury_limit": "1_000_000"}
    result, _, out = invoke(tmp_path, ["permit"], data)
    assert result.exit_code == 2 and not out.exists()
    assert "insurance.bodily_injury_limit: must be a number written without '_' (got '1_000_000')" in told(result)
