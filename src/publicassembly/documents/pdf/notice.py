"""The notice of public hearing on an application for a permit, for publication in the official newspaper
(Carmel ch. 31, permit requirements ¶ B)."""

from __future__ import annotations

from datetime import datetime

from publicassembly.documents.pdf import typeface
from publicassembly.documents.pdf._common import build, esc, long_date, p
from publicassembly.documents.records import HearingNoticeRecord

CITE = "Carmel Code ch. 31, permit requirements ¶ B"


def _time(moment: datetime) -> str:
    hour = moment.hour % 12 or 12
    return f"{hour}:{moment.minute:02d} {'a.m.' if moment.hour < 12 else 'p.m.'}"


def render_hearing_notice(record: HearingNoticeRecord) -> bytes:
    """The notice as PDF bytes: the Town Board's public hearing (date, time, place) on the application, the
    applicant, event and property, and — for the newspaper — the latest date of publication (the law core's
    ``hearing_notice_due``). Raises ValueError when that date is not before the hearing,
    `typeface.UnprintableText` (a ValueError) naming each text the typeface cannot print."""
    if record.latest_publication_date >= record.hearing_at.date():
        raise ValueError(f"latest_publication_date: {record.latest_publication_date} is not before the hearing "
                         f"on {record.hearing_at.date()}")
    typeface.check(record)
    at = ("a time to be announced by the Town Clerk" if record.hearing_time_to_be_announced
          else f"<b>{_time(record.hearing_at)}</b>")
    story = [
        p(f"To the publisher of {esc(record.newspaper)}, the official newspaper: publish at least once, on or "
          f"before <b>{long_date(record.latest_publication_date)}</b> (latest publication date, {CITE}). "
          f"Reference {esc(record.application_reference)}.", "small"),
        p("Legal Notice", "subtitle"),
        p(f"Notice of Public Hearing<br/>{esc(record.town)}", "title"),
        p(f"PLEASE TAKE NOTICE that the Town Board of the {esc(record.town)} will hold a public hearing on "
          f"<b>{long_date(record.hearing_at)}</b> at {at}, at "
          f"{esc(record.hearing_place)}, on the application of <b>{esc(record.applicant)}</b> for a permit under "
          f"the Public Assembly Ordinance (Carmel Code ch. 31) to hold an assembly, <b>{esc(record.event)}</b>, "
          f"at the property known as {esc(record.property_address)}."),
        p("The verified petition and its maps and plans are on file and may be examined in the office of the "
          "Town Clerk during regular business hours. At the hearing all persons interested will be given an "
          "opportunity to be heard."),
        p(f"BY ORDER OF THE TOWN BOARD OF THE {esc(record.town).upper()}<br/>Town Clerk"),
        p(f"Application {esc(record.application_reference)}. Published pursuant to {CITE}.", "small"),
    ]
    return build(story, title=f"Notice of public hearing {record.application_reference}", subject=CITE)
