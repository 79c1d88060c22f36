"""The stop-order form of the Enforcement page for a performance already stopped (Mount Pleasant §§ 164-5,
164-13; interpretation W-40): sent on the venue's version now (the page opened again) while the first order is in
force, the form is shown again, 422, with the refusal beside the performance — the order in force, when it was
given, to lift it first; lifted, the performance may be stopped again."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import pytest
from django.utils import timezone
from tests.web.conftest import client_for

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import StopOrder

pytestmark = pytest.mark.django_db

MP = "/mount-pleasant-ny/enforcement"


def _stop(c, hall):
    hall.refresh_from_db()  # (the page opened again: the venue at its version now)
    return c.post(f"{MP}/stop_order/0/", {"so-venue": f"{hall.pk}:{hall.version}",
                                          "so-performance": "Saturday wedding reception",
                                          "so-persons_present": "400"})


def test_164_5_w40_the_form_for_a_performance_stopped_is_refused_beside_the_performance(mu, hall):
    c = client_for(mu["enforcement_officer"])
    assert _stop(c, hall).status_code == 302
    order = StopOrder.objects.get()
    r = _stop(c, hall)
    page = htmllib.unescape(r.content.decode())
    assert r.status_code == 422
    said = re.search(r'id="err-id_so-performance"[^>]*><p class="error">([^<]*)</p>', page)
    assert said, page
    ordered = timezone.localtime(order.ordered_at).strftime("%Y-%m-%d %H:%M %Z")
    assert said.group(1) == (
        f"Saturday wedding reception at Kensico Manor is already stopped by stop order {order.pk}, ordered "
        f"{ordered} and in force; nothing was recorded: a performance stays stopped until the condition is "
        f"corrected (§ 164-5), so lift stop order {order.pk} once it is (§ 164-13) before ordering the performance "
        "stopped again")
    assert StopOrder.objects.count() == 1


def test_164_13_w40_lifted_the_form_stops_the_performance_again(mu, hall):
    eo = mu["enforcement_officer"]
    first = es.record_stop_order(eo, hall, performance="Saturday wedding reception", persons_present=400,
                                 ordered_at=timezone.now() - dt.timedelta(hours=1))
    es.lift_stop_order(eo, first, correction="90 guests left")
    assert _stop(client_for(eo), hall).status_code == 302
    assert StopOrder.objects.filter(state=StopOrder.IN_FORCE).count() == 1 and StopOrder.objects.count() == 2
