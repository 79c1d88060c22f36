"""Recording what an inspection found moves the venue's version (M-18): the last inspection's findings decide
whether the certificate may issue (exits found blocked stop it), so a certificate form opened before the
inspection was recorded — the venue page as it was, without the findings — is refused as stale (409), and the
Building Inspector issues only on a page that showed them. A form opened after the inspection issues."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.web.conftest import client_for

from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate, Inspection
from publicassembly.workflow.blocked import Blocked
from publicassembly.workflow.errors import StaleUpdate

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()


def _record(bi, venue, **found):
    insp = (Inspection.objects.filter(venue=venue, state=Inspection.SCHEDULED).first()
            or vs.schedule_inspection(bi, venue, scheduled_for=TODAY))
    venue.refresh_from_db()
    seen = venue.version
    vs.record_inspection(bi, insp, done_on=TODAY, **found)
    return seen


def _issue(bi, venue, version):
    return client_for(bi).post(f"/mount-pleasant-ny/venues/{venue.pk}/certificates/",
                               {"expected_version": str(version)})


def test_m18_recording_an_inspection_moves_the_venue_version(mu, hall):
    seen = _record(mu["building_inspector"], hall, exits_blocked=False, exit_access_clear=True)
    hall.refresh_from_db()
    assert hall.version == seen + 1


def test_m18_a_certificate_form_opened_before_a_passed_inspection_is_stale_then_issues(mu, hall):
    """The boundary: even an inspection that passes is news the page did not show; a form opened after it
    (the venue's version now) issues."""
    bi = mu["building_inspector"]
    seen = _record(bi, hall, exits_blocked=False, exit_access_clear=True)
    before = Certificate.objects.filter(venue=hall).count()
    r = _issue(bi, hall, seen)
    assert r.status_code == 409 and "has been changed since you opened this page" in r.content.decode()
    assert Certificate.objects.filter(venue=hall).count() == before
    hall.refresh_from_db()
    assert _issue(bi, hall, hall.version).status_code == 302
    assert Certificate.objects.filter(venue=hall).count() == before + 1


def test_m18_exits_found_blocked_after_the_form_was_opened_stale_then_blocked(mu, hall):
    """§§ 164-10, 164-11 (M-18): the form opened before the inspection that found the exits blocked is stale; on
    the venue as it is now, issuing is refused with the exits' blockers."""
    bi = mu["building_inspector"]
    seen = _record(bi, hall, exits_blocked=True, exit_access_clear=False)
    with pytest.raises(StaleUpdate):
        vs.issue_certificate(bi, hall, expected_version=seen)
    hall.refresh_from_db()
    with pytest.raises(Blocked) as e:
        vs.issue_certificate(bi, hall, expected_version=hall.version)
    assert [b.rule for b in e.value.blockers] == ["mount-pleasant/164-10/exits-not-blocked",
                                                  "mount-pleasant/164-11/exit-access"]
