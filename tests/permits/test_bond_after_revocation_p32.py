"""The cleanup bond of a revoked permit (Carmel ch. 31 ¶¶ F, G; interpretation P-32). A new-user trial posted the
bond, issued the permit and revoked it: releasing the bond, forfeiting it and closing the case were all refused
"the permit has been revoked ... nothing more (this is a final state)", and the money stayed posted with the Town
Clerk with no way out. ¶ F's bond insures the removal of the waste within five days from the termination of the
assembly; ¶ G says nothing of it. The bond stays posted until the Town Board releases it (no assembly took place,
or the premises were cleaned) or forfeits it (an assembly took place and its waste was not removed in time),
giving its reason; the permit stays revoked."""

from __future__ import annotations

from datetime import date

import pytest

from publicassembly.permits import services as sv
from publicassembly.permits.models import State
from publicassembly.workflow.blocked import Blocked
from publicassembly.workflow.errors import InvalidTransition, NotAllowed, ValidationFailed

pytestmark = pytest.mark.django_db

#: The fair's first day (14 August 2026) and ¶ F's last day counted from it (19 August, GCL § 20).
FIRST_DAY = date(2026, 8, 14)
CLEANUP_FROM_FIRST_DAY = date(2026, 8, 19)
REVOKED_ON = date(2026, 7, 10)


def revoked(walk):
    app = walk.issued()
    assert app.bonds.exists()
    return sv.revoke(walk.board, app, grounds=["facilities_not_provided_as_specified"],
                     reason="No toilets on site at the inspection of 9 July", today=REVOKED_ON)


def test_a_revoked_permits_bond_is_released_with_the_boards_reason_p32(walk):
    app = revoked(walk)
    with pytest.raises(InvalidTransition) as e:
        sv.close(walk.clerk, app)
    # (today, December 2026, ¶ F's days from the fair's first day have passed: forfeiting is offered too)
    assert e.value.message == ("cannot close the case: the permit has been revoked; what can be done now: "
                               "forfeit the bond, release the bond"), e.value.message
    with pytest.raises(ValidationFailed) as refused:
        sv.release_bond(walk.board, app, today=REVOKED_ON)
    assert refused.value.field == "reason" and "interpretation P-32" in refused.value.message
    app = sv.release_bond(walk.board, app, reason="The fair was called off; no assembly took place",
                          today=REVOKED_ON)
    app.refresh_from_db()
    assert (app.state, app.bond_disposition, app.revoked_on) == (State.REVOKED, "released", REVOKED_ON)
    assert app.history.latest("history_date").history_change_reason == (
        "The fair was called off; no assembly took place")


def test_a_revoked_permits_bond_settled_once_then_the_case_is_final_p32(walk):
    app = sv.release_bond(walk.board, revoked(walk), reason="No assembly took place")
    for call in (lambda: sv.release_bond(walk.board, app, reason="again"),
                 lambda: sv.forfeit_bond(walk.board, app, reason="waste left", today=date(2026, 9, 1))):
        with pytest.raises(Blocked) as e:
            call()
        assert "already been released after the permit's revocation (interpretation P-32)" in e.value.message
    assert not sv.available(app, "release_revoked_bond") and not sv.available(app, "forfeit_revoked_bond")
    with pytest.raises(InvalidTransition) as closing:
        sv.close(walk.clerk, app)
    assert closing.value.message.endswith("what can be done now: nothing more (this is a final state)")
    app.refresh_from_db()
    assert (app.state, app.bond_disposition) == (State.REVOKED, "released")


def test_a_revoked_permits_bond_is_forfeited_only_after_paragraph_f_days_from_the_first_day_p32(walk):
    """No assembly can have ended before its first day, 14 August: its waste is removed by 19 August (¶ F), so the
    bond is not forfeited on or before that day, and is on the day after."""
    app = revoked(walk)
    assert not sv.available(app, "forfeit_revoked_bond", today=CLEANUP_FROM_FIRST_DAY)
    with pytest.raises(Blocked) as e:
        sv.forfeit_bond(walk.board, app, reason="Trash left on the field", today=CLEANUP_FROM_FIRST_DAY)
    assert e.value.blockers[0].citation.endswith("¶ F")
    assert ("not completely removed within 5 days from its termination: the assembly's first day is 2026-08-14, so "
            "no cleanup can have failed before 2026-08-19 has passed" in e.value.message), e.value.message
    app.refresh_from_db()
    assert app.bond_disposition == ""
    assert sv.available(app, "forfeit_revoked_bond", today=date(2026, 8, 20))
    app = sv.forfeit_bond(walk.board, app, reason="The fair was held anyway; trash left on the field on 21 August",
                          today=date(2026, 8, 20))
    app.refresh_from_db()
    assert (app.state, app.bond_disposition) == (State.REVOKED, "forfeited")
    assert app.history.latest("history_date").history_change_reason.startswith("The fair was held anyway")


def test_a_revoked_permit_without_a_bond_posted_has_none_to_release_p32(walk):
    """A permit issued before ¶ F's bond was a precondition of issuance (its bond rows gone): nothing to release,
    and the case is final as before."""
    app = revoked(walk)
    app.bonds.all().delete()
    with pytest.raises(Blocked) as e:
        sv.release_bond(walk.board, app, reason="nothing to hold")
    assert "No bond is posted with the Town Clerk on this application" in e.value.message
    with pytest.raises(InvalidTransition) as closing:
        sv.close(walk.clerk, app)
    assert closing.value.message.endswith("nothing more (this is a final state)")


def test_only_the_town_board_releases_or_forfeits_a_revoked_permits_bond_p32(walk, people):
    app = revoked(walk)
    for role in ("town_clerk", "applicant", "building_inspector", "mp_town_board_member"):
        with pytest.raises(NotAllowed):
            sv.release_bond(people[role], app, reason="No assembly took place")
        with pytest.raises(NotAllowed):
            sv.forfeit_bond(people[role], app, reason="Trash left", today=date(2026, 9, 1))
    app.refresh_from_db()
    assert app.bond_disposition == ""


def test_the_bond_of_a_permit_not_revoked_is_judged_as_before_p32(walk):
    """The other side: an issued permit's bond is neither released nor forfeited (the assembly not held yet)."""
    app = walk.issued()
    with pytest.raises(InvalidTransition):
        sv.release_bond(walk.board, app, reason="No assembly took place")
    with pytest.raises(InvalidTransition):
        sv.forfeit_bond(walk.board, app, reason="Trash left", today=date(2026, 9, 1))
