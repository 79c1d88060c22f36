"""The page adding or changing a room or area of a place of assembly (Mount Pleasant ch. 164, §§ 164-4, 164-7)
tells every refusal at once, each beside its own field: its form's (an area that is not a number, a story that
is not a whole number) and the venues service's of the values the form took (a name another room has, a bowling
alley without its number of alleys, a room to connect with that the place does not have), as the API's POST of a
room tells its schema's and the service's (W-30); they were told one page after another. Nothing is stored.

The form asks the rooms a room connects with (``connects_with``) and whether their entrance is common
(``common_entrance``), § 164-4, as the API's body does (M-5, M-23): a connection made on the page joins the rooms
into one place of assembly, is shown ticked on both rooms' pages, and is removed by unticking it."""

from __future__ import annotations

import pytest
from tests.web.conftest import client_for, version_of

from publicassembly.venues import services as vs
from publicassembly.venues.models import SpaceConnection

pytestmark = pytest.mark.django_db

MP = "/mount-pleasant-ny"
TAKEN = "Kensico Manor already has a space named 'Ballroom'"
NOT_A_NUMBER = "Give a number, e.g. 1250 or 1250.50 (got 'lots')."
NOT_WHOLE = "Give a whole number, e.g. 12 (got 'x')."
NO_ALLEYS = "a bowling alley space needs its number of alleys, 0 or more (§ 164-7)"


def _space(name: str, use_group: str = "business", area: str = "300", **more: str) -> dict[str, object]:
    return {"new-name": name, "new-use_group": use_group, "new-area": area, "new-area_unit": "sq_ft",
            **{f"new-{k}": v for k, v in more.items()}}


def _add(user, hall, data: dict):
    return client_for(user).post(f"{MP}/venues/{hall.pk}/spaces/", {**data, **version_of(hall)})


def _names(hall) -> list[str]:
    return list(hall.spaces.order_by("id").values_list("name", flat=True))


def _connections(hall) -> set[frozenset[str]]:
    return {frozenset((c.from_space.name, c.to_space.name)) for c in SpaceConnection.objects.filter(venue=hall)}


def test_an_area_not_a_number_and_a_name_taken_are_both_told_beside_their_fields(mu, hall):
    """The form refuses the area; the service, asked of the values the form took, the name ("BALLROOM" is the
    Ballroom's name as a reader takes it): one answer, each beside its field, none above the form."""
    r = _add(mu["building_inspector"], hall, _space("BALLROOM", area="lots"))
    assert r.status_code == 422
    errors = r.context["space_form"].errors
    assert errors["area"] == [NOT_A_NUMBER]  # (the form's words alone: the service did not get an area)
    assert errors["name"] == [TAKEN]
    assert "__all__" not in errors
    page = r.content.decode()
    assert '<a href="#id_new-area">' in page and '<a href="#id_new-name">' in page  # (the summary links to both)
    assert _names(hall) == ["Ballroom"]


def test_a_story_not_a_number_and_a_name_taken_are_both_told(mu, hall):
    """A name taken is told with the form's refusal of another field even when the service refuses no other value
    (on a form of good values it is told after the version: the same form sent twice is 409)."""
    r = _add(mu["building_inspector"], hall, _space("ballroom", story="x"))
    assert r.status_code == 422
    errors = r.context["space_form"].errors
    assert (errors["story"], errors["name"]) == ([NOT_WHOLE], [TAKEN])
    assert _names(hall) == ["Ballroom"]


def test_rooms_to_connect_with_that_the_place_does_not_have_are_told_beside_connects_with_164_4(mu, hall):
    """Rooms removed (or renamed) since the page was opened, still ticked: the service names the rooms there are,
    beside ``connects_with``, each, with the form's refusal of the area."""
    r = _add(mu["building_inspector"], hall, _space("Lounge", area="lots", connects_with=["Cellar", "Attic"]))
    assert r.status_code == 422
    errors = r.context["space_form"].errors
    assert errors["area"] == [NOT_A_NUMBER]
    assert errors["connects_with"] == ["no space of Kensico Manor is named 'Cellar'; spaces: Ballroom",
                                       "no space of Kensico Manor is named 'Attic'; spaces: Ballroom"]
    page = r.content.decode()
    assert '<a href="#id_new-connects_with">Connects with (§ 164-4)</a>' in page  # (the summary: to its boxes)
    group = page.split("<legend>Connects with (§ 164-4)</legend>")[1].split("</fieldset>")[0]  # (its own group)
    assert "no space of Kensico Manor is named &#x27;Cellar&#x27;" in group
    assert _names(hall) == ["Ballroom"] and not _connections(hall)


def test_the_form_and_the_service_refusing_the_same_field_tell_it_once_in_the_forms_words(mu, hall):
    """The other side: an area refused by the form is not told again in the service's words, and a form of good
    values is added."""
    bi = mu["building_inspector"]
    r = _add(bi, hall, _space("Lounge", area="-3 sq ft"))
    assert r.status_code == 422 and list(r.context["space_form"].errors) == ["area"]
    assert len(r.context["space_form"].errors["area"]) == 1
    r = _add(bi, hall, _space("Lounge"))
    assert r.status_code == 302
    assert _names(hall) == ["Ballroom", "Lounge"]


def test_the_connecting_room_and_its_common_entrance_asked_and_stored_164_4(mu, hall):
    """§ 164-4: the Lounge connects with the Ballroom through a common entrance. The add form lists the place's
    rooms to tick; what is ticked is stored as the API stores ``connects_with``, with ``common_entrance``."""
    bi = mu["building_inspector"]
    page = client_for(bi).get(f"{MP}/venues/{hall.pk}/").content.decode()
    assert 'name="new-connects_with" value="Ballroom"' in page and 'type="checkbox"' in page
    assert 'name="new-common_entrance"' in page
    r = _add(bi, hall, _space("Lounge", connects_with=["Ballroom"], common_entrance="yes"))
    assert r.status_code == 302, r.content.decode()[-2000:]
    lounge = hall.spaces.get(name="Lounge")
    assert lounge.common_entrance is True
    assert _connections(hall) == {frozenset({"Ballroom", "Lounge"})}
    assert vs.connected_names(lounge) == ["Ballroom"] and vs.connected_names(hall.spaces.get(name="Ballroom")) == [
        "Lounge"]


def test_the_edit_page_shows_the_connection_ticked_on_both_rooms_and_unticking_removes_it(mu, hall):
    bi = mu["building_inspector"]
    vs.add_space(bi, hall, name="Lounge", kind="room", use_group="business", area="300", common_entrance=True,
                 connects_with=["Ballroom"])
    ballroom, lounge = hall.spaces.get(name="Ballroom"), hall.spaces.get(name="Lounge")
    c = client_for(bi)
    page = c.get(f"{MP}/venues/{hall.pk}/spaces/{ballroom.pk}/").content.decode()
    box = page.split('value="Lounge"')[0].rsplit("<input", 1)[1] + page.split('value="Lounge"')[1].split(">")[0]
    assert 'name="new-connects_with"' in box and "checked" in box  # (connected: named by the Lounge)
    assert 'value="Ballroom"' not in page.split('name="new-connects_with"', 1)[1].split("</div>")[0]  # not itself
    # saved unchanged, the connection stays; saved with the box unticked, it is removed
    form = {**_space("Lounge", area="300", connects_with=["Ballroom"], common_entrance="yes"), **version_of(lounge)}
    assert c.post(f"{MP}/venues/{hall.pk}/spaces/{lounge.pk}/", form).status_code == 302
    assert _connections(hall) == {frozenset({"Ballroom", "Lounge"})}
    form = {**_space("Lounge", area="300", common_entrance="yes"), **version_of(lounge)}
    assert c.post(f"{MP}/venues/{hall.pk}/spaces/{lounge.pk}/", form).status_code == 302
    assert not _connections(hall)


def test_an_edit_tells_the_forms_refusal_and_the_services_at_once_and_changes_nothing_m21(mu, hall):
    """The Ballroom made a bowling alley (no alleys stored: the service's refusal, M-21) with a story that is not a
    whole number (the form's): both, each beside its field; the room unchanged."""
    room = hall.spaces.get(name="Ballroom")
    before = room.version
    r = client_for(mu["building_inspector"]).post(
        f"{MP}/venues/{hall.pk}/spaces/{room.pk}/",
        {**_space("Ballroom", "bowling_alley", area="4650", story="x"), **version_of(room)})
    assert r.status_code == 422
    errors = r.context["form"].errors
    assert (errors["story"], errors["alleys"]) == ([NOT_WHOLE], [NO_ALLEYS])
    assert "__all__" not in errors
    room.refresh_from_db()
    assert (room.use_group, room.story, room.version) == ("assembly_without_fixed_seats", None, before)


def test_an_edit_renaming_to_a_name_taken_with_a_bad_area_tells_both(mu, hall):
    bi = mu["building_inspector"]
    vs.add_space(bi, hall, name="Lounge", kind="room", use_group="business", area="300")
    lounge = hall.spaces.get(name="Lounge")
    r = client_for(bi).post(f"{MP}/venues/{hall.pk}/spaces/{lounge.pk}/",
                            {**_space("ballroom", area="lots"), **version_of(lounge)})
    assert r.status_code == 422
    errors = r.context["form"].errors
    assert (errors["area"], errors["name"]) == ([NOT_A_NUMBER], [TAKEN])
    lounge.refresh_from_db()
    assert lounge.name == "Lounge"


def test_the_preview_of_a_room_being_added_judges_its_connections_164_4(mu, hall):
    """The live preview sends the law core the rooms ticked: one the place has is judged (200), one it has not is
    refused beside ``connects_with`` (422)."""
    c = client_for(mu["building_inspector"])
    query = {**_space("Lounge", common_entrance="yes")}
    r = c.get(f"{MP}/venues/{hall.pk}/preview/", {**query, "new-connects_with": ["Ballroom"]})
    assert r.status_code == 200 and "lawful occupancy" in r.content.decode()
    r = c.get(f"{MP}/venues/{hall.pk}/preview/", {**query, "new-connects_with": ["Cellar"]})
    assert r.status_code == 422
    assert "Cellar" in r.context["form"].errors["connects_with"][0]
