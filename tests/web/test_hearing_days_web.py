"""The hearing's day on the Clerk's pages (Carmel ch. 31, permit requirements ¶ B; interpretations P-4, P-8): a
hearing on Christmas Day is refused beside the field (422, nothing stored changes); a hearing set after the Board's
last day to act is accepted and the Clerk sees it on the queue row, the application page and in the API."""

from __future__ import annotations

import datetime as dt

from tests.api.conftest import api_client
from tests.web.conftest import client_for, fair_facts

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

# The trial's case: submitted Fri 2026-11-20, the Board's last day to act Mon 2026-12-21 (¶ B; GCL §§ 20, 25-a).
SUBMITTED = dt.date(2026, 11, 20)


def _accepted(carmel, cu, submitted=SUBMITTED, first_day=dt.date(2027, 3, 1)):
    facts = fair_facts()
    facts["dates"] = {"first_day": first_day.isoformat(), "last_day": (first_day + dt.timedelta(days=2)).isoformat(),
                      "daily_hours": "10:00-22:00"}
    app = sv.create_draft(cu["applicant"], carmel, facts)
    sv.submit(cu["applicant"], app, verification_statement="Sworn.", today=submitted)
    sv.accept(cu["town_clerk"], app, today=submitted)
    app.refresh_from_db()
    return app


def _scheduled(carmel, cu, hearing_on):
    app = _accepted(carmel, cu)
    return sv.schedule_hearing(cu["town_clerk"], app, hearing_on=hearing_on, place="Town Hall",
                               notice_published_on=SUBMITTED, newspaper="Putnam County Courier", today=SUBMITTED)


def test_hearing_on_christmas_is_refused_beside_the_field_p8(carmel, cu):
    today = dt.date.today()
    christmas = dt.date(today.year, 12, 25)
    if christmas < today + dt.timedelta(days=11):  # (the next Christmas 10 days' notice can still precede)
        christmas = dt.date(today.year + 1, 12, 25)
    app = _accepted(carmel, cu, submitted=today, first_day=christmas + dt.timedelta(days=60))
    version = app.version
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/schedule_hearing/", {
        "schedule_hearing-hearing_on": christmas.isoformat(), "schedule_hearing-place": "Town Hall",
        "schedule_hearing-newspaper": "Courier", "schedule_hearing-notice_published_on": today.isoformat(),
        "expected_version": app.version})
    assert r.status_code == 422
    html = " ".join(r.content.decode().split())
    assert 'id="err-id_schedule_hearing-hearing_on"' in html and "Christmas Day, a public holiday (GCL § 24)" in html
    app.refresh_from_db()
    assert app.state == State.ACCEPTED and app.hearing_on is None and app.version == version


def test_queue_page_and_api_warn_of_a_hearing_after_the_last_day_to_act_p4(carmel, cu):
    """Hearing Tue 2026-12-22, the day after the last day to act (Mon 2026-12-21): accepted, and the warning is on
    the Clerk's queue row, the application page and the API's ``hearing_after_decision_due``."""
    app = _scheduled(carmel, cu, dt.date(2026, 12, 22))
    warning = "hearing 2026-12-22 is after the Town Board&#x27;s last day to act (2026-12-21, ¶ B)"
    c = client_for(cu["town_clerk"])
    assert warning in c.get("/carmel-ny/applications/").content.decode()
    assert warning in c.get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    body = api_client(cu["town_clerk"]).get(f"/api/v1/towns/carmel-ny/applications/{app.pk}").json()
    assert body["hearing_after_decision_due"] == "2026-12-21"


def test_no_warning_for_a_hearing_on_the_last_day_to_act_p4(carmel, cu):
    app = _scheduled(carmel, cu, dt.date(2026, 12, 21))
    c = client_for(cu["town_clerk"])
    assert "last day to act" not in c.get("/carmel-ny/applications/").content.decode()
    assert "last day to act" not in c.get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    body = api_client(cu["town_clerk"]).get(f"/api/v1/towns/carmel-ny/applications/{app.pk}").json()
    assert body["hearing_after_decision_due"] is None


def _schedule_on_the_page(cu, app, hearing_on: dt.date):
    return client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/schedule_hearing/", {
        "schedule_hearing-hearing_on": hearing_on.isoformat(), "schedule_hearing-place": "Town Hall",
        "schedule_hearing-newspaper": "Putnam County Courier",
        "schedule_hearing-notice_published_on": dt.date.today().isoformat(), "expected_version": app.version},
        follow=True)


def test_scheduling_a_hearing_after_the_last_day_to_act_warns_at_once_p4(carmel, cu):
    """¶ B, P-4: the Clerk who sets the hearing after the Board's last day to act is told so with the "Done"
    message (a warning, not only the badge beside the hearing); the hearing is set."""
    today = dt.date.today()
    app = _accepted(carmel, cu, submitted=today, first_day=today + dt.timedelta(days=120))
    due = sv.decision_due(app).date
    for days in range(1, 10):  # the first day after it that the service takes (not a public holiday, P-8)
        r = _schedule_on_the_page(cu, app, due + dt.timedelta(days=days))
        if r.redirect_chain:
            break
    html = " ".join(r.content.decode().split())
    app.refresh_from_db()
    assert app.state == State.HEARING_SCHEDULED and app.hearing_on > due
    assert (f'<p class="alert warning">Hearing {app.hearing_on.isoformat()} is after the Town Board&#x27;s last day '
            f"to act ({due.isoformat()}, ¶ B): the decision will be late</p>") in html


def test_scheduling_a_hearing_on_the_last_day_to_act_does_not_warn_p4(carmel, cu):
    today = dt.date.today()
    app = _accepted(carmel, cu, submitted=today, first_day=today + dt.timedelta(days=120))
    due = sv.decision_due(app).date
    r = _schedule_on_the_page(cu, app, due)
    assert r.redirect_chain, r.content.decode()[:2000]
    assert "alert warning" not in r.content.decode()
