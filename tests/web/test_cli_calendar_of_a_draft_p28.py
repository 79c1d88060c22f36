"""``publicassembly calendar --town carmel-ny --application N`` gives one application's calendar as its page's
``calendar.ics`` gives it (interpretation P-28), a draft's too: the petition's filing (Carmel ch. 31, permit
requirements ¶ B: at least 60 days before the assembly) is a to-do with its alarm, the applicant's to do (P-27).
It refused a draft ("a draft is not a public record", exit 2), while the page gives the draft's calendar to its
applicant and to the Town's officials — the CLI, run against the database, is the Town's tool, as
``applications`` (which lists drafts) is. The Town's feed (``calendar --town`` without ``--application``) still
leaves drafts out; bad input exits 2 naming the option."""

from __future__ import annotations

import re

import pytest
from icalendar import Calendar
from tests.web.test_refused_facts import NOT_A_DATE, store_dates
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.permits import services as sv

from .conftest import client_for, fair_facts

pytestmark = pytest.mark.django_db

#: The moment a calendar is written (RFC 5545 DTSTAMP), the one line two writings of the same calendar differ in.
STAMP = re.compile(rb"^DTSTAMP:[^\r\n]*\r\n", re.MULTILINE)


def cli(tmp_path, *args: str):
    out = tmp_path / "a.ics"
    r = CliRunner().invoke(app, ["calendar", "--town", "carmel-ny", *args, "-o", str(out), "--force"])
    return r, (out.read_bytes() if out.exists() else None)


def page_ics(app_, user) -> bytes:
    r = client_for(user).get(f"/carmel-ny/applications/{app_.pk}/calendar.ics")
    assert r.status_code == 200, r.content[:300]
    return r.content


def test_a_drafts_calendar_is_its_pages_with_the_filing_to_do(draft_app, cu, tmp_path):
    """The same calendar as the page gives the applicant and the Town Clerk (but the moment it was written): the
    filing's to-do, due on its last day (¶ B), with its alarm, not completed; no decision due before submission."""
    r, data = cli(tmp_path, "--application", str(draft_app.pk))
    assert r.exit_code == 0, r.output
    assert "warning" not in r.output
    for user in (cu["applicant"], cu["town_clerk"]):
        assert STAMP.sub(b"", data) == STAMP.sub(b"", page_ics(draft_app, user))
    todos = {str(t["SUMMARY"]).split(":")[0]: t for t in Calendar.from_ical(data).walk("VTODO")}
    filing = todos["application due"]
    due = sv.deadlines(draft_app)["application_due"]
    assert filing["DUE"].dt == (due.act_by or due.date)
    assert "STATUS" not in filing and len(filing.walk("VALARM")) == 1
    assert "decision due" not in todos


def test_submitted_the_same_application_gives_the_filing_done(draft_app, cu, tmp_path):
    """(the other side: once submitted, the CLI's calendar is still the page's, the filing completed)"""
    submitted = sv.submit(cu["applicant"], draft_app, verification_statement="Sworn.")
    r, data = cli(tmp_path, "--application", str(submitted.pk))
    assert r.exit_code == 0, r.output
    assert STAMP.sub(b"", data) == STAMP.sub(b"", page_ics(submitted, cu["town_clerk"]))
    filing = next(t for t in Calendar.from_ical(data).walk("VTODO") if "application due" in str(t["SUMMARY"]))
    assert str(filing["STATUS"]) == "COMPLETED"


def test_the_towns_feed_still_leaves_drafts_out(draft_app, tmp_path):
    r, data = cli(tmp_path)
    assert r.exit_code == 0, r.output
    assert f"carmel-ny/{draft_app.pk}".encode() not in data


def test_a_draft_whose_facts_are_refused_has_the_pages_calendar_and_a_warning(carmel, cu, tmp_path):
    """Its page shows no deadline until the facts are corrected, and its calendar holds none: the same, exit 0,
    and a warning on standard error naming the field, so that an empty calendar is not taken for no deadline."""
    bad = sv.create_draft(cu["applicant"], carmel, fair_facts())
    store_dates(bad, NOT_A_DATE)
    r, data = cli(tmp_path, "--application", str(bad.pk))
    assert r.exit_code == 0, r.output
    assert STAMP.sub(b"", data) == STAMP.sub(b"", page_ics(bad, cu["applicant"]))
    assert Calendar.from_ical(data).walk("VTODO") == []
    assert r.output.startswith(f"publicassembly: warning: no deadline in the calendar of draft carmel-ny/{bad.pk}: "
                               "facts need correction: dates"), r.output


def test_no_such_application_exits_2_naming_the_option(draft_app, tmp_path):
    r, data = cli(tmp_path, "--application", str(draft_app.pk + 1000))
    assert r.exit_code == 2 and data is None
    assert r.output.strip() == (f"publicassembly: error: --application: Town of Carmel, New York has no permit "
                                f"application {draft_app.pk + 1000}; `publicassembly applications --town carmel-ny` "
                                "lists them")


def test_permit_and_notice_of_a_draft_are_still_refused(draft_app, tmp_path):
    """(only the calendar changed: a draft has no permit, and no hearing to give notice of)"""
    for command in ("permit", "notice"):
        r = CliRunner().invoke(app, [command, "--application", str(draft_app.pk), "-o", str(tmp_path / "x.pdf")])
        assert r.exit_code == 2, (command, r.output)
        assert f"--application: Town of Carmel, New York has no permit application {draft_app.pk} filed: it is a " \
            "draft" in r.output


def test_help_says_a_drafts_calendar_is_given():
    r = CliRunner().invoke(app, ["calendar", "--help"], env={"COLUMNS": "300"})
    text = " ".join(r.output.replace("│", " ").split())
    assert "as its page's calendar.ics gives it" in text and "a draft's too" in text
    assert "the Town's feed leaves drafts out" in text


def test_a_submitted_application_whose_facts_are_refused_is_still_refused(carmel, cu, tmp_path):
    """(unchanged: only a draft's calendar holds no deadline; a filed petition's deadlines run, and its calendar
    without them would mislead: exit 2 naming the field, nothing written)"""
    bad = sv.submit(cu["applicant"], sv.create_draft(cu["applicant"], carmel, fair_facts()),
                    verification_statement="Sworn.")
    store_dates(bad, NOT_A_DATE)
    r, data = cli(tmp_path, "--application", str(bad.pk))
    assert r.exit_code == 2 and data is None, r.output
    assert r.output.startswith("publicassembly: error: "), r.output
    assert "dates" in r.output, r.output
