"""The Carmel ch. 31 records the Clerk keeps through the API — an insurance certificate, a bond, a fee payment, the
public hearing and the Board's fee schedule — tell every refusal of a body in one 422 (interpretations W-32,
P-30), as adding a room does (W-30): the schema's refusals, then the service's of the values the schema took, each
field once, in the API's error shape (``detail``, ``field``, ``errors[]``). They were told one answer after
another: the schema's, then a ``document`` not attached before any text, then the place of the hearing before
the newspaper, the year of a fee schedule before its amount. Nothing is stored."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from tests.api.conftest import application_url, post_json
from tests.refused import fields, told

from publicassembly.law.dates import no_public_hearing_because
from publicassembly.permits import services as sv
from publicassembly.permits.models import FeeSchedule

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
LATER = (TODAY + dt.timedelta(days=3)).isoformat()
CONTROLS = "must be text without control characters (it holds U+001B"


@pytest.fixture
def accepted_app(cu, draft_app):
    sv.submit(cu["applicant"], draft_app, verification_statement="Sworn before a notary.")
    sv.accept(cu["town_clerk"], draft_app)
    draft_app.refresh_from_db()
    return draft_app


@pytest.fixture
def fee(carmel, cu):
    return sv.set_fee_schedule(cu["town_clerk"], carmel, year=TODAY.year, amount="250.00",
                               resolution_date=dt.date(TODAY.year, 1, 1))


# --- Insurance (¶ E) -------------------------------------------------------------------------------------------

INSURANCE = {"insurer": "Hudson Mutual", "policy_number": "HM-1", "bodily_injury_limit": "500000",
             "property_damage_limit": "100000", "cancellation_notice_days": 30}


def test_insurance_tells_a_document_not_attached_with_the_texts_w32(api, cu, hearing_app):
    """No schema refusal: the service tells the insurer left blank, the policy number holding an escape and the
    document not attached, at once (the document was told alone, before the texts)."""
    r = post_json(api(cu["town_clerk"]), application_url(hearing_app, "insurance"),
                  {**INSURANCE, "insurer": " ", "policy_number": "HM\x1b1", "document": 999})
    errors = told(r)
    assert fields(errors) == ["insurer", "policy_number", "document"], errors
    assert errors[0] == ("insurer", "give the insurer")
    assert errors[2] == ("document", "no document #999 is attached to this permit application")
    assert not hearing_app.insurance_certificates.exists()


def test_insurance_tells_the_schemas_refusals_with_the_services_w32(api, cu, hearing_app):
    r = post_json(api(cu["town_clerk"]), application_url(hearing_app, "insurance"),
                  {**INSURANCE, "insurer": " ", "property_damage_limit": "lots", "cancellation_notice_days": -1,
                   "document": 999})
    errors = told(r)
    assert fields(errors) == ["property_damage_limit", "cancellation_notice_days", "insurer", "document"], errors
    assert errors[0] == ("property_damage_limit", "must be a decimal number")
    assert not hearing_app.insurance_certificates.exists()


def test_insurance_of_good_values_is_recorded_w32(api, cu, hearing_app):
    """The other side: the document attached, the texts given, 201."""
    doc = sv.attach_document(cu["applicant"], hearing_app, kind="insurance certificate", filename="c.pdf",
                             content=b"%PDF-1.4\n%%EOF\n")
    r = post_json(api(cu["town_clerk"]), application_url(hearing_app, "insurance"), {**INSURANCE, "document": doc.pk})
    assert r.status_code == 201, r.content
    assert hearing_app.insurance_certificates.get().document == doc


# --- The bond (¶ F) ------------------------------------------------------------------------------------------------


def test_a_bond_tells_every_refusal_at_once_w32(api, cu, hearing_app):
    sv.set_bond_and_insurance_limit(cu["town_board_member"], hearing_app, bond_amount="5000")
    r = post_json(api(cu["town_clerk"]), application_url(hearing_app, "bonds"),
                  {"amount": "lots", "posted_on": LATER, "surety": "Empire\x1b", "document": 999})
    errors = told(r)
    assert fields(errors) == ["expected_version", "amount", "posted_on", "surety", "document"], errors
    assert errors[2] == ("posted_on", f"{LATER} is in the future (today is {TODAY.isoformat()}); record it once it "
                                      "has happened")
    assert errors[3][1].startswith(CONTROLS)
    assert not hearing_app.bonds.exists()
    hearing_app.refresh_from_db()
    r = post_json(api(cu["town_clerk"]), application_url(hearing_app, "bonds"),
                  {"expected_version": hearing_app.version, "amount": "5000", "posted_on": TODAY.isoformat()})
    assert r.status_code == 201, r.content


# --- A fee payment ------------------------------------------------------------------------------------------------


def test_a_fee_payment_tells_the_schemas_refusals_with_what_the_record_refuses_w32(api, cu, hearing_app, fee):
    sv.record_fee_payment(cu["town_clerk"], hearing_app, amount="100", paid_on=TODAY, receipt="R-1")
    r = post_json(api(cu["town_clerk"]), application_url(hearing_app, "fee-payments"),
                  {"expected_version": "seven", "amount": "200", "paid_on": TODAY.isoformat(), "receipt": "R-1"})
    errors = told(r)
    assert errors == [
        ("expected_version", "must be a whole number"),
        ("amount", "$200 would pay more than the filing fee of $250 ($100 paid so far): at most $150 more can be "
                   "recorded, and the fee is not refundable"),
        ("receipt", "a payment with receipt R-1 is already recorded on this application; a receipt is given for "
                    "one payment")]
    assert hearing_app.fee_payments.count() == 1


def test_a_nul_character_is_told_with_the_others_w32(api, cu, hearing_app, fee):
    hearing_app.refresh_from_db()
    r = post_json(api(cu["town_clerk"]), application_url(hearing_app, "fee-payments"),
                  {"expected_version": hearing_app.version, "amount": "300", "paid_on": LATER, "receipt": "R\x001"})
    errors = told(r)
    assert fields(errors) == ["receipt", "amount", "paid_on"], errors
    assert errors[0] == ("receipt", "must not contain NUL characters")
    assert not hearing_app.fee_payments.exists()


@pytest.mark.parametrize(("paid", "said"), [
    ("249.99", "$1 would pay more than the filing fee of $250 ($249.99 paid so far): at most $0.01 more can be "
               "recorded, and the fee is not refundable"),
    ("250.00", "the filing fee of $250 is already paid in full ($250 paid): nothing more can be recorded, and the "
               "fee is not refundable"),
])
def test_a_cent_owed_and_the_fee_paid_in_full_are_told_apart_w32(api, cu, hearing_app, fee, paid, said):
    sv.record_fee_payment(cu["town_clerk"], hearing_app, amount=paid, paid_on=TODAY)
    hearing_app.refresh_from_db()
    r = post_json(api(cu["town_clerk"]), application_url(hearing_app, "fee-payments"),
                  {"expected_version": hearing_app.version, "amount": "1", "paid_on": TODAY.isoformat()})
    assert told(r) == [("amount", said)]
    assert hearing_app.fee_payments.count() == 1


# --- The public hearing (¶ B) -----------------------------------------------------------------------------------


def test_the_place_and_the_newspaper_are_told_in_one_answer_w32(api, cu, accepted_app):
    day = next(TODAY + dt.timedelta(days=n) for n in range(30, 40)  # (a day the Board may hold a hearing: P-8)
               if no_public_hearing_because(TODAY + dt.timedelta(days=n)) is None)
    r = post_json(api(cu["town_clerk"]), application_url(accepted_app, "schedule-hearing"),
                  {"expected_version": accepted_app.version, "hearing_on": day.isoformat(), "place": " ",
                   "newspaper": "Courier\x1b"})
    errors = told(r)
    assert fields(errors) == ["place", "newspaper"], errors
    assert errors[0] == ("place", "give the place of the public hearing")
    r = post_json(api(cu["town_clerk"]), application_url(accepted_app, "schedule-hearing"),
                  {"expected_version": accepted_app.version, "hearing_on": day.isoformat(), "hearing_time": "25:00",
                   "place": " ", "newspaper": " ", "notice_published_on": LATER})
    errors = told(r)
    assert fields(errors) == ["hearing_time", "place", "newspaper", "notice_published_on"], errors
    accepted_app.refresh_from_db()
    assert accepted_app.state == "accepted" and accepted_app.hearing_on is None


# --- The Board's fee schedule ---------------------------------------------------------------------------------------


def put(client, year, body):
    return client.put(f"/api/v1/towns/carmel-ny/fee-schedule/{year}", json.dumps(body),
                      content_type="application/json")


def test_a_fee_schedule_tells_its_year_amount_and_resolution_at_once_w32(api, cu):
    clerk = api(cu["town_clerk"])
    errors = told(put(clerk, 1900, {"amount": "0", "resolution_date": LATER}))
    assert fields(errors) == ["amount", "year", "resolution_date"], errors
    assert errors[1][1].startswith("1900 is not a year of the fee schedule: allowed 1972")
    assert errors[2][1].startswith(f"{LATER} is after today")
    errors = told(put(clerk, 1900, {"amount": "5", "resolution_date": LATER}))  # (no schema refusal: the service's)
    assert fields(errors) == ["year", "resolution_date"], errors
    assert not FeeSchedule.objects.exists()
    assert put(clerk, TODAY.year, {"amount": "5", "resolution_date": TODAY.isoformat()}).status_code == 200


def test_a_year_refused_by_the_path_is_told_with_the_bodys_refusals_w32(api, cu):
    """A year that is not one of the path's (0): the operation does not run, and the body's refusals the schema
    kept for it are told with the year, as before they were kept."""
    errors = told(put(api(cu["town_clerk"]), 0, {"amount": "0", "resolution_date": "2026-02-30"}))
    assert errors == [("year", "must be at least 1"), ("amount", "must be more than 0"),
                      ("resolution_date", "'2026-02-30' is not a day of the calendar: 2026-02 has 28 days")]


# --- Who is told what ----------------------------------------------------------------------------------------------


def test_a_user_without_the_role_is_told_the_schemas_refusals_alone_w32(api, cu, hearing_app, fee):
    """The applicant may see the application but does not record payments: the schema's refusals (as before),
    nothing of the record (the fee paid, a receipt)."""
    sv.record_fee_payment(cu["town_clerk"], hearing_app, amount="250", paid_on=TODAY, receipt="R-1")
    r = post_json(api(cu["applicant"]), application_url(hearing_app, "fee-payments"),
                  {"amount": "lots", "paid_on": LATER, "receipt": "R-1"})
    assert fields(told(r)) == ["expected_version", "amount"]
    r = put(api(cu["applicant"]), 1900, {"amount": "0", "resolution_date": LATER})
    assert fields(told(r)) == ["amount"]
