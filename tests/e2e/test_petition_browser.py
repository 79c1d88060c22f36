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
