"""An inspection recorded as done on a day in the past is judged with the certificate that was in force on that day
(interpretation M-28; §§ 164-3, 164-5, 164-9; G-10), not with the one valid when it is recorded.

Hall Co's Hall, 1,500 sq ft without fixed seats (15 sq ft per person, § 164-7: 100 persons), certified on
D0 = 30 days ago (MP-…-0001, 100 persons). Recording an inspection of 10 days ago found before:

- the certificate made stale since (the Hall enlarged to 3,000 sq ft today, W-5): "no certificate" (§ 164-3), a
  deficiency, though the certificate stood that day; and the approved number (§ 164-5, M-8) the rooms' 200, not
  the certificate's 100;
- the certificate re-issued or revoked since: "none is recorded" in the inspection's determination;
- a place first certified today: "none is recorded" in the determination, but no deficiency (the certificate
  valid at the recording was counted).

Each is decided now by the day done. Recording an old inspection is not refused because the place or its rooms were
entered later (a place existed before it was entered here)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from publicassembly.enforcement import services as es
from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate, Inspection
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

CERTIFICATE = "mount-pleasant/164-3/certificate"
EXITS_CLEAR = {"exits_blocked": False, "exit_access_clear": True, "fire_exits_designated": True,
               "fire_exits_comply_with_uniform_code": True}


def _today() -> dt.date:
    return timezone.localdate()


def _ago(days: int) -> dt.date:
    return _today() - dt.timedelta(days=days)


@pytest.fixture
def place(mount_pleasant, bi):
    """Hall Co (commercial, 3 toilets) with its Hall of 1,500 sq ft (100 persons), entered today."""
    venue = vs.create_venue(bi, mount_pleasant, name="Hall Co", address="1 Main Street", commercial=True,
                            toilets_provided=3)
    vs.add_space(bi, venue, name="Hall", kind="room", use_group="assembly_without_fixed_seats", area="1500")
    venue.refresh_from_db()
    return venue


def _certify(bi, venue, day: dt.date | None = None) -> Certificate:
    venue.refresh_from_db()
    cert = vs.issue_certificate(bi, venue, issued_on=day)
    venue.refresh_from_db()
    return cert


def _enlarge(bi, venue) -> None:
    """The Hall recorded as 3,000 sq ft today (200 persons): the certificate in force becomes stale (W-5)."""
    vs.update_space(bi, venue.spaces.get(name="Hall"), area="3000")
    venue.refresh_from_db()


def _inspect(bi, venue, day: dt.date, **facts) -> Inspection:
    vs.schedule_inspection(bi, venue, scheduled_for=day)
    insp = Inspection.objects.get(venue=venue, state=Inspection.SCHEDULED)
    vs.record_inspection(bi, insp, done_on=day, **{**EXITS_CLEAR, **facts})
    insp.refresh_from_db()
    venue.refresh_from_db()
    return insp


def _kinds(insp: Inspection) -> list[str]:
    return sorted(d.kind for d in insp.deficiencies.all())


def _certificate_finding(insp: Inspection) -> tuple[str, str]:
    f = next(f for f in insp.determination["findings"] if f["rule"] == CERTIFICATE)
    return f["status"], f["reason"]


def test_164_3_a_certificate_stale_since_stood_on_the_day_done_no_deficiency_m28(place, bi):
    cert = _certify(bi, place, _ago(30))
    _enlarge(bi, place)
    insp = _inspect(bi, place, _ago(10))
    assert "no_certificate" not in _kinds(insp)
    assert _certificate_finding(insp) == (
        "met", f"A place of assembly: a certificate of the Building Inspector is required; certificate "
               f"{cert.number} is recorded.")


def test_164_3_on_the_day_it_became_stale_the_certificate_no_longer_stood_m28(place, bi):
    """The other side: done today, the day the Hall's change made it stale (W-5): no certificate, as before."""
    _certify(bi, place, _ago(30))
    _enlarge(bi, place)
    insp = _inspect(bi, place, _today())
    assert "no_certificate" in _kinds(insp)


@pytest.mark.parametrize(("persons", "overcrowded"), [(100, False), (101, True)])
def test_164_5_the_approved_number_of_the_day_done_is_the_certificate_then_in_force_m28(place, bi, persons,
                                                                                        overcrowded):
    """M-8: the approved number is the certificate's 100 when smaller than the rooms' (now 200): 101 persons
    10 days ago were overcrowding, 100 were not."""
    _certify(bi, place, _ago(30))
    _enlarge(bi, place)
    insp = _inspect(bi, place, _ago(10), persons_present=persons)
    assert ("overcrowding" in _kinds(insp)) is overcrowded


def test_164_3_a_certificate_superseded_since_is_the_one_named_for_the_day_done_m28(place, bi):
    first = _certify(bi, place, _ago(30))
    second = _certify(bi, place)  # (re-issued today: the first superseded)
    earlier = _inspect(bi, place, _ago(10))
    assert _kinds(earlier) == [] and first.number in _certificate_finding(earlier)[1]
    later = _inspect(bi, place, _today())
    assert _kinds(later) == [] and second.number in _certificate_finding(later)[1]


def test_164_3_a_certificate_revoked_since_stood_before_the_day_of_its_revocation_m28(place, bi):
    cert = _certify(bi, place, _ago(30))
    vs.revoke_certificate(bi, cert, reason="issued in error")
    place.refresh_from_db()
    assert "no_certificate" not in _kinds(_inspect(bi, place, _ago(10)))
    assert "no_certificate" in _kinds(_inspect(bi, place, _today()))


def test_164_3_a_place_certified_only_after_the_day_done_had_no_certificate_that_day_m28(place, bi):
    """A place entered and certified today, inspected 10 days ago: recorded (not refused: it existed before it
    was entered), and its "no certificate" is the deficiency its own determination states (G-10: the certificate
    did not exist yet). Done today, the certificate of today is in force."""
    _certify(bi, place)
    before = _inspect(bi, place, _ago(10))
    assert before.state == Inspection.DONE and _kinds(before) == ["no_certificate"]
    assert _certificate_finding(before)[0] == "missing"
    assert _kinds(_inspect(bi, place, _today())) == []


@pytest.mark.parametrize(("days_before", "in_force"), [(31, False), (30, True), (0, True)])
def test_certificate_in_force_from_its_day_of_issue_m28(place, bi, days_before, in_force):
    cert = _certify(bi, place, _ago(30))
    assert (vs.certificate_in_force(place, _ago(days_before)) == cert) is in_force


def test_164_5_a_stop_order_given_before_the_change_counts_the_certificate_then_in_force_m28(place, bi):
    """150 persons 10 days ago: above the certificate's 100 (then in force) though within the rooms' 200 now: a
    ground for the stop order (§ 164-5, M-8). It was refused: "no ground for a stop order"."""
    _certify(bi, place, _ago(30))
    _enlarge(bi, place)
    at = timezone.make_aware(dt.datetime.combine(_ago(10), dt.time(21, 0)))
    order = es.record_stop_order(bi, place, performance="Dance night", ordered_at=at, persons_present=150)
    assert order.pk is not None


def test_164_5_a_stop_order_given_today_counts_the_stale_certificate_s_number_m29(place, bi):
    """Today the certificate is stale (the Hall enlarged to hold 200 by § 164-7, not certified again): the
    approved number is still the 100 the Building Inspector last certified (M-29; it was the rooms' 200, so 150
    persons were "no ground"): 150 persons are overcrowding, and the order records 100 as the approved number."""
    _certify(bi, place, _ago(30))
    _enlarge(bi, place)
    order = es.record_stop_order(bi, place, performance="Dance night", persons_present=150)
    assert order.overcrowding and order.approved_number == 100


def test_164_5_the_stale_certificate_s_own_number_is_no_ground_m29(place, bi):
    """The other side: 100 persons, the number the stale certificate states, are no ground for a stop order."""
    _certify(bi, place, _ago(30))
    _enlarge(bi, place)
    with pytest.raises(ValidationFailed) as refused:
        es.record_stop_order(bi, place, performance="Dance night", persons_present=100)
    assert refused.value.field == "grounds"


def test_164_9_a_certificate_dated_before_a_revoked_later_one_is_issued_m29(place, bi):
    """A certificate issued 10 days ago and revoked; a new one dated 20 days ago (before the revoked one) is
    issued for the Hall's 100 persons: the revoked certificate, issued after the new one's day, is no former
    certificate of that day (G-10, M-29; the issue was refused naming ``former_certificate.issued``, a fact the
    Building Inspector never gave: the review of M-29)."""
    first = _certify(bi, place, _ago(10))
    vs.revoke_certificate(bi, first, reason="issued in error")
    again = _certify(bi, place, _ago(20))
    assert again.status == Certificate.VALID and again.lawful_occupancy == 100


def test_164_5_a_stop_order_counts_the_revoked_certificate_issued_before_it_m29(place, bi):
    """Certified 30 days ago for 100, enlarged, the certificate then revoked: a stop order today for 150 persons
    counts the 100 last certified (none in force; § 164-5, M-29)."""
    cert = _certify(bi, place, _ago(30))
    _enlarge(bi, place)
    vs.revoke_certificate(bi, Certificate.objects.get(pk=cert.pk), reason="hall rebuilt")
    order = es.record_stop_order(bi, place, performance="Dance night", persons_present=150)
    assert order.overcrowding and order.approved_number == 100


def test_164_5_a_room_enlarged_since_the_certificate_is_overcrowded_above_its_certified_number_m29(place, bi):
    """The trial's place: the Hall certified for 100 (1,500 sq ft) and a Lobby for 20 (300 sq ft), 120 in all;
    the Hall then enlarged to hold 200 (certificate stale). 110 persons, all in the Hall: within the place's 120,
    but the Hall is approved for 100 — a stop order is given (it was refused: "no ground", approved number 120,
    the room judged by its new 200); 100 in the Hall are no ground."""
    vs.add_space(bi, place, name="Lobby", kind="room", use_group="assembly_without_fixed_seats", area="300")
    cert = _certify(bi, place, _ago(30))
    assert cert.lawful_occupancy == 120
    _enlarge(bi, place)
    with pytest.raises(ValidationFailed) as refused:
        es.record_stop_order(bi, place, performance="Dance night", persons_present=100,
                             persons_by_space={"hall": 100})
    assert refused.value.field == "grounds"
    order = es.record_stop_order(bi, place, performance="Dance night", persons_present=110,
                                 persons_by_space={"hall": 110})
    assert order.overcrowding and order.approved_number == 120
