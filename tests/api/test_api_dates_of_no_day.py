"""A date written ``YYYY-MM-DD`` that is no day of the calendar (``"2026-02-30"``) is refused by the API as the
CLI, case files and web forms refuse it (`law.cases.not_a_day`): 422 naming the field with "'2026-02-30' is not
a day of the calendar: 2026-02 has 28 days" (or "there is no month 13"), not only "must be a date, YYYY-MM-DD"
— for every date field at once (``observed_on``, ``paid_on``, ``done_on``, …) and the date of a moment
(``ordered_at``); a date not written so is still told how to write one; nothing is written (G-2)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client

from publicassembly.enforcement.models import Complaint, StopOrder
from publicassembly.permits.models import FeePayment
from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
E = "/api/v1/towns/mount-pleasant-ny"


def _post(c: Client, url: str, data) -> object:
    return c.post(url, json.dumps(data), content_type="application/json")


def _refused(r, field: str, msg: str) -> None:
    assert r.status_code == 422, (r.status_code, r.content)
    got = r.json()
    assert got["field"] == field and got["detail"] == f"{field}: {msg}", got
    assert got["errors"] == [{"field": field, "msg": msg}], got


@pytest.mark.parametrize(("day", "msg"), [
    ("2026-02-30", "'2026-02-30' is not a day of the calendar: 2026-02 has 28 days"),
    ("2026-02-29", "'2026-02-29' is not a day of the calendar: 2026-02 has 28 days"),
    ("2026-13-01", "'2026-13-01' is not a day of the calendar: there is no month 13"),
    ("0000-01-01", "'0000-01-01' is not a day of the calendar: there is no year 0; allowed: a date from 1778-01-01 "
                   "to 2099-12-31"),
    ("2026-04-31", "'2026-04-31' is not a day of the calendar: 2026-04 has 30 days"),
])
def test_complaint_observed_on_of_no_day_is_told_why_164_12(api, mu, day, msg):
    bi = api(mu["building_inspector"])
    _refused(_post(bi, f"{E}/complaints", {"description": "Rear exit chained", "observed_on": day}), "observed_on",
             msg)
    assert not Complaint.objects.exists()


def test_complaint_observed_on_written_otherwise_or_a_day(api, mu):
    """The other side: a date not written YYYY-MM-DD is still told how to write one; a true day (the last of
    February 2024, a leap year; 2026-02-28) is taken."""
    bi = api(mu["building_inspector"])
    r = _post(bi, f"{E}/complaints", {"description": "Rear exit chained", "observed_on": "2026-02-3x"})
    assert r.status_code == 422 and r.json()["detail"] == (
        "observed_on: a date is a string YYYY-MM-DD, e.g. \"2026-07-04\"; got '2026-02-3x'"), r.json()
    for day in ("2024-02-29", "2026-02-28"):
        r = _post(bi, f"{E}/complaints", {"description": "Rear exit chained", "observed_on": day})
        assert r.status_code == 201, r.content


def test_fee_payment_paid_on_of_no_day_is_told_why_par_b(api, cu, hearing_app):
    clerk = api(cu["town_clerk"])
    url = f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}/fee-payments"
    hearing_app.refresh_from_db()
    body = {"amount": "250.00", "paid_on": "2026-06-31", "expected_version": hearing_app.version}
    _refused(_post(clerk, url, body), "paid_on", "'2026-06-31' is not a day of the calendar: 2026-06 has 30 days")
    assert not FeePayment.objects.exists()
    assert _post(clerk, url, {**body, "paid_on": TODAY.isoformat()}).status_code == 201


def test_inspection_done_on_of_no_day_is_told_why_164_9(api, mu, hall):
    bi = mu["building_inspector"]
    insp = vs.schedule_inspection(bi, hall, scheduled_for=TODAY)
    url = f"{E}/inspections/{insp.pk}/record"
    _refused(_post(api(bi), url, {"done_on": "2025-11-31"}), "done_on",
             "'2025-11-31' is not a day of the calendar: 2025-11 has 30 days")
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED
    assert _post(api(bi), url, {"done_on": "2025-11-30"}).status_code == 200


def test_stop_order_ordered_at_of_no_day_is_told_why_164_5(api, mu, hall):
    """A moment's date too: ``2026-02-30T22:15:00-05:00`` names the day; one written otherwise is told how."""
    police = api(mu["enforcement_officer"])
    url = f"{E}/venues/{hall.pk}/stop-orders"
    body = {"performance": "Saturday dance", "persons_present": 311}
    _refused(_post(police, url, {**body, "ordered_at": "2026-02-30T22:15:00-05:00"}), "ordered_at",
             "'2026-02-30' is not a day of the calendar: 2026-02 has 28 days")
    r = _post(police, url, {**body, "ordered_at": "2026-02-3xT22:15:00-05:00"})
    assert r.status_code == 422 and "ISO 8601" in r.json()["detail"], r.json()
    assert not StopOrder.objects.exists()
