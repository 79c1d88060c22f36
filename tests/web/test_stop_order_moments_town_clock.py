"""The stop order's "Ordered at" (Mount Pleasant § 164-5) and "Lifted at" (§ 164-13) are read on the Town's clock
(America/New_York, `workflow.dates.town_moment`): the hour the clocks go back (01:00-01:59 on the first Sunday of
November) happened twice, and the hour they go forward (02:00-02:59 on the second Sunday of March) never
happened. Written without an offset, such a moment is refused in the project's words beside its field — the two
moments it may be, with their offsets, or when the clocks changed — not Django's ("couldn't be interpreted in time
zone America/New_York; it may be ambiguous or it may not exist"); the field is then shown as a text field and
takes the moment written with its offset. Each boundary on both sides."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re
from zoneinfo import ZoneInfo

import pytest
from tests.web.conftest import client_for

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import StopOrder
from publicassembly.workflow.dates import town_moment
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

MP = "/mount-pleasant-ny/enforcement"
NY = ZoneInfo("America/New_York")
TWICE = ("01:30 on Sunday 2025-11-02 happened twice in the Town (once in daylight time, then again in standard "
         "time, after the clocks went back an hour); write the moment with its offset: 2025-11-02T01:30-04:00 "
         "(daylight time) or 2025-11-02T01:30-05:00 (standard time)")
NEVER = ("02:30 on Sunday 2025-03-09 never happened in the Town: at 02:00 that night the clocks went forward to "
         "03:00 (daylight time began); give the time as the clocks showed it")


@pytest.mark.parametrize(("written", "offset"), [
    ("2025-11-02T00:59", "-04:00"), ("2025-11-02T02:00", "-05:00"),  # either side of the hour that happened twice
    ("2025-03-09T01:59", "-05:00"), ("2025-03-09T03:00", "-04:00"),  # either side of the hour that never happened
])
def test_164_5_a_moment_beside_the_changes_of_the_clocks_is_read_on_the_town_clock(written, offset):
    moment = town_moment("ordered_at", dt.datetime.fromisoformat(written))
    assert moment.isoformat(timespec="minutes") == written + offset


@pytest.mark.parametrize("written", ["2025-11-02T01:00", "2025-11-02T01:30", "2025-11-02T01:59"])
def test_164_5_a_moment_of_the_hour_that_happened_twice_is_refused_naming_both(written):
    with pytest.raises(ValidationFailed) as e:
        town_moment("ordered_at", dt.datetime.fromisoformat(written))
    assert e.value.field == "ordered_at"
    assert "happened twice in the Town" in e.value.detail
    assert f"{written}-04:00 (daylight time) or {written}-05:00 (standard time)" in e.value.detail


@pytest.mark.parametrize("written", ["2025-03-09T02:00", "2025-03-09T02:30", "2025-03-09T02:59"])
def test_164_5_a_moment_of_the_hour_that_never_happened_is_refused_saying_when_the_clocks_changed(written):
    with pytest.raises(ValidationFailed) as e:
        town_moment("lifted_at", dt.datetime.fromisoformat(written))
    assert e.value.field == "lifted_at"
    assert e.value.detail.startswith(f"{written[-5:]} on Sunday 2025-03-09 never happened in the Town: at 02:00 "
                                     "that night the clocks went forward to 03:00")


def _error_of(page: str, field: str) -> str | None:
    said = re.search(rf'id="err-id_{field}"[^>]*><p class="error">([^<]*)</p>', page)
    return htmllib.unescape(said.group(1)) if said else None


def _stop(c, hall, ordered_at: str):
    hall.refresh_from_db()
    return c.post(f"{MP}/stop_order/0/", {"so-venue": f"{hall.pk}:{hall.version}", "so-performance": "Night dance",
                                          "so-persons_present": "400", "so-ordered_at": ordered_at})


def test_164_5_ordered_at_in_the_hour_that_happened_twice_is_refused_beside_it_then_taken_with_its_offset(mu, hall):
    c = client_for(mu["enforcement_officer"])
    r = _stop(c, hall, "2025-11-02T01:30")
    page = r.content.decode()
    assert r.status_code == 422
    assert _error_of(page, "so-ordered_at") == TWICE
    assert "couldn’t be interpreted" not in page and "may be ambiguous" not in page
    assert re.search(r'<input type="text" name="so-ordered_at" value="2025-11-02T01:30"', page)  # (to add the offset)
    assert not StopOrder.objects.exists()
    assert _stop(c, hall, "2025-11-02T01:30-05:00").status_code == 302
    assert StopOrder.objects.get().ordered_at == dt.datetime(2025, 11, 2, 6, 30, tzinfo=dt.UTC)  # the second 01:30


def test_164_13_lifted_at_in_the_hour_that_never_happened_is_refused_beside_it(mu, hall):
    eo = mu["enforcement_officer"]
    order = es.record_stop_order(eo, hall, performance="Night dance", persons_present=400,
                                 ordered_at=dt.datetime(2025, 3, 8, 22, 0, tzinfo=NY))
    c = client_for(eo)
    r = c.post(f"{MP}/lift_stop_order/{order.pk}/", {f"l{order.pk}-correction": "90 guests left",
                                                     f"l{order.pk}-lifted_at": "2025-03-09T02:30",
                                                     f"l{order.pk}-expected_version": order.version})
    assert r.status_code == 422
    assert _error_of(r.content.decode(), f"l{order.pk}-lifted_at") == NEVER
    order.refresh_from_db()
    assert order.state == StopOrder.IN_FORCE
    r = c.post(f"{MP}/lift_stop_order/{order.pk}/", {f"l{order.pk}-correction": "90 guests left",
                                                     f"l{order.pk}-lifted_at": "2025-03-09T03:30",
                                                     f"l{order.pk}-expected_version": order.version})
    assert r.status_code == 302
    order.refresh_from_db()
    assert order.lifted_at == dt.datetime(2025, 3, 9, 7, 30, tzinfo=dt.UTC)  # 03:30 daylight time


def test_164_5_a_moment_the_browser_field_cannot_hold_is_shown_in_a_text_field(mu, hall):
    """A moment written with its offset, shown again for another field's refusal, is kept as written (a
    ``datetime-local`` field would be emptied by the browser); an ordinary one stays in the date-and-time field."""
    c = client_for(mu["enforcement_officer"])
    hall.refresh_from_db()
    r = c.post(f"{MP}/stop_order/0/", {"so-venue": f"{hall.pk}:{hall.version}", "so-performance": "",
                                       "so-persons_present": "400", "so-ordered_at": "2025-11-02T01:30-05:00"})
    assert r.status_code == 422
    assert '<input type="text" name="so-ordered_at" value="2025-11-02T01:30-05:00"' in r.content.decode()
    r = c.post(f"{MP}/stop_order/0/", {"so-venue": f"{hall.pk}:{hall.version}", "so-performance": "",
                                       "so-persons_present": "400", "so-ordered_at": "2025-11-02T00:30"})
    assert '<input type="datetime-local" name="so-ordered_at" value="2025-11-02T00:30"' in r.content.decode()
