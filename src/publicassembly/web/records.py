"""Adapters from the workflow's models to the documents layer's records (`publicassembly.documents.records`):
field copying only; every legal value (deadlines, penalty ranges) comes from the law core through the
services."""

from __future__ import annotations

from dataclasses import fields
from datetime import datetime, time
from decimal import Decimal
from typing import Any

from publicassembly.documents.records import HearingNoticeRecord, InsuranceRecord, PermitRecord


def _person(user: Any) -> str:
    return (user.get_full_name() or user.get_username()) if user is not None else ""


def _facts(app: Any) -> dict[str, Any]:
    return app.facts or {}


def event_name(app: Any) -> str:
    f = _facts(app)
    return f.get("name") or f.get("purpose") or f"application {app.pk}"


def applicant_name(app: Any) -> str:
    a = _facts(app).get("applicant") or {}
    return a.get("name") or _person(app.applicant)


def property_address(app: Any) -> str:
    props = _facts(app).get("properties") or []
    return "; ".join(p.get("address") or "" for p in props if p.get("address")) or "—"


def reference(app: Any) -> str:
    return app.permit_number or f"{app.town.jurisdiction_alias}/{app.pk}"


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


def permit_record(app: Any) -> PermitRecord:
    """The permit of an issued application: its facts, the Board's conditions, insurance and bond, and the
    cleanup deadline of the law core."""
    from publicassembly.permits import services

    f = _facts(app)
    dates = f.get("dates") or {}
    props = f.get("properties") or [{}]
    cert = app.insurance_certificates.order_by("recorded_on", "id").last()
    insurance = InsuranceRecord(
        bodily_injury_limit=cert.bodily_injury_limit if cert else Decimal(0),
        property_damage_limit=cert.property_damage_limit if cert else Decimal(0),
        insurer=cert.insurer if cert else "", policy_number=cert.policy_number if cert else "")
    cleanup = services.deadlines(app).get("cleanup_due")
    first = datetime.fromisoformat(dates["first_day"]).date() if dates.get("first_day") else app.issued_on
    last = datetime.fromisoformat(dates["last_day"]).date() if dates.get("last_day") else first
    clerk = app.history.filter(state="issued").order_by("history_date").first()
    return PermitRecord(
        number=app.permit_number, town=app.town.name, permittee=applicant_name(app),
        property_address=props[0].get("address") or "", record_owner=props[0].get("record_owner") or "",
        first_day=first, last_day=last, hours=dates.get("daily_hours") or "",
        maximum_persons=int(f.get("max_persons_at_one_time") or 0),
        conditions=tuple(str(c) for c in (app.conditions or [])), insurance=insurance,
        bond_amount=app.bond_amount or Decimal(0),
        cleanup_due_date=cleanup.date if cleanup else last, issued_date=app.issued_on,
        clerk_name=_person(clerk.history_user) if clerk is not None else "", purpose=f.get("purpose") or "")
