"""The occupancy sign without a room (interpretation D-14): Mount Pleasant § 164-9 asks a sign "in each room or
area … stating the lawful occupancy of the room or area". A new-user trial found `/certificates/<number>/sign.pdf`
without ``?room=`` (and the API's ``occupancy_sign_pdf``) printing ONE sign of the whole place's total, "Room or
area: <place>" — posted in a room, it states the wrong number. Now it is one page per room or area of the
certificate, each its room's name and lawful occupancy, in the certificate's order; ``?room=`` is still one sign."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from django.test import Client

from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate

pytestmark = pytest.mark.django_db

API = "/api/v1/towns/mount-pleasant-ny/certificates/{number}/sign.pdf"
WEB = "/certificates/{number}/sign.pdf"


def pages(content: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return [" ".join((page.extract_text() or "").split()) for page in pdf.pages]


@pytest.fixture
def rooms(hall, mu) -> Certificate:
    """Kensico Manor: Ballroom 4,650 sq ft (310 persons), Cocktail room 1,200 sq ft (80) and Terrace, open air,
    2,250 sq ft at 15 sq ft per person (150) (§§ 164-7, 164-8): lawful occupancy 540; the certificate issued again
    for the three."""
    bi = mu["building_inspector"]
    vs.add_space(bi, hall, name="Cocktail room", kind="room", use_group="assembly_without_fixed_seats", area="1200")
    vs.add_space(bi, hall, name="Terrace", kind="open_air", use_group="open_air", area="2250")
    hall.refresh_from_db()
    return vs.issue_certificate(bi, hall)


@pytest.mark.parametrize("url", [WEB, API])
def test_without_a_room_one_page_per_room_each_its_own_occupancy_section_164_9(rooms, url):
    assert rooms.lawful_occupancy == 540
    order = [(str(s["name"]), int(s["occupant_load"])) for s in rooms.space_loads]
    assert order == [("Ballroom", 310), ("Cocktail room", 80), ("Terrace", 150)]
    r = Client().get(url.format(number=rooms.number))
    assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
    signs = pages(r.content)
    assert len(signs) == 3
    for text, (room, persons) in zip(signs, order, strict=True):
        assert text.startswith(f"LAWFUL OCCUPANCY {persons} PERSONS Room or area: {room} "), text
        assert f"Certificate No. {rooms.number}" in text
    assert not any("540" in text or "Kensico Manor" in text for text in signs)  # (never the place's total)


@pytest.mark.parametrize("url", [WEB, API])
def test_a_room_given_is_still_its_sign_alone_section_164_9(rooms, url):
    r = Client().get(url.format(number=rooms.number), {"room": "cocktail ROOM"})
    assert r.status_code == 200
    assert [text.split(" Certificate No.")[0] for text in pages(r.content)] == [
        "LAWFUL OCCUPANCY 80 PERSONS Room or area: Cocktail room"]


@pytest.mark.parametrize("url", [WEB, API])
def test_one_room_is_one_page_and_a_certificate_of_no_room_recorded_the_place_section_164_9(hall, url):
    """The hall's one Ballroom (310): one page, the room's. A certificate stored with no room (`sign_data`'s
    case): one page of the place and its lawful occupancy, the only number it records."""
    cert = hall.certificates.get()
    r = Client().get(url.format(number=cert.number))
    assert [text.split(" Certificate No.")[0] for text in pages(r.content)] == [
        "LAWFUL OCCUPANCY 310 PERSONS Room or area: Ballroom"]
    Certificate.objects.filter(pk=cert.pk).update(space_loads=[])
    r = Client().get(url.format(number=cert.number))
    assert [text.split(" Certificate No.")[0] for text in pages(r.content)] == [
        "LAWFUL OCCUPANCY 310 PERSONS Room or area: Kensico Manor"]


def test_the_certificate_page_links_the_set_of_signs(rooms):
    html = Client().get(f"/certificates/{rooms.number}/").content.decode()
    assert f'href="/certificates/{rooms.number}/sign.pdf">Occupancy signs, one page per room or area (PDF)' in html
