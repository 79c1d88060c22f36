"""Areas on the web pages have the digits the law core shows (interpretations B-3, G-9: `jsonable.number`, at
most four places, rounded half to even, no trailing zeros), grouped as the page's language writes numbers: a
room of 0.0001 sq ft is "0.0001" (it was "0.00", as if it had no area) and one of 1,234.5 sq ft "1,234.5"
(it was "1,234.50"), on the venue's page (its rooms and its lawful occupancy, § 164-7), the public certificate
(§ 164-9) and the public occupancy check; 12,000 m² is 129,166.925 sq ft there as in `check` and `batch`."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from tests.web.conftest import client_for

from publicassembly.venues import services as vs

pytestmark = pytest.mark.django_db

GROUP = "assembly_without_fixed_seats"  # § 164-7: 15 sq ft per person


def _cells(html: str) -> list[str]:
    """The numbers of the page's table cells (``<td class="num">``), as shown."""
    return [c.strip() for c in re.findall(r'<td class="num">([^<]*)</td>', html)]


@pytest.fixture
def small_venue(mount_pleasant, mu):
    """A hall of 1,234.5 sq ft (82 persons) with a cupboard of 0.0001 sq ft (0 persons), certified."""
    bi = mu["building_inspector"]
    venue = vs.create_venue(bi, mount_pleasant, name="Orchard Hall", address="1 Orchard Street, Valhalla",
                            commercial=True, toilets_provided=2)
    vs.add_space(bi, venue, name="Hall", kind="room", use_group=GROUP, area="1234.5")
    vs.add_space(bi, venue, name="Cupboard", kind="room", use_group=GROUP, area="0.0001")
    certificate = vs.issue_certificate(bi, venue)
    return venue, certificate


def test_venue_page_shows_0_0001_and_1234_5_square_feet_b3(mu, small_venue):
    """The rooms' table (area as recorded, with its unit) and the lawful occupancy's table (the law core's
    square feet): 1,234.5 and 0.0001 in each, with their occupant loads 82 and 0 (§ 164-7)."""
    venue, _certificate = small_venue
    html = client_for(mu["building_inspector"]).get(f"/mount-pleasant-ny/venues/{venue.pk}/").content.decode()
    cells = _cells(html)
    assert cells[:4] == ["1,234.5 square feet", "—", "0.0001 square feet", "—"], cells  # (rooms: area, alleys)
    assert cells[4:8] == ["1,234.5", "82", "0.0001", "0"], cells  # (lawful occupancy: area, occupant load)
    assert "0.00<" not in html and "1,234.50" not in html


def test_public_certificate_shows_0_0001_and_1234_5_square_feet_b3_section_164_9(client, small_venue):
    _venue, certificate = small_venue
    html = client.get(reverse("web:certificate_detail", args=[certificate.number])).content.decode()
    assert _cells(html) == ["1,234.5", "82", "0.0001", "0"]


def test_occupancy_check_shows_the_law_cores_areas_b3():
    """The public check (no sign-in): 0.0001 and 1,234.5 sq ft as given; 12,000 m² as the law core shows it in
    square feet, 129,166.925 (the page showed 129,166.92), holding 8,611 persons."""
    data = {"form-TOTAL_FORMS": "3", "form-INITIAL_FORMS": "0", "as_of": "2026-06-01"}
    for i, (name, area, unit) in enumerate([("Hall", "1234.5", "sq_ft"), ("Cupboard", "0.0001", "sq_ft"),
                                            ("Lawn", "12000", "sq_m")]):
        data.update({f"form-{i}-name": name, f"form-{i}-use_group": GROUP, f"form-{i}-area": area,
                     f"form-{i}-area_unit": unit})
    html = client_for(None).get(reverse("web:occupancy_check"), data).content.decode()
    assert _cells(html) == ["1,234.5", "82", "0.0001", "0", "129,166.925", "8,611"], _cells(html)

