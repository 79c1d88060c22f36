"""The live answers in Chromium when the input is bad: the partial answers 422 (HTMX swaps no 4xx answer by
itself) and the page still shows the error beside the field and drops the answer it had; corrected, the answer
comes back and the error goes. No HTMX error event is raised for a 422 partial (`site.js` swaps it in)."""

from __future__ import annotations

import pytest
from tests.e2e.conftest import person, shot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Counts HTMX's error events and the statuses of the partials answered, on the page's `window`.
WATCH = """() => {
  window.partialStatuses = []; window.htmxErrors = 0;
  document.body.addEventListener("htmx:afterRequest", e => window.partialStatuses.push(e.detail.xhr.status));
  document.body.addEventListener("htmx:responseError", () => { window.htmxErrors += 1; });
}"""


def test_permit_check_shows_a_refused_number_beside_its_field_and_recovers(page):
    page.goto("/permit-check/")
    page.evaluate(WATCH)
    persons = page.get_by_label("Most persons at the assembly at one time")
    persons.fill("800")
    page.locator("#result .verdict").wait_for()
    persons.fill("-5")
    page.locator("#err-id_persons").get_by_text("Must be at least 0 (got -5).").wait_for()
    page.locator("#result").get_by_text("Correct the fields marked in the form to see the answer.").wait_for()
    assert page.locator("#result .verdict").count() == 0
    shot(page, "10-permit-check-refused-number")
    persons.fill("600")
    page.locator("#result .verdict").wait_for()
    assert page.locator("#err-id_persons").inner_text().strip() == ""
    assert 422 in page.evaluate("window.partialStatuses")
    assert page.evaluate("window.htmxErrors") == 0


def test_occupancy_check_shows_a_refused_area_beside_its_field(page):
    page.goto("/occupancy/")
    page.evaluate(WATCH)
    page.locator("#id_form-0-name").fill("Hall")
    page.locator("#id_form-0-use_group").select_option("assembly_without_fixed_seats")
    area = page.locator("#id_form-0-area")
    area.fill("1000")
    page.get_by_text("Lawful occupancy: 66 persons").wait_for()
    area.fill("-1")
    page.locator("#err-id_form-0-area").get_by_text("Must be at least 0 (got -1).").wait_for()
    assert page.get_by_text("Lawful occupancy: 66 persons").count() == 0
    assert 422 in page.evaluate("window.partialStatuses")
    assert page.evaluate("window.htmxErrors") == 0


def test_inspectors_preview_shows_the_law_cores_refusal_of_a_space(page, mount_pleasant):
    from publicassembly.venues import services as vs

    inspector = person("inspector", mount_pleasant, "building_inspector")
    venue = vs.create_venue(inspector, mount_pleasant, name="Kensico Manor", address="25 Lakeview Avenue",
                            commercial=True)
    sign_in(page, "inspector")
    page.goto(f"/mount-pleasant-ny/venues/{venue.pk}/")
    page.evaluate(WATCH)
    page.get_by_text("Add a room or area").click()
    page.locator("#id_new-name").fill("Store")
    page.get_by_label("Use group (§§ 164-7, 164-8)").select_option("storage")
    page.get_by_label("Floor area").fill("3000")
    page.get_by_text("With this space: lawful occupancy 10 persons.").wait_for()  # 3000 / 300 (§ 164-7)
    page.get_by_label("Bowling alleys").fill("3")
    page.get_by_text("only a space of use group bowling_alley has alleys").wait_for()  # (beside the field: M-27)
    assert page.get_by_text("With this space").count() == 0
    page.get_by_label("Bowling alleys").fill("")
    page.get_by_text("With this space: lawful occupancy 10 persons.").wait_for()
    assert 422 in page.evaluate("window.partialStatuses")
    assert page.evaluate("window.htmxErrors") == 0
