"""Rescheduling the public hearing over HTTP (Carmel ch. 31, permit requirements ¶ B; interpretation G-10):
``POST .../reschedule-hearing`` moves a scheduled hearing to another day (time, place and newspaper kept unless
given) and clears its notice unless the notice of the new day is given: 200; 422 naming the field for a day the
checks of schedule-hearing refuse, or nothing changed; 409 for a stale ``expected_version`` or an application not
at its scheduled hearing; 403 for another role.

On a fixed Town's day (Monday 1 June 2026): the hearing is set for Thursday 11 June (its notice due today); on
2 June its notice can no longer be published in time, and the hearing is moved to Friday 12 June (notice due
2 June)."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import api_client, application_url, post_json
from tests.web.conftest import accepted_on, fair_facts

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 6, 1)
TOMORROW = TODAY + dt.timedelta(days=1)
HEARING = TODAY + dt.timedelta(days=10)
NEW_DAY = TODAY + dt.timedelta(days=11)
CITE_B = "Carmel Code ch. 31, permit requirements ¶ B"
SCHEDULE = {"hearing_on": HEARING.isoformat(), "place": "Town Hall", "newspaper": "Putnam County Courier"}


_post, _url = post_json, application_url


def _scheduled(carmel, cu, travel_to, **extra):
    """The fair's hearing of 11 June scheduled on 1 June (`extra`: e.g. its notice, its time)."""
    app = accepted_on(carmel, cu, travel_to, TODAY)
    r = _post(api_client(cu["town_clerk"]), _url(app, "schedule-hearing"), {**SCHEDULE, **extra})
    assert r.status_code == 200, r.json()
    app.refresh_from_db()
    return app


def test_the_hearing_whose_notice_came_too_late_is_rescheduled_noticed_and_held_g10(carmel, cu, travel_to):
    """¶ B: on 2 June the notice of the hearing of 11 June can no longer be published 10 days before it (422);
    moved to 12 June (200: same state, one version later, the place and newspaper kept, no notice), its notice of
    2 June is recorded and the hearing is recorded as held on 12 June."""
    app = _scheduled(carmel, cu, travel_to)
    clerk = api_client(cu["town_clerk"])
    travel_to(TOMORROW)
    late = _post(clerk, _url(app, "record-notice-published"), {"notice_published_on": TOMORROW.isoformat()})
    assert late.status_code == 422 and CITE_B in late.json()["detail"]
    r = _post(clerk, _url(app, "reschedule-hearing"), {"hearing_on": NEW_DAY.isoformat(),
                                                        "expected_version": app.version,
                                                        "reason": "notice not published in time"})
    assert r.status_code == 200, r.json()
    body = r.json()
    assert (body["state"], body["version"], body["hearing_on"], body["notice_published_on"]) == (
        "hearing_scheduled", app.version + 1, NEW_DAY.isoformat(), None)
    assert (body["hearing_place"], body["newspaper"], body["hearing_time"]) == ("Town Hall",
                                                                                 "Putnam County Courier", None)
    app.refresh_from_db()
    assert app.history.first().history_change_reason.startswith(
        "notice not published in time — public hearing moved from 2026-06-11 at Town Hall to 2026-06-12 at Town "
        "Hall")
    r = _post(clerk, _url(app, "record-notice-published"), {"notice_published_on": TOMORROW.isoformat()})
    assert r.status_code == 200, r.json()
    travel_to(NEW_DAY)
    r = _post(clerk, _url(app, "hearing-held"), {})
    assert r.status_code == 200 and r.json()["state"] == "hearing_held", r.json()


def test_a_recorded_notice_is_cleared_the_time_kept_unless_given(carmel, cu, travel_to):
    """G-10: the notice of 1 June named the hearing of 11 June; moved to 12 June at the fire house, it is cleared
    (null) and the time (18:30) kept; ``hearing_time: null`` then makes it to be announced."""
    app = _scheduled(carmel, cu, travel_to, notice_published_on=TODAY.isoformat(), hearing_time="18:30")
    clerk = api_client(cu["town_clerk"])
    assert app.notice_published_on == TODAY
    r = _post(clerk, _url(app, "reschedule-hearing"), {"hearing_on": NEW_DAY.isoformat(), "place": "Fire House"})
    assert r.status_code == 200, r.json()
    assert (r.json()["hearing_place"], r.json()["hearing_time"], r.json()["notice_published_on"]) == (
        "Fire House", "18:30", None)
    r = _post(clerk, _url(app, "reschedule-hearing"), {"hearing_on": NEW_DAY.isoformat(), "hearing_time": None})
    assert r.status_code == 200 and r.json()["hearing_time"] is None, r.json()
    app.refresh_from_db()
    assert (app.hearing_place, app.hearing_time) == ("Fire House", None)


@pytest.mark.parametrize(("body", "field", "said"), [
    ({"hearing_on": "2026-06-10"}, "hearing_on", "too soon for its notice"),  # notice due 31 May (¶ B)
    ({"hearing_on": "2026-06-07"}, "hearing_on", "is a Sunday"),  # P-8
    ({"hearing_on": "2026-05-29"}, "hearing_on", "in the past"),
    ({"hearing_on": HEARING.isoformat()}, "hearing_on", "already set for 2026-06-11"),  # nothing changed
    ({"hearing_on": NEW_DAY.isoformat(), "notice_published_on": TOMORROW.isoformat()}, "notice_published_on",
     "in the future"),  # G-10
    ({}, "hearing_on", ""),
    ({"hearing_on": 20260612}, "hearing_on", ""),
    ({"hearing_on": NEW_DAY.isoformat(), "place": ""}, "place", ""),
    ({"hearing_on": NEW_DAY.isoformat(), "hearing_time": "noonish"}, "hearing_time", ""),
    # (hours and minutes, as the notice says it: 19:30:45 would be "moved" to 19:30 with nothing seen changed)
    ({"hearing_on": NEW_DAY.isoformat(), "hearing_time": "19:30:45"}, "hearing_time", "without seconds"),
    ({"hearing_on": NEW_DAY.isoformat(), "hearing_time": "19:30:00.5"}, "hearing_time", "without seconds"),
    ({"hearing_on": NEW_DAY.isoformat(), "hearing_time": "19:30+02:00"}, "hearing_time", "a time zone"),
    ({"hearing_on": NEW_DAY.isoformat(), "venue": "Fire House"}, "venue", "not a field"),
])
def test_refusals_are_422_naming_the_field_and_write_nothing(carmel, cu, travel_to, body, field, said):
    app = _scheduled(carmel, cu, travel_to)
    before = (app.version, app.hearing_on, app.hearing_place)
    r = _post(api_client(cu["town_clerk"]), _url(app, "reschedule-hearing"), body)
    assert r.status_code == 422 and r.json()["field"] == field, r.json()
    assert said in r.json()["detail"]
    app.refresh_from_db()
    assert (app.version, app.hearing_on, app.hearing_place) == before


def test_409_stale_or_not_scheduled_403_other_roles(carmel, cu, travel_to):
    app = _scheduled(carmel, cu, travel_to)
    url = _url(app, "reschedule-hearing")
    body = {"hearing_on": NEW_DAY.isoformat()}
    clerk = api_client(cu["town_clerk"])
    assert _post(clerk, url, {**body, "expected_version": app.version - 1}).status_code == 409
    for role in ("town_board_member", "applicant", "building_inspector"):
        assert _post(api_client(cu[role]), url, body).status_code == 403, role
    app.refresh_from_db()
    assert (app.state, app.hearing_on) == (State.HEARING_SCHEDULED, HEARING)
    accepted = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], accepted, verification_statement="Sworn before a notary.", today=TODAY)
    sv.accept(cu["town_clerk"], accepted, today=TODAY)
    r = _post(clerk, _url(accepted, "reschedule-hearing"), body)
    assert r.status_code == 409 and "cannot reschedule the public hearing" in r.json()["detail"]


def test_openapi_lists_the_step_with_only_the_new_day_required(db):
    from django.test import Client

    schema = Client().get("/api/openapi.json").json()
    post = schema["paths"]["/api/v1/towns/{town}/applications/{id}/reschedule-hearing"]["post"]
    assert post["operationId"] == "reschedule_hearing"
    assert schema["components"]["schemas"]["RescheduleHearingIn"]["required"] == ["hearing_on"]
    shown = schema["components"]["schemas"]["ApplicationOut"]["properties"]
    assert {"hearing_time", "hearing_place", "newspaper"} <= set(shown)
