"""Interpretation P-7 (Carmel ch. 31 ¶ A): the Clerk issues an approved permit up to and including the
assembly's last day, not after it; the blocker is listed first among the issuance blockers (the permit record read
from JSON: tests/documents/test_permit_issued_after_the_assembly.py)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from tests.permits.conftest import LAST_DAY

from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication


class _App:
    """Only what `assembly_over` reads of an application: its facts."""

    def __init__(self, facts):
        self.facts = facts


FACTS = {"dates": {"first_day": "2026-08-14", "last_day": "2026-08-16"}}


@pytest.mark.parametrize(("today", "over"), [
    (date(2026, 8, 13), False), (date(2026, 8, 14), False), (date(2026, 8, 16), False),  # to come, under way
    (date(2026, 8, 17), True),  # the day after the last day
])
def test_assembly_over_from_the_day_after_the_last_day_permit_requirements_a(today, over):
    blocker = sv.assembly_over(_App(FACTS), today)
    assert (blocker is not None) is over
    if over:
        assert blocker.rule == "carmel/permit/a-required"
        assert "2026-08-16" in blocker.reason and "¶ A" in blocker.citation


def test_a_one_day_assembly_counts_its_first_day_as_last_permit_requirements_a():
    facts = {"dates": {"first_day": "2026-08-14"}}
    assert sv.assembly_over(_App(facts), date(2026, 8, 14)) is None
    assert sv.assembly_over(_App(facts), date(2026, 8, 15)) is not None


@pytest.mark.parametrize("facts", [{}, {"dates": {}}, {"dates": {"last_day": "not a day"}}, None])
def test_no_dates_no_blocker(facts):
    assert sv.assembly_over(_App(facts), date(2026, 8, 17)) is None


def test_issue_after_the_assembly_is_blocked_and_nothing_is_stored(walk):
    """The Clerk's issue on the day after the fair's last day (16 August 2026) is refused (409), listed first
    among the blockers, and the application stays approved and unnumbered; on the last day itself it is
    issued."""
    walk.approved()
    walk.all_preconditions()
    assert sv.issuance_blockers(walk.app, LAST_DAY) == []
    blockers = sv.issuance_blockers(walk.app, LAST_DAY + timedelta(days=1))
    assert [b.rule for b in blockers] == ["carmel/permit/a-required"]
    with pytest.raises(sv.Blocked) as caught:
        sv.issue(walk.clerk, walk.app, today=LAST_DAY + timedelta(days=1))
    assert caught.value.http_status == 409 and "2026-08-16, has passed" in str(caught.value)
    app = PermitApplication.objects.get(pk=walk.app.pk)
    assert app.state == "approved" and app.permit_number == ""
    issued = sv.issue(walk.clerk, app, today=LAST_DAY)
    assert issued.state == "issued" and issued.issued_on == LAST_DAY
