"""Carmel ch. 31, permit requirements ¶ A ("in excess of 500 persons"), ¶ B (the verified petition for "such
permit"), interpretation P-16: a petition for an assembly the chapter requires no permit for (500 persons or fewer
at one time in the aggregate, or a place not within the Town) is refused when filed — submitted or amended —
naming the field and saying why, nothing written; 501 is filed. Only the number collectively in excess (C-4:
needs review) is filed, for the Board to decide.

The fair of the conftest (4,000 persons at one time, 12,000 collectively), submitted 1 June 2026."""

from __future__ import annotations

import pytest
from tests.refused import refused

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

from .conftest import SUBMITTED, fair_facts

SWORN = "Sworn before a notary."


def _fair(persons: int | None, collectively: int | None = None, **more) -> dict:
    facts = fair_facts()
    facts["max_persons_at_one_time"] = persons
    facts["persons_collectively"] = collectively
    facts.update(more)
    return {k: v for k, v in facts.items() if v is not None}


def test_petition_of_500_persons_at_one_time_is_refused_at_submission_par_a(walk):
    """¶ A: 500 is not in excess of 500; the petition stays a draft, no 30 days start (¶ B)."""
    app = walk.draft(_fair(500, 500))
    version = app.version
    e = refused("facts.max_persons_at_one_time",
                lambda: sv.submit(walk.applicant, app, verification_statement=SWORN, today=SUBMITTED))
    assert e.detail.startswith("500 persons at one time is not in excess of 500: no permit is required (¶ A); ")
    assert "there is none to grant for this assembly" in e.detail and "P-16" in e.detail
    assert "state the expected maximum" in e.detail
    app.refresh_from_db()
    assert (app.state, app.submitted_on, app.version) == (State.DRAFT, None, version)


@pytest.mark.parametrize("persons", [0, 1, 499, 500])
def test_petition_of_500_or_fewer_is_refused_par_a(walk, persons):
    app = walk.draft(_fair(persons, persons))
    refused("facts.max_persons_at_one_time",
            lambda: sv.submit(walk.applicant, app, verification_statement=SWORN, today=SUBMITTED))


@pytest.mark.parametrize("persons", [501, 502, 4000])
def test_petition_of_501_or_more_is_submitted_par_a(walk, persons):
    app = walk.draft(_fair(persons, persons * 3))
    submitted = sv.submit(walk.applicant, app, verification_statement=SWORN, today=SUBMITTED)
    assert (submitted.state, submitted.submitted_on) == (State.SUBMITTED, SUBMITTED)


@pytest.mark.parametrize(("shares", "filed"), [((250, 250), False), ((250, 251), True)])
def test_properties_counted_in_the_aggregate_500_refused_501_submitted_par_a(walk, shares, filed):
    """¶ A "in the aggregate": no case-level figure, the properties' figures summed (C-4)."""
    facts = _fair(None)
    first = facts["properties"][0]
    facts["properties"] = [{**first, "max_persons_at_one_time": shares[0]},
                           {"address": "5 Lake Road, Carmel, NY", "record_owner": "B. Owner",
                            "max_persons_at_one_time": shares[1]}]
    app = walk.draft(facts)
    call = lambda: sv.submit(walk.applicant, app, verification_statement=SWORN, today=SUBMITTED)  # noqa: E731
    if filed:
        assert call().state == State.SUBMITTED
    else:
        assert "500 persons at one time on 2 properties counted in the aggregate" in refused(
            "facts.max_persons_at_one_time", call).detail


def test_500_at_one_time_but_more_collectively_is_submitted_for_the_board_c4(walk):
    """C-4: 500 at one time and 1,501 collectively needs review (not a "no permit"): the Board decides it."""
    app = walk.draft(_fair(500, 1501))
    assert sv.submit(walk.applicant, app, verification_statement=SWORN, today=SUBMITTED).state == State.SUBMITTED


def test_place_not_within_the_town_is_refused_naming_within_town_par_a(walk):
    app = walk.draft(_fair(4000, 12000, within_town=False))
    e = refused("facts.within_town",
                lambda: sv.submit(walk.applicant, app, verification_statement=SWORN, today=SUBMITTED))
    assert "not within the Town of Carmel" in e.detail and e.detail.endswith("if the place is within the Town, say so")


def test_amendment_to_500_persons_is_refused_and_writes_nothing_par_a(walk):
    """¶ A: returned as incomplete, the petition amended to 500 persons is refused; amended to 501, taken."""
    app = walk.submitted()
    app = sv.mark_incomplete(walk.clerk, app, missing_items=["the site map"])
    version = app.version
    refused("facts.max_persons_at_one_time", lambda: sv.amend(walk.applicant, app, _fair(500, 500)))
    app.refresh_from_db()
    assert (app.state, app.version, app.facts["max_persons_at_one_time"]) == (State.INCOMPLETE, version, 4000)
    amended = sv.amend(walk.applicant, app, _fair(501, 501))
    assert (amended.state, amended.facts["max_persons_at_one_time"]) == (State.AMENDED, 501)


def test_a_draft_may_state_500_persons_par_a(walk):
    """The draft is the applicant's: stating 500 (perhaps while the numbers are being worked out) is kept."""
    app = walk.draft(_fair(500))
    assert app.facts["max_persons_at_one_time"] == 500 and app.state == State.DRAFT
