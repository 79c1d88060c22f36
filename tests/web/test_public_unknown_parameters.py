"""The public checks read the whole address: a parameter the page does not take (``/permit-check/?persns=600``, a
name mistyped in a link) is refused, 422, naming it, the field it was likely meant for and the parameters the
page takes — it was ignored, and the organizer got the answer to another question (here: no number of persons,
so "This field is required." beside a field that the link did fill in, under another name; with the number
right and ``sponsr_kind=church``, the answer for no sponsor). What the pages send themselves is taken, and so
are the tags another site adds to a link followed from it (``utm_*``, ``fbclid``…)."""

from __future__ import annotations

import html as htmllib
import re
from urllib.parse import urlencode

import pytest
from django.test import Client

from .conftest import occupancy_query

pytestmark = pytest.mark.django_db

PERMIT_FIELDS = ("persons, purpose, within_town, first_day, last_day, admission_fee, sponsor_kind, sponsor_in_town, "
                 "church_established, chapter_in_town_since, sponsor_runs_it, as_of")
OCCUPANCY_FIELDS = ("commercial, attendance, toilets, as_of, form-<n>-name, form-<n>-use_group, form-<n>-area, "
                    "form-<n>-area_unit, form-<n>-alleys, form-TOTAL_FORMS, form-INITIAL_FORMS, form-MIN_NUM_FORMS, "
                    "form-MAX_NUM_FORMS, add, remove")
#: The tags other sites add to a link followed from them, and htmx's cache buster: taken, not read.
LINK_TAGS = {"utm_source": "newsletter", "utm_campaign": "summer", "fbclid": "IwAR0x", "gclid": "Cj0K",
             "msclkid": "abc", "org.htmx.cache-buster": "result"}


def _text(r) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", r.content.decode())))


def _page_parameters(html: str) -> set[str]:
    """The names of the controls of the page's form (what the browser sends from it)."""
    form = re.search(r'<form method="get".*?</form>', html, re.S)
    assert form, "no GET form on the page"
    return set(re.findall(r'<(?:input|select|textarea|button)[^>]*\bname="([^"]+)"', form.group(0)))


_space = occupancy_query


# --- Do I need a permit? (Carmel ch. 31) -------------------------------------------------------------------


def test_permit_check_mistyped_persons_is_refused_naming_it_and_the_field_meant():
    r = Client().get("/permit-check/?persns=600&as_of=2026-05-01")
    assert r.status_code == 422
    assert (f"The address names a field this page does not have: 'persns' (did you mean persons?). "
            f"It takes: {PERMIT_FIELDS}.") in _text(r)
    assert "A permit from the Town Board" not in _text(r)


def test_permit_check_a_mistyped_field_beside_the_right_ones_gives_no_answer():
    """The persons right and the sponsor mistyped: the answer would be that of an assembly with no sponsor."""
    r = Client().get("/permit-check/", {"persons": "600", "as_of": "2026-05-01", "sponsr_kind": "church"})
    assert r.status_code == 422
    assert "'sponsr_kind' (did you mean sponsor_kind?)" in _text(r)
    assert "A permit from the Town Board" not in _text(r)


def test_permit_check_a_parameter_like_none_of_its_fields_is_named_without_a_guess():
    r = Client().get("/permit-check/", {"persons": "600", "as_of": "2026-05-01", "colour": "blue"})
    assert r.status_code == 422
    assert f"The address names a field this page does not have: 'colour'. It takes: {PERMIT_FIELDS}." in _text(r)


def test_permit_check_each_unknown_parameter_is_named_once():
    r = Client().get("/permit-check/?persons=600&as_of=2026-05-01&Persons=1&Persons=2&x=1")
    assert r.status_code == 422
    assert _text(r).count("does not have: 'Persons'") == 1 and _text(r).count("does not have: 'x'") == 1


def test_permit_check_live_answer_refuses_an_unknown_parameter_where_the_answer_goes():
    r = Client().get("/permit-check/", {"persons": "600", "as_of": "2026-05-01", "persns": "600"},
                     HTTP_HX_REQUEST="true")
    assert r.status_code == 422 and "<html" not in r.content.decode()
    assert "does not have: 'persns' (did you mean persons?)" in _text(r)
    assert "A permit from the Town Board" not in _text(r)


def test_permit_check_takes_every_field_the_page_sends():
    page = Client().get("/permit-check/")
    names = _page_parameters(page.content.decode())
    assert names == set(PERMIT_FIELDS.split(", "))
    data = dict.fromkeys(names, "")
    data.update(persons="600", within_town="yes", as_of="2026-05-01")
    r = Client().get("/permit-check/", data)
    assert r.status_code == 200 and "does not have" not in _text(r)
    assert "A permit from the Town Board" in _text(r)


def test_permit_check_takes_the_tags_of_a_link_shared_elsewhere():
    r = Client().get("/permit-check/", {"persons": "600", "as_of": "2026-05-01", **LINK_TAGS})
    assert r.status_code == 200 and "A permit from the Town Board" in _text(r)


@pytest.mark.parametrize("query", ["fbclid=IwAR0x", "utm_source=newsletter&utm_medium=email"])
def test_permit_check_link_with_only_tags_shows_the_empty_form(query):
    """A link to the page shared elsewhere (no question asked) was a form sent empty: "This field is required."
    beside the persons, 422."""
    r = Client().get(f"/permit-check/?{query}")
    assert r.status_code == 200
    assert "This field is required" not in _text(r) and "does not have" not in _text(r)


# --- How many people may this space hold? (Mount Pleasant ch. 164) -----------------------------------------


def test_occupancy_mistyped_place_field_is_refused_naming_it():
    r = Client().get("/occupancy/", _space(comercial="no"))
    assert r.status_code == 422
    assert (f"The address names a field this page does not have: 'comercial' (did you mean commercial?). "
            f"It takes: {OCCUPANCY_FIELDS}.") in _text(r)
    assert "Lawful occupancy" not in _text(r)


def test_occupancy_mistyped_room_field_is_refused_naming_the_field_meant():
    r = Client().get("/occupancy/", _space(**{"form-0-aera": "2000"}))
    assert r.status_code == 422
    assert "does not have: 'form-0-aera' (did you mean form-0-area?)" in _text(r)
    assert "Lawful occupancy" not in _text(r)


def test_occupancy_room_beyond_the_rooms_counted_is_refused():
    """``form-1-*`` with ``form-TOTAL_FORMS=1``: Django built one room and left the Lobby out of the answer."""
    lobby = {"form-1-name": "Lobby", "form-1-use_group": "assembly_without_fixed_seats", "form-1-area": "500",
             "form-1-area_unit": "sq_ft"}
    r = Client().get("/occupancy/", _space(**lobby))
    assert r.status_code == 422
    assert ("The address names room 2 ('form-1-name'), but form-TOTAL_FORMS counts 1; count it there or leave "
            "it out.") in _text(r)
    assert "Lawful occupancy" not in _text(r)
    counted = Client().get("/occupancy/", _space(**lobby, **{"form-TOTAL_FORMS": "2"}))
    assert counted.status_code == 200 and "Lawful occupancy: 99 persons" in _text(counted)  # 66 + 33 (§ 164-7)


def test_occupancy_room_fields_of_a_count_refused_are_not_refused_again():
    """A count that is not one (or beyond the 50 rooms) is refused by itself; its rooms are not told again."""
    r = Client().get("/occupancy/", _space(**{"form-TOTAL_FORMS": "x", "form-3-name": "Lobby"}))
    assert r.status_code == 422 and "form-TOTAL_FORMS: must be a whole number" in _text(r)
    assert "does not have" not in _text(r) and "The address names room" not in _text(r)


def test_occupancy_takes_every_field_the_page_sends():
    page = Client().get("/occupancy/", {**_space(), "add": "1"})
    assert page.status_code == 200
    names = _page_parameters(page.content.decode())
    assert {"add", "form-TOTAL_FORMS", "form-1-name", "commercial"} <= names
    data = {**_space(), "form-TOTAL_FORMS": "2", "form-1-name": "Lobby",
            "form-1-use_group": "assembly_without_fixed_seats", "form-1-area": "500", "form-1-area_unit": "sq_ft"}
    assert names <= {*data, "add", "remove", "attendance", "toilets", "form-0-alleys", "form-1-alleys",
                     "form-MIN_NUM_FORMS", "form-MAX_NUM_FORMS"}
    sent = {name: data.get(name, "") for name in names if name not in ("add", "remove")}
    r = Client().get(f"/occupancy/?{urlencode(sent)}")
    assert r.status_code == 200 and "does not have" not in _text(r)
    assert "Lawful occupancy: 99 persons" in _text(r)


def test_occupancy_takes_the_tags_of_a_link_shared_elsewhere():
    r = Client().get("/occupancy/", _space(**LINK_TAGS))
    assert r.status_code == 200 and "Lawful occupancy: 66 persons" in _text(r)


# --- the occupancy check reached by a link without the count of rooms ----------------------------------------


@pytest.mark.parametrize(("query", "told"), [
    ("?persns=1", "The address names a field this page does not have: &#x27;persns&#x27;"),
    ("?attendance=50", "Describe at least one room or area."),
    ("?form-0-area=100", "The address names room 1 (&#x27;form-0-area&#x27;), but form-TOTAL_FORMS counts 0"),
])
def test_occupancy_link_without_the_count_of_rooms_is_read_not_ignored(query, told):
    """§§ 164-7, 164-8: a link to the occupancy check with its own parameters but no ``form-TOTAL_FORMS``
    was shown as the empty form, the parameters dropped unsaid (the attendance of 50 lost, a mistyped name not
    told); it is read as giving no room."""
    r = Client().get("/occupancy/" + query)
    assert r.status_code == 422 and told in r.content.decode()


def test_occupancy_link_keeps_what_it_gives_while_asking_for_a_room():
    r = Client().get("/occupancy/?attendance=50&commercial=yes")
    page = r.content.decode()
    assert r.status_code == 422 and "Describe at least one room or area." in page
    assert re.search(r'<input[^>]*name="attendance"[^>]*value="50"', page)
    assert re.search(r'<option value="yes" selected>', page)


@pytest.mark.parametrize("query", ["", "?fbclid=abc", "?utm_source=news&utm_medium=email"])
def test_occupancy_link_with_nothing_the_page_reads_shows_the_empty_form(query):
    r = Client().get("/occupancy/" + query)
    assert r.status_code == 200 and "Describe at least one room or area." not in r.content.decode()


# --- the certificate look-up (§ 164-9) -------------------------------------------------------------------------


def test_certificate_lookup_mistyped_number_is_told_by_name():
    """§ 164-9: ``?nmber=`` was told only "Give the certificate number" as if nothing had been given."""
    r = Client().get("/certificates/?nmber=MP-2025-0001")
    assert r.status_code == 422
    assert ("The address names a field this page does not have: &#x27;nmber&#x27; (did you mean number?). "
            "It takes: number.") in r.content.decode()


@pytest.mark.parametrize("query", ["", "?fbclid=abc"])
def test_certificate_lookup_link_with_nothing_it_reads_shows_the_form(query):
    r = Client().get("/certificates/" + query)
    assert r.status_code == 200 and "Give the certificate number" not in r.content.decode()
