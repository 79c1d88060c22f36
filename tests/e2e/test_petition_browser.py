"""The petition page in Chromium: the sponsor's questions follow the kind of sponsor chosen (exemptions ¶¶ A-D),
a plan's questions follow its item's answer (¶ B(10)), and a third property is added without losing what was
typed (¶ B(2))."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.e2e.conftest import person, shot, sign_in

from publicassembly.permits.models import PermitApplication

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_organizer_names_the_sponsor_a_plan_and_three_properties(page, carmel):
    person("organizer", carmel, "applicant")
    sign_in(page, "organizer")
    page.goto("/carmel-ny/apply/new/")
    church = page.get_by_label("Does the church maintain a place of worship within the Town?")
    school = page.get_by_label("Is the school in the Town of Carmel?")
    assert not church.is_visible() and not school.is_visible()
    page.get_by_label("Kind of sponsor").select_option("church")
    assert church.is_visible() and not school.is_visible()
    page.get_by_label("Kind of sponsor").select_option("private_school")  # one of two kinds of school
    assert school.is_visible() and not church.is_visible()
    lights_map = page.get_by_label("Map of the lights and signs: title")
    assert not lights_map.is_visible()
    page.get_by_label("Will outdoor lights or signs be used?").select_option("yes")
    lights_map.fill("Lighting map")
    page.get_by_label("Name of the assembly").fill("Lake Gleneida Music Festival")
    page.get_by_label("Purpose of the gathering").fill("Concert")
    page.locator("#id_first_day").fill((dt.date.today() + dt.timedelta(days=120)).isoformat())
    page.get_by_label("Most persons at one time").fill("800")
    page.get_by_label("Applicant's name (or the corporation's)").fill("Olga Reyes")
    page.get_by_label("Address of the property").fill("Gleneida Avenue, Carmel, NY")
    page.locator("#id_property-0-address").fill("5 Lake Road, Carmel, NY")
    page.get_by_role("button", name="Add another property").click()
    page.locator("#id_property-1-address").fill("7 Hill Road, Carmel, NY")
    assert page.locator("#id_property-0-address").input_value() == "5 Lake Road, Carmel, NY"
    assert page.get_by_label("Map of the lights and signs: title").input_value() == "Lighting map"
    shot(page, "06-organizer-petition-three-properties")
    page.get_by_role("button", name="Save as a draft").click()
    page.wait_for_url("**/applications/*/")
    facts = PermitApplication.objects.get().facts
    assert [p["address"] for p in facts["properties"]] == [
        "Gleneida Avenue, Carmel, NY", "5 Lake Road, Carmel, NY", "7 Hill Road, Carmel, NY"]
    assert facts["sponsor"] == {"kind": "private_school"}
    assert facts["petition"]["outdoor_lights_or_signs"] == {"used": True, "map": {"title": "Lighting map"}}


HOURS = ["10:00-22:00", "18:00-24:00", "18:00-00:00", "0:00-24:00", "18:00-23:59", "20:00-00:01", "20:00-04:00",
         "10:00-10:00", "8:00 p.m. to 2:00 a.m.", "6:00 p.m. to 12:00 a.m.", "10:00 am - 4:00 pm",
         "11:00 PM until 1:00 AM", "Fri 18:00-23:00, Sat 10:00-02:00", "noon to 10 p.m.", "7:30pm-11:30pm",
         "22:00\u201302:00", "9:00 till 8:59", "12:00 a.m.-1:00 a.m.", "", "18:00:00-01:30:00", "8 pm - 2 am",
         "8pm-2am", "8 p.m. to 2 a.m.", "20.00-02.00", "6 pm to midnight", "noon to midnight", "midnight to 6 am",
         "20:00", "2000-0200", "dusk to dawn", "9.75-10.00", "25:00-02:00", "20:00-02:00.", "13 pm - 2 am", "24:00-02:00",
         "8 - 11 pm", "8-11pm", "10 - 2 am", "7 to 11 p.m.", "10-2AM", "8 - 11 P.M.", "11 - 1 pm", "8 pm - 11",
         "8 pm - 2", "8 - 11", "8 - 22:00", "20 - 2 am", "13 - 11 pm", "0 - 2 am", "24 - 2 am", "12 - 12 am",
         "11:30 - 12:30 am", "10:00 - 4 pm", "12:00 - 2 am", "9 to midnight", "Fri 18:00-23:00, Sat 11 - 1 pm",
         "2026-09-12 8 pm - 2 am", "12 noon - 12 midnight", "12 noon to 12 midnight", "noon - 12 midnight",
         "12noon-12midnight", "12:00 noon - 8 pm", "8 pm to 12.00 midnight", "12 midnight to 6 am",
         "10 pm - 12 noon"]


def test_the_page_shows_the_housing_questions_by_the_law_cores_reading_of_the_hours_c18(page, carmel):
    """¶ B(14), ¶ C(7), C-18: the page's script reads the daily hours as the law core does (the same answer for
    each of these hours), and shows the housing questions of a one-day assembly past midnight as it is typed."""
    from publicassembly.law.jurisdictions.us_ny_carmel.facts import hours_run_past_midnight

    person("organizer", carmel, "applicant")
    sign_in(page, "organizer")
    page.goto("/carmel-ny/apply/new/")
    in_browser = page.evaluate("hours => hours.map(h => window.publicassemblyPastMidnight(h))", HOURS)
    assert in_browser == [hours_run_past_midnight(h) for h in HOURS]
    statement = page.get_by_label("Statement on overnight housing")
    page.locator("#id_first_day").fill((dt.date.today() + dt.timedelta(days=120)).isoformat())
    page.locator("#id_daily_hours").fill("18:00-23:00")
    assert not statement.is_visible()
    page.locator("#id_daily_hours").fill("20:00-02:00")
    assert statement.is_visible()
