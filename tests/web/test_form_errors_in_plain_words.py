"""The staff forms say what a field takes and what was given, not Django's wording (`PlainErrors`): a value
not among a choice field's choices names the values allowed ("Select a valid choice. perhaps is not one of the
available choices." before), a number, date or time not read gives an example and the value ("Enter a whole
number." before); a value taken gives no error."""

from __future__ import annotations

import pytest
from django.utils import translation

from publicassembly.permits.models import Document
from publicassembly.web.forms.application import ApprovalForm
from publicassembly.web.forms.enforcement import SummonsForm
from publicassembly.web.forms.venues import SpaceForm, VenueForm


def _errors(form) -> dict[str, list[str]]:
    form.is_valid()
    return {name: list(errors) for name, errors in form.errors.items()}


def test_venue_form_names_the_choices_and_the_whole_number(db):
    with translation.override("en"):
        errors = _errors(VenueForm({"name": "Hall", "address": "1 Main St", "commercial": "maybe",
                                    "toilets_provided": "two"}))
    assert errors == {
        "commercial": ["Choose one of: yes, no, or leave it empty for “Not stated” (got 'maybe')."],
        "toilets_provided": ["Give a whole number, e.g. 12 (got 'two')."],
    }


def test_venue_form_takes_what_it_offers(db):
    form = VenueForm({"name": "Hall", "address": "1 Main St", "commercial": "yes", "toilets_provided": "2"})
    assert form.is_valid(), form.errors


def test_space_form_names_the_use_groups_and_units_section_164_7(db):
    with translation.override("en"):
        errors = _errors(SpaceForm({"name": "Ballroom", "use_group": "ballroom", "area": "1000",
                                    "area_unit": "acre"}))
    assert errors["use_group"][0].startswith("Choose one of: ") and "assembly_without_fixed_seats" in \
        errors["use_group"][0] and errors["use_group"][0].endswith("(got 'ballroom').")
    assert errors["area_unit"][0].startswith("Choose one of: sq_ft") and errors["area_unit"][0].endswith(
        "(got 'acre').")


def test_approval_form_names_the_conditions_and_bodies_permit_requirements_c(db):
    with translation.override("en"):
        errors = _errors(ApprovalForm({"condition": "c99", "agency": "mafia", "approved_on": "2026-02-30",
                                       "document": "999"},
                                      documents=Document.objects.none()))
    assert errors["condition"][0].startswith("Choose one of: 1 (") and errors["condition"][0].endswith(
        "(got 'c99').")
    assert errors["agency"][0].startswith("Choose one of: health_department") and errors["agency"][0].endswith(
        "(got 'mafia').")
    assert errors["approved_on"] == ["'2026-02-30' is not a day of the calendar: 2026-02 has 28 days."]
    assert errors["document"] == ["Choose one of the listed values (got '999')."]


@pytest.mark.parametrize(("value", "refused"), [("09:30", False), ("9.30 am", True), ("25:00", True)])
def test_summons_return_time_gives_an_example_section_164_12(db, value, refused):
    with translation.override("en"):
        form = SummonsForm({"return_date": "2026-12-28", "return_time": value})
        form.is_valid()
    said = form.errors.get("return_time", [])
    if refused:
        assert list(said) == [f"Give a time of day, e.g. 09:30 or 19:30 (got '{value}')."]
    else:
        assert not said


@pytest.mark.parametrize("area", ["abc", "12.5.3"])
def test_an_area_not_read_is_asked_for_as_a_number_not_a_whole_number_section_164_7(db, area):
    """A floor area (§ 164-7) takes decimals: a value not read asks for a number with an example of decimals.
    (Django's DecimalField is a subclass of its IntegerField: the whole-number wording was taken first.)"""
    with translation.override("en"):
        errors = _errors(SpaceForm({"name": "Ballroom", "use_group": "business", "area": area,
                                    "area_unit": "sq_ft"}))
    assert errors["area"] == [f"Give a number, e.g. 1250 or 1250.50 (got '{area}')."]
    assert SpaceForm({"name": "Ballroom", "use_group": "business", "area": "1250.50", "area_unit": "sq_ft"}
                     ).is_valid()
