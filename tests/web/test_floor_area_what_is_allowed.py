"""A room's or area's floor area (Mount Pleasant § 164-7): more than 0 — a room of no floor area holds no one and
its sign (§ 164-9) would state 0 — but 0 or more for a bowling alley, whose area is the additional area beyond its
alleys (`occupancy.may_have_no_floor_area`, interpretation D-8). A negative area is told what is allowed, not
"at least 0" (which 0 then is not): the API's schema, the service and the venue page's form alike."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from tests.api.conftest import api_client

from publicassembly.venues import services as vs
from publicassembly.web.forms.venues import SpaceForm
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

MORE_THAN_0 = ("a room or area has a floor area of more than 0; only a bowling alley's additional area (beyond its "
               "alleys) may be 0")


@pytest.mark.parametrize(("area", "use_group", "allowed"), [
    (Decimal("-3"), "storage", False), (Decimal("0"), "storage", False), (Decimal("-0"), "storage", False),
    (Decimal("0.0001"), "storage", True), (Decimal("-0.0001"), "bowling_alley", False),
    (Decimal("0"), "bowling_alley", True), (Decimal("-0"), "bowling_alley", True), (Decimal("1"), "bowling_alley", True)])
def test_164_7_floor_area_more_than_0_a_bowling_alleys_additional_area_0_or_more(area, use_group, allowed):
    assert (vs.floor_area_problem(area, use_group) is None) is allowed


def test_164_7_the_service_tells_minus_3_and_0_alike_what_is_allowed(mu, hall):
    for area in (-3, 0):
        with pytest.raises(ValidationFailed) as e:
            vs.add_space(mu["building_inspector"], hall, name=f"Store {area}", kind="room", use_group="storage",
                         area=area)
        assert e.value.field == "area" and str(e.value.message) == f"area: {MORE_THAN_0}"
    with pytest.raises(ValidationFailed) as e:
        vs.add_space(mu["building_inspector"], hall, name="Lanes", kind="room", use_group="bowling_alley",
                     area=-1, alleys=4)
    assert e.value.field == "area" and "0 or more" in e.value.message and "got -1" in e.value.message
    lanes = vs.add_space(mu["building_inspector"], hall, name="Lanes", kind="room", use_group="bowling_alley",
                         area=0, alleys=4)
    assert lanes.area == 0


@pytest.mark.parametrize("area", [-3, 0])
def test_164_7_the_api_tells_minus_3_and_0_what_is_allowed_not_at_least_0(mu, hall, area):
    r = api_client(mu["building_inspector"]).post(
        f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces",
        json.dumps({"name": "Store", "kind": "room", "use_group": "storage", "area": area}),
        content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "area"
    msg = r.json()["errors"][0]["msg"]
    assert "at least 0" not in msg and "more than 0" in msg and "bowling alley" in msg


def test_164_7_the_api_takes_a_bowling_alleys_additional_area_of_0(mu, hall):
    r = api_client(mu["building_inspector"]).post(
        f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces",
        json.dumps({"name": "Lanes", "kind": "room", "use_group": "bowling_alley", "area": 0, "alleys": 4}),
        content_type="application/json")
    assert r.status_code == 201, r.content


@pytest.mark.parametrize(("area", "use_group", "told"), [
    ("-3", "storage", MORE_THAN_0), ("0", "storage", MORE_THAN_0), ("-1", "bowling_alley", "0 or more"),
    ("0", "bowling_alley", None), ("0.0001", "storage", None)])
def test_164_7_the_venue_pages_room_form_says_what_is_allowed(area, use_group, told):
    data = {"name": "Store", "use_group": use_group, "area": area, "area_unit": "sq_ft"}
    if use_group == "bowling_alley":
        data["alleys"] = "4"
    form = SpaceForm(data)
    if told is None:
        assert form.is_valid(), form.errors
    else:
        assert not form.is_valid()
        (error,) = form.errors["area"]
        assert told.lower() in error.lower() and "at least 0" not in error


