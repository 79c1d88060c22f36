"""The filing fee's payments are listed with the application as its bonds are (Carmel ch. 31, fee: the fee paid
is their sum): on the application's page (day paid, amount in US dollars, receipt, the Clerk who recorded it)
and in its API answer (``fee_payments``), oldest first; an application with none lists none."""

from __future__ import annotations

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


def _submitted(cu, draft_app):
    sv.submit(cu["applicant"], draft_app, verification_statement="Sworn.")
    return draft_app


def _api(user, app) -> dict:
    r = api_client(user).get(f"/api/v1/towns/carmel-ny/applications/{app.pk}")
    assert r.status_code == 200, r.content
    return r.json()


def test_fee_no_payment_lists_none(cu, draft_app):
    app = _submitted(cu, draft_app)
    assert _api(cu["town_clerk"], app)["fee_payments"] == []
    page = client_for(cu["town_clerk"]).get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert "Filing fee payments" not in page


def test_fee_payments_are_listed_oldest_first_with_who_recorded_them(cu, draft_app):
    app = _submitted(cu, draft_app)
    clerk = cu["town_clerk"]
    day = app.submitted_on
    first = sv.record_fee_payment(clerk, app, amount="100.50", paid_on=day, receipt="R-78")
    second = sv.record_fee_payment(clerk, app, amount="25", paid_on=day, receipt="")  # (one day: as recorded)
    got = _api(clerk, app)["fee_payments"]
    assert got == [
        {"id": first.pk, "amount": "100.50", "paid_on": day.isoformat(), "receipt": "R-78",
         "recorded_by": clerk.get_username()},
        {"id": second.pk, "amount": "25.00", "paid_on": day.isoformat(), "receipt": "",
         "recorded_by": clerk.get_username()},
    ]
    assert _api(cu["applicant"], app)["fee_payments"] == got  # the applicant sees what was recorded as paid
    page = client_for(clerk).get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert "Filing fee payments" in page and "R-78" in page and "$100.50" in page and "$25" in page
    assert page.count(clerk.get_username()) >= 2


def test_fee_a_payment_sent_by_the_api_is_listed_once(cu, draft_app):
    """A payment sent twice on the application's version (a client's double submission) is recorded and listed
    once (P-14)."""
    app = _submitted(cu, draft_app)
    app.refresh_from_db()
    c = api_client(cu["town_clerk"])
    body = {"amount": "100.00", "paid_on": app.submitted_on.isoformat(), "expected_version": app.version}
    url = f"/api/v1/towns/carmel-ny/applications/{app.pk}/fee-payments"
    assert c.post(url, body, content_type="application/json").status_code == 201
    assert c.post(url, body, content_type="application/json").status_code == 409
    listed = _api(cu["town_clerk"], app)["fee_payments"]
    assert [(p["amount"], p["receipt"]) for p in listed] == [("100.00", "")]
