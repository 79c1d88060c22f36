"""A negative floor area through the API is told what its own use group allows (Mount Pleasant § 164-7; the
occupant load by use group, `occupancy.may_have_no_floor_area`, interpretation D-8): a bowling alley's additional
area (beyond its alleys and their runways) 0 or more, any other room's or area's more than 0. A new-user trial gave
a bowling alley's additional area as -1 and was told "must be more than 0 …; only a bowling alley's additional
area … may be 0": the schema refused every negative area in one sentence before its use group was asked. The
words are the venues service's and the venue page's (`venues.services.floor_area_problem`); only a use group
itself refused leaves the area told in the sentence for every use group."""

from __future__ import annotations

import json

import pytest

from publicassembly.venues import services as vs

pytestmark = pytest.mark.django_db

BOWLING = "a bowling alley's additional area (beyond its alleys and their runways) is 0 or more (§ 164-7; got {})"
MORE_THAN_0 = ("a room or area has a floor area of more than 0; only a bowling alley's additional area (beyond its "
               "alleys) may be 0")
EITHER = ("must be more than 0 (in its area_unit); only a bowling alley's additional area, beyond its alleys and "
          "their runways, may be 0 (§ 164-7)")


def url(hall) -> str:
    return f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces"


def send(client, method: str, where: str, body: dict):
    return getattr(client, method)(where, json.dumps(body), content_type="application/json")


def area_told(r) -> str:
    assert r.status_code == 422, r.content
    return {e["field"]: e["msg"] for e in r.json()["errors"]}["area"]


def lanes(area) -> dict:
    return {"name": "Lanes", "kind": "room", "use_group": "bowling_alley", "area": area, "alleys": 4}


@pytest.mark.parametrize(("area", "written"), [(-1, "-1"), ("-0.0001", "-0.0001"), ("-250.5", "-250.5")])
def test_164_7_a_bowling_alleys_negative_additional_area_is_told_0_or_more(api, mu, hall, area, written):
    told = area_told(send(api(mu["building_inspector"]), "post", url(hall), lanes(area)))
    assert told == BOWLING.format(written)
    assert "more than 0" not in told and "may be 0" not in told
    assert hall.spaces.count() == 1


@pytest.mark.parametrize("area", [0, "0.0001"])
def test_164_7_a_bowling_alleys_additional_area_of_0_or_more_is_taken(api, mu, hall, area):
    r = send(api(mu["building_inspector"]), "post", url(hall), lanes(area))
    assert r.status_code == 201, r.content


@pytest.mark.parametrize("area", [-1, 0])
def test_164_7_another_rooms_negative_area_and_0_are_told_more_than_0(api, mu, hall, area):
    r = send(api(mu["building_inspector"]), "post", url(hall),
             {"name": "Store", "kind": "room", "use_group": "storage", "area": area})
    assert area_told(r) == MORE_THAN_0


def test_164_7_a_negative_area_beside_a_use_group_refused_is_told_what_either_allows(api, mu, hall):
    """The use group refused ("disco"), its area cannot be judged by it: the sentence of every use group."""
    r = send(api(mu["building_inspector"]), "post", url(hall),
             {"name": "Lanes", "kind": "room", "use_group": "disco", "area": -1})
    assert area_told(r) == EITHER


def test_164_7_a_bowling_alley_changed_to_a_negative_area_is_told_0_or_more(api, mu, hall):
    """A PATCH judges the area by the stored use group (M-21): the bowling alley's words, the Ballroom's."""
    bi = mu["building_inspector"]
    lanes_room = vs.add_space(bi, hall, name="Lanes", kind="room", use_group="bowling_alley", area=0, alleys=4)
    client = api(bi)
    assert area_told(send(client, "patch", f"{url(hall)}/{lanes_room.pk}", {"area": -1})) == BOWLING.format("-1")
    ballroom = hall.spaces.get(name="Ballroom")
    assert area_told(send(client, "patch", f"{url(hall)}/{ballroom.pk}", {"area": -1})) == MORE_THAN_0
    lanes_room.refresh_from_db()
    ballroom.refresh_from_db()
    assert (lanes_room.area, ballroom.area) == (0, 4650)
    r = send(client, "patch", f"{url(hall)}/{lanes_room.pk}", {"area": 0})  # the other side: 0 is taken
    assert r.status_code == 200, r.content


def test_164_7_a_room_changed_to_a_bowling_alley_with_a_negative_area_is_told_0_or_more(api, mu, hall):
    ballroom = hall.spaces.get(name="Ballroom")
    r = send(api(mu["building_inspector"]), "patch", f"{url(hall)}/{ballroom.pk}",
             {"use_group": "bowling_alley", "alleys": 4, "area": -2})
    assert area_told(r) == BOWLING.format("-2")


@pytest.mark.parametrize(("method", "area", "told"), [
    ("post", "1e999", "1e999 sq_ft is larger than any room or site (at most 10,000,000,000 sq ft)"),
    ("post", "1e30", "1e30 sq_ft is larger than any room or site (at most 10,000,000,000 sq ft)"),
    ("patch", "1e30", "1e30 sq_ft is larger than any room or site (at most 10,000,000,000 sq ft)"),
    ("patch", "-1e30", "an area cannot be negative (got -1e30)"),
])
def test_164_7_an_area_beyond_the_number_readers_bound_is_told_the_areas_own_m30(api, mu, hall, method, area, told):
    """An area beyond 10^15 through the API is told the area's own bound (ten billion sq ft) in its unit, as the
    CLI and POST /check tell it (the pages, reading the area before its unit, without it) — not the number reader's 10^15, which a user below it was refused again for
    (a new-user trial) — and a negative one that it cannot be negative (it was "too large")."""
    client = api(mu["building_inspector"])
    if method == "post":
        r = send(client, "post", url(hall), {"name": "Annex", "kind": "room", "use_group": "business", "area": area})
    else:
        space = hall.spaces.order_by("id").first()
        r = send(client, "patch", f"{url(hall)}/{space.pk}", {"area": area, "expected_version": space.version})
    assert area_told(r) == told
