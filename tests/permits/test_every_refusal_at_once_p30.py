"""Every refusal of a Clerk's record at once (interpretation P-30): the insurance certificate (¶ E), the bond (¶ F),
a payment of the filing fee, the public hearing (¶ B) and the Board's fee schedule each told their bad values one
at a time — the insurer before the policy number, the place of the hearing before the newspaper, the year of a
fee schedule before its amount — so a clerk corrected one field, sent it again and met the next. Now one
`ValidationFailed` names the first and lists every one (``errors``), in the order of the form's fields, each field
once, and what the record refuses of the values taken alone (a fee already paid, a receipt recorded, a hearing on
the assembly's first day, a fee already charged) is told with them; nothing is stored."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone
from tests.permits.conftest import APPROVALS, HEARING, NOTICE, SUBMITTED
from tests.refused import fields, refusals

from publicassembly.permits import services as sv
from publicassembly.permits.models import FeeSchedule

pytestmark = pytest.mark.django_db

CONTROL = "\u202e"
CONTROLS = "must be text without control characters (it holds U+202E"


# --- The insurance certificate (¶ E) -------------------------------------------------------------------------


def test_every_bad_value_of_an_insurance_certificate_is_told_at_once_p30(walk):
    app = walk.approved()
    version = app.version
    told = refusals(lambda: sv.record_insurance(
        walk.clerk, app, insurer=" ", policy_number=f"HM{CONTROL}1", bodily_injury_limit="-1",
        property_damage_limit="lots", cancellation_notice_days=-1, document=None, reason=f"as agreed{CONTROL}"))
    assert fields(told) == ["insurer", "policy_number", "bodily_injury_limit", "property_damage_limit",
                            "cancellation_notice_days", "document", "reason"], told
    assert told[0] == ("insurer", "give the insurer")
    assert told[4] == ("cancellation_notice_days", "give a whole number of days, 0 or more")
    assert told[5] == ("document", "attach the written document to the application (its documents) and give it here")
    assert told[6][1].startswith(CONTROLS)
    app.refresh_from_db()
    assert app.version == version and not app.insurance_certificates.exists()


def test_a_document_of_another_application_is_told_with_the_texts_p30(walk):
    other = walk.submitted()
    elsewhere = walk.doc("insurance certificate")
    app = walk.approved()
    told = refusals(lambda: sv.record_insurance(
        walk.clerk, app, insurer="Hudson Mutual", policy_number=" ", bodily_injury_limit="500000",
        property_damage_limit="100000", cancellation_notice_days=30, document=elsewhere))
    assert told == [("policy_number", "give the policy number"),
                    ("document", "the document must be one attached to this permit application")]
    # a document given by its id (the API's), when no document of that id is attached to the application
    told = refusals(lambda: sv.record_insurance(
        walk.clerk, app, insurer=" ", policy_number="HM-1", bodily_injury_limit="500000",
        property_damage_limit="100000", cancellation_notice_days=30, document=elsewhere.pk))
    assert told == [("insurer", "give the insurer"),
                    ("document", f"no document #{elsewhere.pk} is attached to this permit application")]
    assert other.pk != app.pk and not app.insurance_certificates.exists()


def test_an_insurance_certificate_of_good_values_is_recorded_its_document_given_by_id_p30(walk):
    """The other side: good values, the document given by its id, recorded."""
    app = walk.approved()
    doc = walk.doc("insurance certificate")
    cert = sv.record_insurance(walk.clerk, app, insurer=" Hudson Mutual ", policy_number="HM-1",
                               bodily_injury_limit="500000", property_damage_limit="100000",
                               cancellation_notice_days=0, document=doc.pk)
    assert (cert.insurer, cert.document, cert.cancellation_notice_days) == ("Hudson Mutual", doc, 0)


# --- The bond (¶ F) ----------------------------------------------------------------------------------------------


def test_every_bad_value_of_a_bond_is_told_at_once_p30(walk):
    walk.submitted()
    elsewhere = walk.doc()
    app = walk.approved()
    version = app.version
    tomorrow = timezone.localdate() + timedelta(days=1)
    told = refusals(lambda: sv.post_bond(walk.clerk, app, amount="0", posted_on=tomorrow, surety=f"Empire{CONTROL}",
                                         document=elsewhere, reason=f"as agreed{CONTROL}"))
    assert fields(told) == ["amount", "posted_on", "surety", "document", "reason"], told
    assert told[0] == ("amount", "must be more than $0 (got 0)")
    assert told[1][1].startswith(f"{tomorrow.isoformat()} is in the future")
    app.refresh_from_db()
    assert app.version == version and not app.bonds.exists()
    # a day before the submission is told with the amount, as a day in the future is
    told = refusals(lambda: sv.post_bond(walk.clerk, app, amount="-5", posted_on=SUBMITTED - timedelta(days=1)))
    assert fields(told) == ["amount", "posted_on"], told
    assert sv.post_bond(walk.clerk, app, amount="10000", posted_on=APPROVALS).amount == 10000


# --- A payment of the filing fee ------------------------------------------------------------------------------------


def test_every_bad_value_of_a_fee_payment_is_told_at_once_with_the_fee_already_paid_p30(walk):
    app = walk.submitted()
    sv.record_fee_payment(walk.clerk, app, amount="250.00", paid_on=SUBMITTED, receipt="R-1")
    app.refresh_from_db()
    version = app.version
    tomorrow = timezone.localdate() + timedelta(days=1)
    told = refusals(lambda: sv.record_fee_payment(walk.clerk, app, amount="10", paid_on=tomorrow,
                                                  receipt=f"R{CONTROL}2", reason=f"as agreed{CONTROL}"))
    # $10 is good alone: what the record refuses of it (the fee paid in full) is told with the others
    assert fields(told) == ["amount", "paid_on", "receipt", "reason"], told
    assert told[0] == ("amount", "the filing fee of $250 is already paid in full ($250 paid): nothing more can "
                                 "be recorded, and the fee is not refundable")
    # a receipt already recorded is told with a day before the filing
    told = refusals(lambda: sv.record_fee_payment(walk.clerk, app, amount="-1", paid_on=SUBMITTED - timedelta(days=1),
                                                  receipt=" R-1 "))
    assert fields(told) == ["amount", "paid_on", "receipt"], told
    assert told[2] == ("receipt", "a payment with receipt R-1 is already recorded on this application; a receipt "
                                  "is given for one payment")
    app.refresh_from_db()
    assert app.version == version and app.fee_payments.count() == 1


def test_values_good_alone_are_told_every_refusal_of_the_record_at_once_p30(walk):
    """Values each good alone meet the record once the application is locked: a payment beyond the fee and a
    receipt already recorded are both told."""
    app = walk.submitted()
    sv.record_fee_payment(walk.clerk, app, amount="249.99", paid_on=SUBMITTED, receipt="R-1")
    told = refusals(lambda: sv.record_fee_payment(walk.clerk, app, amount="0.02", paid_on=SUBMITTED, receipt="R-1"))
    assert told == [("amount", "$0.02 would pay more than the filing fee of $250 ($249.99 paid so far): at most "
                               "$0.01 more can be recorded, and the fee is not refundable"),
                    ("receipt", "a payment with receipt R-1 is already recorded on this application; a receipt "
                                "is given for one payment")]
    assert app.fee_payments.count() == 1


def test_the_fee_owed_a_cent_and_paid_in_full_are_told_apart_p30(walk):
    """$0.01 still owed: "at most $0.01 more"; $0.00 owed: paid in full, nothing more can be recorded."""
    app = walk.submitted()
    sv.record_fee_payment(walk.clerk, app, amount="249.99", paid_on=SUBMITTED)
    told = refusals(lambda: sv.record_fee_payment(walk.clerk, app, amount="1", paid_on=SUBMITTED))
    assert told == [("amount", "$1 would pay more than the filing fee of $250 ($249.99 paid so far): at most $0.01 "
                               "more can be recorded, and the fee is not refundable")]
    sv.record_fee_payment(walk.clerk, app, amount="0.01", paid_on=SUBMITTED)
    told = refusals(lambda: sv.record_fee_payment(walk.clerk, app, amount="0.01", paid_on=SUBMITTED))
    assert told == [("amount", "the filing fee of $250 is already paid in full ($250 paid): nothing more can be "
                               "recorded, and the fee is not refundable")]
    assert sum(p.amount for p in app.fee_payments.all()) == 250


# --- The public hearing (¶ B) -----------------------------------------------------------------------------------


def test_the_place_and_the_newspaper_are_told_together_with_the_day_p30(walk):
    app = walk.accepted()
    version = app.version
    sunday = HEARING - timedelta(days=1)  # (Sunday 21 June 2026: no hearing on a Sunday, P-8)
    told = refusals(lambda: sv.schedule_hearing(walk.clerk, app, hearing_on=sunday, place=" ",
                                                newspaper=f"Courier{CONTROL}", notice_published_on=date(2026, 6, 30),
                                                today=NOTICE, reason=f"as agreed{CONTROL}"))
    assert fields(told) == ["hearing_on", "place", "newspaper", "notice_published_on", "reason"], told
    assert told[0][1].startswith("2026-06-21 is a Sunday")
    assert told[1] == ("place", "give the place of the public hearing")
    assert told[2][1].startswith(CONTROLS)
    assert told[3][1].startswith("2026-06-30 is in the future (today is 2026-06-12)")
    app.refresh_from_db()
    assert (app.state, app.version, app.hearing_on) == ("accepted", version, None)


def test_what_the_application_refuses_of_the_day_is_told_with_a_bad_place_p30(walk):
    """A day good alone but on the assembly's first day (P-4), with a place left blank: both told."""
    app = walk.accepted()
    told = refusals(lambda: sv.schedule_hearing(walk.clerk, app, hearing_on=date(2026, 8, 14), place=" ",
                                                newspaper="Putnam County Courier", notice_published_on=NOTICE,
                                                today=NOTICE))
    assert fields(told) == ["hearing_on", "place"], told
    assert told[0][1].startswith("2026-08-14 is not before the assembly's first day (2026-08-14)")


def test_values_good_alone_meet_every_refusal_of_the_application_at_once_p30(walk):
    """Each value good alone, the day too soon after the submission and the notice before it: both told."""
    app = walk.accepted()
    told = refusals(lambda: sv.schedule_hearing(walk.clerk, app, hearing_on=SUBMITTED, place="Town Hall",
                                                newspaper="Putnam County Courier",
                                                notice_published_on=SUBMITTED - timedelta(days=3), today=SUBMITTED))
    assert fields(told) == ["hearing_on", "notice_published_on"], told
    assert "is not after the petition was submitted" in told[0][1]
    assert "is before the petition was submitted" in told[1][1]
    sv.schedule_hearing(walk.clerk, app, hearing_on=HEARING, place="Town Hall", newspaper="Putnam County Courier",
                        notice_published_on=NOTICE, today=NOTICE)
    assert app.state == "hearing_scheduled"


def test_a_rescheduled_hearing_tells_its_place_and_newspaper_together_p30(walk):
    app = walk.hearing_scheduled()
    told = refusals(lambda: sv.reschedule_hearing(walk.clerk, app, hearing_on=HEARING + timedelta(days=1),
                                                  place=" ", newspaper=" ", today=NOTICE))
    assert fields(told) == ["place", "newspaper"], told


# --- The Board's fee schedule --------------------------------------------------------------------------------------


def test_every_bad_value_of_a_fee_schedule_is_told_at_once_p30(carmel, people):
    clerk = people["town_clerk"]
    today = timezone.localdate()
    told = refusals(lambda: sv.set_fee_schedule(clerk, carmel, year=1900, amount="0",
                                                resolution_date=today + timedelta(days=1),
                                                reason=f"as agreed{CONTROL}"))
    assert fields(told) == ["year", "amount", "resolution_date", "reason"], told
    assert told[0][1].startswith("1900 is not a year of the fee schedule: allowed 1972")
    assert told[1][1].startswith("must be more than $0.00 (got $0.00)")
    assert not FeeSchedule.objects.exists()


def test_a_fee_already_charged_is_told_with_a_resolution_after_the_year_p30(walk, carmel, people):
    """The 2026 fee ($250) is charged on a filing: $300 is told with a resolution dated after 2026 ended."""
    walk.submitted()
    told = refusals(lambda: sv.set_fee_schedule(people["town_clerk"], carmel, year=2026, amount="300",
                                                resolution_date=date(2027, 1, 4), today=date(2027, 2, 1)))
    assert fields(told) == ["amount", "resolution_date"], told
    assert "cannot be changed once charged" in told[0][1] and "after 2026 ended" in told[1][1]
    assert FeeSchedule.objects.get(year=2026).amount == 250
