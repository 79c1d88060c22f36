"""The Clerk's "Record the hearing as held" on a day before the hearing's (interpretation P-25): the page tells
that the hearing is set for a day after today (422), not that no publication of its notice is recorded (¶ B, a
409 conflict), nothing written; on the hearing's day, with no notice recorded, it is that conflict. (The form is
not offered while no notice is recorded, so the refusal of a form sent from a page kept from before is shown at
the top of the page.)

On a fixed Town's day (Monday 1 June 2026), the hearing 10 days later (Thursday 11 June)."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import pytest
from tests.web.conftest import accepted_on, client_for

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 6, 1)
HEARING = TODAY + dt.timedelta(days=10)


def _unnoticed(carmel, cu, travel_to):
    app = accepted_on(carmel, cu, travel_to, TODAY)
    return sv.schedule_hearing(cu["town_clerk"], app, hearing_on=HEARING, place="Town Hall",
                               newspaper="Putnam County Courier", today=TODAY)


def _held(client, app, day=""):
    r = client.post(f"/carmel-ny/applications/{app.pk}/record_hearing_held/", {
        "record_hearing_held-held_on": day, "expected_version": app.version})
    return r, " ".join(htmllib.unescape(r.content.decode()).split())


def _told(page: str) -> list[str]:
    """The refusals at the top of the page, one a line."""
    found = re.search(r'<div class="alert error" role="alert">(.*?)</div>', page, re.S)
    assert found, page[:3000]
    return [" ".join(re.sub(r"<[^>]+>", " ", p).split()) for p in re.findall(r"<p>(.*?)</p>", found.group(1))]


@pytest.mark.parametrize(("day", "says"), [
    ("", "the hearing is set for 2026-06-11, after today (2026-06-01): record it as held once it has been, or "
         "give the day it was held"),
    (HEARING.isoformat(), "2026-06-11 is in the future (today is 2026-06-01); record it once it has happened"),
])
def test_a_day_to_come_is_told_beside_the_field_not_the_missing_notice_p25(carmel, cu, travel_to, day, says):
    app = _unnoticed(carmel, cu, travel_to)
    version = app.version
    r, page = _held(client_for(cu["town_clerk"]), app, day)
    assert r.status_code == 422
    assert _told(page) == [says]
    assert "No publication of the hearing's notice is recorded" not in page
    app.refresh_from_db()
    assert (app.state, app.version) == (State.HEARING_SCHEDULED, version)


def test_on_the_hearings_day_the_missing_notice_is_the_conflict_paragraph_b(carmel, cu, travel_to):
    app = _unnoticed(carmel, cu, travel_to)
    travel_to(HEARING)
    r, page = _held(client_for(cu["town_clerk"]), app)
    assert r.status_code == 409
    assert ("No publication of the hearing's notice is recorded: the public hearing is held pursuant to notice "
            "published in the official newspaper at least 10 days prior to it; record the notice's publication "
            "first (Carmel Code ch. 31, permit requirements ¶ B)") in _told(page)
