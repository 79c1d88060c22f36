"""``calendar --from-json``: each event's UID is unique (RFC 5545 § 3.8.4.7), so two hearings of one application
(or one deadline given twice) are refused naming both, exit 2; and a feed of hearings is of a Town whose Board
holds them, refused as ``notice`` refuses its town (Mount Pleasant ch. 164 holds no such hearing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from icalendar import Calendar
from typer.testing import CliRunner

from publicassembly.cli import app

NOTICE = json.loads((Path(__file__).parents[2] / "examples" / "carmel-hearing-notice.json").read_text("utf-8"))
REF = NOTICE["application_reference"]


def calendar(tmp_path: Path, data: dict):
    src = tmp_path / "cal.json"
    src.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "c.ics"
    result = CliRunner().invoke(app, ["calendar", "--from-json", str(src), "-o", str(out)])
    assert "Traceback" not in result.output
    return result, src, out


def told(result) -> list[str]:
    return [line.removeprefix("publicassembly: error: ") for line in result.output.splitlines() if line.strip()]


def test_one_hearing_per_application_has_one_uid(tmp_path):
    other = {**NOTICE, "application_reference": REF + "-B"}
    result, _, out = calendar(tmp_path, {"town": "carmel-ny", "hearings": [NOTICE, other]})
    assert result.exit_code == 0, result.output
    uids = [str(e["UID"]) for e in Calendar.from_ical(out.read_bytes()).walk("VEVENT")]
    assert len(set(uids)) == 2


@pytest.mark.parametrize("second", [NOTICE, {**NOTICE, "revision": 1}, {**NOTICE, "application_reference":
                                                                         REF.replace("-", " ")}])
def test_two_hearings_of_one_uid_are_refused_naming_both(tmp_path, second):
    result, src, out = calendar(tmp_path, {"town": "carmel-ny", "hearings": [NOTICE, second]})
    assert result.exit_code == 2 and not out.exists()
    (line,) = told(result)
    assert line.startswith(f"{src}: hearings[1].application_reference: {second['application_reference']!r} "
                           "repeats hearings[0]")
    assert f"hearing-{REF}@publicassembly" in line and "RFC 5545" in line


def test_a_deadline_given_twice_is_refused(tmp_path):
    deadline = {"application_reference": REF, "name": "hearing_notice_due", "due": "2026-05-01"}
    fine, _, _ = calendar(tmp_path, {"town": "carmel-ny", "deadlines": [deadline]})
    assert fine.exit_code == 0, fine.output
    result, src, _ = calendar(tmp_path, {"town": "carmel-ny", "deadlines": [deadline, {**deadline, "due":
                                                                                     "2026-05-02"}]})
    assert result.exit_code == 2
    assert told(result)[0].startswith(f"{src}: deadlines[1].name: 'hearing_notice_due' repeats deadlines[0]")


@pytest.mark.parametrize("town", ["carmel-ny", "Town of Carmel", "town of  carmel, new york",
                                  "ocd-division/country:us/state:ny/county:putnam/place:carmel"])
def test_a_feed_of_carmel_hearings_takes_carmel_as_notice_does(tmp_path, town):
    result, _, out = calendar(tmp_path, {"town": town, "hearings": [NOTICE]})
    assert result.exit_code == 0, result.output
    assert str(Calendar.from_ical(out.read_bytes())["X-WR-CALNAME"]) == "Town of Carmel: public hearings and deadlines"


@pytest.mark.parametrize(("town", "said"), [
    ("mount-pleasant-ny", "'mount-pleasant-ny' is the Town of Mount Pleasant, whose law (Mount Pleasant Code ch. "
                          "164) holds no public hearing on a permit for a public assembly"),
    ("Springfield", "'Springfield' is not a Town whose Board holds the public hearing"),
])
def test_a_feed_of_hearings_of_another_town_is_refused_as_notice_refuses_it(tmp_path, town, said):
    result, src, out = calendar(tmp_path, {"town": town, "hearings": [NOTICE]})
    assert result.exit_code == 2 and not out.exists()
    (line,) = told(result)
    assert line.startswith(f"{src}: town: {said}") and "allowed: carmel-ny" in line


def test_a_feed_of_deadlines_alone_keeps_its_town(tmp_path):
    """No hearing: nothing of Carmel ch. 31 ¶ B is stated, so the town is the calendar's name as given."""
    deadline = {"application_reference": "MP-1", "name": "reinspection_due", "due": "2026-05-01"}
    result, _, out = calendar(tmp_path, {"town": "mount-pleasant-ny", "hearings": [], "deadlines": [deadline]})
    assert result.exit_code == 0, result.output
    assert str(Calendar.from_ical(out.read_bytes())["X-WR-CALNAME"]).startswith("mount-pleasant-ny: ")


def test_help_states_the_town_and_the_unique_uids():
    result = CliRunner().invoke(app, ["calendar", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.output.replace("│", " ").split())
    assert "One hearing per application" in text and "unique (RFC 5545)" in text
    assert "Mount Pleasant ch. 164 holds no such hearing" in text


def test_the_feed_itself_refuses_two_events_of_one_uid():
    from publicassembly.documents.calendars import town_feed
    from publicassembly.documents.records import HearingNoticeRecord, record_from_json

    hearing = record_from_json(HearingNoticeRecord, NOTICE)
    town_feed("Town of Carmel", [hearing], [])
    with pytest.raises(ValueError, match=r"hearings\[1\]\.application_reference: .* repeats hearings\[0\]"):
        town_feed("Town of Carmel", [hearing, hearing], [])
