"""An inspection's day done and an exemption's day approved are facts (Mount Pleasant §§ 164-3, 164-9, 164-10;
G-2): not after today, not before the chapter was in force (1976-02-24); an area of -0 is 0 (§ 164-7)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from tests.refused import refused

from publicassembly.venues import services as vs
from publicassembly.workflow.errors import ValidationFailed

FIRST = dt.date(1976, 2, 24)
DAY = dt.timedelta(days=1)


def test_inspection_done_tomorrow_refused_today_recorded_164_9(bi, hall):
    """An inspection recorded as done on 2026-12-05 while today is earlier, or tomorrow, is refused naming
    ``done_on`` and it stays scheduled; today is recorded."""
    today = timezone.localdate()
    insp = vs.schedule_inspection(bi, hall, scheduled_for=today)
    for day in (today + DAY, dt.date(9999, 12, 31)):
        assert "future" in refused("done_on", lambda day=day: vs.record_inspection(bi, insp, done_on=day)).detail
    insp.refresh_from_db()
    assert insp.state == "scheduled"
    assert vs.record_inspection(bi, insp, done_on=today).done_on == today


def test_inspection_done_before_the_chapter_refused_first_day_accepted_164_9(bi, hall):
    insp = vs.schedule_inspection(bi, hall, scheduled_for=FIRST)
    e = refused("done_on", lambda: vs.record_inspection(bi, insp, done_on=FIRST - DAY))
    assert "applied from 1976-02-24" in e.detail
    assert vs.record_inspection(bi, insp, done_on=FIRST).done_on == FIRST


def test_worship_exemption_approved_tomorrow_refused_164_3(bi, hall):
    today = timezone.localdate()
    refused("approved_on", lambda: vs.approve_religious_worship_exemption(bi, hall, approved_on=today + DAY))
    refused("approved_on", lambda: vs.approve_religious_worship_exemption(bi, hall, approved_on=FIRST - DAY))
    assert vs.approve_religious_worship_exemption(bi, hall, approved_on=today).worship_approved_on == today


def test_certificate_issued_on_0001_refused_164_9(bi, hall):
    assert "1778-01-01" in refused("issued_on", lambda: vs.issue_certificate(bi, hall, issued_on="0001-01-01")).detail


def test_area_minus_zero_is_kept_as_zero_164_7(bi, hall):
    """§ 164-7: a bowling alley's additional area beyond its alleys may be none; "-0.0" is kept as 0."""
    space = vs.add_space(bi, hall, name="Lanes", kind="room", use_group="bowling_alley", alleys=4,
                         area="-0.0", story=1)
    space.refresh_from_db()
    assert str(space.area).lstrip("0.") == "" and not space.area.is_signed()


@pytest.mark.parametrize("area", ["0", "-0.0", "0.0000"])
def test_a_room_of_no_floor_area_is_refused_164_7(bi, hall, area):
    """§§ 164-7, 164-8: a room or open-air area of 0 square feet holds no one; it is a slip, refused naming the
    area (a second new-user trial); 0.0001 square feet is a floor area."""
    with pytest.raises(ValidationFailed) as e:
        vs.add_space(bi, hall, name="Cloakroom", kind="room", use_group="assembly_without_fixed_seats", area=area)
    assert e.value.field == "area" and "more than 0" in e.value.detail
    assert vs.add_space(bi, hall, name="Cloakroom", kind="room", use_group="assembly_without_fixed_seats",
                        area="0.0001").area > 0
