"""The API's complaint and stop order sent twice record once (W-9; Mount Pleasant §§ 164-5, 164-12): a stop order
takes the venue's expected_version and moves it (409 when sent again on it); the same complaint again is 422
naming description and the complaint filed."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import api_client

from publicassembly.enforcement.models import Complaint, StopOrder

pytestmark = pytest.mark.django_db

T = "/api/v1/towns/mount-pleasant-ny"
TODAY = dt.date.today()


def test_164_12_the_same_complaint_sent_twice_is_filed_once_422_naming_description(mu, hall):
    c = api_client(mu["enforcement_officer"])
    body = {"description": "Crowd blocking the side exit", "observed_on": TODAY.isoformat(), "venue": hall.pk}
    first = c.post(f"{T}/complaints", body, content_type="application/json")
    assert first.status_code == 201, first.content
    again = c.post(f"{T}/complaints", body, content_type="application/json")
    assert again.status_code == 422, again.content
    assert again.json()["field"] == "description"
    assert f"already filed as complaint {first.json()['id']}" in again.json()["detail"]
    other = c.post(f"{T}/complaints", {**body, "description": "Crowd blocking the front exit"},
                   content_type="application/json")
    assert other.status_code == 201, other.content  # another complaint of the same day
    assert Complaint.objects.count() == 2


def test_164_5_a_stop_order_sent_twice_on_the_venue_version_is_recorded_once(mu, hall):
    hall.refresh_from_db()
    seen = hall.version
    c = api_client(mu["enforcement_officer"])
    url = f"{T}/venues/{hall.pk}/stop-orders"
    body = {"performance": "Saturday dance", "persons_present": 400, "expected_version": seen}
    first = c.post(url, body, content_type="application/json")
    assert first.status_code == 201, first.content
    assert first.json()["venue_version"] == seen + 1
    again = c.post(url, body, content_type="application/json")
    assert again.status_code == 409, again.content
    assert StopOrder.objects.count() == 1
    # on the venue's version now, another performance's order records (the same performance's, the first still in
    # force, is refused naming performance: W-40)
    fresh = c.post(url, {**body, "performance": "Sunday brunch", "expected_version": seen + 1},
                   content_type="application/json")
    assert fresh.status_code == 201, fresh.content
    body.pop("expected_version")
    assert c.post(url, {**body, "performance": "Sunday matinee"},
                  content_type="application/json").status_code == 201  # optional: not checked
    assert StopOrder.objects.count() == 3
