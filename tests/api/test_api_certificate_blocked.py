"""``POST /venues/{id}/certificates`` for a place the law core says is not a place of assembly (§ 164-4), or whose
lawful occupancy is 0, answers 409 with ``blockers: [{rule, citation, reason, missing}]`` as a permit's ``issue``
does, and writes nothing (interpretation M-17). The new-user trial's requests, as it sent them."""

from __future__ import annotations

import pytest
from tests.api.conftest import api_client, post_json

from publicassembly.venues.models import Certificate, Venue

pytestmark = pytest.mark.django_db

V = "/api/v1/towns/mount-pleasant-ny/venues"


def _venue(c, area, commercial=False) -> int:
    r = post_json(c, V, {"name": "Empty Hall", "address": "2 Main St", "commercial": commercial})
    assert r.status_code == 201, r.content
    pk = r.json()["id"]
    r = post_json(c, f"{V}/{pk}/spaces", {"name": "Office", "kind": "room", "use_group": "business", "area": area})
    assert r.status_code == 201, r.content
    return pk


def _stored(pk):
    return Venue.objects.get(pk=pk).version, Certificate.objects.count(), Certificate.history.count()


def test_the_trial_office_is_refused_409_with_its_blocker_164_4(mu):
    c = api_client(mu["building_inspector"])
    pk = _venue(c, 500)
    shown = c.get(f"{V}/{pk}").json()
    assert shown["determination"]["certificate_required"] is False
    before = _stored(pk)
    r = post_json(c, f"{V}/{pk}/certificates", {})
    assert r.status_code == 409, r.content
    body = r.json()
    assert set(body) >= {"detail", "field", "errors", "blockers"}
    assert body["detail"].startswith("cannot issue the certificate: (1) Empty Hall is not a place of assembly")
    (b,) = body["blockers"]
    assert set(b) == {"rule", "citation", "reason", "missing"}
    assert b["rule"] == "mount-pleasant/164-4/place-of-assembly"
    assert b["citation"] == "Mount Pleasant Code § 164-4"
    assert b["missing"] == []
    assert "the most is 5 (Office)" in b["reason"] and "75 or more persons" in b["reason"]
    assert body["errors"][0]["msg"] == f"{b['reason']} ({b['citation']})"
    assert _stored(pk) == before
    assert not Certificate.objects.filter(venue_id=pk).exists()


def test_lawful_occupancy_0_is_refused_409_with_both_blockers_164_9(mu):
    c = api_client(mu["building_inspector"])
    pk = _venue(c, 0.0001)
    before = _stored(pk)
    r = post_json(c, f"{V}/{pk}/certificates", {})
    assert r.status_code == 409, r.content
    assert [(b["rule"], b["citation"]) for b in r.json()["blockers"]] == [
        ("mount-pleasant/164-4/place-of-assembly", "Mount Pleasant Code § 164-4"),
        ("mount-pleasant/164-9/certificate-lawful-occupancy", "Mount Pleasant Code § 164-9")]
    assert _stored(pk) == before


def test_a_place_of_assembly_and_a_needs_review_place_are_issued_201(mu):
    c = api_client(mu["building_inspector"])
    pk = _venue(c, 2500, commercial=True)  # 25 persons, commercial: a place of assembly
    r = post_json(c, f"{V}/{pk}/certificates", {})
    assert r.status_code == 201 and r.json()["lawful_occupancy"] == 25
    pk = _venue(c, 2500, commercial=None)  # 25 persons, commercial not stated: needs review (M-4)
    assert c.get(f"{V}/{pk}").json()["determination"]["certificate_required"] == "needs_review"
    r = post_json(c, f"{V}/{pk}/certificates", {})
    assert r.status_code == 201 and r.json()["lawful_occupancy"] == 25
