"""Refusals of the pages that were Django's defaults, saying neither what is allowed nor what was given (a new-user
trial): the petition's noise (Carmel ch. 31 ¶ B(15)) "Ensure that there are no more than 6 digits in total.", a
room's floor area (Mount Pleasant § 164-7) "Ensure that there are no more than 4 decimal places.", and the
registration's town "Select a valid choice. bogus is not one of the available choices.". Each now names the
bound or the values allowed and the value given, in the words of the project's other refusals ("Must be at most
… (got …)", "Choose one of: … (got …)"); nothing is stored."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from tests.web.conftest import client_for
from tests.web.test_petition_web import FULL
from tests.web.test_public_get_forms import _beside

from publicassembly.accounts.models import User
from publicassembly.permits.models import PermitApplication
from publicassembly.web.forms import venues as vf
from publicassembly.web.forms.application import ApproveForm, PetitionForm

pytestmark = pytest.mark.django_db

REGISTER = {"username": "olga", "first_name": "Olga", "last_name": "Reyes", "email": "olga@example.org",
            "password1": "a long passphrase 42", "password2": "a long passphrase 42"}

# --- ¶ B(15): the greatest noise at the nearest adjoining property, 0 to 1,000 dB as the law core takes it --------


@pytest.mark.parametrize(("given", "told"), [
    ("1000000", "Must be at most 1,000 (got 1,000,000)."),       # the trial's: "no more than 6 digits in total"
    ("1000.5", "Must be at most 1,000 (got 1,000.5)."),
    ("-1", "Must be at least 0 (got -1)."),
])
def test_the_noise_beyond_the_law_cores_bound_is_told_with_it_and_the_value_para_b15(carmel, cu, given, told):
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", {**FULL, "max_noise_decibels": given})
    assert r.status_code == 422
    assert _beside(r, "id_max_noise_decibels") == told
    assert PermitApplication.objects.count() == 0


@pytest.mark.parametrize("given", ["1000", "0", "65.25"])
def test_a_noise_of_0_to_1000_db_is_taken_as_the_api_takes_it_para_b15(given):
    """The page took one decimal place only ("no more than 1 decimal place"), the API's petition any."""
    form = PetitionForm({"max_noise_decibels": given})
    form.is_valid()
    assert "max_noise_decibels" not in form.errors
    assert str(form.cleaned_data["max_noise_decibels"]) == given


# --- § 164-7: a floor area, to four decimal places ------------------------------------------------------------------


def test_the_occupancy_check_tells_an_area_of_too_many_places_with_the_value_164_7():
    r = Client().get("/occupancy/", {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "0", "form-0-name": "Hall",
                                     "form-0-use_group": "assembly_without_fixed_seats", "form-0-area": "1000.12345",
                                     "form-0-area_unit": "sq_ft"})
    assert r.status_code == 422
    assert _beside(r, "id_form-0-area") == "Write at most 4 decimal places (got '1000.12345')."


@pytest.mark.parametrize(("given", "ok"), [("1000.1234", True), ("1000.12345", False)])
def test_a_rooms_area_on_the_venue_page_takes_four_decimal_places_not_five_164_7(given, ok):
    form = vf.SpaceForm({"name": "Hall", "use_group": "assembly_without_fixed_seats", "area": given,
                         "area_unit": "sq_ft"})
    assert form.is_valid() is ok
    if not ok:
        assert form.errors["area"] == [f"Write at most 4 decimal places (got '{given}')."]


# --- money: the largest amount the field takes -----------------------------------------------------------------------


@pytest.mark.parametrize(("given", "ok"), [("9999999999.99", True), ("10000000000", False)])
def test_a_bond_of_too_many_digits_is_told_the_largest_amount_para_f(given, ok):
    form = ApproveForm({"bond_amount": given})
    form.is_valid()
    assert ("bond_amount" not in form.errors) is ok
    if not ok:
        assert form.errors["bond_amount"] == ["Must be at most 9,999,999,999.99 (got '10000000000')."]


# --- the registration's town --------------------------------------------------------------------------------------


def test_a_town_not_offered_is_told_with_the_towns_there_are_and_the_value():
    r = Client().post("/accounts/register/", {**REGISTER, "town": "bogus"})
    assert r.status_code == 422
    told = _beside(r, "id_town")
    assert told == ("Choose one of: carmel-ny (Town of Carmel, New York), mount-pleasant-ny (Town of Mount Pleasant, "
                    "New York) (got 'bogus')."), told
    assert "Select a valid choice" not in r.content.decode()
    assert not User.objects.filter(username=REGISTER["username"]).exists()


def test_a_town_offered_registers_the_applicant():
    r = Client().post("/accounts/register/", {**REGISTER, "town": "carmel-ny"})
    assert r.status_code == 302 and re.search(r"/dashboard/$", r["Location"])
