"""The API's stop order of a performance already stopped (Mount Pleasant §§ 164-5, 164-13; interpretation W-40):
sent again without ``expected_version`` while the first order is in force, 422 naming ``performance``, the order
in force and when it was given (as a complaint filed again is 422 naming its description, W-9); lifted, the
performance may be stopped again. A request sent again with its ``Idempotency-Key`` is still given the first
answer (W-13), not the refusal."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from django.utils import timezone
from tests.api.conftest import api_client

from publicassembly.api.idempotency import HEADER, REPLAYED
from publicassembly.enforcement.models import StopOrder

pytestmark = pytest.mark.django_db

T = "/api/v1/towns/mount-pleasant-ny"
BODY = {"performance": "Saturday dance", "persons_present": 400}  # (the hall holds 310: a ground, § 164-5)


def test_164_5_w40_a_performance_stopped_is_not_stopped_again_422_naming_performance(mu, hall):
    c = api_client(mu["enforcement_officer"])
    url = f"{T}/venues/{hall.pk}/stop-orders"
    first = c.post(url, BODY, content_type="application/json")
    assert first.status_code == 201, first.content
    order = StopOrder.objects.get()
    ordered = timezone.localtime(order.ordered_at).strftime("%Y-%m-%d %H:%M %Z")
    again = c.post(url, {**BODY, "performance": "saturday  dance"}, content_type="application/json")
    assert again.status_code == 422, again.content
    body = again.json()
    assert body["field"] == "performance"
    assert body["detail"] == (
        f"performance: Saturday dance at Kensico Manor is already stopped by stop order {order.pk}, ordered "
        f"{ordered} and in force; nothing was recorded: a performance stays stopped until the condition is "
        f"corrected (§ 164-5), so lift stop order {order.pk} once it is (§ 164-13) before ordering the performance "
        "stopped again")
    assert [e["field"] for e in body["errors"]] == ["performance"]
    assert StopOrder.objects.count() == 1


def test_164_13_w40_lifted_the_performance_may_be_stopped_again(mu, hall):
    c = api_client(mu["enforcement_officer"])
    url = f"{T}/venues/{hall.pk}/stop-orders"
    first = c.post(url, {**BODY, "ordered_at": (timezone.now() - dt.timedelta(hours=1)).isoformat()},
                   content_type="application/json").json()
    lifted = c.post(f"{T}/stop-orders/{first['id']}/lift", {"correction": "Crowd reduced to 300"},
                    content_type="application/json")
    assert lifted.status_code == 200, lifted.content
    again = c.post(url, BODY, content_type="application/json")
    assert again.status_code == 201, again.content
    assert StopOrder.objects.filter(state=StopOrder.IN_FORCE).count() == 1 and StopOrder.objects.count() == 2


def test_w13_w40_the_first_request_sent_again_with_its_key_is_replayed_not_refused(mu, hall):
    c = api_client(mu["enforcement_officer"])
    url, key = f"{T}/venues/{hall.pk}/stop-orders", str(uuid.uuid4())
    first = c.post(url, BODY, content_type="application/json", headers={HEADER: key})
    again = c.post(url, BODY, content_type="application/json", headers={HEADER: key})
    assert (first.status_code, again.status_code) == (201, 201)
    assert again[REPLAYED] == "true" and again.content == first.content
    other_key = c.post(url, BODY, content_type="application/json", headers={HEADER: str(uuid.uuid4())})
    assert other_key.status_code == 422 and other_key.json()["field"] == "performance"  # another request: W-40
    assert StopOrder.objects.count() == 1
