"""The Clerk's queue warns, on its row, of an assembly recorded as ending after the permit's last day — the
application page's warning (interpretation P-23: the days after it had no permit, ¶ A) — and not of one that
ended on it; in English and in Spanish. (Its SQL queries stay as many whatever the rows:
`tests.reliability.test_query_count`.)"""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import pytest
from django.utils import timezone
from tests.api.conftest import issued_permit
from tests.web.conftest import client_for

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


def _later(monkeypatch, day):
    real = timezone.localdate
    monkeypatch.setattr(timezone, "localdate", lambda value=None, timezone=None:
                        day if value is None else real(value, timezone))


def _rows(page: bytes) -> dict[int, str]:
    """Each row of the queue: the application's number → the row's text."""
    text = htmllib.unescape(page.decode())
    return {int(pk): " ".join(re.sub(r"<[^>]+>", " ", row).split())
            for pk, row in re.findall(r"<tr><td>(\d+)</td>(.*?)</tr>", text, re.S)}


def _held(carmel, cu, monkeypatch):
    """Two permits of the fair: one recorded as ended the day after its last day (with the Clerk's reason), one
    on its last day; returns both and the permit's last day."""
    past, kept = issued_permit(carmel, cu), issued_permit(carmel, cu)
    last = dt.date.fromisoformat(past.facts["dates"]["last_day"])
    _later(monkeypatch, last + dt.timedelta(days=2))
    sv.record_assembly_held(cu["town_clerk"], past, ended_on=last + dt.timedelta(days=1), reason="Rain date used.")
    sv.record_assembly_held(cu["town_clerk"], kept, ended_on=last)
    return past, kept, last


def test_a_row_warns_of_an_end_after_the_permits_last_day_p23(carmel, cu, monkeypatch):
    past, kept, last = _held(carmel, cu, monkeypatch)
    r = client_for(cu["town_clerk"]).get("/carmel-ny/applications/")
    assert r.status_code == 200
    rows = _rows(r.content)
    warning = f"ended after the permit's last day ({last.isoformat()}): the days after it had no permit (¶ A)"
    assert warning in rows[past.pk]
    assert "ended after the permit's last day" not in rows[kept.pk]
    # the same words as the application's own page
    page = htmllib.unescape(client_for(cu["town_clerk"]).get(f"/carmel-ny/applications/{past.pk}/").content.decode())
    assert warning in page


def test_a_row_warns_of_it_in_spanish_p23(carmel, cu, monkeypatch):
    past, kept, last = _held(carmel, cu, monkeypatch)
    c = client_for(cu["town_clerk"])
    assert c.post("/i18n/setlang/", {"language": "es", "next": "/"}).status_code == 302
    rows = _rows(c.get("/carmel-ny/applications/").content)
    assert (f"terminó después del último día del permiso ({last.isoformat()}): los días posteriores no tuvieron "
            "permiso (¶ A)") in rows[past.pk]
    assert "terminó después" not in rows[kept.pk]
