"""Money on the web forms is read as the law core reads it (interpretation W-27; W-24, G-5): US dollars in exact
cents — Carmel ch. 31's filing fee and ¶ F's bond, ¶ E's limits and the insurance certificate's, a summons's fine
(Mount Pleasant § 164-14) and its payment, the admission fee. Trailing zeros past the cents are the same cents
(``10.000`` is $10.00, as in a case file and the API: Django's field refused it, "no more than 2 decimal
places"); a fraction of a cent (``10.005``, ``10.001``) is refused beside the field, saying whole cents (its label
stands beside it: not repeated in the refusal), nothing recorded."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re
from decimal import Decimal

import pytest
from django import forms
from django.utils import translation
from pydantic import TypeAdapter
from pydantic import ValidationError as PydanticValidationError
from tests.web.conftest import client_for, version_of
from tests.web.test_numbers_read_as_the_law_core import _form_classes

from publicassembly.law.units import Money
from publicassembly.permits import services as sv
from publicassembly.permits.models import Document
from publicassembly.web.forms import application as af
from publicassembly.web.forms import enforcement as ef
from publicassembly.web.forms import public as pf
from publicassembly.web.forms.widgets import DollarsField

pytestmark = pytest.mark.django_db

#: Every money field of the web forms: (form, field).
MONEY_FIELDS = [(af.FeeForm, "amount"), (af.BondForm, "amount"), (af.ApproveForm, "bond_amount"),
                (af.ApproveForm, "bodily_injury_limit"), (af.InsuranceForm, "bodily_injury_limit"),
                (af.InsuranceForm, "property_damage_limit"), (ef.DispositionForm, "fine"),
                (ef.PaymentForm, "amount"), (af.PetitionForm, "admission_fee"), (pf.PermitCheckForm, "admission_fee")]


def test_every_money_field_of_the_web_forms_reads_money_as_the_law_core():
    """Every field of a form of the pages that takes an amount in US dollars is a `DollarsField` (none keeps
    Django's rule of decimal places), and the list above is all of them."""
    money = {(c, name) for c in _form_classes() for name, field in c.base_fields.items()
             if isinstance(field, forms.DecimalField) and "dollars" in str(field.label).lower()}
    assert money == set(MONEY_FIELDS)
    assert [f"{c.__name__}.{n}" for c, n in MONEY_FIELDS if not isinstance(c.base_fields[n], DollarsField)] == []


def _law_money(text: str) -> Decimal | None:
    try:
        return TypeAdapter(Money).validate_python(text)
    except PydanticValidationError:
        return None


@pytest.mark.parametrize(("text", "cents"), [
    ("10.000", Decimal("10.00")), ("10.50", Decimal("10.50")), ("10.010", Decimal("10.01")), ("10", Decimal("10.00")),
    ("10.005", None), ("10.001", None), ("10.0001", None),
])
@pytest.mark.parametrize(("form", "name"), MONEY_FIELDS, ids=[f"{c.__name__}.{n}" for c, n in MONEY_FIELDS])
def test_each_money_field_takes_whole_cents_and_refuses_a_fraction_of_a_cent(form, name, text, cents):
    """Both sides of the cent: what the law core's `Money` takes (a case file's, the API's) the field takes as the
    same cents; what it refuses the field refuses, saying whole cents (the page shows the field's label with it)."""
    assert _law_money(text) == cents  # (the law core's own reading: if it changed, this fails first)
    field = form.base_fields[name]
    with translation.override("en"):
        if cents is None:
            with pytest.raises(forms.ValidationError) as e:
                field.clean(text)
            assert e.value.messages == [f"US dollars in whole cents, e.g. 250 or 250.50 (got {text!r})."]
        else:
            got = field.clean(text)
            assert got == cents and str(got) == str(cents)


def _beside(r, field_id: str) -> str:
    m = re.search(rf'id="err-{re.escape(field_id)}"[^>]*>(.*?)</div>', r.content.decode(), re.S)
    assert m, f"no errors element for {field_id}"
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", m.group(1)))).strip()


def _send(cu, app, action: str, data: dict[str, str]):
    return client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/{action}/",
                                              {**{f"{action}-{k}": v for k, v in data.items()}, **version_of(app)})


@pytest.mark.parametrize(("amount", "stored"), [("100.000", Decimal("100.00")), ("100.005", None),
                                                ("100.001", None)])
def test_the_fee_payment_page_takes_trailing_zeros_and_refuses_a_fraction_of_a_cent(cu, hearing_app, amount,
                                                                                    stored):
    """The filing fee paid (C-13): $100.000 is recorded as $100.00; $100.005 and $100.001 are 422, beside the
    amount, nothing recorded."""
    r = _send(cu, hearing_app, "record_fee_payment", {"amount": amount, "paid_on": dt.date.today().isoformat()})
    if stored is None:
        assert r.status_code == 422
        assert _beside(r, "id_record_fee_payment-amount") == (
            f"US dollars in whole cents, e.g. 250 or 250.50 (got {amount!r}).")
        assert not hearing_app.fee_payments.exists()
    else:
        assert r.status_code == 302, r.content
        assert list(hearing_app.fee_payments.values_list("amount", flat=True)) == [stored]


@pytest.mark.parametrize(("amount", "stored"), [("5000.000", Decimal("5000.00")), ("5000.005", None),
                                                ("5000.001", None)])
def test_the_bond_page_takes_trailing_zeros_and_refuses_a_fraction_of_a_cent(cu, hearing_app, amount, stored):
    """¶ F's bond posted: $5,000.000 is recorded as $5,000.00; $5,000.005 and $5,000.001 are 422, beside the
    amount, no bond recorded."""
    sv.set_bond_and_insurance_limit(cu["town_board_member"], hearing_app, bond_amount="5000.00")
    hearing_app.refresh_from_db()
    r = _send(cu, hearing_app, "post_bond", {"amount": amount, "posted_on": dt.date.today().isoformat(),
                                             "surety": "Acme Surety"})
    if stored is None:
        assert r.status_code == 422
        assert _beside(r, "id_post_bond-amount") == (
            f"US dollars in whole cents, e.g. 250 or 250.50 (got {amount!r}).")
        assert not hearing_app.bonds.exists()
    else:
        assert r.status_code == 302, r.content
        assert list(hearing_app.bonds.values_list("amount", flat=True)) == [stored]


def test_the_insurance_form_takes_the_limits_as_the_law_core():
    """¶ E: the certificate's limits, $500,000.000 taken as $500,000.00."""
    form = af.InsuranceForm({"insurer": "Acme", "policy_number": "P-1", "bodily_injury_limit": "500000.000",
                             "property_damage_limit": "100000.005", "cancellation_notice_days": "30"},
                            documents=Document.objects.none(), required=False)
    assert not form.is_valid()
    assert list(form.errors) == ["property_damage_limit"]
    assert form.cleaned_data["bodily_injury_limit"] == Decimal("500000.00")
