"""The Town Board's approval (¶ B, with the bond of ¶ F and the limit of ¶ E), a written approval of ¶ C and an
authorization to inspect of ¶ D tell every refusal at once (interpretation P-33, as P-30 for the Clerk's other
records). A new-user trial approved with a bodily injury limit of $100,000 (below ¶ E's $250,000) and a decision
day before the hearing: only the day was told; the limit was refused only when sent alone. A written approval and
an authorization told one bad value at a time too. Now one `ValidationFailed` names the first and lists every one,
the values' own refusals with what the application refuses of them; nothing is stored."""

from __future__ import annotations

from datetime import date

import pytest
from tests.permits.conftest import APPROVALS, DECIDED, HEARING, SUBMITTED
from tests.refused import fields, refusals

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

pytestmark = pytest.mark.django_db

CONTROL = "\u202e"
CONTROLS = "must be text without control characters (it holds U+202E"
TOO_LOW = ("$100,000 is outside the range the Town Board may set: not less than $250,000 nor more than $500,000 "
           "(Carmel Code ch. 31, permit requirements ¶ E)")
BEFORE_HEARING = "the Town Board acts after the public hearing (held on 2026-06-22); 2026-06-01 is before it"


# --- The Town Board's approval ------------------------------------------------------------------------------------


def test_the_trials_limit_below_paragraph_e_is_told_with_a_day_before_the_hearing_p33(walk):
    app = walk.hearing_held()
    version = app.version
    told = refusals(lambda: sv.approve(walk.board, app, bodily_injury_limit="100000", decided_on=date(2026, 6, 1)))
    assert told == [("decided_on", BEFORE_HEARING), ("bodily_injury_limit", TOO_LOW)], told
    app.refresh_from_db()
    assert (app.state, app.version, app.bodily_injury_limit) == (State.HEARING_HELD, version, None)


def test_every_bad_value_of_the_approval_is_told_at_once_p33(walk):
    app = walk.hearing_held()
    told = refusals(lambda: sv.approve(walk.board, app, conditions=["Gates close at 10 p.m.", " "],
                                       decided_on=date(2026, 6, 23), bond_amount="0", bodily_injury_limit="600000",
                                       reason=f"as heard{CONTROL}", today=date(2026, 6, 22)))
    assert fields(told) == ["conditions[1]", "decided_on", "bond_amount", "bodily_injury_limit", "reason"], told
    assert told[0] == ("conditions[1]", "give the condition as a non-empty text")
    assert told[1][1].startswith("2026-06-23 is in the future (today is 2026-06-22)")
    assert told[2] == ("bond_amount", "must be more than $0 (got 0)")
    assert told[4][1].startswith(CONTROLS)


def test_the_approvals_values_alone_are_judged_before_the_state_p33(walk):
    """A day to come is wrong in any state (P-29): 422, not the 409 of a hearing not yet held."""
    app = walk.hearing_scheduled()
    told = refusals(lambda: sv.approve(walk.board, app, decided_on=date(2026, 6, 30), bodily_injury_limit="1",
                                       today=date(2026, 6, 24)))
    assert fields(told) == ["decided_on", "bodily_injury_limit"], told


def test_the_approval_of_good_values_is_recorded_p33(walk):
    """The other side: the limit at ¶ E's bounds, the day of the hearing."""
    app = walk.hearing_held()
    app = sv.approve(walk.board, app, bodily_injury_limit="250000", bond_amount="0.01", decided_on=HEARING)
    assert (app.state, str(app.bodily_injury_limit), app.decided_on) == (State.APPROVED, "250000.00", HEARING)


# --- A written approval of ¶ C ------------------------------------------------------------------------------------


def test_every_bad_value_of_a_written_approval_is_told_at_once_p33(walk):
    app = walk.accepted()
    version = app.version
    told = refusals(lambda: sv.record_approval(walk.board, app, condition=11, agency="county",
                                               approved_on=date(2099, 1, 1), document=999,
                                               reason=f"ok{CONTROL}"))
    assert fields(told) == ["condition", "agency", "approved_on", "document", "reason"], told
    assert told[0][1].startswith("11 is not a condition of ¶ C; allowed: 1-10")
    assert told[1][1] == "'county' is not an approving body; allowed: health_department, town_board"
    assert told[3] == ("document", "no document #999 is attached to this permit application")
    app.refresh_from_db()
    assert app.version == version and not app.approvals.exists()


def test_a_written_approvals_day_before_the_submission_is_told_with_a_document_not_attached_p33(walk):
    app = walk.accepted()
    told = refusals(lambda: sv.record_approval(walk.board, app, condition=2, agency="town_board",
                                               approved_on=date(2026, 5, 1), document=999))
    assert fields(told) == ["approved_on", "document"], told
    assert "the petition was submitted" in told[0][1]


def test_a_written_approval_recorded_twice_is_still_refused_and_good_values_recorded_p33(walk):
    app = walk.accepted()
    doc = walk.doc()
    sv.record_approval(walk.board, app, condition=2, agency="town_board", approved_on=APPROVALS, document=doc.pk)
    told = refusals(lambda: sv.record_approval(walk.board, app, condition=2, agency="town_board",
                                               approved_on=APPROVALS, document=doc))
    assert fields(told) == ["condition"] and "already recorded as approved in writing" in told[0][1]
    assert app.approvals.count() == 1


# --- An authorization to inspect (¶ D) ----------------------------------------------------------------------------


def test_every_bad_value_of_an_authorization_is_told_at_once_p33(walk):
    app = walk.accepted()
    version = app.version
    told = refusals(lambda: sv.record_authorization(walk.clerk, app, party="landlord", name=" ",
                                                    given_on=date(2099, 1, 1), document=999,
                                                    reason=f"ok{CONTROL}"))
    assert fields(told) == ["party", "name", "given_on", "document", "reason"], told
    assert told[0] == ("party", "'landlord'; allowed: owner, tenant")
    assert told[1] == ("name", "give the name of who gives the authorization")
    app.refresh_from_db()
    assert app.version == version and not app.authorizations.exists()


def test_what_the_petition_refuses_of_an_authorization_is_told_with_a_bad_value_p33(walk):
    """A name other than the petition's owner and a day before the submission (the record's refusals) with a
    document not attached (a value's)."""
    app = walk.accepted()
    told = refusals(lambda: sv.record_authorization(walk.clerk, app, party="owner", name="Somebody Else",
                                                    given_on=date(2026, 5, 1), document=999))
    assert fields(told) == ["name", "given_on", "document"], told
    assert told[0][1].startswith("the petition names County of Putnam as the owner of the property at")
    told = refusals(lambda: sv.record_authorization(walk.clerk, app, party="owner", name="County of Putnam",
                                                    given_on=SUBMITTED, document=999, property_index=7))
    assert fields(told) == ["document", "property_index"], told
    assert told[1][1].startswith("the application names 1 property (0 to 0)")


def test_an_authorization_of_good_values_is_recorded_p33(walk):
    app = walk.accepted()
    auth = sv.record_authorization(walk.clerk, app, party="owner", name="county of  putnam", given_on=SUBMITTED,
                                   document=walk.doc("owner's authorization").pk)
    assert (auth.name, auth.given_on) == ("County of Putnam", SUBMITTED)
    told = refusals(lambda: sv.record_authorization(walk.clerk, app, party="owner", name="County of Putnam",
                                                    given_on=DECIDED, document=walk.doc("again")))
    assert fields(told) == ["party"], told
    assert told[0][1].startswith("the owner's authorization for the property at ")
    assert told[0][1].endswith(" is already recorded (given on 2026-06-01); one is enough (¶ D)")
