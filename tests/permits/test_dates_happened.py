"""Dates of things that have happened cannot be in the future, nor before the step they follow (Carmel ch. 31,
permit requirements ¶¶ B-F); the hearing comes before the assembly (¶ B: the Board decides before it).

The fair of the conftest: submitted 1 June 2026, issued 1 July, assembly 14-16 August."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from tests.refused import refused

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

from .conftest import APPROVALS, INSPECTED, ISSUED, LAST_DAY, NOTICE, SUBMITTED

FIRST_DAY = date(2026, 8, 14)
DAY = timedelta(days=1)


def test_assembly_end_in_the_future_refused_today_accepted_par_f(walk):
    """¶ F: the assembly's end is a fact; 9999-12-31 (or tomorrow) is refused naming ``ended_on``, today is
    accepted and the bond can then be released."""
    app = walk.issued()
    e = refused("ended_on", lambda: sv.record_assembly_held(walk.clerk, app, ended_on=date(9999, 12, 31),
                                                             today=LAST_DAY))
    assert "future" in e.detail
    refused("ended_on", lambda: sv.record_assembly_held(walk.clerk, app, ended_on=LAST_DAY + DAY, today=LAST_DAY))
    app.refresh_from_db()
    assert app.state == State.ISSUED
    assert sv.record_assembly_held(walk.clerk, app, ended_on=LAST_DAY, today=LAST_DAY).assembly_ended_on == LAST_DAY


def test_assembly_end_before_its_first_day_refused_first_day_accepted_par_f(walk):
    """¶ F: the 5 days of cleanup run from the assembly's end, which is not before its first day (14 August): a day
    typed wrong (the trial's 30 November for an assembly of 15 January) would close the permit of an assembly still
    to come. 13 August is refused naming ``ended_on`` and the first day; 14 August is taken."""
    app = walk.issued()
    e = refused("ended_on", lambda: sv.record_assembly_held(walk.clerk, app, ended_on=FIRST_DAY - DAY,
                                                             today=LAST_DAY))
    assert e.detail == "2026-08-13 is before the assembly's first day (2026-08-14)"
    e = refused("ended_on", lambda: sv.record_assembly_held(walk.clerk, app, ended_on=ISSUED, today=LAST_DAY))
    assert "the assembly's first day (2026-08-14)" in e.detail
    app.refresh_from_db()
    assert app.state == State.ISSUED and app.assembly_ended_on is None
    assert sv.record_assembly_held(walk.clerk, app, ended_on=FIRST_DAY, today=LAST_DAY).state == State.ASSEMBLY_HELD


def test_assembly_end_before_issue_refused_issue_day_accepted_par_f(walk):
    """A permit issued while the assembly is under way (P-7; here on its second day): its end is not before the
    permit was issued."""
    from publicassembly.permits.models import PermitApplication

    app = walk.issued()
    PermitApplication.objects.filter(pk=app.pk).update(issued_on=FIRST_DAY + DAY)
    app.refresh_from_db()
    e = refused("ended_on", lambda: sv.record_assembly_held(walk.clerk, app, ended_on=FIRST_DAY, today=LAST_DAY))
    assert "issued" in e.detail
    assert sv.record_assembly_held(walk.clerk, app, ended_on=FIRST_DAY + DAY,
                                   today=LAST_DAY).state == State.ASSEMBLY_HELD


def test_cleanup_dates_not_in_the_future_nor_before_the_end_par_f(walk):
    """¶ F cleanup inspection: ``inspected_on`` / ``completed_on`` after today or before the assembly ended are
    refused naming the field; the days themselves are accepted."""
    app = walk.assembly_held()
    inspector = walk.p["building_inspector"]

    def inspect(inspected_on, completed_on, today=INSPECTED):
        return sv.record_cleanup_inspection(inspector, app, inspected_on=inspected_on, result="complete",
                                            completed_on=completed_on, today=today)

    assert "future" in refused("inspected_on", lambda: inspect(INSPECTED + DAY, INSPECTED)).detail
    refused("inspected_on", lambda: inspect(LAST_DAY - DAY, LAST_DAY - DAY))
    refused("completed_on", lambda: inspect(INSPECTED, LAST_DAY - DAY))
    assert inspect(LAST_DAY, LAST_DAY, today=LAST_DAY).state == State.CLEANUP_INSPECTED


def test_fee_bond_approval_authorization_not_in_the_future_par_c_d_f(walk):
    """Fee (``paid_on``), bond (``posted_on``, ¶ F), written approval (``approved_on``, ¶ C), authorization
    (``given_on``, ¶ D): tomorrow refused, today accepted; bond and approval not before the submission."""
    app = walk.approved()
    doc = walk.doc()
    today = APPROVALS
    refused("paid_on", lambda: sv.record_fee_payment(walk.clerk, app, amount="250", paid_on=today + DAY,
                                                      today=today))
    assert sv.record_fee_payment(walk.clerk, app, amount="250", paid_on=today, today=today).paid_on == today
    refused("posted_on", lambda: sv.post_bond(walk.clerk, app, amount="100", posted_on=today + DAY, today=today))
    refused("posted_on", lambda: sv.post_bond(walk.clerk, app, amount="100", posted_on=SUBMITTED - DAY,
                                               today=today))
    assert sv.post_bond(walk.clerk, app, amount="100", posted_on=SUBMITTED, today=today).posted_on == SUBMITTED
    health = walk.p["health_department_reviewer"]
    refused("approved_on", lambda: sv.record_approval(health, app, condition=1, agency="health_department",
                                                       approved_on=today + DAY, document=doc, today=today))
    refused("approved_on", lambda: sv.record_approval(health, app, condition=1, agency="health_department",
                                                       approved_on=SUBMITTED - DAY, document=doc, today=today))
    assert sv.record_approval(health, app, condition=1, agency="health_department", approved_on=today,
                              document=doc, today=today).approved_on == today
    refused("given_on", lambda: sv.record_authorization(walk.clerk, app, party="owner", name="County of Putnam",
                                                         given_on=today + DAY, document=doc, today=today))
    assert sv.record_authorization(walk.clerk, app, party="owner", name="County of Putnam", given_on=today, document=doc,
                                   today=today).given_on == today


def _schedule(walk, hearing_on, today=NOTICE):
    return sv.schedule_hearing(walk.clerk, walk.accepted(), hearing_on=hearing_on, place="Town Hall",
                               notice_published_on=NOTICE, newspaper="Putnam County Courier", today=today)


def test_hearing_on_the_assemblys_first_day_refused_day_before_accepted_par_b(walk):
    """¶ B: the Board decides before the assembly; a hearing on its first day (or 9999-12-31) is refused
    naming ``hearing_on``; the day before is accepted, with the late-decision note (interpretation P-4)."""
    e = refused("hearing_on", lambda: _schedule(walk, FIRST_DAY))
    assert "first day" in e.detail
    refused("hearing_on", lambda: _schedule(walk, date(9999, 12, 31)))
    app = _schedule(walk, FIRST_DAY - DAY)
    assert app.hearing_on == FIRST_DAY - DAY
    assert "last day to act (2026-07-01" in _last_reason(app)


def test_hearing_after_the_boards_last_day_is_accepted_with_a_note_p4(walk):
    """Interpretation P-4: a hearing after the 30 days of ¶ B (1 July 2026) is accepted; the decision will be
    late and the determination reports ¶ B not met."""
    app = _schedule(walk, date(2026, 7, 2))
    assert app.state == State.HEARING_SCHEDULED
    due = sv.decision_due(app)
    assert due is not None and due.date == date(2026, 7, 1)
    assert "last day to act (2026-07-01" in _last_reason(app)
    on_time = _schedule(walk, date(2026, 7, 1))
    assert on_time.hearing_on == date(2026, 7, 1) and "last day to act" not in _last_reason(on_time)


def _last_reason(app):
    return app.history.order_by("-history_id").first().history_change_reason


def test_fee_paid_before_the_petition_was_filed_refused_filing_day_accepted(walk):
    """Ch. 31, fee: "each application shall be accompanied by a fee" — a payment dated before the petition was
    filed (1 June 2026), e.g. 1990-01-01, is refused naming ``paid_on`` and nothing is stored; the day of
    filing is accepted."""
    app = walk.approved()
    for day in (date(1990, 1, 1), SUBMITTED - DAY):
        e = refused("paid_on", lambda day=day: sv.record_fee_payment(walk.clerk, app, amount="250", paid_on=day,
                                                                      today=APPROVALS))
        assert "petition was filed" in e.detail and SUBMITTED.isoformat() in e.detail
    assert not app.fee_payments.exists()
    assert sv.record_fee_payment(walk.clerk, app, amount="250", paid_on=SUBMITTED,
                                 today=APPROVALS).paid_on == SUBMITTED


def test_authorization_given_before_the_submission_refused_submission_day_accepted_p10(walk):
    """¶ D, interpretation P-10: the Town is furnished with the owner's authorization to inspect for the
    petition; one dated before the petition was submitted (1 June 2026), e.g. 1990-01-01, is refused naming
    ``given_on`` and nothing is stored; the day of submission is accepted."""
    app = walk.approved()
    doc = walk.doc()
    for day in (date(1990, 1, 1), SUBMITTED - DAY):
        e = refused("given_on", lambda day=day: sv.record_authorization(
            walk.clerk, app, party="owner", name="County of Putnam", given_on=day, document=doc, today=APPROVALS))
        assert "petition was submitted" in e.detail and SUBMITTED.isoformat() in e.detail
    assert not app.authorizations.exists()
    assert sv.record_authorization(walk.clerk, app, party="owner", name="County of Putnam", given_on=SUBMITTED, document=doc,
                                   today=APPROVALS).given_on == SUBMITTED


def test_a_draft_with_more_than_max_items_properties_is_refused_and_nothing_stored_g4(walk):
    """G-4: an applicant could store a draft of 30,000 empty properties, after which the application's own pages
    took 20 s and more to show (a new-user trial). 1,000 are taken; 1,001 are refused naming the list, and no
    application is stored."""
    from publicassembly.permits.models import PermitApplication
    from publicassembly.workflow.errors import ValidationFailed

    before = PermitApplication.objects.count()
    with pytest.raises(ValidationFailed) as caught:
        sv.create_draft(walk.applicant, walk.town, {"properties": [{}] * 1001})
    assert caught.value.field.endswith("properties") and "at most 1,000 items (got 1,001)" in str(caught.value)
    assert PermitApplication.objects.count() == before
    sv.create_draft(walk.applicant, walk.town, {"properties": [{}] * 1000})
    assert PermitApplication.objects.count() == before + 1
