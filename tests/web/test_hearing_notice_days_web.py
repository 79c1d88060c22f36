"""The hearing forms' help text says ¶ B's days of notice (Carmel ch. 31, permit requirements ¶ B: "notice
published at least once in the official newspaper 10 days prior to such hearing") as the Town's parameters in
force give them (``petition.hearing_notice_days``, through `services.hearing_notice_days`), not a 10 written
into the form: it stays true if the Town's parameters change."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.web.conftest import accepted_on, client_for

from publicassembly.permits import services as sv
from publicassembly.web.forms import application as af

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 6, 1)


def _accepted(carmel, cu, travel_to):
    return accepted_on(carmel, cu, travel_to, TODAY)


def _page(client, app) -> str:
    r = client.get(f"/carmel-ny/applications/{app.pk}/")
    assert r.status_code == 200
    return " ".join(r.content.decode().split())


def _notice_days(monkeypatch, days: int) -> None:
    """The Town's parameters with ¶ B's days of notice `days` from 2026 (as if the Town's law changed)."""
    original = sv.parameter_set

    def changed(town):
        return original(town).with_values("petition.hearing_notice_days", {dt.date(2026, 1, 1): days})

    monkeypatch.setattr(sv, "parameter_set", changed)


def test_the_days_of_notice_in_force_are_those_of_the_parameters_paragraph_b(carmel, monkeypatch):
    assert sv.hearing_notice_days(carmel, TODAY) == 10
    _notice_days(monkeypatch, 14)
    assert sv.hearing_notice_days(carmel, TODAY) == 14
    assert sv.hearing_notice_days(carmel, dt.date(2025, 12, 31)) == 10


def test_the_hearing_forms_say_the_days_of_notice_in_force_paragraph_b(carmel, cu, travel_to, monkeypatch):
    """¶ B's 10 days: the schedule and notice forms say 10; with the parameter at 14 they say 14, not 10."""
    app = _accepted(carmel, cu, travel_to)
    clerk = client_for(cu["town_clerk"])
    assert "At least 10 days before the hearing (¶ B). Leave empty if the notice is not yet published" in _page(
        clerk, app)
    _notice_days(monkeypatch, 14)
    html = _page(clerk, app)
    assert "At least 14 days before the hearing (¶ B). Leave empty if the notice is not yet published" in html
    assert "At least 10 days" not in html
    monkeypatch.undo()
    sv.schedule_hearing(cu["town_clerk"], app, hearing_on=dt.date(2026, 6, 16), place="Town Hall",
                        newspaper="Putnam County Courier", today=TODAY)
    app.refresh_from_db()
    _notice_days(monkeypatch, 14)
    html = _page(clerk, app)
    assert ("The day the official newspaper published the notice of the hearing: at least 14 days before the "
            "hearing, not after today (¶ B).") in html
    assert "10 days before" not in html


def test_one_day_of_notice_is_said_in_the_singular():
    assert af.ScheduleHearingForm(notice_days=1).fields["notice_published_on"].help_text.startswith(
        "At least 1 day before the hearing (¶ B).")
    assert "at least 1 day before the hearing, not after today" in af.NoticePublishedForm(
        notice_days=1).fields["notice_published_on"].help_text
