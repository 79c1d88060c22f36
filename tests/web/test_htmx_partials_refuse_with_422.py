"""The HTMX partials (the live answers of "Do I need a permit?" and "How many people may this space hold?", and
the Building Inspector's preview of a space being typed) answer bad input as the whole pages do: **422**, with the
partial showing the error beside the field that caused it (an out-of-band swap of the field's error box) and the
values the field allows. Good input is 200. The page's script (`site.js`) swaps a 422 partial in; the browser
journey that shows it is in `tests/e2e/test_partial_errors_browser.py`."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from django.test import Client
from tests.web.conftest import client_for
from tests.web.test_public import _space

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def _beside(html: str, field_id: str) -> str:
    """The text of the error box of the field `field_id` swapped out of band ("" when it is empty)."""
    m = re.search(rf'<div class="errors" id="err-{field_id}" aria-live="polite" hx-swap-oob="true">(.*?)</div>',
                  html, re.S)
    assert m, f"no out-of-band error box for {field_id}"
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", m.group(1))).strip()


# -- "Do I need a permit?" ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("params", "field", "words"), [
    ({"persons": "lots"}, "id_persons", "Give a whole number, e.g. 12 (got 'lots')"),
    ({"persons": ""}, "id_persons", "This field is required"),
    ({"persons": "600", "sponsor_kind": "alien"}, "id_sponsor_kind",
     "Choose one of: individual, corporation, parochial_school, private_school, public_school, church"),
    ({"persons": "600", "first_day": "2026-09-02", "last_day": "2026-09-01"}, "id_last_day",
     "The last day cannot be before the first day."),
    # the law core's refusal, beside the field it names
    ({"persons": "600", "as_of": "1900-01-01"}, "id_as_of",
     "The chapter is applied from 1972-01-01, the earliest date its text gives: 1900-01-01 is before it."),
])
def test_permit_check_partial_refuses_bad_input_with_422_beside_the_field(params, field, words):
    r = Client().get("/permit-check/", params, **HX)
    html = r.content.decode()
    assert r.status_code == 422
    assert "<html" not in html  # the partial, not the page
    assert words in _beside(html, field)
    assert "Correct the fields marked in the form to see the answer." in html


def test_permit_check_partial_with_good_input_is_200_with_empty_error_boxes():
    r = Client().get("/permit-check/", {"persons": "600", "as_of": "2026-05-01"}, **HX)
    html = r.content.decode()
    assert r.status_code == 200
    assert "A permit from the Town Board is required" in html
    assert _beside(html, "id_persons") == ""


# -- "How many people may this space hold?" -------------------------------------------------------------------

@pytest.mark.parametrize(("params", "field", "words"), [
    ({"form-0-area": "a lot"}, "id_form-0-area", "(got 'a lot')"),
    ({"form-0-area": "-1"}, "id_form-0-area", "0"),
    ({"form-0-use_group": "ballroom"}, "id_form-0-use_group",
     "Choose one of: assembly_fixed_seats (assembly with fixed seats), assembly_without_fixed_seats"),
    ({"commercial": "maybe"}, "id_commercial", "Choose one of: yes, no, or leave it empty"),
    ({"toilets": "two"}, "id_toilets", "Give a whole number, e.g. 12 (got 'two')"),
])
def test_occupancy_partial_refuses_bad_input_with_422_beside_the_field(params, field, words):
    r = Client().get("/occupancy/", _space(**params), **HX)
    html = r.content.decode()
    assert r.status_code == 422
    assert "<html" not in html
    assert words in _beside(html, field)


def test_occupancy_partial_tells_a_refused_management_field_in_the_answer():
    """A count of rooms that is not a number (only from a link: the page sends its own) belongs to no field: the
    partial says it where the answer goes, naming the field and what it takes."""
    r = Client().get("/occupancy/", _space(**{"form-TOTAL_FORMS": "x"}), **HX)
    html = htmllib.unescape(r.content.decode())
    assert r.status_code == 422
    assert "form-TOTAL_FORMS: must be a whole number of 0 or more (got 'x')." in html


def test_occupancy_partial_with_good_input_is_200():
    r = Client().get("/occupancy/", _space(), **HX)
    assert r.status_code == 200
    assert "Lawful occupancy: 66 persons" in r.content.decode()


# -- The Building Inspector's preview of a space ----------------------------------------------------------------

def _new_space(**kw):
    data = {"new-name": "Lounge", "new-use_group": "assembly_without_fixed_seats", "new-area": "150",
            "new-area_unit": "sq_ft"}
    data.update(kw)
    return data


@pytest.mark.parametrize(("params", "field", "words"), [
    ({"new-area": "abc"}, "id_new-area", "Give a number, e.g. 1250 or 1250.50 (got 'abc')"),
    ({"new-use_group": "nonsense"}, "id_new-use_group", "Choose one of: assembly_fixed_seats"),
    ({"new-name": "Ballroom"}, "id_new-name", "Kensico Manor already has a space named 'Ballroom'"),
    ({"new-alleys": "many"}, "id_new-alleys", "Give a whole number, e.g. 12 (got 'many')"),
])
def test_space_preview_refuses_bad_input_with_422_beside_the_field(mu, hall, params, field, words):
    r = client_for(mu["building_inspector"]).get(f"/mount-pleasant-ny/venues/{hall.pk}/preview/",
                                                 _new_space(**params), **HX)
    html = r.content.decode()
    assert r.status_code == 422
    assert "<html" not in html
    assert words in _beside(html, field)


def test_space_preview_refuses_alleys_on_a_room_that_is_not_a_bowling_alley_in_the_page_language(mu, hall):
    """The law core refuses the space as a whole (alleys on a storage room): 422, its words in the partial, in
    the page's language — not the law core's error as English text with the case's path (``spaces[1]: …``)."""
    r = client_for(mu["building_inspector"]).get(
        f"/mount-pleasant-ny/venues/{hall.pk}/preview/",
        _new_space(**{"new-use_group": "storage", "new-alleys": "3"}), **HX)
    html = htmllib.unescape(r.content.decode())
    assert r.status_code == 422
    assert "only a space of use group bowling_alley has alleys" in html
    assert "spaces[1]" not in html
    assert "With this space" not in html


def test_space_preview_with_good_input_is_200(mu, hall):
    r = client_for(mu["building_inspector"]).get(f"/mount-pleasant-ny/venues/{hall.pk}/preview/", _new_space(),
                                                 **HX)
    html = r.content.decode()
    assert r.status_code == 200
    assert "With this space: lawful occupancy 320 persons" in html
    assert _beside(html, "id_new-area") == ""
