"""``POST .../hearing-held`` on the hearing's day before the time it was set for (interpretation P-37, after
P-25): 422 naming ``held_on`` and saying from what time it can be recorded, alone — the new-user trial's hearing
of 07:00 recorded as held at 03:13 in New York. From 07:00 (the Town's time) it is recorded; with no time set
the day alone counts.

On a fixed Town's day (Monday 1 June 2026), its notice published that day, the hearing 10 days later (Thursday
11 June); the clock stood still at each moment (the tests do not depend on when the suite runs)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from tests.api.conftest import api_client, application_url, post_json
from tests.web.conftest import accepted_on

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

NY = ZoneInfo("America/New_York")
TODAY = dt.date(2026, 6, 1)
HEARING = TODAY + dt.timedelta(days=10)


def _scheduled(carmel, cu, travel_to, hearing_time=dt.time(7, 0)):
    app = accepted_on(carmel, cu, travel_to, TODAY)
    return sv.schedule_hearing(cu["town_clerk"], app, hearing_on=HEARING, hearing_time=hearing_time,
                               place="Town Hall", newspaper="Putnam County Courier", notice_published_on=TODAY,
                               today=TODAY)


def _held(cu, app, body=None):
    return post_json(api_client(cu["town_clerk"]), application_url(app, "hearing-held"), body or {})


@pytest.mark.parametrize(("moment", "now"), [((3, 13), "03:13"), ((6, 59), "06:59")])
@pytest.mark.parametrize("body", [{}, {"held_on": HEARING.isoformat()}])
def test_before_the_hearings_time_is_422_saying_from_when_p37(carmel, cu, travel_to, moment, now, body):
    app = _scheduled(carmel, cu, travel_to)
    travel_to(dt.datetime.combine(HEARING, dt.time(*moment), tzinfo=NY))
    r = _held(cu, app, body)
    assert r.status_code == 422, r.json()
    out = r.json()
    assert (out["detail"], out["field"]) == (
        f"held_on: the hearing is set for 2026-06-11 at 07:00 (the Town's time) and it is now {now}: record it as "
        "held once it has begun, from 07:00", "held_on")
    assert [e["field"] for e in out["errors"]] == ["held_on"] and "blockers" not in out
    app.refresh_from_db()
    assert (app.state, app.hearing_held_on) == ("hearing_scheduled", None)


@pytest.mark.parametrize("moment", [dt.time(7, 0), dt.time(7, 1)])
def test_from_the_hearings_time_it_is_recorded_p37(carmel, cu, travel_to, moment):
    app = _scheduled(carmel, cu, travel_to)
    travel_to(dt.datetime.combine(HEARING, moment, tzinfo=NY))
    r = _held(cu, app)
    assert r.status_code == 200, r.json()
    assert r.json()["state"] == "hearing_held"
    app.refresh_from_db()
    assert app.hearing_held_on == HEARING


def test_the_day_before_is_told_as_a_day_to_come_p25(carmel, cu, travel_to):
    app = _scheduled(carmel, cu, travel_to)
    travel_to(dt.datetime.combine(HEARING - dt.timedelta(days=1), dt.time(23, 59), tzinfo=NY))
    r = _held(cu, app)
    assert r.status_code == 422, r.json()
    assert r.json()["detail"] == ("held_on: the hearing is set for 2026-06-11, after today (2026-06-10): record it "
                                  "as held once it has been, or give the day it was held")


def test_no_time_set_the_day_alone_counts_p37(carmel, cu, travel_to):
    app = _scheduled(carmel, cu, travel_to, hearing_time=None)
    travel_to(dt.datetime.combine(HEARING, dt.time(0, 0), tzinfo=NY))
    r = _held(cu, app)
    assert r.status_code == 200, r.json()
    app.refresh_from_db()
    assert (app.state, app.hearing_held_on) == ("hearing_held", HEARING)
