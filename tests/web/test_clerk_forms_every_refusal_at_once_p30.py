"""The Clerk's forms of the application page — the insurance certificate (¶ E), the bond (¶ F), the filing fee paid
and the public hearing (¶ B) — show every refusal at once, each beside its field (interpretation P-30): a form
that refused a value itself (a document not chosen, an amount of $0, a date not given) was shown again with that
refusal alone, the service never asked about the others (a text holding a control character, a day in the
future, a receipt already recorded); and of the service's refusals only the first was shown, "(and 1 more
error)" beside one field. The page is 422 and nothing is stored."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
from tests.web.conftest import client_for, version_of

from publicassembly.law.dates import no_public_hearing_because
from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
TOMORROW = (TODAY + dt.timedelta(days=1)).isoformat()
CONTROLS = "must be text without control characters (it holds U+202E"
REQUIRED = "This field is required."


def beside(r, prefix: str) -> dict[str, list[str]]:
    """Every field of the form `prefix` with the errors shown beside it (`web/_field_errors.html`)."""
    assert r.status_code == 422, r.status_code
    page = r.content.decode()
    out = {}
    for field, inner in re.findall(rf'<div class="errors" id="err-id_{prefix}-(\w+)"[^>]*>(.*?)</div>', page, re.S):
        said = [html.unescape(e) for e in re.findall(r'<p class="error">(.*?)</p>', inner, re.S)]
        if said:
            out[field] = said
    return out


def post(user, app, action: str, values: dict[str, str]):
    return client_for(user).post(f"/carmel-ny/applications/{app.pk}/{action}/",
                                 {**{f"{action}-{k}": v for k, v in values.items()}, **version_of(app)})


# --- The insurance certificate (¶ E) -------------------------------------------------------------------------


INSURANCE = {"insurer": "Hudson Mutual", "policy_number": "HM-1", "bodily_injury_limit": "500000",
             "property_damage_limit": "100000", "cancellation_notice_days": "30",
             "comprehensive_liability": "on", "insures_town": "on"}


def test_a_document_not_chosen_is_shown_with_the_texts_refusals_p30(cu, hearing_app):
    r = post(cu["town_clerk"], hearing_app, "record_insurance",
             {**INSURANCE, "insurer": "Hudson Mutual\u202e", "policy_number": "HM\u202e1"})
    errors = beside(r, "record_insurance")
    assert set(errors) == {"insurer", "policy_number", "document"}, errors
    assert errors["document"] == [REQUIRED]
    assert "U+202E" in errors["insurer"][0] and "U+202E" in errors["policy_number"][0]
    assert not hearing_app.insurance_certificates.exists()


def test_both_texts_refused_by_the_service_are_each_shown_beside_their_field_p30(cu, hearing_app):
    """The form takes every value; the service refuses two: both shown, each beside its own field (the page
    showed the first, with "(and 1 more error)")."""
    doc = sv.attach_document(cu["applicant"], hearing_app, kind="insurance certificate", filename="c.pdf",
                             content=b"%PDF-1.4\n%%EOF\n")
    r = post(cu["town_clerk"], hearing_app, "record_insurance",
             {**INSURANCE, "insurer": "Hudson\u202e", "policy_number": "HM\u202e1", "document": str(doc.pk)})
    errors = beside(r, "record_insurance")
    assert set(errors) == {"insurer", "policy_number"}, errors
    assert all("more error" not in e for said in errors.values() for e in said), errors
    assert not hearing_app.insurance_certificates.exists()
    r = post(cu["town_clerk"], hearing_app, "record_insurance", {**INSURANCE, "document": str(doc.pk)})
    assert r.status_code == 302 and hearing_app.insurance_certificates.count() == 1


# --- The bond (¶ F) ------------------------------------------------------------------------------------------------


def test_a_bond_of_0_is_shown_with_a_day_in_the_future_and_a_bad_surety_p30(cu, hearing_app):
    sv.set_bond_and_insurance_limit(cu["town_board_member"], hearing_app, bond_amount="5000")
    hearing_app.refresh_from_db()
    r = post(cu["town_clerk"], hearing_app, "post_bond",
             {"amount": "0", "posted_on": TOMORROW, "surety": "Empire\u202e"})
    errors = beside(r, "post_bond")
    assert set(errors) == {"amount", "posted_on", "surety"}, errors
    assert "more than $0" in errors["amount"][0]
    assert errors["posted_on"] == [f"{TOMORROW} is in the future (today is {TODAY.isoformat()}); record it once it "
                                   "has happened"]
    assert errors["surety"][0].startswith(CONTROLS)
    assert not hearing_app.bonds.exists()


# --- The filing fee paid ----------------------------------------------------------------------------------------


@pytest.fixture
def fee(carmel, cu):
    return sv.set_fee_schedule(cu["town_clerk"], carmel, year=TODAY.year, amount="250.00",
                               resolution_date=dt.date(TODAY.year, 1, 1))


def test_an_amount_not_read_is_shown_with_a_day_and_a_receipt_refused_p30(cu, hearing_app, fee):
    sv.record_fee_payment(cu["town_clerk"], hearing_app, amount="100", paid_on=TODAY, receipt="R-1")
    hearing_app.refresh_from_db()
    r = post(cu["town_clerk"], hearing_app, "record_fee_payment",
             {"amount": "lots", "paid_on": TOMORROW, "receipt": "R-1"})
    errors = beside(r, "record_fee_payment")
    assert set(errors) == {"amount", "paid_on", "receipt"}, errors
    assert errors["receipt"] == ["a payment with receipt R-1 is already recorded on this application; a receipt "
                                 "is given for one payment"]
    assert hearing_app.fee_payments.count() == 1


@pytest.mark.parametrize(("paid", "said"), [
    ("249.99", "$1 would pay more than the filing fee of $250 ($249.99 paid so far): at most $0.01 more can be "
               "recorded, and the fee is not refundable"),
    ("250.00", "the filing fee of $250 is already paid in full ($250 paid): nothing more can be recorded, and the "
               "fee is not refundable"),
])
def test_the_fee_page_tells_a_cent_owed_from_the_fee_paid_in_full_p30(cu, hearing_app, fee, paid, said):
    sv.record_fee_payment(cu["town_clerk"], hearing_app, amount=paid, paid_on=TODAY)
    hearing_app.refresh_from_db()
    r = post(cu["town_clerk"], hearing_app, "record_fee_payment", {"amount": "1", "paid_on": TODAY.isoformat()})
    assert beside(r, "record_fee_payment") == {"amount": [said]}
    assert hearing_app.fee_payments.count() == 1


# --- The public hearing (¶ B) -----------------------------------------------------------------------------------


@pytest.fixture
def accepted_app(cu, draft_app):
    sv.submit(cu["applicant"], draft_app, verification_statement="Sworn before a notary.")
    sv.accept(cu["town_clerk"], draft_app)
    draft_app.refresh_from_db()
    return draft_app


def test_the_place_and_the_newspaper_are_shown_together_p30(cu, accepted_app):
    day = next(TODAY + dt.timedelta(days=n) for n in range(30, 40)
               if no_public_hearing_because(TODAY + dt.timedelta(days=n)) is None)
    r = post(cu["town_clerk"], accepted_app, "schedule_hearing",
             {"hearing_on": day.isoformat(), "place": "Town Hall\u202e", "newspaper": "Courier\u202e"})
    errors = beside(r, "schedule_hearing")
    assert set(errors) == {"place", "newspaper"}, errors
    # a day not given (the form's refusal) with the notice dated in the future (the service's)
    r = post(cu["town_clerk"], accepted_app, "schedule_hearing",
             {"hearing_on": "", "place": "Town Hall\u202e", "newspaper": "Courier", "notice_published_on": TOMORROW})
    errors = beside(r, "schedule_hearing")
    assert set(errors) == {"hearing_on", "place", "notice_published_on"}, errors
    assert errors["hearing_on"] == [REQUIRED]
    accepted_app.refresh_from_db()
    assert accepted_app.state == "accepted" and accepted_app.hearing_on is None
