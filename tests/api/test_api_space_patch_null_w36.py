"""A PATCH of a room or area reads null as JSON Merge Patch does (RFC 7396: null removes; interpretation W-36):
a new-user trial sent ``PATCH …/spaces/{id} {"connects_with": null}`` and was told "cannot be empty". Null now
removes every connection of the room (§ 164-4), as ``[]`` does; a field left out keeps them. A value every room
has (its name, kind, use group, area, unit) cannot be removed: null is refused naming the field, saying so and
what to send, every such field at once."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.django_db

V = "/api/v1/towns/mount-pleasant-ny/venues"
REQUIRED = ("a room or area always has one, so null (which removes a value in a PATCH) is refused: give the new "
            "value, or leave the field out to keep it")


def send(client, method: str, url: str, body: dict):
    return getattr(client, method)(url, json.dumps(body), content_type="application/json")


@pytest.fixture
def lounge(api, mu, hall):
    """A lounge of the hall connected with its ballroom (§ 164-4)."""
    c = api(mu["building_inspector"])
    r = send(c, "post", f"{V}/{hall.pk}/spaces",
             {"name": "Lounge", "kind": "room", "use_group": "assembly_without_fixed_seats", "area": 600,
              "connects_with": ["Ballroom"]})
    assert r.status_code == 201 and r.json()["connects_with"] == ["Ballroom"], r.content
    return c, f"{V}/{hall.pk}/spaces/{r.json()['id']}"


@pytest.mark.parametrize("cleared", [None, []])
def test_164_4_null_removes_every_connection_as_an_empty_list_does(lounge, cleared):
    c, url = lounge
    r = send(c, "patch", url, {"connects_with": cleared})
    assert r.status_code == 200, r.content
    assert r.json()["connects_with"] == []


def test_164_4_a_patch_leaving_connects_with_out_keeps_the_connections(lounge):
    c, url = lounge
    r = send(c, "patch", url, {"story": 2})
    assert r.status_code == 200 and r.json()["connects_with"] == ["Ballroom"], r.content


def test_a_value_every_room_has_given_null_is_refused_naming_each_field(lounge):
    c, url = lounge
    r = send(c, "patch", url, {"name": None, "area": None, "connects_with": None})
    assert r.status_code == 422, r.content
    assert [(e["field"], e["msg"]) for e in r.json()["errors"]] == [("name", REQUIRED), ("area", REQUIRED)]
    assert send(c, "patch", url, {"story": 1}).json()["connects_with"] == ["Ballroom"]  # nothing changed


def test_a_story_given_null_is_removed_not_stated(lounge):
    """The same reading for a value a room may leave unstated (its story, § 164-4's exits by floor)."""
    c, url = lounge
    assert send(c, "patch", url, {"story": 2}).json()["story"] == 2
    r = send(c, "patch", url, {"story": None})
    assert r.status_code == 200 and r.json()["story"] is None, r.content
