"""Every command that takes ``--application N`` (``calendar``, ``petition``, ``permit``, ``notice``,
``refuse-exemption``) tells an application that does not exist in one message, from one helper
(`cli.workflow_commands.find_application`): the Town whose permit applications the numbers are (Carmel ch. 31:
permits are applied for in the Town of Carmel) and the command that lists them, exit 2, nothing written (a
new-user trial: ``publicassembly calendar --application 999`` did not say whose applications it looked in,
nor how to find one). ``calendar --application N`` takes the application's own town when ``--town`` is left
out, as the other commands do; ``--town`` of a town that issues no permits is refused as ``applications`` refuses
it; a draft is refused by the documents of a petition filed in the same words."""

from __future__ import annotations

import pytest
from icalendar import Calendar
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
import publicassembly.cli.permit_commands  # noqa: F401
from publicassembly.cli.app import app

pytestmark = pytest.mark.django_db

NONE_999 = ("publicassembly: error: --application: Town of Carmel, New York has no permit application 999; "
            "`publicassembly applications --town carmel-ny` lists them")
COMMANDS = {
    "calendar": ["calendar", "-o", "{out}/c.ics"],
    "calendar --town carmel-ny": ["calendar", "--town", "carmel-ny", "-o", "{out}/c.ics"],
    "petition": ["petition", "-o", "{out}/p.pdf"],
    "permit": ["permit", "-o", "{out}/p.pdf"],
    "notice": ["notice", "-o", "{out}/n.pdf"],
    "refuse-exemption": ["refuse-exemption", "--user", "nobody", "--reason", "Its church is in Kent"],
}


def run(tmp_path, args, number):
    return CliRunner().invoke(app, [a.format(out=tmp_path) for a in args] + ["--application", str(number)])


@pytest.mark.parametrize("command", COMMANDS)
def test_no_such_application_names_the_town_and_how_to_list_them_exit_2(carmel, tmp_path, command):
    r = run(tmp_path, COMMANDS[command], 999)
    assert r.exit_code == 2, r.output
    assert r.output.strip() == NONE_999
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", COMMANDS)
def test_the_next_number_after_the_last_is_told_alike_and_0_too(draft_app, tmp_path, command):
    """(the boundary: the application there is, and the number after it; 0 names no application either)"""
    for number in (draft_app.pk + 1, 0):
        r = run(tmp_path, COMMANDS[command], number)
        assert r.exit_code == 2, r.output
        assert r.output.strip() == NONE_999.replace("999", str(number))


def test_the_calendar_of_an_application_without_town_is_its_towns(draft_app, tmp_path):
    """(`--town` left out: the application's own town, as `petition`, `permit` and `notice` take it)"""
    r = run(tmp_path, COMMANDS["calendar"], draft_app.pk)
    assert r.exit_code == 0, r.output
    without = (tmp_path / "c.ics").read_bytes()
    (tmp_path / "c.ics").unlink()
    assert run(tmp_path, COMMANDS["calendar --town carmel-ny"], draft_app.pk).exit_code == 0
    uids = [[str(c["UID"]) for c in Calendar.from_ical(data).walk() if "UID" in c]
            for data in (without, (tmp_path / "c.ics").read_bytes())]
    assert uids[0] == uids[1] and uids[0]


def test_a_town_that_issues_no_permits_is_refused_as_applications_refuses_it(draft_app, mount_pleasant, tmp_path):
    """Mount Pleasant ch. 164 has no permit applications: the application of Carmel is not looked for there."""
    r = run(tmp_path, ["calendar", "--town", "mount-pleasant-ny", "-o", "{out}/c.ics"], draft_app.pk)
    assert r.exit_code == 2, r.output
    told = r.output.strip()
    assert told.startswith("publicassembly: error: Town of Mount Pleasant, New York does not issue permits"), told
    assert told == CliRunner().invoke(app, ["applications", "--town", "mount-pleasant-ny"]).output.strip()
    assert not (tmp_path / "c.ics").exists()


@pytest.mark.parametrize("command", ["petition", "permit", "notice"])
def test_a_draft_is_told_in_the_same_words_naming_its_town(draft_app, tmp_path, command):
    r = run(tmp_path, COMMANDS[command], draft_app.pk)
    assert r.exit_code == 2, r.output
    assert r.output.strip() == (
        f"publicassembly: error: --application: Town of Carmel, New York has no permit application {draft_app.pk} "
        f"filed: it is a draft, not a public record; `publicassembly applications --town carmel-ny` lists them "
        "with their states")


def test_calendar_takes_one_source(tmp_path, carmel):
    for args in (["calendar", "-o", "{out}/c.ics"],
                 ["calendar", "--application", "1", "--from-json", "{out}/x.json", "-o", "{out}/c.ics"],
                 ["calendar", "--town", "carmel-ny", "--from-json", "{out}/x.json", "-o", "{out}/c.ics"]):
        r = CliRunner().invoke(app, [a.format(out=tmp_path) for a in args])
        assert r.exit_code == 2, r.output
        assert r.output.strip().startswith("publicassembly: error: give --town (a Town's feed), --application "
                                           "(one application's calendar) or --from-json"), r.output
