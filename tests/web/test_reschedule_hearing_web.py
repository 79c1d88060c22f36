"""Rescheduling the public hearing on the Clerk's page (Carmel ch. 31, permit requirements ¶ B; interpretation
G-10): the Clerk is offered "Reschedule the public hearing", its form shown with the hearing's time, place and
newspaper; posted, the hearing moves and every page shows the new day (application page, hearing calendar,
public hearings, the notice PDF, the iCalendar feeds); a bad day is shown beside the field (422), nothing
written. The hearing forms' help text says ¶ B's days of notice as the Town's parameters in force give them.

On a fixed Town's day (Monday 1 June 2026) the hearing is set for Thursday 11 June, its notice due that day; on
Tuesday 2 June it can no longer be noticed in time and is moved to Friday 12 June (notice due 2 June)."""

from __future__ import annotations

import datetime as dt
import io
from zoneinfo import ZoneInfo

import pdfplumber
import pytest
from icalendar import Calendar
from tests.web.conftest import accepted_on, client_for

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 6, 1)
TOMORROW = TODAY + dt.timedelta(days=1)
HEARING = TODAY + dt.timedelta(days=10)
NEW_DAY = TODAY + dt.timedelta(days=11)


def _accepted(carmel, cu, travel_to):
    return accepted_on(carmel, cu, travel_to, TODAY)


def _scheduled(carmel, cu, travel_to):
    """The hearing of 11 June at 6:30 p.m. at Town Hall scheduled on 1 June, its notice not yet published."""
    app = _accepted(carmel, cu, travel_to)
    sv.schedule_hearing(cu["town_clerk"], app, hearing_on=HEARING, hearing_time=dt.time(18, 30), place="Town Hall",
                        newspaper="Putnam County Courier", today=TODAY)
    app.refresh_from_db()
    return app


def _page(client, app) -> str:
    r = client.get(f"/carmel-ny/applications/{app.pk}/")
    assert r.status_code == 200
    return " ".join(r.content.decode().split())


def _reschedule(client, app, day, **fields):
    data = {"reschedule_hearing-hearing_on": day, "reschedule_hearing-hearing_time": "18:30",
            "reschedule_hearing-place": "Town Hall", "reschedule_hearing-newspaper": "Putnam County Courier",
            "reschedule_hearing-notice_published_on": "", "expected_version": app.version}
    data.update({f"reschedule_hearing-{k}": v for k, v in fields.items()})
    return client.post(f"/carmel-ny/applications/{app.pk}/reschedule_hearing/", data)


def _pdf_text(content: bytes) -> str:
    with pdfplumber.open(io.BytesIO(content)) as doc:
        return " ".join(" ".join(page.extract_text() or "" for page in doc.pages).split())


def _event_days(ics: bytes) -> list:
    return [e["DTSTART"].dt.date() for e in Calendar.from_ical(ics).walk("VEVENT")]


def test_the_clerk_is_offered_the_step_with_the_hearing_prefilled_others_are_not(carmel, cu, travel_to):
    app = _scheduled(carmel, cu, travel_to)
    html = _page(client_for(cu["town_clerk"]), app)
    assert f"/carmel-ny/applications/{app.pk}/reschedule_hearing/" in html
    assert "Reschedule the public hearing" in html
    assert 'name="reschedule_hearing-place" value="Town Hall"' in html
    assert 'name="reschedule_hearing-newspaper" value="Putnam County Courier"' in html
    assert 'name="reschedule_hearing-hearing_time" value="18:30"' in html
    assert "Leave empty unless the notice naming the new date is already published" in html
    for role in ("town_board_member", "applicant", "health_department_reviewer"):
        assert "reschedule_hearing" not in _page(client_for(cu[role]), app), role
    r = _reschedule(client_for(cu["town_board_member"]), app, NEW_DAY.isoformat())
    assert r.status_code == 403


def test_the_stuck_hearing_moved_and_every_page_shows_the_new_day_g10(carmel, cu, travel_to):
    """¶ B: on 2 June the hearing of 11 June can no longer be noticed in time. Moved to 12 June at the fire
    house (302), the application page, the Clerk's hearing calendar, the public hearings page, the notice PDF
    (with its new last day to publish, 2 June) and both iCalendar feeds show 12 June, not 11 June; the notice is
    then recorded, and the hearing held is offered once the hearing has begun: on 12 June from 18:30 in New
    York, not at noon (P-25, P-37)."""
    app = _scheduled(carmel, cu, travel_to)
    travel_to(TOMORROW)
    clerk = client_for(cu["town_clerk"])
    r = _reschedule(clerk, app, NEW_DAY.isoformat(), place="Carmel Fire House")
    assert r.status_code == 302, r.content.decode()[:2000]
    app.refresh_from_db()
    assert (app.state, app.hearing_on, app.hearing_place, app.hearing_time) == (
        State.HEARING_SCHEDULED, NEW_DAY, "Carmel Fire House", dt.time(18, 30))
    html = _page(clerk, app)
    assert "Done: Reschedule the public hearing." in html
    shown = html.split("<dt>Public hearing</dt>")[1].split("</dd>")[0]
    assert "2026-06-12 6:30 PM, Carmel Fire House" in shown and "2026-06-11" not in shown
    assert "public hearing moved from 2026-06-11 at 18:30 at Town Hall to 2026-06-12" in html  # (the history)
    assert "notice in Putnam County Courier not yet recorded as published" in html
    calendar = clerk.get("/carmel-ny/hearings/").content.decode()
    assert "2026-06-12" in calendar and "2026-06-11" not in calendar
    public = client_for(None).get("/hearings/").content.decode()
    assert "2026-06-12" in public and "Carmel Fire House" in public and "2026-06-11" not in public
    notice = _pdf_text(client_for(None).get(f"/hearings/{app.pk}/notice.pdf").content)
    assert "June 12, 2026" in notice and "June 2, 2026" in notice and "June 11, 2026" not in notice
    assert _event_days(client_for(None).get("/towns/carmel-ny/hearings.ics").content) == [NEW_DAY]
    assert _event_days(clerk.get(f"/carmel-ny/applications/{app.pk}/calendar.ics").content) == [NEW_DAY]

    r = clerk.post(f"/carmel-ny/applications/{app.pk}/record_notice_published/", {
        "record_notice_published-notice_published_on": TOMORROW.isoformat(), "expected_version": app.version})
    assert r.status_code == 302
    assert f"/carmel-ny/applications/{app.pk}/record_hearing_held/" not in _page(clerk, app)
    travel_to(NEW_DAY)  # (noon in New York; signed in again, the session days old)
    clerk = client_for(cu["town_clerk"])
    assert f"/carmel-ny/applications/{app.pk}/record_hearing_held/" not in _page(clerk, app)
    travel_to(dt.datetime(2026, 6, 12, 18, 30, tzinfo=ZoneInfo("America/New_York")))
    assert f"/carmel-ny/applications/{app.pk}/record_hearing_held/" in _page(clerk, app)


@pytest.mark.parametrize(("day", "says"), [
    ("2026-06-10", "2026-06-10 is too soon for its notice: the notice must be published in the official newspaper "
                   "by 2026-05-31, which is before today (2026-06-02)"),
    ("2026-06-14", "2026-06-14 is Flag Day, a public holiday (GCL § 24)"),
    ("2026-06-01", "2026-06-01 is in the past (today is 2026-06-02)"),
    ("2026-06-11", "the hearing is already set for 2026-06-11 at Town Hall; give another day, time or place"),
    ("", "This field is required"),
])
def test_a_bad_day_is_shown_beside_the_field_422_nothing_written(carmel, cu, travel_to, day, says):
    app = _scheduled(carmel, cu, travel_to)
    travel_to(TOMORROW)
    r = _reschedule(client_for(cu["town_clerk"]), app, day)
    assert r.status_code == 422
    html = " ".join(r.content.decode().split())
    assert 'id="err-id_reschedule_hearing-hearing_on"' in html
    assert says in html
    version = app.version
    app.refresh_from_db()
    assert (app.version, app.hearing_on) == (version, HEARING)


def test_a_stale_form_is_refused_above_it(carmel, cu, travel_to):
    """A form of a page opened before the application changed is a conflict, 409 as the API answers it: said
    above the form (no field marked), the day typed kept; sent again from that page, it reschedules."""
    app = _scheduled(carmel, cu, travel_to)
    clerk = client_for(cu["town_clerk"])
    app.version -= 1
    r = _reschedule(clerk, app, NEW_DAY.isoformat())
    assert r.status_code == 409
    html = " ".join(r.content.decode().split())
    assert "has been changed since you opened this page" in html and "Please correct the fields" not in html
    assert f'value="{NEW_DAY.isoformat()}"' in html
    app.refresh_from_db()
    assert app.hearing_on == HEARING
    assert _reschedule(clerk, app, NEW_DAY.isoformat()).status_code == 302


def test_a_form_without_its_version_reschedules_nothing(carmel, cu, travel_to):
    """A reschedule form sent without the version of the application it was opened on (a page kept from before
    the form sent it, a request made by hand) is refused, 422 naming ``expected_version``: it was never checked,
    and the hearing was moved on whatever the application had become."""
    app = _scheduled(carmel, cu, travel_to)
    data = {"reschedule_hearing-hearing_on": NEW_DAY.isoformat(), "reschedule_hearing-hearing_time": "18:30",
            "reschedule_hearing-place": "Town Hall", "reschedule_hearing-newspaper": "Putnam County Courier"}
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/reschedule_hearing/", data)
    assert r.status_code == 422
    html = " ".join(r.content.decode().split())
    assert "expected_version: the form was sent without the version of the record it was opened on" in html
    assert f'value="{NEW_DAY.isoformat()}"' in html and f'name="expected_version" value="{app.version}"' in html
    version = app.version
    app.refresh_from_db()
    assert (app.version, app.hearing_on) == (version, HEARING)


def test_the_reschedule_form_says_the_days_of_notice_in_force_paragraph_b(carmel, cu, travel_to, monkeypatch):
    """As the other hearing forms (tests/web/test_hearing_notice_days_web.py): ¶ B's days from the Town's
    parameters in force, 14 when the parameter says 14."""
    from tests.web.test_hearing_notice_days_web import _notice_days

    app = _scheduled(carmel, cu, travel_to)
    clerk = client_for(cu["town_clerk"])
    assert "At least 10 days before the hearing (¶ B). Leave empty unless the notice naming the new date" in _page(
        clerk, app)
    _notice_days(monkeypatch, 14)
    html = _page(clerk, app)
    assert "At least 14 days before the hearing (¶ B). Leave empty unless the notice naming the new date" in html
    assert "10 days before" not in html
