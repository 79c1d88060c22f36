"""Issuing a summons, recording the court's disposition and the payment of its fine, and lifting a stop order, through
the API and the enforcement page, tell every refusal at once (interpretation W-38, as W-36; Mount Pleasant §§ 164-5,
164-12 to 164-14): one 422 naming each field — the schema's refusals, then the service's of the values the schema
took — after the role (403 first, whatever the body, before the record of the path is looked up), nothing written.
The page's forms show the service's refusals beside their fields with their own."""

from __future__ import annotations

import datetime as dt
import html as html_lib
import json
import re

import pytest
from django.utils import timezone
from tests.api.conftest import api_client
from tests.refused import fields, told
from tests.web.conftest import client_for, version_of

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Disposition, StopOrder, Summons, Violation

pytestmark = pytest.mark.django_db

MP = "/api/v1/towns/mount-pleasant-ny"
TODAY, TOMORROW = dt.date(2026, 12, 1), dt.date(2026, 12, 2)
SATURDAY = dt.date(2026, 12, 5)
ISSUED, RETURNS = dt.date(2026, 11, 2), dt.date(2026, 11, 23)
BLOCKED = "mount-pleasant/164-10/exits-not-blocked"


@pytest.fixture
def violation(mu, mount_pleasant, travel_to):
    """A violation of § 164-10 the Building Inspector observed on 2026-10-30; today is 2026-12-01."""
    travel_to(TODAY)
    bi = mu["building_inspector"]
    firm = es.register_offender(bi, mount_pleasant, kind="firm", name="Kensico Manor LLC")
    complaint = es.file_complaint(bi, mount_pleasant, description="Rear exit chained shut",
                                  observed_on=dt.date(2026, 10, 30), offender=firm, in_presence=True)
    return es.record_violation(bi, complaint, rule_id=BLOCKED)


@pytest.fixture
def summoned(mu, violation):
    es.issue_summons(mu["building_inspector"], violation, issued_on=ISSUED, return_date=RETURNS)
    violation.refresh_from_db()
    return violation


@pytest.fixture
def convicted(mu, summoned):
    es.record_disposition(mu["building_inspector"], summoned, outcome="convicted", decided_on=RETURNS, fine="50")
    summoned.refresh_from_db()
    return summoned


def _post(user, url: str, body: dict):
    return api_client(user).post(url, json.dumps(body), content_type="application/json")


# --- the API -----------------------------------------------------------------------------------------------------


def test_a_summons_schema_refusal_and_the_services_in_one_422_164_12(mu, violation):
    """A return date that is no date (the schema's) with an hour that is none, a day of issue to come and a reason
    with a control character (the service's): one answer, nothing issued."""
    r = _post(mu["building_inspector"], f"{MP}/violations/{violation.pk}/summons",
              {"return_date": "2026-12-32", "return_time": "25:99", "issued_on": TOMORROW.isoformat(),
               "reason": "late\u202e"})
    got = told(r)
    assert fields(got) == ["return_date", "reason", "return_time", "issued_on"]
    assert got[3][1] == "2026-12-02 is in the future (today is 2026-12-01); record it once it has happened"
    assert not Summons.objects.exists()


def test_a_summons_without_schema_refusals_tells_every_refusal_of_the_service_164_12(mu, violation):
    r = _post(mu["building_inspector"], f"{MP}/violations/{violation.pk}/summons",
              {"return_date": SATURDAY.isoformat(), "return_time": "7:00"})
    got = told(r)
    assert fields(got) == ["return_date", "return_time"]
    assert "when the Town Justice Court does not sit" in got[0][1]
    assert r.json()["detail"].endswith("(and 1 more error)")


@pytest.mark.parametrize("pk", ["violation", 99999])
def test_a_police_officer_is_403_before_the_body_and_the_violation_164_12(mu, violation, pk):
    """§ 164-12: the police officer files a complaint; whatever his body, and whether or not the violation of the
    path exists, he is told that (403), not what the town holds (404) nor the body's refusals (422)."""
    number = violation.pk if pk == "violation" else pk
    r = _post(mu["enforcement_officer"], f"{MP}/violations/{number}/summons",
              {"return_date": "no", "issued_on": TOMORROW.isoformat()})
    assert r.status_code == 403, r.content
    assert "only the Building Inspector issues a summons" in r.json()["detail"]


def test_a_disposition_tells_the_schemas_and_the_services_refusals_at_once_164_14(mu, summoned):
    """An outcome that is none and a negative term (the schema's) with a day decided to come (the service's)."""
    r = _post(mu["town_clerk"], f"{MP}/violations/{summoned.pk}/disposition",
              {"outcome": "acquitted", "jail_days": -1, "decided_on": TOMORROW.isoformat(), "fine": "abc"})
    got = told(r)
    assert fields(got) == ["outcome", "fine", "jail_days", "decided_on"]
    assert not Disposition.objects.exists()


def test_a_disposition_the_schema_takes_is_judged_whole_by_the_service_164_14(mu, summoned):
    r = _post(mu["town_clerk"], f"{MP}/violations/{summoned.pk}/disposition",
              {"outcome": "convicted", "decided_on": TOMORROW.isoformat(), "fine": "5", "jail_days": 3})
    assert fields(told(r)) == ["decided_on", "fine", "jail_days"]


@pytest.mark.parametrize("who", ["enforcement_officer", "applicant"])
def test_who_may_not_record_a_disposition_or_a_payment_is_403_first(mu, summoned, who):
    for action in ("disposition", "payment"):
        r = _post(mu[who], f"{MP}/violations/{summoned.pk}/{action}", {"outcome": "x", "amount": "x"})
        assert r.status_code == 403, r.content


def test_a_payment_tells_every_refusal_at_once(mu, convicted):
    r = _post(mu["town_clerk"], f"{MP}/violations/{convicted.pk}/payment",
              {"amount": "40", "paid_on": (RETURNS - dt.timedelta(days=1)).isoformat()})
    got = told(r)
    assert got == [("amount", "$40.00 is not the fine of $50.00; record the payment of the fine in full"),
                   ("paid_on", "2026-11-22 is before the court's disposition imposing the fine (2026-11-23)")]
    convicted.refresh_from_db()
    assert convicted.state == Violation.DISPOSED


def test_a_payment_schema_refusal_with_the_services(mu, convicted):
    r = _post(mu["town_clerk"], f"{MP}/violations/{convicted.pk}/payment",
              {"amount": "forty", "paid_on": TOMORROW.isoformat()})
    assert fields(told(r)) == ["amount", "paid_on"]


@pytest.fixture
def order(mu, hall, travel_to):
    travel_to(TODAY)
    return es.record_stop_order(mu["building_inspector"], hall, performance="Dance", persons_present=5,
                                egress_obstructed=True)


def test_a_stop_order_lifted_tells_the_schemas_and_the_services_refusals_at_once_164_13(mu, order):
    later = (timezone.now() + dt.timedelta(hours=2)).isoformat()
    r = _post(mu["enforcement_officer"], f"{MP}/stop-orders/{order.pk}/lift", {"correction": "", "lifted_at": later})
    got = told(r)
    assert fields(got) == ["correction", "lifted_at"]
    assert " is in the future (now is " in got[1][1]
    order.refresh_from_db()
    assert order.state == StopOrder.IN_FORCE


@pytest.mark.parametrize("pk", ["order", 99999])
def test_the_town_clerk_is_403_before_the_body_and_the_stop_order_164_13(mu, order, pk):
    number = order.pk if pk == "order" else pk
    r = _post(mu["town_clerk"], f"{MP}/stop-orders/{number}/lift", {"correction": ""})
    assert r.status_code == 403, r.content


def test_once_every_value_is_right_each_is_recorded(mu, violation, order):
    bi = mu["building_inspector"]
    r = _post(bi, f"{MP}/violations/{violation.pk}/summons", {"return_date": TOMORROW.isoformat()})
    assert r.status_code == 201, r.content
    r = _post(bi, f"{MP}/stop-orders/{order.pk}/lift", {"correction": "Exit cleared"})
    assert r.status_code == 200 and r.json()["state"] == StopOrder.LIFTED, r.content


# --- the enforcement page ----------------------------------------------------------------------------------------


def _beside(r, prefix: str, field: str) -> list[str]:
    text = html_lib.unescape(r.content.decode())
    block = re.search(rf'id="err-id_{prefix}-{field}"[^>]*>(.*?)</div>', text, re.S)
    assert block is not None, f"no errors element for {field}"
    return re.findall(r'<p class="error">([^<]*)</p>', block.group(1))


def test_the_summons_form_shows_its_refusal_and_the_services_beside_each_164_12(mu, violation):
    """An hour the form cannot read (its own refusal) beside a return date on a Saturday (the service's)."""
    p = f"s{violation.pk}"
    r = client_for(mu["building_inspector"]).post(
        f"/mount-pleasant-ny/enforcement/summons/{violation.pk}/",
        {f"{p}-return_date": SATURDAY.isoformat(), f"{p}-return_time": "25:99", **version_of(violation, p)})
    assert r.status_code == 422
    assert _beside(r, p, "return_time") and "does not sit" not in _beside(r, p, "return_time")[0]
    assert "when the Town Justice Court does not sit" in _beside(r, p, "return_date")[0]
    assert not Summons.objects.exists()


def test_the_disposition_form_shows_its_refusal_and_the_services_beside_each_164_14(mu, summoned):
    """A fine in fractions of a cent (the form's refusal) beside a day decided to come (the service's)."""
    p = f"d{summoned.pk}"
    r = client_for(mu["town_clerk"]).post(
        f"/mount-pleasant-ny/enforcement/disposition/{summoned.pk}/",
        {f"{p}-outcome": "convicted", f"{p}-fine": "50.001", f"{p}-decided_on": TOMORROW.isoformat(),
         **version_of(summoned, p)})
    assert r.status_code == 422
    assert _beside(r, p, "decided_on") == [
        "2026-12-02 is in the future (today is 2026-12-01); record it once it has happened"]
    assert len(_beside(r, p, "fine")) == 1
    assert not Disposition.objects.exists()


def test_the_payment_form_shows_every_refusal_of_the_service_beside_its_field(mu, convicted):
    p = f"p{convicted.pk}"
    r = client_for(mu["town_clerk"]).post(
        f"/mount-pleasant-ny/enforcement/payment/{convicted.pk}/",
        {f"{p}-amount": "40", f"{p}-paid_on": TOMORROW.isoformat(), **version_of(convicted, p)})
    assert r.status_code == 422
    assert _beside(r, p, "amount") == ["$40.00 is not the fine of $50.00; record the payment of the fine in full"]
    assert _beside(r, p, "paid_on") == [
        "2026-12-02 is in the future (today is 2026-12-01); record it once it has happened"]


@pytest.mark.parametrize(("who", "what", "prefix"), [("town_clerk", "summons", "s"),
                                                     ("enforcement_officer", "disposition", "d"),
                                                     ("enforcement_officer", "payment", "p")])
def test_a_form_the_reader_may_not_send_is_403_before_the_form(mu, summoned, who, what, prefix):
    p = f"{prefix}{summoned.pk}"
    r = client_for(mu[who]).post(f"/mount-pleasant-ny/enforcement/{what}/{summoned.pk}/",
                                 {f"{p}-outcome": "x", **version_of(summoned, p)})
    assert r.status_code == 403


def test_the_lift_form_is_403_to_the_town_clerk_before_the_form_164_13(mu, order):
    p = f"l{order.pk}"
    r = client_for(mu["town_clerk"]).post(f"/mount-pleasant-ny/enforcement/lift_stop_order/{order.pk}/",
                                          {f"{p}-correction": "", **version_of(order, p)})
    assert r.status_code == 403
