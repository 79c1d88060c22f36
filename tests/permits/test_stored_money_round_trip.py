"""The applicant's facts are stored as JSON (`PermitApplication.facts`); money among them (Carmel ch. 31 ¶ B(2):
the admission fee charged, in US dollars) is stored in one form — a decimal string in whole cents, as the API
writes records' money — whatever form it was given in (``10`` was stored "10", ``10.0`` "10.0", ``"1e1"``
"1E+1"), and reads back exact. Facts stored before in another form still read, and are written in the one form
when saved again."""

from __future__ import annotations

from decimal import Decimal

import pytest

from publicassembly.law.cases import parse_case
from publicassembly.law.units import money_json
from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication

from .conftest import fair_facts


@pytest.mark.parametrize("given, stored", [
    (10, "10.00"), (10.0, "10.00"), ("10", "10.00"), ("10.0", "10.00"), ("10.00", "10.00"), (Decimal("10"), "10.00"),
    ("1e1", "10.00"), (10.5, "10.50"), ("10.5", "10.50"), (0, "0.00"), ("-0", "0.00"), ("0.01", "0.01"),
    ("999999999999.99", "999999999999.99"),
])
def test_admission_fee_is_stored_in_whole_cents_and_reads_back_exact_b2(carmel, people, given, stored):
    """¶ B(2): the admission fee is stored as a decimal string in whole cents, and the law core reads back the
    amount given, exact (a Decimal)."""
    facts = fair_facts() | {"admission_fee": given}
    app = sv.create_draft(people["applicant"], carmel, facts)
    app = PermitApplication.objects.get(pk=app.pk)
    assert app.facts["admission_fee"] == stored
    assert parse_case(sv.case_data(app)).facts.admission_fee == Decimal(str(given))
    again = sv.update_draft(people["applicant"], app, app.facts, expected_version=app.version)
    assert PermitApplication.objects.get(pk=again.pk).facts["admission_fee"] == stored  # saving again: unchanged


@pytest.mark.parametrize("old", ["10.0", 10, 10.0, "1E+1", "10"])
def test_facts_stored_in_an_earlier_form_still_read_b2(carmel, people, old):
    """¶ B(2): an admission fee stored before in another form ("10.0", a JSON number, "1E+1") is read as the
    same amount; saved again, it is written in whole cents."""
    app = sv.create_draft(people["applicant"], carmel, fair_facts())
    PermitApplication.objects.filter(pk=app.pk).update(facts=app.facts | {"admission_fee": old})
    app = PermitApplication.objects.get(pk=app.pk)
    assert parse_case(sv.case_data(app)).facts.admission_fee == Decimal("10")
    assert sv.facts_problem(app) is None
    saved = sv.update_draft(people["applicant"], app, app.facts, expected_version=app.version)
    assert PermitApplication.objects.get(pk=saved.pk).facts["admission_fee"] == "10.00"


@pytest.mark.parametrize("amount, json", [
    (Decimal("0"), "0.00"), (Decimal("-0"), "0.00"), (Decimal("-0.00"), "0.00"), (Decimal("0.01"), "0.01"),
    (Decimal("1E+2"), "100.00"), (Decimal("100.10"), "100.10"), (Decimal("999999999999.99"), "999999999999.99"),
])
def test_money_json_is_whole_cents(amount, json):
    """`units.money_json`: money's JSON form, whole cents, no exponent, no negative zero."""
    assert money_json(amount) == json
