"""An inspection (Mount Pleasant ch. 164, §§ 164-9, 164-10) is scheduled from the day the chapter came into force
(1976-02-24; an earlier inspection may be entered late) to 2 years ahead; outside it the refusal names
``scheduled_for`` and the allowed days."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from publicassembly.venues import services as vs
from publicassembly.workflow.errors import ValidationFailed

FIRST = dt.date(1976, 2, 24)


def _refused(bi, hall, day):
    with pytest.raises(ValidationFailed) as e:
        vs.schedule_inspection(bi, hall, scheduled_for=day)
    assert e.value.field == "scheduled_for"
    return e.value.detail


def test_first_day_of_the_chapter_accepted_day_before_refused(bi, hall):
    assert vs.schedule_inspection(bi, hall, scheduled_for=FIRST).scheduled_for == FIRST
    assert "before the chapter was in force (from 1976-02-24)" in _refused(bi, hall, FIRST - dt.timedelta(days=1))


def test_two_years_ahead_accepted_a_day_more_refused(bi, hall):
    today = timezone.localdate()
    _, last = vs.inspection_window(hall.town)
    assert last == vs.inspection_window(hall.town, today)[1] and last.year == today.year + 2
    assert vs.schedule_inspection(bi, hall, scheduled_for=last).scheduled_for == last
    assert "more than 2 years ahead" in _refused(bi, hall, last + dt.timedelta(days=1))
    _refused(bi, hall, dt.date(9999, 12, 31))


def test_29_february_two_years_on_is_28_february(hall):
    assert vs.inspection_window(hall.town, dt.date(2028, 2, 29))[1] == dt.date(2030, 2, 28)
