"""The public GET forms (certificate look-up, occupancy check, permit check) refuse bad input from a link with an
error naming the field and what it takes: a certificate number that is not one is a bad request (400) and a
number of no certificate 404; a choice that is not one of the field's names the values allowed (in the page's
language); a management field of the rooms' formset given twice is refused like any field given twice."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _beside(r, field_id: str) -> str:
    """The text of the errors shown beside the field ``field_id`` (its ``err-`` element)."""
    m = re.search(rf'<div class="errors" id="err-{re.escape(field_id)}"[^>]*>(.*?)</div>', r.content.decode(), re.S)
    assert m, f"no errors element for {field_id}"
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", m.group(1)))).strip()


def _text(r) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", r.content.decode())))


# --- the certificate look-up --------------------------------------------------------------------------------

FORMAT = "A certificate number is letters and digits joined by hyphens, at most 40 characters, e.g. MP-2025-0001"


def test_certificate_number_given_twice_is_a_bad_request_naming_both():
    r = Client().get("/certificates/?number=MP-2025-0001&number=MP-2025-0002")
    assert r.status_code == 400
    assert _beside(r, "id_number") == "Given 2 times ('MP-2025-0001', 'MP-2025-0002'); give it once."


def test_certificate_number_given_twice_in_spanish_is_a_bad_request_in_spanish():
    r = Client().get("/certificates/?number=MP-2025-0001&number=MP-2025-0002", HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 400 and '<html lang="es"' in r.content.decode()
    assert "('MP-2025-0001', 'MP-2025-0002')" in _beside(r, "id_number")
    assert "give it once" not in _beside(r, "id_number")


@pytest.mark.parametrize("query", ["number=", "number=%20%20", "numbr=MP-2025-0001"])
def test_certificate_look_up_without_a_number_is_a_bad_request_asking_for_it(query):
    r = Client().get(f"/certificates/?{query}")
    assert r.status_code == 400
    assert _beside(r, "id_number") == ("Give the certificate number, as printed on the certificate or the "
                                       "occupancy sign, e.g. MP-2025-0001.")


@pytest.mark.parametrize(("number", "shown"), [
    ("MP 2025 0001", "'MP 2025 0001'"), ("MP_2025_0001", "'MP_2025_0001'"), ("MP--2025", "'MP--2025'"),
    ("<b>MP</b>", "'<b>MP</b>'"), ("MP-2025-0001\x00", r"'MP-2025-0001\x00'"), ("A" * 41, f"'{'A' * 40}'…"),
])
def test_certificate_number_not_of_the_format_is_a_bad_request_naming_the_format(number, shown):
    r = Client().get("/certificates/", {"number": number})
    assert r.status_code == 400
    assert _beside(r, "id_number") == f"{FORMAT} (got {shown})."


@pytest.mark.parametrize("number", ["MP-2025-9999", "mp-0000", "A" * 40])
def test_certificate_number_well_formed_but_of_no_certificate_is_404(number):
    r = Client().get("/certificates/", {"number": number})
    assert r.status_code == 404
    assert _beside(r, "id_number") == "No certificate has this number. Check it against the sign."


def test_certificate_number_given_once_is_found(hall):
    number = hall.certificates.get().number
    r = Client().get("/certificates/", {"number": f" {number.lower()} "})
    assert r.status_code == 200 and _beside(r, "id_number") == "" and "Kensico Manor" in r.content.decode()
    assert Client().get("/certificates/").status_code == 200  # the empty form, not a refusal
