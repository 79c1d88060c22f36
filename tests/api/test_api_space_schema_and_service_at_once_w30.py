"""``POST …/venues/{id}/spaces`` tells, in one 422, the body's schema refusals and what the venues service refuses
of the values the schema took (interpretation W-30): an area that is not a number with a name another room has
(as a reader takes it), or a kind not of the schema with a space to connect with that the place does not have
(§ 164-4). They were told one answer after another: the schema's, then, once fixed, the service's. Each field
is named once, in the schema's words when the schema refused it; nothing is added."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.django_db

TAKEN = "Kensico Manor already has a space named 'Ballroom'"


def spaces_url(venue) -> str:
    return f"/api/v1/towns/mount-pleasant-ny/venues/{venue.pk}/spaces"


def post(client, url: str, body: dict):
    return client.post(url, json.dumps(body), content_type="application/json")


def errors(r) -> list[tuple[str, str]]:
    return [(e["field"], e["msg"]) for e in r.json()["errors"]]


def test_an_area_not_a_number_and_a_name_taken_are_both_listed_w30(api, mu, hall):
    r = post(api(mu["building_inspector"]), spaces_url(hall),
             {"name": "BALLROOM", "kind": "room", "use_group": "business", "area": "lots"})
    assert r.status_code == 422, r.content
    assert [f for f, _m in errors(r)] == ["area", "name"]
    assert errors(r)[1] == ("name", TAKEN)
    assert r.json()["field"] == "area"
    assert hall.spaces.count() == 1


def test_a_kind_not_of_the_schema_and_a_space_not_of_the_place_are_both_listed_w30(api, mu, hall):
    r = post(api(mu["building_inspector"]), spaces_url(hall),
             {"name": "Lounge", "kind": "attic", "use_group": "business", "area": "300", "alleys": 2.0,
              "connects_with": ["Nowhere"]})
    assert r.status_code == 422, r.content
    told = errors(r)
    assert [f for f, _m in told] == ["kind", "alleys", "connects_with"], told
    # (alleys 2.0 read by the schema as 2, then refused by the service on a room that is not a bowling alley)
    assert told[1] == ("alleys", "only a space of use group bowling_alley has alleys")
    assert told[2] == ("connects_with", "no space of Kensico Manor is named 'Nowhere'; spaces: Ballroom")
    assert hall.spaces.count() == 1


def test_the_schema_alone_when_the_service_refuses_nothing_else_w30(api, mu, hall):
    """The other side: an area not a number with good other values is told alone, once (not twice: the
    service's words for the area are not added); the body fixed, the room is added."""
    bi = api(mu["building_inspector"])
    body = {"name": "Lounge", "kind": "room", "use_group": "business", "area": "lots", "connects_with": ["Ballroom"]}
    r = post(bi, spaces_url(hall), body)
    assert r.status_code == 422 and [f for f, _m in errors(r)] == ["area"], r.content
    r = post(bi, spaces_url(hall), {**body, "area": "300"})
    assert r.status_code == 201, r.content


def test_a_place_not_of_the_town_is_told_the_schema_alone_w30(api, mu, hall):
    r = post(api(mu["building_inspector"]), "/api/v1/towns/mount-pleasant-ny/venues/999999/spaces",
             {"name": "Lounge", "kind": "room", "use_group": "business", "area": "lots"})
    assert r.status_code == 422 and [f for f, _m in errors(r)] == ["area"], r.content


def test_a_body_not_an_object_is_refused_as_before_w30(api, mu, hall):
    r = api(mu["building_inspector"]).post(spaces_url(hall), "[]", content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "body", r.content


def test_a_story_not_a_whole_number_and_a_name_taken_are_both_listed_w30(api, mu, hall):
    """The service refuses no other value, yet a name taken is told with the schema's refusal (it was told alone
    after the version, once the story was fixed: W-31)."""
    r = post(api(mu["building_inspector"]), spaces_url(hall),
             {"name": "ballroom", "kind": "room", "use_group": "business", "area": "300", "story": "first"})
    assert r.status_code == 422, r.content
    assert [f for f, _m in errors(r)] == ["story", "name"]
    assert errors(r)[1] == ("name", TAKEN)
    assert hall.spaces.count() == 1
