"""What stops the certificate (§§ 164-3, 164-9; interpretations M-17, M-18, W-5), listed alike by
``certificate_blockers`` (API), the venue page and the 409 of issuing (second new-user trial):

- a place exempt as used solely for religious worship listed ``[]`` while issuing was refused: the exemption is
  now listed (rule ``mount-pleasant/164-3/religious-worship-exception``) and issuing answers 409 with it;
- the Saw Mill River Dance Hall, whose last inspection found its exits blocked, was issued a certificate: an exit
  deficiency of the last inspection (§§ 164-2, 164-10, 164-11) stops it — also when the officer had it corrected
  on the spot — until an inspection finds the exits clear; a deficiency of another kind (toilets) does not."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import issue_certificate_api, venue_json
from tests.web.conftest import client_for

from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate, Inspection
from publicassembly.workflow.blocked import Blocked

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
WORSHIP = "mount-pleasant/164-3/religious-worship-exception"
BLOCKED_EXIT = "mount-pleasant/164-10/exits-not-blocked"
EXIT_ACCESS = "mount-pleasant/164-11/exit-access"


def _inspect(bi, venue, **found):
    insp = (Inspection.objects.filter(venue=venue, state=Inspection.SCHEDULED).first()
            or vs.schedule_inspection(bi, venue, scheduled_for=TODAY))
    return vs.record_inspection(bi, insp, done_on=TODAY, **found)


def test_an_exempt_place_lists_its_exemption_and_issuing_is_409_with_it(mu, mount_pleasant):
    bi = mu["building_inspector"]
    church = vs.create_venue(bi, mount_pleasant, name="Hawthorne Community Church", address="120 Elwood Ave",
                             commercial=False, used_solely_for_religious_worship=True)
    vs.add_space(bi, church, name="Sanctuary", kind="room", use_group="assembly_fixed_seats", area="3000")
    vs.approve_religious_worship_exemption(bi, church, approved_on=TODAY)
    listed = venue_json(bi, church)["certificate_blockers"]
    assert [b["rule"] for b in listed] == [WORSHIP]
    assert set(listed[0]) == {"rule", "citation", "reason", "missing"}
    assert listed[0]["citation"] == "Mount Pleasant Code § 164-3"
    r = issue_certificate_api(bi, church)
    assert r.status_code == 409 and r.json()["blockers"] == listed, r.content
    assert not Certificate.objects.filter(venue=church).exists()
    page = client_for(bi).get(f"/mount-pleasant-ny/venues/{church.pk}/").content.decode()
    assert "The certificate cannot be issued, because:" in page and "used solely for religious worship" in page
    assert "Issue the certificate</button>" not in page


def test_exits_blocked_at_the_last_inspection_stop_the_certificate_until_found_clear(mu, hall):
    bi = mu["building_inspector"]
    assert venue_json(bi, hall)["certificate_blockers"] == []
    _inspect(bi, hall, exits_blocked=True, exit_access_clear=False, corrected=True)
    listed = venue_json(bi, hall)["certificate_blockers"]
    assert [b["rule"] for b in listed] == [BLOCKED_EXIT, EXIT_ACCESS]
    assert f"The inspection of Kensico Manor on {TODAY.isoformat()} found: blocked exit." in listed[0]["reason"]
    assert "record an inspection that states no exit blocked (§ 164-10)." in listed[0]["reason"]
    before = Certificate.objects.filter(venue=hall).count()
    r = issue_certificate_api(bi, hall)
    assert r.status_code == 409 and r.json()["blockers"] == listed, r.content
    assert Certificate.objects.filter(venue=hall).count() == before
    page = client_for(bi).get(f"/mount-pleasant-ny/venues/{hall.pk}/").content.decode()
    assert "The certificate cannot be issued, because:" in page and "<cite>Mount Pleasant Code § 164-10</cite>" in page
    # an inspection that finds the exits clear lifts them
    _inspect(bi, hall, exits_blocked=False, exit_access_clear=True)
    assert venue_json(bi, hall)["certificate_blockers"] == []
    assert issue_certificate_api(bi, hall).status_code == 201


def test_a_deficiency_other_than_the_exits_does_not_stop_the_certificate(mu, hall):
    bi = mu["building_inspector"]
    insp = _inspect(bi, hall, persons_present=300, toilets_provided=1, exits_blocked=False,
                    exit_access_clear=True)
    assert insp.result == Inspection.DEFICIENCIES
    assert venue_json(bi, hall)["certificate_blockers"] == []
    assert issue_certificate_api(bi, hall).status_code == 201


def test_the_service_refuses_with_the_listed_blockers(mu, hall):
    bi = mu["building_inspector"]
    _inspect(bi, hall, exits_blocked=True)
    with pytest.raises(Blocked) as e:
        vs.issue_certificate(bi, hall)
    assert [b.rule for b in e.value.blockers] == [b.rule for b in vs.certificate_blockers(hall)] == [BLOCKED_EXIT]


def test_the_page_lists_each_blocker_as_the_findings_are_citation_first(mu, hall):
    """A venue page's list of what stops the certificate reads as its list of findings: the citation, then the
    reason — not "reason. (citation)", a sentence's period before the parenthesis (§ 164-10)."""
    bi = mu["building_inspector"]
    _inspect(bi, hall, exits_blocked=True, exit_access_clear=False, corrected=True)
    page = client_for(bi).get(f"/mount-pleasant-ny/venues/{hall.pk}/").content.decode()
    items = [i.split("</li>")[0] for i in page.split('<li class="st-not_met">')[1:]]
    assert items and all(i.startswith("<cite>Mount Pleasant Code § 164-1") for i in items), items
    assert not any(". (<cite>" in i for i in items)
