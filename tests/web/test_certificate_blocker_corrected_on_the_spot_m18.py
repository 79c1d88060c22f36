"""The certificate's exit blocker of an inspection that had the exit corrected on the spot (§ 164-13) says that
the correction does not lift it (interpretation M-18) — on the venue page, in the API's ``certificate_blockers``
and in the 409 of issuing, alike — and says nothing of a correction when none was recorded (a new-user trial:
the Saw Mill River Dance Hall, its rear fire exit chained and cleared on the spot, was told the blocker without
why its correction was not enough)."""

from __future__ import annotations

import datetime as dt
import html

import pytest
from tests.api.conftest import issue_certificate_api, venue_json
from tests.web.conftest import client_for

from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
BLOCKED_EXIT = "mount-pleasant/164-10/exits-not-blocked"
EXIT_ACCESS = "mount-pleasant/164-11/exit-access"
NOTE = ("It was corrected on the spot at that inspection (§ 164-13), but an on-the-spot correction does not lift "
        "this bar to the certificate: it served the gathering of that day; only a later inspection can show the "
        "place's exits clear.")


def _inspect(bi, venue, day=TODAY, **found):
    insp = (Inspection.objects.filter(venue=venue, state=Inspection.SCHEDULED).first()
            or vs.schedule_inspection(bi, venue, scheduled_for=day))
    return vs.record_inspection(bi, insp, done_on=day, **found)


def _page(bi, venue) -> str:
    return html.unescape(client_for(bi).get(f"/mount-pleasant-ny/venues/{venue.pk}/").content.decode())


def test_corrected_on_the_spot_each_exit_blocker_says_it_does_not_lift_it_page_api_409_164_13_m18(mu, hall):
    bi = mu["building_inspector"]
    _inspect(bi, hall, exits_blocked=True, exit_access_clear=False, corrected=True)
    listed = venue_json(bi, hall)["certificate_blockers"]
    assert [b["rule"] for b in listed] == [BLOCKED_EXIT, EXIT_ACCESS]
    for b in listed:
        assert b["reason"].startswith(f"The inspection of Kensico Manor on {TODAY.isoformat()} found: "), b
        assert b["reason"].endswith(NOTE), b["reason"]
        assert b["reason"].count("§ 164-13") == 1
    r = issue_certificate_api(bi, hall)
    assert r.status_code == 409 and r.json()["blockers"] == listed, r.content
    page = _page(bi, hall)
    assert page.count(NOTE) == 2, page


@pytest.mark.parametrize("corrected", [False, None])
def test_not_corrected_on_the_spot_the_blocker_says_nothing_of_a_correction_m18(mu, hall, corrected):
    bi = mu["building_inspector"]
    _inspect(bi, hall, exits_blocked=True, corrected=corrected)
    (blocker,) = venue_json(bi, hall)["certificate_blockers"]
    assert blocker["rule"] == BLOCKED_EXIT
    assert "on the spot" not in blocker["reason"] and "164-13" not in blocker["reason"]
    assert blocker["reason"].endswith("record an inspection that states no exit blocked (§ 164-10).")
    assert "on the spot" not in _page(bi, hall)


def test_found_again_later_not_corrected_the_note_is_gone_and_lifted_the_blocker_is_gone_m18(mu, hall):
    """The blocker tells the finding that stands: corrected on the spot yesterday, found blocked again today and
    not corrected, it no longer speaks of a correction; an inspection stating the exits clear lifts it."""
    bi = mu["building_inspector"]
    _inspect(bi, hall, day=TODAY - dt.timedelta(days=1), exits_blocked=True, corrected=True)
    assert venue_json(bi, hall)["certificate_blockers"][0]["reason"].endswith(NOTE)
    vs.record_inspection(bi, vs.schedule_inspection(bi, hall, scheduled_for=TODAY), done_on=TODAY,
                         exits_blocked=True, corrected=False)
    (blocker,) = venue_json(bi, hall)["certificate_blockers"]
    assert f"on {TODAY.isoformat()} found" in blocker["reason"] and "on the spot" not in blocker["reason"]
    vs.record_inspection(bi, vs.schedule_inspection(bi, hall, scheduled_for=TODAY), done_on=TODAY,
                         exits_blocked=False, exit_access_clear=True)
    assert venue_json(bi, hall)["certificate_blockers"] == []
    assert "on the spot" not in _page(bi, hall)
