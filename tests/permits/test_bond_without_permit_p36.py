"""The bond posted on an application that ended without a permit (Carmel ch. 31 ¶ F; interpretation P-36). The bond
may be posted with the Town Clerk while the application is under review; when the Town Board then denies it, the
applicant withdraws it, or the Clerk closes it unheard, no permit is issued and no assembly may be held under it:
the bond insures nothing more, and the Town Board releases it, giving its reason. It is never forfeited (¶ F's
bond insures the cleanup of an assembly held under a permit). Before P-36 the money stayed posted with no way
out ("nothing more (this is a final state)")."""

from __future__ import annotations

from datetime import date

import pytest

from publicassembly.permits import services as sv
from publicassembly.permits.models import State
from publicassembly.workflow.blocked import Blocked
from publicassembly.workflow.errors import InvalidTransition, NotAllowed, ValidationFailed

from .conftest import APPROVALS, DECIDED

pytestmark = pytest.mark.django_db


def _post_bond(walk) -> None:
    sv.post_bond(walk.clerk, walk.app, amount="10000", posted_on=APPROVALS, surety="Empire Surety")
    walk.app.refresh_from_db()


def denied_with_bond(walk):
    walk.hearing_held()
    sv.set_bond_and_insurance_limit(walk.board, walk.app, bond_amount="10000.00")  # (¶ F: the Board fixes it first)
    _post_bond(walk)
    return sv.deny(walk.board, walk.app, reasons="Too little parking", decided_on=DECIDED)


def withdrawn_with_bond(walk):
    walk.approved()
    _post_bond(walk)
    return sv.withdraw(walk.applicant, walk.app, reason="The fair moved to another town")


def test_a_denied_applications_bond_is_released_by_the_board_with_its_reason_p36(walk):
    app = denied_with_bond(walk)
    assert sv.available(app, "release_unissued_bond")
    with pytest.raises(ValidationFailed) as refused:
        sv.release_bond(walk.board, app)
    assert refused.value.field == "reason" and "interpretation P-36" in refused.value.message
    app = sv.release_bond(walk.board, app, reason="The application was denied; no permit was issued")
    app.refresh_from_db()
    assert (app.state, app.bond_disposition) == (State.DENIED, "released")
    assert app.history.latest("history_date").history_change_reason == (
        "The application was denied; no permit was issued")
    assert not sv.available(app, "release_unissued_bond")
    assert sv.close(walk.clerk, app).state == State.CLOSED  # (the Clerk closes the denied case as before)


def test_a_withdrawn_applications_bond_is_released_once_then_nothing_more_p36(walk):
    app = withdrawn_with_bond(walk)
    with pytest.raises(InvalidTransition) as e:
        sv.close(walk.clerk, app)
    assert e.value.message == ("cannot close the case: the application has been withdrawn; what can be done now: "
                               "release the bond"), e.value.message
    app = sv.release_bond(walk.board, app, reason="Withdrawn before issuance")
    assert (app.state, app.bond_disposition) == (State.WITHDRAWN, "released")
    with pytest.raises(Blocked) as again:
        sv.release_bond(walk.board, app, reason="again")
    assert "The bond has already been released" in again.value.message
    with pytest.raises(InvalidTransition) as closing:
        sv.close(walk.clerk, app)
    assert closing.value.message.endswith("what can be done now: nothing more (this is a final state)")


def test_a_denied_case_closed_with_its_bond_still_posted_keeps_the_way_out_p36(walk):
    app = sv.close(walk.clerk, denied_with_bond(walk))
    assert app.state == State.CLOSED and sv.available(app, "release_unissued_bond")
    app = sv.release_bond(walk.board, app, reason="Denied on 24 June; bond returned")
    app.refresh_from_db()
    assert (app.state, app.bond_disposition) == (State.CLOSED, "released")


def test_the_bond_of_an_application_without_a_permit_is_never_forfeited_p36(walk):
    """¶ F's bond insures the removal of the waste of an assembly held under the permit: with no permit issued
    there is no such cleanup to fail, so the Board's forfeiture is refused (409) and the bond stays posted."""
    app = withdrawn_with_bond(walk)
    with pytest.raises(Blocked) as e:
        sv.forfeit_bond(walk.board, app, reason="Trash left", today=date(2026, 9, 1))
    assert e.value.blockers[0].citation.endswith("¶ F")
    assert "No permit was issued on this application" in e.value.message
    assert "the Town Board releases it (interpretation P-36)" in e.value.message
    app.refresh_from_db()
    assert app.bond_disposition == ""


def test_no_bond_posted_nothing_to_release_p36(walk):
    app = walk.to(State.DENIED)
    assert not app.bonds.exists() and not sv.available(app, "release_unissued_bond")
    with pytest.raises(Blocked) as e:
        sv.release_bond(walk.board, app, reason="no bond")
    assert "No bond is posted with the Town Clerk on this application: there is none to release" in e.value.message
    with pytest.raises(InvalidTransition) as f:  # (and none to forfeit: the state's own refusal)
        sv.forfeit_bond(walk.board, app, reason="no bond")
    assert f.value.message.startswith("cannot forfeit the bond: the Town Board has denied the application")


def test_a_case_closed_after_its_bond_was_released_is_not_released_again_p36(walk):
    """A case closed after the cleanup inspection's release (the main path) has settled its bond: P-36 does not
    reopen it."""
    app = sv.close(walk.clerk, walk.to(State.BOND_RELEASED), today=date(2026, 9, 1))
    assert not sv.available(app, "release_unissued_bond")
    with pytest.raises(Blocked) as e:
        sv.release_bond(walk.board, app, reason="again")
    assert "The bond has already been released" in e.value.message


def test_only_a_town_board_member_releases_it_p36(walk):
    app = denied_with_bond(walk)
    for who in (walk.clerk, walk.applicant):
        with pytest.raises(NotAllowed):
            sv.release_bond(who, app, reason="returned")
    app.refresh_from_db()
    assert app.bond_disposition == ""
