"""``POST /venues/{id}/inspections`` tells every refusal of its body in one 422 (register M-25, as W-32): the
operation looked up ``inspector`` before the service and answered "no user is named …" alone, so a day more than
2 years ahead was told only once the inspector was corrected; the service told the day before a user who is no
inspector. Now the schema's refusals, the day, the inspector and the reason are told together; nothing is
scheduled, and the venue's version does not move."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import api_client, post_json
from tests.refused import fields, told

from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection

pytestmark = pytest.mark.django_db


def _url(venue) -> str:
    return f"/api/v1/towns/mount-pleasant-ny/venues/{venue.pk}/inspections"


def _scheduled(venue) -> int:
    return Inspection.objects.filter(venue=venue).count()


def test_an_inspector_of_no_user_is_told_with_a_day_3_years_ahead_m25(mu, hall):
    first, last = vs.inspection_window(hall.town)
    ahead = (last + dt.timedelta(days=1)).isoformat()
    before, version = _scheduled(hall), hall.version
    r = post_json(api_client(mu["building_inspector"]), _url(hall), {"scheduled_for": ahead, "inspector": "nobody"})
    errors = told(r)
    assert errors == [("scheduled_for", f"{ahead} is more than 2 years ahead; allowed {first.isoformat()} to "
                                        f"{last.isoformat()}"),
                      ("inspector", "no user is named 'nobody'")], errors
    hall.refresh_from_db()
    assert (_scheduled(hall), hall.version) == (before, version)


def test_a_user_who_is_no_inspector_is_told_with_the_day_and_the_schemas_refusal_m25(mu, hall):
    """The Clerk named as inspector, the day ahead, and a reason that is no text (the schema's)."""
    _first, last = vs.inspection_window(hall.town)
    ahead = (last + dt.timedelta(days=1)).isoformat()
    r = post_json(api_client(mu["building_inspector"]), _url(hall),
                  {"scheduled_for": ahead, "inspector": "mp_town_clerk", "reason": 5})
    errors = told(r)
    assert fields(errors) == ["reason", "scheduled_for", "inspector"], errors
    assert errors[2][1].startswith("'mp_town_clerk' is not a building inspector or enforcement officer in Town of "
                                   "Mount Pleasant"), errors


def test_a_user_who_may_not_schedule_is_403_whatever_the_inspector_m25(mu, hall):
    """No probing of usernames: the applicant is refused for the role, not told which user exists."""
    _first, last = vs.inspection_window(hall.town)
    r = post_json(api_client(mu["applicant"]), _url(hall),
                  {"scheduled_for": (last + dt.timedelta(days=1)).isoformat(), "inspector": "nobody"})
    assert r.status_code == 403, r.content


def test_the_last_day_by_an_officer_named_is_scheduled_m25(mu, hall):
    _first, last = vs.inspection_window(hall.town)
    hall.refresh_from_db()
    r = post_json(api_client(mu["building_inspector"]), _url(hall),
                  {"scheduled_for": last.isoformat(), "inspector": "mp_enforcement_officer",
                   "expected_version": hall.version})
    assert r.status_code == 201, r.content
    insp = Inspection.objects.get(pk=r.json()["id"])
    assert (insp.scheduled_for, insp.inspector) == (last, mu["enforcement_officer"])
