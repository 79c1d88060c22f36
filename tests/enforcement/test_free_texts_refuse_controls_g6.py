"""Mount Pleasant ch. 164's free texts refuse the control characters every other text refuses (G-6: an escape,
a bell, a direction override such as U+202E, which reorders what a reader sees), 422 naming the field, before the
record's state is judged (P-29), nothing stored: an inspection's notes, a stop order's performance and
description, a lifted order's correction, a complaint's or violation's place, and the reason every action keeps
in the history (a certificate revoked, a place approved as used solely for religious worship, an inspection
scheduled, …). A second new-user trial found them stored."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from tests.api.conftest import api_client
from tests.refused import refused

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import StopOrder, Violation
from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate, Inspection

pytestmark = pytest.mark.django_db

RLO = "as agreed\u202e"  # (a right-to-left override: the text after it reads backwards)


def test_an_inspection_s_notes_and_reason_refused_164_13(bi, hall):
    """§ 164-13: what the Building Inspector found is kept; notes holding a control character are refused."""
    today = timezone.localdate()
    refused("reason", lambda: vs.schedule_inspection(bi, hall, scheduled_for=today, reason=RLO))
    assert not Inspection.objects.filter(venue=hall).exists()
    insp = vs.schedule_inspection(bi, hall, scheduled_for=today, reason="as agreed")
    for field in ("notes", "reason"):
        refused(field, lambda field=field: vs.record_inspection(bi, insp, done_on=today, **{field: RLO}))
        insp.refresh_from_db()
        assert insp.state == Inspection.SCHEDULED and not insp.notes
    refused("reason", lambda: vs.cancel_inspection(bi, insp, reason=RLO))
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED
    assert vs.record_inspection(bi, insp, done_on=today, notes="Saturday night").notes == "Saturday night"


def test_a_certificate_revoked_or_a_worship_approval_with_a_bad_reason_refused_164_3(bi, hall):
    cert = vs.issue_certificate(bi, hall)
    refused("reason", lambda: vs.revoke_certificate(bi, cert, reason=RLO))
    cert.refresh_from_db()
    assert cert.status == Certificate.VALID
    refused("reason", lambda: vs.approve_religious_worship_exemption(bi, hall, reason=RLO))
    refused("reason", lambda: vs.update_venue(bi, hall, reason=RLO, toilets_provided=7))
    hall.refresh_from_db()
    assert hall.toilets_provided == 6


def test_a_stop_order_s_texts_refused_and_nothing_recorded_164_10(bi, hall):
    """§§ 164-10, 164-11: the performance an officer stopped and why; each text with a control character is
    refused by name, every one at once — with the law core's finding of no ground for the order (400 persons
    within the approved number; W-36) — and no order is recorded."""
    e = refused("performance", lambda: es.record_stop_order(bi, hall, performance="Dance\u202e", persons_present=400,
                                                            reason=RLO))
    assert [f for f, _m in e.errors] == ["performance", "reason", "grounds"]
    assert not StopOrder.objects.exists()


def test_a_complaint_s_place_and_a_violation_s_reason_refused_164_12(bi, mount_pleasant, violation):
    today = timezone.localdate()
    refused("place", lambda: es.file_complaint(bi, mount_pleasant, description="exit chained", observed_on=today,
                                               place="Rear\u202e", in_presence=True))
    refused("reason", lambda: es.close_case(bi, violation, reason=RLO))
    refused("reason", lambda: es.issue_summons(bi, violation, return_date=today + dt.timedelta(days=30),
                                               reason=RLO))
    violation.refresh_from_db()
    assert violation.state == Violation.RECORDED


def test_the_api_answers_422_naming_the_field(bi, hall):
    """The trial's requests: an inspection's notes, a stop order's performance (422 naming each, nothing stored)."""
    insp = vs.schedule_inspection(bi, hall, scheduled_for=timezone.localdate())
    c = api_client(bi)
    r = c.post(f"/api/v1/towns/mount-pleasant-ny/inspections/{insp.pk}/record", {"notes": "abc\u202edef"},
               content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "notes", r.content
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED
    r = c.post(f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/stop-orders",
               {"performance": "P\u202e", "persons_present": 500}, content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "performance", r.content
    assert not StopOrder.objects.exists()
