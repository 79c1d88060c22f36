"""Carmel ch. 31, interpretation P-11: an application still under review whose assembly is over (the county fair
of 14-16 August 2026) is closed by the Clerk, its history saying why; before the assembly's last day has passed
closing it is refused (409, the blocker naming P-11) and not offered. A trial found such an application stuck
for ever in the Clerk's queue (no hearing can be held after the assembly, P-4; no decision without a hearing)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

from .conftest import fair_facts

pytestmark = pytest.mark.django_db

LAST_DAY = date(2026, 8, 16)


@pytest.mark.parametrize("state", [State.SUBMITTED, State.ACCEPTED, State.HEARING_HELD, State.APPROVED])
def test_closed_the_day_after_the_last_day_not_on_it_p11(walk, state):
    app = walk.to(state)
    assert not sv.can_close_unheard(app, LAST_DAY)
    with pytest.raises(sv.Blocked) as e:
        sv.close(walk.clerk, app, today=LAST_DAY)
    assert "P-11" in str(e.value) and e.value.blockers[0].citation
    app.refresh_from_db()
    assert app.state == state
    assert sv.can_close_unheard(app, date(2026, 8, 17))
    closed = sv.close(walk.clerk, app, today=date(2026, 8, 17))
    assert closed.state == State.CLOSED and closed.closed_on == date(2026, 8, 17)
    assert "the assembly's last day has passed" in closed.history.latest().history_change_reason


def test_an_issued_permit_is_not_closed_this_way_p11(walk):
    """An issued permit goes on to the assembly, the cleanup and the bond (¶ F): not closed by P-11."""
    app = walk.to(State.ISSUED)
    assert not sv.can_close_unheard(app, date(2026, 12, 1))
    with pytest.raises(sv.InvalidTransition):
        sv.close(walk.clerk, app, today=date(2026, 12, 1))


@pytest.mark.parametrize(("today", "close", "accept"), [(LAST_DAY, False, True), (date(2026, 8, 17), True, False)])
def test_close_and_accept_are_available_on_either_side_of_the_last_day_p11(walk, today, close, accept):
    """P-11: on the assembly's last day an application under review may be accepted, not closed; the day after,
    closed, not accepted (what the refusals list and the page offers)."""
    app = walk.to(State.SUBMITTED)
    assert (sv.available(app, "close", today), sv.available(app, "accept", today)) == (close, accept)
    assert sv.available(app, "mark_incomplete", today)


def test_the_refusal_of_another_action_lists_close_only_when_it_can_be_done_p11(walk):
    """"What can be done now" lists closing the case only once the assembly is over: the county fair of August
    2026 (over) lists it; the same fair a year after today does not."""
    over = walk.to(State.ACCEPTED)
    with pytest.raises(sv.InvalidTransition) as e:
        sv.issue(walk.clerk, over, today=date(2026, 6, 1))
    assert "close" in e.value.allowed and "close the case" in str(e.value)
    ahead = date.today() + timedelta(days=365)
    facts = fair_facts()
    facts["dates"] = {**facts["dates"], "first_day": ahead.isoformat(), "last_day": ahead.isoformat()}
    walk.draft(facts)
    coming = sv.submit(walk.applicant, walk.app, verification_statement="sworn")
    with pytest.raises(sv.InvalidTransition) as e:
        sv.issue(walk.clerk, coming)
    assert "close" not in e.value.allowed and "close the case" not in str(e.value)


def test_an_application_whose_assembly_is_over_is_not_accepted_p11(walk):
    """P-11: once the assembly's last day has passed, accepting the petition is refused with that blocker (the
    Clerk closes it instead); on the last day it is still accepted."""
    app = walk.to(State.SUBMITTED)
    with pytest.raises(sv.Blocked) as e:
        sv.accept(walk.clerk, app, today=date(2026, 8, 17))
    assert "has passed" in str(e.value)
    app.refresh_from_db()
    assert app.state == State.SUBMITTED
    assert sv.accept(walk.clerk, app, today=LAST_DAY).state == State.ACCEPTED
