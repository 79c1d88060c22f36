"""The spaces a room or area connects with (§ 164-4: `connects_with`, names of the venue's spaces) refused by the
venues service are told with the space's other refusals, in one 422 listing every one in ``errors[]`` (M-21) —
they were raised on their own after the others, so a body with a use group not of its kind and a name of no
space was told the use group, then, once fixed, the name. Nothing stored changes."""

from __future__ import annotations

import json

import pytest

from publicassembly.venues import services as vs
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

NOWHERE = "no space of Kensico Manor is named 'Nowhere'; spaces: Ballroom"


def spaces_url(venue) -> str:
    return f"/api/v1/towns/mount-pleasant-ny/venues/{venue.pk}/spaces"


def send(client, method: str, url: str, body: dict):
    return getattr(client, method)(url, json.dumps(body), content_type="application/json")


def fields(r) -> list[tuple[str, str]]:
    return [(e["field"], e["msg"]) for e in r.json()["errors"]]


def test_patch_a_use_group_not_of_its_kind_and_a_space_of_no_name_are_both_listed_m21(api, mu, hall):
    """§ 164-8: an open-air area has use group open_air, and the Ballroom is a room; "Nowhere" is no space of the
    venue (§ 164-4). One 422 naming both; the Ballroom keeps its use group, version and connections."""
    room = hall.spaces.get(name="Ballroom")
    before = (room.use_group, room.version)
    r = send(api(mu["building_inspector"]), "patch", f"{spaces_url(hall)}/{room.pk}",
             {"use_group": "open_air", "connects_with": ["Nowhere"]})
    assert r.status_code == 422, r.content
    assert [f for f, _m in fields(r)] == ["use_group", "connects_with"]
    assert fields(r)[1] == ("connects_with", NOWHERE)
    room.refresh_from_db()
    assert (room.use_group, room.version) == before and not room.connects_with.exists()


def test_patch_connecting_with_a_space_of_the_venue_is_stored_m21(api, mu, hall):
    """The other side: the Ballroom connected with the Lounge, a space of the venue, is 200 and stored."""
    bi = mu["building_inspector"]
    vs.add_space(bi, hall, name="Lounge", kind="room", use_group="assembly_without_fixed_seats", area="600")
    room = hall.spaces.get(name="Ballroom")
    r = send(api(bi), "patch", f"{spaces_url(hall)}/{room.pk}", {"connects_with": ["Lounge"]})
    assert r.status_code == 200, r.content
    assert vs.venue_case_data(hall)["spaces"][0]["connects_with"] == ["Lounge"]


def test_post_alleys_on_a_room_and_a_space_of_no_name_are_both_listed_m21(api, mu, hall):
    """§ 164-7: only a bowling alley has alleys; "Nowhere" is no space of the venue. One 422 naming both; no room
    added. Without the alleys, connected with the Ballroom, the room is added."""
    bi = api(mu["building_inspector"])
    body = {"name": "Lounge", "kind": "room", "use_group": "business", "area": "300", "alleys": 2,
            "connects_with": ["Ballroom", "Nowhere"], "expected_version": hall.version}
    r = send(bi, "post", spaces_url(hall), body)
    assert r.status_code == 422, r.content
    assert fields(r) == [("alleys", "only a space of use group bowling_alley has alleys"), ("connects_with", NOWHERE)]
    assert hall.spaces.count() == 1
    r = send(bi, "post", spaces_url(hall), {**body, "alleys": None, "connects_with": ["Ballroom"]})
    assert r.status_code == 201, r.content
    assert hall.spaces.get(name="Lounge").connects_with.count() + hall.spaces.get(
        name="Ballroom").connects_with.count() == 1


def test_the_service_lists_a_name_taken_with_a_space_connected_with_itself_m21(mu, hall):
    """The service itself (the API's and the pages'): a room connected with itself (§ 164-4: the spaces it
    connects with are others) renamed to another room's name, both in one refusal."""
    bi = mu["building_inspector"]
    lounge = vs.add_space(bi, hall, name="Lounge", kind="room", use_group="business", area="300")
    with pytest.raises(ValidationFailed) as e:
        vs.update_space(bi, lounge, name="ballroom", connects_with=["Lounge"])
    assert list(e.value.errors) == [("name", "Kensico Manor already has a space named 'Ballroom'"),
                              ("connects_with", "a space cannot connect with itself")]
    with pytest.raises(ValidationFailed) as e:  # and a space added: the name taken told with it too
        vs.add_space(bi, hall, name="BALLROOM", kind="room", use_group="business", area="300",
                     connects_with=["Nowhere"])
    assert [f for f, _m in e.value.errors] == ["name", "connects_with"]
    assert sorted(hall.spaces.values_list("name", flat=True)) == ["Ballroom", "Lounge"]
