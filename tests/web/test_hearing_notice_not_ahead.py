"""A hearing notice is recorded once it is published (interpretation G-10; Carmel ch. 31, permit requirements ¶ B):
on the Clerk's page and in the API, a notice published tomorrow is refused naming ``notice_published_on`` and
saying today, the latest day allowed (422; nothing stored changes), while the hearing itself is set ahead.

On a fixed Town's day (Monday 1 June 2026), so that the hearing 10 days later (Thursday 11 June) is a day the
Board may sit (P-8) whatever day the suite runs."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for, fair_facts

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 6, 1)
TOMORROW = TODAY + dt.timedelta(days=1)
HEARING = TODAY + dt.timedelta(days=10)
SAYS = "2026-06-02 is in the future (today is 2026-06-01); record it once it has happened"


def _accepted(carmel, cu, travel_to):
    travel_to(TODAY)
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=TODAY)
    sv.accept(cu["town_clerk"], app, today=TODAY)
    app.refresh_from_db()
    return app


def _unchanged(app, version):
    app.refresh_from_db()
    assert (app.state, app.version, app.notice_published_on, app.hearing_on) == (State.ACCEPTED, version, None, None)


def _page(client, app, notice):
    return client.post(f"/carmel-ny/applications/{app.pk}/schedule_hearing/", {
        "schedule_hearing-hearing_on": HEARING.isoformat(), "schedule_hearing-place": "Town Hall",
        "schedule_hearing-newspaper": "Putnam County Courier",
        "schedule_hearing-notice_published_on": notice.isoformat(), "expected_version": app.version})


def test_web_notice_published_tomorrow_refused_beside_the_field_g10(carmel, cu, travel_to):
    app = _accepted(carmel, cu, travel_to)
    version = app.version
    c = client_for(cu["town_clerk"])
    r = _page(c, app, TOMORROW)
    assert r.status_code == 422
    html = " ".join(r.content.decode().split())
    assert 'id="err-id_schedule_hearing-notice_published_on"' in html and SAYS in html
    _unchanged(app, version)
    assert _page(c, app, TODAY).status_code == 302
    app.refresh_from_db()
    assert (app.state, app.notice_published_on, app.hearing_on) == (State.HEARING_SCHEDULED, TODAY, HEARING)


def test_api_notice_published_tomorrow_is_422_naming_the_field_g10(carmel, cu, travel_to):
    app = _accepted(carmel, cu, travel_to)
    version = app.version
    clerk = api_client(cu["town_clerk"])
    url = f"/api/v1/towns/carmel-ny/applications/{app.pk}/schedule-hearing"
    body = {"hearing_on": HEARING.isoformat(), "place": "Town Hall", "newspaper": "Putnam County Courier",
            "expected_version": version}
    for notice in (TOMORROW, dt.date(2099, 12, 31)):
        r = clerk.post(url, json.dumps({**body, "notice_published_on": notice.isoformat()}),
                       content_type="application/json")
        assert r.status_code == 422 and r.json()["field"] == "notice_published_on", r.json()
        assert r.json()["detail"] == f"notice_published_on: {notice.isoformat()}{SAYS[len('2026-06-02'):]}"
    _unchanged(app, version)
    r = clerk.post(url, json.dumps({**body, "notice_published_on": TODAY.isoformat()}),
                   content_type="application/json")
    assert r.status_code == 200 and r.json()["state"] == "hearing_scheduled", r.json()
