"""Every web form reads a number as the law core does (register G-5).

A new-user trial found the pages taking numbers the CLI and the API refuse: Django's ``IntegerField`` took
``1_000`` as 1000 and full-width ``２０００`` or Arabic-Indic ``٣`` as numbers, its ``DecimalField`` took ``1_0.5`` as
10.50. A whole number (persons, spaces, nurses, alleys, days) is now written in the digits 0-9, as the law core's
``Count`` reads it; a decimal (money, an area, decibels) may not hold ``_`` and reads other digits as
``to_decimal`` does. Each value is either refused beside its field (HTTP 422, nothing saved) or taken as the same
number the law core gives."""

from __future__ import annotations

import html as htmllib
import importlib
import pkgutil
import re
from decimal import Decimal

import pytest
from django import forms
from django.test import Client
from django.utils import translation
from pydantic import TypeAdapter
from pydantic import ValidationError as PydanticValidationError
from tests.web.conftest import client_for, version_of
from tests.web.test_petition_web import FULL

import publicassembly.web
from publicassembly.law.units import Count, InvalidNumber, Money, to_decimal
from publicassembly.permits.models import Document, PermitApplication
from publicassembly.web.forms import application as af
from publicassembly.web.forms import enforcement as ef
from publicassembly.web.forms import public as pf
from publicassembly.web.forms import venues as vf
from publicassembly.web.forms.widgets import NumberField, WholeNumberField

from .conftest import occupancy_query

pytestmark = pytest.mark.django_db

#: What a whole-number field makes of each value (None: refused).
WHOLE = {"1_000": None, "２０００": None, "٣": None, "1_0.5": None, " 12 ": 12, "+5": 5, "1e3": None}
#: What a decimal field makes of each value (None: refused).
DECIMAL = {"1_000": None, "２０００": Decimal(2000), "٣": Decimal(3), "1_0.5": None, " 12 ": Decimal(12),
           "+5": Decimal(5), "1e3": Decimal(1000)}
VALUES = list(WHOLE)


def _law_count(value: str) -> int | None:
    try:
        return TypeAdapter(Count).validate_python(value)
    except PydanticValidationError:
        return None


def _law_money(value: str) -> Decimal | None:
    try:
        return TypeAdapter(Money).validate_python(value)
    except PydanticValidationError:
        return None


def _law_decimal(value: str) -> Decimal | None:
    try:
        return to_decimal(value)
    except InvalidNumber:
        return None


@pytest.mark.parametrize("value", VALUES)
def test_the_expected_readings_are_the_law_cores(value):
    """The tables below are the law core's own readings: a whole number as ``Count`` (the API's and the case
    file's facts), a decimal as ``to_decimal`` and ``Money``; if the law core changed its reading, this fails."""
    assert _law_count(value) == WHOLE[value]
    assert _law_decimal(value) == DECIMAL[value]
    assert _law_money(value) == DECIMAL[value]


def _form_classes() -> list[type[forms.BaseForm]]:
    found = []
    for info in pkgutil.walk_packages(publicassembly.web.__path__, "publicassembly.web."):
        module = importlib.import_module(info.name)
        found += [v for v in vars(module).values() if isinstance(v, type) and issubclass(v, forms.BaseForm)
                  and v.__module__ == info.name]
    return found


def test_every_number_field_of_every_web_form_reads_as_the_law_core():
    """No form of the pages (the public's, the organizer's, the officers') keeps Django's own reading."""
    classes = _form_classes()
    assert {"PetitionForm", "PermitCheckForm", "OccupancyCheckForm", "DispositionForm",
            "RecordInspectionForm"} <= {c.__name__ for c in classes}
    wrong = [f"{c.__module__}.{c.__name__}.{name}" for c in classes for name, field in c.base_fields.items()
             if (isinstance(field, forms.IntegerField) and not isinstance(field, forms.DecimalField | forms.FloatField)
                 and not isinstance(field, WholeNumberField))
             or (isinstance(field, forms.DecimalField) and not isinstance(field, NumberField))
             or isinstance(field, forms.FloatField)]
    assert wrong == []


#: (form kind, how to make it from data, data it needs besides the field, the field, whole or decimal)
CASES = [
    ("permit check", pf.PermitCheckForm, {"persons": "600"}, "persons", "whole"),
    ("permit check", pf.PermitCheckForm, {"persons": "600"}, "admission_fee", "decimal"),
    ("occupancy check", pf.OccupancyCheckForm, {}, "attendance", "whole"),
    ("occupancy check", pf.OccupancyCheckForm, {}, "toilets", "whole"),
    ("occupancy room", pf.SpaceForm, {"name": "Lanes", "use_group": "bowling_alley", "area_unit": "sq_ft"},
     "alleys", "whole"),
    ("occupancy room", pf.SpaceForm, {"name": "Hall", "use_group": "business", "area_unit": "sq_ft"}, "area",
     "decimal"),
    ("petition", af.PetitionForm, FULL, "max_persons_at_one_time", "whole"),
    ("petition", af.PetitionForm, FULL, "c_nurses", "whole"),
    ("petition", af.PetitionForm, FULL, "c_parking_spaces", "whole"),
    ("petition", af.PetitionForm, FULL, "c_housing_persons", "whole"),
    ("petition", af.PetitionForm, FULL, "security_number", "whole"),
    ("petition", af.PetitionForm, FULL, "admission_fee", "decimal"),
    ("petition", af.PetitionForm, FULL, "max_noise_decibels", "decimal"),
    ("petition property", af.PropertyForm, {"address": "5 Lake Road"}, "max_persons_at_one_time", "whole"),
    ("board approval", af.ApproveForm, {}, "bond_amount", "decimal"),
    ("board approval", af.ApproveForm, {}, "bodily_injury_limit", "decimal"),
    ("insurance", lambda data: af.InsuranceForm(data, documents=Document.objects.none(), required=False),
     {"insurer": "Acme", "policy_number": "P-1", "bodily_injury_limit": "1000", "property_damage_limit": "1000",
      "cancellation_notice_days": "30"}, "cancellation_notice_days", "whole"),
    ("insurance", lambda data: af.InsuranceForm(data, documents=Document.objects.none(), required=False),
     {"insurer": "Acme", "policy_number": "P-1", "bodily_injury_limit": "1000", "property_damage_limit": "1000",
      "cancellation_notice_days": "30"}, "property_damage_limit", "decimal"),
    ("fee", af.FeeForm, {"paid_on": "2026-05-01"}, "amount", "decimal"),
    ("venue", vf.VenueForm, {"name": "Hall", "address": "1 Main St"}, "toilets_provided", "whole"),
    ("venue space", vf.SpaceForm, {"name": "Lanes", "use_group": "bowling_alley", "area": "100",
                                   "area_unit": "sq_ft"}, "alleys", "whole"),
    ("venue space", vf.SpaceForm, {"name": "Hall", "use_group": "business", "area_unit": "sq_ft"}, "area",
     "decimal"),
    ("inspection", vf.RecordInspectionForm, {}, "persons_present", "whole"),
    ("inspection", vf.RecordInspectionForm, {}, "toilets_provided", "whole"),
    ("disposition", ef.DispositionForm, {"outcome": "convicted"}, "jail_days", "whole"),
    ("disposition", ef.DispositionForm, {"outcome": "convicted"}, "fine", "decimal"),
    ("stop order", "stop order", {"performance": "Concert"}, "persons_present",
     "whole"),
    ("payment", ef.PaymentForm, {}, "amount", "decimal"),
    ("a change of a record", ef.ReasonForm, {}, "expected_version", "whole"),
]


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize(("kind", "make", "base", "field", "number"), CASES,
                         ids=[f"{c[0]}-{c[3]}" for c in CASES])
def test_each_value_is_refused_beside_its_field_or_taken_as_the_law_core_takes_it(mount_pleasant, kind, make, base,
                                                                                 field, number, value):
    data = {**base, field: value}
    form = ef.StopOrderForm(data, town=mount_pleasant) if make == "stop order" else make(data)
    with translation.override("en"):
        form.is_valid()
        errors = list(form.errors.get(field, []))
    want = (WHOLE if number == "whole" else DECIMAL)[value]
    if want is None:
        assert len(errors) == 1, (kind, errors)
        if number == "whole" and ("_" in value or not value.isascii()):
            assert errors == [f"Write a whole number in the digits 0-9 (got {value!r})."]
        elif number == "whole":
            assert errors == [f"Give a whole number, e.g. 12 (got {value!r})."]
        else:
            assert errors == [f"Write a number without '_', e.g. 1250 or 1250.50 (got {value!r})."]
        assert field not in form.cleaned_data
    elif field == "max_noise_decibels" and want > 1000:  # (read as 2000, then beyond ¶ B(15)'s bound: W-39)
        assert errors == ["Must be at most 1,000 (got 2,000)."], (kind, errors)
    else:
        assert errors == [], (kind, errors)
        got = form.cleaned_data[field]
        assert got == want and type(got) is type(want)


def test_the_refusal_on_a_spanish_page_names_the_value_and_the_digits():
    """(The Spanish catalog gets the new messages when it is next re-extracted; the value and "0-9" stand in
    either language.)"""
    with translation.override("es"):
        form = pf.PermitCheckForm({"persons": "٣"})
        form.is_valid()
        said = form.errors["persons"][0]
    assert "'٣'" in said and "0-9" in said


def test_a_number_beyond_the_law_cores_bound_is_told_in_its_words():
    """``to_decimal`` refuses more than 10^15; the page says so (not "Give a number"), for an area with the
    area's own bound, ten billion sq ft (`law.units.MAX_AREA_SQ_FT`), which a smaller number meets too (it said
    10^15, and a user giving less was refused again: a new-user trial)."""
    form = pf.SpaceForm({"name": "Hall", "use_group": "business", "area_unit": "sq_ft", "area": "2e15"})
    with translation.override("en"):
        form.is_valid()
        assert form.errors["area"] == ["2e15 is larger than any room or site (at most 10,000,000,000 sq ft)"]


# --- The pages: 422 with the refusal beside the field, nothing saved; or the same answer -------------------------


def _beside(r, field_id: str) -> str:
    m = re.search(rf'id="err-{re.escape(field_id)}"[^>]*>(.*?)</div>', r.content.decode(), re.S)
    assert m, f"no errors element for {field_id}"
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", m.group(1)))).strip()


@pytest.mark.parametrize(("field", "value", "said"), [
    ("max_persons_at_one_time", "1_000", "Write a whole number in the digits 0-9 (got '1_000')."),
    ("c_nurses", "٣", "Write a whole number in the digits 0-9 (got '٣')."),
    ("c_parking_spaces", "３００", "Write a whole number in the digits 0-9 (got '３００')."),
    ("property-0-max_persons_at_one_time", "２００", "Write a whole number in the digits 0-9 (got '２００')."),
    ("admission_fee", "1_0.5", "Write a number without '_', e.g. 1250 or 1250.50 (got '1_0.5')."),
    ("sound_equipment", "loudspeaker, ６, main stage", "Line 1: write the type, then the number of devices"),
    ("sound_equipment", "loudspeaker, ², main stage", "Line 1: write the type, then the number of devices"),
])
def test_the_petition_page_refuses_beside_the_field_and_saves_nothing(carmel, cu, field, value, said):
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", {**FULL, field: value})
    assert r.status_code == 422
    assert said in _beside(r, f"id_{field}")
    assert PermitApplication.objects.count() == 0


def test_the_petition_page_takes_what_the_law_core_takes_as_the_same_number(carmel, cu):
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", {
        **FULL, "max_persons_at_one_time": " 1200 ", "c_nurses": "+3", "admission_fee": "１５", "max_noise_decibels": "8e1"})
    assert r.status_code == 302, r.content.decode()[:2000]
    facts = PermitApplication.objects.get().facts
    assert facts["max_persons_at_one_time"] == 1200 and facts["conditions"]["medical"][
        "registered_nurses_at_all_times"] == 3
    assert Decimal(facts["admission_fee"]) == Decimal("15") and Decimal(facts["petition"]["max_noise_decibels"]) == 80


def test_the_permit_check_refuses_beside_the_field():
    r = Client().get("/permit-check/", {"persons": "1_000", "as_of": "2026-05-01"})
    assert r.status_code == 422
    assert _beside(r, "id_persons") == "Write a whole number in the digits 0-9 (got '1_000')."
    assert "A permit from the Town Board" not in r.content.decode()
    r = Client().get("/permit-check/", {"persons": "600", "as_of": "2026-05-01", "admission_fee": "1_0.5"})
    assert r.status_code == 422
    assert _beside(r, "id_admission_fee") == "Write a number without '_', e.g. 1250 or 1250.50 (got '1_0.5')."


def test_the_permit_check_answers_a_spaced_or_signed_number_as_the_number():
    plain = Client().get("/permit-check/", {"persons": "600", "as_of": "2026-05-01"})
    for value in (" 600 ", "+600"):
        r = Client().get("/permit-check/", {"persons": value, "as_of": "2026-05-01"})
        assert r.status_code == 200 and _beside(r, "id_persons") == ""
        assert "A permit from the Town Board" in r.content.decode()
    assert plain.status_code == 200


_space = occupancy_query


@pytest.mark.parametrize(("field", "value", "said"), [
    ("attendance", "２０００", "Write a whole number in the digits 0-9 (got '２０００')."),
    ("toilets", "1_0", "Write a whole number in the digits 0-9 (got '1_0')."),
    ("form-0-alleys", "٣", "Write a whole number in the digits 0-9 (got '٣')."),
    ("form-0-area", "1_000", "Write a number without '_', e.g. 1250 or 1250.50 (got '1_000')."),
])
def test_the_occupancy_check_refuses_beside_the_field(field, value, said):
    extra = {"form-0-use_group": "bowling_alley"} if field == "form-0-alleys" else {}
    r = Client().get("/occupancy/", _space(**{field: value, **extra}))
    assert r.status_code == 422
    assert _beside(r, f"id_{field}") == said
    assert "Lawful occupancy" not in r.content.decode()


def test_the_occupancy_check_reads_an_area_in_other_digits_as_the_law_core():
    """¶ G-5: an area is a decimal, and ``１０００`` is 1000 to ``to_decimal``: the same answer as ``1000``."""
    r = Client().get("/occupancy/", _space(**{"form-0-area": "１０００"}))
    assert r.status_code == 200 and "Lawful occupancy: 66 persons" in htmllib.unescape(
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.content.decode())))


def test_the_occupancy_page_adding_a_room_with_a_count_in_other_digits_does_not_fail():
    """``form-TOTAL_FORMS=²`` with "add a room": "²" is a digit to ``str.isdigit`` but not to ``int``."""
    r = Client().get("/occupancy/", {**_space(), "form-TOTAL_FORMS": "²", "add": "1"})
    assert r.status_code in (200, 422)


def test_the_inspectors_space_form_refuses_beside_the_field_and_adds_nothing(mu, hall):
    before = hall.spaces.count()
    r = client_for(mu["building_inspector"]).post(f"/mount-pleasant-ny/venues/{hall.pk}/spaces/", {**version_of(hall),
        "new-name": "Lanes", "new-use_group": "bowling_alley", "new-area": "100", "new-area_unit": "sq_ft",
        "new-alleys": "1_2"})
    assert r.status_code == 422
    assert _beside(r, "id_new-alleys") == "Write a whole number in the digits 0-9 (got '1_2')."
    assert hall.spaces.count() == before


def test_the_payment_of_a_fine_refuses_beside_the_field(mu, violation, travel_to):
    import datetime as dt

    from publicassembly.enforcement import services as es
    from publicassembly.law.dates import next_business_day

    bi = mu["building_inspector"]
    s = es.issue_summons(bi, violation, return_date=next_business_day(dt.date.today() + dt.timedelta(days=30)))
    travel_to(s.return_date)  # (the court decides on the return day: W-37)
    es.record_disposition(bi, violation, outcome="convicted", fine=es.penalty_range(violation).min_fine)
    violation.refresh_from_db()
    fine = violation.disposition.fine
    grouped = f"{str(fine)[:1]}_{str(fine)[1:]}"
    r = client_for(mu["town_clerk"]).post(f"/mount-pleasant-ny/enforcement/payment/{violation.pk}/", {
        f"p{violation.pk}-amount": grouped, f"p{violation.pk}-expected_version": violation.version})
    assert r.status_code == 422
    assert _beside(r, f"id_p{violation.pk}-amount") == (
        f"Write a number without '_', e.g. 1250 or 1250.50 (got {grouped!r}).")
    violation.refresh_from_db()
    assert violation.state == violation.DISPOSED


def test_an_exponent_beyond_decimals_limit_is_told_too_large_not_a_traceback():
    """``1e1000000`` (past the decimal context's exponent limit) once raised `decimal.Overflow` from the form's
    reading; it is told as too large, beside the field (W-24)."""
    form = pf.SpaceForm({"name": "Hall", "use_group": "business", "area_unit": "sq_ft", "area": "1e1000000"})
    with translation.override("en"):
        form.is_valid()
        assert form.errors["area"] == ["1e1000000 is larger than any room or site (at most 10,000,000,000 sq ft)"]


def test_a_negative_area_beyond_the_readers_bound_is_told_negative():
    """-1e20 sq ft: told that an area cannot be negative (it was "'-1e20' is too large (at most 10^15)": the
    review), beside the field."""
    form = pf.SpaceForm({"name": "Hall", "use_group": "business", "area_unit": "sq_ft", "area": "-1e20"})
    with translation.override("en"):
        form.is_valid()
        assert form.errors["area"] == ["an area cannot be negative (got -1e20)"]
