"""The public occupancy check's rows (Mount Pleasant §§ 164-7, 164-8; a new-user trial): "Add another room or
area" added a blank row that could not be removed, the answer for the first room disappeared, and "Compute" then
answered 422 "This field is required." for the blank row — the browser sends the row's lists (its use and unit)
whatever is typed, so Django judged it a room described. Now a row with nothing typed (no name, area or alleys)
is ignored, as Django's formsets ignore an empty extra form; each row has a "Remove" button (a full page, as
"Add" is: it works without JavaScript), the rooms after it moving up, to the page's address without the removal
(reloaded, it removes no other room); and the rooms described are answered while a row is added. 1,000 sq ft of assembly without fixed seats at 15 sq ft per person holds 66 persons."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from tests.web.test_public_get_forms import _beside, _text, _total_shown

from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import USE_GROUPS

pytestmark = pytest.mark.django_db

HALL = {"form-0-name": "Hall", "form-0-use_group": "assembly_without_fixed_seats", "form-0-area": "1000",
        "form-0-area_unit": "sq_ft"}
PLACE = {"commercial": "yes", "as_of": "2026-05-01", "form-INITIAL_FORMS": "0"}


def blank(i: int) -> dict[str, str]:
    """Row `i` as the browser sends it left blank: its text fields empty, its lists at their first values."""
    return {f"form-{i}-name": "", f"form-{i}-use_group": USE_GROUPS[0], f"form-{i}-area": "",
            f"form-{i}-area_unit": "sq_ft", f"form-{i}-alleys": ""}


def room(i: int, name: str, area: str) -> dict[str, str]:
    return {f"form-{i}-name": name, f"form-{i}-use_group": "assembly_without_fixed_seats", f"form-{i}-area": area,
            f"form-{i}-area_unit": "sq_ft"}


def test_adding_a_room_keeps_the_answer_of_the_room_given_164_7():
    r = Client().get("/occupancy/", {**PLACE, **HALL, "form-TOTAL_FORMS": "1", "add": "1"})
    assert r.status_code == 200 and _total_shown(r) == "2"
    assert "Lawful occupancy: 66 persons" in _text(r)
    assert "This field is required" not in _text(r) and "has-error" not in r.content.decode()


def test_compute_with_the_added_row_left_blank_answers_the_room_given_164_7():
    r = Client().get("/occupancy/", {**PLACE, **HALL, **blank(1), "form-TOTAL_FORMS": "2"})
    assert r.status_code == 200, _text(r)
    assert "Lawful occupancy: 66 persons" in _text(r) and "This field is required" not in _text(r)


def test_the_live_answer_with_a_blank_row_is_the_room_given_164_7():
    r = Client().get("/occupancy/", {**PLACE, **HALL, **blank(1), "form-TOTAL_FORMS": "2"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and "Lawful occupancy: 66 persons" in _text(r)


def test_a_blank_first_row_is_ignored_164_7():
    """Row 1 blank, rows 2 and 3 rooms: the law core is given the two rooms (66 + 33 persons)."""
    r = Client().get("/occupancy/", {**PLACE, **blank(0), **room(1, "Hall", "1000"), **room(2, "Lobby", "500"),
                                     "form-TOTAL_FORMS": "3"})
    assert r.status_code == 200 and "Lawful occupancy: 99 persons" in _text(r)


def test_a_row_with_something_typed_is_judged_164_7():
    """An area without a name is not a blank row: the name is asked."""
    r = Client().get("/occupancy/", {**PLACE, **HALL, **blank(1), "form-1-area": "500", "form-TOTAL_FORMS": "2"})
    assert r.status_code == 422
    assert _beside(r, "id_form-1-name") == "This field is required."


def test_every_row_left_blank_asks_for_a_room_164_7():
    r = Client().get("/occupancy/", {**PLACE, **blank(0), **blank(1), "form-TOTAL_FORMS": "2"})
    assert r.status_code == 422 and "Describe at least one room or area." in _text(r)
    assert "This field is required" not in _text(r)


def test_adding_before_anything_is_typed_asks_nothing_yet():
    r = Client().get("/occupancy/", {**PLACE, **blank(0), "form-TOTAL_FORMS": "1", "add": "1"})
    assert r.status_code == 200 and _total_shown(r) == "2"
    assert "Describe at least one room" not in _text(r) and "This field is required" not in _text(r)


def test_each_row_has_a_remove_button_once_there_are_two():
    one = Client().get("/occupancy/", {**PLACE, **HALL, "form-TOTAL_FORMS": "1"}).content.decode()
    assert 'name="remove"' not in one  # (the only row: nothing to remove it for)
    two = Client().get("/occupancy/", {**PLACE, **HALL, "form-TOTAL_FORMS": "1", "add": "1"}).content.decode()
    assert re.findall(r'<button type="submit" name="remove" value="(\d+)"', two) == ["1", "2"]
    assert "Remove room or area 2" in two


def test_removing_a_room_moves_the_rooms_after_it_up_and_answers_164_7():
    data = {**PLACE, **room(0, "Hall", "1000"), **room(1, "Lobby", "500"), **room(2, "Gallery", "500"),
            "form-TOTAL_FORMS": "3", "remove": "2"}
    r = Client().get("/occupancy/", data, follow=True)
    assert r.redirect_chain and "remove" not in r.redirect_chain[-1][0]  # (reloaded, it removes no other room)
    page = r.content.decode()
    assert r.status_code == 200 and _total_shown(r) == "2"
    assert 'name="form-0-name" value="Hall"' in page and 'name="form-1-name" value="Gallery"' in page
    assert "Lobby" not in page and 'name="form-2-name"' not in page
    assert "Lawful occupancy: 99 persons" in _text(r)  # (66 + 33)


def test_removing_the_added_blank_row_leaves_the_room_given_164_7():
    r = Client().get("/occupancy/", {**PLACE, **HALL, **blank(1), "form-TOTAL_FORMS": "2", "remove": "2"},
                     follow=True)
    assert r.status_code == 200 and _total_shown(r) == "1"
    assert 'name="form-1-name"' not in r.content.decode() and "Lawful occupancy: 66 persons" in _text(r)


def test_removing_the_only_room_opens_the_page_afresh_164_7():
    """The last room removed (an address a browser can be given: the page offers "Remove" from two rooms): the page
    as first opened, one blank row to fill in, 200 — not "Describe at least one room or area." with no row (the
    second new-user trial)."""
    r = Client().get("/occupancy/", {**PLACE, **HALL, "form-TOTAL_FORMS": "1", "remove": "1"})
    assert r.status_code == 302 and r["Location"] == "/occupancy/"
    page = Client().get("/occupancy/")
    assert page.status_code == 200 and 'name="form-0-name"' in page.content.decode()
    assert "Describe at least one room or area" not in _text(page)


@pytest.mark.parametrize(("given", "told"), [("3", "'3'"), ("0", "'0'"), ("x", "'x'")])
def test_removing_no_room_of_the_page_is_refused_naming_it(given, told):
    r = Client().get("/occupancy/", {**PLACE, **HALL, **blank(1), "form-TOTAL_FORMS": "2", "remove": given})
    assert r.status_code == 422
    assert f"remove: must be the number of a room or area on the page, 1 to 2 (got {told})." in _text(r)
    assert _total_shown(r) == "2"


@pytest.mark.parametrize(("length", "refused"), [(200, False), (201, True)])
def test_a_room_name_is_at_most_200_characters_as_a_room_of_a_place_164_7(length, refused):
    """A room's name is bounded as a room of a place of assembly is (200 characters, the sign's room): 200 is
    answered, 201 refused beside the name with the bound and the length given (a name of 2,000 characters, which
    the page took before, made a few rooms' address longer than the server reads: a raw 414)."""
    r = Client().get("/occupancy/", {**PLACE, **room(0, "H" * length, "1000"), "form-TOTAL_FORMS": "1"})
    if refused:
        assert r.status_code == 422
        assert _beside(r, "id_form-0-name") == "Is too long: at most 200 characters (got 201)."
    else:
        assert r.status_code == 200 and "Lawful occupancy: 66 persons" in _text(r)
