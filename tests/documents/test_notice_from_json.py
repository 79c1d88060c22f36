"""``publicassembly notice --from-json`` holds the file to what the workflow's hearing is held to (interpretation
D-7): the Town whose Board holds the hearing of Carmel ch. 31 ¶ B, printed by its name; a hearing's date and
time (a date alone only with the time to be announced), not on a Sunday or a GCL § 24 public holiday (P-8); the
last day to publish no later than ¶ B's, as the law core counts it; texts not empty and printable (G-6). Each
refusal exits 2 naming the field as the JSON spells it, never the record's class, and writes nothing. (A new-user
trial printed "the Town Board of the nowhere", a Carmel notice for Mount Pleasant, "12:00 a.m." for a date
alone, a notice published the day before the hearing and a hearing on a Sunday, all with exit 0.)"""

from __future__ import annotations

import dataclasses
import json
import re
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.records import (
    HearingNoticeRecord,
    hearing_notice_against_the_law,
    record_from_json,
)
from publicassembly.law import jurisdictions

from .conftest import pdf_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "carmel-hearing-notice.json"
CARMEL_OCD = "ocd-division/country:us/state:ny/county:putnam/place:carmel"
MOUNT_PLEASANT_OCD = "ocd-division/country:us/state:ny/county:westchester/place:mount_pleasant"
ALLOWED = f"allowed: carmel-ny, {CARMEL_OCD}, 'Town of Carmel', 'Town of Carmel, New York'"

runner = CliRunner()

#: A hearing on Tuesday 2026-12-15 at 7:30 p.m.; ¶ B's last day to publish is Saturday 2026-12-05 (10 days
#: before, GCL § 20, not extended).
NOTICE = {"town": "carmel-ny", "application_reference": "PA-2026-014", "applicant": "Lake Gleneida Music Festival, Inc.",
          "event": "Lake Gleneida Music Festival", "property_address": "1 Gleneida Avenue, Carmel, NY 10512",
          "hearing_at": "2026-12-15T19:30", "hearing_place": "Carmel Town Hall, 60 McAlpin Avenue, Mahopac, NY",
          "latest_publication_date": "2026-12-05", "newspaper": "Putnam County Courier"}


def _notice(tmp_path: Path, drop: tuple[str, ...] = (), **changes):
    data = {k: v for k, v in NOTICE.items() if k not in drop} | changes
    path = tmp_path / "notice.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "n.pdf"
    out.unlink(missing_ok=True)  # (so that a refusal is seen to write nothing)
    return runner.invoke(app, ["notice", "--from-json", str(path), "-o", str(out)]), out


def _text(result) -> str:
    return " ".join(result.output.split())


def _refused(tmp_path: Path, needle: str, drop: tuple[str, ...] = (), **changes) -> str:
    """Run the notice; assert it exits 2 with one error line holding `needle`, writing nothing."""
    result, out = _notice(tmp_path, drop, **changes)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "HearingNoticeRecord" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("publicassembly: error:")]
    assert len(errors) == 1, result.output
    assert needle in _text(result), result.output
    assert not out.exists()
    return _text(result)


def _printed(tmp_path: Path, **changes) -> str:
    result, out = _notice(tmp_path, **changes)
    assert result.exit_code == 0, result.output
    return " ".join(pdf_text(out.read_bytes()).split())


# --- the documented example ---------------------------------------------------------------------------------


def test_the_documented_example_prints(tmp_path):
    out = tmp_path / "notice.pdf"
    result = runner.invoke(app, ["notice", "--from-json", str(EXAMPLE), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(pdf_text(out.read_bytes()).split())
    assert "the Town Board of the Town of Carmel will hold a public hearing on Tuesday, December 15, 2026" in text
    assert "at 7:30 p.m., at Carmel Town Hall" in text
    assert "on or before Friday, December 4, 2026 (2026-12-04)" in text
    assert "carmel-ny" not in text


def test_the_readme_shows_the_example_and_names_every_field():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### A notice of public hearing from a JSON file", 1)[1].split("\n## ", 1)[0]
    block = section.split("```json", 1)[1].split("```", 1)[0]
    assert json.loads(block) == json.loads(EXAMPLE.read_text(encoding="utf-8"))
    for field in dataclasses.fields(HearingNoticeRecord):
        assert f"`{field.name}`" in section or f'`"{field.name}"' in section, field.name


def test_the_help_names_every_field():
    help_text = "".join(runner.invoke(app, ["notice", "--help"], env={"COLUMNS": "400"}).output.split())
    for field in dataclasses.fields(HearingNoticeRecord):
        assert f'"{field.name}"' in help_text, field.name
    assert "examples/carmel-hearing-notice.json" in help_text


# --- town ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("town", ["carmel-ny", "CARMEL-NY", CARMEL_OCD, "Town of Carmel", " town  of carmel ",
                                  "Town of Carmel, New York"])
def test_the_towns_alias_id_or_name_prints_its_name(tmp_path, town):
    text = _printed(tmp_path, town=town)
    assert "the Town Board of the Town of Carmel will hold" in text
    assert "BY ORDER OF THE TOWN BOARD OF THE TOWN OF CARMEL Town Clerk" in text


@pytest.mark.parametrize("town", ["nowhere", "Carmel", "carmel", "Town of Carmel Hamlet", "carmel-nj"])
def test_a_town_that_is_not_carmel_is_refused_naming_the_allowed_values(tmp_path, town):
    said = _refused(tmp_path, f"notice.json: town: {town!r} is not a Town whose Board holds the public hearing "
                              "of this notice; the notice is of the hearing of Carmel Code ch. 31, permit "
                              "requirements ¶ B; " + ALLOWED, town=town)
    assert said.endswith(ALLOWED)


@pytest.mark.parametrize("town", ["mount-pleasant-ny", MOUNT_PLEASANT_OCD, "Town of Mount Pleasant",
                                  "Town of Mount Pleasant, New York"])
def test_mount_pleasant_is_refused_its_law_has_no_such_hearing(tmp_path, town):
    _refused(tmp_path, f"town: {town!r} is the Town of Mount Pleasant, whose law (Mount Pleasant Code ch. 164) "
                       "holds no public hearing on a permit for a public assembly; the notice is of the hearing "
                       "of Carmel Code ch. 31, permit requirements ¶ B; " + ALLOWED, town=town)


# --- hearing_at -------------------------------------------------------------------------------------------------


def test_a_date_alone_is_refused_unless_the_time_is_to_be_announced(tmp_path):
    _refused(tmp_path, "hearing_at: '2026-12-15' is a date without the hour of the hearing, which the notice "
                       "states; write the date and time, YYYY-MM-DDTHH:MM (e.g. 2026-12-15T19:30), or give "
                       "hearing_time_to_be_announced true", hearing_at="2026-12-15")
    _refused(tmp_path, "hearing_at: '2026-12-15' is a date without", hearing_at="2026-12-15",
             hearing_time_to_be_announced=False)
    _refused(tmp_path, "hearing_at: expected a date and time as text (a JSON string), got 20261215",
             hearing_at=20261215)  # (a number's digits are not read as a date)
    text = _printed(tmp_path, hearing_at="2026-12-15", hearing_time_to_be_announced=True)
    assert "on Tuesday, December 15, 2026 (2026-12-15) at a time to be announced by the Town Clerk, at" in text
    assert "12:00 a.m." not in text


def test_the_time_to_be_announced_takes_the_records_midnight_and_refuses_an_hour(tmp_path):
    """The workflow's record of a hearing whose hour is not fixed holds its midnight (`permits.documents.
    hearing_at`): taken, and printed as to be announced; a minute past it contradicts the flag."""
    text = _printed(tmp_path, hearing_at="2026-12-15T00:00:00", hearing_time_to_be_announced=True)
    assert "at a time to be announced by the Town Clerk" in text
    _refused(tmp_path, "hearing_at: gives the hour 00:01, but hearing_time_to_be_announced is true (the notice "
                       "then says the time is to be announced by the Town Clerk); write the date alone "
                       "(2026-12-15), or give hearing_time_to_be_announced false",
             hearing_at="2026-12-15T00:01", hearing_time_to_be_announced=True)


def test_a_midnight_written_out_is_the_hour_given(tmp_path):
    assert "at 12:00 a.m., at" in _printed(tmp_path, hearing_at="2026-12-15T00:00")


@pytest.mark.parametrize("value", ["false", "true", 0, 1, "yes"])
def test_time_to_be_announced_is_a_json_true_or_false(tmp_path, value):
    """The text "false" was read as true (any non-empty text is)."""
    _refused(tmp_path, f"hearing_time_to_be_announced: expected true or false, got {value!r}",
             hearing_time_to_be_announced=value)


@pytest.mark.parametrize("value", ["7:30 p.m.", "2026-12-15 evening", "15/12/2026 19:30"])
def test_a_hearing_at_that_is_not_a_date_and_time_is_refused(tmp_path, value):
    _refused(tmp_path, f"hearing_at: {value!r} is not a date and time; write YYYY-MM-DDTHH:MM",
             hearing_at=value)


@pytest.mark.parametrize("value", [1.5, 202612151930])
def test_a_hearing_at_given_as_a_json_number_is_refused_as_not_text(tmp_path, value):
    """A JSON number is no date and time; 202612151930 read as text would pass for one (ISO 8601's basic form)."""
    _refused(tmp_path, f"hearing_at: expected a date and time as text (a JSON string), got {value}; write "
             "YYYY-MM-DDTHH:MM", hearing_at=value)


@pytest.mark.parametrize(("moment", "why"), [
    ("2026-12-13T19:30", "a Sunday"),
    ("2026-12-25T19:30", "Christmas Day, a public holiday (GCL § 24)"),
    ("2026-07-04T11:00", "Independence Day, a public holiday (GCL § 24)"),  # (a Saturday holiday)
])
def test_a_hearing_on_a_sunday_or_public_holiday_is_refused_p8(tmp_path, moment, why):
    day = moment[:10]
    _refused(tmp_path, f"hearing_at: {day} is {why}; the Town Board does not hold a public hearing on a Sunday or "
                       "a public holiday (Carmel Code ch. 31, permit requirements ¶ B; interpretation P-8): choose "
                       "another day", hearing_at=moment, latest_publication_date="2026-06-01")


@pytest.mark.parametrize("moment", ["2026-12-12T10:00", "2026-12-14T19:30", "2026-12-24T19:30", "2026-12-26T10:00"])
def test_the_days_beside_them_are_taken(tmp_path, moment):
    """A Saturday (P-8: the Board may sit), the Monday after the Sunday, Christmas Eve and the day after."""
    assert "will hold a public hearing on" in _printed(tmp_path, hearing_at=moment,
                                                       latest_publication_date="2026-12-01")


def test_a_time_with_an_offset_is_the_towns_local_time(tmp_path):
    """00:30 UTC on Wednesday 2026-12-16 is 7:30 p.m. on Tuesday 2026-12-15 in Carmel (EST); 03:00 UTC on Monday
    2026-12-14 is 10 p.m. on Sunday 2026-12-13, refused as a Sunday."""
    text = _printed(tmp_path, hearing_at="2026-12-16T00:30:00+00:00")
    assert "on Tuesday, December 15, 2026 (2026-12-15) at 7:30 p.m., at" in text
    _refused(tmp_path, "hearing_at: 2026-12-13 is a Sunday", hearing_at="2026-12-14T03:00Z",
             latest_publication_date="2026-12-01")


# --- latest_publication_date ------------------------------------------------------------------------------------


@pytest.mark.parametrize("day", ["2026-12-05", "2026-12-04", "2026-11-01"])
def test_the_last_day_of_paragraph_b_and_earlier_days_are_taken(tmp_path, day):
    """¶ B's last day, Saturday 2026-12-05 (the newspaper may publish on it; the Clerk's office acts by Friday),
    the day before and a month before."""
    assert f"({day}) (latest publication date" in _printed(tmp_path, latest_publication_date=day)


@pytest.mark.parametrize("day", ["2026-12-06", "2026-12-14", "2026-12-15", "2026-12-20"])
def test_a_publication_later_than_paragraph_b_allows_is_refused(tmp_path, day):
    """The day after ¶ B's last day, the day before the hearing (accepted before), the hearing day, after it."""
    said = _refused(tmp_path, f"latest_publication_date: {day} is after 2026-12-05, the last day to publish the "
                              "notice of a hearing on 2026-12-15: at least 10 days prior to it (Carmel Code ch. 31, "
                              "permit requirements ¶ B, in force on ", latest_publication_date=day)
    assert "give 2026-12-05 or an earlier day. 10 calendar days before the public hearing on Tuesday " \
           "2026-12-15, that day excluded (GCL § 20): Saturday 2026-12-05" in said


def test_the_days_of_notice_are_the_parameters_in_force_on_the_day_the_notice_is_made(monkeypatch):
    """The last day is the law core's count under the values in force on the Town's today, never a 10 written
    here: with ¶ B's days made 14 from 2030-01-01 (a test value, not the law), a notice made in 2030 for a hearing
    on Tuesday 2030-06-25 is due by 2030-06-11; one made in 2026 counts 10 days (2030-06-15)."""
    carmel = jurisdictions.get("carmel-ny")
    amended = dataclasses.replace(carmel, parameters=carmel.parameters.with_values(
        "petition.hearing_notice_days", {date(2030, 1, 1): 14}))
    monkeypatch.setattr(jurisdictions, "get", lambda name: amended if name == "carmel-ny" else carmel)
    data = NOTICE | {"hearing_at": "2030-06-25T19:30", "latest_publication_date": "2030-06-12"}
    record = record_from_json(HearingNoticeRecord, data | {"latest_publication_date": "2030-06-11"})
    assert hearing_notice_against_the_law(record, today=date(2030, 2, 1)) == []
    late = dataclasses.replace(record, latest_publication_date=date(2030, 6, 12))
    [said] = hearing_notice_against_the_law(late, today=date(2030, 2, 1))
    assert said.startswith("latest_publication_date: 2030-06-12 is after 2030-06-11, the last day to publish the "
                           "notice of a hearing on 2030-06-25: at least 14 days prior to it (Carmel Code ch. 31, "
                           "permit requirements ¶ B, in force on 2030-02-01)")
    assert hearing_notice_against_the_law(dataclasses.replace(record, latest_publication_date=date(2030, 6, 15)),
                                          today=date(2026, 12, 1)) == []


# --- texts ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["application_reference", "applicant", "event", "property_address",
                                   "hearing_place", "newspaper"])
def test_every_text_is_required_and_not_empty(tmp_path, field):
    _refused(tmp_path, f"notice.json: {field}: is required; got an empty text", **{field: " \t"})
    _refused(tmp_path, f"notice.json: {field}: is required", drop=(field,))


@pytest.mark.parametrize(("field", "value", "said"), [
    ("applicant", "宴会 Ltd", "applicant: the documents cannot print '宴' (U+5BB4), '会' (U+4F1A)"),
    ("hearing_place", "אולם", "hearing_place: the documents print text left to right only"),
    ("event", "Fair\x1b[2J", "event: must be text without control characters (it holds U+001B,"),
    ("newspaper", "Courier 😀", "newspaper: the documents cannot print '😀' (U+1F600)"),
])
def test_a_text_the_documents_cannot_print_is_refused_when_read_g6(tmp_path, field, value, said):
    _refused(tmp_path, f"notice.json: {said}", **{field: value})


def test_names_as_new_york_writes_them_print(tmp_path):
    text = _printed(tmp_path, applicant="Dvořák Łódź Nguyễn", hearing_place="Зал, Carmel Town Hall")
    assert "Dvořák Łódź Nguyễn" in text and "Зал, Carmel Town Hall" in text


# --- the file as a whole ---------------------------------------------------------------------------------------


def test_an_unknown_field_is_named_with_the_fields_allowed_not_the_class(tmp_path):
    fields = ", ".join(f.name for f in dataclasses.fields(HearingNoticeRecord))
    _refused(tmp_path, f"notice.json: hearing_time: is not a field of a hearing notice; allowed: {fields}",
             hearing_time="19:30")


def test_a_file_that_is_not_an_object_is_told_what_it_should_be(tmp_path):
    path = tmp_path / "notice.json"
    path.write_text("[]", encoding="utf-8")
    result = runner.invoke(app, ["notice", "--from-json", str(path), "-o", str(tmp_path / "n.pdf")])
    assert result.exit_code == 2
    assert f"{path}: expected an object of fields of a hearing notice, got a list" in _text(result)


def test_every_problem_of_the_file_is_listed_each_on_its_line(tmp_path):
    result, out = _notice(tmp_path, town="nowhere", hearing_at="2026-12-13T19:30",
                          latest_publication_date="2026-12-12", colour="blue", newspaper="")
    assert result.exit_code == 2 and not out.exists()
    lines = [line for line in result.output.splitlines() if line.startswith("publicassembly: error:")]
    fields = [re.match(r"publicassembly: error: \S+notice\.json: (\w+):", line).group(1) for line in lines]
    assert sorted(fields) == ["colour", "newspaper"], result.output  # (unreadable first: the record is not built)
    result, out = _notice(tmp_path, town="nowhere", hearing_at="2026-12-13T19:30",
                          latest_publication_date="2026-12-12", applicant="宴")
    lines = [line for line in result.output.splitlines() if line.startswith("publicassembly: error:")]
    fields = [re.match(r"publicassembly: error: \S+notice\.json: (\w+):", line).group(1) for line in lines]
    assert fields == ["town", "hearing_at", "latest_publication_date", "applicant"], result.output


def test_a_calendars_hearings_are_read_as_notices(tmp_path):
    """``calendar --from-json`` takes notices as ``hearings``: the same checks, each named under its place in
    the list, and the Town's name in the event."""
    src = tmp_path / "cal.json"
    src.write_text(json.dumps({"town": "Town of Carmel", "hearings": [NOTICE, NOTICE | {
        "application_reference": "PA-2026-015", "town": "mount-pleasant-ny", "hearing_at": "2026-12-13T19:30"}]}),
        encoding="utf-8")
    result = runner.invoke(app, ["calendar", "--from-json", str(src), "-o", str(tmp_path / "c.ics")])
    assert result.exit_code == 2 and not (tmp_path / "c.ics").exists()
    text = _text(result)
    assert "hearings[1].town: 'mount-pleasant-ny' is the Town of Mount Pleasant" in text
    assert "hearings[1].hearing_at: 2026-12-13 is a Sunday" in text and "hearings[0]" not in text
    src.write_text(json.dumps({"town": "Town of Carmel", "hearings": [NOTICE]}), encoding="utf-8")
    result = runner.invoke(app, ["calendar", "--from-json", str(src), "-o", str(tmp_path / "c.ics")])
    assert result.exit_code == 0, result.output
    ics = " ".join((tmp_path / "c.ics").read_text(encoding="utf-8").replace("\r\n ", "").split())
    assert "Public hearing of the Town Board of the Town of Carmel on the application PA-2026-014" in ics


def test_null_for_an_optional_field_is_the_field_not_given(tmp_path):
    """``"revision": null`` was refused "is required" though the field is optional (default 0), and so was
    ``"hearing_time_to_be_announced": null``: JSON's null for an optional field is the field not given (a new-user
    trial). A required field given null is still refused as required."""
    assert "at 7:30 p.m., at Carmel Town Hall" in _printed(tmp_path, revision=None,
                                                             hearing_time_to_be_announced=None)
    _refused(tmp_path, "hearing_place: is required", hearing_place=None)
