"""``POST /venues/{id}/certificates`` for a place the law core says is not a place of assembly (§ 164-4), or whose
lawful occupancy is 0, answers 409 with ``blockers: [{rule, citation, reason, missing}]`` as a permit's ``issue``
does, and writes nothing (interpretation M-17). The new-user trial's requests, as it sent them."""

from __future__ import annotations

import itertools

import pytest
from tests.api.conftest import api_client, post_json

from publicassembly.venues.models import Certificate, Venue

pytestmark = pytest.mark.django_db

V = "/api/v1/towns/mount-pleasant-ny/venues"


_NUMBERS = itertools.count(2)


def _venue(c, area, commercial=False) -> int:
    # (each place at its own address: the same name and address is one place, registered once, W-10)
    r = post_json(c, V, {"name": "Empty Hall", "address": f"{next(_NUMBERS)} Main St", "commercial": commercial})
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
    # (the reason, shown alone, keeps its period; before the citation it is left out: no ". (")
    assert b["reason"].endswith("25 persons.")
    assert body["errors"][0]["msg"] == f"{b['reason'].removesuffix('.')} ({b['citation']})"
    assert body["detail"] == f"cannot issue the certificate: (1) {body['errors'][0]['msg']}"
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


# --- GET /venues/{id} lists the same blockers beforehand ------------------------------------------------------


def _shown_and_refused(c, pk):
    """The venue's ``certificate_blockers`` (GET) and the ``blockers`` of the 409 of issuing its certificate."""
    shown = c.get(f"{V}/{pk}")
    assert shown.status_code == 200, shown.content
    refused = post_json(c, f"{V}/{pk}/certificates", {})
    assert refused.status_code == 409, refused.content
    return shown.json()["certificate_blockers"], refused.json()["blockers"]


@pytest.mark.parametrize(("area", "rules"), [
    (500, ["mount-pleasant/164-4/place-of-assembly"]),
    (0.0001, ["mount-pleasant/164-4/place-of-assembly", "mount-pleasant/164-9/certificate-lawful-occupancy"]),
])
def test_get_venue_lists_the_blockers_the_409_would_give(mu, area, rules):
    """A client can know before issuing that it would be refused, and why: the same list, in the same shape."""
    c = api_client(mu["building_inspector"])
    pk = _venue(c, area)
    shown, refused = _shown_and_refused(c, pk)
    assert shown == refused
    assert [b["rule"] for b in shown] == rules
    assert all(set(b) == {"rule", "citation", "reason", "missing"} for b in shown)


@pytest.mark.parametrize("commercial", [True, None])  # a place of assembly; one that needs review (M-4)
def test_get_venue_lists_no_blocker_of_a_place_that_is_issued_one(mu, commercial):
    c = api_client(mu["building_inspector"])
    pk = _venue(c, 2500, commercial=commercial)  # 25 persons
    shown = c.get(f"{V}/{pk}").json()
    assert shown["certificate_blockers"] == [] and shown["occupancy_error"] is None
    assert post_json(c, f"{V}/{pk}/certificates", {}).status_code == 201


def test_get_venue_without_spaces_gives_null_blockers_not_an_empty_list(mu):
    """No determination, so no blocker can be judged: null (an empty list would read "nothing stops it")."""
    c = api_client(mu["building_inspector"])
    r = post_json(c, V, {"name": "Empty Hall", "address": "2 Main St", "commercial": True})
    shown = c.get(f"{V}/{r.json()['id']}").json()
    assert shown["determination"] is None and shown["certificate_blockers"] is None
    assert shown["occupancy_error"]
    assert post_json(c, f"{V}/{r.json()['id']}/certificates", {}).status_code == 422


def test_get_venue_of_a_place_exempt_for_religious_worship_lists_its_exemption(mu, mount_pleasant):
    """W-5: an exempt place lists its exemption as its one blocker, and issuing is 409 with the same — even one
    whose lawful occupancy is 0 (until the second new-user trial the list was empty and issuing 422)."""
    from publicassembly.venues import services as vs

    bi = mu["building_inspector"]
    chapel = vs.create_venue(bi, mount_pleasant, name="Chapel", address="5 Church St", commercial=False,
                             used_solely_for_religious_worship=True)
    vs.add_space(bi, chapel, name="Nave", kind="room", use_group="assembly_fixed_seats", area="0.0001")
    vs.approve_religious_worship_exemption(bi, chapel)
    c = api_client(bi)
    listed = c.get(f"{V}/{chapel.pk}").json()["certificate_blockers"]
    assert [b["rule"] for b in listed] == ["mount-pleasant/164-3/religious-worship-exception"]
    r = post_json(c, f"{V}/{chapel.pk}/certificates", {})
    assert r.status_code == 409 and r.json()["blockers"] == listed


def test_get_venue_blockers_cost_no_query(mu):
    """The blockers are judged by the determination the answer already holds: a venue with two blockers and one
    with none, and one with five rooms, cost the same queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    c = api_client(mu["building_inspector"])
    blocked, issued, five = _venue(c, 0.0001), _venue(c, 5000, commercial=True), _venue(c, 5000, commercial=True)
    for i in range(4):
        post_json(c, f"{V}/{five}/spaces", {"name": f"Room {i}", "kind": "room", "use_group": "business",
                                            "area": 1000})
    counts = []
    for pk in (blocked, issued, five):
        c.get(f"{V}/{pk}")  # (the token's user and caches warm)
        with CaptureQueriesContext(connection) as ctx:
            r = c.get(f"{V}/{pk}")
        assert r.status_code == 200
        counts.append(len(ctx.captured_queries))
    assert len(c.get(f"{V}/{blocked}").json()["certificate_blockers"]) == 2
    assert counts[0] == counts[1] == counts[2], counts


def test_openapi_documents_the_venues_certificate_blockers(db):
    from django.test import Client

    schema = Client().get("/api/openapi.json").json()
    ok = schema["paths"]["/api/v1/towns/{town}/venues/{id}"]["get"]["responses"]["200"]
    assert ok["content"]["application/json"]["schema"]["$ref"].endswith("/VenueOut")
    venue = schema["components"]["schemas"]["VenueOut"]
    assert {"certificate_blockers", "determination", "occupancy_error", "spaces"} <= set(venue["properties"])
    assert "M-17" in venue["properties"]["certificate_blockers"]["description"]
    blocker = schema["components"]["schemas"]["BlockerOut"]
    assert set(blocker["required"]) == {"rule", "citation", "reason", "missing"}
