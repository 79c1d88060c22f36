"""A money field's refusal of a fraction of a cent (`DollarsField`, interpretation W-27) is shown with the field's
label once (new-user trial): the list above the form said "Amount paid (US dollars): Amount paid (US dollars): US
dollars in whole cents …", the label before the refusal and again inside it. The refusal says what the field
takes and what was given; the page puts the label before it in the list, and shows it beside the field under its
label — the filing fee's payment and the bond (Carmel ch. 31, fee, ¶ F), a fine and its payment (Mount Pleasant
§ 164-14), in English and Spanish."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import pytest
from tests.web.conftest import client_for, version_of

from publicassembly.enforcement import services as es
from publicassembly.law.dates import next_business_day
from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

CENTS = "US dollars in whole cents, e.g. 250 or 250.50 (got '{}')."


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", "", html))).strip()


def listed(r) -> list[str]:
    """The refusals the list above the page's forms gives, one a line, as read: "label: refusal"."""
    page = r.content.decode()
    return [_text(li) for ul in re.findall(r'<div class="alert error" role="alert" tabindex="-1"><p>[^<]*</p>\s*'
                                           r'<ul>(.*?)</ul>', page, re.S)
            for li in re.findall(r"<li>(.*?)</li>", ul, re.S)]


def beside(r, field_id: str) -> str:
    m = re.search(rf'id="err-{re.escape(field_id)}"[^>]*>(.*?)</div>', r.content.decode(), re.S)
    assert m, f"no errors element for {field_id}"
    return _text(m.group(1))


def test_the_fee_payment_form_names_the_amount_once_ch31_fee(cu, hearing_app):
    """The Clerk's fee payment of $12.005: "Amount paid (US dollars): US dollars in whole cents … (got
    '12.005')." above the form, the refusal alone beside the amount; nothing recorded."""
    r = client_for(cu["town_clerk"]).post(
        f"/carmel-ny/applications/{hearing_app.pk}/record_fee_payment/",
        {"record_fee_payment-amount": "12.005", "record_fee_payment-paid_on": dt.date.today().isoformat(),
         **version_of(hearing_app)})
    assert r.status_code == 422
    assert listed(r) == ["Amount paid (US dollars): " + CENTS.format("12.005")]
    assert beside(r, "id_record_fee_payment-amount") == CENTS.format("12.005")
    assert r.content.decode().count("Amount paid (US dollars)") == 2  # (its label, and the list's link to it)
    assert not hearing_app.fee_payments.exists()


def test_the_bond_form_names_the_amount_once_ch31_f(cu, hearing_app):
    sv.set_bond_and_insurance_limit(cu["town_board_member"], hearing_app, bond_amount="5000.00")
    hearing_app.refresh_from_db()
    r = client_for(cu["town_clerk"]).post(
        f"/carmel-ny/applications/{hearing_app.pk}/post_bond/",
        {"post_bond-amount": "5000.005", "post_bond-posted_on": dt.date.today().isoformat(),
         "post_bond-surety": "Acme Surety", **version_of(hearing_app)})
    assert r.status_code == 422
    assert listed(r) == ["Amount (US dollars): " + CENTS.format("5000.005")]
    assert not hearing_app.bonds.exists()


@pytest.fixture
def summoned(mu, violation, travel_to):
    """The violation summoned, on its return day (the court decides then: W-37)."""
    s = es.issue_summons(mu["building_inspector"], violation,
                         return_date=next_business_day(dt.date.today() + dt.timedelta(days=30)))
    travel_to(s.return_date)
    violation.refresh_from_db()
    return violation


def test_the_fine_and_its_payment_name_the_amount_once_164_14(mu, summoned):
    v = summoned
    clerk = client_for(mu["town_clerk"])
    r = clerk.post(f"/mount-pleasant-ny/enforcement/disposition/{v.pk}/",
                   {f"d{v.pk}-outcome": "convicted", f"d{v.pk}-fine": "50.001", **version_of(v, f"d{v.pk}")})
    assert r.status_code == 422
    assert listed(r) == ["Fine (US dollars): " + CENTS.format("50.001")]
    assert beside(r, f"id_d{v.pk}-fine") == CENTS.format("50.001")
    es.record_disposition(mu["town_clerk"], v, outcome="convicted", fine="50")
    v.refresh_from_db()
    r = clerk.post(f"/mount-pleasant-ny/enforcement/payment/{v.pk}/",
                   {f"p{v.pk}-amount": "50.005", **version_of(v, f"p{v.pk}")})
    assert r.status_code == 422
    assert listed(r) == ["Amount paid (US dollars): " + CENTS.format("50.005")]
    v.refresh_from_db()
    assert v.state == "disposed"


def test_in_spanish_the_label_is_named_once_too(cu, hearing_app):
    r = client_for(cu["town_clerk"]).post(
        f"/carmel-ny/applications/{hearing_app.pk}/record_fee_payment/",
        {"record_fee_payment-amount": "12.005", "record_fee_payment-paid_on": dt.date.today().isoformat(),
         **version_of(hearing_app)}, HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 422
    [line] = listed(r)
    label, _sep, refusal = line.partition(": ")
    assert label and label not in refusal and "12.005" in refusal
