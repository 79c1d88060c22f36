"""A record whose stored facts the law core refuses (saved before a change of the law core, or written
directly) is marked in every list and on its own page, with the way to correct it; it never fails the list."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.web.conftest import client_for, fair_facts

from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication

#: Facts the law core refuses: a first day that is not a day of the calendar (13th month).
NOT_A_DATE = {"first_day": "2026-13-45", "last_day": "2026-13-46", "daily_hours": "10:00-22:00"}
#: Facts on which no legal time can be counted (GCL § 24 holidays known only to 2100).
YEAR_9999 = {"first_day": "9999-12-29", "last_day": "9999-12-30", "daily_hours": "10:00-22:00"}


def store_dates(app: PermitApplication, dates: dict) -> None:
    """Write the facts' dates straight into the database, as a record stored before the law changed."""
    PermitApplication.objects.filter(pk=app.pk).update(facts={**app.facts, "dates": dates})


@pytest.fixture
def good_and_bad(carmel, cu, draft_app, hearing_app):
    """A good application at its hearing, a bad draft (date not on the calendar) and a bad submitted one
    (year 9999)."""
    bad_draft = sv.create_draft(cu["applicant"], carmel, fair_facts())
    store_dates(bad_draft, NOT_A_DATE)
    bad_submitted = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], bad_submitted, verification_statement="Sworn.", today=dt.date.today())
    store_dates(bad_submitted, YEAR_9999)
    return hearing_app, bad_draft, bad_submitted


def test_facts_problem_names_the_field(good_and_bad):
    good, bad_draft, bad_submitted = good_and_bad
    assert sv.facts_problem(good) is None
    problem = sv.facts_problem(PermitApplication.objects.get(pk=bad_draft.pk))
    assert problem is not None and problem.field.startswith("facts.dates")
    note = sv.correction_note(problem)
    assert note.startswith("facts need correction: dates")
    assert sv.facts_problem(PermitApplication.objects.get(pk=bad_submitted.pk)) is not None


def test_clerk_queue_lists_every_application_and_marks_the_bad_one(good_and_bad, cu):
    good, _draft, bad = good_and_bad
    r = client_for(cu["town_clerk"]).get("/carmel-ny/applications/")
    assert r.status_code == 200
    html = r.content.decode()
    assert f"/carmel-ny/applications/{good.pk}/" in html and f"/carmel-ny/applications/{bad.pk}/" in html
    assert "facts need correction: " in html


def test_bad_draft_page_shows_the_problem_and_the_edit_link(good_and_bad, cu):
    _good, bad_draft, _bad = good_and_bad
    r = client_for(cu["applicant"]).get(f"/carmel-ny/applications/{bad_draft.pk}/")
    assert r.status_code == 200
    html = r.content.decode()
    assert 'id="facts-problem"' in html and "facts need correction: dates" in html
    assert f"/carmel-ny/applications/{bad_draft.pk}/edit/" in html


def test_bad_submitted_page_tells_an_official_who_may_correct_it(good_and_bad, cu):
    _good, _draft, bad = good_and_bad
    r = client_for(cu["town_clerk"]).get(f"/carmel-ny/applications/{bad.pk}/")
    assert r.status_code == 200
    html = r.content.decode()
    assert "facts need correction" in html and "return it as incomplete" in html
    assert f"/carmel-ny/applications/{bad.pk}/edit/" not in html


def test_good_page_has_no_problem_banner(good_and_bad, cu):
    good, _draft, _bad = good_and_bad
    r = client_for(cu["applicant"]).get(f"/carmel-ny/applications/{good.pk}/")
    assert r.status_code == 200 and 'id="facts-problem"' not in r.content.decode()


def test_bad_draft_edit_page_opens_and_the_corrected_facts_clear_the_problem(good_and_bad, cu):
    _good, bad_draft, _bad = good_and_bad
    c = client_for(cu["applicant"])
    assert c.get(f"/carmel-ny/applications/{bad_draft.pk}/edit/").status_code == 200
    sv.update_draft(cu["applicant"], PermitApplication.objects.get(pk=bad_draft.pk), fair_facts())
    assert sv.facts_problem(PermitApplication.objects.get(pk=bad_draft.pk)) is None


def test_api_lists_every_application_and_marks_the_bad_ones(good_and_bad, cu):
    from tests.api.conftest import api_client

    good, bad_draft, bad = good_and_bad
    r = api_client(cu["town_clerk"]).get("/api/v1/towns/carmel-ny/applications")
    assert r.status_code == 200, r.content
    rows = {row["id"]: row for row in r.json()}
    assert {good.pk, bad_draft.pk, bad.pk} <= set(rows)
    assert rows[good.pk]["facts_error"] is None
    assert rows[bad_draft.pk]["facts_error"].startswith("facts need correction: dates")
    assert rows[bad.pk]["facts_error"].startswith("facts need correction: ")
    assert rows[bad.pk]["decision_overdue"] is False


def test_api_bad_draft_says_the_problem_and_how_to_correct_it(good_and_bad, cu):
    from tests.api.conftest import api_client

    _good, bad_draft, _bad = good_and_bad
    r = api_client(cu["applicant"]).get(f"/api/v1/towns/carmel-ny/applications/{bad_draft.pk}")
    assert r.status_code == 200, r.content
    body = r.json()
    assert body["determination"] is None and body["facts_error_field"].startswith("facts.dates")
    assert body["correct_with"] == f"PUT /api/v1/towns/carmel-ny/applications/{bad_draft.pk}"
    # no blocker can be computed from refused facts: null (not known), never [] (nothing stops issuance)
    assert body["issuance_blockers"] is None


def test_cli_applications_lists_every_application_and_marks_the_bad_ones(good_and_bad, monkeypatch):
    from typer.testing import CliRunner

    from publicassembly.cli import app as cli_app

    good, bad_draft, bad = good_and_bad
    monkeypatch.setattr("publicassembly.cli.permit_commands._setup_django", lambda data_dir: None)
    out = CliRunner().invoke(cli_app, ["applications", "--town", "carmel-ny"], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    lines = {line.split("\t")[0]: line for line in out.output.splitlines()}
    assert "decision due" in lines[f"#{good.pk}"]
    assert "facts need correction: dates" in lines[f"#{bad_draft.pk}"]
    assert "facts need correction: " in lines[f"#{bad.pk}"]
    assert "2 with facts that need correction" in out.output


def test_reminders_go_on_past_a_bad_record(good_and_bad):
    from publicassembly.permits import reminders

    # the bad records are skipped (logged), the good one is still reminded when its deadlines fall due
    assert isinstance(reminders.due_reminders(dt.date.today()), list)


def test_calendar_says_each_left_out_record_once(good_and_bad, carmel, caplog):
    """The full feed leaves out the records the law core refuses: told once — to the caller's list when it
    keeps one (the CLI prints it), else in the log (the served feed) — never both."""
    import logging

    from publicassembly.permits.documents import town_calendar

    skipped: list[str] = []
    with caplog.at_level(logging.WARNING):
        town_calendar(carmel, public=False, skipped=skipped)
    assert skipped and all("facts need correction" in note for note in skipped)  # the submitted one
    assert not [r for r in caplog.records if "left out" in r.getMessage()]
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        town_calendar(carmel, public=False)
    assert len([r for r in caplog.records if "left out" in r.getMessage()]) == len(skipped)
