"""A stop order (§ 164-5) whose counts contradict each other is refused (second new-user trial): 10 persons
present with 300 counted in the dance hall was recorded as overcrowding. The persons counted in the rooms are
among those present, so more in the rooms than present is 422 naming ``persons_by_space`` and, in ``errors``,
``persons_present``; as many in the rooms as present is accepted. The same on the Enforcement page (each field
told beside it), and at an inspection."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import StopOrder
from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db


def test_more_persons_in_the_rooms_than_present_is_422_naming_both(mu, hall):
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/stop-orders"
    c = api_client(mu["enforcement_officer"])
    body = {"performance": "Friday dance", "persons_present": 10, "persons_by_space": {"Ballroom": 311}}
    r = c.post(url, body, content_type="application/json")
    assert r.status_code == 422, r.content
    assert r.json()["field"] == "persons_by_space"
    assert {e["field"] for e in r.json()["errors"]} == {"persons_by_space", "persons_present"}
    assert not StopOrder.objects.exists()
    # the boundary: as many in the room as present is one count given twice, overcrowding in the room
    r = c.post(url, {**body, "persons_present": 311}, content_type="application/json")
    assert r.status_code == 201 and r.json()["overcrowding"] is True, r.content


def test_the_service_refuses_one_more_in_the_rooms_than_present(mu, hall):
    police = mu["enforcement_officer"]
    with pytest.raises(ValidationFailed) as e:
        es.record_stop_order(police, hall, performance="Dance", persons_present=310,
                             persons_by_space={"Ballroom": 311})
    assert e.value.field == "persons_by_space" and "311" in e.value.detail and "310" in e.value.detail
    assert es.record_stop_order(police, hall, performance="Dance", persons_present=312,
                                persons_by_space={"Ballroom": 311}).overcrowding


def test_the_enforcement_page_tells_each_count_beside_its_field(mu, hall):
    hall.refresh_from_db()
    r = client_for(mu["enforcement_officer"]).post("/mount-pleasant-ny/enforcement/stop_order/0/", {
        "so-venue": f"{hall.pk}:{hall.version}", "so-performance": "Friday dance", "so-persons_present": "10",
        "so-persons_by_space": "Ballroom, 311"})
    html = r.content.decode()
    assert r.status_code == 422
    assert "are more than the 10 persons present" in html and "10 persons present is fewer than the 311" in html
    assert not StopOrder.objects.exists()


def test_an_inspection_with_contradictory_counts_is_refused(mu, hall):
    insp = Inspection.objects.get(venue=hall, state=Inspection.SCHEDULED)
    with pytest.raises(ValidationFailed) as e:
        vs.record_inspection(mu["building_inspector"], insp, done_on=dt.date.today(), persons_present=5,
                             persons_by_space={"Ballroom": 6})
    assert e.value.field == "persons_by_space"
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED
