"""Calendars (RFC 5545, `icalendar`): a Town's feed of public hearings (VEVENT) and statutory deadlines (VTODO
with a VALARM), and one calendar per application. Times are the Town's local time, America/New_York."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from icalendar import Alarm, Calendar, Event, Todo

from publicassembly.documents.records import (
    DEFAULT_ALARM_DAYS,
    MAX_ALARM_DAYS,
    TOWN_TZ,
    DeadlineItem,
    HearingNoticeRecord,
    _not_a_notice_town,
    notice_town,
)

PRODID = "-//publicassembly//documents//EN"
UID_DOMAIN = "publicassembly"


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-." else "-" for ch in text.strip()).strip("-") or "x"


def hearing_uid(h: HearingNoticeRecord) -> str:
    """The UID of a hearing's VEVENT: one per application (a moved hearing keeps it, its ``revision`` the
    SEQUENCE, so that a client replaces the event it holds; RFC 5545 § 3.8.4.7)."""
    return f"hearing-{_slug(h.application_reference)}@{UID_DOMAIN}"


def deadline_uid(d: DeadlineItem) -> str:
    """The UID of a deadline's VTODO: one per application and deadline."""
    return f"deadline-{_slug(d.application_reference)}-{_slug(d.name)}@{UID_DOMAIN}"


def repeated_uids(hearings: Iterable[HearingNoticeRecord | None],
                  deadlines: Iterable[DeadlineItem | None]) -> list[str]:
    """Every hearing or deadline that would share its UID with an earlier one, one line each naming it
    (``hearings[1].application_reference``) and the one it repeats (empty when none). RFC 5545 § 3.8.4.7: a UID
    is globally unique; two events of one UID in a calendar are one event given twice, and a client keeps
    either. A calendar holds one hearing per application (a moved hearing once, with its ``revision``) and each
    deadline of an application once. References that differ only in characters a UID cannot hold (``PA 1``,
    ``PA-1``) share one. A None in either list (an item of the file that did not read, told on its own) keeps
    the places of the others."""
    out: list[str] = []
    for key, items, uid, field in (("hearings", list(hearings), hearing_uid, "application_reference"),
                                   ("deadlines", list(deadlines), deadline_uid, "name")):
        seen: dict[str, int] = {}
        for i, item in enumerate(items):
            if item is None:
                continue
            first = seen.setdefault(uid(item), i)
            if first != i:
                what = ("the hearing of the same application: a calendar holds one hearing per application (a "
                        "moved hearing once, its revision counting the moves)" if key == "hearings" else
                        "the same deadline of the same application")
                out.append(f"{key}[{i}].{field}: {getattr(item, field)!r} repeats {key}[{first}], {what}; both "
                           f"would be the calendar's event {uid(item)}, which RFC 5545 requires to be unique; "
                           "give it once")
    return out


def feed_town(text: str) -> str:
    """The name of the Town whose feed `text` names (``carmel-ny`` → ``Town of Carmel``), as a hearing notice
    takes its town (`records.notice_town`: a Town whose Board holds the public hearing of Carmel ch. 31 ¶ B).
    Raises ValueError as the notice refuses another town (Mount Pleasant ch. 164 holds no such hearing),
    listing the values allowed."""
    name = notice_town(text)
    if name is None:
        raise ValueError(_not_a_notice_town(text, "").replace("the notice is of the hearing", "the calendar "
                                                              "holds the hearings"))
    return name


def deadlines_from_determination(determination: Mapping[str, Any], application_reference: str,
                                 citations: Mapping[str, str] | None = None) -> list[DeadlineItem]:
    """The deadlines of a determination's JSON form (``to_json()["deadlines"]``: name → ``{date, counted}``)
    as `DeadlineItem`s. Raises ValueError naming a deadline whose date is not ISO 8601, or is written so but is no
    day of the calendar (`law.cases.not_a_day`: "'2026-02-30' is not a day of the calendar: 2026-02 has 28
    days")."""
    out = []
    for name, v in (determination.get("deadlines") or {}).items():
        try:
            due = date.fromisoformat(str(v["date"]))
        except (KeyError, ValueError):
            from publicassembly.law.cases import not_a_day

            problem = not_a_day(v.get("date"))  # written so, but no day of the calendar (2026-02-30)
            if problem is not None:
                raise ValueError(f"deadlines.{name}.date: {problem}") from None
            raise ValueError(f"deadlines.{name}.date: expected YYYY-MM-DD, got {v.get('date')!r}") from None
        out.append(DeadlineItem(application_reference, name, due, str(v.get("counted", "")),
                                (citations or {}).get(name, "")))
    return out


def _hearing_event(h: HearingNoticeRecord, stamp: datetime, duration: timedelta) -> Event:
    start = h.hearing_at if h.hearing_at.tzinfo else h.hearing_at.replace(tzinfo=TOWN_TZ)
    ev = Event()
    ev.add("uid", hearing_uid(h))
    ev.add("dtstamp", stamp)
    ev.add("sequence", h.revision)  # (moved hearings: a client holding the event replaces it)
    if h.hearing_time_to_be_announced:  # the day only: an all-day event
        ev.add("dtstart", h.hearing_at.date())
        ev.add("dtend", h.hearing_at.date() + timedelta(days=1))
    else:
        ev.add("dtstart", start)
        ev.add("dtend", start + duration)
    ev.add("summary", f"Public hearing: {h.event} ({h.applicant})")
    ev.add("location", h.hearing_place)
    notice = (f"Notice published on {h.published_on.isoformat()} in {h.newspaper}" if h.published_on is not None
              else f"Notice to be published in {h.newspaper} on or before {h.latest_publication_date.isoformat()}")
    ev.add("description",
           f"Public hearing of the Town Board of the {h.town} on the application {h.application_reference} of "
           f"{h.applicant} for a permit under the Public Assembly Ordinance, for {h.event} at "
           f"{h.property_address}. {notice} (Carmel Code ch. 31, permit requirements ¶ B).")
    ev.add("categories", ["public hearing"])
    return ev


def _deadline_todo(d: DeadlineItem, stamp: datetime, alarm_days: int) -> Todo:
    todo = Todo()
    todo.add("uid", deadline_uid(d))
    todo.add("dtstamp", stamp)
    todo.add("due", d.due)
    todo.add("summary", f"{d.name.replace('_', ' ')}: {d.application_reference}")
    desc = d.counted + (f" ({d.citation})" if d.citation else "")
    if d.done_on is not None:  # (done: a completed to-do, RFC 5545 § 3.8.1.11, 3.8.2.1; no alarm rings for it)
        desc += f" Done on {d.done_on.isoformat()}{', after its last day' if d.done_late else ''}."
    if desc.strip():
        todo.add("description", desc.strip())
    todo.add("categories", ["statutory deadline"])
    if d.done_on is not None:
        todo.add("status", "COMPLETED")
        todo.add("completed", datetime.combine(d.done_on, time(0, 0), TOWN_TZ).astimezone(UTC))
        todo.add("percent-complete", 100)
        return todo
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", f"Due {d.due.isoformat()}: {d.name.replace('_', ' ')} ({d.application_reference})")
    alarm.add("trigger", timedelta(days=-alarm_days), parameters={"RELATED": "END"})
    todo.add_component(alarm)
    return todo


def _calendar(name: str, hearings: Iterable[HearingNoticeRecord], deadlines: Iterable[DeadlineItem], *,
              generated_at: datetime | None, alarm_days: int, hearing_duration: timedelta) -> bytes:
    if not 0 <= alarm_days <= MAX_ALARM_DAYS:
        raise ValueError(f"alarm_days: 0 to {MAX_ALARM_DAYS} days before the deadline (got {alarm_days})")
    hearings, deadlines = list(hearings), list(deadlines)
    repeated = repeated_uids(hearings, deadlines)
    if repeated:
        raise ValueError("\n".join(repeated))
    stamp = (generated_at or datetime.now(UTC)).astimezone(UTC)
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", name)
    cal.add("x-wr-timezone", "America/New_York")
    for h in hearings:
        cal.add_component(_hearing_event(h, stamp, hearing_duration))
    for d in deadlines:
        cal.add_component(_deadline_todo(d, stamp, alarm_days))
    cal.add_missing_timezones(*timezone_years(hearings, hearing_duration))
    return cal.to_ical()


def timezone_years(hearings: Iterable[HearingNoticeRecord], duration: timedelta) -> tuple[date, date]:
    """The first and last day the calendar's VTIMEZONE (the Town's, America/New_York) is generated for: from the
    1st of January of the first year a timed hearing of the calendar starts in to the 1st of January after the
    last year one ends in — so that its ``COMMENT`` ("This timezone only works from … to …") and its
    transitions cover every hearing served, up to the last year a hearing may be set in (2099, G-2), rather
    than icalendar's default 1970 to 2038. A calendar without a timed hearing needs no VTIMEZONE (a deadline
    and a hearing whose time is to be announced are dates): the default then, unused."""
    years = [y for h in hearings if not h.hearing_time_to_be_announced
             for y in (h.hearing_at.year, (h.hearing_at + duration).year)]
    if not years:
        return date(1970, 1, 1), date(2038, 1, 1)
    return date(min(years), 1, 1), date(max(years) + 1, 1, 1)


def town_feed(town: str, hearings: Iterable[HearingNoticeRecord], deadlines: Iterable[DeadlineItem], *,
              generated_at: datetime | None = None, alarm_days: int = DEFAULT_ALARM_DAYS,
              hearing_duration: timedelta = timedelta(hours=1), name: str | None = None) -> bytes:
    """A Town's calendar feed (.ics bytes): every public hearing as a VEVENT and every statutory deadline as a
    VTODO due on its last day, with a display alarm `alarm_days` before. `name`: the calendar's name (default
    ``<town>: public hearings and deadlines``). Raises ValueError for an `alarm_days` outside 0 to
    `MAX_ALARM_DAYS`."""
    return _calendar(name or f"{town}: public hearings and deadlines", hearings, deadlines,
                     generated_at=generated_at, alarm_days=alarm_days, hearing_duration=hearing_duration)


def application_calendar(application_reference: str, hearing: HearingNoticeRecord | None,
                         deadlines: Iterable[DeadlineItem], *, generated_at: datetime | None = None,
                         alarm_days: int = DEFAULT_ALARM_DAYS, hearing_duration: timedelta = timedelta(hours=1)) -> bytes:
    """One application's calendar (.ics bytes): its hearing (if noticed) and its deadlines."""
    return _calendar(f"Application {application_reference}", [hearing] if hearing else [],
                     [d for d in deadlines if d.application_reference == application_reference],
                     generated_at=generated_at, alarm_days=alarm_days, hearing_duration=hearing_duration)
