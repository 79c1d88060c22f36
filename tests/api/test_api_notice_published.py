"""The hearing's notice over HTTP (Carmel ch. 31, permit requirements ¶ B; interpretation G-10): the Clerk schedules
the hearing without ``notice_published_on``, its notice PDF is made for the newspaper, and
``POST .../record-notice-published`` records the day it was published: 200; 422 naming the field for a day after
today, too late for ¶ B's 10 days, or a publication already recorded; 409 for a stale ``expected_version`` or an
application not at its scheduled hearing; 403 for another role. ``hearing-held`` is 409 (¶ B) until then.

On a fixed Town's day (Monday 1 June 2026), so that the hearings 10 and 11 days later (Thursday 11, Friday
12 June) are days the Board may sit (P-8) whatever day the suite runs."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import api_client, application_url, post_json
from tests.web.conftest import accepted_on

from publicassembly.permits.models import State

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 6, 1)
TOMORROW = TODAY + dt.timedelta(days=1)
HEARING = TODAY + dt.timedelta(days=10)
CITE_B = "Carmel Code ch. 31, permit requirements ¶ B"
SCHEDULE = {"hearing_on": HEARING.isoformat(), "place": "Town Hall", "newspaper": "Putnam County Courier"}


_post, _url = post_json, application_url


def _accepted(carmel, cu, travel_to):
    return accepted_on(carmel, cu, travel_to, TODAY)


def _unnoticed(carmel, cu, travel_to):
    app = _accepted(carmel, cu, travel_to)
    r = _post(api_client(cu["town_clerk"]), _url(app, "schedule-hearing"), SCHEDULE)
    assert r.status_code == 200, r.json()
    app.refresh_from_db()
    return app


def test_schedule_without_the_notice_then_record_its_publication_g10(carmel, cu, travel_to):
    """Scheduled with no ``notice_published_on``: 200 with it null; the public notice PDF is made; the hearing
    cannot be recorded as held ten days before its day (422 naming ``held_on``, said first and alone:
    interpretation P-25); the publication of today is recorded (200, one version later, same state)."""
    app = _accepted(carmel, cu, travel_to)
    clerk = api_client(cu["town_clerk"])
    r = _post(clerk, _url(app, "schedule-hearing"), {**SCHEDULE, "expected_version": app.version})
    assert r.status_code == 200, r.json()
    body = r.json()
    assert (body["state"], body["hearing_on"], body["notice_published_on"]) == ("hearing_scheduled",
                                                                                 HEARING.isoformat(), None)
    pdf = clerk.get(f"/api/v1/towns/carmel-ny/hearings/{app.pk}/notice.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    held = _post(clerk, _url(app, "hearing-held"), {})
    assert held.status_code == 422 and held.json()["field"] == "held_on" and "blockers" not in held.json()
    r = _post(clerk, _url(app, "record-notice-published"),
              {"notice_published_on": TODAY.isoformat(), "expected_version": body["version"]})
    assert r.status_code == 200, r.json()
    assert (r.json()["state"], r.json()["notice_published_on"], r.json()["version"]) == (
        "hearing_scheduled", TODAY.isoformat(), body["version"] + 1)


def test_record_notice_published_refusals_422_naming_the_field(carmel, cu, travel_to):
    """Tomorrow (G-10: a thing done), missing, or not a date: 422 naming ``notice_published_on``; nothing is
    written. Once recorded, a second one is 422 too (the first publication is the one ¶ B counts)."""
    app = _unnoticed(carmel, cu, travel_to)
    clerk = api_client(cu["town_clerk"])
    url = _url(app, "record-notice-published")
    r = _post(clerk, url, {"notice_published_on": TOMORROW.isoformat()})
    assert r.status_code == 422 and r.json()["field"] == "notice_published_on", r.json()
    assert r.json()["detail"] == ("notice_published_on: 2026-06-02 is in the future (today is 2026-06-01); record "
                                  "it once it has happened")
    for body in ({}, {"notice_published_on": "next week"}, {"notice_published_on": 20260601}):
        r = _post(clerk, url, body)
        assert r.status_code == 422 and r.json()["field"] == "notice_published_on", (body, r.json())
    app.refresh_from_db()
    assert app.notice_published_on is None
    assert _post(clerk, url, {"notice_published_on": TODAY.isoformat()}).status_code == 200
    again = _post(clerk, url, {"notice_published_on": TODAY.isoformat()})
    assert again.status_code == 422 and again.json()["field"] == "notice_published_on"
    assert "already recorded" in again.json()["detail"]


def test_record_notice_published_9_days_before_the_hearing_is_422_paragraph_b(carmel, cu, travel_to):
    """¶ B, GCL § 20: recorded on 2 June for the hearing of 11 June (9 days): 422 naming the field with the law
    core's citation."""
    app = _unnoticed(carmel, cu, travel_to)
    travel_to(TOMORROW)
    r = _post(api_client(cu["town_clerk"]), _url(app, "record-notice-published"),
              {"notice_published_on": TOMORROW.isoformat()})
    assert r.status_code == 422 and r.json()["field"] == "notice_published_on"
    assert "10 days" in r.json()["detail"] and CITE_B in r.json()["detail"]


def test_record_notice_published_409_stale_or_wrong_state_403_other_roles(carmel, cu, travel_to):
    app = _unnoticed(carmel, cu, travel_to)
    url = _url(app, "record-notice-published")
    body = {"notice_published_on": TODAY.isoformat()}
    clerk = api_client(cu["town_clerk"])
    assert _post(clerk, url, {**body, "expected_version": app.version - 1}).status_code == 409
    for role in ("town_board_member", "applicant", "building_inspector"):
        assert _post(api_client(cu[role]), url, body).status_code == 403, role
    app.refresh_from_db()
    assert (app.state, app.notice_published_on) == (State.HEARING_SCHEDULED, None)
    accepted = _accepted(carmel, cu, travel_to)
    r = _post(clerk, _url(accepted, "record-notice-published"), body)
    assert r.status_code == 409 and "cannot record the notice's publication" in r.json()["detail"]


def test_schedule_without_notice_too_soon_for_10_days_is_422_naming_hearing_on(carmel, cu, travel_to):
    """¶ B: a hearing 9 days ahead with no notice yet published can no longer be given 10 days' notice (it was due
    yesterday): 422 naming ``hearing_on`` and that day; 10 days ahead it is scheduled. A notice dated tomorrow is
    422 naming ``notice_published_on`` (G-10)."""
    app = _accepted(carmel, cu, travel_to)
    clerk = api_client(cu["town_clerk"])
    url = _url(app, "schedule-hearing")
    soon = TODAY + dt.timedelta(days=9)
    r = _post(clerk, url, {**SCHEDULE, "hearing_on": soon.isoformat()})
    assert r.status_code == 422 and r.json()["field"] == "hearing_on"
    assert r.json()["detail"].startswith("hearing_on: 2026-06-10 is too soon for its notice: the notice must be "
                                         "published in the official newspaper by 2026-05-31, which is before "
                                         "today (2026-06-01)")
    r = _post(clerk, url, {**SCHEDULE, "notice_published_on": TOMORROW.isoformat()})
    assert r.status_code == 422 and r.json()["field"] == "notice_published_on"
    app.refresh_from_db()
    assert (app.state, app.hearing_on) == (State.ACCEPTED, None)
    r = _post(clerk, url, {**SCHEDULE, "notice_published_on": None})
    assert r.status_code == 200 and r.json()["notice_published_on"] is None


def test_openapi_lists_the_new_step_and_the_optional_notice(db):
    from django.test import Client

    schema = Client().get("/api/openapi.json").json()
    post = schema["paths"]["/api/v1/towns/{town}/applications/{id}/record-notice-published"]["post"]
    assert post["operationId"] == "record_notice_published"
    scheduled = schema["components"]["schemas"]["ScheduleHearingIn"]
    assert "notice_published_on" not in scheduled.get("required", [])
    assert "notice_published_on" in schema["components"]["schemas"]["NoticePublishedIn"]["required"]


def test_public_hearings_list_says_whether_the_notice_is_published_g10(carmel, cu, travel_to):
    """The public list of upcoming hearings gives ``notice_published_on``: null while the publication is not
    recorded, the day once it is (as the public hearings page says)."""
    from django.test import Client

    app = _unnoticed(carmel, cu, travel_to)
    [row] = Client().get("/api/v1/towns/carmel-ny/hearings").json()
    assert (row["application"], row["notice_published_on"]) == (app.pk, None)
    r = _post(api_client(cu["town_clerk"]), _url(app, "record-notice-published"),
              {"notice_published_on": TODAY.isoformat(), "expected_version": app.version})
    assert r.status_code == 200, r.json()
    [row] = Client().get("/api/v1/towns/carmel-ny/hearings").json()
    assert row["notice_published_on"] == TODAY.isoformat()
