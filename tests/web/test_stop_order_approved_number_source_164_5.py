"""Where a stop order's approved number came from (Mount Pleasant § 164-5 "approved number of occupants"; M-8,
M-29): the certificate in force (its number), the last certificate issued when none is in force (made stale by a
change of the rooms, or revoked), or the occupant load computed from the rooms (§§ 164-7, 164-8). Kept with the
order when it is given — a certificate issued since does not rewrite it — and said on the Enforcement page beside
the approved number and in the API's stop order."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import StopOrder
from publicassembly.venues import services as vs

pytestmark = pytest.mark.django_db

MP = "/mount-pleasant-ny"


@pytest.fixture
def place(mount_pleasant, mu):
    """Hall Co's Hall, 1,500 sq ft without fixed seats: 100 persons (§ 164-7), no certificate yet."""
    bi = mu["building_inspector"]
    venue = vs.create_venue(bi, mount_pleasant, name="Hall Co", address="1 Main Street", commercial=True,
                            toilets_provided=3)
    vs.add_space(bi, venue, name="Hall", kind="room", use_group="assembly_without_fixed_seats", area="1500")
    venue.refresh_from_db()
    return venue


def _enlarge(bi, venue) -> None:
    """The Hall recorded as 3,000 sq ft (200 persons): the certificate in force becomes stale (W-5)."""
    vs.update_space(bi, venue.spaces.get(name="Hall"), area="3000")
    venue.refresh_from_db()


def _page(user) -> str:
    """The Enforcement page as read: its text, without the markup."""
    page = client_for(user).get(f"{MP}/enforcement/").content.decode()
    return htmllib.unescape(re.sub(r"<[^>]+>", "", page))


def test_164_5_the_certificate_in_force_is_kept_as_the_source_and_said(place, mu):
    bi = mu["building_inspector"]
    cert = vs.issue_certificate(bi, place)
    order = es.record_stop_order(bi, place, performance="Dance night", persons_present=101)
    assert (order.approved_number, order.approved_number_from, order.approved_certificate) == (
        100, StopOrder.CERTIFICATE, cert.number)
    assert (f"101 persons present, approved number 100 (stated by the certificate in force, {cert.number})"
            in _page(bi))
    listed = api_client(bi).get(f"/api/v1/towns/{MP[1:]}/stop-orders").json()[0]
    assert (listed["approved_number"], listed["approved_number_from"], listed["approved_certificate"]) == (
        100, "certificate", cert.number)


@pytest.mark.parametrize("how", ["stale", "revoked"])
def test_164_5_m29_the_last_certificate_issued_no_longer_in_force_is_said_with_its_number(place, mu, how):
    """The certificate for 100, then the Hall enlarged to hold 200 (stale), or also revoked: 150 persons are
    overcrowding against the 100 last certified, and the page says it is that certificate's, no longer in force —
    not the rooms' 200."""
    bi = mu["building_inspector"]
    cert = vs.issue_certificate(bi, place)
    _enlarge(bi, place)
    if how == "revoked":
        cert.refresh_from_db()
        vs.revoke_certificate(bi, cert, reason="hall rebuilt")
    order = es.record_stop_order(bi, place, performance="Dance night", persons_present=150)
    assert (order.approved_number, order.approved_number_from, order.approved_certificate) == (
        100, StopOrder.FORMER_CERTIFICATE, cert.number)
    assert (f"150 persons present, approved number 100 (stated by the last certificate issued, {cert.number}, no "
            "longer in force: the rooms are approved for no more until a new certificate prescribes their number "
            "(§ 164-9))") in _page(bi)


def test_164_5_without_a_certificate_the_rooms_occupant_load_is_said(place, mu):
    bi = mu["building_inspector"]
    order = es.record_stop_order(bi, place, performance="Dance night", persons_present=101)
    assert (order.approved_number, order.approved_number_from, order.approved_certificate) == (
        100, StopOrder.OCCUPANT_LOAD, "")
    page = _page(bi)
    assert ("101 persons present, approved number 100 (the occupant load computed from the rooms (§§ 164-7, "
            "164-8))") in page
    posted = api_client(bi).post(f"/api/v1/towns/{MP[1:]}/venues/{place.pk}/stop-orders",
                                 {"performance": "Late show", "persons_present": 101}, content_type="application/json")
    assert posted.status_code == 201, posted.content
    assert (posted.json()["approved_number_from"], posted.json()["approved_certificate"]) == ("occupant_load", None)


def test_164_5_the_source_kept_is_not_rewritten_by_a_certificate_issued_since(place, mu):
    bi = mu["building_inspector"]
    order = es.record_stop_order(bi, place, performance="Dance night", persons_present=101)
    vs.issue_certificate(bi, place)  # (after the order: it states 100 too, but was not in force then)
    order.refresh_from_db()
    assert order.approved_number_from == StopOrder.OCCUPANT_LOAD and order.approved_certificate == ""
    assert "(the occupant load computed from the rooms" in _page(bi)


def test_164_5_an_order_for_egress_alone_says_its_approved_number_and_source(place, mu):
    """No persons counted (egress obstructed): the approved number and its source are still said."""
    bi = mu["building_inspector"]
    es.record_stop_order(bi, place, performance="Dance night", egress_obstructed=True)
    line = _page(bi).split("Hall Co: Dance night\n")[1].splitlines()[0]  # (the order's line under its heading)
    assert line.endswith(" · egress obstructed")
    assert " · approved number 100 (the occupant load computed from the rooms (§§ 164-7, 164-8))" in line
    assert "persons present" not in line


def test_164_5_an_order_recorded_before_the_source_was_kept_says_none(place, mu):
    bi = mu["building_inspector"]
    order = es.record_stop_order(bi, place, performance="Dance night", persons_present=101)
    StopOrder.objects.filter(pk=order.pk).update(approved_number_from="", approved_certificate="")
    page = client_for(bi).get(f"{MP}/enforcement/").content.decode()
    assert "101 persons present, approved number 100" in page and 'class="approved-from"' not in page
