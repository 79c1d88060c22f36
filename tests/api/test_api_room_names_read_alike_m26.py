"""The API reads a room named in a body or a query as the check of a name taken reads it (interpretation M-26):
``persons_by_space`` and ``signs`` of ``POST …/inspections/{id}/record`` (§§ 164-5, 164-7, 164-9), a stop order's
``persons_by_space`` (§ 164-5) and the sign's ``?room=`` (§ 164-9) take "main hall" as the room "Main Hall", and
the answer keeps the room's own spelling. A new-user trial was told 422 "no space of Trial Lanes is named 'main
hall'" for ``{"main hall": 40}`` and for ``sign.pdf?room=lanes``. A name read otherwise is still 422; one room named
in two spellings is 422, told once; a name of two rooms stored before two could not be so named, 422 naming both."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from tests.api.conftest import post_json
from tests.refused import told

from publicassembly.enforcement.models import StopOrder
from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection

pytestmark = pytest.mark.django_db

MP = "/api/v1/towns/mount-pleasant-ny"
SPACES = "Ballroom, Main Hall"


@pytest.fixture
def place(hall, mu):
    """The catering hall's Ballroom (310 persons) and a Main Hall of 600 sq ft without fixed seats (40 persons,
    § 164-7), its certificate issued again for the two."""
    bi = mu["building_inspector"]
    vs.add_space(bi, hall, name="Main Hall", kind="room", use_group="assembly_without_fixed_seats", area="600")
    hall.refresh_from_db()
    vs.issue_certificate(bi, hall)
    hall.refresh_from_db()
    return hall


def _record(client, venue, body: dict):
    insp = Inspection.objects.get(venue=venue, state=Inspection.SCHEDULED)
    return insp, post_json(client, f"{MP}/inspections/{insp.pk}/record", body)


@pytest.mark.parametrize("written", ["Main Hall", "main hall", "MAIN HALL", "  main   hall "])
def test_164_5_a_room_counted_in_any_case_or_spacing_is_the_room_in_its_own_spelling_m26(api, mu, place, written):
    """41 in the Main Hall (40 lawful): overcrowded, the deficiency naming "Main Hall"; its sign not posted."""
    insp, r = _record(api(mu["building_inspector"]), place,
                      {"persons_present": 41, "persons_by_space": {written: 41}, "signs": {written: {"posted": False}}})
    assert r.status_code == 200, r.content
    assert sorted((d["kind"], d["space"]) for d in r.json()["deficiencies"]) == [
        ("missing_sign", "Main Hall"), ("overcrowding", "Main Hall")]
    insp.refresh_from_db()
    assert insp.observations["persons_by_space"] == {"Main Hall": 41}
    assert [s["room"] for s in insp.observations["signs"]] == ["Main Hall"]


def test_164_5_the_boundary_40_in_the_main_hall_is_no_overcrowding_m26(api, mu, place):
    _insp, r = _record(api(mu["building_inspector"]), place, {"persons_present": 40, "persons_by_space": {"main hall": 40}})
    assert r.status_code == 200 and "overcrowding" not in [d["kind"] for d in r.json()["deficiencies"]], r.content


@pytest.mark.parametrize("written", ["Main Hal", "MainHall", "Main Hall 2"])
def test_a_name_read_otherwise_is_422_naming_the_rooms_there_are_m26(api, mu, place, written):
    insp, r = _record(api(mu["building_inspector"]), place,
                      {"persons_by_space": {written: 4}, "signs": {written: {"posted": True}}})
    no_room = f"no space of Kensico Manor is named {written!r}; spaces: {SPACES}"
    assert told(r) == [("signs", no_room), ("persons_by_space", no_room)]
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED


def test_one_room_named_twice_in_two_spellings_is_422_told_once_m26(api, mu, place):
    insp, r = _record(api(mu["building_inspector"]), place,
                      {"persons_by_space": {"Main Hall": 10, "main hall": 12, "Stage": 1}})
    assert told(r) == [
        ("persons_by_space", f"no space of Kensico Manor is named 'Stage'; spaces: {SPACES}"),
        ("persons_by_space", "the space 'Main Hall' of Kensico Manor is named more than once ('Main Hall', "
                             "'main hall'); give it once")]
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED


def test_164_5_a_stop_order_counts_a_room_named_in_another_case_in_its_own_spelling_m26(api, mu, place):
    r = post_json(api(mu["enforcement_officer"]), f"{MP}/venues/{place.pk}/stop-orders",
                  {"performance": "Dance", "persons_present": 41, "persons_by_space": {"MAIN HALL": 41},
                   "expected_version": place.version})
    assert r.status_code == 201, r.content
    assert r.json()["persons_by_space"] == {"Main Hall": 41} and r.json()["overcrowding"] is True


def test_164_5_a_stop_order_naming_one_room_twice_is_422_m26(api, mu, place):
    r = post_json(api(mu["enforcement_officer"]), f"{MP}/venues/{place.pk}/stop-orders",
                  {"performance": "Dance", "persons_present": 82, "persons_by_space": {"Main Hall": 41, "main hall": 41}})
    assert told(r) == [("persons_by_space", "the space 'Main Hall' of Kensico Manor is named more than once "
                                            "('Main Hall', 'main hall'); give it once")]
    assert not StopOrder.objects.exists()


def _text(content: bytes) -> str:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


@pytest.mark.parametrize("written", ["Main Hall", "main hall", " MAIN  HALL "])
def test_164_9_the_sign_of_a_room_named_in_any_case_names_it_as_the_certificate_does_m26(place, client, written):
    number = place.certificates.get(status="valid").number
    r = client.get(f"{MP}/certificates/{number}/sign.pdf", {"room": written})
    assert r.status_code == 200, r.content
    text = _text(r.content)
    assert "Main Hall" in text and "40" in text and written.strip() not in text.replace("Main Hall", "")


@pytest.mark.parametrize("written", ["Main Hal", "Lounge"])
def test_164_9_the_sign_of_a_name_read_otherwise_is_422_naming_the_rooms_m26(place, client, written):
    number = place.certificates.get(status="valid").number
    r = client.get(f"{MP}/certificates/{number}/sign.pdf", {"room": written})
    assert told(r) == [("room", f"“{written}” is not a room of certificate {number}; give one of: Ballroom, Main "
                                "Hall, or no room for the signs of every room or area.")]


def test_164_9_the_sign_of_a_name_of_two_rooms_of_a_legacy_certificate_is_422_naming_both_m26(place, client):
    cert = place.certificates.get(status="valid")
    cert.space_loads = [*cert.space_loads, {**cert.space_loads[-1], "name": "MAIN HALL"}]
    cert.save(update_fields=["space_loads"])
    r = client.get(f"{MP}/certificates/{cert.number}/sign.pdf", {"room": "Main Hall"})
    assert told(r) == [("room", "'Main Hall' names more than one space of Kensico Manor: 'Main Hall', 'MAIN HALL' "
                                "(their names differ only in letter case or spaces); give each its own name first")]
    assert client.get(f"{MP}/certificates/{cert.number}/sign.pdf", {"room": "ballroom"}).status_code == 200
