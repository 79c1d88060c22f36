"""Dates of the Town Board's and the Clerk's acts are checked when given (Carmel ch. 31 ¶ B: the Board acts after
the public hearing; G-2: dates 1778-2099; W-7), an empty petition cannot be submitted (¶ B, interpretation
P-5), and -0 is kept as $0.00.

The fair of the conftest: submitted 1 June 2026, hearing 22 June (notice 12 June)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from django.utils import timezone
from tests.refused import refused

from publicassembly.law.jurisdictions.us_ny_carmel.issuance import money
from publicassembly.permits import services as sv
from publicassembly.permits.models import FeeSchedule, State

from .conftest import HEARING, NOTICE, SUBMITTED, fair_facts

DAY = timedelta(days=1)
CHAPTER_FIRST_DAY = date(1972, 1, 1)  # Carmel ch. 31's parameters run from 1972-01-01 (C-2)


def test_approve_decided_on_9999_12_31_refused_nothing_written_par_b(walk):
    """¶ B: a Board decision dated 9999-12-31 is refused naming ``decided_on``; the case stays where it was (it
    used to be stored and then every later step failed)."""
    app = walk.hearing_held()
    version = app.version
    e = refused("decided_on", lambda: sv.approve(walk.board, app, decided_on=date(9999, 12, 31)))
    assert "future" in e.detail
    refused("decided_on", lambda: sv.approve(walk.board, app, decided_on="9999-12-31"))
    app.refresh_from_db()
    assert (app.state, app.version, app.decided_on) == (State.HEARING_HELD, version, None)
    assert sv.approve(walk.board, app, decided_on=HEARING).state == State.APPROVED


def test_decision_today_accepted_tomorrow_refused_deny_too_par_b(walk):
    today = timezone.localdate()
    app = walk.hearing_held()
    refused("decided_on", lambda: sv.deny(walk.board, app, reasons="no parking", decided_on=today + DAY))
    refused("decided_on", lambda: sv.deny(walk.board, app, reasons="no parking", decided_on=date(1777, 12, 31)))
    denied = sv.deny(walk.board, app, reasons="no parking", decided_on=today)
    assert (denied.state, denied.decided_on) == (State.DENIED, today)


def test_decision_before_the_hearing_refused_par_b(walk):
    app = walk.hearing_held()
    e = refused("decided_on", lambda: sv.approve(walk.board, app, decided_on=HEARING - DAY))
    assert "public hearing" in e.detail


def test_hearing_held_in_the_future_refused_and_before_its_notice_date_refused_par_b(walk):
    app = walk.hearing_scheduled()
    refused("held_on", lambda: sv.record_hearing_held(walk.clerk, app, held_on=date(9999, 12, 31)))
    refused("held_on", lambda: sv.record_hearing_held(walk.clerk, app, held_on=HEARING + DAY, today=HEARING))
    refused("held_on", lambda: sv.record_hearing_held(walk.clerk, app, held_on=NOTICE))
    # the hearing as noticed, recorded on its day, is accepted; the day after it, recorded the day before, is not
    refused("held_on", lambda: sv.record_hearing_held(walk.clerk, app, held_on=HEARING + DAY, today=HEARING))
    # the default (the noticed day) is refused before that day has come, saying it is the hearing's day
    e = refused("held_on", lambda: sv.record_hearing_held(walk.clerk, app, today=HEARING - DAY))
    assert e.detail == ("the hearing is set for 2026-06-22, after today (2026-06-21): record it as held once it "
                        "has been, or give the day it was held")
    assert sv.record_hearing_held(walk.clerk, app, held_on=HEARING, today=HEARING).hearing_held_on == HEARING


def test_fee_paid_on_0001_01_01_refused_chapter_first_day_accepted_day_before_refused(walk):
    """Fee (C-13): ``paid_on`` 0001-01-01 is refused naming it (G-2); a payment under the chapter cannot be
    dated before the chapter was in force (1972-01-01); that day itself is refused too, as before the petition
    was filed (the fee accompanies the application), and the day of filing is accepted; today accepted,
    tomorrow refused."""
    app = walk.submitted()
    today = timezone.localdate()

    def pay(day):
        return sv.record_fee_payment(walk.clerk, app, amount="50.00", paid_on=day)

    assert "1778-01-01" in refused("paid_on", lambda: pay(date(1, 1, 1))).detail
    assert "is applied from 1972-01-01" in refused("paid_on", lambda: pay(CHAPTER_FIRST_DAY - DAY)).detail
    assert "petition was filed" in refused("paid_on", lambda: pay(CHAPTER_FIRST_DAY)).detail
    assert pay(app.submitted_on).paid_on == app.submitted_on
    refused("paid_on", lambda: pay(today + DAY))
    assert pay(today).paid_on == today
    refused("paid_on", lambda: pay(20261127))


def test_fee_paid_up_to_the_fee_due_and_not_beyond_it_fee_not_refundable(walk):
    """Fee: the fee is not refundable, so payments are recorded up to the fee due and no further: $249.99 then
    $0.01 pay it exactly; with $0.01 still owed, $0.02 is refused naming ``amount`` with what may still be paid
    ($0.01); once paid in full, another $0.01 is refused saying the fee is paid in full and nothing more can be
    recorded (not "at most $0 more")."""
    app = walk.submitted()
    today = timezone.localdate()
    due = sv.fee_due(app, today)
    assert due is not None
    sv.record_fee_payment(walk.clerk, app, amount=str(due - Decimal("0.01")), paid_on=today)
    e = refused("amount", lambda: sv.record_fee_payment(walk.clerk, app, amount="0.02", paid_on=today))
    assert "at most $0.01 more can be recorded" in e.detail and "not refundable" in e.detail
    assert "paid in full" not in e.detail
    sv.record_fee_payment(walk.clerk, app, amount="0.01", paid_on=today)
    e = refused("amount", lambda: sv.record_fee_payment(walk.clerk, app, amount="0.01", paid_on=today))
    assert e.detail == (f"the filing fee of {money(due)} is already paid in full ({money(due)} paid): nothing more "
                        "can be recorded, and the fee is not refundable")
    assert "at most" not in e.detail
    assert app.fee_payments.count() == 2


def test_empty_petition_cannot_be_submitted_p5(walk):
    """¶ B / P-5: a draft without the applicant's name and address, the dates and the number of persons is
    refused at submission naming ``facts`` and each item; it stays a draft and no 30 days start."""
    app = walk.app = sv.create_draft(walk.applicant, walk.town, {})
    e = refused("facts", lambda: sv.submit(walk.applicant, app, verification_statement="Sworn.", today=SUBMITTED))
    for words in ("applicant", "dates", "persons"):
        assert words in e.detail, e.detail
    app.refresh_from_db()
    assert (app.state, app.submitted_on) == (State.DRAFT, None)
    assert sv.essentials_missing(app) == ["petition.1.applicant", "petition.2.dates",
                                          "petition.2.max_persons_at_one_time"]


def test_petition_without_the_applicants_address_refused_complete_one_submitted_p5(walk):
    facts = fair_facts()
    facts["applicant"] = {"name": "Ann Ferris", "age": 52, "resides_in_town": True}  # an individual, no address
    app = walk.draft(facts)
    assert sv.essentials_missing(app) == ["petition.1.applicant_residence_address"]
    e = refused("facts", lambda: sv.submit(walk.applicant, app, verification_statement="Sworn.", today=SUBMITTED))
    assert "residence address" in e.detail
    assert walk.submitted().state == State.SUBMITTED  # the fair's complete petition


def test_minus_zero_fee_schedule_read_as_zero_and_refused_c13_c19(walk, carmel):
    """"-0" is $0.00, never a signed zero (C-13), and a filing fee of $0.00 is refused (C-19: more than $0.00),
    told as $0.00, nothing stored."""
    e = refused("amount", lambda: sv.set_fee_schedule(walk.clerk, carmel, year=2027, amount="-0",
                                                       resolution_date=date(2026, 1, 6)))
    assert "(got $0.00)" in e.detail and "-0" not in e.detail
    assert not FeeSchedule.objects.filter(year=2027).exists()
    assert sv._amount("-0.00", "amount") == Decimal("0.00")
    assert not sv._amount("-0", "amount").is_signed()
