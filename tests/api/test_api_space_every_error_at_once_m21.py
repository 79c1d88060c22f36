"""A room or area through the API (Mount Pleasant ch. 164, §§ 164-7, 164-8): the venues service's refusals of a
space are told every one at once, as the body's schema errors are — ``POST …/spaces`` with a name another room has
and a bowling alley's alleys missing is one 422 listing both in ``errors[]``, each naming its field — and
``PATCH …/spaces/{space}`` judges the space as it would be after the change, its stored values with the body
applied (interpretation M-21): a change that would make it one the law refuses (a room turned open-air keeping a
use group of § 164-7, a bowling alley without its alleys, an area of 0) is 422 and nothing stored changes."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.django_db


def spaces_url(venue) -> str:
    return f"/api/v1/towns/mount-pleasant-ny/venues/{venue.pk}/spaces"


def send(client, method: str, url: str, body: dict):
    return getattr(client, method)(url, json.dumps(body), content_type="application/json")


def errors(r) -> dict[str, str]:
    return {e["field"]: e["msg"] for e in r.json()["errors"]}


def stored(space) -> tuple:
    space.refresh_from_db()
    return space.name, space.kind, space.use_group, space.area, space.alleys, space.version


def test_post_a_name_taken_and_alleys_missing_are_both_listed(api, mu, hall):
    """§ 164-7: a bowling alley needs its number of alleys; "BALLROOM" is the Ballroom's name as a reader takes it.
    Both values pass the schema and are refused by the service, in one answer."""
    bi = api(mu["building_inspector"])
    r = send(bi, "post", spaces_url(hall), {"name": "BALLROOM", "kind": "room", "use_group": "bowling_alley",
                                            "area": "0"})
    assert r.status_code == 422, r.content
    assert errors(r) == {"name": "Kensico Manor already has a space named 'Ballroom'",
                         "alleys": "a bowling alley space needs its number of alleys, 0 or more (§ 164-7)"}
    assert r.json()["field"] == "name"
    assert hall.spaces.count() == 1


def test_post_an_area_beyond_the_bound_and_alleys_on_a_room_are_both_listed(api, mu, hall):
    """An area of more than ten billion square feet (the law core's bound) with alleys on a room that is not a
    bowling alley (§ 164-7); the bound itself is taken with the alleys left out."""
    bi = api(mu["building_inspector"])
    r = send(bi, "post", spaces_url(hall), {"name": "Lounge", "kind": "room", "use_group": "business",
                                            "area": "10000000001", "alleys": 2})
    assert r.status_code == 422, r.content
    assert set(errors(r)) == {"area", "alleys"}
    assert errors(r)["alleys"] == "only a space of use group bowling_alley has alleys"
    r = send(bi, "post", spaces_url(hall), {"name": "Lounge", "kind": "room", "use_group": "business",
                                            "area": "10000000000"})
    assert r.status_code == 201, r.content


@pytest.mark.parametrize(("body", "field"), [
    ({"kind": "open_air"}, "use_group"),  # § 164-8: its stored use group (of § 164-7) does not fit
    ({"use_group": "open_air"}, "use_group"),  # its stored kind (a room) does not fit
    ({"use_group": "bowling_alley"}, "alleys"),  # § 164-7: its stored alleys (none)
    ({"alleys": 4}, "alleys"),  # its stored use group is not a bowling alley
    ({"area": "0"}, "area"),  # its stored use group is not a bowling alley: more than 0
])
def test_patch_making_the_space_invalid_is_422_and_nothing_stored_changes(api, mu, hall, body, field):
    """M-21: the space as it would be after the PATCH (stored values, the body applied) is checked as a POST
    would check it; refused, its values and version are those stored, and the venue's version too."""
    room = hall.spaces.get(name="Ballroom")
    before, venue_version = stored(room), hall.version
    r = send(api(mu["building_inspector"]), "patch", f"{spaces_url(hall)}/{room.pk}", body)
    assert r.status_code == 422, r.content
    assert r.json()["field"] == field and {e["field"] for e in r.json()["errors"]} == {field}
    assert stored(room) == before
    hall.refresh_from_db()
    assert hall.version == venue_version


@pytest.mark.parametrize("body", [
    {"kind": "open_air", "use_group": "open_air"},
    {"use_group": "bowling_alley", "alleys": 4, "area": "0"},
    {"area": "0.0001"},
])
def test_patch_making_the_space_valid_with_the_fields_it_needs_is_saved(api, mu, hall, body):
    """The other side: the same changes with the fields they need (§§ 164-7, 164-8), and an area just above 0."""
    room = hall.spaces.get(name="Ballroom")
    r = send(api(mu["building_inspector"]), "patch", f"{spaces_url(hall)}/{room.pk}", body)
    assert r.status_code == 200, r.content
    assert {k: str(v) if k == "area" else v for k, v in r.json().items() if k in body} == body


def test_patch_two_bad_values_at_once_are_both_listed(api, mu, hall):
    """A use group of bowling alley without alleys and a name another space has: both, one 422."""
    bi = api(mu["building_inspector"])
    assert send(bi, "post", spaces_url(hall), {"name": "Terrace", "kind": "open_air", "use_group": "open_air",
                                               "area": "900"}).status_code == 201
    room = hall.spaces.get(name="Ballroom")
    before = stored(room)
    r = send(bi, "patch", f"{spaces_url(hall)}/{room.pk}", {"name": "terrace", "use_group": "bowling_alley"})
    assert r.status_code == 422, r.content
    assert errors(r) == {"name": "Kensico Manor already has a space named 'Terrace'",
                         "alleys": "a bowling alley space needs its number of alleys, 0 or more (§ 164-7)"}
    assert stored(room) == before
