"""The API's enforcement actions that the pages have beyond summonses: complaints and offenders listed,
a complaint dismissed or closed, and stop orders of a performance (Mount Pleasant §§ 164-5, 164-12, 164-13):
the right role succeeds, another role 403, another town 403 or 404, bad input 422 naming the field, a stale
version or wrong state 409."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client

from publicassembly.enforcement import services as es

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
E = "/api/v1/towns/mount-pleasant-ny"


def post(c: Client, url: str, data: dict | None = None):
    return c.post(url, json.dumps(data or {}, default=str), content_type="application/json")


@pytest.fixture
def complaint(mount_pleasant, mu, hall):
    """A complaint of the Building Inspector without any violation recorded."""
    return es.file_complaint(mu["building_inspector"], mount_pleasant, description="Crowd at the door",
                             observed_on=TODAY, venue=hall)


@pytest.fixture
def violation(mount_pleasant, mu, hall):
    bi = mu["building_inspector"]
    offender = es.register_offender(bi, mount_pleasant, kind="firm", name="Kensico Manor LLC")
    c = es.file_complaint(bi, mount_pleasant, description="Rear exit chained shut", observed_on=TODAY,
                          offender=offender, venue=hall, in_presence=True)
    return es.record_violation(bi, c, rule_id="mount-pleasant/164-10/exits-not-blocked")


def test_complaints_and_offenders_listed_to_the_towns_enforcers_and_clerk(api, mu, cu, violation, complaint):
    """As the enforcement page: the Building Inspector, enforcement officers and Clerk read them; an applicant
    403; Carmel's inspector 403 under Mount Pleasant and sees none of its complaints under Carmel."""
    for role in ("building_inspector", "enforcement_officer", "town_clerk"):
        r = api(mu[role]).get(f"{E}/complaints")
        assert r.status_code == 200, role
        assert {c["id"] for c in r.json()} == {violation.complaint_id, complaint.pk}
    listed = {c["id"]: c for c in api(mu["town_clerk"]).get(f"{E}/complaints").json()}
    assert [v["id"] for v in listed[violation.complaint_id]["violations"]] == [violation.pk]
    assert listed[complaint.pk]["violations"] == [] and listed[complaint.pk]["state"] == "filed"
    offenders = api(mu["enforcement_officer"]).get(f"{E}/offenders")
    assert offenders.status_code == 200 and [o["name"] for o in offenders.json()] == ["Kensico Manor LLC"]
    assert api(mu["applicant"]).get(f"{E}/complaints").status_code == 403
    assert api(mu["applicant"]).get(f"{E}/offenders").status_code == 403
    assert api(cu["building_inspector"]).get(f"{E}/complaints").status_code == 403
    assert api(cu["building_inspector"]).get("/api/v1/towns/carmel-ny/complaints").json() == []


def test_dismiss_a_complaint_without_violations(api, mu, cu, complaint, violation):
    """The Building Inspector dismisses a complaint on which nothing was recorded, with a reason; a police
    officer 403; Carmel's inspector 404 under Carmel; a complaint with a violation recorded 409."""
    url = f"{E}/complaints/{complaint.pk}/dismiss"
    bi = api(mu["building_inspector"])
    assert post(api(mu["enforcement_officer"]), url, {"reason": "no crowd"}).status_code == 403
    assert post(api(cu["building_inspector"]), f"/api/v1/towns/carmel-ny/complaints/{complaint.pk}/dismiss",
                {"reason": "x"}).status_code == 404
    r = post(bi, url, {"reason": ""})
    assert r.status_code == 422 and r.json()["field"] == "reason"
    assert post(bi, url, {"reason": "no crowd", "expected_version": complaint.version + 1}).status_code == 409
    r = post(bi, url, {"reason": "no crowd found on a second visit", "expected_version": complaint.version})
    assert r.status_code == 200 and r.json()["state"] == "dismissed"
    assert post(bi, url, {"reason": "again"}).status_code == 409
    assert post(bi, f"{E}/complaints/{violation.complaint_id}/dismiss", {"reason": "x"}).status_code == 409


def test_close_a_complaint_once_its_violations_are_closed(api, mu, violation, complaint):
    """A complaint closes only when its violations are all closed or dismissed (422 naming ``complaint``
    before); a filed complaint with nothing recorded is not closed but dismissed (409); a police officer 403."""
    url = f"{E}/complaints/{violation.complaint_id}/close"
    bi = api(mu["building_inspector"])
    r = post(bi, url, {"reason": "done"})
    assert r.status_code == 422 and r.json()["field"] == "complaint"
    es.close_case(mu["building_inspector"], violation, reason="withdrawn before a summons")
    assert post(api(mu["enforcement_officer"]), url, {"reason": "done"}).status_code == 403
    r = post(bi, url, {"reason": "its violation is closed"})
    assert r.status_code == 200 and r.json()["state"] == "closed"
    assert post(bi, f"{E}/complaints/{complaint.pk}/close", {"reason": "x"}).status_code == 409


def test_stop_order_for_overcrowding_and_lifted_when_corrected(api, mu, cu, hall, complaint):
    """§ 164-5: the ballroom's lawful occupancy is 310 — 311 persons present is overcrowding and the
    performance is stopped; 310 is no ground (422 naming ``grounds``). § 164-13: lifted when corrected."""
    url = f"{E}/venues/{hall.pk}/stop-orders"
    police = api(mu["enforcement_officer"])
    body = {"performance": "Saturday dance", "ordered_at": "2026-05-02T22:15:00-04:00", "persons_present": 310}
    r = post(police, url, body)
    assert r.status_code == 422 and r.json()["field"] == "grounds"
    assert post(api(mu["applicant"]), url, {**body, "persons_present": 311}).status_code == 403
    assert post(api(cu["building_inspector"]), f"/api/v1/towns/carmel-ny/venues/{hall.pk}/stop-orders",
                {**body, "persons_present": 311}).status_code == 404
    r = post(police, url, {**body, "persons_present": 311, "ordered_at": "2026-05-02T22:15:00"})
    assert r.status_code == 422 and r.json()["field"] == "ordered_at"
    r = post(police, url, {**body, "persons_present": 311, "ordered_at": "2150-01-01T12:00:00-05:00"})
    assert r.status_code == 422 and r.json()["field"] == "ordered_at" and "future" in r.json()["detail"]
    r = post(police, url, {**body, "persons_present": 311, "ordered_at": "1950-01-01T12:00:00-05:00"})
    assert r.status_code == 422 and r.json()["field"] == "ordered_at", r.json()
    assert "1950-01-01 is before it" in r.json()["detail"]  # (M-1: applied from 1976-02-24)
    r = post(police, url, {**body, "persons_present": -1})
    assert r.status_code == 422 and r.json()["field"] == "persons_present"
    r = post(police, url, {**body, "persons_present": 311, "complaint": 999999})
    assert r.status_code == 422 and r.json()["field"] == "complaint"
    r = post(police, url, {**body, "persons_present": 311, "complaint": complaint.pk})
    assert r.status_code == 201, r.json()
    order = r.json()
    assert order["overcrowding"] is True and order["approved_number"] == 310 and order["state"] == "in_force"
    assert order["citation"].startswith("Mount Pleasant Code § 164-5")
    assert api(mu["town_clerk"]).get(f"{E}/stop-orders").json()[0]["id"] == order["id"]
    assert api(mu["applicant"]).get(f"{E}/stop-orders").status_code == 403

    lift = f"{E}/stop-orders/{order['id']}/lift"
    r = post(police, lift, {"correction": ""})
    assert r.status_code == 422 and r.json()["field"] == "correction"
    assert post(api(mu["town_clerk"]), lift, {"correction": "crowd reduced"}).status_code == 403
    assert post(police, lift, {"correction": "crowd reduced", "expected_version": order["version"] + 1}
                ).status_code == 409
    r = post(api(mu["building_inspector"]), lift, {"correction": "crowd reduced to 300",
                                                   "expected_version": order["version"]})
    assert r.status_code == 200 and r.json()["state"] == "lifted" and r.json()["correction"] == "crowd reduced to 300"
    assert post(police, lift, {"correction": "again"}).status_code == 409


def test_stop_order_for_obstructed_egress_whatever_the_crowd(api, mu, hall):
    """§ 164-5: obstructed egress is a ground by itself, with few persons present."""
    r = post(api(mu["building_inspector"]), f"{E}/venues/{hall.pk}/stop-orders",
             {"performance": "Concert", "persons_present": 20, "egress_obstructed": True})
    assert r.status_code == 201 and r.json()["egress_obstructed"] is True and r.json()["overcrowding"] is False


def test_stop_order_by_the_count_in_a_room_164_5_164_7(api, mu, hall):
    """§§ 164-5, 164-7: an officer may give the count room by room (`persons_by_space`): 311 in the ballroom,
    whose occupant load is 310, is overcrowding and the order records the count; a room the place does not have
    is 422 naming ``persons_by_space``, as is a count that is not a whole number."""
    url = f"{E}/venues/{hall.pk}/stop-orders"
    police = api(mu["enforcement_officer"])
    body = {"performance": "Saturday dance", "ordered_at": "2026-05-02T22:15:00-04:00"}
    assert post(police, url, {**body, "persons_by_space": {"Ballroom": 310}}).json()["field"] == "grounds"
    r = post(police, url, {**body, "persons_by_space": {"Kitchen": 1}})
    assert r.status_code == 422 and r.json()["field"] == "persons_by_space" and "Ballroom" in r.json()["detail"]
    r = post(police, url, {**body, "persons_by_space": {"Ballroom": -3}})
    assert r.status_code == 422 and r.json()["field"].startswith("persons_by_space")
    r = post(police, url, {**body, "persons_by_space": {"Ballroom": 311}})
    assert r.status_code == 201, r.json()
    assert r.json()["overcrowding"] is True and r.json()["persons_by_space"] == {"Ballroom": 311}
