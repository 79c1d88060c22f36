"""A fee payment's receipt is recorded once per application: the same payment submitted twice (a double click
on the Clerk's page, whose form carries the application's version, which a payment does not change) was
recorded twice, overstating what was paid, with no way to undo a payment. Refused, 422 naming `receipt`."""

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
    assert again.status_code == 422 and "R-77" in again.content.decode()
    assert app.fee_payments.count() == 1
