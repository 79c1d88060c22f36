"""A document whose record holds a character the documents cannot print (interpretation G-6) is refused on the
pages and the API with 422 naming the document's field and the characters, never a 500 and never a PDF of boxes;
a name in Czech, Polish or Russian letters prints."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from publicassembly.venues import services as vs
from publicassembly.venues.models import Space, Venue


@pytest.fixture
def hall_named(mount_pleasant, mu):
    """A place of assembly with one room, both named as the test asks, and its certificate's number. The names
    are written straight to the database, as a record stored before the services refused such names when entered
    (G-6): the documents still refuse them when printed."""

    def make(venue_name: str, room: str) -> str:
        bi = mu["building_inspector"]
        venue = vs.create_venue(bi, mount_pleasant, name="Kensico", address="25 Lakeview Avenue, Valhalla",
                                commercial=True, toilets_provided=6)
        space = vs.add_space(bi, venue, name="Ballroom", kind="room", use_group="assembly_without_fixed_seats",
                             area="4650")
        Venue.objects.filter(pk=venue.pk).update(name=venue_name)
        Space.objects.filter(pk=space.pk).update(name=room)
        venue.refresh_from_db()
        vs.issue_certificate(bi, venue)
        vs.schedule_inspection(bi, venue, scheduled_for=dt.date.today())
        return venue.certificates.get().number

    return make


def test_a_name_in_czech_polish_and_russian_letters_prints(hall_named):
    number = hall_named("Sala Dvořák", "Зал Łódź")
    c = Client()
    pdf = c.get(f"/certificates/{number}/certificate.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert c.get(f"/certificates/{number}/sign.pdf", {"room": "Зал Łódź"}).status_code == 200
    api = c.get(f"/api/v1/towns/mount-pleasant-ny/certificates/{number}/certificate.pdf")
    assert api.status_code == 200 and api.content.startswith(b"%PDF")


def test_a_name_the_documents_cannot_print_is_422_naming_the_field_on_the_pages(hall_named):
    number = hall_named("宴会厅 Kensico", "Ballroom 宴")
    c = Client()
    page = c.get(f"/certificates/{number}/certificate.pdf")
    assert page.status_code == 422 and page["Content-Type"].startswith("text/html")
    html = page.content.decode()
    assert "This document cannot be printed as its record is written:" in html
    assert "venue_name: the documents cannot print &#x27;宴&#x27; (U+5BB4), &#x27;会&#x27; (U+4F1A)" in html, html
    sign = c.get(f"/certificates/{number}/sign.pdf", {"room": "Ballroom 宴"})
    assert sign.status_code == 422 and "room: the documents cannot print" in sign.content.decode()


def test_a_name_the_documents_cannot_print_is_422_naming_the_field_in_the_api(hall_named):
    number = hall_named("Kensico שלום", "Ballroom")
    answer = Client().get(f"/api/v1/towns/mount-pleasant-ny/certificates/{number}/certificate.pdf")
    assert answer.status_code == 422
    body = answer.json()
    assert body["field"] == "venue_name"
    assert body["detail"].startswith("the document cannot be printed as its record is written: venue_name: the "
                                     "documents print text left to right only, not 'ש' (U+05E9)")
    assert body["errors"][0]["field"] == "venue_name"
    assert body["errors"][0]["msg"].startswith("the documents print text left to right only")
