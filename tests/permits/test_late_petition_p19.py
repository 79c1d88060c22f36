"""Carmel ch. 31, permit requirements ¶ B, interpretation P-19: the petition is filed at least 60 days before the
assembly. A petition filed later does not get a permit: its filing is among the preconditions of issuance
(`issuance_blockers`), with the citation, and the Clerk's issuance is refused. A filing on the next business day
after a last day the Clerk's office was closed (GCL § 25-a, G-1) is the Town Board's question: it blocks until the
Board approves the application, which answers it."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from publicassembly.permits import services as sv
from publicassembly.workflow.blocked import Blocked

from .conftest import SUBMITTED, fair_facts

RULE = "carmel/permit/b-filing-deadline"


def _dated(first_day: date) -> dict:
    facts = fair_facts()
    facts["dates"] = {**facts["dates"], "first_day": first_day.isoformat(),
                      "last_day": (first_day + timedelta(days=2)).isoformat()}
    return facts


def _approved_with_every_other_precondition(walk, first_day: date):
    walk.draft(_dated(first_day))
    sv.submit(walk.applicant, walk.app, verification_statement="Sworn.", today=SUBMITTED)
    sv.accept(walk.clerk, walk.app, today=SUBMITTED)
    sv.schedule_hearing(walk.clerk, walk.app, hearing_on=date(2026, 6, 22), place="Town Hall",
                        notice_published_on=date(2026, 6, 12), newspaper="Putnam County Courier",
                        today=date(2026, 6, 12))
    sv.record_hearing_held(walk.clerk, walk.app)
    sv.approve(walk.board, walk.app, conditions=["Gates close at 10 p.m."], decided_on=date(2026, 6, 24),
               bond_amount="10000.00", bodily_injury_limit="500000")
    walk.all_preconditions()
    return walk.app


@pytest.mark.parametrize(("days_after_filing", "blocked"), [
    (60, False),  # filed Mon 1 June, first day Fri 31 July: exactly 60 days prior (GCL § 20), the boundary
    (57, True),  # first day Tue 28 July: the last day to file was Fri 29 May, an open day; filed 3 days late
    (40, True),  # the trial's petition, 40 days ahead
])
def test_a_petition_filed_late_gets_no_permit_permit_requirements_b_p19(walk, days_after_filing, blocked):
    app = _approved_with_every_other_precondition(walk, SUBMITTED + timedelta(days=days_after_filing))
    found = [b for b in sv.issuance_blockers(app, date(2026, 7, 1)) if b.rule == RULE]
    if not blocked:
        assert found == []
        assert sv.issue(walk.clerk, app, today=date(2026, 7, 1)).state == "issued"
        return
    assert len(found) == 1 and "¶ B" in found[0].citation and "the last day to file it at least 60 days prior" in found[0].reason
    with pytest.raises(Blocked) as refused:
        sv.issue(walk.clerk, app, today=date(2026, 7, 1))
    assert RULE in [b.rule for b in refused.value.blockers]
    app.refresh_from_db()
    assert app.state == "approved" and app.permit_number in (None, "")


@pytest.mark.parametrize("first_day", [date(2026, 7, 30), date(2026, 7, 29)])
def test_a_filing_the_next_business_day_after_a_closed_last_day_blocks_until_the_board_approves_g1_p19(
        walk, first_day):
    """The last day to file, 60 days before Thursday 30 July 2026 (Wednesday 29 July), is Sunday 31 May (Saturday
    30 May), when the Clerk's office is closed; the petition was filed on Monday 1 June, the next business day.
    Before the Board acts the question is open (a blocker that says so); the Board's approval answers it and the
    permit may issue."""
    walk.draft(_dated(first_day))
    sv.submit(walk.applicant, walk.app, verification_statement="Sworn.", today=SUBMITTED)
    before = [b for b in sv.issuance_blockers(walk.app, SUBMITTED) if b.rule == RULE]
    assert len(before) == 1 and "GCL § 25-a" in before[0].reason
    app = _approved_with_every_other_precondition(walk, first_day)
    assert [b for b in sv.issuance_blockers(app, date(2026, 7, 1)) if b.rule == RULE] == []
    assert sv.issue(walk.clerk, app, today=date(2026, 7, 1)).state == "issued"
