"""A certificate made from the database states a bowling alley's alleys (Mount Pleasant § 164-7: "allow 5
persons for each alley, including 15 feet of runway", the space's area then the additional area beyond them),
as a certificate read from JSON does (interpretation D-8): "12 alleys and 1,000 additional" in the floor area's
column, and ``alleys`` in the public look-up (``GET /certificates/{number}``). Before, the database's certificate
carried no alleys and printed the additional area alone beside a load it did not explain. The alleys are stored
with the loads when the certificate is issued; a certificate issued before then is read with the alleys its
spaces had when it was issued (their history), not those of a later change."""

from __future__ import annotations

import pytest
from tests.documents.conftest import pdf_text

from publicassembly.documents.pdf import render_certificate
from publicassembly.law.jsonable import jsonable
from publicassembly.venues import documents as vd
from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate

pytestmark = pytest.mark.django_db


@pytest.fixture
def lanes(bi, mount_pleasant):
    venue = vs.create_venue(bi, mount_pleasant, name="Lanes", address="1 Lane Rd", commercial=True)
    vs.add_space(bi, venue, name="Lanes", kind="room", use_group="bowling_alley", area=1000, alleys=12)
    vs.add_space(bi, venue, name="Lounge", kind="room", use_group="assembly_without_fixed_seats", area=300)
    return venue


def test_a_certificate_from_the_database_states_the_alleys_164_7(lanes, bi, day):
    cert = vs.issue_certificate(bi, lanes, issued_on=day)
    assert [s.get("alleys") for s in cert.space_loads] == [12, None]
    assert "alleys" not in cert.space_loads[1]  # (a space counted by its area has none)
    record = vd.certificate_record(cert)
    assert [(s.name, s.alleys, s.area_sq_ft, s.occupant_load) for s in record.spaces] == [
        ("Lanes", 12, 1000, 160), ("Lounge", None, 300, 20)]  # 12 × 5 + 1,000 / 10; 300 / 15
    text = pdf_text(render_certificate(record))
    assert "Lanes Bowling alleys 12 alleys and 1,000 160 additional" in text  # (the cell wraps beside the load)
    spaces = jsonable(vs.lookup_certificate(cert.number))["spaces"]
    assert [(s["name"], s["alleys"]) for s in spaces] == [("Lanes", 12), ("Lounge", None)]


def test_one_alley_and_no_additional_area_164_7(bi, mount_pleasant, day):
    venue = vs.create_venue(bi, mount_pleasant, name="Lane", address="2 Lane Rd", commercial=True)
    vs.add_space(bi, venue, name="Lane", kind="room", use_group="bowling_alley", area=0, alleys=1)
    vs.add_space(bi, venue, name="Hall", kind="room", use_group="assembly_without_fixed_seats", area=375)
    record = vd.certificate_record(vs.issue_certificate(bi, venue, issued_on=day))
    assert (record.spaces[0].alleys, record.spaces[0].occupant_load) == (1, 5)
    assert "Lane Bowling alleys 1 alley and 0 5 additional" in pdf_text(render_certificate(record))


def test_a_certificate_issued_before_the_alleys_were_stored_states_those_it_was_issued_for(lanes, bi, day):
    cert = vs.issue_certificate(bi, lanes, issued_on=day)
    Certificate.objects.filter(pk=cert.pk).update(  # (as stored before: the loads without the alleys)
        space_loads=[{k: v for k, v in s.items() if k != "alleys"} for s in cert.space_loads])
    cert.refresh_from_db()
    vs.update_space(bi, lanes.spaces.get(name="Lanes"), alleys=20, reason="8 alleys added")
    cert.refresh_from_db()
    assert cert.status == Certificate.STALE
    record = vd.certificate_record(cert)
    assert record.spaces[0].alleys == 12  # the 160 persons it states are 12 alleys' and 1,000 sq ft's, not 20's
    assert "12 alleys and 1,000 160 additional" in pdf_text(render_certificate(record))
    again = vd.certificate_record(vs.issue_certificate(bi, lanes, issued_on=day))
    assert (again.spaces[0].alleys, again.spaces[0].occupant_load) == (20, 200)


def _row(page: str, name: str) -> str:
    import re

    row = re.search(rf'<th scope="row">{name}</th>(.*?)</tr>', page, re.S)
    assert row is not None, page
    return " ".join(re.sub(r"<[^>]+>", " ", row.group(1)).split())


def test_the_public_certificate_page_states_the_alleys_beside_the_load_164_7(lanes, bi, day, client):
    """The public page shows what the PDF and the API show: "12 alleys and 1,000 additional" (12 × 5 + 1,000 / 10
    = 160), not the additional area alone beside a load it does not explain; a room counted by its area as
    before."""
    cert = vs.issue_certificate(bi, lanes, issued_on=day)
    page = client.get(f"/certificates/{cert.number}/").content.decode()
    assert _row(page, "Lanes").startswith("bowling alley 12 alleys and 1,000 additional 160")
    assert _row(page, "Lounge").startswith("assembly without fixed seats 300 20")


def test_the_public_certificate_page_one_alley_and_no_additional_area_164_7(bi, mount_pleasant, day, client):
    venue = vs.create_venue(bi, mount_pleasant, name="Lane", address="2 Lane Rd", commercial=True)
    vs.add_space(bi, venue, name="Lane", kind="room", use_group="bowling_alley", area=0, alleys=1)
    vs.add_space(bi, venue, name="Hall", kind="room", use_group="assembly_without_fixed_seats", area=375)
    cert = vs.issue_certificate(bi, venue, issued_on=day)
    page = client.get(f"/certificates/{cert.number}/").content.decode()
    assert "1 alley and 0 additional 5" in _row(page, "Lane")
