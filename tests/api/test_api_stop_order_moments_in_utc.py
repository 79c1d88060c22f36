"""A stop order's moments in the API (Mount Pleasant § 164-5 ``ordered_at``, § 164-13 ``lifted_at``) have one shape:
ISO 8601 in UTC, in the answer to the POST that records them as in ``GET /stop-orders`` and in the lifting's
answer, whatever offset the client gave (docs/api.md, Values). The POST once answered the offset it was given
(``-04:00``) and the list UTC."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone
from tests.api.conftest import api_client

pytestmark = pytest.mark.django_db

T = "/api/v1/towns/mount-pleasant-ny"
NY = ZoneInfo("America/New_York")


def test_164_5_ordered_and_lifted_at_are_answered_in_utc_by_post_and_get_alike(mu, hall):
    c = api_client(mu["enforcement_officer"])
    ordered = (timezone.now() - dt.timedelta(hours=3)).astimezone(NY).replace(microsecond=0)  # (the Town's offset)
    lifted = ordered + dt.timedelta(hours=1, minutes=15)
    posted = c.post(f"{T}/venues/{hall.pk}/stop-orders", {"performance": "Saturday dance", "persons_present": 400,
                                                            "ordered_at": ordered.isoformat()},
                    content_type="application/json")
    assert posted.status_code == 201, posted.content
    assert ordered.isoformat().endswith(("-04:00", "-05:00"))  # (given with the Town's offset)
    in_utc = ordered.astimezone(dt.UTC).isoformat()
    assert in_utc.endswith("+00:00") and posted.json()["ordered_at"] == in_utc
    assert posted.json()["lifted_at"] is None
    lift = c.post(f"{T}/stop-orders/{posted.json()['id']}/lift",
                  {"correction": "Crowd reduced", "lifted_at": lifted.isoformat()}, content_type="application/json")
    assert lift.status_code == 200, lift.content
    assert lift.json()["lifted_at"] == lifted.astimezone(dt.UTC).isoformat()
    listed = c.get(f"{T}/stop-orders").json()[0]
    assert (listed["ordered_at"], listed["lifted_at"]) == (posted.json()["ordered_at"], lift.json()["lifted_at"])
    assert {k: v for k, v in listed.items() if k not in ("state", "version", "lifted_at", "correction")} == {
        k: v for k, v in posted.json().items() if k not in ("state", "version", "lifted_at", "correction",
                                                             "venue_version")}


def test_164_5_a_moment_given_in_utc_or_another_offset_is_answered_the_same(mu, hall):
    c = api_client(mu["enforcement_officer"])
    moment = (timezone.now() - dt.timedelta(hours=2)).replace(microsecond=0)
    answers = []
    for i, tz in enumerate((dt.UTC, dt.timezone(dt.timedelta(hours=5, minutes=30)))):
        r = c.post(f"{T}/venues/{hall.pk}/stop-orders", {"performance": f"Show {i}", "persons_present": 400,
                                                          "ordered_at": moment.astimezone(tz).isoformat()},
                   content_type="application/json")
        assert r.status_code == 201, r.content
        answers.append(r.json()["ordered_at"])
    assert answers == [moment.astimezone(dt.UTC).isoformat()] * 2
