"""The towns' records over HTTP, with the same permissions and town isolation as the pages: every resource
under ``/towns/{town}/`` (the jurisdiction alias) is read and changed through the workflow services, which check
the token user's role in that town; another town's record is 404, never shown."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from ninja import Field, Router, Schema, Status

from publicassembly.api.auth import token_auth
from publicassembly.api.inputs import BodyIn, RecordId
from publicassembly.api.law import ErrorOut
from publicassembly.law.jsonable import jsonable
from publicassembly.web.towns import town_for
from publicassembly.workflow.access import require_role
from publicassembly.workflow.errors import NotFound, ValidationFailed

router = Router(tags=["records"], auth=token_auth)
public = Router(tags=["records"])

ERRORS = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut, 422: ErrorOut}


def _no_nul(value: Any, where: str) -> None:
    """PostgreSQL text and JSON cannot hold NUL characters: refuse them with 422 naming the field (the first, and
    every one in ``errors``: `nuls_found`)."""
    found = nuls_found(value, where)
    if found:
        raise ValidationFailed(*found[0], errors=found)


def nuls_found(value: Any, where: str) -> list[tuple[str, str]]:
    """(field, message) for every text in `value` (a text, or mappings and lists of them: ``where.key``,
    ``where[i]``, a key and its value told once) that holds a NUL character; empty when none does."""
    if isinstance(value, str):
        return [(where, "must not contain NUL characters")] if "\x00" in value else []
    found: list[tuple[str, str]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            found += nuls_found(k, f"{where}.{k}") or nuls_found(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += nuls_found(v, f"{where}[{i}]")
    return found


def _town(alias: str) -> Any:
    try:
        return town_for(alias)
    except Http404:
        raise NotFound("town", alias) from None


def _places_town(alias: str) -> Any:
    """The Town of `alias`, whose law has places of assembly (Mount Pleasant ch. 164); a town whose law has none
    (Carmel ch. 31) is `NoPlacesOfAssembly`, 404 with one sentence, before anything is read or stored — as the
    permit endpoints of a town that issues no permits (`permits.services.require_permits`)."""
    from publicassembly.venues import services as vs

    t = _town(alias)
    vs.require_places_of_assembly(t)
    return t


class ApplicationOut(Schema):
    id: int
    town: str
    state: str
    version: int
    facts: dict[str, Any]
    submitted_on: str | None
    hearing_on: str | None
    hearing_time: str | None = None
    hearing_place: str = ""
    newspaper: str = ""
    notice_published_on: str | None = None
    permit_number: str
    decision_overdue: bool
    hearing_after_decision_due: str | None = None
    bond_amount: str | None = None
    bodily_injury_limit: str | None = None
    issued_on: str | None = None
    assembly_ended_on: str | None = None
    cleanup_inspected_on: str | None = None
    cleanup_result: str = ""
    cleanup_completed_on: str | None = None
    revoked_on: str | None = None
    revocation_grounds: list[str] = []
    bond_disposition: str = ""
    bond_disposition_on: str | None = None
    closed_on: str | None = None
    facts_error: str | None = None
    ended_after_permit_last_day: str | None = None
    exemption_not_accepted_on: str | None = None


def _iso(d: Any) -> str | None:
    return d.isoformat() if d else None


def _dollars(value: Any) -> str | None:
    return None if value is None else str(value)


def _app(a: Any, law: Any = None) -> dict[str, Any]:
    """An application as the API shows it: money (the Board's bond and bodily injury limit, ¶¶ E-F) in US
    dollars as decimal strings, dates ``YYYY-MM-DD``, the hearing's time ``HH:MM`` (local time; null while not
    set or to be announced), empty text or null when not yet recorded.
    ``facts_error``: null, or ``facts need correction: <field>: <message>`` when the law core refuses the stored
    facts (then ``decision_overdue`` is false: no deadline can be counted from them).
    ``hearing_after_decision_due``: the Board's last day to act (¶ B) when the public hearing is set after it
    and the Board has not decided (the decision will be late, interpretation P-4), else null.
    ``ended_after_permit_last_day``: the permit's last day when the assembly's end recorded is after it (the days
    after it had no permit, ¶ A; interpretation P-23), else null. ``revoked_on`` and ``revocation_grounds``: the
    day and grounds of ¶ G of a revocation (null and empty before one); ``bond_disposition``: ``released`` or
    ``forfeited`` once the Town Board has acted on the bond — of a revoked permit too (P-32) —, and
    ``bond_disposition_on`` the day it did (null before; P-38). ``exemption_not_accepted_on``: the day the Town
    Board recorded that it does not accept the exemption claimed (P-20), else null."""
    from publicassembly.permits import services as sv
    from publicassembly.workflow.errors import ValidationFailed

    law = law or sv.ManyApplications([a])
    try:
        problem = law.problem(a)
        if problem is not None:
            raise problem
        overdue, due = law.decision_overdue(a)
        after, facts_error = sv.hearing_after_decision_due(a, due), None
    except ValidationFailed as e:
        overdue, after, facts_error = False, None, sv.correction_note(e)
    return {"id": a.pk, "town": a.town.jurisdiction_alias, "state": a.state, "version": a.version,
            "facts": a.facts, "submitted_on": _iso(a.submitted_on), "hearing_on": _iso(a.hearing_on),
            "hearing_time": a.hearing_time.strftime("%H:%M") if a.hearing_time else None,
            "hearing_place": a.hearing_place, "newspaper": a.newspaper,
            "notice_published_on": _iso(a.notice_published_on),
            "permit_number": a.permit_number, "decision_overdue": overdue, "facts_error": facts_error,
            "hearing_after_decision_due": _iso(after.date) if after else None,
            "bond_amount": _dollars(a.bond_amount), "bodily_injury_limit": _dollars(a.bodily_injury_limit),
            "issued_on": _iso(a.issued_on), "assembly_ended_on": _iso(a.assembly_ended_on),
            "cleanup_inspected_on": _iso(a.cleanup_inspected_on), "cleanup_result": a.cleanup_result,
            "cleanup_completed_on": _iso(a.cleanup_completed_on),
            # (¶ G; a revoked permit's bond is released or forfeited later: P-32)
            "revoked_on": _iso(a.revoked_on), "revocation_grounds": list(a.revocation_grounds or []),
            "bond_disposition": a.bond_disposition,
            "bond_disposition_on": _iso(a.bond_disposition_on),  # (the day the Board acted on it: P-38)
            "closed_on": _iso(a.closed_on),
            # the permit's last day when the assembly's end recorded is after it (¶ A; interpretation P-23)
            "ended_after_permit_last_day": _iso(sv.ended_after_permit(a)),
            "exemption_not_accepted_on": _iso(a.exemption_not_accepted_on)}  # (the Town Board's, P-20)


@router.get("/towns/{town}/applications", response={200: list[ApplicationOut], **ERRORS},
            operation_id="list_applications", summary="Permit applications (Carmel ch. 31)")
def list_applications(request: Any, town: str, state: str | None = None) -> Any:
    """The applications the token's user may see in the town (officials: all; an applicant: their own); with
    ``state`` (e.g. ``submitted``, or several separated by commas: ``submitted,amended``) only those in it (422
    naming ``state`` and the states for one that does not exist). One whose stored facts the law core refuses
    is listed with ``facts_error`` ("facts need correction: <field>: <message>"), never failing the list."""
    from publicassembly.permits import services as sv

    t = _town(town)
    apps = sv.list_applications(request.user, t, state)
    for a in apps:
        a.town = t
    law = sv.ManyApplications(apps, sv.parameter_set(t))
    return [_app(a, law) for a in law.apps]


class FactsIn(BodyIn):
    facts: dict[str, Any]


@router.post("/towns/{town}/applications", response={201: ApplicationOut, **ERRORS},
             operation_id="create_application", summary="Start a draft application")
def create_application(request: Any, town: str, data: FactsIn) -> Any:
    """A new draft of the token's user (an applicant in the town) with the facts of the assembly (the law
    core's ``event`` fields without the Town's own acts). 422 names the field."""
    from publicassembly.permits import services as sv

    _no_nul(data.facts, "facts")
    return Status(201, _app(sv.create_draft(request.user, _town(town), data.facts)))


@router.get("/towns/{town}/applications/{id}", response={200: dict[str, Any], **ERRORS},
            operation_id="get_application", summary="One application with its determination")
def get_application(request: Any, town: str, pk: RecordId) -> Any:
    from publicassembly.permits import services as sv

    app = sv.get_application(request.user, _town(town), pk)
    out = {**_app(app), "bonds": bonds_json(app), "fee_payments": fee_payments_json(app)}
    problem = sv.facts_problem(app)
    if problem is not None:
        # the stored facts are refused by the law core: say which field and how to correct it
        fix = {"draft": "PUT /api/v1/towns/{town}/applications/{pk}",
               "incomplete": "POST /api/v1/towns/{town}/applications/{pk}/amend"}
        # (no blocker can be computed from facts the law core refuses: null, not an empty list, which would read
        # as "nothing stops issuance")
        # (nor a deadline: null, not an empty list, which would read as "no deadline")
        return {**out, "determination": None, "issuance_blockers": None, "deadlines": None,
                "facts_error": sv.correction_note(problem), "facts_error_field": problem.field,
                "correct_with": fix[app.state].format(town=town, pk=pk) if app.state in fix else None}
    det = sv.determination(app)
    return {**out, "determination": det.to_json(), "issuance_blockers": issuance_blockers(app),
            "deadlines": deadlines_json(app, order=list(det.deadlines))}


def deadlines_json(app: Any, order: list[str]) -> list[dict[str, Any]]:
    """The statutory deadlines of `app` as its page and its calendar list them (`permits.documents.deadline_items`:
    the law core's deadlines with the day the Town's record shows each done, P-27), each ``{name, due, last_day,
    counted, citation, done_on, done_late}`` (dates YYYY-MM-DD or null): ``due`` the day to act by, ``last_day``
    the law's own last day when it is not ``due`` (a day counted backwards on which the Clerk's office is closed),
    ``done_on`` the day of the act, ``done_late`` whether after the law's last day. In the page's order: by the
    law's last day, a tie in `order` (the determination's)."""
    from publicassembly.permits.documents import deadline_items

    items = sorted(deadline_items(app), key=lambda d: (d.last_day or d.due, order.index(d.name)))
    return [{"name": d.name, "due": d.due.isoformat(), "last_day": _iso(d.last_day), "counted": str(d.counted),
             "citation": d.citation, "done_on": _iso(d.done_on), "done_late": d.done_late} for d in items]


def bonds_json(app: Any) -> list[dict[str, Any]]:
    """The bonds posted with the Town Clerk (¶ F), oldest first, each ``{id, amount, posted_on, surety,
    document}``: the law core counts their sum against the amount the Town Board fixed, so a clerk sees here a
    bond recorded twice."""
    return [{"id": b.pk, "amount": str(b.amount), "posted_on": b.posted_on.isoformat(), "surety": b.surety,
             "document": b.document_id} for b in app.bonds.order_by("posted_on", "id")]


def fee_payments_json(app: Any) -> list[dict[str, Any]]:
    """The payments of the filing fee recorded (Carmel ch. 31, fee), oldest first, each ``{id, amount, paid_on,
    receipt, recorded_by}`` (amount in US dollars; recorded_by the Clerk's username, null when not known): the
    fee paid is their sum, so a clerk sees here a payment recorded twice."""
    from publicassembly.permits import services as sv

    return [{"id": p.pk, "amount": str(p.amount), "paid_on": p.paid_on.isoformat(), "receipt": p.receipt,
             "recorded_by": p.recorded_by} for p in sv.fee_payments(app)]


def issuance_blockers(app: Any) -> list[dict[str, Any]]:
    """What still stops the permit of `app` from issuing (`permits.services.issuance_blockers`), each
    ``{rule, citation, reason, missing}``: the same list in an application's ``issuance_blockers`` and at
    ``/blockers``, in every state."""
    from publicassembly.permits import services as sv

    return blockers_json(sv.issuance_blockers(app))


def blockers_json(blockers: Any) -> list[dict[str, Any]]:
    """`Blocker`s as the API gives them, ``{rule, citation, reason, missing}``: the shape of a 409's
    ``blockers``, of an application's ``issuance_blockers`` and of a venue's ``certificate_blockers``."""
    return [{"rule": b.rule, "citation": b.citation, "reason": b.reason, "missing": list(b.missing)}
            for b in blockers]


def _venue(v: Any, with_occupancy: bool = False) -> dict[str, Any]:
    """A place of assembly as the API shows it; `with_occupancy` (``GET /venues/{id}``): with the law core's
    ``determination`` of it today and its ``certificate_blockers`` (what stops its certificate, M-17: the
    shape of the 409 of ``POST /venues/{id}/certificates``, judged by the same determination: no query more),
    both null, and ``occupancy_error`` said, when the determination cannot be computed."""
    from publicassembly.venues import services as vs

    links = vs.connections_of(v)  # (§ 164-4: the rooms each connects with, M-23)
    out: dict[str, Any] = {
        "id": v.pk, "town": v.town.jurisdiction_alias, "name": v.name, "address": v.address,
        "commercial": v.commercial, "version": v.version,
        "spaces": [{"id": s.pk, "name": s.name, "kind": s.kind, "use_group": s.use_group, "area": jsonable(s.area),
                    "area_unit": s.area_unit, "alleys": s.alleys, "story": s.story,
                    "common_entrance": s.common_entrance, "connects_with": links.get(s.pk, [])}
                   for s in v.spaces.order_by("id")]}
    if with_occupancy:
        from publicassembly.workflow.errors import ValidationFailed

        try:
            det = vs.compute_occupancy(v)
        except ValidationFailed as e:
            # (null, not an empty list, which would read as "nothing stops the certificate")
            # (an exempt place is refused whatever its rooms: its blocker, as issuing answers it)
            out.update(determination=None, occupancy_error=e.message,
                       certificate_blockers=blockers_json([vs.exemption_blocker(v)]) if v.certificate_exempt
                       else None)
        else:
            out.update(determination=det.to_json(),
                       certificate_blockers=blockers_json(vs.certificate_blockers_of(v, det)))
    return out


@router.get("/towns/{town}/venues", response={200: list[dict[str, Any]], **ERRORS}, operation_id="list_venues",
            summary="Places of assembly (Mount Pleasant ch. 164)")
def list_venues(request: Any, town: str) -> Any:
    """The town's places of assembly for its Building Inspector and enforcement officers; for an applicant, the
    places they own (interpretation W-14, as the pages)."""
    from publicassembly.venues import services as vs

    t = _places_town(town)
    return [_venue(v) for v in vs.visible_venues(request.user, t).order_by("name")]


class BlockerOut(Schema):
    """One thing the law does not allow yet (`workflow.blocked.Blocker`)."""

    rule: str = Field(description="the law core's rule, e.g. mount-pleasant/164-4/place-of-assembly")
    citation: str = Field(description="e.g. Mount Pleasant Code § 164-4")
    reason: str = Field(description="why, in words, and what would change it")
    missing: list[str] = Field(description="the facts missing for the rule, if any")


class VenueOut(Schema):
    """A place of assembly with the law core's determination of it today (Mount Pleasant ch. 164)."""

    id: int
    town: str
    name: str
    address: str
    commercial: bool | None = Field(description="true commercial, false noncommercial, null not stated")
    version: int
    spaces: list[dict[str, Any]] = Field(description=(
        "{id, name, kind, use_group, area, area_unit, alleys, story, common_entrance, connects_with} of each room or "
        "area, in the order entered; kind: room or open_air; connects_with: the names of the rooms or areas it "
        "connects with (§ 164-4), in the order entered, [] when none (a connection is one, whichever room named the "
        "other: it is listed on both); common_entrance: whether its entrance is common with them, null not stated"))
    determination: dict[str, Any] | None = Field(
        description="the law core's determination (as POST /check answers it); null when it cannot be computed")
    certificate_blockers: list[BlockerOut] | None = Field(description=(
        "what stops the certificate from being issued today — the blockers of the 409 that POST "
        "/venues/{id}/certificates would answer: the place is not a place of assembly (rule "
        "mount-pleasant/164-4/place-of-assembly) or its lawful occupancy is 0 persons (rule "
        "mount-pleasant/164-9/certificate-lawful-occupancy; interpretation M-17); it is exempt as used solely for "
        "religious worship (rule mount-pleasant/164-3/religious-worship-exception, W-5: listed alone); its last "
        "inspection found its exits not clear (the rules of §§ 164-2, 164-10, 164-11; M-18). Empty when none; "
        "null when the determination cannot be computed (an exempt place still lists its exemption)"))
    occupancy_error: str | None = Field(None, description="why the determination cannot be computed, else null")


@router.get("/towns/{town}/venues/{id}", response={200: VenueOut, **ERRORS}, operation_id="get_venue",
            summary="One place of assembly with its occupancy")
def get_venue(request: Any, town: str, pk: RecordId) -> Any:
    """The place, its rooms and areas, the law core's determination of it today (occupant loads and lawful
    occupancy, §§ 164-7, 164-8; whether it is a place of assembly and needs a certificate, §§ 164-3, 164-4) and
    its ``certificate_blockers`` (M-17), so that a client knows before ``POST /venues/{id}/certificates``
    whether it would be refused 409, and why."""
    from publicassembly.venues import services as vs

    t = _places_town(town)  # (an applicant: their own places only, another's 404 as one that does not exist: W-14)
    return _venue(vs.get_venue(request.user, t, pk), with_occupancy=True)


@router.get("/towns/{town}/inspections", response={200: list[dict[str, Any]], **ERRORS},
            operation_id="list_inspections", summary="Inspections")
def list_inspections(request: Any, town: str) -> Any:
    from publicassembly.venues import services as vs
    from publicassembly.venues.models import Inspection

    t = _places_town(town)
    require_role(request.user, t, "building_inspector", "enforcement_officer")
    return [{"id": i.pk, "venue": i.venue_id, "scheduled_for": i.scheduled_for.isoformat(), "state": i.state,
             "result": i.result, "done_on": i.done_on.isoformat() if i.done_on else None,
             "exits_not_stated": vs.exits_not_stated(i),
             "deficiencies": [deficiency_json(d) for d in i.deficiencies.all()]}
            for i in Inspection.objects.for_town(t).order_by("-scheduled_for", "-id")]


def deficiency_json(d: Any) -> dict[str, Any]:
    """A deficiency an inspection found, as every answer gives it (the list of inspections and the record of one):
    ``{kind, rule, citation, space, detail}`` — ``space`` the room or area it concerns (an overcrowded room, a room's
    sign: § 164-5, § 164-9), ``""`` when it concerns the place as a whole."""
    return {"kind": d.kind, "rule": d.rule_id, "citation": d.citation, "space": d.space_name, "detail": d.detail}


@router.get("/towns/{town}/violations", response={200: list[dict[str, Any]], **ERRORS},
            operation_id="list_violations", summary="Violations with their penalty range")
def list_violations(request: Any, town: str) -> Any:
    from publicassembly.enforcement import services as es
    from publicassembly.enforcement.models import Violation

    t = _town(town)
    require_role(request.user, t, "building_inspector", "enforcement_officer", "town_clerk")
    return [{"id": v.pk, "complaint": v.complaint_id, "offender": v.offender.name, "rule": v.rule_id,
             "citation": v.citation, "observed_on": v.observed_on.isoformat(), "state": v.state,
             "penalty_range": es.penalty_range(v).to_json()}
            for v in Violation.objects.for_town(t).select_related("offender").order_by("-observed_on", "-id")]


@public.get("/certificates/{number}", response={200: dict[str, Any], 404: ErrorOut, 422: ErrorOut},
            operation_id="get_certificate", summary="Look up a certificate (public)")
def get_certificate(request: Any, number: str) -> Any:
    """A certificate by number: place, lawful occupancy, spaces, and whether it is in force."""
    from publicassembly.venues import services as vs

    found = vs.lookup_certificate(number)
    return jsonable(found)
