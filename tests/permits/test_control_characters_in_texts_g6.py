"""Every free text the permits workflow takes refuses a control character (interpretation G-6: the C0 and C1
controls and DEL other than whitespace, the direction controls U+202A-U+202E and U+2066-U+2069), 422 naming the
field in the words a case's text is refused in, before anything is stored — also the texts no document prints
and the pages and the API show (the verification statement of ¶ B's verified petition, the Board's reasons, the
reason an action gives the history, a bond's surety, a fee's receipt, what is missing from a petition). A new-user
trial found ``verification_statement: "ok\\u202e"`` stored. A tab or a line break is whitespace and is taken."""

from __future__ import annotations

import pytest
from tests.permits.conftest import APPROVALS, DECIDED, SUBMITTED

from publicassembly.permits import services as sv
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

SAID = "must be text without control characters (it holds {}"
CONTROLS = [("ok\u202e", "U+202E"), ("ok\u2066", "U+2066"), ("a\x1b[31m", "U+001B"), ("x\x7f", "U+007F")]


def _refused(call, field: str, named: str) -> None:
    with pytest.raises(ValidationFailed) as e:
        call()
    assert (e.value.http_status, e.value.field) == (422, field)
    assert e.value.detail.startswith(SAID.format(named)), e.value.detail


@pytest.mark.parametrize(("text", "named"), CONTROLS)
def test_verification_statement_of_the_verified_petition_refuses_controls_paragraph_b(walk, text, named):
    app = walk.draft()
    _refused(lambda: sv.submit(walk.applicant, app, verification_statement=text, today=SUBMITTED),
             "verification_statement", named)
    app.refresh_from_db()
    assert (app.state, app.verification_statement, app.submitted_on) == ("draft", "", None)


def test_verification_statement_with_a_tab_and_a_line_break_is_taken_paragraph_b(walk):
    app = walk.draft()
    sv.submit(walk.applicant, app, verification_statement="Sworn before\ta notary,\n29 May 2026.", today=SUBMITTED)
    app.refresh_from_db()
    assert app.state == "submitted" and "\t" in app.verification_statement


@pytest.mark.parametrize(("text", "named"), CONTROLS[:2])
def test_reason_given_to_the_history_refuses_controls(walk, text, named):
    app = walk.submitted()
    _refused(lambda: sv.accept(walk.clerk, app, today=SUBMITTED, reason=text), "reason", named)
    app.refresh_from_db()
    assert app.state == "submitted"
    accepted = sv.accept(walk.clerk, app, today=SUBMITTED, reason="Complete\tas filed")
    assert accepted.state == "accepted"


def test_what_is_missing_from_the_petition_refuses_controls(walk):
    app = walk.submitted()
    _refused(lambda: sv.mark_incomplete(walk.clerk, app, missing_items=["a map", "the \u202eplan"]),
             "missing_items", "U+202E")
    app.refresh_from_db()
    assert app.state == "submitted"


def test_board_reasons_for_denying_refuse_controls(walk):
    app = walk.hearing_held()
    _refused(lambda: sv.deny(walk.board, app, reasons="Too little parking\u202e", decided_on=DECIDED),
             "reasons", "U+202E")
    app.refresh_from_db()
    assert app.state == "hearing_held"


def test_authorization_name_and_insurance_policy_number_refuse_controls(walk):
    app = walk.accepted()
    doc = walk.doc()
    _refused(lambda: sv.record_authorization(walk.clerk, app, party="owner", name="County\x1b of Putnam",
                                             given_on=APPROVALS, document=doc, today=APPROVALS), "name", "U+001B")
    _refused(lambda: sv.record_insurance(walk.clerk, app, insurer="Hudson Mutual", policy_number="HM\u202e-1",
                                         bodily_injury_limit="1000000", property_damage_limit="500000",
                                         cancellation_notice_days=30, document=doc, today=APPROVALS),
             "policy_number", "U+202E")
    assert not app.authorizations.exists() and not app.insurance_certificates.exists()


def test_bond_surety_and_fee_receipt_refuse_controls_paragraph_f_and_fee(walk):
    app = walk.approved()
    _refused(lambda: sv.post_bond(walk.clerk, app, amount="10000", posted_on=APPROVALS, surety="Empire\u202e"),
             "surety", "U+202E")
    _refused(lambda: sv.record_fee_payment(walk.clerk, app, amount="250.00", paid_on=SUBMITTED, receipt="R-1\x1b"),
             "receipt", "U+001B")
    assert not app.bonds.exists() and not app.fee_payments.exists()
    sv.post_bond(walk.clerk, app, amount="10000", posted_on=APPROVALS, surety="Empire\tSurety")
    assert app.bonds.count() == 1


def test_forfeiture_and_revocation_reasons_refuse_controls_whatever_the_state_paragraphs_f_g(walk):
    app = walk.accepted()
    _refused(lambda: sv.forfeit_bond(walk.board, app, reason="Waste left\u202e"), "reason", "U+202E")
    _refused(lambda: sv.revoke(walk.board, app, grounds=["facilities_not_provided_as_specified"],
                               reason="No water\u2069"), "reason", "U+2069")
