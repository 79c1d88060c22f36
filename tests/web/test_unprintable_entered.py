"""The Building Inspector's space form refuses, when it is entered, a room's name the certificate and the
occupancy sign cannot print (interpretation G-6, § 164-9): 422 with the characters and why beside the name, in
the page's language; nothing is added to the place. A name they print is saved."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from tests.web.conftest import client_for, version_of

pytestmark = pytest.mark.django_db


def _error_beside_name(page: str) -> str:
    m = re.search(r'id="err-id_new-name"[^>]*>(.*?)</div>', page, re.S)
    assert m, "no error beside the name"
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", m.group(1)))


def _space(name: str) -> dict[str, str]:
    return {"new-name": name, "new-use_group": "assembly_without_fixed_seats", "new-area": "500",
            "new-area_unit": "sq_ft"}


def test_space_named_in_chinese_and_emoji_is_refused_beside_the_name(mu, hall):
    c = client_for(mu["building_inspector"])
    before = sorted(hall.spaces.values_list("name", flat=True))
    r = c.post(f"/mount-pleasant-ny/venues/{hall.pk}/spaces/", {**_space("宴会厅 🎉"), **version_of(hall)})
    assert r.status_code == 422
    error = _error_beside_name(r.content.decode())
    assert "the documents cannot print '宴' (U+5BB4), '会' (U+4F1A), '厅' (U+5385), '🎉' (U+1F389)" in error
    assert "DejaVu Sans" in error
    assert sorted(hall.spaces.values_list("name", flat=True)) == before
    r = c.post(f"/mount-pleasant-ny/venues/{hall.pk}/spaces/", {**_space("Sala Dvořák"), **version_of(hall)})
    assert r.status_code == 302, r.content.decode()[:500]
    assert hall.spaces.filter(name="Sala Dvořák").exists()


def test_space_named_in_hebrew_is_refused_in_spanish_on_a_spanish_page(mu, hall):
    c = client_for(mu["building_inspector"])
    r = c.post(f"/mount-pleasant-ny/venues/{hall.pk}/spaces/", {**_space("אולם"), **version_of(hall)}, HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 422
    error = _error_beside_name(r.content.decode())
    assert "los documentos imprimen texto solo de izquierda a derecha, no 'א' (U+05D0)" in error, error
    assert not hall.spaces.filter(name="אולם").exists()


def test_registration_refuses_a_name_the_documents_cannot_print_beside_the_field():
    """An applicant's name is printed on the petition, the notice and the permit when the facts give none."""
    from django.test import Client

    from publicassembly.accounts.models import User

    form = {"username": "zofia", "first_name": "Zofia", "last_name": "Wiśniewska 🎉", "email": "z@example.org",
            "town": "carmel-ny", "password1": "a long passphrase 42", "password2": "a long passphrase 42"}
    r = Client().post("/accounts/register/", form)
    assert r.status_code == 422
    m = re.search(r'id="err-id_last_name"[^>]*>(.*?)</div>', r.content.decode(), re.S)
    assert m and "'🎉' (U+1F389)" in htmllib.unescape(m.group(1))
    assert not User.objects.filter(username="zofia").exists()
    assert Client().post("/accounts/register/", form | {"last_name": "Wiśniewska-Dvořák"}).status_code == 302
    assert User.objects.get(username="zofia").last_name == "Wiśniewska-Dvořák"
