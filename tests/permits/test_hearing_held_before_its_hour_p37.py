"""A public hearing recorded as held on its own day before the time it was set for (interpretation P-37, after
P-25): at 06:59 in New York the hearing of 07:00 has not begun, so it is refused (422 naming ``held_on``, saying
from what time it can be recorded), first and alone as P-25 tells a day to come; from 07:00 it is recorded. With
no time set (to be announced) the day alone counts. `available` — the page's button and the refusals' "what can
be done now" — agrees at each moment.

The calendar of the permit tests: the hearing of Monday 22 June 2026 (New York on summer time, UTC-4), its
notice published Friday 12 June; here set for 07:00. Every moment is given (`now`) or the clock stood still
(`travel_to` an aware datetime): the tests do not depend on the day or hour the suite runs."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication, State
from publicassembly.workflow.blocked import Blocked
from publicassembly.workflow.errors import InvalidTransition, ValidationFailed

from .conftest import HEARING, NOTICE, SUBMITTED

NY = ZoneInfo("America/New_York")
DAY = timedelta(days=1)
CITE_B = "Carmel Code ch. 31, permit requirements ¶ B"


def at(hour: int, minute: int, day=HEARING, tz=NY) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=tz)


def _scheduled(walk, hearing_time: time | None = time(7, 0), notice=NOTICE) -> PermitApplication:
    """The fair's hearing of 22 June at `hearing_time` (None: to be announced), its notice published on
    `notice` (None: not recorded)."""
    walk.accepted()
    return sv.schedule_hearing(walk.clerk, walk.app, hearing_on=HEARING, hearing_time=hearing_time,
                               place="Town Hall, 60 McAlpin Avenue", newspaper="Putnam County Courier",
                               notice_published_on=notice, today=notice or SUBMITTED + DAY)


def _refused(walk, app, **kw) -> str:
    """`record_hearing_held` refused with `ValidationFailed` naming ``held_on`` and no other refusal, nothing
    written; its words."""
    before = (app.state, app.version, app.hearing_held_on)
    with pytest.raises(ValidationFailed) as e:
        sv.record_hearing_held(walk.clerk, app, **kw)
    assert (e.value.field, len(e.value.errors)) == ("held_on", 1), e.value
    app.refresh_from_db()
    assert (app.state, app.version, app.hearing_held_on) == before
    return e.value.detail


@pytest.mark.parametrize(("now", "said"), [
    (at(6, 59), "06:59"),                       # one minute before, in New York
    (at(3, 13), "03:13"),                       # the new-user trial's hour
    (at(0, 0), "00:00"),                        # the day's first minute
    (at(10, 59, tz=UTC), "06:59"),              # one minute before, the moment given in UTC
    (at(6, 59) + timedelta(seconds=59.999), "06:59"),  # the last instant before 07:00
])
@pytest.mark.parametrize("held_on", [None, HEARING])
def test_before_the_hearings_time_on_its_day_is_refused_saying_from_when_p37(walk, now, said, held_on):
    """On 22 June before 07:00 in New York (the Town's time, whatever zone the moment is given in), with the day
    given or taken from the hearing: refused, saying when it can be recorded; not available."""
    app = _scheduled(walk)
    assert not sv.available(app, "record_hearing_held", now=now)
    assert _refused(walk, app, now=now, held_on=held_on) == (
        f"the hearing is set for 2026-06-22 at 07:00 (the Town's time) and it is now {said}: record it as held "
        "once it has begun, from 07:00")


@pytest.mark.parametrize("now", [at(7, 0), at(7, 1), at(11, 0, tz=UTC), at(23, 59), at(0, 0, day=HEARING + DAY)])
def test_from_the_hearings_time_it_is_recorded_p37(walk, now):
    """From 07:00 in New York on 22 June (the minute of, one after, 11:00 UTC, the day's last minute), and the
    next day at midnight: available, and recorded as held on 22 June."""
    app = _scheduled(walk)
    assert sv.available(app, "record_hearing_held", now=now)
    app = sv.record_hearing_held(walk.clerk, app, now=now)
    assert (app.state, app.hearing_held_on) == (State.HEARING_HELD, HEARING)


@pytest.mark.parametrize("now", [at(23, 59, day=HEARING - DAY), at(3, 59, tz=UTC), at(7, 0, day=HEARING - DAY)])
def test_the_day_before_is_told_as_the_day_to_come_p25_p37(walk, now):
    """21 June in New York (its last minute; 03:59 UTC on the 22nd, which is still the 21st in New York; and
    07:00, the hearing's hour a day early): the day has not come (P-25's words, today the Town's day); not
    available."""
    app = _scheduled(walk)
    assert not sv.available(app, "record_hearing_held", now=now)
    assert _refused(walk, app, now=now) == (
        "the hearing is set for 2026-06-22, after today (2026-06-21): record it as held once it has been, or give "
        "the day it was held")


@pytest.mark.parametrize(("now", "ok"), [(at(23, 59, day=HEARING - DAY), False), (at(0, 0), True),
                                         (at(23, 59), True)])
def test_no_time_set_the_day_alone_counts_p37(walk, now, ok):
    """The hearing's time to be announced: from the first minute of 22 June in New York it is recorded; on 21
    June it is not (P-25)."""
    app = _scheduled(walk, hearing_time=None)
    assert sv.available(app, "record_hearing_held", now=now) is ok
    if not ok:
        assert _refused(walk, app, now=now).startswith("the hearing is set for 2026-06-22, after today")
        return
    app = sv.record_hearing_held(walk.clerk, app, now=now)
    assert (app.state, app.hearing_held_on) == (State.HEARING_HELD, HEARING)


def test_a_day_given_without_its_hour_judges_the_day_alone_p37(walk):
    """`today` given alone (a day, no hour: a caller that speaks in days) judges the day only, as before P-37:
    the hearing of 07:00 is available and recorded on 22 June; on 21 June it is not (P-25)."""
    app = _scheduled(walk)
    assert not sv.available(app, "record_hearing_held", today=HEARING - DAY)
    assert sv.available(app, "record_hearing_held", today=HEARING)
    app = sv.record_hearing_held(walk.clerk, app, today=HEARING)
    assert (app.state, app.hearing_held_on) == (State.HEARING_HELD, HEARING)


def test_before_its_time_told_before_the_missing_notice_p25_p37(walk):
    """No publication of the notice recorded: at 06:59 the hour is told first and alone (as P-25 tells the
    day), not the missing notice; at 07:00 it is the conflict of ¶ B (G-10)."""
    app = _scheduled(walk, notice=None)
    detail = _refused(walk, app, now=at(6, 59))
    assert detail.startswith("the hearing is set for 2026-06-22 at 07:00 (the Town's time) and it is now 06:59")
    assert "notice" not in detail
    with pytest.raises(Blocked) as blocked:
        sv.record_hearing_held(walk.clerk, app, now=at(7, 0))
    assert [(b.rule, b.citation) for b in blocked.value.blockers] == [("carmel/permit/b-hearing-notice", CITE_B)]


def test_the_towns_clock_by_default_and_what_can_be_done_now_agrees_p37(walk, travel_to):
    """No moment given: the Town's clock (stood still here). At 06:59 in New York the hearing is refused and a
    refusal's "what can be done now" (scheduling it again) does not offer recording it held; at 07:00 it offers
    it, and the hearing is recorded."""
    app = _scheduled(walk)

    def now_offered() -> str:
        with pytest.raises(InvalidTransition) as again:
            sv.schedule_hearing(walk.clerk, app, hearing_on=HEARING, place="Town Hall", newspaper="Courier",
                                today=NOTICE)
        return str(again.value).split("what can be done now: ")[1]

    travel_to(at(6, 59))
    assert not sv.available(app, "record_hearing_held")
    assert "record the hearing as held" not in now_offered()
    assert _refused(walk, app).endswith("it is now 06:59: record it as held once it has begun, from 07:00")
    travel_to(at(7, 0))
    assert sv.available(app, "record_hearing_held")
    assert "record the hearing as held" in now_offered()
    app = sv.record_hearing_held(walk.clerk, app)
    assert (app.state, app.hearing_held_on) == (State.HEARING_HELD, HEARING)
