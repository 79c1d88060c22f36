"""The pages read a room named by a user as the check of a name taken reads it (interpretation M-26): the sign's
``?room=`` (§ 164-9) and the stop order's "Persons in each room" (§ 164-5) take "main hall" as the room "Main
Hall", the sign and the order keeping the room's own spelling; a room named on two lines in two spellings is told
on its line, with every other bad line at once; the inspection page of a place whose two rooms were stored with
names read alike (before that was refused) is told, once, that the name names both."""

from __future__ import annotations

import datetime as dt
import io

import pdfplumber
import pytest
from tests.web.conftest import client_for

from publicassembly.enforcement.models import StopOrder
from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection, Space

pytestmark = pytest.mark.django_db


@pytest.fixture
def place(hall, mu):
    """The catering hall's Ballroom (310 persons) and a Main Hall of 600 sq ft (40 persons, § 164-7), its
    certificate issued again for the two."""
    bi = mu["building_inspector"]
    vs.add_space(bi, hall, name="Main Hall", kind="room", use_group="assembly_without_fixed_seats", area="600")
    hall.refresh_from_db()
    vs.issue_certificate(bi, hall)
    hall.refresh_from_db()
    return hall


def _text(content: bytes) -> str:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


@pytest.mark.parametrize("written", ["Main Hall", "main hall", "MAIN   HALL "])
def test_164_9_the_sign_page_of_a_room_named_in_any_case_names_it_as_the_certificate_does_m26(place, written):
    number = place.certificates.get(status="valid").number
    r = client_for(None).get(f"/certificates/{number}/sign.pdf", {"room": written})
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    text = _text(r.content)
    assert "Main Hall" in text and "40" in text


def test_164_9_the_sign_page_of_a_name_read_otherwise_is_422_naming_the_rooms_m26(place):
    number = place.certificates.get(status="valid").number
    r = client_for(None).get(f"/certificates/{number}/sign.pdf", {"room": "Main Hal"})
    assert r.status_code == 422 and not r.content.startswith(b"%PDF")
    assert (f"room: “Main Hal” is not a room of certificate {number}; give one of: Ballroom, Main Hall, or no room "
            "for the signs of every room or area.") in r.content.decode()


def _stop(mu, venue, rooms: str, present: str):
    venue.refresh_from_db()
    return client_for(mu["enforcement_officer"]).post("/mount-pleasant-ny/enforcement/stop_order/0/", {
        "so-venue": f"{venue.pk}:{venue.version}", "so-performance": "Friday dance", "so-persons_present": present,
        "so-persons_by_space": rooms})


def test_164_5_the_stop_order_page_counts_a_room_named_in_another_case_in_its_own_spelling_m26(mu, place):
    r = _stop(mu, place, "main hall, 41", "41")
    assert r.status_code in (200, 302), r.content.decode()[:2000]
    order = StopOrder.objects.get()
    assert order.persons_by_space == {"Main Hall": 41} and order.overcrowding is True


def test_the_stop_order_page_tells_a_room_named_twice_and_every_bad_line_at_once_m26(mu, place):
    r = _stop(mu, place, "Main Hall, 10\nMAIN HALL, 12\nBallroom\nmain  hall, 3", "30")
    assert r.status_code == 422
    assert r.context["stop_order_form"].errors["persons_by_space"] == [
        "Line 2: MAIN HALL is named on an earlier line",
        "Line 3: write the room's name, a comma, then the persons counted there as a whole number (e.g. "
        "\"Cocktail room, 120\")",
        "Line 4: main  hall is named on an earlier line"]
    assert not StopOrder.objects.exists()


def test_the_stop_order_page_takes_two_rooms_each_named_once_m26(mu, place):
    """The other side: two rooms, each on one line in another case."""
    r = _stop(mu, place, "MAIN HALL, 41\nballroom, 10", "51")
    assert r.status_code in (200, 302)
    assert StopOrder.objects.get().persons_by_space == {"Main Hall": 41, "Ballroom": 10}


def test_the_inspection_page_of_two_rooms_stored_with_names_read_alike_tells_it_once_m26(mu, place):
    """A pair stored before two rooms could not be so named: the counts of both are refused, naming both."""
    Space.objects.filter(venue=place, name="Ballroom").update(name="MAIN HALL")
    bi = mu["building_inspector"]
    insp = Inspection.objects.get(venue=place, state=Inspection.SCHEDULED)
    rooms = {s.name: s.pk for s in place.spaces.all()}
    r = client_for(bi).post(f"/mount-pleasant-ny/venues/{place.pk}/inspections/{insp.pk}/", {
        "expected_version": str(insp.version), "done_on": dt.date.today().isoformat(),
        f"persons_by_space-{rooms['Main Hall']}": "5", f"persons_by_space-{rooms['MAIN HALL']}": "6"})
    assert r.status_code == 422
    page = r.content.decode()
    two = ("&#x27;MAIN HALL&#x27; names more than one space of Kensico Manor: &#x27;MAIN HALL&#x27;, &#x27;Main "
           "Hall&#x27; (their names differ only in letter case or spaces); give each its own name first")
    beside = page.split('id="err-spaces"')[1].split("</div>")[0]  # (the rooms' fieldset: told once there)
    assert beside.count(two) == 1 and beside.count('class="error"') == 1, beside
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED
