"""The Town's hearings feed and an application's calendar (Carmel ch. 31, permit requirements ¶ B): a hearing
scheduled with its notice not yet published says "Notice to be published in <newspaper> on or before <last
day>"; once the Town Clerk records the publication, "Notice published on <day> in <newspaper>" (a new-user trial
found the first said of hearings whose notice was published long before)."""

from __future__ import annotations

import datetime as dt

import pytest
from icalendar import Calendar

from publicassembly.law.dates import next_business_day
from publicassembly.permits import services as sv

from .conftest import client_for, fair_facts

pytestmark = pytest.mark.django_db


def _descriptions(app, clerk) -> list[str]:
    """The hearing's description in the public feed and in the application's own calendar."""
    out = []
    for who, url in ((None, "/towns/carmel-ny/hearings.ics"), (clerk, f"/carmel-ny/applications/{app.pk}/calendar.ics")):
        [event] = Calendar.from_ical(client_for(who).get(url).content).walk("VEVENT")
        out.append(" ".join(str(event["DESCRIPTION"]).split()))
    return out


def test_to_be_published_until_recorded_then_published_on_its_day_in_its_newspaper_b(carmel, cu):
    clerk, today = cu["town_clerk"], dt.date.today()
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=today)
    sv.accept(clerk, app, today=today)
    sv.schedule_hearing(clerk, app, hearing_on=next_business_day(today + dt.timedelta(days=20)), place="Town Hall",
                        newspaper="Putnam County Courier")
    app.refresh_from_db()
    due = sv.hearing_notice_due(app)
    last = (due.act_by or due.date).isoformat()
    for said in _descriptions(app, clerk):
        assert f"Notice to be published in Putnam County Courier on or before {last} (Carmel Code ch. 31" in said
        assert "Notice published on" not in said
    sv.record_notice_published(clerk, app, notice_published_on=today)
    app.refresh_from_db()
    for said in _descriptions(app, clerk):
        assert f"Notice published on {today.isoformat()} in Putnam County Courier (Carmel Code ch. 31, permit " \
               "requirements ¶ B)." in said
        assert "to be published" not in said and "on or before" not in said
