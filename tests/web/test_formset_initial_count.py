"""A formset's ``INITIAL_FORMS`` (the forms the page was opened with) above its ``TOTAL_FORMS`` (the forms sent),
negative or not a number, on the occupancy check (Mount Pleasant §§ 164-7, 164-8) and the petition's further
properties (Carmel ch. 31, permit requirements ¶ B(2)): above the total, Django took it, counting every form sent
as one the page was opened with, so that none was left out when empty. Each is refused with one error naming the
field, nothing determined or saved; at the total or below, taken."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from django.test import Client
from tests.web.conftest import client_for
from tests.web.test_petition_web import FULL

from publicassembly.permits.models import PermitApplication

from .conftest import occupancy_query

pytestmark = pytest.mark.django_db


def _text(r) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", r.content.decode())))


@pytest.mark.parametrize(("initial", "said"), [
    ("2", "form-INITIAL_FORMS: must be at most form-TOTAL_FORMS, the forms sent (got '2', with form-TOTAL_FORMS "
          "'1')."),
    ("0002", "form-INITIAL_FORMS: must be at most form-TOTAL_FORMS, the forms sent (got '0002'"),
    ("9" * 5000, "form-INITIAL_FORMS: must be at most form-TOTAL_FORMS, the forms sent (got '9999"),
    ("-1", "form-INITIAL_FORMS: must be a whole number of 0 or more (got '-1')."),
    ("one", "form-INITIAL_FORMS: must be a whole number of 0 or more (got 'one')."),
])
def test_occupancy_initial_forms_above_the_total_negative_or_not_a_number_is_one_error(initial, said):
    """§§ 164-7, 164-8: one room sent, ``form-INITIAL_FORMS=2`` was taken and the room answered."""
    r = Client().get("/occupancy/", occupancy_query(**{"form-INITIAL_FORMS": initial}))
    assert r.status_code == 422
    text = _text(r)
    assert said in text and text.count("form-INITIAL_FORMS:") == 1
    assert "Lawful occupancy" not in text and "This field is required" not in text
    assert "Describe at least one room" not in text and "ManagementForm" not in text


@pytest.mark.parametrize("initial", ["0", "1", "01"])
def test_occupancy_initial_forms_at_the_total_or_below_is_taken(initial):
    r = Client().get("/occupancy/", occupancy_query(**{"form-INITIAL_FORMS": initial}))
    assert r.status_code == 200 and "Lawful occupancy: 66 persons" in _text(r)


def test_occupancy_initial_forms_above_an_empty_room_was_the_room_required():
    """Two rooms sent, the second left empty, ``form-INITIAL_FORMS=2``: the empty room was judged ("This field is
    required." for each field) instead of being left out; now the count is told, once."""
    data = occupancy_query(**{"form-TOTAL_FORMS": "2", "form-INITIAL_FORMS": "3", "form-1-area_unit": "sq_ft"})
    r = Client().get("/occupancy/", data)
    assert r.status_code == 422 and "form-INITIAL_FORMS: must be at most form-TOTAL_FORMS" in _text(r)
    taken = Client().get("/occupancy/", {**data, "form-INITIAL_FORMS": "0"})
    assert taken.status_code == 200 and "Lawful occupancy: 66 persons" in _text(taken)


@pytest.mark.parametrize(("initial", "total", "said"), [
    ("2", "1", "property-INITIAL_FORMS: must be at most property-TOTAL_FORMS, the forms sent (got '2', with "
               "property-TOTAL_FORMS '1')."),
    ("-1", "1", "property-INITIAL_FORMS: must be a whole number of 0 or more (got '-1')."),
    ("x", "1", "property-INITIAL_FORMS: must be a whole number of 0 or more (got 'x')."),
])
def test_petition_initial_properties_above_the_total_negative_or_not_a_number_saves_nothing(
        carmel, cu, initial, total, said):
    """Permit requirements ¶ B(2): the further properties' count refused with one error, nothing saved."""
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", {
        **FULL, "property-INITIAL_FORMS": initial, "property-TOTAL_FORMS": total})
    assert r.status_code == 422
    text = _text(r)
    assert said in text and text.count("property-INITIAL_FORMS:") == 1
    assert PermitApplication.objects.count() == 0


@pytest.mark.parametrize("initial", ["0", "1"])
def test_petition_initial_properties_at_the_total_or_below_is_taken(carmel, cu, initial):
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", {
        **FULL, "property-INITIAL_FORMS": initial, "property-TOTAL_FORMS": "1"})
    assert r.status_code == 302 and PermitApplication.objects.count() == 1
