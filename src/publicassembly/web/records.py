"""Adapters from the workflow's models to the documents layer's records (`publicassembly.documents.records`):
field copying only; every legal value (deadlines, penalty ranges) comes from the law core through the
services."""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime, time
from typing import Any

from publicassembly.documents.records import HearingNoticeRecord
from publicassembly.permits.documents import (  # shared with the CLI and the API
    applicant_name,
    event_name,
    permit_record,
    property_address,
    reference,
)

__all__ = ["applicant_name", "event_name", "hearing_notice_record", "permit_record", "property_address",
           "reference"]


#: The hour printed when no time was set and the notice record cannot say "to be announced" (older documents).
LEGACY_HEARING_TIME = time(19, 0)


def _hearing_fields(app: Any) -> dict[str, Any]:
    """The hearing's moment as the Clerk set it: its date at ``hearing_time``; with no time set, midnight of the
    date and — where the documents layer's record carries it — ``hearing_time_to_be_announced`` so the notice
    prints "time to be announced" instead of an hour nobody fixed."""
    if "hearing_time_to_be_announced" in {f.name for f in fields(HearingNoticeRecord)}:
        return {"hearing_at": datetime.combine(app.hearing_on, app.hearing_time or time(0, 0)),
                "hearing_time_to_be_announced": app.hearing_time is None}
    # until the documents layer carries "to be announced": the Board's usual evening hour, as before
    return {"hearing_at": datetime.combine(app.hearing_on, app.hearing_time or LEGACY_HEARING_TIME)}


def hearing_notice_record(app: Any) -> HearingNoticeRecord:
    """The notice of public hearing of `app` (scheduled). The latest publication date is the law core's
    ``hearing_notice_due`` as the permits service computes it."""
    from publicassembly.permits import services

    due = services.deadlines(app).get("hearing_notice_due")
    latest = (due.act_by or due.date) if due is not None else app.notice_published_on
    return HearingNoticeRecord(
        town=app.town.name, application_reference=reference(app), applicant=applicant_name(app),
        event=event_name(app), property_address=property_address(app),
        hearing_place=app.hearing_place, **_hearing_fields(app),
        latest_publication_date=latest, newspaper=app.newspaper or "the official newspaper")
