"""The API and the pages refuse a control character in the permits workflow's free texts as every other text
is refused (interpretation G-6): 422 naming the field, nothing stored. A new-user trial found
``POST …/submit {"verification_statement": "ok\\u202e"}`` answered 200 and the statement stored (¶ B: a verified
petition); so were a bond's surety, a fee's receipt and the reason an action gives the history."""

from __future__ import annotations

import datetime as dt
import html as htmllib

import pytest
from tests.api.conftest import application_url, post_json
from tests.web.conftest import client_for

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

SAID = "must be text without control characters (it holds U+202E"


def test_submit_with_a_direction_override_in_the_verification_statement_is_422_paragraph_b(api, cu, draft_app):
    r = post_json(api(cu["applicant"]), application_url(draft_app, "submit"),
                  {"verification_statement": "ok\u202e", "expected_version": draft_app.version})
    assert r.status_code == 422, r.json()
    assert r.json()["field"] == "verification_statement" and SAID in r.json()["detail"]
    draft_app.refresh_from_db()
    assert draft_app.state == "draft" and draft_app.verification_statement == ""
    ok = post_json(api(cu["applicant"]), application_url(draft_app, "submit"),
                   {"verification_statement": "Sworn before\ta notary.", "expected_version": draft_app.version})
    assert ok.status_code == 200 and ok.json()["state"] == "submitted"


def test_the_submit_form_refuses_it_beside_the_field_paragraph_b(cu, draft_app):
    base = f"/carmel-ny/applications/{draft_app.pk}"
    r = client_for(cu["applicant"]).post(f"{base}/submit/", {"submit-verification_statement": "Sworn.\u202e",
                                                             "expected_version": draft_app.version})
    assert r.status_code == 422
    page = htmllib.unescape(r.content.decode())
    assert 'id="err-id_submit-verification_statement"' in page and SAID in page
    draft_app.refresh_from_db()
    assert draft_app.state == "draft"


def test_reason_surety_and_receipt_with_a_direction_override_are_422_naming_them(api, cu, hearing_app):
    clerk = api(cu["town_clerk"])
    base = f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}/"
    sv.set_bond_and_insurance_limit(cu["town_board_member"], hearing_app, bond_amount="5000.00")  # (P-14)
    hearing_app.refresh_from_db()
    today = dt.date.today().isoformat()
    bond = {"amount": "5000.00", "posted_on": today, "surety": "Empire\u202e", "expected_version": hearing_app.version}
    r = post_json(clerk, base + "bonds", bond)
    assert r.status_code == 422 and r.json()["field"] == "surety" and SAID in r.json()["detail"]
    fee = {"amount": "1.00", "paid_on": today, "receipt": "R-1\u202e", "expected_version": hearing_app.version}
    r = post_json(clerk, base + "fee-payments", fee)
    assert r.status_code == 422 and r.json()["field"] == "receipt" and SAID in r.json()["detail"]
    assert not hearing_app.bonds.exists() and not hearing_app.fee_payments.exists()
    r = post_json(clerk, base + "bonds", {**bond, "surety": "Empire Surety", "reason": "posted\u202e"})
    assert r.status_code == 422 and r.json()["field"] == "reason" and SAID in r.json()["detail"]
    assert not hearing_app.bonds.exists()
