"""Carmel ch. 31, fee: "Each application shall be accompanied by a fee which shall compensate the Town for its
examination and processing of such application". A fee that compensates the Town is not nothing: the Board's
fee for a year is more than $0.00 (interpretation C-19) — $0.00 (and -0) is refused naming ``amount`` by the
service, the API and the Django admin's form, nothing stored; $0.01 is kept."""

from __future__ import annotations

import datetime as dt
import json
from datetime import date
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from publicassembly.api.models import ApiToken
from publicassembly.permits import services as sv
from publicassembly.permits.models import FeeSchedule
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

YEAR = dt.date.today().year


@pytest.mark.parametrize("amount", ["0", "0.00", "-0", Decimal("0.00"), 0])
def test_a_fee_of_0_00_is_refused_naming_amount_fee_c19(carmel, people, amount):
    with pytest.raises(ValidationFailed) as e:
        sv.set_fee_schedule(people["town_clerk"], carmel, year=2026, amount=amount, resolution_date=date(2026, 1, 6))
    assert (e.value.http_status, e.value.field) == (422, "amount")
    assert e.value.detail.startswith("must be more than $0.00 (got $0.00)") and "C-19" in e.value.detail
    assert not FeeSchedule.objects.filter(town=carmel).exists()


def test_a_fee_of_0_01_is_kept_fee_c19(carmel, people):
    s = sv.set_fee_schedule(people["town_clerk"], carmel, year=2026, amount="0.01", resolution_date=date(2026, 1, 6))
    assert FeeSchedule.objects.get(pk=s.pk).amount == Decimal("0.01")


def test_a_year_on_file_cannot_be_set_to_0_00_fee_c19(carmel, people, fee_2026):
    with pytest.raises(ValidationFailed) as e:
        sv.set_fee_schedule(people["town_clerk"], carmel, year=2026, amount="0", resolution_date=date(2026, 1, 6))
    assert e.value.field == "amount"
    fee_2026.refresh_from_db()
    assert fee_2026.amount == Decimal("250.00")


def _put(user, amount: str):
    _, token = ApiToken.objects.issue(user, name="fee test")
    return Client().put(f"/api/v1/towns/carmel-ny/fee-schedule/{YEAR}",
                        json.dumps({"amount": amount, "resolution_date": f"{YEAR}-01-02"}),
                        content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}")


def test_api_put_fee_schedule_0_is_422_and_0_01_is_200_fee_c19(carmel, people):
    for amount in ("0", "0.00"):
        r = _put(people["town_clerk"], amount)
        assert r.status_code == 422 and r.json()["field"] == "amount", r.json()
        assert "more than 0" in r.json()["detail"]
    assert not FeeSchedule.objects.filter(town=carmel).exists()
    r = _put(people["town_clerk"], "0.01")
    assert r.status_code == 200 and r.json()["amount"] == "0.01", r.json()


def test_openapi_says_the_fee_is_more_than_0_fee_c19(db):
    schema = Client().get("/api/openapi.json").json()
    amount = schema["components"]["schemas"]["FeeScheduleIn"]["properties"]["amount"]
    assert "more than 0" in json.dumps(amount)


def test_admin_form_check_refuses_0_00_and_keeps_0_01_fee_c19(carmel):
    with pytest.raises(ValidationError) as e:
        FeeSchedule(town=carmel, year=2026, amount=Decimal("0.00"), resolution_date=date(2026, 1, 6)).full_clean()
    assert "amount" in e.value.message_dict and "C-19" in e.value.message_dict["amount"][0]
    FeeSchedule(town=carmel, year=2026, amount=Decimal("0.01"), resolution_date=date(2026, 1, 6)).full_clean()
