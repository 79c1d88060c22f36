"""Interpretation P-20: a petition whose sponsor the law core finds exempt (exemptions ¶¶ A-D, on the sponsor's
statements, C-14) is not reviewed, heard and issued as if ¶¶ B-F had been checked — every rule of them is
not_applicable to it. The Clerk cannot accept it (¶ B), no permit issues while the law core says none is required
(¶ A), the Clerk closes the case with the exemption recorded, or the Town Board records that it does not accept
the exemption claimed and the chapter then applies."""

from __future__ import annotations

from datetime import date

import pytest
from tests.permits.conftest import DECIDED, HEARING, NOTICE, SUBMITTED, fair_facts

from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication, State
from publicassembly.workflow.blocked import Blocked
from publicassembly.workflow.errors import InvalidTransition, NotAllowed, ValidationFailed

CHURCH = {"name": "First Church of Carmel", "kind": "church", "sponsored": True, "organized": True,
          "authorized": True, "established": True, "place_of_worship_in_town": True}
RULE = "carmel/exemptions/b-church"


def church_facts() -> dict:
    facts = fair_facts()
    facts["sponsor"] = dict(CHURCH)
    return facts


def submitted_church(walk) -> PermitApplication:
    walk.draft(church_facts())
    return sv.submit(walk.applicant, walk.app, verification_statement="Sworn.", today=SUBMITTED)


def test_exempt_church_petition_not_accepted_exemptions_par_b(walk):
    """Exemptions ¶ B: the Clerk's acceptance is refused naming the exemption and its citation; the page's
    button is not offered (`available`), closing and the Board's refusal are."""
    app = submitted_church(walk)
    with pytest.raises(Blocked) as e:
        sv.accept(walk.clerk, app, today=SUBMITTED)
    [blocker] = e.value.blockers
    assert blocker.rule == RULE and "exemptions ¶ B" in blocker.citation
    assert "P-20" in blocker.reason and "¶¶ B-F" in blocker.reason
    assert not sv.available(app, "accept", SUBMITTED)
    assert sv.available(app, "close", SUBMITTED)
    assert sv.available(app, "refuse_exemption", SUBMITTED)
    assert PermitApplication.objects.get(pk=app.pk).state == State.SUBMITTED


def test_exempt_case_closed_with_the_exemption_recorded_exemptions_par_b(walk):
    """The Clerk closes an exempt petition before its assembly (P-11 would wait for its last day); the history
    records the exemption and its citation."""
    app = submitted_church(walk)
    app = sv.close(walk.clerk, app, today=SUBMITTED)
    assert app.state == State.CLOSED and app.closed_on == SUBMITTED
    reason = app.history.order_by("-history_id").first().history_change_reason
    assert "exemptions ¶ B" in reason and "P-20" in reason and "established church" in reason


def test_no_permit_issued_to_an_exempt_sponsor_par_a(walk):
    """The audit's case: an exempt church's application brought to `approved` (a record of before P-20) is not
    issued: the first blocker names the exemption, though no ¶¶ C-F finding lists anything."""
    walk.approved()
    PermitApplication.objects.filter(pk=walk.app.pk).update(facts=church_facts())
    walk.app.refresh_from_db()
    blockers = sv.issuance_blockers(walk.app, date(2026, 7, 1))
    assert blockers and blockers[0].rule == RULE
    with pytest.raises(Blocked):
        sv.issue(walk.clerk, walk.app, today=date(2026, 7, 1))
    assert PermitApplication.objects.get(pk=walk.app.pk).permit_number == ""


def test_board_does_not_accept_the_exemption_then_par_b_to_f_apply(walk):
    """The Town Board records that it does not accept the exemption claimed: the law core no longer applies it
    (¶ A decides: 4,000 persons), the Clerk accepts the petition as any other, and issuance waits on ¶¶ C-F."""
    app = submitted_church(walk)
    with pytest.raises(NotAllowed):
        sv.refuse_exemption(walk.clerk, app, reasons="No place of worship in the Town.", today=SUBMITTED)
    with pytest.raises(ValidationFailed) as e:
        sv.refuse_exemption(walk.board, app, reasons="x", decided_on=date(2026, 5, 31), today=SUBMITTED)
    assert e.value.field == "decided_on"
    with pytest.raises(ValidationFailed) as e:
        sv.refuse_exemption(walk.board, app, reasons="  ", today=SUBMITTED)
    assert e.value.field == "reasons"
    app = sv.refuse_exemption(walk.board, app, reasons="The church's building is in Kent, not Carmel.",
                              today=SUBMITTED)
    assert app.state == State.SUBMITTED and app.exemption_not_accepted_on == SUBMITTED
    det = sv.determination(app, SUBMITTED)
    assert det.permit_required is True
    assert det.finding(RULE).status.value == "not_applicable"
    assert "does not accept" in det.finding(RULE).reason
    assert "does not accept the exemption" in app.history.order_by("-history_id").first().history_change_reason
    assert not sv.available(app, "refuse_exemption", SUBMITTED)  # (nothing left to refuse)
    with pytest.raises(Blocked) as again:  # sent again: said it is recorded, not that there is no exemption
        sv.refuse_exemption(walk.board, app, reasons="Again.", today=SUBMITTED)
    assert f"recorded on {SUBMITTED.isoformat()} that it does not accept" in again.value.blockers[0].reason
    app = sv.accept(walk.clerk, app, today=SUBMITTED)
    sv.schedule_hearing(walk.clerk, app, hearing_on=HEARING, place="Town Hall", notice_published_on=NOTICE,
                        newspaper="Putnam County Courier", today=NOTICE)
    sv.record_hearing_held(walk.clerk, app, today=HEARING)
    sv.approve(walk.board, app, decided_on=DECIDED)
    rules = {b.rule for b in sv.issuance_blockers(app, date(2026, 7, 1))}
    assert RULE not in rules
    assert {"carmel/conditions/c1-drinking-water", "carmel/issuance/e-insurance", "carmel/issuance/f-bond"} <= rules


def test_refusing_an_exemption_not_claimed_or_after_acceptance_refused_par_a(walk):
    """No exemption reaches the fair's corporation: nothing to refuse (409). After acceptance the step is not
    offered (the petition was reviewed as one needing a permit)."""
    app = walk.submitted()
    with pytest.raises(Blocked):
        sv.refuse_exemption(walk.board, app, reasons="x", today=SUBMITTED)
    assert not sv.available(app, "refuse_exemption", SUBMITTED)
    app = sv.accept(walk.clerk, app, today=SUBMITTED)
    with pytest.raises(InvalidTransition):
        sv.refuse_exemption(walk.board, app, reasons="x", today=SUBMITTED)


def test_refusal_not_counted_before_its_day_g10(walk):
    """The Board's record is a thing done (G-10): a determination of a day before it still finds the exemption."""
    app = submitted_church(walk)
    sv.refuse_exemption(walk.board, app, reasons="Not established.", decided_on=date(2026, 6, 3),
                        today=date(2026, 6, 3))
    assert sv.determination(app, date(2026, 6, 2)).permit_required is False
    assert sv.determination(app, date(2026, 6, 3)).permit_required is True


def test_no_exemption_to_refuse_cites_exemptions_a_to_d_p26(walk):
    """The refusal that there is nothing to refuse cites the exemptions (¶¶ A-D), not permit requirements ¶ A:
    naming the exemption the sponsor's kind would claim (¶ B for a church not established), else ¶ A's rule."""
    app = walk.submitted()  # (the fair's corporation: no sponsor of an exempt kind)
    with pytest.raises(Blocked) as e:
        sv.refuse_exemption(walk.board, app, reasons="x", today=SUBMITTED)
    [blocker] = e.value.blockers
    assert blocker.citation == "Carmel Code ch. 31, exemptions ¶¶ A-D"
    assert blocker.rule == "carmel/exemptions/a-school"
    assert blocker.reason == ("The law does not find the assembly exempt (exemptions ¶¶ A-D): there is no "
                              "exemption claimed to refuse (interpretation P-20)")
    facts = church_facts()
    facts["sponsor"]["established"] = False
    walk.draft(facts)
    app = sv.submit(walk.applicant, walk.app, verification_statement="Sworn.", today=SUBMITTED)
    with pytest.raises(Blocked) as e:
        sv.refuse_exemption(walk.board, app, reasons="x", today=SUBMITTED)
    [blocker] = e.value.blockers
    assert (blocker.rule, blocker.citation) == (RULE, "Carmel Code ch. 31, exemptions ¶¶ A-D")


def test_already_recorded_cites_the_exemption_refused_p26(walk):
    app = submitted_church(walk)
    sv.refuse_exemption(walk.board, app, reasons="Kent.", today=SUBMITTED)
    with pytest.raises(Blocked) as e:
        sv.refuse_exemption(walk.board, app, reasons="Again.", today=SUBMITTED)
    [blocker] = e.value.blockers
    assert (blocker.rule, blocker.citation) == (RULE, "Carmel Code ch. 31, exemptions ¶ B")


@pytest.mark.parametrize("days_after", [1, 30])
def test_a_day_after_today_is_told_before_the_state_p26(walk, days_after):
    """Interpretation P-26: ``decided_on`` after today is 422 naming it on a draft too (was WrongState, 409),
    as on a submitted petition; today is taken, and the draft is then refused for its state."""
    draft = walk.draft(church_facts())
    later = date.fromordinal(SUBMITTED.toordinal() + days_after)
    with pytest.raises(ValidationFailed) as e:
        sv.refuse_exemption(walk.board, draft, reasons="x", decided_on=later, today=SUBMITTED)
    assert e.value.field == "decided_on"
    assert e.value.detail == (f"{later.isoformat()} is in the future (today is {SUBMITTED.isoformat()}); "
                              "record it once it has happened")
    with pytest.raises(InvalidTransition):
        sv.refuse_exemption(walk.board, draft, reasons="x", decided_on=SUBMITTED, today=SUBMITTED)
