"""§ 164-3 in the API's venue (its ``determination``) and in an inspection's record when the place's certificate is
no longer in force (interpretation M-29, W-5): the finding names the last certificate issued and why — made stale
by a change of the rooms, or revoked — as the Town's record says, and never that none is recorded."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from tests.api.conftest import venue_json

from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate, Inspection

pytestmark = pytest.mark.django_db

RULE = "mount-pleasant/164-3/certificate"
REQUIRED = "A place of assembly: a certificate of the Building Inspector is required and none is in force."
STALE = ("was made stale by a change of the place's rooms or areas since it was issued, and is no longer in force "
         "until the Building Inspector issues a new one")


def _finding(determination: dict, rule: str = RULE) -> dict:
    return next(f for f in determination["findings"] if f["rule"] == rule)


def _enlarge(bi, venue) -> None:
    """The Ballroom recorded as 6,000 sq ft (400 persons, § 164-7): the certificate becomes stale (W-5)."""
    vs.update_space(bi, venue.spaces.get(name="Ballroom"), area="6000")
    venue.refresh_from_db()


def test_api_venue_164_3_names_the_stale_certificate_m29(hall, mu):
    """The Ballroom enlarged after its certificate: GET venue's determination says none is in force and which
    certificate was issued last, made stale; its values carry its number, day and status."""
    bi = mu["building_inspector"]
    cert = hall.certificates.get()
    _enlarge(bi, hall)
    f = _finding(venue_json(bi, hall)["determination"])
    assert f["status"] == "missing"
    assert f["reason"] == f"{REQUIRED} The last one issued ({cert.number}, issued {cert.issued_on}) {STALE}."
    assert f["values"]["former_certificate"] == {"number": cert.number, "issued": cert.issued_on.isoformat(),
                                                 "status": "stale"}


def test_api_venue_164_3_names_the_revoked_certificate_m29(hall, mu):
    """Revoked after it was made stale: the last word of its record, revoked, is why it is not in force."""
    bi = mu["building_inspector"]
    _enlarge(bi, hall)
    cert = hall.certificates.get()
    vs.revoke_certificate(bi, cert, reason="ballroom rebuilt")
    f = _finding(venue_json(bi, hall)["determination"])
    assert f["reason"] == (f"{REQUIRED} The last one issued ({cert.number}, issued {cert.issued_on}) was revoked "
                           f"by the Building Inspector.")
    assert f["values"]["former_certificate"]["status"] == "revoked"


def test_api_venue_164_3_certificate_in_force_is_met(hall, mu):
    """The other side: the certificate in force (not stale) is recorded; no former certificate is told."""
    f = _finding(venue_json(mu["building_inspector"], hall)["determination"])
    assert f["status"] == "met" and "former_certificate" not in f["values"]


def test_inspection_164_3_deficiency_names_the_stale_certificate_m29(hall, mu):
    """An inspection today after the Ballroom was enlarged: the "no certificate" deficiency (§ 164-3) says which
    certificate is no longer in force and why, then that no valid certificate is on record."""
    bi = mu["building_inspector"]
    cert = hall.certificates.get()
    _enlarge(bi, hall)
    insp = Inspection.objects.get(venue=hall, state=Inspection.SCHEDULED)
    vs.record_inspection(bi, insp, done_on=timezone.localdate(), exits_blocked=False, exit_access_clear=True,
                         fire_exits_designated=True, fire_exits_comply_with_uniform_code=True)
    insp.refresh_from_db()
    deficiency = insp.deficiencies.get(kind="no_certificate")
    assert deficiency.detail == (f"{REQUIRED} The last one issued ({cert.number}, issued {cert.issued_on}) {STALE}. "
                                 f"No valid certificate is on record.")


def test_why_not_in_force_is_read_by_the_day_judged_m29(mount_pleasant, mu):
    """The record read by the day judged: a certificate issued 30 days ago, made stale 5 days ago, then revoked
    today, was stale (not yet revoked) on the day before, as `venue_case_data(on=…)` says of it; revoked today."""
    bi = mu["building_inspector"]
    today = timezone.localdate()
    venue = vs.create_venue(bi, mount_pleasant, name="Hall Co", address="1 Main Street", commercial=True)
    vs.add_space(bi, venue, name="Ballroom", kind="room", use_group="assembly_without_fixed_seats", area="4650")
    venue.refresh_from_db()
    cert = vs.issue_certificate(bi, venue, issued_on=today - dt.timedelta(days=30))
    venue.refresh_from_db()
    _enlarge(bi, venue)
    Certificate.history.filter(id=cert.pk, status=Certificate.STALE).update(
        history_date=timezone.now() - dt.timedelta(days=5))
    vs.revoke_certificate(bi, Certificate.objects.get(pk=cert.pk), reason="ballroom rebuilt")
    assert vs.venue_case_data(venue, on=today - dt.timedelta(days=1))["former_certificate"]["status"] == "stale"
    assert vs.venue_case_data(venue, on=today)["former_certificate"]["status"] == "revoked"
    assert vs.venue_case_data(venue)["former_certificate"]["status"] == "revoked"
