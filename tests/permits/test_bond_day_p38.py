"""The day the Town Board released or forfeited the bond (Carmel ch. 31 ¶¶ F, G; interpretation P-38). A new-user
trial found the act stamped with the day it was recorded: the Board could not record a decision taken at an
earlier meeting, and the demo's closed county fair had its bond "released on" the day the demo was loaded, a month
after the case was closed. Every other recorded act takes its day; the release and the forfeiture now do too
(``released_on`` / ``forfeited_on``, default today, the Town's date), recorded as ``bond_disposition_on`` and
refused (naming the field) after today, or before the earliest day the act can have happened:

- after the cleanup inspection (P-3): not before the inspection the Board acts on;
- a revoked permit's bond (P-32): not before the revocation, and a forfeiture not on or before ¶ F's last day
  counted from the assembly's first day;
- the bond of an application that ended without a permit (P-36): not before it ended (the denial, the withdrawal,
  the closing);
- never before the bond was posted with the Town Clerk.

The calendar is the fair's (tests/permits/conftest.py): submitted 1 June 2026, hearing 22 June, decision 24 June,
written approvals and the bond 20 June, permit 1 July, the fair 14-16 August, the cleanup due 21 August."""

from __future__ import annotations

from datetime import date

import pytest
from tests.refused import fields, refusals, refused

from publicassembly.permits import services as sv
from publicassembly.permits.models import State
from publicassembly.workflow.blocked import Blocked

from .conftest import APPROVALS, DECIDED, INSPECTED

pytestmark = pytest.mark.django_db

LATER = date(2026, 9, 30)  # (the Town's today in these tests: after everything above)
REVOKED_ON = date(2026, 7, 10)
#: ¶ F's last day counted from the fair's first day, 14 August (5 days, GCL § 20): 19 August.
CLEANUP_FROM_FIRST_DAY = date(2026, 8, 19)


def words(e) -> str:
    """The refusal's message, without the field it names."""
    return str(e.errors[0][1])


def revoked(walk):
    return sv.revoke(walk.board, walk.issued(), grounds=["facilities_not_provided_as_specified"],
                     reason="No toilets on site", today=REVOKED_ON)


# --- After the cleanup inspection (P-3) ---------------------------------------------------------------------------


def test_released_on_the_day_of_the_inspection_that_found_the_waste_removed_not_the_day_before_paragraph_f_p38(walk):
    app = walk.cleanup_inspected()  # (inspected 21 August, the waste removed on the 20th)
    e = refused("released_on", lambda: sv.release_bond(walk.board, app, released_on=date(2026, 8, 20), today=LATER))
    assert words(e) == ("2026-08-20 is before the cleanup inspection found the waste completely removed "
                         "(2026-08-21): the Town Board cannot have released the bond before that day "
                         "(interpretation P-38)"), words(e)
    app.refresh_from_db()
    assert (app.state, app.bond_disposition, app.bond_disposition_on) == (State.CLEANUP_INSPECTED, "", None)
    app = sv.release_bond(walk.board, app, released_on=INSPECTED, today=LATER)
    app.refresh_from_db()
    assert (app.state, app.bond_disposition, app.bond_disposition_on) == (State.BOND_RELEASED, "released", INSPECTED)


def test_released_on_today_and_not_tomorrow_g10_p38(walk):
    app = walk.cleanup_inspected()
    e = refused("released_on", lambda: sv.release_bond(walk.board, app, released_on=date(2026, 10, 1), today=LATER))
    assert words(e).startswith("2026-10-01 is in the future (today is 2026-09-30)"), words(e)
    app = sv.release_bond(walk.board, app, released_on="2026-09-30", today=LATER)
    assert app.bond_disposition_on == LATER


def test_released_with_no_day_given_is_released_today_the_towns_date_p38(walk):
    app = sv.release_bond(walk.board, walk.cleanup_inspected(), today=LATER)
    app.refresh_from_db()
    assert app.bond_disposition_on == LATER


def test_forfeited_not_before_the_inspection_that_found_the_waste_not_removed_in_time_paragraph_f_p38(walk):
    """The cleanup's last day is 21 August; the inspection of the 24th found the waste still there."""
    app = walk.cleanup_inspected(completed_on=None, inspected_on=date(2026, 8, 24))
    errors = refusals(lambda: sv.forfeit_bond(walk.board, app, reason="Trash left", forfeited_on=date(2026, 8, 23),
                                              today=LATER))
    assert errors == [("forfeited_on", "2026-08-23 is before the cleanup inspection found the waste not removed "
                                       "in time (2026-08-24): the Town Board cannot have forfeited the bond before "
                                       "that day (interpretation P-38)")], errors
    app = sv.forfeit_bond(walk.board, app, reason="Trash left", forfeited_on=date(2026, 8, 24), today=LATER)
    app.refresh_from_db()
    assert (app.state, app.bond_disposition_on) == (State.BOND_FORFEITED, date(2026, 8, 24))


# --- A revoked permit's bond (P-32) -------------------------------------------------------------------------------


def test_a_revoked_permits_bond_released_not_before_the_revocation_paragraph_g_p38(walk):
    app = revoked(walk)
    e = refused("released_on", lambda: sv.release_bond(walk.board, app, released_on=date(2026, 7, 9),
                                                       reason="No assembly took place", today=LATER))
    assert words(e).startswith("2026-07-09 is before the permit was revoked (2026-07-10)"), words(e)
    app = sv.release_bond(walk.board, app, released_on=REVOKED_ON, reason="No assembly took place", today=LATER)
    app.refresh_from_db()
    assert (app.state, app.bond_disposition, app.bond_disposition_on) == (State.REVOKED, "released", REVOKED_ON)


def test_a_revoked_permits_bond_forfeited_only_on_a_day_after_paragraph_f_ran_out_p32_p38(walk):
    """No assembly can have ended before its first day, 14 August, so no cleanup failed by 19 August: a
    forfeiture decided that day is refused (422 naming ``forfeited_on``: the act is possible today, 30 September,
    not on the day given), the 20th taken."""
    app = revoked(walk)
    errors = refusals(lambda: sv.forfeit_bond(walk.board, app, reason="Trash left on the field",
                                              forfeited_on=CLEANUP_FROM_FIRST_DAY, today=LATER))
    assert errors == [("forfeited_on", "2026-08-19 is not after 2026-08-19: the assembly's first day is 2026-08-14, "
                                       "and its waste may be removed within 5 days from its termination (¶ F), so "
                                       "no cleanup can have failed by 2026-08-19; the bond is forfeited on a later "
                                       "day (interpretations P-32, P-38)")], errors
    app = sv.forfeit_bond(walk.board, app, reason="Trash left on the field", forfeited_on=date(2026, 8, 20),
                          today=LATER)
    app.refresh_from_db()
    assert (app.state, app.bond_disposition, app.bond_disposition_on) == (State.REVOKED, "forfeited",
                                                                           date(2026, 8, 20))


def test_a_revoked_permits_forfeiture_while_paragraph_f_days_run_is_still_409_p32(walk):
    """Today on or before ¶ F's last day no day can be given: the act itself is refused (409), as before."""
    app = revoked(walk)
    with pytest.raises(Blocked):
        sv.forfeit_bond(walk.board, app, reason="Trash left", forfeited_on=REVOKED_ON,
                        today=CLEANUP_FROM_FIRST_DAY)


# --- An application that ended without a permit (P-36) -------------------------------------------------------------


def test_a_denied_applications_bond_released_not_before_the_denial_p36_p38(walk):
    walk.hearing_held()
    sv.set_bond_and_insurance_limit(walk.board, walk.app, bond_amount="10000.00")
    sv.post_bond(walk.clerk, walk.app, amount="10000", posted_on=APPROVALS, surety="Empire Surety")
    app = sv.deny(walk.board, walk.app, reasons="Too little parking", decided_on=DECIDED)
    e = refused("released_on", lambda: sv.release_bond(walk.board, app, released_on=date(2026, 6, 23),
                                                       reason="Denied", today=LATER))
    assert words(e).startswith("2026-06-23 is before the Town Board denied the application (2026-06-24)"), words(e)
    app = sv.close(walk.clerk, app, today=date(2026, 7, 1))  # (closed after the denial: its end is still the denial)
    app = sv.release_bond(walk.board, app, released_on=DECIDED, reason="Denied", today=LATER)
    assert (app.state, app.bond_disposition_on) == (State.CLOSED, DECIDED)


def test_a_bond_released_not_before_it_was_posted_paragraph_f_p38(walk):
    """The Board denied the petition at its meeting of 24 June, recorded on the 26th; the bond was posted with the
    Clerk on the 25th: the bond is released on or after the 25th, not on the day of the denial."""
    walk.hearing_held()
    sv.set_bond_and_insurance_limit(walk.board, walk.app, bond_amount="10000.00")
    sv.post_bond(walk.clerk, walk.app, amount="10000", posted_on=date(2026, 6, 25), surety="Empire Surety",
                 today=date(2026, 6, 25))
    app = sv.deny(walk.board, walk.app, reasons="Too little parking", decided_on=DECIDED)
    e = refused("released_on", lambda: sv.release_bond(walk.board, app, released_on=DECIDED, reason="Denied",
                                                       today=LATER))
    assert words(e).startswith("2026-06-24 is before the bond was posted with the Town Clerk (2026-06-25)"), words(e)
    app = sv.release_bond(walk.board, app, released_on=date(2026, 6, 25), reason="Denied", today=LATER)
    assert app.bond_disposition_on == date(2026, 6, 25)


def test_a_withdrawn_applications_bond_released_not_before_the_withdrawal_p36_p38(walk):
    walk.approved()
    sv.post_bond(walk.clerk, walk.app, amount="10000", posted_on=DECIDED, surety="Empire Surety")
    app = sv.withdraw(walk.applicant, walk.app, reason="Moved to another town", today=date(2026, 6, 29))
    refused("released_on", lambda: sv.release_bond(walk.board, app, released_on=date(2026, 6, 28),
                                                   reason="Withdrawn", today=LATER))
    app = sv.release_bond(walk.board, app, released_on=date(2026, 6, 29), reason="Withdrawn", today=LATER)
    assert app.bond_disposition_on == date(2026, 6, 29)


# --- Every refusal at once (P-30, P-33), values before the state (P-26, P-29) ----------------------------------------


def test_a_forfeiture_tells_its_day_and_its_missing_reason_at_once_p30_p38(walk):
    app = walk.cleanup_inspected(completed_on=None, inspected_on=date(2026, 8, 24))
    errors = refusals(lambda: sv.forfeit_bond(walk.board, app, reason=" ", forfeited_on=date(2026, 10, 1),
                                              today=LATER))
    assert fields(errors) == ["forfeited_on", "reason"], errors
    assert errors[1] == ("reason", "give the reason the bond is forfeited")


def test_a_revoked_permits_release_tells_the_day_and_the_reason_required_at_once_p32_p38(walk):
    """The day before the revocation and no reason: both in one refusal, after the state (neither refused alone);
    a day in the future and no reason: both too, before the state."""
    app = revoked(walk)
    errors = refusals(lambda: sv.release_bond(walk.board, app, released_on=date(2026, 7, 1), today=LATER))
    assert fields(errors) == ["released_on", "reason"], errors
    assert "interpretation P-32" in errors[1][1]
    errors = refusals(lambda: sv.release_bond(walk.board, app, released_on=date(2026, 10, 1), today=LATER))
    assert fields(errors) == ["released_on", "reason"], errors
    # (what a form or the API's schema took is judged alone: a field left out is not)
    assert fields(sv.release_bond_refusals(walk.board, app, {"released_on": date(2026, 7, 1)}, today=LATER)) == [
        "released_on"]
    assert fields(sv.release_bond_refusals(walk.board, app, {"released_on": None, "reason": ""}, today=LATER)) == [
        "reason"]
    app.refresh_from_db()
    assert app.bond_disposition == ""


def test_a_day_to_come_is_refused_whatever_the_state_p26_p38(walk):
    """An issued permit's bond is not released (409), but a day after today is told as bad input first (422)."""
    app = walk.issued()
    refused("released_on", lambda: sv.release_bond(walk.board, app, released_on=date(2026, 10, 1), today=LATER))
    refused("forfeited_on", lambda: sv.forfeit_bond(walk.board, app, reason="x", forfeited_on="2026-13-01",
                                                    today=LATER))
