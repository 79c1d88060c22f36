"""A final new-user trial's findings (2026-12-01): another owner's place is not found on every method of the API
(W-14: its space's PATCH, POST and DELETE answered 403 naming the place); the Building Inspector approves a place's
use solely for religious worship again after a change of its rooms withdrew the approval (§ 164-3, M-20: no page
nor endpoint could, a dead end), on the page and through the API."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for

from publicassembly.venues import services as vs

MP = "/api/v1/towns/mount-pleasant-ny"


def _post(client, url, body):
    import json

    return client.post(url, json.dumps(body), content_type="application/json")


@pytest.mark.django_db
def test_another_owners_place_is_404_on_every_method_w14(mount_pleasant, mu, hall):
    owner = mu["applicant"]
    space = hall.spaces.get()
    c = api_client(owner)
    for r in (c.patch(f"{MP}/venues/{hall.pk}/spaces/{space.pk}", '{"area": 5}', content_type="application/json"),
              _post(c, f"{MP}/venues/{hall.pk}/spaces", {"name": "Bar", "kind": "room", "use_group": "business",
                                                          "area": 300}),
              c.delete(f"{MP}/venues/{hall.pk}/spaces/{space.pk}?reason=gone")):
        assert r.status_code == 404, r.content
        assert hall.name not in r.content.decode()
    space.refresh_from_db()
    assert space.area == 4650 and hall.spaces.count() == 1


@pytest.fixture
def church(mu, mount_pleasant):
    bi = mu["building_inspector"]
    church = vs.create_venue(bi, mount_pleasant, name="St. Mary's", address="5 Church St", commercial=False,
                             used_solely_for_religious_worship=True)
    vs.add_space(bi, church, name="Nave", kind="room", use_group="assembly_fixed_seats", area=3000)
    vs.approve_religious_worship_exemption(bi, church, approved_on=dt.date(2026, 3, 2))
    vs.update_space(bi, church.spaces.get(), area=3500, reason="enlarged")  # (withdraws the approval: M-20)
    church.refresh_from_db()
    assert not church.certificate_exempt
    return church


@pytest.mark.django_db
def test_the_inspector_approves_the_worship_use_again_on_the_page_164_3_m20(mu, church):
    bi = client_for(mu["building_inspector"])
    page = bi.get(f"/mount-pleasant-ny/venues/{church.pk}/").content.decode()
    assert 'id="worship-approval"' in page
    r = bi.post(f"/mount-pleasant-ny/venues/{church.pk}/worship-approval/", {"expected_version": church.version})
    assert r.status_code == 302
    church.refresh_from_db()
    assert church.certificate_exempt
    assert 'id="worship-approval"' not in bi.get(f"/mount-pleasant-ny/venues/{church.pk}/").content.decode()
    # the owner is not offered it, nor may post it
    assert client_for(mu["enforcement_officer"]).post(f"/mount-pleasant-ny/venues/{church.pk}/worship-approval/",
                                                      {"expected_version": church.version}).status_code == 403


@pytest.mark.django_db
def test_the_inspector_approves_the_worship_use_again_through_the_api_164_3_m20(mu, church):
    url = f"{MP}/venues/{church.pk}/religious-worship-approval"
    r = _post(api_client(mu["building_inspector"]), url, {"approved_on": "2026-03-03",
                                                          "expected_version": church.version})
    assert r.status_code == 200, r.content
    assert r.json()["certificate_blockers"][0]["rule"] == "mount-pleasant/164-3/religious-worship-exception"
    church.refresh_from_db()
    assert church.certificate_exempt and church.worship_approved_on == dt.date(2026, 3, 3)
    assert _post(api_client(mu["enforcement_officer"]), url, {}).status_code == 403
    assert _post(api_client(mu["building_inspector"]), url, {"approved_on": "2999-01-01"}).status_code == 422


@pytest.mark.django_db
def test_an_owner_registering_a_place_already_registered_is_not_told_its_number_w10_w14(mu, hall):
    """W-10 with W-14: a place is registered once; an owner who types one the Building Inspector registered is
    told so and whom to ask, not its number (a place they cannot open)."""
    r = _post(api_client(mu["applicant"]), f"{MP}/venues", {"name": hall.name, "address": hall.address,
                                                            "commercial": True})
    assert r.status_code == 422 and r.json()["field"] == "name"
    assert "ask the Building Inspector to record you as its owner" in r.json()["detail"]
    assert str(hall.pk) not in r.json()["detail"]
    bi = _post(api_client(mu["building_inspector"]), f"{MP}/venues", {"name": hall.name, "address": hall.address,
                                                                     "commercial": True})
    assert bi.status_code == 422 and f"place of assembly {hall.pk}" in bi.json()["detail"]
