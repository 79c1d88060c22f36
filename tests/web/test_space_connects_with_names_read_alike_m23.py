"""The room page of a place of assembly (Mount Pleasant § 164-4; interpretations M-5, M-23): a room to connect
with is named as the check of a name taken reads a name (letter case and spaces not counted), in the page's
save and in its live preview alike, and kept as the room it names, in that room's own spelling; the room being
added, named among the rooms it connects with, is told it cannot connect with itself (it was told that the place
has no room of its name). The page's boxes name the rooms as stored; a name written otherwise is one sent by
another client of the page (a room renamed since the page was opened, or a hand-made request)."""

from __future__ import annotations

import pytest
from tests.web.conftest import client_for, version_of

from publicassembly.venues import services as vs

pytestmark = pytest.mark.django_db

MP = "/mount-pleasant-ny"


def _space(name: str, **more: object) -> dict[str, object]:
    return {"new-name": name, "new-use_group": "assembly_without_fixed_seats", "new-area": "600",
            "new-area_unit": "sq_ft", "new-common_entrance": "yes", **{f"new-{k}": v for k, v in more.items()}}


def _add(user, hall, data: dict):
    return client_for(user).post(f"{MP}/venues/{hall.pk}/spaces/", {**data, **version_of(hall)})


@pytest.mark.parametrize("written", ["Ballroom", "ballroom", "BALLROOM "])
def test_164_4_the_page_connects_a_room_named_in_another_case_with_the_room_itself_m23(mu, hall, written):
    r = _add(mu["building_inspector"], hall, _space("Lounge", connects_with=[written]))
    assert r.status_code == 302, r.context and r.context["space_form"].errors
    assert vs.connected_names(hall.spaces.get(name="Lounge")) == ["Ballroom"]


@pytest.mark.parametrize("itself", ["Lounge", "LOUNGE"])
def test_164_4_the_page_tells_a_room_naming_itself_that_it_cannot_connect_with_itself_m23(mu, hall, itself):
    r = _add(mu["building_inspector"], hall, _space("Lounge", connects_with=["Ballroom", itself]))
    assert r.status_code == 422
    assert r.context["space_form"].errors["connects_with"] == ["a space cannot connect with itself"]
    assert not hall.spaces.filter(name="Lounge").exists()


@pytest.mark.parametrize("written", ["Ballroom", "ballroom"])
def test_164_4_the_preview_joins_a_room_named_in_another_case_as_the_save_does_m23(mu, hall, written):
    """The preview's occupancy is the place's with the room being typed: 4,650 sq ft of the Ballroom and the
    Lounge's 600, at 15 sq ft a person (§ 164-7), 310 + 40 persons; the Lounge joins the Ballroom (§ 164-4)."""
    c = client_for(mu["building_inspector"])
    r = c.get(f"{MP}/venues/{hall.pk}/preview/", _space("Lounge", connects_with=[written]))
    assert r.status_code == 200, r.context["form"].errors
    assert "350" in r.content.decode()


def test_164_4_the_preview_still_refuses_a_name_of_no_room_m23(mu, hall):
    """The other side: "Ballroom 2" is no room of the place."""
    c = client_for(mu["building_inspector"])
    r = c.get(f"{MP}/venues/{hall.pk}/preview/", _space("Lounge", connects_with=["Ballroom 2"]))
    assert r.status_code == 422
    assert "Ballroom 2" in r.context["form"].errors["connects_with"][0]


@pytest.mark.parametrize("itself", ["Lounge", "lounge"])
def test_164_4_the_preview_tells_a_room_naming_itself_as_the_save_does_m23(mu, hall, itself):
    c = client_for(mu["building_inspector"])
    r = c.get(f"{MP}/venues/{hall.pk}/preview/", _space("Lounge", connects_with=[itself]))
    assert r.status_code == 422
    assert r.context["form"].errors["connects_with"] == ["a space cannot connect with itself"]
