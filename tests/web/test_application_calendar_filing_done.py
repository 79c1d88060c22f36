"""An application's calendar (``…/applications/<id>/calendar.ics``) and its page list the petition's filing
(``application_due``, Carmel ch. 31 permit requirements ¶ B: at least 60 days before the assembly) as a deadline to
meet while it is a draft, and once it is submitted as done on the day it was submitted — a completed to-do with no
alarm, "met: the petition was submitted on …" on the page (not "passed") — and as done late when submitted after
its last day. (A new-user trial: the calendar of a submitted application still listed "application due" as a
deadline to meet, with its alarm; a draft's calendar listed no deadline at all.)"""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import pytest
from icalendar import Calendar

from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication

from .conftest import client_for, fair_facts

pytestmark = pytest.mark.django_db


def ics(app, user):
    r = client_for(user).get(f"/carmel-ny/applications/{app.pk}/calendar.ics")
    assert r.status_code == 200, r.content[:500]
    return Calendar.from_ical(r.content)


def todo(cal, name: str):
    found = [t for t in cal.walk("VTODO") if str(t["SUMMARY"]).startswith(name.replace("_", " ") + ":")]
    assert len(found) == 1, [str(t["SUMMARY"]) for t in cal.walk("VTODO")]
    return found[0]


def page_text(app, user) -> str:
    r = client_for(user).get(f"/carmel-ny/applications/{app.pk}/")
    assert r.status_code == 200
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", r.content.decode())))


def filing_due(app) -> dt.date:
    d = sv.deadlines(app)["application_due"]
    return d.act_by or d.date


def law_last_day(app) -> dt.date:
    """The filing's last day as the law counts it (GCL § 20), also when the Clerk's office is closed on it (its
    ``act_by`` is then the business day before: advice, not the law's limit)."""
    return sv.deadlines(app)["application_due"].date


def test_a_drafts_calendar_lists_the_filing_to_meet_with_its_alarm(draft_app, cu):
    due = filing_due(draft_app)
    item = todo(ics(draft_app, cu["applicant"]), "application_due")
    assert item["DUE"].dt == due
    assert "STATUS" not in item and "COMPLETED" not in item
    assert len(item.walk("VALARM")) == 1
    text = page_text(draft_app, cu["applicant"])
    assert "application due" in text and "met: the petition was submitted" not in text


def test_once_submitted_the_filing_is_done_on_its_day_no_alarm(draft_app, cu):
    today = dt.date.today()
    app = sv.submit(cu["applicant"], draft_app, verification_statement="Sworn.")
    assert app.submitted_on == today <= filing_due(app)
    for user in (cu["applicant"], cu["town_clerk"]):
        cal = ics(app, user)
        item = todo(cal, "application_due")
        assert str(item["STATUS"]) == "COMPLETED" and int(item["PERCENT-COMPLETE"]) == 100
        assert item["COMPLETED"].dt.astimezone(dt.UTC).date() == today  # (midnight in Carmel: 04:00/05:00 UTC)
        assert item.walk("VALARM") == []
        assert f"Done on {today.isoformat()}." in str(item["DESCRIPTION"])
        decision = todo(cal, "decision_due")  # (the Town's deadlines still to meet keep their alarm)
        assert "STATUS" not in decision and len(decision.walk("VALARM")) == 1
    text = page_text(app, cu["applicant"])
    assert f"met: the petition was submitted on {today.isoformat()}" in text


@pytest.mark.parametrize(("days_after_due", "late"), [(0, False), (1, True)])
def test_submitted_on_its_last_day_is_met_the_day_after_is_late(carmel, cu, days_after_due, late):
    """An assembly 40 days ahead: its filing's last day has passed (P-19: the Clerk still receives the petition).
    Recorded as submitted on that last day, it was met; a day later, it was done late."""
    facts = fair_facts()
    first = dt.date.today() + dt.timedelta(days=40)
    facts["dates"] = dict(facts["dates"], first_day=first.isoformat(),
                          last_day=(first + dt.timedelta(days=2)).isoformat())
    app = sv.submit(cu["applicant"], sv.create_draft(cu["applicant"], carmel, facts),
                    verification_statement="Sworn.")
    on = law_last_day(app) + dt.timedelta(days=days_after_due)
    assert on < dt.date.today()  # (a day that has passed, as any submission's)
    PermitApplication.objects.filter(pk=app.pk).update(submitted_on=on)
    app.refresh_from_db()
    item = todo(ics(app, cu["town_clerk"]), "application_due")
    assert str(item["STATUS"]) == "COMPLETED" and item.walk("VALARM") == []
    assert (", after its last day." in str(item["DESCRIPTION"])) is late
    text = page_text(app, cu["town_clerk"])
    met = f"met: the petition was submitted on {on.isoformat()}"
    after = f"the petition was submitted on {on.isoformat()}, after this last day"
    assert (after in text, met in text) == (late, not late)
