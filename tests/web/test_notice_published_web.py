"""The hearing's notice on the Clerk's pages (Carmel ch. 31, permit requirements ¶ B; interpretation G-10): the
hearing is scheduled with the notice's date left empty, the pages (application, queue, hearing calendar, public
hearings, the notice PDF) show it with no notice recorded and warn that the notice is due, and the Clerk's action
"Record the notice's publication" records it; a bad date is shown beside the field (422), nothing written.

On a fixed Town's day (Monday 1 June 2026): the hearing 10 days later (Thursday 11 June) is a day the Board may
sit (P-8), and its notice is due today, whatever day the suite runs."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.web.conftest import accepted_on, client_for

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 6, 1)
TOMORROW = TODAY + dt.timedelta(days=1)
HEARING = TODAY + dt.timedelta(days=10)


def _accepted(carmel, cu, travel_to):
    return accepted_on(carmel, cu, travel_to, TODAY)


def _page(client, app) -> str:
    r = client.get(f"/carmel-ny/applications/{app.pk}/")
    assert r.status_code == 200
    return " ".join(r.content.decode().split())


def _schedule_unnoticed(client, app):
    return client.post(f"/carmel-ny/applications/{app.pk}/schedule_hearing/", {
        "schedule_hearing-hearing_on": HEARING.isoformat(), "schedule_hearing-place": "Town Hall",
        "schedule_hearing-newspaper": "Putnam County Courier", "schedule_hearing-notice_published_on": "",
        "expected_version": app.version})


def _record(client, app, day):
    return client.post(f"/carmel-ny/applications/{app.pk}/record_notice_published/", {
        "record_notice_published-notice_published_on": day, "expected_version": app.version})


def test_schedule_form_says_to_leave_the_notice_empty_until_published(carmel, cu, travel_to):
    app = _accepted(carmel, cu, travel_to)
    html = _page(client_for(cu["town_clerk"]), app)
    assert "Leave empty if the notice is not yet published; record it when it is published" in html


def test_clerk_schedules_without_the_notice_then_records_its_publication_g10(carmel, cu, travel_to):
    """¶ B, G-10: scheduled with the notice's date empty (302), the application page offers the Clerk "Record the
    notice's publication" (not yet "Record the hearing as held") and says the notice is not yet recorded; the
    queue warns that the notice is due today; the hearing calendar, the public hearings page and the notice PDF
    are shown. Recorded as published today (302), the page shows the notice; the hearing held is offered from the
    hearing's day (P-25, P-37: not before it has begun)."""
    app = _accepted(carmel, cu, travel_to)
    clerk = client_for(cu["town_clerk"])
    r = _schedule_unnoticed(clerk, app)
    assert r.status_code == 302, r.content.decode()[:2000]
    app.refresh_from_db()
    assert (app.state, app.hearing_on, app.notice_published_on) == (State.HEARING_SCHEDULED, HEARING, None)
    html = _page(clerk, app)
    assert f"/carmel-ny/applications/{app.pk}/record_notice_published/" in html
    assert "Record the notice&#x27;s publication" in html or "Record the notice's publication" in html
    assert f"/carmel-ny/applications/{app.pk}/record_hearing_held/" not in html
    assert "notice in Putnam County Courier not yet recorded as published" in html
    queue = clerk.get("/carmel-ny/applications/").content.decode()
    assert "hearing notice due 2026-06-01" in queue
    calendar = clerk.get("/carmel-ny/hearings/")
    assert calendar.status_code == 200 and "2026-06-11" in calendar.content.decode()
    public = client_for(None).get("/hearings/")
    assert public.status_code == 200 and f"/hearings/{app.pk}/notice.pdf" in public.content.decode()
    pdf = client_for(None).get(f"/hearings/{app.pk}/notice.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")

    r = _record(clerk, app, TODAY.isoformat())
    assert r.status_code == 302
    app.refresh_from_db()
    assert (app.state, app.notice_published_on) == (State.HEARING_SCHEDULED, TODAY)
    html = _page(clerk, app)
    assert "notice published 2026-06-01 in Putnam County Courier" in html
    assert f"/carmel-ny/applications/{app.pk}/record_notice_published/" not in html
    assert f"/carmel-ny/applications/{app.pk}/record_hearing_held/" not in html  # (its day not come: P-25)
    assert "hearing notice due" not in clerk.get("/carmel-ny/applications/").content.decode()
    travel_to(HEARING)  # (no time set: the day alone counts, P-37; signed in again, the session a day old)
    assert f"/carmel-ny/applications/{app.pk}/record_hearing_held/" in _page(client_for(cu["town_clerk"]), app)


def test_notice_published_tomorrow_shown_beside_the_field_422_g10(carmel, cu, travel_to):
    """A day after today (G-10: record it once it has happened), or no date: 422 with the refusal beside the
    field, nothing written."""
    app = _accepted(carmel, cu, travel_to)
    clerk = client_for(cu["town_clerk"])
    assert _schedule_unnoticed(clerk, app).status_code == 302
    app.refresh_from_db()
    version = app.version
    for day, says in ((TOMORROW.isoformat(), "2026-06-02 is in the future (today is 2026-06-01); record it once it "
                                             "has happened"),
                      ("", "")):
        r = _record(clerk, app, day)
        assert r.status_code == 422
        html = " ".join(r.content.decode().split())
        assert 'id="err-id_record_notice_published-notice_published_on"' in html
        assert says in html
    app.refresh_from_db()
    assert (app.version, app.notice_published_on) == (version, None)


def test_only_the_clerk_is_offered_the_notice_step(carmel, cu, travel_to):
    app = _accepted(carmel, cu, travel_to)
    assert _schedule_unnoticed(client_for(cu["town_clerk"]), app).status_code == 302
    app.refresh_from_db()
    for role in ("town_board_member", "applicant", "health_department_reviewer"):
        html = _page(client_for(cu[role]), app)
        assert "record_notice_published" not in html, role
    r = _record(client_for(cu["town_board_member"]), app, TODAY.isoformat())
    assert r.status_code == 403
    app.refresh_from_db()
    assert app.notice_published_on is None


def test_queue_says_to_reschedule_once_the_notice_last_day_passed_unpublished_g10(carmel, cu, travel_to):
    """¶ B, G-10: the hearing of 11 June needs its notice published by 1 June (10 days prior). On 1 June the
    queue warns "hearing notice due 2026-06-01"; on 2 June, no publication recorded, 10 days' notice can no
    longer be given: the queue says so and to reschedule the hearing, not that the notice is due on a past day."""
    app = _accepted(carmel, cu, travel_to)
    clerk = client_for(cu["town_clerk"])
    assert _schedule_unnoticed(clerk, app).status_code == 302
    queue = clerk.get("/carmel-ny/applications/").content.decode()
    assert "hearing notice due 2026-06-01" in queue and "reschedule the hearing" not in queue
    travel_to(TODAY + dt.timedelta(days=1))  # (signed in again: the session of the day before has expired)
    queue = " ".join(client_for(cu["town_clerk"]).get("/carmel-ny/applications/").content.decode().split())
    assert "hearing notice not published by its last day (2026-06-01): reschedule the hearing" in queue
    assert "hearing notice due" not in queue


def test_queue_never_says_the_notice_is_due_on_a_day_past_paragraph_b(carmel, cu, travel_to):
    """¶ B: the hearing of Wednesday 24 June needs its notice by Sunday 14 June; the Clerk's office, closed that
    day, acts by Friday 12 June. The queue says "due 2026-06-12" until that Friday, "due 2026-06-14" on the
    Saturday (not the Friday past), and from Monday 15 June that the notice was not published by its last day."""
    app = _accepted(carmel, cu, travel_to)
    sv.schedule_hearing(cu["town_clerk"], app, hearing_on=dt.date(2026, 6, 24), place="Town Hall",
                        newspaper="Putnam County Courier", today=TODAY)

    def queue(day):
        travel_to(day)
        return " ".join(client_for(cu["town_clerk"]).get("/carmel-ny/applications/").content.decode().split())

    assert "hearing notice due 2026-06-12" in queue(dt.date(2026, 6, 12))
    saturday = queue(dt.date(2026, 6, 13))
    assert "hearing notice due 2026-06-14" in saturday and "2026-06-12" not in saturday
    assert "hearing notice due 2026-06-14" in queue(dt.date(2026, 6, 14))
    assert "not published by its last day (2026-06-14): reschedule the hearing" in queue(dt.date(2026, 6, 15))
