"""A calendar's public hearing says whether its notice has been published (Carmel ch. 31, permit requirements ¶ B:
"notice published at least once in the official newspaper 10 days prior to such hearing"). A new-user trial found
every hearing's event saying "Notice to be published … on or before …", also of hearings whose notice was
published long before. Once the publication is recorded (a notice record's ``published_on``), the event says
"Notice published on <day> in <newspaper>". A notice read from JSON gives ``published_on`` not after today
(G-10) nor after ¶ B's last day to publish (interpretation D-7)."""

from __future__ import annotations

import dataclasses
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from publicassembly.documents import records
from publicassembly.documents.calendars import town_feed
from publicassembly.documents.records import HearingNoticeRecord, record_from_json

STAMP = datetime(2026, 12, 1, 12, 0, tzinfo=ZoneInfo("UTC"))
#: A hearing on Tuesday 2026-12-15; ¶ B's last day to publish its notice is Saturday 2026-12-05.
NOTICE = {"town": "carmel-ny", "application_reference": "PA-2026-014", "applicant": "Lake Gleneida Music Festival, Inc.",
          "event": "Lake Gleneida Music Festival", "property_address": "1 Gleneida Avenue, Carmel, NY 10512",
          "hearing_at": "2026-12-15T19:30", "hearing_place": "Carmel Town Hall, 60 McAlpin Avenue, Mahopac, NY",
          "latest_publication_date": "2026-12-05", "newspaper": "Putnam County Courier"}


def description(hearing: HearingNoticeRecord) -> str:
    cal = Calendar.from_ical(town_feed("Town of Carmel", [hearing], [], generated_at=STAMP))
    return " ".join(str(cal.walk("VEVENT")[0]["description"]).split())


def test_a_notice_not_yet_published_is_to_be_published_by_the_last_day_paragraph_b(hearing_record):
    assert hearing_record.published_on is None
    said = description(hearing_record)
    assert "Notice to be published in Putnam County Courier on or before 2025-06-14 (Carmel Code ch. 31, permit " \
           "requirements ¶ B)." in said


def test_a_notice_published_says_the_day_and_the_newspaper_paragraph_b(hearing_record):
    said = description(dataclasses.replace(hearing_record, published_on=date(2025, 5, 20)))
    assert said.endswith("Notice published on 2025-05-20 in Putnam County Courier (Carmel Code ch. 31, permit "
                         "requirements ¶ B).")
    assert "to be published" not in said and "on or before" not in said


def _read(today: date, monkeypatch, **changes) -> list[str]:
    """The problems of NOTICE with `changes`, read from JSON on the Town's `today` (empty when taken)."""
    monkeypatch.setattr(records, "town_today", lambda: today)
    try:
        record_from_json(HearingNoticeRecord, NOTICE | changes)
    except ValueError as exc:
        return str(exc).splitlines()
    return []


@pytest.mark.parametrize("day", ["2026-12-05", "2026-11-20"])
def test_published_on_or_before_the_last_day_is_taken_paragraph_b(monkeypatch, day):
    assert _read(date(2026, 12, 10), monkeypatch, published_on=day) == []
    record = record_from_json(HearingNoticeRecord, NOTICE | {"published_on": day})
    assert record.published_on == date.fromisoformat(day)


def test_published_the_day_after_the_last_day_is_refused_paragraph_b(monkeypatch):
    """Sunday 2026-12-06 is 9 days before the hearing: not "10 days prior"."""
    [said] = _read(date(2026, 12, 10), monkeypatch, published_on="2026-12-06")
    assert said.startswith("published_on: 2026-12-06 is after 2026-12-05, the last day to publish the notice of a "
                           "hearing on 2026-12-15: a notice published then is not 10 days prior to it (Carmel Code "
                           "ch. 31, permit requirements ¶ B); give the day it was published, or leave published_on "
                           "out while it is not.")


def test_published_today_is_taken_and_tomorrow_refused_g10(monkeypatch):
    """On 2026-12-01 (before ¶ B's last day): published that day is taken; the day after has not happened."""
    assert _read(date(2026, 12, 1), monkeypatch, published_on="2026-12-01") == []
    assert _read(date(2026, 12, 1), monkeypatch, published_on="2026-12-02") == [
        "published_on: 2026-12-02 is after today (2026-12-01): the notice cannot have been published on a day still "
        "to come; give the day the newspaper published it, or leave published_on out while it is not published "
        "(interpretation G-10)"]


def test_published_on_that_is_not_a_date_is_refused_naming_it(monkeypatch):
    said = _read(date(2026, 12, 10), monkeypatch, published_on="yesterday")
    assert len(said) == 1 and said[0].startswith("published_on: ")
