"""The inspector's venue page and a place that is not a place of assembly (§ 164-4) or whose lawful occupancy is 0
(interpretation M-17): the page does not offer to issue its certificate and says why, each reason with its
citation; the issue form sent anyway (a page kept open, a hand-made request) is refused 409 on the page, as the
API answers it, never a 500, and nothing is written. A place of assembly keeps its button."""

from __future__ import annotations

import html as htmllib

import pytest
from tests.web.conftest import client_for

from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate, Venue

pytestmark = pytest.mark.django_db

V = "/mount-pleasant-ny/venues"


def _office(bi, town, area, commercial=False):
    venue = vs.create_venue(bi, town, name="Empty Hall", address="2 Main St", commercial=commercial)
    vs.add_space(bi, venue, name="Office", kind="room", use_group="business", area=area)
    venue.refresh_from_db()
    return venue


def _text(r) -> str:
    return htmllib.unescape(r.content.decode())


def test_page_of_a_place_that_is_not_one_says_why_and_offers_no_button_164_4(mu, mount_pleasant):
    venue = _office(mu["building_inspector"], mount_pleasant, 500)
    r = client_for(mu["building_inspector"]).get(f"{V}/{venue.pk}/")
    assert r.status_code == 200
    page = _text(r)
    assert 'id="certificate-blockers"' in page
    assert "The certificate cannot be issued, because:" in page
    assert "Empty Hall is not a place of assembly" in page and "the most is 5 (Office)" in page
    assert "<cite>Mount Pleasant Code § 164-4</cite>" in page
    assert "Issue the certificate</button>" not in page
    assert f'action="{V}/{venue.pk}/certificates/"' not in page


def test_page_of_lawful_occupancy_0_lists_both_reasons_164_9(mu, mount_pleasant):
    venue = _office(mu["building_inspector"], mount_pleasant, "0.0001")
    page = _text(client_for(mu["building_inspector"]).get(f"{V}/{venue.pk}/"))
    assert "<cite>Mount Pleasant Code § 164-4</cite>" in page
    assert "The lawful occupancy of Empty Hall is 0 persons" in page
    assert "<cite>Mount Pleasant Code § 164-9</cite>" in page


def test_the_issue_form_sent_anyway_is_refused_409_on_the_page_and_writes_nothing_164_3(mu, mount_pleasant):
    venue = _office(mu["building_inspector"], mount_pleasant, 500)
    before = (Venue.objects.get(pk=venue.pk).version, Certificate.objects.count(), Certificate.history.count())
    r = client_for(mu["building_inspector"]).post(f"{V}/{venue.pk}/certificates/",
                                                  {"expected_version": str(venue.version)})
    assert r.status_code == 409
    page = _text(r)
    assert "Nothing was saved: the law does not allow you to issue the certificate yet, because:" in page
    assert "Empty Hall is not a place of assembly" in page and "(Mount Pleasant Code § 164-4)" in page
    assert page.count("Empty Hall is not a place of assembly") == 1  # the refusal, not listed twice
    assert "Issue the certificate</button>" not in page
    assert (Venue.objects.get(pk=venue.pk).version, Certificate.objects.count(),
            Certificate.history.count()) == before


def test_a_place_of_assembly_keeps_its_button_and_is_issued(mu, mount_pleasant):
    venue = _office(mu["building_inspector"], mount_pleasant, 2500, commercial=True)  # 25 persons
    c = client_for(mu["building_inspector"])
    page = _text(c.get(f"{V}/{venue.pk}/"))
    assert "Issue the certificate</button>" in page and 'id="certificate-blockers"' not in page
    r = c.post(f"{V}/{venue.pk}/certificates/", {"expected_version": str(venue.version)})
    assert r.status_code == 302
    assert Certificate.objects.get(venue=venue).lawful_occupancy == 25


def test_needs_review_keeps_the_button_164_4(mu, mount_pleasant):
    """M-4: commercial or not not stated, 25 persons: the Building Inspector decides, the button is there."""
    venue = _office(mu["building_inspector"], mount_pleasant, 2500, commercial=None)
    page = _text(client_for(mu["building_inspector"]).get(f"{V}/{venue.pk}/"))
    assert "Issue the certificate</button>" in page and 'id="certificate-blockers"' not in page


def test_the_officer_sees_no_blockers_box(mu, mount_pleasant):
    """Only the Building Inspector issues certificates: the officer's page says so, as before."""
    venue = _office(mu["building_inspector"], mount_pleasant, 500)
    page = _text(client_for(mu["enforcement_officer"]).get(f"{V}/{venue.pk}/"))
    assert 'id="certificate-blockers"' not in page
    assert "Only the Building Inspector issues, re-issues or revokes the certificate" in page


def test_a_spanish_page_shows_the_refusal_not_a_500(mu, mount_pleasant):
    """A page read in Spanish: the refusal is shown (its new sentences await their Spanish in the catalog),
    with its citation as the law cites itself (W-6)."""
    venue = _office(mu["building_inspector"], mount_pleasant, 500)
    c = client_for(mu["building_inspector"])
    assert c.post("/i18n/setlang/", {"language": "es", "next": "/"}).status_code == 302
    assert c.get(f"{V}/{venue.pk}/").status_code == 200
    r = c.post(f"{V}/{venue.pk}/certificates/", {"expected_version": str(venue.version)})
    assert r.status_code == 409 and "Mount Pleasant Code § 164-4" in _text(r)
