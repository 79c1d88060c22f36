"""Interpretation W-21: Carmel ch. 31 regulates assemblies by permit and has no places of assembly (Mount Pleasant
ch. 164 certifies them, §§ 164-3, 164-9). Carmel's places-of-assembly pages answer 404 with the sentence the API
answers (`NoPlacesOfAssembly`) to everyone — a visitor not signed in, a Carmel official, a Mount Pleasant
applicant who owns a place there — GET and POST, before the login requirement and any role check, as the permit
pages of Mount Pleasant answer 404 before the sign-in (`no_permits_before_login`). Mount Pleasant's pages are as
before."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from tests.web.conftest import client_for

from publicassembly.venues.models import Venue

pytestmark = pytest.mark.django_db

SENTENCE = ("Town of Carmel, New York keeps no places of assembly here: its law (Carmel Code ch. 31, Public "
            "Assembly Ordinance) is about permits for public assemblies, not places of assembly and their certificates of "
            "lawful occupancy, which are kept here for Town of Mount Pleasant, New York.")

#: Every places-of-assembly page under a town (web/urls.py), by method.
PAGES = [("get", "venues/"), ("post", "venues/"), ("get", "venues/1/"), ("get", "venues/1/preview/"),
         ("post", "venues/1/spaces/"), ("get", "venues/1/spaces/1/"), ("post", "venues/1/spaces/1/"),
         ("post", "venues/1/certificates/"), ("post", "venues/1/worship-approval/"),
         ("post", "venues/1/certificates/1/revoke/"), ("post", "venues/1/inspections/"),
         ("get", "venues/1/inspections/1/"), ("post", "venues/1/inspections/1/")]


def _text(response) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def _who(who, cu, mu):
    return {"visitor": None, "carmel_building_inspector": cu["building_inspector"],
            "carmel_applicant": cu["applicant"], "mount_pleasant_applicant": mu["applicant"],
            "mount_pleasant_building_inspector": mu["building_inspector"]}[who]


@pytest.mark.parametrize("who", ["visitor", "carmel_building_inspector", "carmel_applicant",
                                 "mount_pleasant_applicant", "mount_pleasant_building_inspector"])
@pytest.mark.parametrize(("method", "page"), PAGES)
def test_w21_carmels_places_of_assembly_pages_are_404_for_everyone_ch31(who, method, page, cu, mu, carmel):
    r = getattr(client_for(_who(who, cu, mu)), method)(f"/carmel-ny/{page}", {"name": "Grange Hall"})
    assert r.status_code == 404, (who, method, page, r.status_code, r.get("Location"))
    assert SENTENCE in _text(r)
    assert not Venue.objects.exists()


def test_w21_the_mount_pleasant_owner_opening_carmels_list_is_told_why_ch31(mu, hall):
    """The trial's case: Mount Pleasant's applicant (the owner of a place there) at /carmel-ny/venues/ was 403."""
    r = client_for(mu["applicant"]).get("/carmel-ny/venues/")
    assert r.status_code == 404
    assert SENTENCE in _text(r)
    assert hall.name not in r.content.decode()


def test_w21_mount_pleasants_pages_are_as_before_164_3(mu, cu, hall):
    """§ 164-3: Mount Pleasant's pages still send a visitor to sign in and refuse a Carmel official (403)."""
    r = Client().get("/mount-pleasant-ny/venues/")
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    assert client_for(cu["building_inspector"]).get("/mount-pleasant-ny/venues/").status_code == 403
    assert client_for(mu["building_inspector"]).get("/mount-pleasant-ny/venues/").status_code == 200
    assert client_for(mu["building_inspector"]).get(f"/mount-pleasant-ny/venues/{hall.pk}/").status_code == 200


def test_w21_an_unknown_town_is_404_as_before(mu):
    assert client_for(mu["applicant"]).get("/springfield/venues/").status_code == 404
