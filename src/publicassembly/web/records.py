"""Adapters from the workflow's models to the documents layer's records (`publicassembly.documents.records`):
field copying only; every legal value (deadlines, penalty ranges) comes from the law core through the
services."""

from __future__ import annotations

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


#: The hearing's hour when the application records only its date (the Town Board's usual evening meeting).
DEFAULT_HEARING_TIME = time(19, 0)


def hearing_notice_record(app: Any) -> HearingNoticeRecord:
    """The notice of public hearing of `app` (scheduled). The latest publication date is the law core's
    ``hearing_notice_due`` as the permits service computes it."""
    from publicassembly.permits import services

    due = services.deadlines(app).get("hearing_notice_due")
    latest = (due.act_by or due.date) if due is not None else app.notice_published_on
    return HearingNoticeRecord(
        town=app.town.name, application_reference=reference(app), applicant=applicant_name(app),
        event=event_name(app), property_address=property_address(app),
        hearing_at=datetime.combine(app.hearing_on, DEFAULT_HEARING_TIME), hearing_place=app.hearing_place,
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
