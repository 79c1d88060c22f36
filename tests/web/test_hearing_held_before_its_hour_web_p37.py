"""The Clerk's "Record the hearing as held" on the hearing's day before the time it was set for (interpretation
P-37, after P-25): at 06:59 in New York the page does not offer it for the hearing of 07:00, and a form sent from
a page kept from before is refused (422, at the top of the page, saying from what time it can be recorded),
nothing written; at 07:00 it is offered and recorded. Until it is offered, the Clerk's page says from when it
will be (the hearing's day and hour, or the notice's publication to record first).

On a fixed Town's day (Monday 1 June 2026), its notice published that day, the hearing 10 days later (Thursday
11 June); the clock stood still at each moment (the tests do not depend on when the suite runs)."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re
from zoneinfo import ZoneInfo

import pytest
from tests.web.conftest import accepted_on, client_for

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

pytestmark = pytest.mark.django_db

NY = ZoneInfo("America/New_York")
TODAY = dt.date(2026, 6, 1)
HEARING = TODAY + dt.timedelta(days=10)


def _scheduled(carmel, cu, travel_to, hearing_time=dt.time(7, 0)):
    app = accepted_on(carmel, cu, travel_to, TODAY)
    return sv.schedule_hearing(cu["town_clerk"], app, hearing_on=HEARING, hearing_time=hearing_time,
                               place="Town Hall", newspaper="Putnam County Courier", notice_published_on=TODAY,
                               today=TODAY)


def _offered(client, app) -> bool:
    r = client.get(f"/carmel-ny/applications/{app.pk}/")
    assert r.status_code == 200
    return f"/carmel-ny/applications/{app.pk}/record_hearing_held/" in r.content.decode()


def _held(client, app):
    r = client.post(f"/carmel-ny/applications/{app.pk}/record_hearing_held/", {
        "record_hearing_held-held_on": "", "expected_version": app.version})
    return r, " ".join(htmllib.unescape(r.content.decode()).split())


def _told(page: str) -> list[str]:
    """The refusals at the top of the page, one a line."""
    found = re.search(r'<div class="alert error" role="alert">(.*?)</div>', page, re.S)
    assert found, page[:3000]
    return [" ".join(re.sub(r"<[^>]+>", " ", p).split()) for p in re.findall(r"<p>(.*?)</p>", found.group(1))]


def test_not_offered_before_its_time_and_refused_saying_from_when_p37(carmel, cu, travel_to):
    app = _scheduled(carmel, cu, travel_to)
    travel_to(dt.datetime.combine(HEARING, dt.time(6, 59), tzinfo=NY))
    clerk = client_for(cu["town_clerk"])
    assert not _offered(clerk, app)
    version = app.version
    r, page = _held(clerk, app)
    assert r.status_code == 422
    assert _told(page) == ["the hearing is set for 2026-06-11 at 07:00 (the Town's time) and it is now 06:59: "
                           "record it as held once it has begun, from 07:00"]
    app.refresh_from_db()
    assert (app.state, app.version) == (State.HEARING_SCHEDULED, version)


@pytest.mark.parametrize(("hearing_time", "moment"), [(dt.time(7, 0), dt.time(7, 0)), (None, dt.time(0, 0))])
def test_offered_and_recorded_once_begun_p37(carmel, cu, travel_to, hearing_time, moment):
    """At 07:00 for the hearing of 07:00; at midnight of its day for one whose time is to be announced."""
    app = _scheduled(carmel, cu, travel_to, hearing_time)
    travel_to(dt.datetime.combine(HEARING, moment, tzinfo=NY))
    clerk = client_for(cu["town_clerk"])
    assert _offered(clerk, app)
    r, _page = _held(clerk, app)
    assert r.status_code == 302
    app.refresh_from_db()
    assert (app.state, app.hearing_held_on) == (State.HEARING_HELD, HEARING)


def _when(client, app) -> str | None:
    """What the application page says of when the hearing can be recorded as held, or None."""
    r = client.get(f"/carmel-ny/applications/{app.pk}/")
    found = re.search(r'<p class="alert" id="hearing-held-when">(.*?)</p>', r.content.decode(), re.S)
    return htmllib.unescape(found.group(1)) if found else None


@pytest.mark.parametrize(("hearing_time", "moment", "said"), [
    (dt.time(7, 0), dt.datetime(2026, 6, 11, 6, 59), "The hearing can be recorded as held from 2026-06-11 at 07:00 "
                                                     "(the Town's time), when it is set to begin."),
    (dt.time(7, 0), dt.datetime(2026, 6, 10, 23, 59), "The hearing can be recorded as held from 2026-06-11 at "
                                                      "07:00 (the Town's time), when it is set to begin."),
    (None, dt.datetime(2026, 6, 10, 23, 59), "The hearing can be recorded as held from 2026-06-11, the day it is "
                                             "set for."),
    (dt.time(7, 0), dt.datetime(2026, 6, 11, 7, 0), None),  # (offered: nothing to say)
    (None, dt.datetime(2026, 6, 11, 0, 0), None),
])
def test_page_says_from_when_the_hearing_can_be_recorded_held_p37(carmel, cu, travel_to, hearing_time, moment,
                                                                  said):
    """¶ B, P-25, P-37: while "Record the hearing as held" is not offered because the hearing has not begun, the
    Clerk's page says from what day and hour it will be; once it is offered, nothing. Other roles are not told."""
    app = _scheduled(carmel, cu, travel_to, hearing_time)
    travel_to(moment.replace(tzinfo=NY))
    clerk = client_for(cu["town_clerk"])
    assert _when(clerk, app) == said
    assert _offered(clerk, app) is (said is None)
    assert _when(client_for(cu["town_board_member"]), app) is None


def test_page_says_the_notice_must_be_recorded_first_p37(carmel, cu, travel_to):
    """¶ B, G-10: with no publication of its notice recorded, the hearing's day past, the page says the notice's
    publication is recorded first."""
    app = accepted_on(carmel, cu, travel_to, TODAY)
    app = sv.schedule_hearing(cu["town_clerk"], app, hearing_on=HEARING, hearing_time=dt.time(7, 0),
                              place="Town Hall", newspaper="Putnam County Courier", today=TODAY)
    travel_to(dt.datetime.combine(HEARING, dt.time(8, 0), tzinfo=NY))
    clerk = client_for(cu["town_clerk"])
    assert _when(clerk, app) == ("The hearing can be recorded as held once the publication of its notice is "
                                 "recorded (¶ B).")
    assert not _offered(clerk, app)
