"""Adapters from the permit applications (Carmel ch. 31) to the documents layer's records
(`publicassembly.documents.records`), shared by the CLI, the web pages and the API: field copying only; every
legal value (deadlines, the cleanup day) comes from the law core through `publicassembly.permits.services`.

- `permit_record(app)`: the permit of an issued application (¶ A);
- `petition_record(app)`: the verified petition (¶ B (1)-(15)) as the applicant filled it in;
- `hearing_notice_record(app)`: the notice of public hearing (¶ B), under the application's reference
  (`calendar_reference`) before and after the permit is issued;
- `deadline_items(app)`, `application_calendar(app)`, `town_calendar(town)`: the iCalendar documents (each
  application under `calendar_reference`, ``<town alias>/<id>``);
- `blds_permit_rows(town)`, `blds_inspection_rows(town)`: the applications and their cleanup inspections
  (¶ F) as BLDS rows.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import date, datetime, time
from decimal import Decimal, InvalidOperation
from typing import Any

from publicassembly.documents.records import (
    DEFAULT_ALARM_DAYS,
    DeadlineItem,
    HearingNoticeRecord,
    InsuranceRecord,
    PermitRecord,
    PermitStatus,
    PetitionRecord,
)
from publicassembly.workflow.errors import WorkflowError
from publicassembly.workflow.people import person_name

log = logging.getLogger(__name__)

#: Where each deadline of the law core comes from (the iCalendar VTODO's description).
DEADLINE_CITATIONS = {
    "application_due": "Carmel Code ch. 31, permit requirements ¶ B",
    "decision_due": "Carmel Code ch. 31, permit requirements ¶ B; GCL §§ 20, 25-a",
    "hearing_notice_due": "Carmel Code ch. 31, permit requirements ¶ B; GCL § 20",
    "cleanup_due": "Carmel Code ch. 31, permit requirements ¶ F",
}

#: Applications that are not public records of a hearing or a permit (never in a feed or an export).
UNPUBLISHED = ("draft",)
#: Applications whose deadlines still run (the others are decided, withdrawn or closed).
OPEN_STATES = ("submitted", "incomplete", "amended", "accepted", "hearing_scheduled", "hearing_held", "approved",
               "issued", "assembly_held", "cleanup_inspected")


def _facts(app: Any) -> dict[str, Any]:
    return app.facts or {}


def event_name(app: Any) -> str:
    """The assembly's name (or purpose) as the applicant gave it."""
    f = _facts(app)
    return f.get("name") or f.get("purpose") or f"application {app.pk}"


def applicant_name(app: Any) -> str:
    """The applicant's name from the petition, else the applicant user's."""
    a = _facts(app).get("applicant") or {}
    return a.get("name") or person_name(app.applicant)


def property_address(app: Any) -> str:
    """The addresses of the property or properties, joined with ``; `` (``—`` when none)."""
    props = _facts(app).get("properties") or []
    return "; ".join(p.get("address") or "" for p in props if p.get("address")) or "—"


def reference(app: Any) -> str:
    """The permit number once issued, else ``<town alias>/<id>``."""
    return app.permit_number or f"{app.town.jurisdiction_alias}/{app.pk}"


def hearing_at(app: Any, hearing_time: time | None = None) -> tuple[datetime, bool]:
    """The hearing's moment (naive, the Town's local time) and whether its hour is still to be announced: its
    date at `hearing_time`, else at the ``hearing_time`` the Clerk set; with neither, midnight of the date and
    True (the notice then says the time is to be announced, as the web's notice does)."""
    at = hearing_time or getattr(app, "hearing_time", None)
    return datetime.combine(app.hearing_on, at or time(0, 0)), at is None


def hearing_notice_record(app: Any, hearing_time: time | None = None) -> HearingNoticeRecord:
    """The notice of public hearing of `app` (scheduled, its publication recorded or not yet: G-10). The latest
    publication date is the law core's ``hearing_notice_due`` as the permits service computes it
    (`services.hearing_notice_due`). Its reference is the application's, ``<town alias>/<id>``
    (`calendar_reference`), before and after a permit is issued: a notice once published keeps the reference it
    was published with (the permit number, issued after the hearing, is no reference of the notice). Raises
    ValueError when no hearing is set."""
    from publicassembly.permits import services

    if app.hearing_on is None:
        raise ValueError(f"application {app.pk}: no public hearing has been scheduled")
    due = services.hearing_notice_due(app)
    assert due is not None  # (a hearing is set)
    latest = due.act_by or due.date
    moment, to_be_announced = hearing_at(app, hearing_time)
    return HearingNoticeRecord(
        town=app.town.name, application_reference=calendar_reference(app), applicant=applicant_name(app),
        event=event_name(app), property_address=property_address(app), hearing_at=moment,
        hearing_time_to_be_announced=to_be_announced, hearing_place=app.hearing_place,
        latest_publication_date=latest, newspaper=app.newspaper or "the official newspaper",
        revision=services.hearing_revision(app), published_on=app.notice_published_on)


def _iso_day(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


#: Application states whose permit no longer authorizes anything: the assembly was held or the case closed.
PERMIT_SPENT = ("assembly_held", "cleanup_inspected", "bond_released", "bond_forfeited", "closed")


def permit_status(app: Any) -> PermitStatus:
    """The status a permit's PDF states (`publicassembly.documents.records.PERMIT_STATUSES`): ``revoked`` by
    the Board (¶ G), ``expired`` once its assembly was held or the case closed, else ``valid``."""
    if app.state == "revoked":
        return "revoked"
    if app.state in PERMIT_SPENT:
        return "expired"
    return "valid"


#: States of an application on which no permit was issued and none will be (the Town Board denied it, the
#: applicant withdrew it, or it was closed without one: exempt, or its assembly's last day passed undecided).
NO_PERMIT_EVER = ("denied", "withdrawn", "closed")


class NoPermitIssued(WorkflowError):
    """The permit of an application on which none has been issued (HTTP 409, as any other action asked of a
    case in a state that does not allow it): not a value entered wrong, but a permit that does not exist yet —
    it is issued by the Town Board through its Clerk once the Board has approved the application and every
    precondition of issuance is met (Carmel ch. 31, permit requirements ¶ A) — or will never exist (denied,
    withdrawn, closed without one: `NO_PERMIT_EVER`). ``state``: the application's state."""

    http_status = 409

    def __init__(self, app: Any) -> None:
        from django.utils.translation import gettext as _

        self.state = str(app.state)
        label = str(app.get_state_display()) if hasattr(app, "get_state_display") else self.state
        values = {"number": app.pk, "state": label}
        if self.state in NO_PERMIT_EVER:
            message = _("no permit has been issued on application %(number)s, and none will be: it is %(state)s "
                        "(Carmel ch. 31, permit requirements ¶ A)") % values
        else:
            message = _("no permit has been issued on application %(number)s yet: it is %(state)s; the Town Clerk "
                        "issues the permit once the Town Board has approved the application and every "
                        "precondition of issuance is met (Carmel ch. 31, permit requirements ¶ A)") % values
        super().__init__(message)


def require_permit_issued(app: Any) -> None:
    """Raise `NoPermitIssued` (409) unless a permit has been issued on `app`: the permit PDF of the web page and
    of the API is asked only of an application that has one (the command line's ``permit --application`` is
    refused by `permit_record`, exit 2)."""
    if not app.permit_number or app.issued_on is None:
        raise NoPermitIssued(app)


def permit_record(app: Any) -> PermitRecord:
    """The permit of an issued application: its facts, the Board's conditions, insurance and bond, and the
    cleanup deadline of the law core. Raises ValueError when no permit has been issued."""
    from publicassembly.permits import services

    if not app.permit_number or app.issued_on is None:
        raise ValueError(f"application {app.pk}: no permit has been issued on it")
    f = _facts(app)
    dates = f.get("dates") or {}
    props = f.get("properties") or [{}]
    cert = app.insurance_certificates.order_by("recorded_on", "id").last()
    insurance = InsuranceRecord(
        bodily_injury_limit=cert.bodily_injury_limit if cert else Decimal(0),
        property_damage_limit=cert.property_damage_limit if cert else Decimal(0),
        insurer=cert.insurer if cert else "", policy_number=cert.policy_number if cert else "")
    cleanup = services.deadlines(app).get("cleanup_due")
    first = _iso_day(dates.get("first_day")) or app.issued_on
    last = _iso_day(dates.get("last_day")) or first
    clerk = app.history.filter(state="issued").order_by("history_date").first()
    return PermitRecord(
        number=app.permit_number, town=app.town.name, permittee=applicant_name(app),
        property_address=props[0].get("address") or "", record_owner=props[0].get("record_owner") or "",
        first_day=first, last_day=last, hours=dates.get("daily_hours") or "",
        maximum_persons=int(f.get("max_persons_at_one_time") or 0),
        conditions=tuple(str(c) for c in (app.conditions or [])), insurance=insurance,
        bond_amount=app.bond_amount or Decimal(0),
        cleanup_due_date=cleanup.date if cleanup else last, issued_date=app.issued_on,
        clerk_name=person_name(clerk.history_user, app.town) if clerk is not None else "", purpose=f.get("purpose") or "",
        status=permit_status(app), revoked_date=app.revoked_on if app.state == "revoked" else None,
        **bond_settled(app))


def bond_settled(app: Any) -> dict[str, Any]:
    """What the Town Board did with the bond of `app` (``bond_disposition``: released or forfeited, after the
    cleanup inspection or the permit's revocation; interpretations P-3, P-32), the day it did so as it was recorded
    with the act (``bond_disposition_on``: the day of the Board's decision, which may be before the day it was
    recorded, P-38; for a record without one, the Town's date of the history row that recorded the act) and the
    reason that row keeps, as `PermitRecord`'s fields; nothing while the bond is posted (interpretation P-35). The
    application page says it too, as does a bond released on an application that ended without a permit (P-36)."""
    from django.utils import timezone

    if app.bond_disposition not in ("released", "forfeited"):
        return {}
    row = app.history.filter(bond_disposition=app.bond_disposition).order_by("history_date", "history_id").first()
    day = app.bond_disposition_on or (timezone.localdate(row.history_date) if row is not None else None)
    out: dict[str, Any] = {"bond_disposition": app.bond_disposition}
    if day is not None:  # (a record without its day nor its history: the act is known, not its day)
        out["bond_disposition_date"] = day
    if row is not None:
        out["bond_disposition_reason"] = (row.history_change_reason or "").strip()
    return out


def _int(value: Any) -> int | None:
    try:
        return None if value is None or isinstance(value, bool) else int(value)
    except (TypeError, ValueError):
        return None


def _dec(value: Any) -> Decimal | None:
    try:
        return None if value is None or isinstance(value, bool) else Decimal(str(value))
    except InvalidOperation:
        return None


def _title(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("title") or value.get("description") or "")
    return str(value or "")


def _into_another_day(dates: dict[str, Any]) -> bool | None:
    """Whether the stored dates and hours continue into another day (¶ B(14), C-18; None: not known), so that
    item (14) prints the housing statement only then (the web keeps it when the hours change)."""
    from publicassembly.law.jurisdictions.us_ny_carmel.facts import continues_into_another_day

    try:
        first = date.fromisoformat(str(dates.get("first_day")))
        last = date.fromisoformat(str(dates["last_day"])) if dates.get("last_day") else None
    except ValueError:
        return None
    return continues_into_another_day(first, last, dates.get("daily_hours"))


def petition_record(app: Any) -> PetitionRecord:
    """The verified petition (¶ B (1)-(15)) as the applicant filled it in (blank items stay blank)."""
    f = _facts(app)
    a = f.get("applicant") or {}
    agent = a.get("agent") or {}
    props = f.get("properties") or [{}]
    dates = f.get("dates") or {}
    pet = f.get("petition") or {}
    food = pet.get("food") or {}
    security = pet.get("security") or {}
    fire = pet.get("fire_protection") or {}
    lights = pet.get("outdoor_lights_or_signs") or {}
    camping = pet.get("camping_or_housing") or {}
    sound = pet.get("sound_equipment") or []
    hours = ""
    if dates.get("first_day"):
        hours = f"{dates.get('first_day')} to {dates.get('last_day') or dates.get('first_day')}"
        if dates.get("daily_hours"):
            hours += f", {dates['daily_hours']} each day"
    attachments = [t for t in (_title(pet.get(k)) for k in ("site_map", "facilities_plan", "parking_plan")) if t]
    return PetitionRecord(
        town=app.town.name,
        applicant_name=str(a.get("name") or applicant_name(app)),
        applicant_age=_int(a.get("age")),
        applicant_residence_address=str(a.get("residence_address") or ""),
        corporation_name=str(a.get("name") or "") if a.get("is_corporation") else "",
        directors_and_officers=tuple(
            f"{d.get('name', '')}, {d.get('address', '')}".strip(", ") if isinstance(d, dict) else str(d)
            for d in a.get("directors_and_officers") or []),
        agent_name=str(agent.get("name") or ""), agent_address=str(agent.get("address") or ""),
        property_address=property_address(app) if props else "",
        record_owner="; ".join(str(p.get("record_owner")) for p in props if p.get("record_owner")),
        applicant_interest="; ".join(str(p.get("applicant_interest")) for p in props if p.get("applicant_interest")),
        dates_and_hours=hours,
        persons_at_one_time=_int(f.get("max_persons_at_one_time")),
        persons_collectively=_int(f.get("persons_collectively")),
        vehicles_at_one_time=_int(f.get("vehicles_at_one_time")),
        vehicles_collectively=_int(f.get("vehicles_collectively")),
        purpose=str(f.get("purpose") or ""),
        admission_fee=_dec(f.get("admission_fee")),
        survey_map=_title(pet.get("site_map")),
        facilities_plan=_title(pet.get("facilities_plan")),
        parking_plan=_title(pet.get("parking_plan")),
        sound_equipment="; ".join(
            f"{s.get('number', '')} {s.get('type', '')} ({s.get('location', '')})".strip() if isinstance(s, dict)
            else str(s) for s in sound),
        food_and_beverage="; ".join(str(food.get(k)) for k in ("preparation_and_distribution", "refuse_disposal")
                                    if food.get(k)),
        security=("; ".join(f"{k}: {security[k]}" for k in ("number", "duties", "hours", "areas") if security.get(k))
                  if security.get("engaged") else ""),
        fire_protection=str(fire.get("precautions") or ""),
        outdoor_lights_and_signs=_title(lights.get("map")) if lights.get("used") else "",
        emergency_medical=str(pet.get("emergency_medical_facilities") or ""),
        camping_housing=_title(camping.get("plan")) if camping.get("available") else "",
        duration=str(pet.get("duration") or ""),
        overnight_housing=str(pet.get("housing_statement") or "") if _into_another_day(dates) is not False else "",
        max_noise_decibels=_dec(pet.get("max_noise_decibels")),
        attachments=tuple(attachments),
        filed_date=app.submitted_on,
    )


# --- calendars ------------------------------------------------------------------------------------------------


def calendar_reference(app: Any) -> str:
    """An application's reference in every calendar: ``<town alias>/<id>`` (e.g. ``carmel-ny/3``), the same for
    its hearing and its deadlines and before and after a permit number is issued, so that a calendar's UIDs
    never change."""
    return f"{app.town.jurisdiction_alias}/{app.pk}"


def deadline_items(app: Any) -> list[DeadlineItem]:
    """The statutory deadlines of `app` from the law core (``services.deadlines``), each with how it was
    counted, its citation and the day it was done (``services.deadline_done_on``: the petition submitted, the
    hearing's notice published, the Board's approval or denial, the waste found completely removed; P-27), as
    the application page lists them. A draft's too (its own calendar: the petition's filing is
    the applicant's to do); the Town's feed leaves drafts out (`_town_apps`). An empty list for a draft whose
    facts the law core refuses (its page shows no deadline either, until they are corrected; the API's
    ``deadlines`` is then null, not known: W-26); `ValidationFailed` for another application's."""
    from publicassembly.permits import services
    from publicassembly.workflow.errors import ValidationFailed

    ref = calendar_reference(app)
    try:
        counted = services.deadlines(app)
    except ValidationFailed:
        if app.state in UNPUBLISHED:
            return []
        raise
    return [DeadlineItem(ref, name, d.act_by or d.date, d.counted, DEADLINE_CITATIONS.get(name, ""),
                         services.deadline_done_on(app, name),
                         last_day=d.date if d.act_by is not None and d.act_by != d.date else None)
            for name, d in sorted(counted.items())]


def application_calendar(app: Any, *, alarm_days: int = DEFAULT_ALARM_DAYS) -> bytes:
    """One application's calendar (.ics bytes): its public hearing (if scheduled) and its deadlines."""
    from publicassembly.documents import calendars

    hearing = hearing_notice_record(app) if app.hearing_on else None
    return calendars.application_calendar(calendar_reference(app), hearing, deadline_items(app),
                                          alarm_days=alarm_days)


def _town_apps(town: Any) -> Iterable[Any]:
    from publicassembly.permits.models import PermitApplication

    return list(PermitApplication.objects.for_town(town).exclude(state__in=UNPUBLISHED)
                .select_related("town", "applicant").order_by("pk"))


def town_calendar(town: Any, *, public: bool = True, alarm_days: int = DEFAULT_ALARM_DAYS,
                  skipped: list[str] | None = None) -> bytes:
    """A Town's calendar feed (.ics bytes).

    `public` (the web's ``/towns/<alias>/hearings.ics``): the public hearings only (VEVENT), upcoming and held,
    of every application whose hearing was scheduled, including those later denied, revoked or closed (a
    hearing held is a public record under ¶ B), but not of withdrawn ones; no deadlines (they are the Town's
    and the applicant's to-dos). Otherwise (the CLI's full feed) also the statutory deadlines (VTODO with an
    alarm) of every open application. An application whose stored facts the law core refuses is left out and
    its note (``application carmel-ny/7: facts need correction: ...``) appended to `skipped` when it is given,
    else logged as a warning (the served feed). A town that runs no permits holds no hearing under ch. 31 ¶ B:
    `services.NoPermits` (404, as an unknown town), not an empty calendar a subscriber would wait on."""
    from publicassembly.documents import calendars
    from publicassembly.permits import services
    from publicassembly.workflow.errors import ValidationFailed

    services.require_permits(town)
    hearings, deadlines = [], []
    for app in _town_apps(town):
        try:
            if app.hearing_on is not None and app.state != "withdrawn":
                hearing = hearing_notice_record(app)
            else:
                hearing = None
            todo = deadline_items(app) if app.state in OPEN_STATES and not public else []
        except ValidationFailed as e:  # one record the law core refuses must not stop the others
            note = f"application {calendar_reference(app)}: {services.correction_note(e)}"
            if skipped is not None:
                skipped.append(note)  # the caller says it (the CLI prints it once)
            else:
                log.warning("calendar of %s: left out %s", town, note)
            continue
        if hearing is not None:
            hearings.append(hearing)
        deadlines.extend(todo)
    name = f"{town.name}: public hearings" if public else None
    return calendars.town_feed(town.name, hearings, deadlines, alarm_days=alarm_days, name=name)


# --- BLDS -----------------------------------------------------------------------------------------------------


def _status_day(app: Any) -> date | None:
    for f in ("closed_on", "withdrawn_on", "revoked_on", "cleanup_inspected_on", "assembly_ended_on", "issued_on",
              "decided_on", "hearing_held_on", "submitted_on"):
        day: date | None = getattr(app, f, None)
        if day:
            return day
    return None


def blds_permit_row(app: Any, *, link: str = "") -> Any:
    """One application as a BLDS Permits row (its workflow state as StatusCurrent); the event's fields go to
    ExtraFields."""
    from publicassembly.documents import blds

    if app.permit_number and app.issued_on is not None:
        row = blds.row_from_permit(permit_record(app), status=app.state, applied_date=app.submitted_on,
                                   status_date=_status_day(app), completed_date=app.closed_on,
                                   jurisdiction=app.town.name, link=link)
        return row
    f = _facts(app)
    dates = f.get("dates") or {}
    return blds.BldsPermitRow(
        permit_num=reference(app), description=f.get("purpose") or event_name(app), status=app.state,
        applied_date=app.submitted_on or app.created_at.date(), status_date=_status_day(app),
        completed_date=app.closed_on, address1=property_address(app), jurisdiction=app.town.name,
        publisher=app.town.name, link=link,
        extra={"event": event_name(app), "applicant": applicant_name(app),
               "maximum_persons": _int(f.get("max_persons_at_one_time")),
               "first_day": dates.get("first_day"), "last_day": dates.get("last_day")})


def blds_permit_rows(town: Any) -> list[Any]:
    """Every application of `town` except drafts, as BLDS Permits rows."""
    return [blds_permit_row(a) for a in _town_apps(town)]


def blds_inspection_rows(town: Any) -> list[Any]:
    """The cleanup inspections (¶ F) of `town`'s applications as BLDS Inspections rows."""
    from publicassembly.documents import blds

    out = []
    for app in _town_apps(town):
        if app.cleanup_inspected_on is None:
            continue
        out.append(blds.BldsInspectionRow(
            permit_num=reference(app), kind="cleanup", inspected_date=app.cleanup_inspected_on,
            result="passed" if app.cleanup_result == "complete" else "failed",
            description="Inspection of the removal of waste after the assembly (Carmel Code ch. 31 ¶ F)",
            final=True, extra={"cleanup_result": app.cleanup_result}))
    return out


BLDS_DATASETS = ("permits", "inspections")


def town_blds_rows(town: Any, dataset: str) -> list[Any]:
    """The BLDS rows of `town` for `dataset` (``permits``: its applications for permits, Carmel ch. 31, and
    its certificates of places of assembly, Mount Pleasant ch. 164; ``inspections``: cleanup inspections and
    venue inspections). Raises ValueError naming the allowed datasets."""
    from publicassembly.venues import documents as venue_docs

    if dataset == "permits":
        return blds_permit_rows(town) + venue_docs.blds_certificate_rows(town)
    if dataset == "inspections":
        return blds_inspection_rows(town) + venue_docs.blds_inspection_rows(town)
    raise ValueError(f"dataset: {dataset!r} is not allowed; allowed: {', '.join(BLDS_DATASETS)}")


#: Who may export a town's BLDS data, and the formats (ending → content type).
BLDS_ROLES = ("town_clerk", "building_inspector", "administrator")
BLDS_FORMATS = {"csv": "text/csv; charset=utf-8", "json": "application/json"}


def blds_export(by: Any, town: Any, dataset: str, fmt: str) -> tuple[str | bytes, str, str]:
    """The BLDS export of `town` for the web page and the API alike: (data, content type, file name). `by` must
    hold one of `BLDS_ROLES` in the town (`NotAllowed`); `dataset` one of `BLDS_DATASETS` and `fmt` one of
    `BLDS_FORMATS`, else `ValidationFailed` naming ``dataset`` or ``format``."""
    from django.utils.translation import gettext as _

    from publicassembly.documents import blds
    from publicassembly.workflow.access import require_role
    from publicassembly.workflow.errors import ValidationFailed

    require_role(by, town, *BLDS_ROLES)
    if dataset not in BLDS_DATASETS:
        raise ValidationFailed("dataset", _("%(value)s is not allowed; allowed: %(allowed)s")
                               % {"value": repr(dataset), "allowed": ", ".join(BLDS_DATASETS)})
    if fmt not in BLDS_FORMATS:
        raise ValidationFailed("format", _("%(value)s is not allowed; allowed: %(allowed)s")
                               % {"value": repr(fmt), "allowed": ", ".join(BLDS_FORMATS)})
    data = getattr(blds, f"{dataset}_{fmt}")(town_blds_rows(town, dataset))
    return data, BLDS_FORMATS[fmt], f"{town.jurisdiction_alias}-blds-{dataset}.{fmt}"
