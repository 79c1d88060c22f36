"""``POST .../hearing-held`` before the hearing's day (interpretation P-25): 422 naming ``held_on`` and saying the
day has not come, alone — not the 409 of ¶ B for a notice whose publication is not recorded, which is the answer
once the day has come.

On a fixed Town's day (Monday 1 June 2026), the hearing 10 days later (Thursday 11 June)."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import api_client, application_url, post_json
from tests.web.conftest import accepted_on

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 6, 1)
HEARING = TODAY + dt.timedelta(days=10)
CITE_B = "Carmel Code ch. 31, permit requirements ¶ B"


def _unnoticed(carmel, cu, travel_to):
    app = accepted_on(carmel, cu, travel_to, TODAY)
    return sv.schedule_hearing(cu["town_clerk"], app, hearing_on=HEARING, place="Town Hall",
                               newspaper="Putnam County Courier", today=TODAY)


@pytest.mark.parametrize(("body", "detail"), [
    ({}, "held_on: the hearing is set for 2026-06-11, after today (2026-06-01): record it as held once it has "
         "been, or give the day it was held"),
    ({"held_on": HEARING.isoformat()}, "held_on: 2026-06-11 is in the future (today is 2026-06-01); record it once "
                                       "it has happened"),
    ({"held_on": "2099-12-31"}, "held_on: 2099-12-31 is in the future (today is 2026-06-01); record it once it has "
                                "happened"),
])
def test_hearing_held_before_its_day_is_422_alone_p25(carmel, cu, travel_to, body, detail):
    app = _unnoticed(carmel, cu, travel_to)
    r = post_json(api_client(cu["town_clerk"]), application_url(app, "hearing-held"), body)
    assert r.status_code == 422, r.json()
    out = r.json()
    assert (out["detail"], out["field"]) == (detail, "held_on")
    assert [e["field"] for e in out["errors"]] == ["held_on"] and "blockers" not in out
    app.refresh_from_db()
    assert (app.state, app.hearing_held_on) == ("hearing_scheduled", None)


def test_on_the_hearings_day_no_notice_is_409_paragraph_b(carmel, cu, travel_to):
    app = _unnoticed(carmel, cu, travel_to)
    travel_to(HEARING)
    r = post_json(api_client(cu["town_clerk"]), application_url(app, "hearing-held"), {})
    assert r.status_code == 409, r.json()
    assert [(b["rule"], b["citation"]) for b in r.json()["blockers"]] == [("carmel/permit/b-hearing-notice",
                                                                            CITE_B)]
