"""The live preview of a room being added to a place of assembly (the venue page's "Add a room or area", §§ 164-7,
164-8): opened with no value, or some, it said "This field is required" beside four fields (name, use group,
area, unit) before anything was typed; a parameter of its address that is no field of the form was dropped
unsaid. Now: nothing typed, a plain hint and no error; some typed, the fields still needed named in the hint, no
field left empty refused (the Add button refuses them); a value given and refused, 422, told once beside its field,
in the Add button's words; a parameter that is no field of the form not read, and said so plainly.

The place: Kensico Manor's Ballroom, 4,650 sq ft without fixed seats (15 sq ft per person, § 164-7: 310)."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
REQUIRED = "This field is required"
HINT = "Fill in the space to see the occupancy it gives."
FIELDS = ("name", "use_group", "area", "area_unit", "alleys", "story", "connects_with", "common_entrance")


def _preview(user, hall, query, **headers):
    return client_for(user).get(f"/mount-pleasant-ny/venues/{hall.pk}/preview/", query, **headers)


def _boxes(r) -> dict[str, str]:
    """The text of each field's error box swapped out of band, by field."""
    html = r.content.decode()
    out = {}
    for field in FIELDS:
        m = re.search(rf'<div class="errors" id="err-id_new-{field}" aria-live="polite" hx-swap-oob="true">(.*?)</div>',
                      html, re.S)
        assert m, f"no error box for {field}"
        out[field] = htmllib.unescape(re.sub(r"<[^>]+>", " ", m.group(1))).strip()
    return out


def _text(r) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", r.content.decode())).split())


def _lounge(**kw: str) -> dict[str, str]:
    """A lounge of 150 sq ft without fixed seats (§ 164-7: 10 persons), as the page's form sends it."""
    return {"new-name": "Lounge", "new-use_group": "assembly_without_fixed_seats", "new-area": "150",
            "new-area_unit": "sq_ft", **kw}


@pytest.mark.parametrize("headers", [HX, {}])
def test_opened_with_no_query_the_preview_is_a_plain_hint_and_no_error(mu, hall, headers):
    r = _preview(mu["building_inspector"], hall, {}, **headers)
    assert r.status_code == 200
    assert REQUIRED not in r.content.decode()
    assert HINT in _text(r)
    assert set(_boxes(r).values()) == {""}  # (an error shown before is emptied)


@pytest.mark.parametrize(("query", "still"), [
    ({"new-name": "Lounge"}, "Use group (§§ 164-7, 164-8), Floor area"),
    ({"new-area": "150", "new-use_group": "school"}, "Room or area"),
    ({"new-use_group": "school"}, "Room or area, Floor area"),
    # (what the page sends once a letter was typed and deleted: its select's first use group, the unit chosen)
    ({"new-name": "", "new-use_group": "assembly_fixed_seats", "new-area": "", "new-area_unit": "sq_ft",
      "new-alleys": "", "new-story": "", "new-common_entrance": ""}, "Room or area, Floor area"),
    # § 164-7: a bowling alley's occupancy counts its alleys (5 persons each): the number is still needed
    ({"new-name": "Lanes", "new-use_group": "bowling_alley", "new-area": "150"}, "Bowling alleys"),
])
def test_some_values_typed_the_preview_names_the_fields_it_still_needs_refusing_none(mu, hall, query, still):
    r = _preview(mu["building_inspector"], hall, query, **HX)
    assert r.status_code == 200
    assert REQUIRED not in r.content.decode()
    assert f"To see the occupancy this space gives, fill in: {still}." in _text(r)
    assert set(_boxes(r).values()) == {""}


@pytest.mark.parametrize(("alleys", "persons"), [("0", 325), ("2", 335)])
def test_164_7_a_bowling_alley_with_its_alleys_given_is_counted_at_5_a_lane_and_10_sq_ft(mu, hall, alleys, persons):
    """The other side of the hint: 150 sq ft of additional area at 10 (15 persons) and 5 per alley, with the
    Ballroom's 310."""
    r = _preview(mu["building_inspector"], hall, {"new-name": "Lanes", "new-use_group": "bowling_alley",
                                                  "new-area": "150", "new-alleys": alleys}, **HX)
    assert r.status_code == 200
    assert f"With this space: lawful occupancy {persons} persons." in _text(r)


def test_164_7_all_values_given_the_preview_counts_the_room_without_a_unit_given_in_square_feet(mu, hall):
    """The unit the page always sends, left out of a hand-made address, is the one the form shows chosen: square
    feet (150 / 15 = 10, with the Ballroom's 310)."""
    query = _lounge()
    del query["new-area_unit"]
    r = _preview(mu["building_inspector"], hall, query, **HX)
    assert r.status_code == 200
    assert "With this space: lawful occupancy 320 persons." in _text(r)


def test_a_value_refused_is_422_told_once_beside_its_field_and_an_empty_field_not_at_all(mu, hall):
    r = _preview(mu["building_inspector"], hall, {"new-name": "", "new-use_group": "school", "new-area": "abc"},
                 **HX)
    assert r.status_code == 422
    boxes = _boxes(r)
    assert boxes["area"] == "Give a number, e.g. 1250 or 1250.50 (got 'abc')."
    assert {f: t for f, t in boxes.items() if f != "area"} == dict.fromkeys(set(FIELDS) - {"area"}, "")
    assert _text(r).count("Give a number") == 1 and REQUIRED not in r.content.decode()


@pytest.mark.parametrize("name", ["Ballroom", "ballroom", " BALLROOM "])
def test_a_name_another_room_has_is_told_once_in_the_add_buttons_words(mu, hall, name):
    """The preview showed a room named "Ballroom" as replacing the Ballroom (320 → 10 persons) and "ballroom" in
    the law core's words; the Add button refuses both as the name taken (§ 164-9: a sign must tell rooms apart)."""
    r = _preview(mu["building_inspector"], hall, _lounge(**{"new-name": name}), **HX)
    assert r.status_code == 422
    told = "Kensico Manor already has a space named 'Ballroom'"
    assert _boxes(r)["name"] == told and _text(r).count(told) == 1
    assert "With this space" not in _text(r) and "written differently" not in _text(r)


def test_a_name_of_no_other_room_is_counted(mu, hall):
    """The other side: "Ballroom 2" is a name of its own (310 + 10)."""
    r = _preview(mu["building_inspector"], hall, _lounge(**{"new-name": "Ballroom 2"}), **HX)
    assert r.status_code == 200 and "With this space: lawful occupancy 320 persons." in _text(r)


def test_a_parameter_that_is_no_field_of_the_form_is_not_read_and_said_so_plainly(mu, hall):
    r = _preview(mu["building_inspector"], hall, _lounge(**{"new-area": "150", "persons": "600", "new-nmae": "X"}),
                 **HX)
    assert r.status_code == 200
    text = _text(r)
    assert "With this space: lawful occupancy 320 persons." in text  # (the form's fields read, the rest not)
    assert "Not read (the form has no such field): persons, new-nmae." in text


def test_the_fields_written_without_the_forms_prefix_are_not_read_and_said_so(mu, hall):
    r = _preview(mu["building_inspector"], hall, {"name": "Lounge", "use_group": "school", "area": "150"}, **HX)
    assert r.status_code == 200
    text = _text(r)
    assert HINT in text and "Not read (the form has no such field): name, use_group, area." in text
    assert REQUIRED not in r.content.decode()


def test_what_the_page_sends_with_the_fields_and_a_shared_links_tags_are_not_read_silently(mu, hall):
    """The venue's version and the CSRF token (htmx sends every input of the form), ``utm_*``: no note."""
    r = _preview(mu["building_inspector"], hall, _lounge(expected_version="3", csrfmiddlewaretoken="t",
                                                         utm_source="mail"), **HX)
    assert r.status_code == 200
    assert "Not read" not in _text(r) and "With this space: lawful occupancy 320 persons." in _text(r)
