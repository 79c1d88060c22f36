"""A 409 for an action in the wrong state says in words where the case stands and what can be done now
(Carmel ch. 31 process, ¶¶ A-G), not the machine's states."""

from __future__ import annotations

import pytest

from publicassembly.permits import services as sv
from publicassembly.permits.models import PERMIT_MACHINE, State
from publicassembly.workflow.errors import InvalidTransition

from .conftest import NOTICE


def test_scheduling_the_hearing_twice_says_it_is_already_scheduled_par_b(walk):
    app = walk.hearing_scheduled()
    with pytest.raises(InvalidTransition) as e:
        sv.schedule_hearing(walk.clerk, app, hearing_on=NOTICE.replace(day=23), place="Town Hall",
                            notice_published_on=NOTICE, newspaper="Putnam County Courier", today=NOTICE)
    assert e.value.http_status == 409
    assert e.value.message.startswith("cannot schedule the public hearing: the hearing is already scheduled; "
                                      "what can be done now: ")
    assert "record the hearing as held" in e.value.message
    assert "withdraw the application (the applicant)" in e.value.message  # not offered to the Clerk as theirs
    assert "→" not in e.value.message and "hearing_scheduled" not in e.value.message


def test_every_action_and_state_has_words():
    """Each action of the permit machine and each state has its wording (none falls back to an identifier)."""
    assert set(PERMIT_MACHINE.transitions) <= set(sv.ACTION_WORDS)
    assert {s.value for s in State} <= set(sv.STATE_WORDS)
