"""One place of assembly, one record (interpretation W-10): its certificate (Mount Pleasant § 164-3), inspections
and violations are its own, and a second record of it would split them and offer two places alike in every list.
A new-user trial registered "Double Hall, 9 Twice Rd" twice from the page (both 200) and "Trial Hall, 1 Test St"
twice through the API (both 201). A place of the same name and address (spaces and letter case aside) is now
refused naming ``name`` and the place registered; another address, or another name, is another place."""

from __future__ import annotations

import json

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for

from publicassembly.venues import services as vs
from publicassembly.venues.models import Venue
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db
API = "/api/v1/towns/mount-pleasant-ny/venues"
PAGE = "/mount-pleasant-ny/venues/"


def test_the_same_place_is_registered_once_section_164_3(mount_pleasant, mu):
    bi = mu["building_inspector"]
    first = vs.create_venue(bi, mount_pleasant, name="Double Hall", address="9 Twice Rd", commercial=True)
    for name, address in (("Double Hall", "9 Twice Rd"), ("  double  hall ", "9 TWICE RD"), ("DOUBLE HALL", " 9 twice rd"),
                          # (a character that shows nothing: the same place, M-30)
                          ("Double Hall\u200b", "9 Twice Rd"), ("Double Hall\u00ad", "9 Twice Rd\ufeff")):
        with pytest.raises(ValidationFailed) as refused:
            vs.create_venue(bi, mount_pleasant, name=name, address=address, commercial=True)
        assert refused.value.field == "name"
        assert f"is already registered as place of assembly {first.pk} of this town" in str(refused.value)
    assert Venue.objects.filter(town=mount_pleasant).count() == 1
    # another address or another name: another place
    vs.create_venue(bi, mount_pleasant, name="Double Hall", address="10 Twice Rd", commercial=True)
    vs.create_venue(bi, mount_pleasant, name="Double Hall Annex", address="9 Twice Rd", commercial=True)
    assert Venue.objects.filter(town=mount_pleasant).count() == 3


def test_the_api_registers_a_place_sent_twice_once(mount_pleasant, mu):
    c = api_client(mu["building_inspector"])
    body = json.dumps({"name": "Trial Hall", "address": "1 Test St", "commercial": True, "toilets_provided": 2})
    first = c.post(API, body, content_type="application/json")
    assert first.status_code == 201
    again = c.post(API, body, content_type="application/json")
    assert again.status_code == 422
    body = again.json()
    assert body["field"] == "name"
    assert f"already registered as place of assembly {first.json()['id']} of this town" in body["detail"]
    assert Venue.objects.filter(town=mount_pleasant, name="Trial Hall").count() == 1


def test_the_page_form_sent_twice_registers_one_place(mount_pleasant, mu):
    c = client_for(mu["building_inspector"])
    form = {"name": "Double Hall", "address": "9 Twice Rd", "commercial": "yes", "toilets_provided": "2"}
    first = c.post(PAGE, form)
    assert first.status_code in (200, 302), first.content.decode()[:300]
    again = c.post(PAGE, form)
    assert again.status_code == 422
    assert "already registered as place of assembly" in again.content.decode()
    assert Venue.objects.filter(town=mount_pleasant, name="Double Hall").count() == 1


def test_a_place_renamed_as_another_is_refused_and_its_own_name_kept(mount_pleasant, mu):
    bi = mu["building_inspector"]
    first = vs.create_venue(bi, mount_pleasant, name="Grange Hall", address="1 Main St", commercial=True)
    second = vs.create_venue(bi, mount_pleasant, name="Grange Hall", address="2 Main St", commercial=True)
    with pytest.raises(ValidationFailed) as refused:
        vs.update_venue(bi, second, expected_version=second.version, address=" 1 main st")
    assert refused.value.field == "name" and f"place of assembly {first.pk}" in str(refused.value)
    second.refresh_from_db()
    assert second.address == "2 Main St"
    # its own name and address again, in other letters: the same place, taken
    vs.update_venue(bi, second, expected_version=second.version, name="GRANGE HALL")
