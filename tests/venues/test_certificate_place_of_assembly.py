"""The Building Inspector's certificate is the § 164-3 certificate of a place of assembly (interpretation M-17):
issuing it is refused (`Blocked`, 409) when the law core says the venue is not a place of assembly under § 164-4
(no certificate required, not by the religious-worship exception, whose own refusal is unchanged: W-5), and when
its lawful occupancy is 0 persons (nothing to certify, § 164-9). A place whose answer needs review is issued one
(the inspector decides). Nothing is written on a refusal. (A new-user trial had a 500 sq ft noncommercial office
certified as a "Place of Assembly" of 5 persons, and a room of 0.0001 sq ft certified for 0.)"""

from __future__ import annotations

import pytest

from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate, Venue
from publicassembly.workflow.blocked import Blocked

pytestmark = pytest.mark.django_db

PLACE = "mount-pleasant/164-4/place-of-assembly"
NUMBER = "mount-pleasant/164-9/certificate-lawful-occupancy"


def _office(bi, town, *, commercial, area, name="Empty Hall"):
    """A venue of one business room (100 sq ft per occupant, § 164-7): `area` / 100 persons."""
    venue = vs.create_venue(bi, town, name=name, address="2 Main St", commercial=commercial)
    vs.add_space(bi, venue, name="Office", kind="room", use_group="business", area=area)
    venue.refresh_from_db()
    return venue


def _stored(venue):
    """Everything issuing could write about `venue`: its version, its certificates (number, status) and their
    history rows."""
    venue = Venue.objects.get(pk=venue.pk)
    certs = sorted(Certificate.objects.filter(venue=venue).values_list("number", "status", "version"))
    return venue.version, certs, Certificate.history.filter(venue_id=venue.pk).count(), \
        Venue.history.filter(id=venue.pk).count()


def _refused(bi, venue, day) -> Blocked:
    before = _stored(venue)
    with pytest.raises(Blocked) as e:
        vs.issue_certificate(bi, venue, issued_on=day)
    assert _stored(venue) == before  # nothing written
    return e.value


@pytest.mark.parametrize(("area", "persons", "issued"), [(2400, 24, False), (2500, 25, True)])
def test_commercial_24_persons_is_refused_and_25_is_issued_164_4(bi, mount_pleasant, day, area, persons, issued):
    """§ 164-4: a commercial place of assembly from 25 persons ("or more"); 24 is none, no certificate."""
    venue = _office(bi, mount_pleasant, commercial=True, area=area)
    assert vs.compute_occupancy(venue, as_of=day).certificate_required is issued
    if issued:
        cert = vs.issue_certificate(bi, venue, issued_on=day)
        assert cert.lawful_occupancy == persons and cert.status == Certificate.VALID
        assert vs.certificate_blockers(venue, on=day) == []
        return
    e = _refused(bi, venue, day)
    assert [b.rule for b in e.blockers] == [PLACE]
    (b,) = e.blockers
    assert b.citation == "Mount Pleasant Code § 164-4" and b.missing == ()
    assert "Empty Hall is not a place of assembly" in b.reason
    assert "25 or more persons, as a commercial place must; the most is 24 (Office)" in b.reason
    assert "It would be one if a room or space, with its connecting rooms, held 25 or more persons" in b.reason
    assert e.message.startswith("cannot issue the certificate: (1) Empty Hall is not a place of assembly")
    assert [x.rule for x in vs.certificate_blockers(venue, on=day)] == [PLACE]


@pytest.mark.parametrize(("area", "persons", "issued"), [(7400, 74, False), (7500, 75, True)])
def test_noncommercial_74_persons_is_refused_and_75_is_issued_164_4(bi, mount_pleasant, day, area, persons, issued):
    """§ 164-4: a noncommercial place of assembly from 75 persons; 74 is none. The refusal says that recording
    the place as commercial (25 persons) would make it one."""
    venue = _office(bi, mount_pleasant, commercial=False, area=area)
    if issued:
        assert vs.issue_certificate(bi, venue, issued_on=day).lawful_occupancy == persons
        return
    e = _refused(bi, venue, day)
    (b,) = e.blockers
    assert b.rule == PLACE and b.citation == "Mount Pleasant Code § 164-4"
    assert "75 or more persons, as a noncommercial place must; the most is 74 (Office)" in b.reason
    assert "If the place is commercial, record it so: a commercial place is one from 25 persons." in b.reason
    # recorded as commercial, the same room is a place of assembly: the certificate issues
    vs.update_venue(bi, venue, commercial=True, reason="it is rented for events")
    assert vs.issue_certificate(bi, venue, issued_on=day).lawful_occupancy == 74


def test_the_trial_office_of_500_sq_ft_is_refused_164_3(bi, mount_pleasant, day):
    """The new-user trial's venue: a noncommercial office of 500 sq ft (5 persons) is no place of assembly."""
    venue = _office(bi, mount_pleasant, commercial=False, area=500)
    det = vs.compute_occupancy(venue, as_of=day)
    assert det.certificate_required is False and det.exemption is None
    e = _refused(bi, venue, day)
    assert [b.rule for b in e.blockers] == [PLACE]
    assert not Certificate.objects.filter(venue=venue).exists()


def test_lawful_occupancy_0_is_refused_with_both_reasons_164_9(bi, mount_pleasant, day):
    """A room of 0.0001 sq ft holds no one (§ 164-7): not a place of assembly, and no number to certify or to
    post on a sign (§ 164-9). Both blockers, each with its citation."""
    venue = _office(bi, mount_pleasant, commercial=False, area="0.0001")
    assert vs.compute_occupancy(venue, as_of=day).occupancy.lawful_occupancy == 0
    e = _refused(bi, venue, day)
    assert [(b.rule, b.citation) for b in e.blockers] == [(PLACE, "Mount Pleasant Code § 164-4"),
                                                          (NUMBER, "Mount Pleasant Code § 164-9")]
    assert "The lawful occupancy of Empty Hall is 0 persons" in e.blockers[1].reason
    assert "(1) " in e.message and "(2) The lawful occupancy of Empty Hall is 0 persons" in e.message


def test_lawful_occupancy_0_blocks_even_a_place_of_assembly_164_9(bi, mount_pleasant, day):
    """The law core makes a place of assembly of a room of 0 persons' load used by 30 (M-3): still nothing to
    certify. (The venue record holds no attendance, so this is the determination given the attendance.)"""
    venue = _office(bi, mount_pleasant, commercial=True, area="0.0001")
    det = vs.compute_occupancy(venue, as_of=day, attendance=30)
    assert det.certificate_required is True and det.occupancy.lawful_occupancy == 0
    assert [b.rule for b in vs.certificate_blockers_of(venue, det)] == [NUMBER]


@pytest.mark.parametrize(("area", "persons"), [(2500, 25), (7400, 74)])
def test_needs_review_is_issued_the_inspector_deciding_164_4(bi, mount_pleasant, day, area, persons):
    """M-4: commercial or not not stated, 25 to 74 persons: whether it is a place of assembly needs review, and
    the Building Inspector may issue the certificate."""
    venue = _office(bi, mount_pleasant, commercial=None, area=area)
    assert vs.compute_occupancy(venue, as_of=day).certificate_required == "needs_review"
    assert vs.certificate_blockers(venue, on=day) == []
    assert vs.issue_certificate(bi, venue, issued_on=day).lawful_occupancy == persons


def test_not_stated_below_25_is_refused_164_4(bi, mount_pleasant, day):
    """M-4: below 25 persons it is no place of assembly commercial or not: refused, naming 25."""
    venue = _office(bi, mount_pleasant, commercial=None, area=2400)
    (b,) = _refused(bi, venue, day).blockers
    assert "25 or more persons, as even a commercial place must; the most is 24 (Office)" in b.reason


def test_religious_worship_refusal_is_its_one_blocker_164_3(bi, mount_pleasant, mp, day):
    """W-5: a place used solely for religious worship as approved is refused, a small one (no place of assembly)
    too, with its exemption as the one blocker (409), the same that `certificate_blockers` lists (until the
    second new-user trial: 422 naming ``venue`` while the list was empty)."""
    for name, area in (("St. Mary's", 3000), ("Chapel", 300)):
        church = vs.create_venue(bi, mount_pleasant, name=name, address="5 Church St", commercial=False,
                                 used_solely_for_religious_worship=True)
        vs.add_space(bi, church, name="Nave", kind="room", use_group="assembly_fixed_seats", area=area)
        vs.approve_religious_worship_exemption(bi, church, approved_on=day)
        church.refresh_from_db()
        before = _stored(church)
        with pytest.raises(Blocked) as e:
            vs.issue_certificate(bi, church, issued_on=day)
        (b,) = e.value.blockers
        assert b.rule == "mount-pleasant/164-3/religious-worship-exception"
        assert "used solely for religious worship" in b.reason
        assert _stored(church) == before
        assert vs.certificate_blockers(church, on=day) == [b]


def test_a_place_that_ceased_to_be_one_keeps_its_stale_certificate_and_is_not_reissued(bi, mount_pleasant, day):
    """A certified place whose room shrinks below the threshold: its certificate is stale (W-5) and re-issuing
    is refused; the stale certificate is not superseded, nothing is written."""
    venue = _office(bi, mount_pleasant, commercial=True, area=5000)
    cert = vs.issue_certificate(bi, venue, issued_on=day)
    space = venue.spaces.get()
    vs.update_space(bi, space, area=1000, reason="measured again")
    cert.refresh_from_db()
    assert cert.status == Certificate.STALE
    venue.refresh_from_db()
    _refused(bi, venue, day)
    cert.refresh_from_db()
    assert cert.status == Certificate.STALE and cert.superseded_by is None
