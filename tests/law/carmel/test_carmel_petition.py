"""Carmel ch. 31, permit requirements ¶ B and ¶ B(1)-(15): the verified petition and its items, each provided,
absent or not applicable, with the missing item ids derived from the findings."""

from __future__ import annotations

from typing import Any

import pytest
from carmel_helpers import Determine, bare

from publicassembly.law import Status
from publicassembly.law.jurisdictions.us_ny_carmel.petition import essential_items_missing

EMPTY_PERMIT_CASE = bare(max_persons_at_one_time=600, dates={"first_day": "2026-09-12", "last_day": "2026-09-13"})


@pytest.mark.parametrize(("rule", "item"), [
    ("carmel/permit/b-verified-petition", "petition.verified"),
    ("carmel/petition/b1-applicant", "petition.1.applicant"),
    ("carmel/petition/b2-property-dates-persons", "petition.2.properties"),
    ("carmel/petition/b3-site-map", "petition.3.site_map"),
    ("carmel/petition/b4-facilities-plan", "petition.4.facilities_plan"),
    ("carmel/petition/b5-parking-plan", "petition.5.parking_plan"),
    ("carmel/petition/b6-sound-equipment", "petition.6.sound_equipment"),
    ("carmel/petition/b7-food", "petition.7.food_intended"),
    ("carmel/petition/b8-security", "petition.8.security_engaged"),
    ("carmel/petition/b9-fire-protection", "petition.9.fire_plan"),
    ("carmel/petition/b10-lights-and-signs", "petition.10.outdoor_lights_or_signs"),
    ("carmel/petition/b11-emergency-medical", "petition.11.emergency_medical_facilities"),
    ("carmel/petition/b12-camping-housing", "petition.12.camping_or_housing"),
    ("carmel/petition/b13-duration", "petition.13.duration"),
    ("carmel/petition/b14-housing-statement", "petition.14.housing_statement"),
    ("carmel/petition/b15-noise", "petition.15.max_noise_decibels"),
])
def test_each_item_absent_is_missing_permit_requirements_b(determine: Determine, rule: str, item: str) -> None:
    d = determine(EMPTY_PERMIT_CASE)
    f = d.finding(rule)
    assert f.status is Status.MISSING
    assert item in f.missing and item in d.missing


def test_missing_list_is_derived_from_the_findings_permit_requirements_b(determine: Determine) -> None:
    d = determine(EMPTY_PERMIT_CASE)
    derived = list(dict.fromkeys(i for f in d.findings for i in f.missing))
    assert d.missing == derived
    assert d.to_json()["missing"] == derived


def test_complete_application_has_nothing_missing_permit_requirements_b(determine: Determine,
                                                                         case: dict[str, Any]) -> None:
    d = determine(case)
    assert d.missing == []
    items = [f for f in d.findings if f.rule.startswith("carmel/petition/")]
    assert len(items) == 15
    assert {f.status for f in items} <= {Status.MET, Status.NOT_APPLICABLE, Status.NEEDS_REVIEW}


def test_unverified_petition_is_not_met_permit_requirements_b(determine: Determine, case: dict[str, Any]) -> None:
    case["petition"]["verified"] = False
    assert determine(case).finding("carmel/permit/b-verified-petition").status is Status.NOT_MET


def test_natural_person_applicant_needs_age_and_residence_permit_requirements_b1(
        determine: Determine, case: dict[str, Any]) -> None:
    del case["applicant"]["age"]
    f = determine(case).finding("carmel/petition/b1-applicant")
    assert f.status is Status.MISSING and f.missing == ("petition.1.applicant_age",)


def test_corporation_needs_directors_and_officers_not_an_age_permit_requirements_b1(
        determine: Determine, case: dict[str, Any]) -> None:
    case["applicant"] = {"name": "Tent Shows, Inc.", "is_corporation": True, "resides_in_town": True}
    f = determine(case).finding("carmel/petition/b1-applicant")
    assert f.missing == ("petition.1.directors_and_officers",)
    case["applicant"]["directors_and_officers"] = [{"name": "A. Director"}]
    f = determine(case).finding("carmel/petition/b1-applicant")
    assert f.missing == ("petition.1.directors_and_officers[0].address",)


def test_applicant_outside_the_town_needs_an_agent_in_putnam_county_permit_requirements_b1(
        determine: Determine, case: dict[str, Any]) -> None:
    case["applicant"]["resides_in_town"] = False
    assert determine(case).finding("carmel/petition/b1-applicant").missing == ("petition.1.agent",)
    agent = {"name": "Pat Agent", "address": "1 Main St, Brewster", "natural_person": True,
             "resides_in_putnam_county": False, "place_of_business_in_putnam_county": False,
             "verified_statement_accepting_service": True}
    case["applicant"]["agent"] = agent
    f = determine(case).finding("carmel/petition/b1-applicant")
    assert f.status is Status.NOT_MET and "Putnam County" in f.reason
    agent["place_of_business_in_putnam_county"] = True
    assert determine(case).finding("carmel/petition/b1-applicant").status is Status.MET
    agent["natural_person"] = False
    assert determine(case).finding("carmel/petition/b1-applicant").status is Status.NOT_MET


def test_agent_without_verified_statement_is_not_met_permit_requirements_b1(
        determine: Determine, case: dict[str, Any]) -> None:
    case["applicant"]["resides_in_town"] = False
    case["applicant"]["agent"] = {"name": "Pat", "address": "x", "natural_person": True,
                                  "resides_in_putnam_county": True,
                                  "verified_statement_accepting_service": False}
    assert determine(case).finding("carmel/petition/b1-applicant").status is Status.NOT_MET


def test_site_map_not_by_a_licensed_surveyor_or_engineer_is_not_met_permit_requirements_b3(
        determine: Determine, case: dict[str, Any]) -> None:
    case["petition"]["site_map"]["prepared_by"] = "other"
    assert determine(case).finding("carmel/petition/b3-site-map").status is Status.NOT_MET


def test_site_map_with_no_new_structures_needs_no_construction_details_permit_requirements_b3(
        determine: Determine, case: dict[str, Any]) -> None:
    case["petition"]["site_map"]["new_structures"] = False
    del case["petition"]["site_map"]["shows_construction_methods_and_materials"]
    assert determine(case).finding("carmel/petition/b3-site-map").status is Status.MET


def test_item_4_is_cut_short_plan_required_and_reviewed_permit_requirements_b4(
        determine: Determine, case: dict[str, Any]) -> None:
    f = determine(case).finding("carmel/petition/b4-facilities-plan")
    assert f.status is Status.NEEDS_REVIEW and f.values["text_cut_short"] is True
    case["petition"]["facilities_plan"]["to_scale"] = False
    assert determine(case).finding("carmel/petition/b4-facilities-plan").status is Status.NOT_MET


def test_food_served_needs_method_refuse_and_scale_drawing_permit_requirements_b7(
        determine: Determine, case: dict[str, Any]) -> None:
    case["petition"]["food"] = {"intended": True}
    f = determine(case).finding("carmel/petition/b7-food")
    assert f.missing == ("petition.7.food_preparation_and_distribution", "petition.7.food_refuse_disposal",
                         "petition.7.food_scale_drawing")


def test_no_food_needs_no_drawing_permit_requirements_b7(determine: Determine, case: dict[str, Any]) -> None:
    assert determine(case).finding("carmel/petition/b7-food").status is Status.MET


def test_security_engaged_needs_numbers_duties_hours_areas_permit_requirements_b8(
        determine: Determine, case: dict[str, Any]) -> None:
    case["petition"]["security"] = {"engaged": True}
    assert len(determine(case).finding("carmel/petition/b8-security").missing) == 4
    case["petition"]["security"] = {"engaged": False}
    assert determine(case).finding("carmel/petition/b8-security").status is Status.MET


def test_fire_plan_must_show_fire_lanes_permit_requirements_b9(determine: Determine, case: dict[str, Any]) -> None:
    case["petition"]["fire_protection"]["plan"]["shows_fire_lanes"] = False
    assert determine(case).finding("carmel/petition/b9-fire-protection").status is Status.NOT_MET


def test_outdoor_lights_need_a_map_permit_requirements_b10(determine: Determine, case: dict[str, Any]) -> None:
    case["petition"]["outdoor_lights_or_signs"] = {"used": True}
    assert determine(case).finding("carmel/petition/b10-lights-and-signs").missing == (
        "petition.10.lights_and_signs_map",)


def test_camping_needs_a_plan_to_scale_permit_requirements_b12(determine: Determine, case: dict[str, Any]) -> None:
    case["petition"]["camping_or_housing"] = {"available": True}
    assert determine(case).finding("carmel/petition/b12-camping-housing").missing == (
        "petition.12.camping_housing_plan",)


def test_one_day_assembly_needs_no_housing_statement_two_days_do_permit_requirements_b14(
        determine: Determine, case: dict[str, Any]) -> None:
    assert determine(case).finding("carmel/petition/b14-housing-statement").status is Status.NOT_APPLICABLE
    case["dates"]["last_day"] = "2026-09-13"
    f = determine(case).finding("carmel/petition/b14-housing-statement")
    assert f.missing == ("petition.14.housing_statement",)


@pytest.mark.parametrize(("hours", "into_another_day"), [
    ("10:00-22:00", False), ("18:00-24:00", False), ("18:00-00:00", False), ("0:00-24:00", False),
    ("18:00-23:59", False), ("20:00-00:01", True), ("20:00-04:00", True), ("10:00-10:00", True),
    ("8:00 p.m. to 2:00 a.m.", True), ("6:00 p.m. to 12:00 a.m.", False), ("10:00 am - 4:00 pm", False),
    ("11:00 PM until 1:00 AM", True), ("Fri 18:00-23:00, Sat 10:00-02:00", True), ("noon to 10 p.m.", False),
    ("8 pm - 2 am", True), ("8pm-2am", True), ("8 p.m. to 2 a.m.", True), ("20.00-02.00", True),
    ("6 pm to midnight", False), ("noon to midnight", False), ("From 8:00 p.m. to 2:00 a.m. each night.", True),
    ("24:00-02:00", True), ("midnight to 6 am", False),  # (24:00 is the day's end; "midnight" a start is 0:00)
])
def test_hours_past_midnight_continue_into_another_day_permit_requirements_b14_c7_interpretation_c18(
        determine: Determine, case: dict[str, Any], hours: str, into_another_day: bool) -> None:
    """¶ B(14), ¶ C(7), C-18: a one-day assembly whose hours end after midnight continues into another day, so
    the housing statement and housing are required; hours ending at midnight itself (24:00, 00:00, 12:00 a.m.)
    do not. 23:59 and 00:01 are the two sides of the boundary."""
    case["dates"] = {"first_day": case["dates"]["first_day"], "daily_hours": hours}
    d = determine(case)
    b14 = d.finding("carmel/petition/b14-housing-statement")
    c7 = d.finding("carmel/conditions/c7-housing")
    assert d.requirements["housing_required"] is into_another_day
    if into_another_day:
        assert b14.missing == ("petition.14.housing_statement",)
        assert c7.missing == ("conditions.7.housing",)
    else:
        assert b14.status is Status.NOT_APPLICABLE and c7.status is Status.NOT_APPLICABLE


@pytest.mark.parametrize("hours", ["20:00", "2000-0200", "dusk to dawn", "9.75-10.00", "20:00 and later"])
def test_hours_that_cannot_be_read_leave_the_housing_for_review_permit_requirements_b14_c7_interpretation_c18(
        determine: Determine, case: dict[str, Any], hours: str) -> None:
    """¶ B(14), ¶ C(7), C-18: when no range of two times can be read in a one-day assembly's hours, whether it
    continues into another day cannot be told: the housing statement and housing are left for review, saying
    how to write the hours (they had counted as not past midnight, so "2000-0200" needed no housing)."""
    case["dates"] = {"first_day": case["dates"]["first_day"], "daily_hours": hours}
    d = determine(case)
    assert d.requirements["housing_required"] == "needs_review"
    for rule in ("carmel/petition/b14-housing-statement", "carmel/conditions/c7-housing"):
        f = d.finding(rule)
        assert f.status is Status.NEEDS_REVIEW and "write them as times, e.g. 20:00-02:00" in f.reason
    case["dates"]["last_day"] = "2026-09-13"  # two days: it continues, whatever the hours
    assert determine(case).requirements["housing_required"] is True


@pytest.mark.parametrize(("hours", "into_another_day"), [
    # one a.m./p.m. for both times: the time without it read as a.m. and as p.m., the same answer both ways
    ("8 - 11 pm", False), ("8-11pm", False), ("7 to 11 p.m.", False), ("10 - 2 am", True), ("10-2am", True),
    ("11:30 - 12:30 am", True), ("12 - 12 am", False), ("8 pm - 2", True), ("9 to midnight", False),
    # a bare hour 0 or 13-24 beside a 12-hour time is on the 24-hour clock: one reading
    ("20 - 2 am", True), ("13 - 11 pm", False), ("0 - 2 am", False), ("24 - 2 am", True),
    # the two readings disagree (11:00-13:00 or 23:00-13:00; 20:00-11:00 or 20:00-23:00): left for review
    ("11 - 1 pm", "needs_review"), ("8 pm - 11", "needs_review"), ("10:00 - 4 pm", "needs_review"),
    ("12:00 - 2 am", "needs_review"), ("Fri 18:00-23:00, Sat 11 - 1 pm", "needs_review"),
    # no a.m./p.m. on either side: an hour alone is not read (a 24-hour H:MM is, as before)
    ("8 - 11", "needs_review"), ("8 - 22:00", "needs_review"), ("08:00-22:00", False),
    # "12 noon" is 12:00; "12 midnight" ends the day (24:00) and starts it (0:00) as "midnight" does
    ("12 noon - 12 midnight", False), ("12 noon to 12 midnight", False), ("noon - 12 midnight", False),
    ("12:00 noon - 8 pm", False), ("8 pm to 12 midnight", False), ("8 pm to 12.00 midnight", False),
    ("12 midnight to 6 am", False), ("10 pm - 12 noon", True),
])
def test_hours_with_one_am_pm_or_twelve_noon_are_read_permit_requirements_b14_c7_interpretation_c18(
        determine: Determine, case: dict[str, Any], hours: str, into_another_day: bool | str) -> None:
    """¶ B(14), ¶ C(7), C-18: "8 - 11 pm" and "10 - 2 am" give a.m./p.m. once for both times; the other time is
    read both ways and the hours decide whether the assembly continues into another day when both readings
    agree (they were left for review); when they disagree ("11 - 1 pm") they stay for review, as does a range
    with no a.m./p.m. at all ("8 - 11"). "12 noon" and "12 midnight" are noon and midnight."""
    case["dates"] = {"first_day": case["dates"]["first_day"], "daily_hours": hours}
    d = determine(case)
    assert d.requirements["housing_required"] == into_another_day
    b14 = d.finding("carmel/petition/b14-housing-statement")
    c7 = d.finding("carmel/conditions/c7-housing")
    if into_another_day is True:
        assert b14.missing == ("petition.14.housing_statement",) and c7.missing == ("conditions.7.housing",)
    elif into_another_day is False:
        assert b14.status is Status.NOT_APPLICABLE and c7.status is Status.NOT_APPLICABLE
    else:
        assert b14.status is Status.NEEDS_REVIEW and c7.status is Status.NEEDS_REVIEW
        assert "write them as times, e.g. 20:00-02:00" in b14.reason


@pytest.mark.parametrize(("hours", "past_midnight"), [
    ("8 - 11 pm", False), ("8 - 11 PM", False), ("8 - 11 Pm", False), ("8 - 11 p.m.", False),
    ("8 - 11 P.M.", False), ("8 \u2013 11 p.m.", False), ("8 until 11pm", False),
    ("10 - 2 am", True), ("10 - 2 AM", True), ("10 - 2 a.m.", True), ("10 - 2 A.M.", True), ("10 till 2am", True),
    ("11 - 1 pm", None), ("11 - 1 PM", None), ("11 - 1 p.m.", None),
    ("12 NOON - 12 MIDNIGHT", False), ("12noon-12midnight", False), ("12 Noon to 12 Midnight", False),
])
def test_one_am_pm_for_both_times_in_any_letter_case_interpretation_c18(
        hours: str, past_midnight: bool | None) -> None:
    """C-18 (¶ B(14), ¶ C(7)): a.m./p.m. is read in capitals, small letters and with points, and so is the
    reading of the time written without it."""
    from publicassembly.law.jurisdictions.us_ny_carmel.facts import hours_run_past_midnight

    assert hours_run_past_midnight(hours) is past_midnight


def test_no_sound_equipment_is_a_statement_permit_requirements_b6(determine: Determine, case: dict[str, Any]) -> None:
    case["petition"]["sound_equipment"] = "none"
    assert determine(case).finding("carmel/petition/b6-sound-equipment").status is Status.MET


def test_essential_items_of_an_empty_petition_in_order_interpretation_p5(determine: Determine) -> None:
    """P-5: a petition saying nothing of who applies, when and how many is missing the essential items, in the
    order of `ESSENTIAL_ITEMS` (the name and address are items of an applicant not given at all)."""
    d = determine(bare(max_persons_at_one_time=None))
    assert essential_items_missing(d) == ["petition.1.applicant", "petition.2.dates",
                                          "petition.2.max_persons_at_one_time"]


def test_a_complete_petition_misses_no_essential_item_interpretation_p5(determine: Determine,
                                                                          case: dict[str, Any]) -> None:
    assert essential_items_missing(determine(case)) == []


@pytest.mark.parametrize(("field", "at_once_field"), [("persons_collectively", "max_persons_at_one_time"),
                                                      ("vehicles_collectively", "vehicles_at_one_time")])
def test_collectively_is_at_least_the_number_at_one_time_permit_requirements_b2(
        determine: Determine, case: dict[str, Any], field: str, at_once_field: str) -> None:
    """¶ B(2), "at one time and collectively": the whole assembly's count includes its largest crowd, so 2,000
    at one time and 2,000 collectively is accepted and 1,999 collectively is refused naming the field (10
    collectively beside 2,000 at one time was accepted without a word)."""
    from publicassembly.law.errors import InvalidCase

    case[at_once_field] = 2000
    case[field] = 2000
    determine(case)
    case[field] = 1999
    with pytest.raises(InvalidCase) as e:
        determine(case)
    assert e.value.field == field
    assert "1,999 collectively is fewer than the 2,000 at one time" in str(e.value)
