"""A room or area on a place's page (Mount Pleasant ch. 164, §§ 164-7, 164-8): every value the venues service
refuses is told at once, each beside its own field — a name another room has (a sign could not tell them apart)
with a bowling alley's number of alleys missing (§ 164-7) — not one answer after another; nothing is saved. An
edit is judged as the room would be after it, the stored values with the change applied (interpretation M-21):
a use group of bowling alley given to a room of no alleys is refused, nothing changed."""

from __future__ import annotations

import pytest
from tests.web.conftest import client_for, version_of

from publicassembly.venues import services as vs
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

MP = "/mount-pleasant-ny"


def _space(name: str, use_group: str, area: str = "300", alleys: str = "") -> dict[str, str]:
    return {"new-name": name, "new-use_group": use_group, "new-area": area, "new-area_unit": "sq_ft",
            "new-alleys": alleys}


def test_a_name_taken_and_alleys_missing_are_both_told_beside_their_fields(mu, hall):
    """§ 164-7: a bowling alley needs its number of alleys; "ballroom" is the Ballroom's name as a reader takes
    it. Both refused by the service in one answer, 422, each beside its field; no room added."""
    r = client_for(mu["building_inspector"]).post(f"{MP}/venues/{hall.pk}/spaces/",
                                                  {**_space("ballroom", "bowling_alley"), **version_of(hall)})
    assert r.status_code == 422
    errors = r.context["space_form"].errors
    assert errors["name"] == ["Kensico Manor already has a space named 'Ballroom'"]
    assert errors["alleys"] == ["a bowling alley space needs its number of alleys, 0 or more (§ 164-7)"]
    assert "__all__" not in errors  # (each beside its field, none above the form)
    assert list(hall.spaces.values_list("name", flat=True)) == ["Ballroom"]


def test_the_same_room_with_its_alleys_and_a_new_name_is_added(mu, hall):
    """The other side: the same bowling alley with 8 alleys under a name of its own is added."""
    r = client_for(mu["building_inspector"]).post(f"{MP}/venues/{hall.pk}/spaces/",
                                                  {**_space("Lanes", "bowling_alley", alleys="8"), **version_of(hall)})
    assert r.status_code == 302
    assert hall.spaces.get(name="Lanes").alleys == 8


def test_an_edit_making_the_room_a_bowling_alley_without_alleys_is_refused_and_nothing_changed(mu, hall):
    """M-21, § 164-7: the Ballroom (no alleys stored) given use group bowling_alley is judged with its stored
    alleys (none): 422 beside ``alleys``; the room keeps its use group and version. With 8 alleys it is saved."""
    room = hall.spaces.get(name="Ballroom")
    c = client_for(mu["building_inspector"])
    url = f"{MP}/venues/{hall.pk}/spaces/{room.pk}/"
    r = c.post(url, {**_space("Ballroom", "bowling_alley", area="4650"), **version_of(room)})
    assert r.status_code == 422
    assert r.context["form"].errors["alleys"] == [
        "a bowling alley space needs its number of alleys, 0 or more (§ 164-7)"]
    before = room.version
    room.refresh_from_db()
    assert (room.use_group, room.alleys, room.version) == ("assembly_without_fixed_seats", None, before)
    r = c.post(url, {**_space("Ballroom", "bowling_alley", area="4650", alleys="8"), **version_of(room)})
    assert r.status_code == 302
    room.refresh_from_db()
    assert (room.use_group, room.alleys) == ("bowling_alley", 8)


def test_the_service_tells_every_bad_value_of_a_space_at_once(mu, hall):
    """The service itself (the page's and the API's): an empty name, an area beyond the law core's bound and alleys
    on a room that is not a bowling alley (§ 164-7), three errors in one refusal, the first named."""
    with pytest.raises(ValidationFailed) as e:
        vs.add_space(mu["building_inspector"], hall, name=" ", kind="room", use_group="business",
                     area="20000000000", alleys=3)
    assert [f for f, _m in e.value.errors] == ["name", "area", "alleys"]
    assert e.value.field == "name" and e.value.detail == "each room or area needs a name (and 2 more errors)"
    assert hall.spaces.count() == 1
