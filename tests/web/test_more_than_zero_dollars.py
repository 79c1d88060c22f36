"""A bond (¶ F) and a fee payment are more than $0: the Board's approve form, the bond form and the fee form say
so ("more than $0") for -5, -0 and 0 alike, beside the field (422, nothing recorded), instead of Django's
"greater than or equal to 0" which offered the $0 the service then refused; $0.01 passes the form."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from tests.web.conftest import client_for, version_of

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()


def _refused_beside(r, field: str) -> str:
    assert r.status_code == 422, r.status_code
    html = r.content.decode()
    m = re.search(rf'id="err-id_{field}"[^>]*><p class="error">([^<]*)', html)
    assert m, html[:2000]
    return m.group(1)


@pytest.mark.parametrize("amount", ["-5", "-0", "0", "0.00"])
def test_approve_bond_of_zero_or_less_is_refused_saying_more_than_0(cu, hearing_app, amount):
    sv.record_hearing_held(cu["town_clerk"], hearing_app, today=hearing_app.hearing_on)
    hearing_app.refresh_from_db()
    r = client_for(cu["town_board_member"]).post(f"/carmel-ny/applications/{hearing_app.pk}/approve/", {
        "approve-bond_amount": amount, "expected_version": hearing_app.version})
    error = _refused_beside(r, "approve-bond_amount")
    assert "more than $0" in error and "greater than or equal" not in error, error
    hearing_app.refresh_from_db()
    assert hearing_app.state == "hearing_held" and hearing_app.bond_amount is None


@pytest.mark.parametrize(("action", "data"), [
    ("post_bond", {"post_bond-posted_on": TODAY.isoformat()}),
    ("record_fee_payment", {"record_fee_payment-paid_on": TODAY.isoformat()}),
])
def test_bond_and_fee_of_zero_or_less_refused_a_cent_recorded(cu, hearing_app, action, data):
    sv.set_bond_and_insurance_limit(cu["town_board_member"], hearing_app, bond_amount="0.01")  # (a bond: P-14)
    hearing_app.refresh_from_db()
    clerk = client_for(cu["town_clerk"])
    url = f"/carmel-ny/applications/{hearing_app.pk}/{action}/"
    for amount in ("-5", "0"):
        error = _refused_beside(clerk.post(url, {**data, f"{action}-amount": amount, **version_of(hearing_app)}),
                                f"{action}-amount")
        assert "more than $0" in error and "greater than or equal" not in error, error
    assert not hearing_app.bonds.exists() and not hearing_app.fee_payments.exists()
    assert clerk.post(url, {**data, f"{action}-amount": "0.01", **version_of(hearing_app)}).status_code == 302
    assert hearing_app.bonds.count() + hearing_app.fee_payments.count() == 1
