"""Carmel ch. 31 ¶ B(1) in Chromium: directors and officers typed, then "The applicant is a corporation"
unticked — the section hides, its lines still sent. Saving is refused (422) and the page shows the section again
with the refusal beside the lines typed, not hidden with them (`site.js`: a section holding a refusal stays in
view); nothing is saved. Ticked again, the petition is saved with them."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.e2e.conftest import person, shot, sign_in

from publicassembly.permits.models import PermitApplication

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_officers_of_an_applicant_unticked_as_a_corporation_are_shown_refused_paragraph_b1(page, carmel):
    person("organizer", carmel, "applicant")
    sign_in(page, "organizer")
    page.goto("/carmel-ny/apply/new/")
    page.get_by_label("Name of the assembly").fill("Lake Gleneida Music Festival")
    page.get_by_label("Purpose of the gathering").fill("Concert")
    page.locator("#id_first_day").fill((dt.date.today() + dt.timedelta(days=120)).isoformat())
    page.get_by_label("Most persons at one time").fill("800")
    page.get_by_label("Applicant's name (or the corporation's)").fill("Gleneida Arts, Inc.")
    page.get_by_label("Address of the property").fill("Gleneida Avenue, Carmel, NY")
    corporation = page.get_by_label("The applicant is a corporation")
    officers = page.get_by_label("Directors and officers")
    assert not officers.is_visible()
    corporation.check()
    officers.fill("Ann Ferris, 12 Oak Lane, Brewster")
    corporation.uncheck()
    assert not officers.is_visible()
    page.get_by_role("button", name="Save as a draft").click()
    page.wait_for_load_state()
    assert officers.is_visible() and officers.input_value() == "Ann Ferris, 12 Oak Lane, Brewster"
    error = page.locator("#err-id_officers")
    assert error.is_visible() and "named only when the applicant is a corporation" in error.inner_text()
    shot(page, "officers-refused-beside-the-field")
    assert not PermitApplication.objects.exists()
    page.get_by_label("The applicant is a corporation").check()
    page.get_by_role("button", name="Save as a draft").click()
    page.wait_for_url("**/applications/*/")
    assert PermitApplication.objects.get().facts["applicant"]["directors_and_officers"][0]["name"] == "Ann Ferris"
