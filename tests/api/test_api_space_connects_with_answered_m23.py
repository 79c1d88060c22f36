"""The rooms a room connects with (§ 164-4: ``connects_with``, with ``common_entrance``; interpretations M-5,
M-23) through the API. A new-user trial found them in no answer but the timeline: a client that connected two
rooms could not read the connection back. Each room the API gives — the answer of adding or changing one, and
each of a place's ``spaces`` in ``GET /venues`` and ``GET /venues/{id}`` — now gives ``connects_with`` (the rooms'
names in their own spelling, in the order they were entered; a connection is one whichever room named the
other), ``common_entrance`` and ``story``. A name is read as the check of a name taken reads it (letter case and
spaces not counted); the room itself, named while it is added, cannot connect with itself; a name of no room
given twice is told once."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.django_db

V = "/api/v1/towns/mount-pleasant-ny/venues"


def send(client, method: str, url: str, body: dict):
    return getattr(client, method)(url, json.dumps(body), content_type="application/json")


def lounge(**more) -> dict:
    return {"name": "Lounge", "kind": "room", "use_group": "assembly_without_fixed_seats", "area": 600, "story": 2,
            "common_entrance": True, **more}


def test_164_4_adding_a_room_answers_the_rooms_it_connects_with_in_their_own_spelling_m23(api, mu, hall):
    r = send(api(mu["building_inspector"]), "post", f"{V}/{hall.pk}/spaces", lounge(connects_with=["BALLROOM "]))
    assert r.status_code == 201, r.content
    body = r.json()
    assert (body["connects_with"], body["common_entrance"], body["story"]) == (["Ballroom"], True, 2)


def test_164_4_a_room_added_connecting_with_none_answers_an_empty_list_m23(api, mu, hall):
    """The other side: no connection is ``[]``, not left out, and its entrance not stated is null."""
    r = send(api(mu["building_inspector"]), "post", f"{V}/{hall.pk}/spaces", lounge(common_entrance=None))
    assert r.status_code == 201, r.content
    assert (r.json()["connects_with"], r.json()["common_entrance"]) == ([], None)


def test_164_4_changing_a_room_answers_its_connections_and_the_place_gives_them_on_both_rooms_m23(api, mu, hall):
    bi = api(mu["building_inspector"])
    added = send(bi, "post", f"{V}/{hall.pk}/spaces", lounge()).json()
    r = send(bi, "patch", f"{V}/{hall.pk}/spaces/{added['id']}", {"connects_with": ["ballroom"]})
    assert r.status_code == 200, r.content
    assert r.json()["connects_with"] == ["Ballroom"]
    for body in (bi.get(f"{V}/{hall.pk}").json(), bi.get(V).json()[0]):
        rooms = {s["name"]: s for s in body["spaces"]}
        assert rooms["Ballroom"]["connects_with"] == ["Lounge"]  # (named by the Lounge: one connection)
        assert rooms["Lounge"]["connects_with"] == ["Ballroom"]
        assert (rooms["Lounge"]["common_entrance"], rooms["Lounge"]["story"]) == (True, 2)
        assert (rooms["Ballroom"]["common_entrance"], rooms["Ballroom"]["story"]) == (None, None)
    r = send(bi, "patch", f"{V}/{hall.pk}/spaces/{added['id']}", {"connects_with": []})
    assert r.status_code == 200 and r.json()["connects_with"] == []
    assert [s["connects_with"] for s in bi.get(f"{V}/{hall.pk}").json()["spaces"]] == [[], []]


def test_164_4_a_room_named_itself_while_it_is_added_cannot_connect_with_itself_m23(api, mu, hall):
    r = send(api(mu["building_inspector"]), "post", f"{V}/{hall.pk}/spaces",
             lounge(connects_with=["Ballroom", "lounge"]))
    assert r.status_code == 422, r.content
    assert r.json()["errors"] == [{"field": "connects_with", "msg": "a space cannot connect with itself"}]
    assert hall.spaces.count() == 1


def test_164_4_a_name_of_no_room_given_twice_is_told_once_m23(api, mu, hall):
    r = send(api(mu["building_inspector"]), "post", f"{V}/{hall.pk}/spaces",
             lounge(connects_with=["Cellar", "cellar", "Attic"]))
    assert r.status_code == 422, r.content
    assert [e["msg"] for e in r.json()["errors"]] == [
        "no space of Kensico Manor is named 'Cellar'; spaces: Ballroom",
        "no space of Kensico Manor is named 'Attic'; spaces: Ballroom"]


def test_the_schema_describes_the_connections_of_each_space_m23(client):
    schema = client.get("/api/openapi.json").json()
    spaces = schema["components"]["schemas"]["VenueOut"]["properties"]["spaces"]["description"]
    assert "connects_with" in spaces and "common_entrance" in spaces
