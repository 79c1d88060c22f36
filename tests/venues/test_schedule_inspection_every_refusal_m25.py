"""Scheduling an inspection (Mount Pleasant ch. 164, §§ 164-9, 164-10) tells every refusal at once (register
M-25): the day (from the day the chapter came into force to 2 years ahead), the inspector (a building inspector
or enforcement officer of the town) and the reason (no control character, G-6). A new-user trial scheduled an
inspection 3 years ahead by a user who is no inspector: only the day was told, the inspector once the day was
corrected (and through the API, an inspector of no user was told alone, the day after). Nothing is scheduled."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.refused import fields, refusals

from publicassembly.accounts.models import Role
from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection
from publicassembly.workflow.errors import NotAllowed

pytestmark = pytest.mark.django_db

RLO = "\u202e"


def _window(hall) -> tuple[dt.date, dt.date]:
    return vs.inspection_window(hall.town)


def test_a_day_3_years_ahead_and_a_user_who_is_no_inspector_are_both_told_m25(hall, bi, mp):
    first, last = _window(hall)
    ahead = last + dt.timedelta(days=1)
    version = hall.version
    told = refusals(lambda: vs.schedule_inspection(bi, hall, scheduled_for=ahead, inspector=mp[Role.APPLICANT]))
    assert told == [("scheduled_for", f"{ahead.isoformat()} is more than 2 years ahead; allowed "
                                      f"{first.isoformat()} to {last.isoformat()}"),
                    ("inspector", "'mp_applicant' is not a building inspector or enforcement officer in Town of "
                                  "Mount Pleasant, New York (their roles there: applicant)")], told
    hall.refresh_from_db()
    assert hall.version == version and not Inspection.objects.filter(venue=hall).exists()


def test_an_inspector_of_no_user_is_told_with_the_day_and_the_reason_m25(hall, bi):
    """The inspector given by username (the API's): no such user, with a day before the chapter and a reason
    holding a control character."""
    first, _last = _window(hall)
    told = refusals(lambda: vs.schedule_inspection(bi, hall, scheduled_for=first - dt.timedelta(days=1),
                                                   inspector="nobody", reason=f"as agreed{RLO}"))
    assert fields(told) == ["scheduled_for", "inspector", "reason"], told
    assert told[1] == ("inspector", "no user is named 'nobody'")
    assert not Inspection.objects.filter(venue=hall).exists()


def test_the_refusals_are_given_without_scheduling_m25(hall, bi, mp):
    """`schedule_inspection_refusals` (the page's, for the values its form took) tells the same; a user who may
    not schedule is 403, whatever the values."""
    _first, last = _window(hall)
    ahead = last + dt.timedelta(days=1)
    assert fields(vs.schedule_inspection_refusals(bi, hall, scheduled_for=ahead, inspector="nobody")) == [
        "scheduled_for", "inspector"]
    assert vs.schedule_inspection_refusals(bi, hall, scheduled_for=last, inspector=mp[Role.ENFORCEMENT_OFFICER]) == []
    with pytest.raises(NotAllowed):
        vs.schedule_inspection_refusals(mp[Role.APPLICANT], hall, scheduled_for=ahead, inspector="nobody")
    with pytest.raises(NotAllowed):
        vs.schedule_inspection(mp[Role.APPLICANT], hall, scheduled_for=last, reason=f"x{RLO}")


def test_the_last_day_by_an_inspector_given_by_username_is_scheduled_m25(hall, bi, mp):
    """The other side: 2 years ahead to the day, by the town's enforcement officer named by username."""
    _first, last = _window(hall)
    insp = vs.schedule_inspection(bi, hall, scheduled_for=last, inspector="mp_enforcement_officer")
    assert (insp.scheduled_for, insp.inspector) == (last, mp[Role.ENFORCEMENT_OFFICER])
