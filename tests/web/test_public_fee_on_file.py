"""Carmel ch. 31, fee ("established annually by the Town Board and on file in the office of the Town Clerk"): the
public's question — the page "Do I need a permit?" and ``POST /api/v1/check`` — is answered with the filing fee of
the schedule the Clerk keeps here, as an application's page shows it, not "not on file here" (a new-user trial);
a year with no schedule on file still needs review (P-1); the command line, which has no database, keeps the law's
own parameters."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

import pytest
from django.test import Client

from publicassembly.permits import services as sv

TODAY = dt.date.today()


@pytest.fixture
def fee_this_year(carmel, cu):
    return sv.set_fee_schedule(cu["town_clerk"], carmel, year=TODAY.year, amount="275.00",
                               resolution_date=dt.date(TODAY.year, 1, 1))


def _page(persons: int = 600) -> str:
    r = Client().get("/permit-check/", {"persons": persons})
    assert r.status_code == 200, r.content[:2000]
    return " ".join(r.content.decode().split())


def _api_fee(case: dict) -> tuple[object, str]:
    r = Client().post("/api/v1/check", json.dumps(case), content_type="application/json")
    assert r.status_code == 200, r.content[:2000]
    body = r.json()
    finding = next(f for f in body["findings"] if f["rule"] == "carmel/fee/filing")
    return body["requirements"].get("filing_fee"), finding["reason"]


CASE = {"jurisdiction": "carmel-ny", "subject": "event", "max_persons_at_one_time": 600}


def test_the_public_is_told_the_fee_on_file_fee(fee_this_year):
    assert "$275" in _page()
    fee, reason = _api_fee({**CASE, "as_of": TODAY.isoformat()})
    assert Decimal(str(fee)) == Decimal("275") and "not on file" not in reason


def test_a_year_with_no_schedule_on_file_still_needs_review_fee_p1(carmel):
    assert "not on file" in _page()
    fee, reason = _api_fee({**CASE, "as_of": TODAY.isoformat()})
    assert fee is None and "not on file" in reason


def test_a_schedule_recorded_is_seen_at_once_fee(carmel, cu, django_capture_on_commit_callbacks):
    """The first question reads the schedules (none yet) and keeps them a while; the Clerk's recording of one
    makes the next question read them again."""
    assert _api_fee({**CASE, "as_of": TODAY.isoformat()})[0] is None
    with django_capture_on_commit_callbacks(execute=True):  # (as when the Clerk's transaction commits)
        sv.set_fee_schedule(cu["town_clerk"], carmel, year=TODAY.year, amount="300.00",
                            resolution_date=dt.date(TODAY.year, 1, 1))
    assert Decimal(str(_api_fee({**CASE, "as_of": TODAY.isoformat()})[0])) == Decimal("300")


def test_mount_pleasant_and_unknown_jurisdictions_are_not_layered():
    assert sv.public_parameters("mount-pleasant-ny") is None
    assert sv.public_parameters("springfield") is None and sv.public_parameters(["carmel-ny"]) is None
