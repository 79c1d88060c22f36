"""The hour of the public hearing (Carmel ch. 31, permit requirements ¶ B): the Clerk sets it with the date and
place, and the notice prints the hour the Clerk set."""

from __future__ import annotations

import datetime as dt
import io

import pdfplumber
import pytest
from django.urls import reverse
from tests.web.conftest import client_for, fair_facts

from publicassembly.law.dates import next_business_day
from publicassembly.permits import services as sv
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db


def _accepted(carmel, cu):
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    today = dt.date.today()
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=today)
    sv.accept(cu["town_clerk"], app, today=today)
    app.refresh_from_db()
    return app


def _notice_text(client, app) -> str:
    r = client.get(reverse("web:hearing_notice_pdf", args=[app.pk]))
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    with pdfplumber.open(io.BytesIO(r.content)) as pdf:
        # (words as read, whatever the lines they were wrapped on)
        return " ".join(" ".join(page.extract_text() or "" for page in pdf.pages).split())


def test_clerk_sets_the_hearing_time_and_the_notice_prints_it(carmel, cu):
    """¶ B: the notice gives the hearing's date, hour and place as the Clerk set them (6:30 p.m., not 7:00)."""
    app = _accepted(carmel, cu)
    today = dt.date.today()
    c = client_for(cu["town_clerk"])
    r = c.post(f"/carmel-ny/applications/{app.pk}/schedule_hearing/", {
        "schedule_hearing-hearing_on": next_business_day(today + dt.timedelta(days=20)).isoformat(),
        "schedule_hearing-hearing_time": "18:30",
        "schedule_hearing-place": "Town Hall, 60 McAlpin Avenue", "schedule_hearing-newspaper": "Courier",
        "schedule_hearing-notice_published_on": today.isoformat(), "expected_version": app.version})
    assert r.status_code == 302
    app.refresh_from_db()
    assert app.hearing_time == dt.time(18, 30) and app.hearing_place == "Town Hall, 60 McAlpin Avenue"
    text = _notice_text(c, app)
    assert "6:30 p.m." in text and "7:00 p.m." not in text and "60 McAlpin Avenue" in text


def test_bad_hearing_time_is_shown_beside_the_field(carmel, cu):
    app = _accepted(carmel, cu)
    today = dt.date.today()
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/schedule_hearing/", {
        "schedule_hearing-hearing_on": next_business_day(today + dt.timedelta(days=20)).isoformat(),
        "schedule_hearing-hearing_time": "half past six", "schedule_hearing-place": "Town Hall",
        "schedule_hearing-newspaper": "Courier", "schedule_hearing-notice_published_on": today.isoformat(),
        "expected_version": app.version})
    assert r.status_code == 422
    assert 'id="err-id_schedule_hearing-hearing_time"' in r.content.decode()
    app.refresh_from_db()
    assert app.hearing_on is None


def test_schedule_hearing_without_a_time_keeps_working_and_the_notice_says_to_be_announced(carmel, cu):
    """Existing callers pass no ``hearing_time``: the hearing is scheduled with its time not set, and the notice
    prints no hour nobody fixed (neither 7:00 p.m. nor midnight) but that the time is to be announced."""
    app = _accepted(carmel, cu)
    today = dt.date.today()
    sv.schedule_hearing(cu["town_clerk"], app, hearing_on=next_business_day(today + dt.timedelta(days=20)), place="Town Hall",
                        notice_published_on=today, newspaper="Courier")
    app.refresh_from_db()
    assert app.state == "hearing_scheduled" and app.hearing_time is None
    text = _notice_text(client_for(None), app)
    assert "to be announced" in " ".join(text.split())
    assert "7:00 p.m." not in text and "12:00 a.m." not in text and "Town Hall" in text


def test_schedule_hearing_refuses_a_time_that_is_not_a_time(carmel, cu):
    app = _accepted(carmel, cu)
    today = dt.date.today()
    with pytest.raises(ValidationFailed) as e:
        sv.schedule_hearing(cu["town_clerk"], app, hearing_on=next_business_day(today + dt.timedelta(days=20)), place="Town Hall",
                            notice_published_on=today, newspaper="Courier", hearing_time="7 pm")
    assert e.value.field == "hearing_time"


@pytest.mark.parametrize("given", ["19:00:30", "19:00:00.25"])
def test_hearing_time_with_seconds_is_refused_beside_the_field_paragraph_b(carmel, cu, given):
    """The notice, the pages and the calendar give the hearing's hour in hours and minutes (¶ B's notice): a time
    with seconds is refused beside the field (422), nothing written; 19:00:00 (no seconds) is 19:00."""
    app = _accepted(carmel, cu)
    today = dt.date.today()
    data = {"schedule_hearing-hearing_on": next_business_day(today + dt.timedelta(days=20)).isoformat(),
            "schedule_hearing-hearing_time": given, "schedule_hearing-place": "Town Hall",
            "schedule_hearing-newspaper": "Courier", "schedule_hearing-notice_published_on": today.isoformat(),
            "expected_version": app.version}
    c = client_for(cu["town_clerk"])
    r = c.post(f"/carmel-ny/applications/{app.pk}/schedule_hearing/", data)
    assert r.status_code == 422
    assert "without seconds" in " ".join(r.content.decode().split())
    app.refresh_from_db()
    assert app.hearing_on is None
    r = c.post(f"/carmel-ny/applications/{app.pk}/schedule_hearing/",
               {**data, "schedule_hearing-hearing_time": "19:00:00"})
    assert r.status_code == 302
    app.refresh_from_db()
    assert app.hearing_time == dt.time(19, 0)


def test_the_hearing_forms_ask_the_newspaper_then_the_day_it_published_the_notice():
    """The schedule and reschedule forms ask their fields in one order: the official newspaper, then the day it
    published the notice (¶ B)."""
    from publicassembly.web.forms import application as af

    for form in (af.ScheduleHearingForm, af.RescheduleHearingForm):
        names = list(form.base_fields)
        assert names.index("newspaper") == names.index("notice_published_on") - 1, (form.__name__, names)
