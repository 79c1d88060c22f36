"""The "add a room" form of a place's page (/venues/{id}/spaces/, Mount Pleasant §§ 164-7, 164-8) sends the venue's
version (``expected_version``) as every page form that changes a record does: without it the form is 422 naming it,
nothing added; a form opened before the place's rooms changed is 409, nothing added (the lawful occupancy it
showed is no longer the place's); sent with the version as it is now it adds the room. Before, it sent none, and
only its duplicate-name check stopped a double post."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from tests.web.conftest import client_for, version_of

pytestmark = pytest.mark.django_db

MP = "/mount-pleasant-ny"


def _room(name: str) -> dict[str, str]:
    return {"new-name": name, "new-use_group": "assembly_without_fixed_seats", "new-area": "300",
            "new-area_unit": "sq_ft"}


def _text(r) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", r.content.decode())))


def test_the_add_a_room_form_carries_the_venues_version(mu, hall):
    html = client_for(mu["building_inspector"]).get(f"{MP}/venues/{hall.pk}/").content.decode()
    form = re.search(r'<form method="post" action="[^"]*/spaces/"[^>]*>(.*?)</form>', html, re.S)
    assert form is not None
    hall.refresh_from_db()
    assert f'<input type="hidden" name="expected_version" value="{hall.version}">' in form.group(1)


def test_a_room_sent_without_the_version_is_422_naming_it_and_not_added(mu, hall):
    r = client_for(mu["building_inspector"]).post(f"{MP}/venues/{hall.pk}/spaces/", _room("Lounge"))
    assert r.status_code == 422 and "expected_version" in _text(r)
    assert not hall.spaces.filter(name="Lounge").exists()


def test_a_room_sent_from_a_page_opened_before_the_rooms_changed_is_409_and_not_added(mu, hall):
    """§§ 164-7, 164-8: the page showed the occupancy of the rooms as they were; one version behind is 409, the
    version as it is now (the boundary) adds the room."""
    c = client_for(mu["building_inspector"])
    opened = version_of(hall)
    assert c.post(f"{MP}/venues/{hall.pk}/spaces/", {**_room("Lounge"), **opened}).status_code == 302
    r = c.post(f"{MP}/venues/{hall.pk}/spaces/", {**_room("Terrace"), **opened})
    assert r.status_code == 409 and "nothing was saved" in _text(r).lower()
    assert not hall.spaces.filter(name="Terrace").exists()
    assert c.post(f"{MP}/venues/{hall.pk}/spaces/", {**_room("Terrace"), **version_of(hall)}).status_code == 302
    assert hall.spaces.filter(name="Terrace").exists()


def test_the_same_room_sent_twice_is_409_not_a_second_room(mu, hall):
    c = client_for(mu["building_inspector"])
    data = {**_room("Lounge"), **version_of(hall)}
    assert c.post(f"{MP}/venues/{hall.pk}/spaces/", data).status_code == 302
    assert c.post(f"{MP}/venues/{hall.pk}/spaces/", data).status_code == 409
    assert hall.spaces.filter(name="Lounge").count() == 1
