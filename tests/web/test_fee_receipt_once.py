"""A fee payment is recorded once: the same payment submitted twice (a double click on the Clerk's page) was
recorded twice, overstating what was paid, with no way to undo a payment. A record added to the application's
file now moves its version (`permits.services._file_changed`), so the second form, carrying the version the page
showed, is refused as stale (409, as the API answers it); and a receipt already recorded on the application is refused, 422 naming
`receipt`, whatever the version."""

from __future__ import annotations

from decimal import Decimal

import pytest
from tests.web.conftest import client_for

from publicassembly.permits import services as sv
from publicassembly.permits.services import ValidationFailed

pytestmark = pytest.mark.django_db


def _submitted(carmel, cu, draft_app):
    sv.submit(cu["applicant"], draft_app, verification_statement="Sworn.")
    return draft_app


def test_the_same_receipt_twice_is_refused_and_nothing_is_stored(carmel, cu, draft_app):
    app = _submitted(carmel, cu, draft_app)
    today = app.submitted_on
    sv.record_fee_payment(cu["town_clerk"], app, amount="100", paid_on=today, receipt="R-77")
    with pytest.raises(ValidationFailed) as e:
        sv.record_fee_payment(cu["town_clerk"], app, amount="100", paid_on=today, receipt=" R-77 ")
    assert e.value.field == "receipt"
    assert app.fee_payments.count() == 1
    sv.record_fee_payment(cu["town_clerk"], app, amount="100", paid_on=today, receipt="R-78")
    assert sum(p.amount for p in app.fee_payments.all()) == Decimal("200")


def test_double_submit_on_the_page_records_one_payment(carmel, cu, draft_app):
    app = _submitted(carmel, cu, draft_app)
    app.refresh_from_db()
    c = client_for(cu["town_clerk"])
    data = {"expected_version": app.version, "record_fee_payment-amount": "100",
            "record_fee_payment-paid_on": app.submitted_on.isoformat(), "record_fee_payment-receipt": "R-77"}
    url = f"/carmel-ny/applications/{app.pk}/record_fee_payment/"
    assert c.post(url, data).status_code == 302
    again = c.post(url, data)
    assert again.status_code == 409 and "has been changed since you opened this page" in again.content.decode()
    assert app.fee_payments.count() == 1


@pytest.mark.parametrize("action, fields", [
    ("record_fee_payment", {"amount": "100", "paid_on": None}),
    ("post_bond", {"amount": "5000", "posted_on": None}),
])
def test_a_form_sent_twice_without_a_receipt_records_once(carmel, cu, draft_app, action, fields):
    """A payment or a bond sent twice from the same page (no receipt number to tell them apart) is recorded
    once: the second form's version is stale. Two $5,000 bonds no longer add up to the $10,000 fixed (¶ F)."""
    app = _submitted(carmel, cu, draft_app)
    sv.set_bond_and_insurance_limit(cu["town_board_member"], app, bond_amount="10000.00")  # (a bond: P-14)
    app.refresh_from_db()
    data = {"expected_version": app.version,
            **{f"{action}-{k}": (app.submitted_on.isoformat() if v is None else v) for k, v in fields.items()}}
    url = f"/carmel-ny/applications/{app.pk}/{action}/"
    c = client_for(cu["town_clerk"])
    assert c.post(url, data).status_code == 302
    assert c.post(url, data).status_code == 409
    records = app.fee_payments if action == "record_fee_payment" else app.bonds
    assert records.count() == 1
    app.refresh_from_db()
    assert app.version == data["expected_version"] + 1
