"""The Carmel ch. 31 permit process through its services: every path, the legal gates (hearing notice,
issuance preconditions, Board limits, the fee), the decision deadline, history and optimistic locking."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest

from publicassembly.permits import services as sv
from publicassembly.permits.models import Document, FeeSchedule, PermitApplication, State
from publicassembly.workflow.errors import InvalidTransition, NotAllowed, StaleUpdate, ValidationFailed

from .conftest import APPROVALS, HEARING, NOTICE, PDF, PNG, SUBMITTED, fair_facts

pytestmark = pytest.mark.django_db


# --- Every path -----------------------------------------------------------------------------------------------


def test_main_path_from_draft_to_closed_with_bond_released(walk):
    app = walk.to(State.BOND_RELEASED)
    app = sv.close(walk.clerk, app, today=date(2026, 9, 1))
    assert app.state == State.CLOSED
    states = [h.state for h in app.history.order_by("history_date", "history_id")]
    assert states == ["draft", "submitted", "accepted", "hearing_scheduled", "hearing_held", "approved", "issued",
                      "assembly_held", "cleanup_inspected", "bond_released", "closed"]
    assert app.permit_number == "2026-001" and app.bond_disposition == "released"


def test_incomplete_and_amended_loop_back_to_acceptance(walk):
    app = walk.to(State.AMENDED)
    app = sv.mark_incomplete(walk.clerk, app, missing_items=["the noise statement"])
    assert app.state == State.INCOMPLETE and app.missing_items == ["the noise statement"]
    app = sv.amend(walk.applicant, app, fair_facts())
    app = sv.accept(walk.clerk, app, today=SUBMITTED)
    assert app.state == State.ACCEPTED and app.missing_items == []


def test_mark_incomplete_lists_the_law_cores_missing_items_of_paragraph_b(walk):
    facts = fair_facts()
    del facts["petition"]["max_noise_decibels"]
    walk.draft(facts)
    app = sv.submit(walk.applicant, walk.app, verification_statement="sworn", today=SUBMITTED)
    with pytest.raises(sv.Blocked) as e:
        sv.accept(walk.clerk, app, today=SUBMITTED)
    assert any("¶ B(15)" in b.citation for b in e.value.blockers)
    app = sv.mark_incomplete(walk.clerk, app)
    assert "petition.15.max_noise_decibels" in app.missing_items


def test_denied_with_reasons_then_closed(walk):
    app = walk.to(State.DENIED)
    assert app.reasons == "Too little parking" and app.decided_on == date(2026, 6, 24)
    assert sv.close(walk.clerk, app).state == State.CLOSED


def test_deny_needs_reasons(walk):
    app = walk.to(State.HEARING_HELD)
    with pytest.raises(ValidationFailed) as e:
        sv.deny(walk.board, app, reasons="  ", decided_on=date(2026, 6, 24))
    assert e.value.field == "reasons"


def test_bond_forfeited_when_cleanup_not_done_within_5_days_of_paragraph_f(walk):
    app = walk.cleanup_inspected(completed_on=None, inspected_on=date(2026, 8, 24))
    with pytest.raises(sv.Blocked):
        sv.release_bond(walk.board, app)
    app = sv.forfeit_bond(walk.board, app, reason="Waste left on the premises")
    assert app.state == State.BOND_FORFEITED and app.bond_disposition == "forfeited"
    assert sv.close(walk.clerk, app).state == State.CLOSED


def test_cleanup_completed_on_day_6_forfeits_not_releases(walk):
    # last day 16 August; five days from it (GCL § 20) end Friday 21 August; the 22nd is late.
    app = walk.cleanup_inspected(completed_on=date(2026, 8, 22), inspected_on=date(2026, 8, 22))
    with pytest.raises(sv.Blocked) as e:
        sv.release_bond(walk.board, app)
    assert "2026-08-21" in str(e.value) and "¶ F" in str(e.value)
    assert sv.forfeit_bond(walk.board, app, reason="late").state == State.BOND_FORFEITED


def test_bond_is_not_forfeited_after_a_cleanup_on_time(walk):
    app = walk.cleanup_inspected(completed_on=date(2026, 8, 21), inspected_on=date(2026, 8, 21))
    with pytest.raises(sv.Blocked):
        sv.forfeit_bond(walk.board, app, reason="no")
    assert sv.release_bond(walk.board, app).state == State.BOND_RELEASED


@pytest.mark.parametrize("state", [State.DRAFT, State.SUBMITTED, State.INCOMPLETE, State.AMENDED, State.ACCEPTED,
                                   State.HEARING_SCHEDULED, State.HEARING_HELD, State.APPROVED])
def test_withdrawn_from_every_open_state(walk, state):
    app = walk.to(state)
    app = sv.withdraw(walk.applicant, app, reason="event cancelled")
    assert app.state == State.WITHDRAWN
    assert app.history.first().history_change_reason == "event cancelled"


@pytest.mark.parametrize("state", [State.ISSUED, State.DENIED, State.BOND_RELEASED])
def test_not_withdrawn_once_decided_or_issued(walk, state):
    app = walk.to(state)
    with pytest.raises(InvalidTransition):
        sv.withdraw(walk.applicant, app)


@pytest.mark.parametrize("grounds", [["facilities_not_provided_as_specified"],
                                     ["setup_cannot_be_accomplished_in_time"],
                                     ["facilities_not_provided_as_specified", "setup_cannot_be_accomplished_in_time"]])
def test_revoked_from_issued_on_the_grounds_of_paragraph_g(walk, grounds):
    app = walk.to(State.ISSUED)
    app = sv.revoke(walk.board, app, grounds=grounds, reason="Inspection on 10 August", today=date(2026, 8, 10))
    assert app.state == State.REVOKED and app.revocation_grounds == grounds
    why = app.history.first().history_change_reason
    assert "Inspection on 10 August" in why and "¶ G" not in why  # the reason, with the law core's words
    assert "Ground for revocation" in why


def test_revocation_needs_a_ground_of_paragraph_g(walk):
    app = walk.to(State.ISSUED)
    # (an item not of ¶ G is named by its place in the list, P-33)
    for bad, field in (([], "grounds"), (["bad weather"], "grounds[0]"),
                       ("facilities_not_provided_as_specified", "grounds")):
        with pytest.raises(ValidationFailed) as e:
            sv.revoke(walk.board, app, grounds=bad, reason="x")
        assert e.value.field == field and "setup_cannot_be_accomplished_in_time" in str(e.value)


def test_revoked_only_from_issued(walk):
    app = walk.to(State.APPROVED)
    with pytest.raises(InvalidTransition) as e:
        sv.revoke(walk.board, app, grounds=["setup_cannot_be_accomplished_in_time"], reason="x")
    assert "issue" in e.value.allowed and "withdraw" in e.value.allowed


def test_an_action_from_the_wrong_state_lists_the_allowed_ones(walk):
    app = walk.to(State.SUBMITTED)
    with pytest.raises(InvalidTransition) as e:
        sv.issue(walk.clerk, app)
    # (the county fair of 14-16 August 2026 is over whenever this runs: closed, no longer accepted, P-11)
    assert e.value.allowed == ["close", "mark_incomplete", "withdraw"]
    with pytest.raises(InvalidTransition):
        sv.record_fee_payment(walk.clerk, walk.draft(), amount="250", paid_on=SUBMITTED)


# --- Submission and facts ----------------------------------------------------------------------------------------------


def test_submission_needs_the_verification_statement_of_paragraph_b(walk):
    app = walk.draft()
    with pytest.raises(ValidationFailed) as e:
        sv.submit(walk.applicant, app, verification_statement=" ")
    assert e.value.field == "verification_statement"
    app = sv.submit(walk.applicant, app, verification_statement="I swear ...", today=SUBMITTED)
    assert app.submitted_on == SUBMITTED and sv.case_data(app)["petition"]["verified"] is True


@pytest.mark.parametrize(("facts", "field"), [
    ({"max_persons_at_one_time": -1}, "facts.max_persons_at_one_time"),
    ({"hearing": {"held_on": "2026-06-01"}}, "facts.hearing"),
    ({"submitted_on": "2026-06-01"}, "facts.submitted_on"),
    ({"town_board": {"bond_amount": 1}}, "facts.town_board"),
    ({"petition": {"verified": True}}, "facts.petition.verified"),
    ({"conditions": {"toilets": {"health_department_approved_on": "2026-06-01"}}},
     "facts.conditions.toilets.health_department_approved_on"),
    ({"properties": [{"owner_authorization_to_inspect": True}]}, "facts.properties[0].owner_authorization_to_inspect"),
    ({"colour": "red"}, "facts.colour"),
])
def test_facts_breaking_the_model_or_holding_the_towns_acts_are_refused(walk, facts, field):
    with pytest.raises(ValidationFailed) as e:
        walk.draft(facts)
    assert e.value.field == field
    assert not PermitApplication.objects.exists()


def test_permits_only_in_carmel(mount_pleasant, people):
    """Mount Pleasant ch. 164 has no permit process: no draft is created there (404 saying so)."""
    with pytest.raises(sv.NoPermits):
        sv.create_draft(people["mp_applicant"], mount_pleasant, fair_facts())
    assert not PermitApplication.objects.exists()


# --- Hearing notice (¶ B: 10 days) ----------------------------------------------------------------------------------


def test_hearing_with_10_days_notice_is_scheduled(walk):
    app = walk.accepted()
    app = sv.schedule_hearing(walk.clerk, app, hearing_on=HEARING, place="Town Hall", notice_published_on=NOTICE,
                              newspaper="Putnam County Courier", today=NOTICE)
    assert (HEARING - NOTICE).days == 10
    assert app.state == State.HEARING_SCHEDULED and app.newspaper == "Putnam County Courier"


def test_hearing_with_9_days_notice_is_refused_under_paragraph_b(walk):
    app = walk.accepted()
    with pytest.raises(ValidationFailed) as e:
        sv.schedule_hearing(walk.clerk, app, hearing_on=HEARING, place="Town Hall",
                            notice_published_on=date(2026, 6, 13), newspaper="Putnam County Courier",
                            today=date(2026, 6, 13))
    assert e.value.field == "notice_published_on"
    assert "10 days" in str(e.value) and "permit requirements ¶ B" in str(e.value)
    app.refresh_from_db()
    assert app.state == State.ACCEPTED and app.hearing_on is None


def test_decision_before_the_hearing_is_refused(walk):
    app = walk.hearing_held()
    with pytest.raises(ValidationFailed) as e:
        sv.approve(walk.board, app, decided_on=date(2026, 6, 21))
    assert e.value.field == "decided_on"


# --- Decision deadline (¶ B: 30 days; GCL §§ 20, 25-a) ------------------------------------------------------------------


def test_decision_overdue_on_day_31_not_day_30(walk):
    app = walk.submitted()  # Monday 1 June 2026; day 30 is Wednesday 1 July
    assert sv.decision_due(app).date == date(2026, 7, 1)
    assert not sv.decision_overdue(app, date(2026, 7, 1))
    assert sv.decision_overdue(app, date(2026, 7, 2))


def test_decision_due_runs_to_monday_when_day_30_is_a_sunday_under_25a(walk):
    walk.draft()
    app = sv.submit(walk.applicant, walk.app, verification_statement="sworn", today=date(2026, 5, 1))
    due = sv.decision_due(app)  # day 30 is Sunday 31 May 2026
    assert due.date == date(2026, 6, 1) and "25-a" in due.counted
    assert not sv.decision_overdue(app, date(2026, 5, 31))
    assert not sv.decision_overdue(app, date(2026, 6, 1))
    assert sv.decision_overdue(app, date(2026, 6, 2))


def test_no_decision_overdue_once_decided_or_before_submission(walk):
    assert not sv.decision_overdue(walk.draft(), date(2027, 1, 1))
    app = walk.to(State.DENIED)
    assert not sv.decision_overdue(app, date(2027, 1, 1))


# --- Board limits (¶ E, ¶ F) --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("limit", ["249999.99", "500000.01", "1000000", "0"])
def test_board_bodily_injury_limit_outside_250000_500000_is_refused(walk, limit):
    app = walk.accepted()
    with pytest.raises(ValidationFailed) as e:
        sv.set_bond_and_insurance_limit(walk.board, app, bodily_injury_limit=limit)
    assert e.value.field == "bodily_injury_limit"
    assert "$250,000" in str(e.value) and "$500,000" in str(e.value) and "¶ E" in str(e.value)
    app.refresh_from_db()
    assert app.bodily_injury_limit is None and app.version == 3


@pytest.mark.parametrize("limit", ["250000", "500000", "375000.50"])
def test_board_bodily_injury_limit_within_the_range_is_set(walk, limit):
    app = sv.set_bond_and_insurance_limit(walk.board, walk.accepted(), bodily_injury_limit=limit,
                                          bond_amount="5000")
    assert app.bodily_injury_limit == Decimal(limit) and app.bond_amount == Decimal("5000")
    assert "Town Board set" in app.history.first().history_change_reason


def test_bond_amount_must_be_money(walk):
    app = walk.accepted()
    for bad in ("ten", "-5", "0", 10.5, "1.234"):
        with pytest.raises(ValidationFailed) as e:
            sv.set_bond_and_insurance_limit(walk.board, app, bond_amount=bad)
        assert e.value.field == "bond_amount"


def test_a_bad_bond_and_a_bad_limit_are_both_told_paragraphs_e_f(walk):
    """¶ E and ¶ F: a bond of $0 and a limit outside $250,000-$500,000 given at once are refused together, the
    first named, both listed; nothing is set."""
    app = walk.accepted()
    with pytest.raises(ValidationFailed) as e:
        sv.set_bond_and_insurance_limit(walk.board, app, bond_amount="0", bodily_injury_limit="100")
    assert e.value.field == "bond_amount" and "(and 1 more error)" in e.value.detail
    assert [f for f, _ in e.value.errors] == ["bond_amount", "bodily_injury_limit"]
    assert "must be more than $0" in e.value.errors[0][1] and "$250,000" in e.value.errors[1][1]
    app.refresh_from_db()
    assert app.bond_amount is None and app.bodily_injury_limit is None and app.version == 3


# --- Issuance gate -------------------------------------------------------------------------------------------------------


def test_issuance_refused_listing_every_missing_precondition_with_its_citation(walk):
    app = walk.hearing_held()
    app = sv.approve(walk.board, app, decided_on=date(2026, 6, 24))  # no bond, no limit
    with pytest.raises(sv.Blocked) as e:
        sv.issue(walk.clerk, app, today=date(2026, 7, 1))
    cites = [b.citation for b in e.value.blockers]
    assert cites == [f"Carmel Code ch. 31, permit requirements ¶ C({n})" for n in range(1, 11)] + [
        "Carmel Code ch. 31, permit requirements ¶ D", "Carmel Code ch. 31, permit requirements ¶ E",
        "Carmel Code ch. 31, permit requirements ¶ F", "Carmel Code ch. 31, fee"]
    text = str(e.value)
    assert "Putnam County Health Department and the Town Board" in text
    assert "has not yet fixed the amount of the cleanup bond" in text
    assert "250" in text  # the fee of the Board's schedule is named
    app.refresh_from_db()
    assert app.state == State.APPROVED and app.permit_number == ""


def test_each_precondition_recorded_removes_its_blocker(walk):
    app = walk.approved()
    doc = walk.doc()
    before = {b.rule for b in sv.issuance_blockers(app, date(2026, 7, 1))}
    sv.record_approval(walk.p["health_department_reviewer"], app, condition=1, agency="health_department",
                       approved_on=date(2026, 6, 20), document=doc)
    assert "carmel/conditions/c1-drinking-water" in {b.rule for b in sv.issuance_blockers(app, date(2026, 7, 1))}
    blocker = next(b for b in sv.issuance_blockers(app, date(2026, 7, 1)) if b.rule.endswith("c1-drinking-water"))
    assert "the Town Board" in blocker.reason and "Health Department" not in blocker.reason
    sv.record_approval(walk.board, app, condition=1, agency="town_board", approved_on=date(2026, 6, 20),
                       document=doc)
    after = {b.rule for b in sv.issuance_blockers(app, date(2026, 7, 1))}
    assert before - after == {"carmel/conditions/c1-drinking-water"}


def test_insurance_below_the_boards_limit_blocks_issuance(walk):
    app = walk.approved()  # Board limit $500,000
    walk.all_preconditions()
    sv.record_insurance(walk.clerk, app, insurer="Small Mutual", policy_number="S-1", bodily_injury_limit="300000",
                        property_damage_limit="250000", cancellation_notice_days=10,
                        document=walk.doc("insurance certificate"), today=date(2026, 6, 30))
    blockers = sv.issuance_blockers(app, date(2026, 7, 1))
    assert [b.citation for b in blockers] == ["Carmel Code ch. 31, permit requirements ¶ E"]
    assert "$300,000 is less than $500,000" in blockers[0].reason


def test_fee_short_of_the_boards_schedule_blocks_issuance(walk):
    # the Board's fee for 2026 is $300 before anything is filed in 2026 (P-9: not changed once charged)
    sv.set_fee_schedule(walk.clerk, walk.town, year=2026, amount="300.00", resolution_date=date(2026, 1, 6))
    app = walk.approved()
    walk.all_preconditions()  # $250 paid
    blockers = sv.issuance_blockers(app, date(2026, 7, 1))
    assert [b.rule for b in blockers] == ["carmel/fee/filing"]
    assert "$250 paid, less than the filing fee of $300" in blockers[0].reason


def test_no_fee_schedule_for_the_year_blocks_issuance(walk):
    app = walk.approved()
    walk.all_preconditions()
    FeeSchedule.objects.all().delete()
    blockers = sv.issuance_blockers(app, date(2026, 7, 1))
    assert [b.rule for b in blockers] == ["carmel/fee/filing"] and "not on file" in blockers[0].reason


def test_fee_schedule_is_read_by_the_law_core_as_the_dated_value(walk):
    sv.set_fee_schedule(walk.clerk, walk.town, year=2027, amount="275.00", resolution_date=date(2027, 1, 5),
                        today=date(2027, 1, 5))
    app = walk.submitted()
    assert sv.fee_due(app) == Decimal("250.00")
    facts = fair_facts()  # (next year's fair: a petition is for an assembly still to come, P-11)
    facts["dates"] = {**facts["dates"], "first_day": "2027-08-13", "last_day": "2027-08-15"}
    walk.draft(facts)
    later = sv.submit(walk.applicant, walk.app, verification_statement="sworn", today=date(2027, 2, 1))
    assert sv.fee_due(later) == Decimal("275.00")


def test_tenants_authorization_is_needed_when_there_is_a_tenant_of_paragraph_d(walk):
    facts = fair_facts()
    facts["properties"][0]["tenant_or_lessee"] = "Park Concessions LLC"
    walk.draft(facts)
    sv.submit(walk.applicant, walk.app, verification_statement="sworn", today=SUBMITTED)
    sv.accept(walk.clerk, walk.app, today=SUBMITTED)
    sv.schedule_hearing(walk.clerk, walk.app, hearing_on=HEARING, place="Town Hall", notice_published_on=NOTICE,
                        newspaper="Courier", today=NOTICE)
    sv.record_hearing_held(walk.clerk, walk.app)
    app = sv.approve(walk.board, walk.app, decided_on=date(2026, 6, 24), bond_amount="10000",
                     bodily_injury_limit="500000")
    walk.all_preconditions()
    blockers = sv.issuance_blockers(app, date(2026, 7, 1))
    assert [b.citation for b in blockers] == ["Carmel Code ch. 31, permit requirements ¶ D"]
    assert "inspection.properties[0].tenant_authorization" in blockers[0].missing
    sv.record_authorization(walk.clerk, app, party="tenant", name="Park Concessions LLC", given_on=date(2026, 6, 25),
                            document=walk.doc("tenant's authorization"))
    assert sv.issue(walk.clerk, app, today=date(2026, 7, 1)).state == State.ISSUED


def test_issued_when_every_precondition_holds(walk):
    app = walk.issued()
    assert app.state == State.ISSUED and app.issued_on == date(2026, 7, 1) and app.permit_number == "2026-001"


# --- The fee is not refundable ---------------------------------------------------------------------------------------------


def test_fee_refund_is_refused_citing_the_fee_section(walk):
    app = walk.approved()
    walk.all_preconditions()
    with pytest.raises(sv.FeeNotRefundable) as e:
        sv.refund_fee(walk.clerk, app, amount="250.00")
    assert "not refundable in whole or in part" in str(e.value) and "Carmel Code ch. 31, fee" in str(e.value)
    assert isinstance(e.value, NotAllowed) and e.value.http_status == 403
    assert sum(p.amount for p in app.fee_payments.all()) == Decimal("250.00")


# --- History and optimistic locking ---------------------------------------------------------------------------------------


def test_every_change_has_a_history_row_with_who_and_why(walk):
    app = walk.issued()
    rows = list(app.history.order_by("history_date", "history_id"))
    assert [r.state for r in rows] == ["draft", "submitted", "accepted", "hearing_scheduled", "hearing_held",
                                       "approved", "issued"]
    for row in rows:
        assert row.history_user_id is not None and row.history_change_reason
    assert {r.history_user.username for r in rows} == {"carmel_applicant", "carmel_town_clerk",
                                                       "carmel_town_board_member"}
    for record in app.related_records():
        h = record.history.get()
        assert h.history_user_id is not None and h.history_change_reason, record
    assert app.approvals.count() == 20 and app.documents.count() == 3


def test_timeline_reads_the_case(walk):
    app = walk.issued()
    lines = [str(e) for e in sv.application_timeline(app)]
    assert any("state: approved with conditions → issued" in line and "permit 2026-001 issued" in line
               for line in lines)
    assert any("written approval" in line and "¶ C(10)" in line for line in lines)
    assert any("carmel_health_department_reviewer" in line for line in lines)


def test_stale_update_raises_a_conflict_and_overwrites_nothing(walk):
    app = walk.accepted()
    clerk_view = PermitApplication.objects.get(pk=app.pk)
    board_view = PermitApplication.objects.get(pk=app.pk)
    sv.set_bond_and_insurance_limit(walk.board, board_view, bond_amount="7500")
    with pytest.raises(StaleUpdate) as e:
        sv.schedule_hearing(walk.clerk, clerk_view, hearing_on=HEARING, place="Town Hall",
                            notice_published_on=NOTICE, newspaper="Courier", today=NOTICE)
    assert e.value.http_status == 409 and "reload" in str(e.value)
    fresh = PermitApplication.objects.get(pk=app.pk)
    assert fresh.state == State.ACCEPTED and fresh.hearing_on is None and fresh.bond_amount == Decimal("7500")
    assert fresh.history.count() == 4


def test_explicit_expected_version_is_checked(walk):
    app = walk.draft()
    with pytest.raises(StaleUpdate):
        sv.update_draft(walk.applicant, app, fair_facts(), expected_version=7)
    app = sv.update_draft(walk.applicant, app, {**fair_facts(), "name": "Fair 2026"}, expected_version=1)
    assert app.version == 2 and app.name == "Fair 2026"


# --- Documents ----------------------------------------------------------------------------------------------------------


def test_documents_are_stored_with_checksum_size_and_type(walk, settings, tmp_path):
    app = walk.draft()
    doc = sv.attach_document(walk.applicant, app, kind="site map", filename="../../map.png", content=PNG)
    assert (doc.content_type, doc.size, doc.original_name) == ("image/png", len(PNG), "map.png")
    import hashlib

    assert doc.sha256 == hashlib.sha256(PNG).hexdigest()
    stored = sv.documents_dir() / doc.storage_name
    assert stored.read_bytes() == PNG and "map" not in doc.storage_name
    assert sv.read_document(walk.clerk, doc) == PNG


def test_documents_of_other_types_or_too_large_are_refused(walk, settings):
    app = walk.draft()
    with pytest.raises(ValidationFailed) as e:
        sv.attach_document(walk.applicant, app, kind="plan", filename="plan.exe", content=b"MZ\x90\x00")
    assert e.value.field == "file" and e.value.detail == "Only PDF, PNG and JPEG files are accepted."
    with pytest.raises(ValidationFailed):
        sv.attach_document(walk.applicant, app, kind="plan", filename="p.pdf", content=PNG,
                           content_type="application/pdf")
    settings.PUBLICASSEMBLY_MAX_DOCUMENT_BYTES = 10
    with pytest.raises(ValidationFailed) as e:
        sv.attach_document(walk.applicant, app, kind="plan", filename="p.pdf", content=PDF)
    assert e.value.field == "file" and "limit" in str(e.value)
    assert not Document.objects.exists()


def test_a_tampered_document_is_detected(walk):
    doc = sv.attach_document(walk.applicant, walk.draft(), kind="map", filename="m.pdf", content=PDF)
    (sv.documents_dir() / doc.storage_name).write_bytes(PDF + b"x")
    with pytest.raises(ValidationFailed):
        sv.read_document(walk.applicant, doc)


def test_approval_needs_a_document_of_the_same_application(walk):
    app = walk.accepted()
    other = sv.create_draft(walk.applicant, walk.town, fair_facts())
    foreign = sv.attach_document(walk.applicant, other, kind="x", filename="x.pdf", content=PDF)
    with pytest.raises(ValidationFailed) as e:
        sv.record_approval(walk.board, app, condition=1, agency="town_board", approved_on=date(2026, 6, 20),
                           document=foreign)
    assert e.value.field == "document"
    with pytest.raises(ValidationFailed) as e:
        sv.record_approval(walk.board, app, condition=11, agency="town_board", approved_on=date(2026, 6, 20),
                           document=walk.doc())
    assert e.value.field == "condition"


def test_the_same_written_approval_twice_is_refused_par_c(walk):
    """¶ C: a condition is approved in writing by each body; recording the very same approval again (condition,
    body, day, document) is refused naming ``condition`` — another day or document is a new approval."""
    app = walk.accepted()
    doc = walk.doc()
    day = date(2026, 6, 20)
    sv.record_approval(walk.board, app, condition=1, agency="town_board", approved_on=day, document=doc)
    with pytest.raises(ValidationFailed) as e:
        sv.record_approval(walk.board, app, condition=1, agency="town_board", approved_on=day, document=doc)
    assert e.value.field == "condition" and "already recorded" in e.value.detail
    sv.record_approval(walk.board, app, condition=1, agency="town_board", approved_on=day + timedelta(days=1),
                       document=doc)
    assert app.approvals.filter(condition=1, agency="town_board").count() == 2


def test_an_authorization_to_inspect_stays_with_its_property_when_the_petition_changes_paragraph_d_p12(walk):
    """¶ D, P-12: the owner's written authorization is for one property. When the applicant amends the petition
    and the properties change places, it follows its property's address; when its property is no longer named,
    it counts for none (it had moved onto whichever property took its place)."""
    facts = fair_facts()
    second = {**facts["properties"][0], "address": "5 Lake Road, Carmel, NY", "record_owner": "B. Owner"}
    facts["properties"].append(second)
    walk.draft(facts)
    sv.submit(walk.applicant, walk.app, verification_statement="sworn", today=SUBMITTED)
    sv.record_authorization(walk.clerk, walk.app, party="owner", name="B. Owner", given_on=APPROVALS,
                            property_index=1, document=walk.doc("owner's authorization"))
    owners = lambda: [p.get("owner_authorization_to_inspect") for p in sv.case_data(walk.app)["properties"]]  # noqa: E731
    assert owners() == [None, True]
    sv.mark_incomplete(walk.clerk, walk.app, missing_items=["a better map"])
    reordered = {**facts, "properties": [second, facts["properties"][0]]}
    sv.amend(walk.applicant, walk.app, reordered)
    assert owners() == [True, None]  # with its property, now the first
    sv.mark_incomplete(walk.clerk, walk.app, missing_items=["a better map"])
    sv.amend(walk.applicant, walk.app, {**facts, "properties": [facts["properties"][0]]})
    assert owners() == [None]  # its property is gone: it authorizes nothing named
    walk.app.refresh_from_db()
    assert walk.app.authorizations.get().property_address == "5 Lake Road, Carmel, NY"


@pytest.mark.parametrize(("hours", "printed"), [("10:00-22:00", False), ("20:00-02:00", True),
                                                ("dusk to dawn", True)])
def test_the_petition_prints_the_housing_statement_only_when_the_assembly_continues_into_another_day_b14(
        walk, hours, printed):
    """¶ B(14), C-18: the web keeps a housing statement when the hours change, so the printed petition gives it
    under item (14) only when the assembly continues into another day (or its hours cannot be read)."""
    from publicassembly.permits.documents import petition_record

    facts = fair_facts()
    facts["dates"] = {"first_day": facts["dates"]["first_day"], "daily_hours": hours}
    facts["petition"]["housing_statement"] = "Camping for 50 staff"
    walk.draft(facts)
    assert (petition_record(walk.app).overnight_housing == "Camping for 50 staff") is printed


def test_the_timeline_of_an_amendment_says_which_facts_changed(walk):
    """The case's history names what an amendment changed in the petition, by the words of its fields ("changed:
    dates · daily hours, properties"), where it said "facts of the assembly: (recorded) → (recorded)" (found by a
    new-user trial) and then gave the keys ("dates.daily_hours", a second trial)."""
    walk.to(State.INCOMPLETE)
    facts = fair_facts()
    facts["dates"]["daily_hours"] = "09:00-21:00"
    facts["properties"].append({"address": "5 Lake Road, Carmel, NY", "record_owner": "B. Owner"})
    sv.amend(walk.applicant, walk.app, facts)
    amended = [str(e) for e in sv.application_timeline(walk.app) if "petition amended" in str(e)]
    assert len(amended) == 1
    assert "changed: dates · daily hours, properties" in amended[0] and "(recorded)" not in amended[0]


def test_the_default_largest_document_is_10_mib_in_the_code_the_setting_and_the_docs():
    """``DEFAULT_MAX_DOCUMENT_BYTES`` (the services' fallback) said 20 MiB while the setting and docs/api.md say,
    and the site did, 10 MiB."""
    import os
    from pathlib import Path

    from django.conf import settings as django_settings

    assert sv.DEFAULT_MAX_DOCUMENT_BYTES == 10 * 2**20
    if "PUBLICASSEMBLY_MAX_DOCUMENT_BYTES" not in os.environ:
        assert django_settings.PUBLICASSEMBLY_MAX_DOCUMENT_BYTES == sv.DEFAULT_MAX_DOCUMENT_BYTES
    docs = " ".join((Path(__file__).parents[2] / "docs" / "api.md").read_text().split())  # (as wrapped)
    assert "`PUBLICASSEMBLY_MAX_DOCUMENT_BYTES` (10 MiB by default" in docs


def test_without_the_setting_a_document_of_one_byte_over_10_mib_is_refused(walk, settings):
    del settings.PUBLICASSEMBLY_MAX_DOCUMENT_BYTES
    app = walk.draft()
    def pdf_of(size: int) -> bytes:
        return PDF[:-6] + b" " * (size - len(PDF)) + PDF[-6:]

    with pytest.raises(ValidationFailed) as e:
        sv.attach_document(walk.applicant, app, kind="plan", filename="p.pdf",
                           content=pdf_of(sv.DEFAULT_MAX_DOCUMENT_BYTES + 1))
    assert e.value.field == "file" and "limit" in str(e.value)
    assert sv.attach_document(walk.applicant, app, kind="plan", filename="p.pdf",
                              content=pdf_of(sv.DEFAULT_MAX_DOCUMENT_BYTES)) is not None
