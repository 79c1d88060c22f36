"""After a live answer (an HTMX partial) a field says to assistive technology whether it is in error, as the page
renders it (`web_tags.control`): ``aria-invalid="true"`` and ``aria-describedby`` naming its ``err-<id>`` element
while that holds an error, and no ``aria-invalid`` once the error has gone. The partial swaps in the errors (out
of band) and the answer, not the inputs, so ``site.js`` updates the inputs after the swap; before, a field kept
the state of the page as it was loaded (no ``aria-invalid`` for a value typed wrong, ``aria-invalid`` left on a
value corrected). The error style (``has-error``) follows."""

from __future__ import annotations

import pytest
from tests.e2e.conftest import person, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _state(page, field_id: str) -> dict:
    """The field's accessibility state as the page holds it now."""
    return page.evaluate("""id => { const c = document.getElementById(id);
        return {invalid: c.getAttribute("aria-invalid"), describedby: c.getAttribute("aria-describedby"),
                styled: c.closest(".field").classList.contains("has-error")}; }""", field_id)


def _wait_invalid(page, field_id: str) -> None:
    page.wait_for_function("id => document.getElementById(id).getAttribute('aria-invalid') === 'true'",
                           arg=field_id)
    state = _state(page, field_id)
    assert state["invalid"] == "true" and state["styled"]
    assert f"err-{field_id}" in state["describedby"].split()


def _wait_valid(page, field_id: str) -> None:
    page.wait_for_function("id => !document.getElementById(id).hasAttribute('aria-invalid')", arg=field_id)
    state = _state(page, field_id)
    assert state["invalid"] is None and not state["styled"]
    assert f"err-{field_id}" in state["describedby"].split()  # still described by its (now empty) error element


def test_permit_check_marks_a_field_invalid_and_valid_again_as_typed(page):
    page.goto("/permit-check/")
    persons = page.locator("#id_persons")
    assert _state(page, "id_persons")["invalid"] is None
    persons.fill("-5")
    page.locator("#err-id_persons").get_by_text("Must be at least 0 (got -5).").wait_for()
    _wait_invalid(page, "id_persons")
    assert _state(page, "id_admission_fee")["invalid"] is None  # another field, not in error, is not marked
    persons.fill("600")
    page.locator("#result .verdict").wait_for()
    _wait_valid(page, "id_persons")


def test_permit_check_loaded_with_an_error_loses_it_when_corrected(page):
    """The page loaded with a bad value carries aria-invalid from the server; corrected live, it goes."""
    page.goto("/permit-check/?persons=-5&as_of=2026-05-01")
    assert _state(page, "id_persons")["invalid"] == "true"
    page.locator("#id_persons").fill("600")
    page.locator("#result .verdict").wait_for()
    _wait_valid(page, "id_persons")
    page.locator("#id_persons").fill("-1")
    _wait_invalid(page, "id_persons")


def test_occupancy_check_marks_a_rooms_area_invalid_and_valid_again(page):
    page.goto("/occupancy/")
    page.locator("#id_form-0-name").fill("Hall")
    page.locator("#id_form-0-use_group").select_option("assembly_without_fixed_seats")
    area = page.locator("#id_form-0-area")
    area.fill("1000")
    page.get_by_text("Lawful occupancy: 66 persons").wait_for()
    assert _state(page, "id_form-0-area")["invalid"] is None
    area.fill("-1")
    page.locator("#err-id_form-0-area").get_by_text("Must be at least 0 (got -1).").wait_for()
    _wait_invalid(page, "id_form-0-area")
    assert _state(page, "id_form-0-name")["invalid"] is None
    area.fill("1000")
    page.get_by_text("Lawful occupancy: 66 persons").wait_for()
    _wait_valid(page, "id_form-0-area")


def test_inspectors_space_preview_marks_the_alleys_invalid_and_valid_again(page, mount_pleasant):
    from publicassembly.venues import services as vs

    inspector = person("inspector", mount_pleasant, "building_inspector")
    venue = vs.create_venue(inspector, mount_pleasant, name="Kensico Manor", address="25 Lakeview Avenue",
                            commercial=True)
    sign_in(page, "inspector")
    page.goto(f"/mount-pleasant-ny/venues/{venue.pk}/")
    page.get_by_text("Add a room or area").click()
    page.locator("#id_new-name").fill("Store")
    page.get_by_label("Use group (§§ 164-7, 164-8)").select_option("storage")
    page.get_by_label("Floor area").fill("3000")
    page.get_by_text("With this space: lawful occupancy 10 persons.").wait_for()
    page.get_by_label("Floor area").fill("-3")
    page.locator("#err-id_new-area").get_by_text(  # (what is allowed: more than 0, § 164-7)
        "A room or area has a floor area of more than 0; only a bowling alley's additional area (beyond its "
        "alleys) may be 0.").wait_for()
    _wait_invalid(page, "id_new-area")
    page.get_by_label("Floor area").fill("3000")
    page.get_by_text("With this space: lawful occupancy 10 persons.").wait_for()
    _wait_valid(page, "id_new-area")
