"""A floor area larger than the law core allows (`law.units.MAX_AREA_SQ_FT`, ten billion square feet) is refused
on the pages with the law core's own words beside the field — on the public occupancy check and on the Building
Inspector's space form (Mount Pleasant §§ 164-7, 164-8) — not with Django's count of digits; the bound itself is
the law core's, in square feet or square metres, checked on both sides."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from tests.api.conftest import api_client
from tests.web.conftest import client_for, version_of

pytestmark = pytest.mark.django_db

TOO_LARGE = "larger than any room or site (at most 10,000,000,000 sq ft)"


def _occupancy(area: str, unit: str = "sq_ft", **extra: str) -> str:
    data = {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "0", "form-0-name": "Hall",
            "form-0-use_group": "assembly_without_fixed_seats", "form-0-area": area, "form-0-area_unit": unit,
            "commercial": "yes", "as_of": "2026-05-01", **extra}
    r = Client().get("/occupancy/", data)
    return f"{r.status_code} {r.content.decode()}"


def _error_beside_area(html: str, prefix: str) -> str:
    m = re.search(rf'id="err-id_{prefix}-area"[^>]*>(.*?)</div>', html, re.S)
    assert m, "no error beside the area"
    return re.sub(r"<[^>]+>", " ", m.group(1))


def test_occupancy_check_refuses_5e14_sq_ft_in_the_law_cores_words_beside_the_field():
    """§ 164-7: 5e14 sq ft is refused once, beside the area, as the CLI and the API refuse it."""
    page = _occupancy("5e14")
    assert page.startswith("422 ")
    error = _error_beside_area(page, "form-0")
    assert "500,000,000,000,000" in error and TOO_LARGE in error
    assert "digits" not in page


def test_occupancy_check_takes_ten_billion_sq_ft_and_refuses_one_ten_thousandth_more():
    """The bound, both sides: 10,000,000,000 sq ft is a lawful input (§ 164-7: 666,666,666 persons at 15 sq ft
    each); 10,000,000,000.0001 is not."""
    assert "Lawful occupancy: 666,666,666 persons" in _occupancy("10000000000")
    over = _occupancy("10000000000.0001")
    assert over.startswith("422 ") and TOO_LARGE in _error_beside_area(over, "form-0")


def test_occupancy_check_bound_in_square_metres_is_the_same_area():
    """929,030,400 m² is exactly ten billion square feet (÷ 0.09290304): taken; 929,030,401 m² is refused."""
    assert "Lawful occupancy: 666,666,666 persons" in _occupancy("929030400", "sq_m")
    over = _occupancy("929030401", "sq_m")
    assert over.startswith("422 ") and TOO_LARGE in _error_beside_area(over, "form-0")


def test_occupancy_check_refusal_is_in_spanish_on_a_spanish_page():
    r = Client().get("/occupancy/", {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "0", "form-0-name": "Sala",
                                     "form-0-use_group": "assembly_without_fixed_seats", "form-0-area": "5e14",
                                     "form-0-area_unit": "sq_ft", "commercial": "yes", "as_of": "2026-05-01"},
                     HTTP_ACCEPT_LANGUAGE="es")
    error = _error_beside_area(r.content.decode(), "form-0")
    assert "mayor que cualquier sala o terreno" in error


def test_inspectors_space_form_refuses_too_large_an_area_in_the_law_cores_words(mu, hall):
    """The Building Inspector's new space: 5e14 sq ft refused beside the area with the same words; nothing
    is added to the place."""
    spaces_before = hall.spaces.count()
    r = client_for(mu["building_inspector"]).post(f"/mount-pleasant-ny/venues/{hall.pk}/spaces/", {**version_of(hall),
        "new-name": "Field", "new-use_group": "open_air", "new-area": "5e14", "new-area_unit": "sq_ft"})
    assert r.status_code == 422
    html = r.content.decode()
    assert TOO_LARGE in _error_beside_area(html, "new") and "digits" not in html
    assert hall.spaces.count() == spaces_before


def test_inspectors_space_preview_says_the_same(mu, hall):
    r = client_for(mu["building_inspector"]).get(f"/mount-pleasant-ny/venues/{hall.pk}/preview/", {
        "new-name": "Field", "new-use_group": "open_air", "new-area": "5e14", "new-area_unit": "sq_ft"},
        HTTP_HX_REQUEST="true")
    assert TOO_LARGE in r.content.decode()


def test_inspectors_space_form_takes_ten_billion_sq_ft_and_refuses_more(mu, hall):
    """The place's record holds the law core's largest area (10,000,000,000 sq ft: it held under ten billion,
    refused with other words than the law's); one ten-thousandth more is the law's refusal."""
    c = client_for(mu["building_inspector"])
    r = c.post(f"/mount-pleasant-ny/venues/{hall.pk}/spaces/", {**version_of(hall),
        "new-name": "Field", "new-use_group": "open_air", "new-area": "10000000000", "new-area_unit": "sq_ft"})
    assert r.status_code == 302, r.content.decode()[:500]
    assert str(hall.spaces.get(name="Field").area) == "10000000000.0000"
    r = c.post(f"/mount-pleasant-ny/venues/{hall.pk}/spaces/", {**version_of(hall),
        "new-name": "Field 2", "new-use_group": "open_air", "new-area": "10000000000.0001", "new-area_unit": "sq_ft"})
    assert r.status_code == 422 and TOO_LARGE in _error_beside_area(r.content.decode(), "new")


def test_inspectors_space_form_refuses_alleys_on_a_space_that_is_not_a_bowling_alley(mu, hall):
    """§ 164-7 counts alleys only in a bowling alley: the number given for a business space is refused beside
    the field, by the venues service (the form dropped it unseen and the space was saved)."""
    before = hall.spaces.count()
    r = client_for(mu["building_inspector"]).post(f"/mount-pleasant-ny/venues/{hall.pk}/spaces/", {**version_of(hall),
        "new-name": "Office", "new-use_group": "business", "new-area": "100", "new-area_unit": "sq_ft",
        "new-alleys": "5"})
    assert r.status_code == 422
    assert re.search(r'id="err-id_new-alleys"[^>]*><p class="error">only a space of use group bowling_alley has '
                     r'alleys</p>', r.content.decode())
    assert hall.spaces.count() == before


def test_api_space_area_bound_is_the_law_cores(mu, hall):
    """POST …/venues/{id}/spaces: 10,000,000,000 sq ft is taken; 5e14 is refused in the law core's words, not
    "at most 14 digits"."""
    c = api_client(mu["building_inspector"])
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces"
    body = {"name": "Field", "kind": "open_air", "use_group": "open_air", "area": 10000000000, "area_unit": "sq_ft"}
    assert c.post(url, json.dumps(body), content_type="application/json").status_code == 201
    r = c.post(url, json.dumps(body | {"name": "Field 2", "area": 5e14}), content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "area"
    assert TOO_LARGE in r.json()["detail"] and "digits" not in r.json()["detail"]
