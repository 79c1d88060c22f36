"""The public certificate look-up page offers the occupancy signs only of a certificate in force: a revoked or
superseded one gets no "Sign (PDF)" link (each would answer 409, § 164-9) but a short line saying why."""

from __future__ import annotations

import pytest
from django.test import Client

from publicassembly.venues import services as vs

pytestmark = pytest.mark.django_db

WHY = "No occupancy sign is printed for this certificate"


def _page(number: str) -> str:
    r = Client().get("/certificates/", {"number": number})
    assert r.status_code == 200
    return r.content.decode()


def test_valid_certificate_links_its_signs_164_9(hall):
    cert = hall.certificates.get()
    html = _page(cert.number)
    assert f"/certificates/{cert.number}/sign.pdf?room=Ballroom" in html
    assert f'href="/certificates/{cert.number}/sign.pdf"' in html and WHY not in html


def test_revoked_certificate_offers_no_sign_but_says_why_164_9(mu, hall):
    cert = hall.certificates.get()
    vs.revoke_certificate(mu["building_inspector"], cert, reason="exits chained")
    html = _page(cert.number)
    assert "Revoked" in html and "sign.pdf" not in html and "Sign (PDF)" not in html
    assert WHY in html and "§ 164-9" in html
    assert f"/certificates/{cert.number}/certificate.pdf" in html
    assert Client().get(f"/certificates/{cert.number}/sign.pdf").status_code == 409


def test_superseded_certificate_points_to_the_new_ones_signs_164_9(mu, hall):
    old = hall.certificates.get()
    new = vs.issue_certificate(mu["building_inspector"], hall)
    html = _page(old.number)
    assert "sign.pdf" not in html and WHY in html
    assert f"Print the signs of certificate {new.number}." in html
    detail = Client().get(f"/certificates/{old.number}/").content.decode()
    assert "sign.pdf" not in detail and WHY in detail


def test_the_inspectors_venue_page_links_the_sign_of_a_certificate_in_force_only_164_9(mu, hall):
    from tests.web.conftest import client_for

    cert = hall.certificates.get()
    url = f"/mount-pleasant-ny/venues/{hall.pk}/"
    bi = client_for(mu["building_inspector"])
    assert f"/certificates/{cert.number}/sign.pdf" in bi.get(url).content.decode()
    vs.revoke_certificate(mu["building_inspector"], cert, reason="exits chained")
    html = bi.get(url).content.decode()
    assert f"/certificates/{cert.number}/sign.pdf" not in html
    assert f"/certificates/{cert.number}/certificate.pdf" in html
