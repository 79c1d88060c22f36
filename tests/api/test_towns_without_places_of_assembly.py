"""A town whose law has no places of assembly (Carmel ch. 31 regulates assemblies by permit; Mount Pleasant ch. 164
certifies places, §§ 164-3, 164-9): the API's venue, space, certificate, inspection and stop-order endpoints under
it answer 404 with one sentence naming the town and what its law is about, GET and POST alike, nothing stored —
as the permit endpoints of Mount Pleasant, whose law issues no permit, answer 404 (`permits.services.NoPermits`).
Mount Pleasant's are as before."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from tests.api.conftest import api_client

from publicassembly.venues.models import Venue

pytestmark = pytest.mark.django_db

SENTENCE = ("Town of Carmel, New York keeps no places of assembly here: its law (Carmel Code ch. 31, Public "
            "Assembly Ordinance) is about permits for public assemblies, not places of assembly and their certificates of "
            "lawful occupancy, which are kept here for Town of Mount Pleasant, New York.")

C = "/api/v1/towns/carmel-ny"
SPACE = {"name": "Hall", "kind": "room", "use_group": "assembly_without_fixed_seats", "area": 1500}

#: Every venue, certificate and inspection endpoint under a town, with a body it reads.
ENDPOINTS = [
    ("get", "/venues", None),
    ("post", "/venues", {"name": "Grange Hall", "address": "1 Main St"}),
    ("get", "/venues/1", None),
    ("get", "/venues/1/timeline", None),
    ("post", "/venues/1/spaces", SPACE),
    ("patch", "/venues/1/spaces/1", {"area": 1600}),
    ("delete", "/venues/1/spaces/1?reason=gone", None),
    ("post", "/venues/1/certificates", {}),
    ("post", "/certificates/MP-2025-0001/revoke", {"reason": "closed"}),
    ("get", "/certificates/MP-2025-0001/certificate.pdf", None),
    ("get", "/certificates/MP-2025-0001/sign.pdf", None),
    ("get", "/inspections", None),
    ("post", "/venues/1/inspections", {"scheduled_for": "2030-01-07"}),
    ("post", "/inspections/1/record", {"exits_blocked": False}),
    ("post", "/venues/1/stop-orders", {"performance": "Saturday dance"}),
    ("post", "/stop-orders/1/lift", {"correction": "exits cleared"}),
]


def _send(client: Client, method: str, url: str, data: object):
    if data is None:
        return getattr(client, method)(url)
    return getattr(client, method)(url, json.dumps(data), content_type="application/json")


@pytest.mark.parametrize(("method", "path", "data"), ENDPOINTS, ids=[f"{m} {p}" for m, p, _ in ENDPOINTS])
def test_ch31_carmel_has_no_places_of_assembly_each_endpoint_is_404_in_one_sentence(cu, method, path, data):
    before = Venue.objects.count()
    r = _send(api_client(cu["town_clerk"]), method, C + path, data)
    assert r.status_code == 404, (method, path, r.content[:300])
    assert r.json()["detail"] == SENTENCE and r.json()["field"] is None
    assert Venue.objects.count() == before


def test_ch31_registering_a_place_in_carmel_is_404_not_422_naming_town(cu):
    r = api_client(cu["town_clerk"]).post(f"{C}/venues", json.dumps({"name": "Grange Hall", "address": "1 Main St"}),
                                          content_type="application/json")
    assert r.status_code == 404 and "town" not in [e["field"] for e in r.json()["errors"]]


def test_ch164_mount_pleasant_keeps_its_places_of_assembly(mu, hall):
    c = api_client(mu["building_inspector"])
    assert c.get("/api/v1/towns/mount-pleasant-ny/venues").status_code == 200
    r = c.post("/api/v1/towns/mount-pleasant-ny/venues", json.dumps({"name": "Grange Hall", "address": "1 Main St"}),
               content_type="application/json")
    assert r.status_code == 201, r.content
    assert c.get(f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}").status_code == 200
    assert c.get("/api/v1/towns/mount-pleasant-ny/inspections").status_code == 200
