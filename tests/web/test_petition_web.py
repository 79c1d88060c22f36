"""A complete Carmel petition filed through the web pages alone (permit requirements ¶ B(1)-(15), ¶ C, exemptions
¶¶ A-D).

A second new-user trial found that the petition page asked no plan of items (3), (4), (5), (9), (10), (12), no
facility of ¶ C, no sponsor and no second property, though the API took them all: an organizer using only the
web could never complete a petition, the determination kept listing them as missing. The page now asks every
fact of the applicant's that the law core's case model has; each is saved, shown again on the edit page and
reaches the determination; a bad value is refused beside its field with nothing saved."""

from __future__ import annotations

import datetime as dt
import re
import typing

import pytest
from pydantic import BaseModel
from tests.web.conftest import client_for

from publicassembly.law.jurisdictions.us_ny_carmel.facts import EventCase, Preparer
from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication
from publicassembly.web.forms import application as af

pytestmark = pytest.mark.django_db

FIRST = dt.date.today() + dt.timedelta(days=120)

#: A three-day music festival on two properties, every question of the page answered.
FULL = {
    "name": "Lake Gleneida Music Festival", "purpose": "Music festival",
    "nature_of_activity": "Concerts on two stages", "first_day": FIRST.isoformat(),
    "last_day": (FIRST + dt.timedelta(days=2)).isoformat(), "daily_hours": "12:00-22:00",
    "max_persons_at_one_time": "1200", "persons_collectively": "3000", "vehicles_at_one_time": "300",
    "vehicles_collectively": "900", "admission_fee": "15.00",
    "sponsor_name": "Gleneida Arts, Inc.", "sponsor_kind": "corporation",
    "applicant_name": "Gleneida Arts, Inc.", "is_corporation": "on",
    "residence_address": "10 Main Street, Brewster, NY", "resides_in_town": "no",
    "officers": "Ann Ferris, 12 Oak Lane, Brewster", "agent_name": "Ann Ferris",
    "agent_address": "12 Oak Lane, Brewster", "agent_natural_person": "yes", "agent_in_putnam": "no",
    "agent_business_in_putnam": "yes", "agent_accepts_service": "on",
    "within_town": "yes", "property_address": "Gleneida Avenue, Carmel, NY", "record_owner": "Town of Carmel",
    "applicant_interest": "Licensee", "property_persons": "1000", "tenant_or_lessee": "Carmel Parks Trust",
    "property-TOTAL_FORMS": "1", "property-INITIAL_FORMS": "0", "property-MIN_NUM_FORMS": "0",
    "property-MAX_NUM_FORMS": "20", "property-0-address": "5 Lake Road, Carmel, NY",
    "property-0-record_owner": "B. Owner", "property-0-applicant_interest": "Tenant",
    "property-0-max_persons_at_one_time": "200", "property-0-tenant_or_lessee": "",
    "site_map_title": "Survey of the festival grounds", "site_map_prepared_by": "licensed_land_surveyor",
    "site_map_to_scale": "yes", "site_map_property_size": "yes", "site_map_zoning_district": "none",
    "site_map_adjoining_owners": "yes", "site_map_abutting_streets": "yes", "site_map_buildings": "yes",
    "site_map_new_structures": "yes", "site_map_construction": "yes",
    "facilities_plan_title": "Facilities plan", "facilities_plan_prepared_by": "licensed_professional_engineer",
    "facilities_plan_to_scale": "yes",
    "parking_plan_title": "Parking layout", "parking_plan_prepared_by": "other", "parking_plan_to_scale": "yes",
    "parking_plan_ingress_egress": "yes",
    "sound_equipment": "loudspeaker, 6, main stage",
    "food_intended": "yes", "food_preparation": "Licensed vendors in trailers", "food_refuse": "Bins hauled daily",
    "food_drawing_title": "Food court layout", "food_drawing_prepared_by": "other", "food_drawing_to_scale": "yes",
    "security_engaged": "yes", "security_number": "12", "security_duties": "Gate and crowd control",
    "security_hours": "11:00-23:00", "security_areas": "Gates, stages, parking",
    "fire_precautions": "Extinguishers at every stand", "fire_plan_title": "Fire lanes and hydrants",
    "fire_plan_prepared_by": "other", "fire_plan_to_scale": "yes", "fire_plan_fire_lanes": "yes",
    "fire_plan_water_supply": "yes",
    "lights_or_signs": "yes", "lights_map_title": "Lighting map", "lights_map_prepared_by": "other",
    "lights_map_to_scale": "no",
    "emergency_medical": "First-aid tent by the gate",
    "camping_available": "yes", "camping_plan_title": "Camping area", "camping_plan_prepared_by": "other",
    "camping_plan_to_scale": "yes",
    "duration": "Three days", "housing_statement": "Camping for 50 staff", "max_noise_decibels": "80",
    "c_drinking_water": "Public water, six fountains", "c_toilets": "40 portable toilets, separate for each sex",
    "c_sewage": "Pumped daily by a licensed hauler", "c_solid_waste": "Roll-off containers hauled daily",
    "c_food_supply": "Licensed vendors with wash stations", "c_parking": "Two lots and a field",
    "c_parking_spaces": "300", "c_access_roads": "Gleneida Avenue and a service road",
    "c_medical": "First-aid station", "c_first_aid_station": "yes", "c_physicians": "1", "c_nurses": "3",
    "c_fire_protection": "Extinguishers in every building", "c_housing": "Staff camping area",
    "c_housing_persons": "50",
}

#: Facts a petition cannot give: the Town's acts and the verification (given at submission).
TOWN_ONLY = {"petition.verified", "filed_on", "insurance"}


def _file(client, data=FULL) -> PermitApplication:
    r = client.post("/carmel-ny/apply/new/", data)
    assert r.status_code == 302, r.content.decode()[:3000]
    return PermitApplication.objects.latest("pk")


def _missing_of_the_applicant(app: PermitApplication) -> list[str]:
    return [m for m in sv.determination(app).missing if m not in TOWN_ONLY and not m.startswith("inspection.")]


def _leaves(model: type[BaseModel], prefix: str = "") -> list[str]:
    """Every fact of `model` that is a value (not a part holding other facts), as a dotted path."""
    out = []
    for name, field in model.model_fields.items():
        parts = [a for a in typing.get_args(field.annotation) or (field.annotation,)]
        # (an annotated list, `Annotated[list[X], Field(max_length=…)]`, is read as its list)
        parts = [typing.get_args(p)[0] if typing.get_origin(p) is typing.Annotated else p for p in parts]
        inner = [a for p in parts for a in (typing.get_args(p) or (p,))]
        models = [a for a in inner if isinstance(a, type) and issubclass(a, BaseModel)]
        out += _leaves(models[0], f"{prefix}{name}.") if models else [f"{prefix}{name}"]
    return out


def test_the_form_asks_every_fact_of_the_applicants_that_the_case_model_has_permit_requirements_b_c():
    """Every fact of ``EventCase`` but the Town's own acts (which the services refuse in the applicant's facts)
    is asked by the page: by a field of its own, by a line of a text area, or by a property's form."""
    town = set(sv.TOWN_FACTS) | {"petition.verified", "within_town"}
    by_hand = {"name", "purpose", "nature_of_activity", "dates.first_day", "dates.last_day", "dates.daily_hours",
               "max_persons_at_one_time", "persons_collectively", "vehicles_at_one_time", "vehicles_collectively",
               "admission_fee", "petition.on_town_form", "petition.addressed_to_town_board",
               "petition.sound_equipment.type", "petition.sound_equipment.number", "petition.sound_equipment.location",
               "petition.emergency_medical_facilities", "petition.duration", "petition.housing_statement",
               "petition.max_noise_decibels", "petition.food.intended", "petition.food.preparation_and_distribution",
               "petition.food.refuse_disposal", "petition.security.engaged", "petition.security.number",
               "petition.fire_protection.precautions", "petition.outdoor_lights_or_signs.used",
               "petition.camping_or_housing.available"}
    applicant = {f"applicant.{k}" for k in ("name", "age", "residence_address", "resides_in_town", "is_corporation")}
    applicant |= {"applicant.directors_and_officers.name", "applicant.directors_and_officers.address"}
    applicant |= {f"applicant.agent.{k}" for k in ("name", "address", "natural_person", "resides_in_putnam_county",
                                                    "place_of_business_in_putnam_county",
                                                    "verified_statement_accepting_service")}
    properties = {f"properties.{k}" for k in af.PropertyForm.base_fields}
    one_fact = {path for path, _kind in af.ONE_FACT.values()}
    unasked = [leaf for leaf in _leaves(EventCase)
               if leaf.split(".")[0] not in town and leaf not in town
               and not leaf.endswith(("_approved_on", "_authorization_to_inspect"))
               and leaf not in by_hand | applicant | properties | one_fact]
    assert unasked == []
    assert "within_town" in af.PetitionForm.base_fields


def test_every_field_of_one_fact_stands_in_a_section_and_the_preparers_are_the_law_cores():
    in_sections = {name for _t, names, _w in af.PetitionForm.SECTIONS for name in names}
    assert set(af.ONE_FACT) <= in_sections
    assert set(af.PetitionForm.base_fields) == in_sections
    assert [k for k, _label in af.PREPARERS if k] == list(typing.get_args(Preparer))


def test_a_full_petition_filed_only_on_the_web_lacks_nothing_of_paragraph_b_or_c(carmel, cu):
    c = client_for(cu["applicant"])
    assert c.get("/carmel-ny/apply/new/").status_code == 200
    app = _file(c)
    assert _missing_of_the_applicant(app) == []
    assert len(app.facts["properties"]) == 2
    # submitted on the web, accepted by the Clerk on the web: no item of ¶ B(1)-(15) stands in the way
    assert c.post(f"/carmel-ny/applications/{app.pk}/submit/", {"submit-verification_statement": "Sworn.",
                                                                 "expected_version": app.version}).status_code == 302
    app.refresh_from_db()
    assert [m for m in sv.determination(app).missing if m.startswith(("petition.", "conditions."))] == []
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/accept/",
                                          {"expected_version": app.version})
    assert r.status_code == 302, r.content.decode()[:3000]
    app.refresh_from_db()
    assert app.state == "accepted"
    page = c.get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert "of the petition" not in page  # no item of the petition listed as still to be provided


def test_every_answer_is_saved_and_shown_again_on_the_edit_page(carmel, cu):
    c = client_for(cu["applicant"])
    app = _file(c)
    facts = app.facts
    # the questions of an exempt sponsor's tie to the Town are not asked of a corporation (see the sponsor's test)
    assert {n for n in af.ONE_FACT if n not in FULL} == {
        "sponsor_located_in_town", "sponsor_established", "sponsor_place_of_worship_in_town",
        "sponsor_chapter_in_town_since",
        "sponsor_sponsored", "sponsor_organized", "sponsor_authorized"}
    for name, (path, kind) in af.ONE_FACT.items():
        if name not in FULL:
            continue
        want = {"yes": True, "no": False}.get(FULL[name], FULL[name]) if kind == "yes_no" else FULL[name]
        if kind == "count":
            want = int(want)
        if kind == "zoning":
            want = "not_applicable"
        assert af._get(facts, path) == want, name
    assert facts["properties"][0]["max_persons_at_one_time"] == 1000
    assert facts["properties"][0]["tenant_or_lessee"] == "Carmel Parks Trust"
    assert facts["properties"][1] == {"address": "5 Lake Road, Carmel, NY", "record_owner": "B. Owner",
                                      "applicant_interest": "Tenant", "max_persons_at_one_time": 200}
    assert facts["within_town"] is True
    assert facts["applicant"]["agent"] == {
        "name": "Ann Ferris", "address": "12 Oak Lane, Brewster", "natural_person": True,
        "resides_in_putnam_county": False, "place_of_business_in_putnam_county": True,
        "verified_statement_accepting_service": True}
    r = c.get(f"/carmel-ny/applications/{app.pk}/edit/")
    assert r.status_code == 200
    form, properties = r.context["form"], r.context["properties"]
    for name in af.ONE_FACT:
        assert str(form[name].value() or "") == FULL.get(name, ""), name
    for name in ("property_persons", "tenant_or_lessee", "within_town", "agent_natural_person",
                 "agent_in_putnam", "agent_business_in_putnam"):
        assert str(form[name].value()) == FULL[name], name
    assert properties.forms[0]["address"].value() == "5 Lake Road, Carmel, NY"
    assert properties.forms[0]["max_persons_at_one_time"].value() == 200
    page = r.content.decode()
    assert 'value="Survey of the festival grounds"' in page and 'value="5 Lake Road, Carmel, NY"' in page
    assert 'name="property-1-address"' in page  # and an empty form for one more property
    # saved again unchanged, the facts are the same
    data = {**FULL, "property-INITIAL_FORMS": "1", "property-TOTAL_FORMS": "2", "expected_version": app.version}
    assert c.post(f"/carmel-ny/applications/{app.pk}/edit/", data).status_code == 302
    app.refresh_from_db()
    assert app.facts == facts


#: Answers left out → the item the determination then finds missing (so each answer reaches it when given).
DROPPED = [
    (("site_map_title", "site_map_prepared_by", "site_map_to_scale", "site_map_property_size",
      "site_map_zoning_district", "site_map_adjoining_owners", "site_map_abutting_streets", "site_map_buildings",
      "site_map_new_structures", "site_map_construction"), "petition.3.site_map"),
    (("site_map_zoning_district",), "petition.3.site_map.zoning_district"),
    (("site_map_construction",), "petition.3.site_map.construction_methods_and_materials"),
    (("site_map_prepared_by",), "petition.3.site_map.prepared_by"),
    (("facilities_plan_title", "facilities_plan_prepared_by", "facilities_plan_to_scale"),
     "petition.4.facilities_plan"),
    (("facilities_plan_to_scale",), "petition.4.facilities_plan.to_scale"),
    (("parking_plan_title", "parking_plan_prepared_by", "parking_plan_to_scale", "parking_plan_ingress_egress"),
     "petition.5.parking_plan"),
    (("parking_plan_ingress_egress",), "petition.5.parking_plan.ingress_and_egress"),
    (("food_drawing_title", "food_drawing_prepared_by", "food_drawing_to_scale"), "petition.7.food_scale_drawing"),
    (("security_duties",), "petition.8.security_duties"),
    (("security_hours",), "petition.8.security_hours"),
    (("security_areas",), "petition.8.security_areas"),
    (("fire_plan_title", "fire_plan_prepared_by", "fire_plan_to_scale", "fire_plan_fire_lanes",
      "fire_plan_water_supply"), "petition.9.fire_plan"),
    (("fire_plan_water_supply",), "petition.9.fire_plan.water_supply"),
    (("lights_map_title", "lights_map_prepared_by", "lights_map_to_scale"), "petition.10.lights_and_signs_map"),
    (("camping_plan_title", "camping_plan_prepared_by", "camping_plan_to_scale"),
     "petition.12.camping_housing_plan"),
    (("c_drinking_water",), "conditions.1.drinking_water"),
    (("c_toilets",), "conditions.2.toilets"),
    (("c_sewage",), "conditions.3.sewage"),
    (("c_solid_waste",), "conditions.4.solid_waste"),
    (("c_food_supply",), "conditions.5.food_supply"),
    (("c_parking_spaces",), "conditions.6.parking_spaces"),
    (("c_parking", "c_parking_spaces"), "conditions.6.parking"),
    (("c_housing", "c_housing_persons"), "conditions.7.housing"),
    (("c_access_roads",), "conditions.8.access_roads"),
    (("c_first_aid_station",), "conditions.9.first_aid_station"),
    (("c_physicians",), "conditions.9.physicians_at_all_times"),
    (("c_nurses",), "conditions.9.registered_nurses_at_all_times"),
    (("c_fire_protection",), "conditions.10.fire_protection"),
    (("property-0-record_owner",), "petition.2.properties[1].record_owner"),
    (("agent_natural_person",), "petition.1.agent_natural_person"),
    (("agent_business_in_putnam",), "petition.1.agent_in_putnam_county"),
]


@pytest.mark.parametrize(("dropped", "item"), DROPPED, ids=[item for _d, item in DROPPED])
def test_an_answer_left_out_is_what_the_determination_finds_missing(carmel, cu, dropped, item):
    app = _file(client_for(cu["applicant"]), {k: v for k, v in FULL.items() if k not in dropped})
    assert _missing_of_the_applicant(app) == [item]


def test_the_sponsors_answers_reach_the_exemptions_church_exemptions_b(carmel, cu):
    church = {**FULL, "sponsor_name": "St. James Church", "sponsor_kind": "church", "sponsor_established": "yes",
              "sponsor_place_of_worship_in_town": "yes", "sponsor_sponsored": "yes", "sponsor_organized": "yes",
              "sponsor_authorized": "yes", "sponsor_chapter_in_town_since": "2001-05-01"}
    app = _file(client_for(cu["applicant"]), church)
    assert app.facts["sponsor"] == {"name": "St. James Church", "kind": "church", "established": True,
                                    "place_of_worship_in_town": True, "sponsored": True, "organized": True,
                                    "authorized": True}  # (no chapter asked)
    det = sv.determination(app)
    assert det.permit_required is False and det.exemption is not None
    assert "exemptions ¶ B" in det.exemption["citation"]
    r = client_for(cu["applicant"]).get(f"/carmel-ny/applications/{app.pk}/edit/")
    assert r.context["form"]["sponsor_place_of_worship_in_town"].value() == "yes"
    assert r.context["form"]["sponsor_established"].value() == "yes"
    # C-14: a church that does not say it is established is not decided exempt
    app = _file(client_for(cu["applicant"]), {**church, "sponsor_established": ""})
    assert "established" not in app.facts["sponsor"]
    assert sv.determination(app).permit_required == "needs_review"
    # a veterans' post of less than a year is not exempt; since when it is maintained reaches ¶ C
    post = {**church, "sponsor_kind": "veterans_organization",
            "sponsor_chapter_in_town_since": (dt.date.today() - dt.timedelta(days=1)).isoformat()}
    app = _file(client_for(cu["applicant"]), post)
    assert app.facts["sponsor"]["chapter_in_town_since"] == post["sponsor_chapter_in_town_since"]
    assert sv.determination(app).permit_required is True


def _status(app: PermitApplication, rule: str) -> str:
    return next(str(f.status) for f in sv.determination(app).findings if f.rule == rule)


def test_a_one_day_assembly_is_asked_item_12_and_not_item_14_permit_requirements_b12(carmel, cu):
    """Item (12) is asked of every assembly; item (14) and ¶ C(7) only of one that continues into another day.
    Their answers typed for a one-day assembly are kept (to come back when the days call for them) and found
    not applicable."""
    one_day = {k: v for k, v in FULL.items() if k != "last_day"}
    app = _file(client_for(cu["applicant"]), one_day)
    assert app.facts["petition"]["camping_or_housing"]["available"] is True
    assert app.facts["petition"]["housing_statement"] == FULL["housing_statement"]
    assert _status(app, "carmel/petition/b14-housing-statement") == "not_applicable"
    assert _status(app, "carmel/conditions/c7-housing") == "not_applicable"
    assert _missing_of_the_applicant(app) == []


@pytest.mark.parametrize(("hours", "multi"), [("18:00-24:00", False), ("20:00-02:00", True)])
def test_a_one_day_assembly_past_midnight_is_asked_its_housing_permit_requirements_b14_c7_c18(
        carmel, cu, hours, multi):
    """¶ B(14), ¶ C(7), C-18: a one-day assembly whose hours end after midnight continues into another day, so
    the determination asks for its housing statement and housing; one ending at midnight does not (the answers
    are kept either way)."""
    one_day = {k: v for k, v in FULL.items() if k != "last_day"} | {"daily_hours": hours}
    app = _file(client_for(cu["applicant"]), one_day)
    assert app.facts["petition"]["housing_statement"] == FULL["housing_statement"]
    assert app.facts["conditions"]["housing"] == {"description": FULL["c_housing"], "persons_housed": 50}
    assert _missing_of_the_applicant(app) == []
    assert sv.determination(app).requirements["housing_required"] is multi
    for rule in ("carmel/petition/b14-housing-statement", "carmel/conditions/c7-housing"):
        assert (_status(app, rule) == "not_applicable") is not multi and _status(app, rule) != "missing"


def test_housing_answers_survive_a_change_of_hours_and_back_permit_requirements_b14_c7_c18(carmel, cu):
    """A new-user trial: an organizer changed the hours from 20:00-02:00 to 18:00-24:00, saved, changed them back
    and had lost the housing paragraphs (¶ B(14), ¶ C(7)), dropped when the assembly did not continue into
    another day. They are kept while not asked, shown again on the edit page and used by the determination when
    the hours call for them again; other conditional sections still keep only what is asked."""
    c = client_for(cu["applicant"])
    night = {k: v for k, v in FULL.items() if k != "last_day"} | {"daily_hours": "20:00-02:00"}
    app = _file(c, night)
    edit = f"/carmel-ny/applications/{app.pk}/edit/"
    extra = {"property-INITIAL_FORMS": "1", "property-TOTAL_FORMS": "2"}
    # the evening hours, the housing fields sent as the page sends them (shown or hidden, they are in the form)
    evening = {**night, **extra, "daily_hours": "18:00-24:00", "food_intended": "no",
               "expected_version": app.version}
    r = c.post(edit, evening)
    assert r.status_code == 302, r.content.decode()[:3000]
    app.refresh_from_db()
    assert app.facts["dates"]["daily_hours"] == "18:00-24:00"
    assert app.facts["petition"]["housing_statement"] == "Camping for 50 staff"
    assert app.facts["conditions"]["housing"] == {"description": "Staff camping area", "persons_housed": 50}
    assert "scale_drawing" not in app.facts["petition"]["food"]  # (a food drawing when no food: still dropped)
    assert sv.determination(app).requirements["housing_required"] is False
    assert _status(app, "carmel/conditions/c7-housing") == "not_applicable"
    # back to the night hours: the edit page shows the housing answers, and the determination uses them
    form = c.get(edit).context["form"]
    assert form["housing_statement"].value() == "Camping for 50 staff"
    assert form["c_housing"].value() == "Staff camping area" and str(form["c_housing_persons"].value()) == "50"
    r = c.post(edit, {**night, **extra, "expected_version": app.version})
    assert r.status_code == 302, r.content.decode()[:3000]
    app.refresh_from_db()
    d = sv.determination(app)
    assert d.requirements["housing_required"] is True
    assert "petition.14.housing_statement" not in d.missing and "conditions.7.housing" not in d.missing
    b14 = next(f for f in d.findings if f.rule == "carmel/petition/b14-housing-statement")
    assert str(b14.status) != "missing" and b14.values == {"multi_day": True}
    c7 = next(f for f in d.findings if f.rule == "carmel/conditions/c7-housing")
    assert c7.values["persons_housed"] == 50


def test_answers_of_questions_that_do_not_apply_are_left_out(carmel, cu):
    data = {**FULL, "food_intended": "no", "security_engaged": "no", "lights_or_signs": "no",
            "camping_available": "no", "site_map_new_structures": "no"}
    app = _file(client_for(cu["applicant"]), data)
    p = app.facts["petition"]
    assert p["food"] == {"intended": False} and p["security"] == {"engaged": False}
    assert p["outdoor_lights_or_signs"] == {"used": False} and p["camping_or_housing"] == {"available": False}
    assert "shows_construction_methods_and_materials" not in p["site_map"]
    assert _missing_of_the_applicant(app) == []


@pytest.mark.parametrize(("field", "value", "said"), [
    ("c_physicians", "-1", "Must be at least 0 (got -1)."),
    ("c_nurses", "three", "Give a whole number"),
    ("sponsor_kind", "pope", "Choose one of"),
    ("site_map_prepared_by", "architect", "Choose one of"),
    ("fire_plan_fire_lanes", "maybe", "Choose one of"),
    ("sponsor_chapter_in_town_since", "1700-01-01", "1778-01-01"),  # the case model's bound of dates (G-2)
    ("c_toilets", "x" * 2001, "at most 2,000 characters"),           # the case model's bound of text (G-4)
    ("site_map_title", "Survey \U0001F600", "cannot print"),         # a character the documents cannot print
])
def test_a_bad_answer_is_refused_beside_its_field_and_nothing_is_saved(carmel, cu, field, value, said):
    c = client_for(cu["applicant"])
    r = c.post("/carmel-ny/apply/new/", {**FULL, "sponsor_kind": "civic_group", field: value})
    assert r.status_code == 422
    page = r.content.decode()
    beside = re.search(rf'id="err-id_{field}"[^>]*>(.*?)</div>', page, re.S)
    assert beside and said in beside.group(1), (beside.group(1) if beside else page[:3000])
    assert PermitApplication.objects.count() == 0


def test_a_bad_answer_on_the_edit_page_leaves_the_draft_as_it_was(carmel, cu):
    c = client_for(cu["applicant"])
    app = _file(c)
    before, version = app.facts, app.version
    data = {**FULL, "property-INITIAL_FORMS": "1", "property-TOTAL_FORMS": "2", "expected_version": app.version,
            "name": "Renamed", "c_housing_persons": "-5"}
    r = c.post(f"/carmel-ny/applications/{app.pk}/edit/", data)
    assert r.status_code == 422 and 'id="err-id_c_housing_persons"' in r.content.decode()
    app.refresh_from_db()
    assert app.facts == before and app.version == version


def test_a_further_property_is_refused_in_its_own_form(carmel, cu):
    c = client_for(cu["applicant"])
    no_address = {**FULL, "property-0-address": ""}
    r = c.post("/carmel-ny/apply/new/", no_address)
    assert r.status_code == 422
    assert re.search(r'id="err-id_property-0-address"[^>]*><p class="error">Give the address of this property',
                     r.content.decode())
    # a refusal of the case model (a character the documents cannot print) stands beside the field too
    r = c.post("/carmel-ny/apply/new/", {**FULL, "property-0-record_owner": "B. Owner \U0001F600"})
    assert r.status_code == 422
    assert re.search(r'id="err-id_property-0-record_owner"[^>]*><p class="error">', r.content.decode())
    assert PermitApplication.objects.count() == 0


def test_add_another_property_shows_one_more_form_and_saves_nothing(carmel, cu):
    c = client_for(cu["applicant"])
    r = c.post("/carmel-ny/apply/new/", {**FULL, "name": "", "add_property": "1"})
    assert r.status_code == 200
    page = r.content.decode()
    assert 'name="property-1-address"' in page and 'value="5 Lake Road, Carmel, NY"' in page
    assert 'class="error"' not in page  # the answers are shown again, not judged (the name is still empty)
    assert PermitApplication.objects.count() == 0
    # a property removed is left out; the others keep their order
    app = _file(c, {**FULL, "property-TOTAL_FORMS": "2", "property-1-address": "7 Hill Road",
                    "property-0-DELETE": "on"})
    assert [p["address"] for p in app.facts["properties"]] == ["Gleneida Avenue, Carmel, NY", "7 Hill Road"]


def test_a_petition_without_the_property_forms_counts_is_refused_naming_them(carmel, cu):
    data = {k: v for k, v in FULL.items() if not k.startswith("property-")}
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", data)
    assert r.status_code == 422 and "property-TOTAL_FORMS: missing" in r.content.decode()
    assert PermitApplication.objects.count() == 0


# --- the number of further properties (MAX_PROPERTIES) ------------------------------------------------------


def _properties(n: int) -> dict[str, str]:
    """`FULL` with `n` further properties (the petition form's own property is the first)."""
    data = {**FULL, "property-TOTAL_FORMS": str(n)}
    data.update({f"property-{i}-address": f"{i + 1} Hill Road, Carmel, NY" for i in range(n)})
    return data


def test_twenty_further_properties_are_taken(carmel, cu):
    app = _file(client_for(cu["applicant"]), _properties(af.MAX_PROPERTIES))
    assert len(app.facts["properties"]) == 1 + af.MAX_PROPERTIES


@pytest.mark.parametrize(("n", "told"), [(af.MAX_PROPERTIES - 1, False), (af.MAX_PROPERTIES, True)])
def test_add_another_property_at_twenty_says_the_limit(carmel, cu, n, told):
    """¶ B(2): "Add another property" below 20 further properties shows one empty form more; at 20 it added
    nothing and said nothing: it says the limit, nothing saved, the 20 kept."""
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", {**_properties(n), "add_property": "1"})
    page = r.content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert r.status_code == 200 and PermitApplication.objects.count() == 0
    assert text.count("At most 20 further properties at once.") == (1 if told else 0)
    assert f'name="property-{n - 1}-address"' in page
    assert (f'name="property-{n}-address"' in page) is (not told)


@pytest.mark.parametrize("count", ["21", "22", "999999", "9" * 5000])
def test_a_count_of_further_properties_beyond_twenty_is_one_error_naming_the_limit(carmel, cu, count):
    """``property-TOTAL_FORMS=999999``: one error naming the limit, nothing saved; beyond the one form more that
    Django builds (to be removed), only the properties given are shown, and the page counts those."""
    c = client_for(cu["applicant"])
    r = c.post("/carmel-ny/apply/new/", {**_properties(af.MAX_PROPERTIES), "property-TOTAL_FORMS": count})
    assert r.status_code == 422
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.content.decode()))
    assert text.count("At most 20 further properties at once.") == 1
    assert "This field is required" not in text and 'class="error"' not in r.content.decode()
    shown = re.search(r'name="property-TOTAL_FORMS" value="(\d+)"', r.content.decode()).group(1)
    assert shown == (count if count == "21" else "20")
    assert PermitApplication.objects.count() == 0
    again = c.post("/carmel-ny/apply/new/", {**_properties(af.MAX_PROPERTIES), "property-TOTAL_FORMS": shown,
                                             **({"property-20-DELETE": "on"} if shown == "21" else {})})
    assert again.status_code == 302
    assert len(PermitApplication.objects.get().facts["properties"]) == 1 + af.MAX_PROPERTIES


@pytest.mark.parametrize(("persons", "filed"), [("500", False), ("501", True)])
def test_a_petition_for_500_persons_is_not_submitted_501_is_par_a_p16(carmel, cu, persons, filed):
    """Carmel ch. 31 ¶ A, interpretation P-16: the draft of 500 persons is kept, but its submission is refused on
    the page, 422, saying that no permit is required and why; 501 is submitted."""
    c = client_for(cu["applicant"])
    app = _file(c, {**FULL, "max_persons_at_one_time": persons, "persons_collectively": persons,
                    "property_persons": "", "property-0-max_persons_at_one_time": ""})
    r = c.post(f"/carmel-ny/applications/{app.pk}/submit/", {"submit-verification_statement": "Sworn.",
                                                             "expected_version": app.version})
    app.refresh_from_db()
    if filed:
        assert r.status_code == 302 and app.state == "submitted"
        return
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.content.decode()))
    assert r.status_code == 422 and app.state == "draft"
    # (named by the petition form's label of the fact, not by the API's path facts.max_persons_at_one_time)
    assert (f"Most persons at one time: {persons} persons at one time on 2 properties counted in the aggregate "
            "is not in excess of 500: no permit is required (¶ A); a petition asks the Town Board for a permit, and "
            "there is none to grant for this assembly") in text
    assert "facts." not in text


def _submitted_for(c, persons: str, **changes: str):
    """A petition for `persons` at one time (the properties stating none), filed as a draft and submitted."""
    app = _file(c, {**FULL, "max_persons_at_one_time": persons, "persons_collectively": persons,
                    "property_persons": "", "property-0-max_persons_at_one_time": "", **changes})
    return c.post(f"/carmel-ny/applications/{app.pk}/submit/", {"submit-verification_statement": "Sworn.",
                                                                "expected_version": app.version}), app


def test_a_petition_not_within_the_town_is_refused_naming_the_question_par_a_p16(carmel, cu):
    """¶ A, P-16: a place not within the Town needs no permit: refused at submission naming the petition's
    question ("Is the place within the Town of Carmel?"), not facts.within_town."""
    r, app = _submitted_for(client_for(cu["applicant"]), "1200", within_town="no")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.content.decode()))
    assert r.status_code == 422 and "Is the place within the Town of Carmel?: " in text
    assert "facts." not in text and "within_town" not in text


def test_the_refusal_at_submission_names_the_field_in_spanish_par_a_p16(carmel, cu):
    """¶ A, P-16, on the Spanish page: the fact is named by the form's label in Spanish."""
    c = client_for(cu["applicant"])
    assert c.post("/i18n/setlang/", {"language": "es", "next": "/"}).status_code == 302
    r, _app = _submitted_for(c, "500")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.content.decode()))
    assert r.status_code == 422 and "Máximo de personas a la vez: " in text
    assert "facts." not in text and "Most persons" not in text


@pytest.mark.parametrize(("persons", "amended"), [("500", False), ("501", True)])
def test_an_amendment_to_500_persons_is_refused_beside_the_field_par_a_p16(carmel, cu, persons, amended):
    """¶ A, P-16, on the edit page, where the form asks the number: a petition returned incomplete and amended
    to 500 persons at one time is refused beside "Most persons at one time" (nothing written); 501 is sent."""
    from tests.web.conftest import petition_post

    c = client_for(cu["applicant"])
    r, app = _submitted_for(c, "1200")
    assert r.status_code == 302
    app.refresh_from_db()
    sv.mark_incomplete(cu["town_clerk"], app, missing_items=["site map"])
    app.refresh_from_db()
    post = {**petition_post(app.facts), "max_persons_at_one_time": persons, "persons_collectively": persons,
            "amend": "1", "expected_version": app.version}
    r = c.post(f"/carmel-ny/applications/{app.pk}/edit/", post)
    app.refresh_from_db()
    if amended:
        assert r.status_code == 302 and app.state == "amended"
        return
    page = r.content.decode()
    assert r.status_code == 422 and app.state == "incomplete"
    beside = re.search(r'id="err-id_max_persons_at_one_time"[^>]*>(.*?)</div>', page, re.S).group(1)
    assert "500 persons at one time" in beside and "no permit is required (¶ A)" in beside
    assert "facts." not in page


def test_a_petition_lacking_its_essential_items_is_refused_in_its_own_words_p5(carmel, cu):
    """¶ B, interpretation P-5: a draft without the applicant's name, the dates or the number of persons (saved
    through the API) is refused at submission on the page by the sentence naming the items, not prefixed with the
    API's field ``facts``."""
    app = sv.create_draft(cu["applicant"], carmel, {"name": "Lake Gleneida Music Festival"})
    r = client_for(cu["applicant"]).post(f"/carmel-ny/applications/{app.pk}/submit/", {
        "submit-verification_statement": "Sworn.", "expected_version": app.version})
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.content.decode()))
    assert r.status_code == 422 and " The petition cannot be acted on without: " in text
    assert "facts:" not in text
