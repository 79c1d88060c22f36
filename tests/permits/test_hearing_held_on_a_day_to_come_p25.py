"""A public hearing recorded as held on a day that has not come yet (interpretation P-25): the Clerk is told that
first and alone — not that no publication of its notice is recorded (¶ B, G-10), nor that the day is not the one
its notice announced (P-22), which are not the reason nothing can be recorded yet.

The calendar of the permit tests: the hearing of Monday 22 June 2026, its notice due Friday 12 June."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication, State
from publicassembly.workflow.blocked import Blocked
from publicassembly.workflow.errors import ValidationFailed

from .conftest import HEARING, SUBMITTED

DAY = timedelta(days=1)
CITE_B = "Carmel Code ch. 31, permit requirements ¶ B"


def _unnoticed(walk) -> PermitApplication:
    """The fair's hearing of 22 June scheduled on 2 June, no publication of its notice recorded."""
    walk.accepted()
    return sv.schedule_hearing(walk.clerk, walk.app, hearing_on=HEARING, place="Town Hall, 60 McAlpin Avenue",
                               newspaper="Putnam County Courier", today=SUBMITTED + DAY)


def _refused(walk, app, today, **kw) -> ValidationFailed:
    """`record_hearing_held` refused with `ValidationFailed` naming ``held_on`` and no other refusal; nothing
    written."""
    before = (app.state, app.version, app.hearing_held_on)
    with pytest.raises(ValidationFailed) as e:
        sv.record_hearing_held(walk.clerk, app, today=today, **kw)
    assert (e.value.field, len(e.value.errors)) == ("held_on", 1), e.value
    app.refresh_from_db()
    assert (app.state, app.version, app.hearing_held_on) == before
    return e.value


def test_hearing_day_not_yet_come_told_before_the_missing_notice_p25(walk):
    """No notice recorded, the hearing's day (22 June) taken as the day held: on 21 June the Clerk is told the
    hearing is set for a day after today, not that no notice is recorded; on 22 June, the day come, that no
    publication of its notice is recorded (409, ¶ B)."""
    app = _unnoticed(walk)
    e = _refused(walk, app, HEARING - DAY)
    assert e.detail == ("the hearing is set for 2026-06-22, after today (2026-06-21): record it as held once it "
                        "has been, or give the day it was held")
    assert "notice" not in e.detail
    with pytest.raises(Blocked) as blocked:
        sv.record_hearing_held(walk.clerk, app, today=HEARING)
    assert [(b.rule, b.citation) for b in blocked.value.blockers] == [("carmel/permit/b-hearing-notice", CITE_B)]


@pytest.mark.parametrize("held_on", [HEARING, HEARING + DAY, date(2099, 12, 31), date(9999, 12, 31),
                                     "9999-12-31"])
def test_a_day_given_after_today_is_told_before_the_missing_notice_p25(walk, held_on):
    """No notice recorded, a day given after today (21 June): the hearing's own day, the day after it, the last
    day of the years counted and one beyond them are each told as in the future — not the missing notice."""
    app = _unnoticed(walk)
    e = _refused(walk, app, HEARING - DAY, held_on=held_on)
    day = held_on if isinstance(held_on, str) else held_on.isoformat()
    assert e.detail == f"{day} is in the future (today is 2026-06-21); record it once it has happened"


def test_a_day_after_the_noticed_one_not_yet_come_is_told_as_in_the_future_p22_p25(walk):
    """Notice recorded, the hearing of 22 June: on 22 June, 23 June given is a day to come (said so, not that it
    is a day no published notice announced, P-22); on 23 June, the same day is refused as P-22 says."""
    app = walk.hearing_scheduled()
    e = _refused(walk, app, HEARING, held_on=HEARING + DAY)
    assert e.detail == "2026-06-23 is in the future (today is 2026-06-22); record it once it has happened"
    e = _refused(walk, app, HEARING + DAY, held_on=HEARING + DAY)
    assert "was held on a day no published notice announced (¶ B, interpretation P-22)" in e.detail


def test_the_noticed_day_come_is_recorded_the_day_before_is_not_p25(walk):
    """Notice recorded: the day before the hearing, with no day given, refused as set after today; on its day,
    recorded (hearing_held on 22 June)."""
    app = walk.hearing_scheduled()
    e = _refused(walk, app, HEARING - DAY)
    assert e.detail.startswith("the hearing is set for 2026-06-22, after today (2026-06-21)")
    app = sv.record_hearing_held(walk.clerk, app, today=HEARING)
    assert (app.state, app.hearing_held_on) == (State.HEARING_HELD, HEARING)
