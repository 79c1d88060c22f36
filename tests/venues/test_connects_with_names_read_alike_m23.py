"""The rooms a room connects with (§ 164-4, `connects_with`; interpretations M-5, M-23) are named as the
duplicate-name check reads a name (`same_name`: letter case, spaces around and between the words, and how a
letter is encoded not counted), and each connection is kept to the room itself, in its own spelling. A new-user
trial found "ballroom" refused beside a room named "Ballroom" while "ballroom" could not be added as another
room's name; a room naming itself while it is added told "no space ... is named"; and a name of no room given
twice told twice."""

from __future__ import annotations

import pytest

from publicassembly.venues import services as vs
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

ITSELF = "a space cannot connect with itself"


def _lounge(bi, hall, **kwargs):
    return vs.add_space(bi, hall, name="Lounge", kind="room", use_group="assembly_without_fixed_seats", area=600,
                        common_entrance=True, **kwargs)


@pytest.mark.parametrize("written", ["ballroom", "BALLROOM", " Ballroom ", "BallRoom\t"])
def test_164_4_a_room_named_in_another_case_or_spacing_is_the_room_in_its_own_spelling_m23(bi, hall, written):
    lounge = _lounge(bi, hall, connects_with=[written])
    assert vs.connected_names(lounge) == ["Ballroom"]
    ballroom = hall.spaces.get(name="Ballroom")
    assert "Lounge" in vs.connected_names(ballroom)
    facts = {s["name"]: s for s in vs.venue_case_data(hall)["spaces"]}
    assert facts["Lounge"]["connects_with"] == ["Ballroom"]


@pytest.mark.parametrize("written", ["Ballroom 2", "Balroom", "Ball room"])
def test_164_4_a_name_read_otherwise_is_still_no_room_of_the_place_m23(bi, hall, written):
    """The other side: a name a reader takes for another (a word more, a letter less, a space inside a word)."""
    with pytest.raises(ValidationFailed) as e:
        _lounge(bi, hall, connects_with=[written])
    assert list(e.value.errors) == [("connects_with", f"no space of Kensico Manor is named {written!r}; spaces: "
                                                      "Ballroom, Cocktail room, Terrace")]
    assert not hall.spaces.filter(name="Lounge").exists()


def test_164_4_a_room_changed_to_connect_with_a_name_in_another_case_m23(bi, hall):
    lounge = _lounge(bi, hall)
    vs.update_space(bi, lounge, connects_with=["TERRACE", "cocktail ROOM"])
    assert vs.connected_names(lounge) == ["Cocktail room", "Terrace"]


@pytest.mark.parametrize("itself", ["Lounge", "lounge", " LOUNGE "])
def test_164_4_a_room_naming_itself_while_it_is_added_cannot_connect_with_itself_m23(bi, hall, itself):
    with pytest.raises(ValidationFailed) as e:
        _lounge(bi, hall, connects_with=["Ballroom", itself])
    assert list(e.value.errors) == [("connects_with", ITSELF)]
    assert not hall.spaces.filter(name="Lounge").exists()


def test_164_4_a_room_added_naming_a_room_near_its_own_name_is_told_that_no_room_has_it_m23(bi, hall):
    """The other side: "Lounge 2" beside a room being added as "Lounge" is no room of the place, not itself."""
    with pytest.raises(ValidationFailed) as e:
        _lounge(bi, hall, connects_with=["Lounge 2"])
    assert list(e.value.errors) == [("connects_with", "no space of Kensico Manor is named 'Lounge 2'; spaces: "
                                                      "Ballroom, Cocktail room, Terrace")]


def test_164_4_a_room_renamed_and_naming_its_new_name_cannot_connect_with_itself_m23(bi, hall):
    lounge = _lounge(bi, hall)
    with pytest.raises(ValidationFailed) as e:
        vs.update_space(bi, lounge, name="Salon", connects_with=["salon"])
    assert list(e.value.errors) == [("connects_with", ITSELF)]
    lounge.refresh_from_db()
    assert lounge.name == "Lounge"
    with pytest.raises(ValidationFailed) as e:  # its former name is itself too
        vs.update_space(bi, lounge, name="Salon", connects_with=["LOUNGE"])
    assert list(e.value.errors) == [("connects_with", ITSELF)]


def test_164_4_a_name_of_no_room_given_twice_is_told_once_m23(bi, hall):
    with pytest.raises(ValidationFailed) as e:
        _lounge(bi, hall, connects_with=["Annex", "annex ", "Ballroom", "ANNEX"])
    assert list(e.value.errors) == [("connects_with", "no space of Kensico Manor is named 'Annex'; spaces: "
                                                      "Ballroom, Cocktail room, Terrace")]


def test_164_4_two_names_of_no_room_are_each_told_m23(bi, hall):
    """The other side: two different names of no room are two refusals."""
    with pytest.raises(ValidationFailed) as e:
        _lounge(bi, hall, connects_with=["Annex", "Attic"])
    assert [m for _f, m in e.value.errors] == [
        "no space of Kensico Manor is named 'Annex'; spaces: Ballroom, Cocktail room, Terrace",
        "no space of Kensico Manor is named 'Attic'; spaces: Ballroom, Cocktail room, Terrace"]


def test_164_4_itself_given_twice_is_told_once_and_a_room_named_twice_is_one_connection_m23(bi, hall):
    lounge = _lounge(bi, hall)
    with pytest.raises(ValidationFailed) as e:
        vs.update_space(bi, lounge, connects_with=["Lounge", "lounge"])
    assert list(e.value.errors) == [("connects_with", ITSELF)]
    vs.update_space(bi, lounge, connects_with=["Ballroom", "ballroom"])
    assert vs.connected_names(lounge) == ["Ballroom"]
