"""The towns' actions over HTTP: every change of a permit application (Carmel ch. 31), a place of assembly, its
spaces and certificate, an inspection (Mount Pleasant ch. 164) and an enforcement case, each one call of an
existing workflow service, which checks the token user's role in the town and the state.

Refusals: `NotAllowed` 403, `NotFound` 404 (another town's record is never shown), `InvalidTransition`,
`StaleUpdate` (an ``expected_version`` no longer current) and `Blocked` (its blockers listed, each with its
citation) 409, bad input 422 naming the field. Money is US dollars as a decimal string in whole cents; dates
are ``YYYY-MM-DD``.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import Annotated, Any, Literal

from ninja import Field, Query, Router, Schema, Status
from pydantic import ValidationInfo, WithJsonSchema, field_validator

from publicassembly.api.auth import token_auth
from publicassembly.api.inputs import (
    BodyIn,
    Day,
    Moment,
    RecordId,
    RefusalsKept,
    dollars,
    refuse_every,
    refuse_with,
)
from publicassembly.api.resources import (
    ERRORS,
    _app,
    _no_nul,
    _places_town,
    _town,
    _venue,
    deficiency_json,
    issuance_blockers,
)
from publicassembly.api.resources import router as records
from publicassembly.documents.records import RETURN_TIME
from publicassembly.law.jsonable import jsonable
from publicassembly.law.units import MAX_COUNT, READ_NUMBER, whole_number
from publicassembly.venues.models import STORY_RANGE
from publicassembly.workflow.bounds import (
    MAX_ADDRESS,
    MAX_CONDITION,
    MAX_CONDITIONS,
    MAX_DAYS,
    MAX_DESCRIPTION,
    MAX_JAIL_MONTHS,
    MAX_MISSING_ITEM,
    MAX_MISSING_ITEMS,
    MAX_NAME,
    MAX_NUMBER,
    MAX_PLACE,
    MAX_REASON,
    MAX_STATEMENT,
    MAX_VIOLATION_DAYS,
)
from publicassembly.workflow.errors import NotFound, ValidationFailed

router = Router(tags=["actions"], auth=token_auth)
# `records`: actions on a path that also has a GET in `resources` join its router (django-ninja serves a path
# from one router only; another router's methods on the same path would be 405).

#: Whole numbers given to the API are `WholeNumber`s (never a boolean) and dates are `Day`s (never a number).
Version = Annotated[whole_number(0, 2**31 - 1) | None, Field(
    description="the version the change is based on; 409 when it is stale")]
#: The version a record added to an application's file is sent on, required where a duplicate would be summed
#: into the law's finding and cannot be taken back (a bond, a fee payment): sent twice, the second is 409.
RequiredVersion = Annotated[whole_number(0, 2**31 - 1), Field(
    description="the application's version as last read (required: the same record sent twice is 409, recorded "
                "once)")]
Reason = Annotated[str | None, Field(max_length=MAX_REASON, description="why (kept in the history)")]
#: Money is read as a case file's and a web form's is (`inputs.dollars`, interpretation W-24).
Money12 = dollars(max_digits=12)
#: An amount the service requires to be more than $0 (a bond, a fee payment).
Positive12 = dollars(max_digits=12, more_than_zero=True)
Positive10 = dollars(max_digits=10, more_than_zero=True)
Money10 = dollars(max_digits=10)
#: A count of persons, toilets, alleys or what a sign states: the law core's bound of a count (`MAX_COUNT`), as the
#: pages and case files read it (it was 1,000,000 here alone: 1,000,001 persons counted was refused by the API
#: and recorded by the inspection page).
Count = whole_number(0, MAX_COUNT)
Days = whole_number(0, MAX_DAYS)
DocumentId = whole_number(1, 2**62)
def _text(n: int, *, min_length: int = 0) -> Any:
    return Annotated[str, Field(max_length=n, min_length=min_length)]


def _clean(data: Schema) -> dict[str, Any]:
    """The body's values (those given), refusing NUL characters (422 naming the field)."""
    values = data.dict(exclude_unset=True)
    for k, v in values.items():
        _no_nul(v, k)
    return values


def _reason(values: dict[str, Any]) -> dict[str, Any]:
    return {"reason": values["reason"]} if values.get("reason") else {}


def _money(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


# --- Permit applications (Carmel ch. 31) ---------------------------------------------------------------------------


def _application(request: Any, town: str, pk: int) -> Any:
    from publicassembly.permits import services as sv

    return sv.get_application(request.user, _town(town), pk)


class Versioned(BodyIn):
    expected_version: Version = None
    reason: Reason = None


class FactsChange(Versioned):
    facts: dict[str, Any]


class FactsReplaced(Versioned):
    """The body of ``PUT …/applications/{id}``: every fact of the assembly, replacing the stored ones whole."""

    facts: dict[str, Any] = Field(description=(
        "ALL the facts of the assembly, as when the draft was started: they REPLACE the stored facts whole, and a "
        "fact left out is removed (the answer's `facts_removed` lists each); a fact given null is not stated: "
        "removed as one left out. Facts that are the stored ones are not written (the version does not move). To "
        "change some facts only, send them with PATCH"))


class FactsPatch(Versioned):
    """The body of ``PATCH …/applications/{id}``: a JSON Merge Patch of the facts (RFC 7396)."""

    facts: dict[str, Any] = Field(description=(
        "the facts to change, as a JSON Merge Patch (RFC 7396): a fact given is set, an object is merged fact by "
        "fact, a fact given null is removed, a list (`properties`) is replaced whole; the facts not named are "
        "kept. A patch that changes nothing (`{}`) writes nothing: the application as it is, its version "
        "unchanged"))


class SubmitIn(Versioned):
    verification_statement: _text(MAX_STATEMENT, min_length=1)


class MarkIncompleteIn(Versioned):
    missing_items: list[_text(MAX_MISSING_ITEM, min_length=1)] | None = Field(None, max_length=MAX_MISSING_ITEMS)


class ScheduleHearingIn(RefusalsKept, Versioned):  # (its schema's refusals told with the service's: W-32)
    hearing_on: Day
    hearing_time: time | None = None
    place: _text(MAX_NAME, min_length=1)
    notice_published_on: Day | None = Field(None, description="the day the notice was published in the official "
                                                              "newspaper, when it already has been (not after "
                                                              "today); else null, recorded later by "
                                                              "record-notice-published (¶ B)")
    newspaper: _text(MAX_NAME, min_length=1)


class NoticePublishedIn(Versioned):
    notice_published_on: Day = Field(description="the day the notice of the scheduled hearing was published in the "
                                                 "official newspaper: not after today, at least the days of notice "
                                                 "¶ B requires before the hearing (parameter "
                                                 "petition.hearing_notice_days)")


class RescheduleHearingIn(Versioned):
    hearing_on: Day = Field(description="the new day of the public hearing")
    hearing_time: time | None = Field(None, description="the new time (null: to be announced); when omitted, the "
                                                        "hearing's time is kept")
    place: _text(MAX_NAME, min_length=1) | None = Field(None, description="the new place; null or omitted: kept")
    newspaper: _text(MAX_NAME, min_length=1) | None = Field(None, description="the official newspaper; null or "
                                                                         "omitted: kept")
    notice_published_on: Day | None = Field(None, description="the day the notice of the hearing as now set was "
                                                              "published, when it already has been (not after "
                                                              "today); else null: the notice recorded is cleared "
                                                              "and the new one recorded later by "
                                                              "record-notice-published (¶ B)")


class HearingHeldIn(Versioned):
    held_on: Day | None = None


class ApproveIn(RefusalsKept, Versioned):  # (every refusal at once: W-32, P-33)
    conditions: list[_text(MAX_CONDITION, min_length=1)] = Field(default_factory=list, max_length=MAX_CONDITIONS)
    decided_on: Day | None = None
    bond_amount: Positive12 | None = None
    bodily_injury_limit: Money12 | None = None


class DenyIn(RefusalsKept, Versioned):  # (every refusal at once: W-32, P-33)
    reasons: _text(MAX_STATEMENT, min_length=1)
    decided_on: Day | None = None


class RefuseExemptionIn(BodyIn):
    """The body of ``POST …/refuse-exemption`` (interpretation P-20): only what the operation uses. ``reason`` is
    kept (deprecated) because the operation's body was `DenyIn` until 2026-12-01, which offered it; a client
    that sends it is not refused, but it is not recorded: the history records ``reasons``."""

    reasons: _text(MAX_STATEMENT, min_length=1) = Field(
        description="the Town Board's reasons for not accepting the exemption (required; recorded on the "
                    "application and in its history)")
    decided_on: Day | None = Field(None, description="the day the Town Board so decided (default today; not after "
                                                     "today nor before the petition's submission)")
    expected_version: Version = None
    reason: str | None = Field(None, max_length=MAX_REASON, deprecated=True, description=(
        "deprecated, not used: accepted so that a client that sent it is not refused, but not recorded — give "
        "the Board's reasons in `reasons`"))


class ApprovalIn(RefusalsKept, Versioned):  # (W-32, P-33)
    condition: whole_number(1, 10) = Field(description="¶ C(n), 1-10")
    agency: Literal["health_department", "town_board"]
    approved_on: Day
    document: DocumentId = Field(description="id of a document attached to this application")


class AuthorizationIn(RefusalsKept, Versioned):  # (W-32, P-33)
    party: Literal["owner", "tenant"]
    name: _text(MAX_NAME, min_length=1)
    given_on: Day
    document: DocumentId
    property_index: whole_number(0, 1000) = 0


class InsuranceIn(RefusalsKept, Versioned):  # (W-32)
    insurer: _text(MAX_NAME, min_length=1)
    policy_number: _text(MAX_NUMBER, min_length=1)
    bodily_injury_limit: Money12
    property_damage_limit: Money12
    cancellation_notice_days: Days
    document: DocumentId
    comprehensive_liability: bool = True
    insures_town: bool = True


class BondIn(RefusalsKept, Versioned):  # (W-32)
    expected_version: RequiredVersion  # type: ignore[assignment]
    amount: Positive12
    posted_on: Day
    surety: _text(MAX_NAME) = ""
    document: DocumentId | None = None


class FeePaymentIn(RefusalsKept, Versioned):  # (W-32)
    expected_version: RequiredVersion  # type: ignore[assignment]
    amount: Positive10
    paid_on: Day
    receipt: _text(MAX_NUMBER) = ""


GROUNDS = ("facilities_not_provided_as_specified", "setup_cannot_be_accomplished_in_time")  # (¶ G)


class RevokeIn(RefusalsKept, Versioned):  # (W-32, P-33)
    # (the service tells no ground — null too —, each one not of ¶ G and one given twice at once, in the words of
    # ¶ G: the schema takes any list, or null, and documents the grounds and their bounds)
    grounds: Annotated[list[Any] | None, WithJsonSchema(
        {"type": "array", "items": {"enum": list(GROUNDS), "type": "string"}, "minItems": 1, "maxItems": 2,
         "uniqueItems": True})] = Field(description="the grounds of ¶ G, at least one, each once")
    reason: _text(MAX_REASON, min_length=1)


APP_OUT = {200: dict[str, Any], **ERRORS}


def _with_record(record: Any, app: Any) -> dict[str, Any]:
    return {"id": record.pk, "application": _app(app)}


def _changed(app: Any) -> dict[str, Any]:
    """An application whose facts were just changed, with ``facts_removed``: the paths of the facts the change
    removed (``[]`` when none), so that none is lost without a word (W-34)."""
    return {**_app(app), "facts_removed": list(getattr(app, "facts_removed", []))}


@records.put("/towns/{town}/applications/{id}", response=APP_OUT, operation_id="update_draft",
             summary="Replace ALL the facts of a draft or of a petition returned as incomplete (the applicant); "
                     "a fact left out is removed")
def update_draft(request: Any, town: str, pk: RecordId, data: FactsReplaced) -> Any:
    """The applicant's own application while it is a draft or returned as incomplete (``incomplete``: saved, not
    sent back; ``POST …/amend`` sends it): its facts are REPLACED whole by ``facts``, as when the draft was started
    — a fact left out is removed, and so is a fact given null (not stated, as the facts' schema says). The answer
    is the application with ``facts_removed``, the paths of the facts the replacement removed (e.g.
    ``["applicant", "dates", "properties"]``; ``[]`` when none). Facts that are the stored ones are not written:
    the application as it is, its version unchanged. To change some facts only, PATCH (interpretation W-34).
    Another state is 409; every bad fact is 422 naming ``facts.<field>``, all at once."""
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _changed(sv.update_draft(request.user, app, v["facts"], expected_version=data.expected_version,
                                    **_reason(v)))


@records.patch("/towns/{town}/applications/{id}", response=APP_OUT, operation_id="patch_facts",
               summary="Change some facts of a draft or of a petition returned as incomplete (the applicant; a JSON "
                       "Merge Patch of the facts)")
def patch_facts(request: Any, town: str, pk: RecordId, data: FactsPatch) -> Any:
    """The facts named in ``facts`` changed, the others kept (RFC 7396: an object merged fact by fact, a fact given
    null removed, a list such as ``properties`` replaced whole), in the states PUT takes; the facts as patched are
    checked whole (422 naming ``facts.<field>``, every bad fact at once). The answer is the application with
    ``facts_removed``, the facts the patch removed (interpretation W-34). A patch that changes nothing (``{}``, a
    fact set to the value it has) writes nothing: the application as it is, its version unchanged, no history
    row."""
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _changed(sv.patch_facts(request.user, app, v["facts"], expected_version=data.expected_version,
                                   **_reason(v)))


@router.post("/towns/{town}/applications/{id}/submit", response=APP_OUT, operation_id="submit_application",
             summary="Submit the verified petition (the applicant; ¶ B)")
def submit(request: Any, town: str, pk: RecordId, data: SubmitIn) -> Any:
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.submit(request.user, app, verification_statement=v["verification_statement"],
                          expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/withdraw", response=APP_OUT, operation_id="withdraw_application",
             summary="Withdraw the application (the applicant)")
def withdraw(request: Any, town: str, pk: RecordId, data: Versioned) -> Any:
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.withdraw(request.user, app, expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/amend", response=APP_OUT, operation_id="amend_application",
             summary="Amend an incomplete application (the applicant)")
def amend(request: Any, town: str, pk: RecordId, data: FactsChange) -> Any:
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.amend(request.user, app, v["facts"], expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/mark-incomplete", response=APP_OUT,
             operation_id="mark_application_incomplete", summary="Return as incomplete (the Clerk)")
def mark_incomplete(request: Any, town: str, pk: RecordId, data: MarkIncompleteIn) -> Any:
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.mark_incomplete(request.user, app, missing_items=v.get("missing_items"),
                                   expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/accept", response=APP_OUT, operation_id="accept_application",
             summary="Accept the petition as complete (the Clerk; 409 lists what is missing)")
def accept(request: Any, town: str, pk: RecordId, data: Versioned) -> Any:
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.accept(request.user, app, expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/schedule-hearing", response=APP_OUT,
             operation_id="schedule_hearing",
             summary="Schedule the public hearing, with its notice's publication if already published (the Clerk)")
def schedule_hearing(request: Any, town: str, pk: RecordId, data: ScheduleHearingIn) -> Any:
    """The hearing's day, time (null: to be announced), place and official newspaper (¶ B). Without
    ``notice_published_on`` the hearing is scheduled with no notice recorded (its notice PDF can then be made
    for the newspaper), refused (422 naming ``hearing_on``) when 10 days' notice can no longer be given; a
    ``notice_published_on`` after today is 422 naming it (interpretation G-10). Every refusal in one 422: the
    schema's with the service's of the other values (W-32, P-30)."""
    from publicassembly.permits import services as sv

    refuse_every(data, lambda given: sv.hearing_refusals(request.user, _application(request, town, pk), given))
    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.schedule_hearing(request.user, app, hearing_on=data.hearing_on, place=v["place"],
                                    notice_published_on=data.notice_published_on, newspaper=v["newspaper"],
                                    hearing_time=data.hearing_time, expected_version=data.expected_version,
                                    **_reason(v)))


@router.post("/towns/{town}/applications/{id}/record-notice-published", response=APP_OUT,
             operation_id="record_notice_published",
             summary="Record the day the hearing's notice was published in the official newspaper (the Clerk; ¶ B)")
def record_notice_published(request: Any, town: str, pk: RecordId, data: NoticePublishedIn) -> Any:
    """Once, while the hearing is scheduled and no publication is recorded (interpretation G-10): a day after
    today, before the submission, after the hearing or less than 10 days before it, or a publication already
    recorded, is 422 naming ``notice_published_on``; another state or a stale ``expected_version`` is 409."""
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.record_notice_published(request.user, app, notice_published_on=data.notice_published_on,
                                           expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/reschedule-hearing", response=APP_OUT,
             operation_id="reschedule_hearing",
             summary="Move the scheduled public hearing to another day, time or place; its notice is cleared unless "
                     "given (the Clerk; ¶ B)")
def reschedule_hearing(request: Any, town: str, pk: RecordId, data: RescheduleHearingIn) -> Any:
    """While the hearing is scheduled (interpretation G-10): the new ``hearing_on``, and ``hearing_time``,
    ``place``, ``newspaper`` when they change (omitted: kept; ``hearing_time`` null: to be announced). The
    notice named the former day, so it is cleared unless ``notice_published_on`` gives the notice of the new
    one. The checks of schedule-hearing (422 naming ``hearing_on`` or ``notice_published_on``), and 422 naming
    ``hearing_on`` when nothing of the hearing changes; another state or a stale ``expected_version`` is 409."""
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.reschedule_hearing(request.user, app, hearing_on=data.hearing_on, place=v.get("place"),
                                      hearing_time=data.hearing_time if "hearing_time" in v else sv.KEEP,
                                      newspaper=v.get("newspaper"), notice_published_on=data.notice_published_on,
                                      expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/hearing-held", response=APP_OUT, operation_id="record_hearing_held",
             summary="Record the public hearing as held (the Clerk; once its notice's publication is recorded and "
                     "the hearing has begun)")
def record_hearing_held(request: Any, town: str, pk: RecordId, data: HearingHeldIn) -> Any:
    """``held_on`` defaults to the day the hearing is set for. 422 naming ``held_on``: a day after today, or the
    hearing's own day before the hour it was set for (the Town's time; the refusal says from what hour, P-37),
    told first and alone (P-25); a day other than the one in its published notice (¶ B, P-22: reschedule it
    instead). 409: no publication of the notice recorded yet (¶ B, G-10), the application not in
    ``hearing_scheduled``, or a stale ``expected_version``."""
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.record_hearing_held(request.user, app, held_on=data.held_on,
                                       expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/approve", response=APP_OUT, operation_id="approve_application",
             summary="Approve with conditions, bond and bodily injury limit (the Town Board)")
def approve(request: Any, town: str, pk: RecordId, data: ApproveIn) -> Any:
    """Every refusal in one 422 (W-32, P-33): the schema's with the service's of the other values — a
    ``decided_on`` after today or before the hearing held, a ``bodily_injury_limit`` outside the range of ¶ E, a
    condition the permit cannot print."""
    from publicassembly.permits import services as sv

    refuse_every(data, lambda given: sv.approve_refusals(request.user, _application(request, town, pk), given))
    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.approve(request.user, app, conditions=v.get("conditions", []), decided_on=data.decided_on,
                           bond_amount=_money(data.bond_amount), bodily_injury_limit=_money(data.bodily_injury_limit),
                           expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/deny", response=APP_OUT, operation_id="deny_application",
             summary="Deny, giving the reasons (the Town Board)")
def deny(request: Any, town: str, pk: RecordId, data: DenyIn) -> Any:
    """Every refusal of the body in one 422 (W-32, P-33): the schema's (``reasons`` empty or over 5,000
    characters) with the service's of the other values (``decided_on`` after today or before the hearing). A user
    not of the Town Board: 403 first. Another state: 409."""
    from publicassembly.permits import services as sv

    refuse_every(data, lambda given: sv.deny_refusals(request.user, _application(request, town, pk), given))
    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.deny(request.user, app, reasons=v["reasons"], decided_on=data.decided_on,
                        expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/refuse-exemption", response=APP_OUT, operation_id="refuse_exemption",
             summary="Record that the Town Board does not accept the exemption claimed (exemptions ¶¶ A-D)")
def refuse_exemption(request: Any, town: str, pk: RecordId, data: RefuseExemptionIn) -> Any:
    """submitted | incomplete | amended, unchanged: from then the exemption the sponsor's statements claim does not
    reach the case and ¶¶ B-F apply (interpretation P-20). Bad values (``reasons`` empty, ``decided_on`` after
    today or before the submission) are 422 naming the field whatever the state (P-26); another state, no
    exemption to refuse (citing exemptions ¶¶ A-D), one already recorded or a stale ``expected_version`` 409.
    ``reason`` is deprecated and not used: the history records ``reasons``."""
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.refuse_exemption(request.user, app, reasons=v["reasons"], decided_on=data.decided_on,
                                    expected_version=data.expected_version))


@router.post("/towns/{town}/applications/{id}/approvals", response={201: dict[str, Any], **ERRORS},
             operation_id="record_approval",
             summary="A written approval of a condition of ¶ C (Health Department or Town Board)")
def record_approval(request: Any, town: str, pk: RecordId, data: ApprovalIn) -> Any:
    """Every refusal in one 422 (W-32, P-33): the schema's with the service's of the other values — a
    ``document`` not attached to this application, an ``approved_on`` after today or before the submission, the
    same approval already recorded."""
    from publicassembly.permits import services as sv

    refuse_every(data, lambda given: sv.approval_refusals(request.user, _application(request, town, pk), given))
    v = _clean(data)
    app = _application(request, town, pk)
    rec = sv.record_approval(request.user, app, condition=data.condition, agency=data.agency,
                             approved_on=data.approved_on, document=data.document,
                             expected_version=data.expected_version, **_reason(v))
    return Status(201, _with_record(rec, app))


@router.post("/towns/{town}/applications/{id}/authorizations", response={201: dict[str, Any], **ERRORS},
             operation_id="record_authorization",
             summary="The owner's or tenant's written authorization to inspect (the Clerk; ¶ D)")
def record_authorization(request: Any, town: str, pk: RecordId, data: AuthorizationIn) -> Any:
    """Every refusal in one 422 (W-32, P-33): the schema's with the service's of the other values — a
    ``document`` not attached to this application, a ``given_on`` before the submission, a ``name`` other than
    the petition's, a ``property_index`` the petition does not name, the party's authorization already
    recorded."""
    from publicassembly.permits import services as sv

    refuse_every(data, lambda given: sv.authorization_refusals(request.user, _application(request, town, pk),
                                                               given))
    v = _clean(data)
    app = _application(request, town, pk)
    rec = sv.record_authorization(request.user, app, party=data.party, name=v["name"], given_on=data.given_on,
                                  document=data.document, property_index=data.property_index,
                                  expected_version=data.expected_version, **_reason(v))
    return Status(201, _with_record(rec, app))


@router.post("/towns/{town}/applications/{id}/insurance", response={201: dict[str, Any], **ERRORS},
             operation_id="record_insurance", summary="The insurance certificate (the Clerk; ¶ E)")
def record_insurance(request: Any, town: str, pk: RecordId, data: InsuranceIn) -> Any:
    """Every refusal in one 422 (W-32, P-30): the schema's with the service's of the other values — a text
    empty or not printable, a ``document`` not attached to this application."""
    from publicassembly.permits import services as sv

    refuse_every(data, lambda given: sv.insurance_refusals(request.user, _application(request, town, pk), given))
    v = _clean(data)
    app = _application(request, town, pk)
    rec = sv.record_insurance(request.user, app, insurer=v["insurer"], policy_number=v["policy_number"],
                              bodily_injury_limit=str(data.bodily_injury_limit),
                              property_damage_limit=str(data.property_damage_limit),
                              cancellation_notice_days=data.cancellation_notice_days, document=data.document,
                              comprehensive_liability=data.comprehensive_liability, insures_town=data.insures_town,
                              expected_version=data.expected_version, **_reason(v))
    return Status(201, _with_record(rec, app))


@router.post("/towns/{town}/applications/{id}/bonds", response={201: dict[str, Any], **ERRORS},
             operation_id="post_bond", summary="The cleanup bond posted with the Town Clerk (¶ F)")
def post_bond(request: Any, town: str, pk: RecordId, data: BondIn) -> Any:
    """Every refusal in one 422 (W-32, P-30): the schema's with the service's of the other values."""
    from publicassembly.permits import services as sv

    refuse_every(data, lambda given: sv.bond_refusals(request.user, _application(request, town, pk), given))
    v = _clean(data)
    app = _application(request, town, pk)
    rec = sv.post_bond(request.user, app, amount=str(data.amount), posted_on=data.posted_on,
                       surety=v.get("surety", ""), document=data.document,
                       expected_version=data.expected_version, **_reason(v))
    return Status(201, _with_record(rec, app))


@router.post("/towns/{town}/applications/{id}/fee-payments", response={201: dict[str, Any], **ERRORS},
             operation_id="record_fee_payment", summary="A payment of the filing fee (the Clerk)")
def record_fee_payment(request: Any, town: str, pk: RecordId, data: FeePaymentIn) -> Any:
    """Every refusal in one 422 (W-32, P-30): the schema's with the service's of the other values, and what the
    record refuses of them (an amount beyond the fee still due, or the fee paid in full; a receipt recorded)."""
    from publicassembly.permits import services as sv

    refuse_every(data, lambda given: sv.fee_payment_refusals(request.user, _application(request, town, pk), given))
    v = _clean(data)
    app = _application(request, town, pk)
    rec = sv.record_fee_payment(request.user, app, amount=str(data.amount), paid_on=data.paid_on,
                                receipt=v.get("receipt", ""), expected_version=data.expected_version, **_reason(v))
    return Status(201, _with_record(rec, app))


@router.post("/towns/{town}/applications/{id}/issue", response=APP_OUT, operation_id="issue_permit",
             summary="Issue the permit (the Clerk; 409 lists every precondition not met)")
def issue(request: Any, town: str, pk: RecordId, data: Versioned) -> Any:
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.issue(request.user, app, expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/revoke", response=APP_OUT, operation_id="revoke_permit",
             summary="Revoke an issued permit on the grounds of ¶ G (the Town Board)")
def revoke(request: Any, town: str, pk: RecordId, data: RevokeIn) -> Any:
    """Every refusal in one 422 (W-32, P-33): no ground ("at least one of the grounds of revocation of ¶ G is
    required", with the grounds allowed), a ground given twice (named), the reason empty."""
    from publicassembly.permits import services as sv

    refuse_every(data, lambda given: sv.revoke_refusals(request.user, _application(request, town, pk), given))
    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.revoke(request.user, app, grounds=data.grounds, reason=v["reason"],
                          expected_version=data.expected_version))


@router.get("/towns/{town}/applications/{id}/blockers", response=APP_OUT, operation_id="issuance_blockers",
            summary="What still stops the permit from issuing, each with its citation")
def blockers(request: Any, town: str, pk: RecordId) -> Any:
    app = _application(request, town, pk)
    return {"id": app.pk, "state": app.state, "version": app.version, "blockers": issuance_blockers(app)}


class BoardLimitsIn(Versioned):
    bond_amount: Positive12 | None = Field(None, description="the cleanup bond the Town Board fixes (¶ F), US dollars")
    bodily_injury_limit: Money12 | None = Field(
        None, description="the bodily injury limit of the liability policy (¶ E), US dollars, within the law's range")


@router.post("/towns/{town}/applications/{id}/bond-and-insurance-limit", response=APP_OUT,
             operation_id="set_bond_and_insurance_limit",
             summary="Fix the bond (¶ F) and/or the bodily injury limit (¶ E) before issuance (the Town Board)")
def set_bond_and_insurance_limit(request: Any, town: str, pk: RecordId, data: BoardLimitsIn) -> Any:
    """From submission until issuance the Town Board fixes the cleanup bond (more than $0) and/or the bodily
    injury limit ($250,000-$500,000 in the law in force: 422 naming ``bodily_injury_limit`` outside it); give at
    least one (else 422 naming ``bond_amount``). A state outside that span is 409."""
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.set_bond_and_insurance_limit(
        request.user, app, bond_amount=_money(data.bond_amount), bodily_injury_limit=_money(data.bodily_injury_limit),
        expected_version=data.expected_version, **_reason(v)))


# --- After issuance: the assembly, its cleanup and the bond (¶ F) ------------------------------------------------


class AssemblyHeldIn(Versioned):
    ended_on: Day | None = Field(None, description="the day the assembly ended (default: its last day in the "
                                                    "facts); the days ¶ F allows for the cleanup (the parameter "
                                                    "cleanup.days_after) run from it")


class CleanupInspectionIn(Versioned):
    inspected_on: Day
    result: Literal["complete", "incomplete"]
    completed_on: Day | None = Field(None, description="the day the waste was completely removed (only with "
                                                        "result complete; not after the inspection)")


class ReleaseBondIn(RefusalsKept, Versioned):  # (every refusal at once: W-32, P-38)
    released_on: Day | None = Field(None, description=(
        "the day the Town Board released the bond (default today, the Town's date): not after today, nor before "
        "the act it follows — the cleanup inspection that found the waste completely removed, the permit's "
        "revocation, or the end of an application that ended without a permit — nor before the bond was posted "
        "(interpretation P-38)"))


class ForfeitIn(RefusalsKept, Versioned):  # (every refusal at once: W-32, P-38)
    forfeited_on: Day | None = Field(None, description=(
        "the day the Town Board forfeited the bond (default today, the Town's date): not after today, nor before "
        "the cleanup inspection that found the waste not removed in time or the permit's revocation, nor, the "
        "permit revoked, on or before ¶ F's last day counted from the assembly's first day (interpretation P-38)"))
    reason: _text(MAX_REASON, min_length=1)


@router.post("/towns/{town}/applications/{id}/assembly-held", response=APP_OUT, operation_id="record_assembly_held",
             summary="Record the assembly as held and the day it ended (the Clerk)")
def record_assembly_held(request: Any, town: str, pk: RecordId, data: AssemblyHeldIn) -> Any:
    """issued → assembly_held; the day it ended starts the days ¶ F allows for the cleanup (the law core's
    parameter ``cleanup.days_after``)."""
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.record_assembly_held(request.user, app, ended_on=data.ended_on,
                                        expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/cleanup-inspection", response=APP_OUT,
             operation_id="record_cleanup_inspection",
             summary="Record the cleanup inspection of ¶ F (the Clerk or the Building Inspector)")
def record_cleanup_inspection(request: Any, town: str, pk: RecordId, data: CleanupInspectionIn) -> Any:
    """assembly_held → cleanup_inspected. ``complete`` needs ``completed_on`` (not after ``inspected_on``);
    ``incomplete`` has none: else 422 naming ``completed_on``."""
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.record_cleanup_inspection(request.user, app, inspected_on=data.inspected_on, result=data.result,
                                             completed_on=data.completed_on, expected_version=data.expected_version,
                                             **_reason(v)))


@router.post("/towns/{town}/applications/{id}/release-bond", response=APP_OUT, operation_id="release_bond",
             summary="Release the bond (the Town Board; 409 unless the cleanup was complete within the days ¶ F "
                     "allows, or the permit was revoked or none was issued)")
def release_bond(request: Any, town: str, pk: RecordId, data: ReleaseBondIn) -> Any:
    """cleanup_inspected → bond_released, only when the law core finds the waste completely removed within
    the days ¶ F allows from the end of the assembly (its parameter ``cleanup.days_after``); else 409 with that
    finding as the blocker. A revoked permit's bond (¶ G) is released with the Board's ``reason`` (required: 422
    naming it; no assembly took place, or the premises were cleaned): the application stays revoked,
    ``bond_disposition`` ``released``; 409 when no bond is posted or it was already released or forfeited
    (interpretation P-32). The bond posted on an application that ended without a permit (denied, withdrawn, or
    closed with none issued) is released the same way, with the Board's ``reason``; the application stays in its
    state (interpretation P-36). ``released_on`` (default today) is recorded as ``bond_disposition_on``; 422
    naming it when after today or before the act it follows, told in one answer with the other refusals
    (interpretation P-38)."""
    from publicassembly.permits import services as sv

    refuse_every(data, lambda given: sv.release_bond_refusals(request.user, _application(request, town, pk), given))
    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.release_bond(request.user, app, released_on=data.released_on,
                                expected_version=data.expected_version, **_reason(v)))


@router.post("/towns/{town}/applications/{id}/forfeit-bond", response=APP_OUT, operation_id="forfeit_bond",
             summary="Forfeit the bond (the Town Board; 409 unless the cleanup of ¶ F failed, or the permit was "
                     "revoked)")
def forfeit_bond(request: Any, town: str, pk: RecordId, data: ForfeitIn) -> Any:
    """cleanup_inspected → bond_forfeited, with the reason (required), only when the cleanup was not done within
    the days ¶ F allows (``cleanup.days_after``); else 409 with the law core's finding. A revoked permit's bond
    (¶ G) is forfeited with the reason (the waste of an assembly that took place was not removed in time) once
    the cleanup's last day counted from the assembly's first day has passed: the application stays revoked,
    ``bond_disposition`` ``forfeited``; 409 before that day, when no bond is posted, or when it was already
    released or forfeited (P-32).
    ``forfeited_on`` (default today) is recorded as ``bond_disposition_on``; 422 naming it when after today, before
    the act it follows or, the permit revoked, on or before ¶ F's last day counted from the assembly's first day,
    told in one answer with the reason's refusals (interpretation P-38)."""
    from publicassembly.permits import services as sv

    refuse_every(data, lambda given: sv.forfeit_bond_refusals(request.user, _application(request, town, pk), given))
    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.forfeit_bond(request.user, app, reason=v["reason"], forfeited_on=data.forfeited_on,
                                expected_version=data.expected_version))


@router.post("/towns/{town}/applications/{id}/close", response=APP_OUT, operation_id="close_application",
             summary="Close the case (the Clerk; after the bond's release or forfeiture, a denial, or the assembly's "
                     "last day with the application still under review)")
def close_application(request: Any, town: str, pk: RecordId, data: Versioned) -> Any:
    """bond_released | bond_forfeited | denied → closed; an application still under review once its assembly's
    last day has passed → closed (interpretation P-11), before it 409 with the blocker."""
    from publicassembly.permits import services as sv

    v = _clean(data)
    app = _application(request, town, pk)
    return _app(sv.close(request.user, app, expected_version=data.expected_version, **_reason(v)))


def _moment(value: datetime | None) -> str | None:
    """A moment as the API answers it: ISO 8601 in UTC (``2026-07-05T01:30:00+00:00``), whatever offset it was
    given in — the one shape of a record just written and of the same record read back (docs/api.md, Values)."""
    return None if value is None else value.astimezone(UTC).isoformat()


def _stored(value: Any) -> Any:
    """A stored value as JSON, exactly: money and areas (Decimal) as decimal strings, dates and times ISO."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime) and value.tzinfo is not None:
        return _moment(value)
    if isinstance(value, date | time):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): _stored(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_stored(v) for v in value]
    return value if value is None or isinstance(value, bool | int | float | str) else str(value)


def _timeline(entries: Any) -> list[dict[str, Any]]:
    """Timeline entries (`workflow.timeline.TimelineEntry`) as JSON: ``when`` ISO 8601 in UTC (`_moment`)."""
    return [{"when": _moment(e.when), "who": e.who, "subject": e.subject, "kind": e.kind, "why": e.why,
             "changes": [{"field": c.field, "label": str(c.label), "old": _stored(c.old), "new": _stored(c.new)}
                         for c in e.changes]}
            for e in entries]


@router.get("/towns/{town}/applications/{id}/timeline", response={200: list[dict[str, Any]], **ERRORS},
            operation_id="application_timeline", summary="The case's history: when, who, what changed, why")
def application_timeline(request: Any, town: str, pk: RecordId) -> Any:
    """Every saved change of the application and its records (approvals, authorizations, insurance, bonds, fee
    payments, documents), oldest first, for those who may see the application (as its page shows them)."""
    from publicassembly.permits import services as sv

    return _timeline(sv.application_timeline(_application(request, town, pk)))


# --- Places of assembly (Mount Pleasant ch. 164) -------------------------------------------------------------------


def _venue_of(town: str, pk: int) -> Any:
    from publicassembly.venues.models import Venue

    return Venue.objects.get_in_town(_places_town(town), pk=pk)


def _space_of(town: str, venue: int, pk: int) -> Any:
    """Space `pk` of place `venue`: the place first (404 "no place of assembly 6 in …"), then its space (404 "no
    space 1 in place of assembly 6 of …", even when the town holds a space 1 of another place)."""
    from publicassembly.venues.models import Space

    place = _venue_of(town, venue)
    return Space.objects.get_in_town(place.town, pk=pk, venue=place)


class VenueIn(BodyIn):
    name: _text(MAX_NAME, min_length=1)
    address: _text(MAX_ADDRESS, min_length=1)
    commercial: bool | None = None
    used_solely_for_religious_worship: bool = False
    toilets_provided: Count | None = None
    reason: _text(MAX_REASON) = ""


UseGroup = Literal["assembly_fixed_seats", "assembly_without_fixed_seats", "business", "courtroom",
                   "dance_hall_lodge_room", "hotel_lodging_house", "institutional", "mercantile_first_floor",
                   "mercantile_basement_sales_floor", "mercantile_other_floors", "school", "storage",
                   "bowling_alley", "open_air"]
#: What a negative floor area is told when its use group is not known (refused itself): what is allowed of every
#: use group (§ 164-7), not "at least 0", which 0 then is not. Once the use group is known, the area is told in the
#: words of `venues.services.floor_area_problem` for that use group: a bowling alley's additional area 0 or more,
#: another room's more than 0 (the service's and the venue page's words, `_area_told`).
AREA_ALLOWED = ("must be more than 0 (in its area_unit); only a bowling alley's additional area, beyond its "
                "alleys and their runways, may be 0 (§ 164-7)")


def _area_told(value: Decimal, info: ValidationInfo) -> Decimal:
    """A space's ``area`` judged by the body's use group (`floor_area_problem`: § 164-7, the occupant load by use
    group): the use group given, by it; the use group refused, a negative area in `AREA_ALLOWED`'s words; the use
    group not given (a PATCH: the stored one), left to the venues service, which judges it by the stored use group
    (M-21). A negative area was refused in `AREA_ALLOWED`'s words before its use group was asked: a bowling alley's
    -1 was told that only a bowling alley's area may be 0."""
    from publicassembly.venues.services import floor_area_problem

    if "use_group" not in info.data:  # (refused itself: what every use group allows)
        if value < 0:
            raise ValueError(AREA_ALLOWED)
        return value
    use_group = info.data["use_group"]
    problem = floor_area_problem(value, use_group) if use_group is not None else None
    if problem is not None:
        raise ValueError(problem)
    return value


#: A floor area in its unit: its size is bounded by the law core (at most ten billion square feet, refused in its
#: words by the venues service), not by a count of digits. Read as a case file's and the venue page's area is
#: (`law.units.READ_NUMBER`, interpretation W-24): ``"1_0"`` or a boolean is 422 naming ``area``. What it may be
#: (more than 0, a bowling alley's 0 or more) depends on the use group: `_area_told`.
Area = Annotated[Decimal, Field(decimal_places=4, json_schema_extra={"minimum": 0}), READ_NUMBER]
Story = whole_number(*STORY_RANGE)
SpaceNames = Annotated[list[_text(MAX_NAME, min_length=1)], Field(max_length=500)]


class SpaceIn(RefusalsKept):  # (its schema's refusals told with the service's: W-30)
    name: _text(MAX_NAME, min_length=1)
    kind: Literal["room", "open_air"]
    use_group: UseGroup
    area: Area
    area_unit: Literal["sq_ft", "sq_m"] = "sq_ft"
    alleys: Count | None = None
    story: Story | None = None
    common_entrance: bool | None = None
    connects_with: SpaceNames = []
    expected_version: Version = None  # the venue's (adding a room moves it)
    reason: _text(MAX_REASON) = ""

    # The services' checks of one field against another, run by the schema too, so that they are told with the
    # body's other errors at once (a missing `kind` and an area of 0 in one 422), not one answer after another.
    @field_validator("use_group")
    @classmethod
    def _use_group_fits_kind(cls, value: str, info: ValidationInfo) -> str:
        from publicassembly.venues.services import use_group_problem

        kind = info.data.get("kind")  # (absent when `kind` is refused itself: then told alone)
        problem = use_group_problem(kind, value) if kind is not None else None
        if problem is not None:
            raise ValueError(problem)
        return value

    @field_validator("area")
    @classmethod
    def _area_for_its_use_group(cls, value: Decimal, info: ValidationInfo) -> Decimal:
        return _area_told(value, info)  # (more than 0, but a bowling alley's 0 or more: § 164-7)


class SpaceChange(BodyIn):
    name: _text(MAX_NAME, min_length=1) | None = None
    kind: Literal["room", "open_air"] | None = None
    use_group: UseGroup | None = None
    area: Area | None = None
    area_unit: Literal["sq_ft", "sq_m"] | None = None
    alleys: Count | None = None
    story: Story | None = None
    common_entrance: bool | None = None
    connects_with: SpaceNames | None = Field(None, description="the names of the rooms it connects with, replacing "
                                                                "its connections; null or [] removes every one "
                                                                "(JSON Merge Patch: null removes)")
    expected_version: Version = None
    reason: _text(MAX_REASON) = ""

    @field_validator("area")
    @classmethod
    def _area_for_its_use_group(cls, value: Decimal | None, info: ValidationInfo) -> Decimal | None:
        return None if value is None else _area_told(value, info)  # (no use group given: the stored one's)


def _space(s: Any) -> dict[str, Any]:
    """A room or area as the API answers adding or changing it: with ``connects_with``, the names of the rooms it
    connects with (§ 164-4, in their own spelling, in the order entered; interpretation M-23)."""
    from publicassembly.venues import services as vs

    return {"id": s.pk, "venue": s.venue_id, "name": s.name, "kind": s.kind, "use_group": s.use_group,
            "area": jsonable(s.area), "area_unit": s.area_unit, "alleys": s.alleys, "story": s.story,
            "common_entrance": s.common_entrance, "connects_with": vs.connected_names(s), "version": s.version}


def _certificate(c: Any) -> dict[str, Any]:
    return {"id": c.pk, "number": c.number, "venue": c.venue_id, "status": c.status, "version": c.version,
            "issued_on": c.issued_on.isoformat(), "lawful_occupancy": c.lawful_occupancy}


@records.post("/towns/{town}/venues", response={201: dict[str, Any], **ERRORS}, operation_id="create_venue",
             summary="Register a place of assembly (the Building Inspector, or an applicant as its owner)")
def create_venue(request: Any, town: str, data: VenueIn) -> Any:
    from publicassembly.venues import services as vs

    v = _clean(data)
    return Status(201, _venue(vs.create_venue(request.user, _places_town(town), name=v["name"], address=v["address"],
                                       commercial=data.commercial,
                                       used_solely_for_religious_worship=data.used_solely_for_religious_worship,
                                       toilets_provided=data.toilets_provided, reason=v.get("reason", ""))))


@router.post("/towns/{town}/venues/{id}/spaces", response={201: dict[str, Any], **ERRORS}, operation_id="add_space",
             summary="Add a room or open-air area (§§ 164-7, 164-8); a valid certificate becomes stale")
def add_space(request: Any, town: str, pk: RecordId, data: SpaceIn) -> Any:
    from publicassembly.venues import services as vs

    if data.refused:  # the body's schema refusals with the service's of the values it took, in one 422 (W-30)
        try:
            venue = _venue_of(town, pk)
        except NotFound:  # (no place to judge them in: the schema's alone, as before)
            refuse_with(data, [])
        refuse_with(data, vs.space_refusals(venue, {k: getattr(data, k) for k in data.model_fields_set}))
    v = _clean(data)
    venue = _venue_of(town, pk)
    space = vs.add_space(request.user, venue, name=v["name"], kind=data.kind, use_group=data.use_group,
                         area=data.area, area_unit=data.area_unit, alleys=data.alleys, story=data.story,
                         common_entrance=data.common_entrance, connects_with=v.get("connects_with", []),
                         reason=v.get("reason", ""), expected_version=data.expected_version)
    # (adding a room moved the venue's version: the answer gives it, for the client's next change of the venue)
    return Status(201, {**_space(space), "venue_version": space.venue.version})


@router.patch("/towns/{town}/venues/{id}/spaces/{space}", response={200: dict[str, Any], **ERRORS},
              operation_id="update_space", summary="Change a room or area; a valid certificate becomes stale")
def update_space(request: Any, town: str, pk: RecordId, space: int, data: SpaceChange) -> Any:
    from publicassembly.venues import services as vs

    v = _clean(data)
    changes = {k: val for k, val in v.items() if k not in ("expected_version", "reason")}
    if not changes:  # e.g. a body of [] or {}: nothing to change, so no new version and no empty history entry
        raise ValidationFailed("body", "give at least one field to change: " + ", ".join(
            k for k in SpaceChange.model_fields if k not in ("expected_version", "reason")))
    if "connects_with" in changes and changes["connects_with"] is None:  # (JSON Merge Patch: null removes, W-36)
        changes["connects_with"] = []  # every connection removed, as [] does
    required = [k for k in ("name", "kind", "use_group", "area", "area_unit") if k in changes and changes[k] is None]
    if required:  # (null removes a value; these a room or area always has: every one named at once)
        raise ValidationFailed.of_all([(k, "a room or area always has one, so null (which removes a value in a "
                                           "PATCH) is refused: give the new value, or leave the field out to keep "
                                           "it") for k in required])
    return _space(vs.update_space(request.user, _space_of(town, pk, space), expected_version=data.expected_version,
                                  reason=v.get("reason", ""), **changes))


class RemoveQuery(Schema):
    reason: _text(MAX_REASON, min_length=1)
    expected_version: Version = None


@router.delete("/towns/{town}/venues/{id}/spaces/{space}", response={204: None, **ERRORS},
               operation_id="remove_space", summary="Remove a room or area (reason required)")
def remove_space(request: Any, town: str, pk: RecordId, space: int, q: Query[RemoveQuery]) -> Any:
    from publicassembly.venues import services as vs

    v = _clean(q)
    vs.remove_space(request.user, _space_of(town, pk, space), expected_version=q.expected_version,
                    reason=v["reason"])
    return Status(204, None)


class IssueCertificateIn(BodyIn):
    issued_on: Day | None = None
    reason: _text(MAX_REASON) = ""
    expected_version: Version = None


@router.post("/towns/{town}/venues/{id}/certificates", response={201: dict[str, Any], **ERRORS},
             operation_id="issue_certificate",
             summary="Issue the certificate of lawful occupancy (the Building Inspector; §§ 164-3, 164-9)")
def issue_certificate(request: Any, town: str, pk: RecordId, data: IssueCertificateIn) -> Any:
    from publicassembly.venues import services as vs

    v = _clean(data)
    venue = _venue_of(town, pk)
    cert = vs.issue_certificate(request.user, venue, issued_on=data.issued_on, reason=v.get("reason", ""),
                                expected_version=data.expected_version)
    return Status(201, {**_certificate(cert), "venue_version": venue.version})  # (issuing moved the venue's version)


class WorshipApprovalIn(BodyIn):
    approved_on: Day | None = None
    reason: _text(MAX_REASON) = ""
    expected_version: Version = None


@router.post("/towns/{town}/venues/{id}/religious-worship-approval", response={200: dict[str, Any], **ERRORS},
             operation_id="approve_religious_worship",
             summary="Approve the use solely for religious worship: no certificate (the Building Inspector; § 164-3)")
def approve_religious_worship(request: Any, town: str, pk: RecordId, data: WorshipApprovalIn) -> Any:
    """The Building Inspector approves the place's use solely for religious worship (§ 164-3): the place is then
    exempt from the certificate — also again after a change of its rooms withdrew the approval (M-20). Answers
    the place (as ``GET /venues/{id}``)."""
    from publicassembly.venues import services as vs

    v = _clean(data)
    venue = vs.approve_religious_worship_exemption(request.user, _venue_of(town, pk), approved_on=data.approved_on,
                                                   reason=v.get("reason", ""), expected_version=data.expected_version)
    return _venue(venue, with_occupancy=True)


class ReasonIn(BodyIn):
    reason: _text(MAX_REASON, min_length=1)
    expected_version: Version = None


@router.post("/towns/{town}/certificates/{number}/revoke", response={200: dict[str, Any], **ERRORS},
             operation_id="revoke_certificate", summary="Revoke a certificate (the Building Inspector)")
def revoke_certificate(request: Any, town: str, number: str, data: ReasonIn) -> Any:
    from publicassembly.venues import services as vs
    from publicassembly.venues.models import Certificate

    v = _clean(data)
    _no_nul(number, "number")
    cert = Certificate.objects.get_in_town(_places_town(town), number=number[:40])
    return _certificate(vs.revoke_certificate(request.user, cert, reason=v["reason"],
                                              expected_version=data.expected_version))


# --- Inspections ---------------------------------------------------------------------------------------------------


class ScheduleInspectionIn(RefusalsKept):  # (its schema's refusals told with the service's: M-25, W-32)
    scheduled_for: Day
    inspector: _text(150) | None = Field(None, description="username of the inspecting officer (default: you)")
    reason: _text(MAX_REASON) = ""
    expected_version: Version = None  # the venue's: scheduling moves it (the same inspection sent twice: 409)


def _inspection(i: Any) -> dict[str, Any]:
    from publicassembly.venues import services as vs

    return {"id": i.pk, "venue": i.venue_id, "scheduled_for": i.scheduled_for.isoformat(), "state": i.state,
            "version": i.version, "result": i.result, "done_on": i.done_on.isoformat() if i.done_on else None,
            "exits_not_stated": vs.exits_not_stated(i),
            "deficiencies": [deficiency_json(d) for d in i.deficiencies.all()]}


@router.post("/towns/{town}/venues/{id}/inspections", response={201: dict[str, Any], **ERRORS},
             operation_id="schedule_inspection", summary="Schedule an inspection")
def schedule_inspection(request: Any, town: str, pk: RecordId, data: ScheduleInspectionIn) -> Any:
    """Every refusal in one 422 (M-25, W-32): the schema's with the service's of the other values — a
    ``scheduled_for`` outside the days allowed, an ``inspector`` of no user or who is no inspector of the town, a
    ``reason`` holding a control character."""
    from publicassembly.venues import services as vs

    refuse_every(data, lambda given: vs.schedule_inspection_refusals(request.user, _venue_of(town, pk), **given))
    v = _clean(data)
    venue = _venue_of(town, pk)
    insp = vs.schedule_inspection(request.user, venue, scheduled_for=data.scheduled_for,
                                  inspector=v.get("inspector") or None, reason=v.get("reason", ""),
                                  expected_version=data.expected_version)
    return Status(201, {**_inspection(insp), "venue_version": venue.version})  # (scheduling moved the venue's)


class SignSeen(BodyIn):
    posted: bool | None = None
    states: Count | None = None
    conforms_to_specification: bool | None = None


class RecordInspectionIn(BodyIn):
    done_on: Day | None = None
    persons_present: Count | None = None
    persons_by_space: dict[_text(MAX_NAME), Count] | None = None
    exits_blocked: bool | None = None
    exit_access_clear: bool | None = None
    egress_obstructed: bool | None = None
    serious_menace: bool | None = None
    fire_exits_designated: bool | None = None
    fire_exits_comply_with_uniform_code: bool | None = None
    certificate_on_premises: bool | None = None
    toilets_provided: Count | None = None
    signs: dict[_text(MAX_NAME), SignSeen] | None = None
    corrected: bool | None = None
    notes: _text(MAX_STATEMENT) = ""
    reason: _text(MAX_REASON) = ""
    expected_version: Version = None


@router.post("/towns/{town}/inspections/{id}/record", response={200: dict[str, Any], **ERRORS},
             operation_id="record_inspection",
             summary="Record what an inspection found; the law core lists the deficiencies with citations")
def record_inspection(request: Any, town: str, pk: RecordId, data: RecordInspectionIn) -> Any:
    from publicassembly.venues import services as vs
    from publicassembly.venues.models import Inspection

    v = _clean(data)
    inspection = Inspection.objects.get_in_town(_places_town(town), pk=pk)
    args = {k: val for k, val in v.items() if k not in ("signs",)}
    if data.signs is not None:
        args["signs"] = {room: seen.dict(exclude_unset=True) for room, seen in data.signs.items()}
    recorded = vs.record_inspection(request.user, inspection, **args)
    # (recording moved the venue's version: its findings decide whether a certificate may issue, M-18)
    return {**_inspection(recorded), "venue_version": recorded.venue.version}


# --- Enforcement -----------------------------------------------------------------------------------------------------


def _ref(model: Any, town: Any, pk: int | None, field: str) -> Any:
    """A record named in a body by id: 422 naming the field when there is none in the town."""
    if pk is None:
        return None
    found = model.objects.for_town(town).filter(pk=pk).first()
    if found is None:
        raise ValidationFailed(field, f"no {model._meta.verbose_name} #{pk} in {town}")
    return found


def _refs(town: Any, data: Any, fields: Any) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The records a body names by id (`fields`: (model, field)), each looked up in `town` (`_ref`), and the
    refusal of each the town does not hold, kept to be told with the body's other refusals (W-33, W-36)."""
    named, refused = {}, []
    for model, field in fields:
        try:
            named[field] = _ref(model, town, getattr(data, field, None), field)
        except ValidationFailed as e:
            refused.append((e.field, e.detail))
    return named, refused


Id = Annotated[int, Field(ge=1, le=2**62)]


class OffenderIn(BodyIn):
    kind: Literal["person", "firm"]
    name: _text(MAX_NAME, min_length=1)
    address: _text(MAX_ADDRESS) = ""
    reason: _text(MAX_REASON) = ""


@router.post("/towns/{town}/offenders", response={201: dict[str, Any], **ERRORS}, operation_id="register_offender",
             summary="Record a person or firm against whom violations may be recorded")
def register_offender(request: Any, town: str, data: OffenderIn) -> Any:
    from publicassembly.enforcement import services as es

    v = _clean(data)
    o = es.register_offender(request.user, _town(town), kind=data.kind, name=v["name"], address=v.get("address", ""),
                             reason=v.get("reason", ""))
    return Status(201, {"id": o.pk, "kind": o.kind, "name": o.name, "address": o.address})


class ComplaintIn(RefusalsKept):  # (its schema's refusals told with the service's: W-33, as W-30)
    description: _text(MAX_DESCRIPTION, min_length=1)
    observed_on: Day
    filed_on: Day | None = None
    offender: Id | None = None
    venue: Id | None = None
    inspection: Id | None = None
    place: _text(MAX_PLACE) = ""
    in_presence: bool | None = None
    reason: _text(MAX_REASON) = ""


def _complaint(c: Any) -> dict[str, Any]:
    return {"id": c.pk, "state": c.state, "version": c.version, "filed_on": c.filed_on.isoformat(),
            "observed_on": c.observed_on.isoformat(), "offender": c.offender_id, "venue": c.venue_id}


def _violation(v: Any) -> dict[str, Any]:
    return {"id": v.pk, "complaint": v.complaint_id, "offender": v.offender_id, "rule": v.rule_id,
            "citation": v.citation, "observed_on": v.observed_on.isoformat(), "state": v.state, "version": v.version}


@router.post("/towns/{town}/complaints", response={201: dict[str, Any], **ERRORS}, operation_id="file_complaint",
             summary="File a complaint of a violation (§ 164-12)")
def file_complaint(request: Any, town: str, data: ComplaintIn) -> Any:
    """Filed with the Building Inspector (or his own). The same complaint sent again (by the same officer, of the
    same day observed, description, place, offender, venue, inspection and presence) while the first is still
    filed (not acted on) is 422 naming
    ``description`` and the complaint already filed, filed once (interpretation W-9). A user who may not file a
    complaint (not the Building Inspector or an enforcement officer of the town) is 403 first, whatever the body:
    nothing of the town's records is told to him. Every refusal of the body is then told at once, 422: the
    schema's, the records named that the town does not hold, the service's of the values (`complaint_refusals`;
    interpretation W-33)."""
    from publicassembly.enforcement import services as es
    from publicassembly.enforcement.models import Offender
    from publicassembly.venues.models import Inspection, Venue
    from publicassembly.workflow.access import require_role

    t = _town(town)
    require_role(request.user, t, *es.ENFORCERS)  # (the role first: the records named are looked up after it, W-33)
    named, refused = _refs(t, data, ((Offender, "offender"), (Venue, "venue"), (Inspection, "inspection")))
    refused += es.complaint_refusals(t, **{f: getattr(data, f, None) for f in ("description", "observed_on",
                                                                              "filed_on", "in_presence")},
                                     place=getattr(data, "place", ""), reason=getattr(data, "reason", ""))
    if data.refused or refused:
        refuse_with(data, refused)
    v = _clean(data)
    return Status(201, _complaint(es.file_complaint(
        request.user, t, description=v["description"], observed_on=data.observed_on, filed_on=data.filed_on,
        place=v.get("place", ""), in_presence=data.in_presence, reason=v.get("reason", ""), **named)))


class ViolationIn(RefusalsKept):  # (its schema's refusals told with the service's: W-36, as W-33)
    rule_id: _text(120) | None = None
    offender: Id | None = None
    observed_on: Day | None = None
    description: _text(MAX_DESCRIPTION) = ""
    in_presence: bool | None = None
    venue: Id | None = None
    deficiency: Id | None = None
    place: _text(MAX_PLACE) = ""
    days_of_continued_violation: Annotated[int, Field(ge=1, le=MAX_VIOLATION_DAYS)] | None = None
    reason: _text(MAX_REASON) = ""
    expected_version: Version = None


@router.post("/towns/{town}/complaints/{id}/violations", response={201: dict[str, Any], **ERRORS},
             operation_id="record_violation", summary="Record a violation on a complaint")
def record_violation(request: Any, town: str, pk: RecordId, data: ViolationIn) -> Any:
    """``rule_id``: a requirement a person can violate (422 naming it otherwise, listing exactly those accepted).
    Carmel: ``days_of_continued_violation`` counted from ``observed_on`` end today at the latest (ch. 31 penalties
    ¶ A; 422 naming it, W-16). A day already charged to the same offender under the same rule by a violation that
    stands (not withdrawn nor dismissed) is 422 naming ``observed_on`` or the days and that violation (W-15)."""
    from publicassembly.enforcement import services as es
    from publicassembly.enforcement.models import Complaint, Offender
    from publicassembly.venues.models import Deficiency, Venue
    from publicassembly.workflow.access import require_role

    t = _town(town)
    # the role first: the complaint and the records named are looked up after it (no probing of ids, W-33)
    require_role(request.user, t, *es.ENFORCERS)
    complaint = Complaint.objects.get_in_town(t, pk=pk)
    records = ((Offender, "offender"), (Venue, "venue"), (Deficiency, "deficiency"))
    named, refused = _refs(t, data, records)
    told = {err["loc"][0] for err in data.refused if err.get("loc")} | {f for f, _m in refused}
    refused += es.violation_refusals(request.user, complaint, told=told, **named, **{
        f: getattr(data, f, None) for f in es.VIOLATION_FIELDS if f not in {f for _m, f in records}})
    if data.refused or refused:  # every refusal at once: the schema's, the records', the service's (W-36)
        refuse_with(data, refused)
    v = _clean(data)
    return Status(201, _violation(es.record_violation(
        request.user, complaint, rule_id=v.get("rule_id"), observed_on=data.observed_on,
        description=v.get("description", ""), in_presence=data.in_presence, place=v.get("place", ""),
        days_of_continued_violation=data.days_of_continued_violation, reason=v.get("reason", ""),
        expected_version=data.expected_version, **named)))


#: The hour a summons is returnable as the API's schema documents it: `documents.records.RETURN_TIME` — the one
#: pattern the workflow's summonses (`enforcement.services.return_time_of`, which this endpoint calls), the CLI's
#: and a summons read from JSON are held to — or empty; white space around the hour is taken, as the service
#: takes it (it strips it), and white space alone is not.
RETURN_TIME_PATTERN = rf"^(?:\s*(?:{RETURN_TIME.pattern})\s*)?$"


class SummonsIn(RefusalsKept):  # (its schema's refusals told with the service's: W-38, as W-36)
    return_date: Day
    # The service checks the hour (`return_time_of`: 422 naming return_time, in words); the pattern documents it.
    return_time: Annotated[str, Field(max_length=40, json_schema_extra={"pattern": RETURN_TIME_PATTERN},
                                      description="the hour the summons is returnable: HH:MM on the 24-hour "
                                                  "clock, 00:00 to 23:59, or empty")] = ""
    issued_on: Day | None = None
    reason: _text(MAX_REASON) = ""
    expected_version: Version = None


def _violation_of(town: str, pk: int) -> Any:
    from publicassembly.enforcement.models import Violation

    return Violation.objects.get_in_town(_town(town), pk=pk)


def _every_refusal(data: RefusalsKept, fields: tuple[str, ...], refusals: Any) -> None:
    """Answer 422 with every refusal of `data` at once when its schema refused a field (`refuse_every`, W-32): the
    schema's, then what the service's `refusals` (``told=``, ``**values``: one of its ``*_refusals`` functions with
    the user and the record given) refuses of the values of `fields` the schema took, the others told to it as
    refused (W-38, as W-36). Nothing when the schema refused none: the service then tells every refusal at once."""
    refuse_every(data, lambda given: refusals(told=set(fields) - set(given),
                                              **{f: given[f] for f in fields if f in given}))


@router.post("/towns/{town}/violations/{id}/summons", response={201: dict[str, Any], **ERRORS},
             operation_id="issue_summons", summary="Issue a summons returnable in the Town Justice Court")
def issue_summons(request: Any, town: str, pk: RecordId, data: SummonsIn) -> Any:
    """Mount Pleasant: the Building Inspector alone (§ 164-12); Carmel: the Building Inspector (W-1). A user who
    may not issue it is 403 first, whatever the body; then every refusal of the body at once, 422: the schema's
    and the service's (``return_date`` a day the Town Justice Court sits, after the day of issue, within 365 days
    of it, W-7, W-8; ``issued_on`` not before the days the violation charges; interpretation W-38). A violation
    with its summons already: 409, naming it."""
    from publicassembly.enforcement import services as es

    es.summons_role(request.user, _town(town))  # (the role first: the violation looked up after it, W-38)
    violation = _violation_of(town, pk)
    _every_refusal(data, es.SUMMONS_FIELDS, lambda **given: es.summons_refusals(request.user, violation, **given))
    v = _clean(data)
    s = es.issue_summons(request.user, violation, return_date=data.return_date,
                         return_time=v.get("return_time", ""), issued_on=data.issued_on, reason=v.get("reason", ""),
                         expected_version=data.expected_version)
    return Status(201, {"id": s.pk, "number": s.number, "violation": s.violation_id, "court": s.court,
                 "issued_on": s.issued_on.isoformat(), "return_date": s.return_date.isoformat()})


class DispositionIn(RefusalsKept):  # (its schema's refusals told with the service's: W-38, as W-36)
    outcome: Literal["convicted", "dismissed"]
    decided_on: Day | None = None
    fine: Money10 | None = None  # (left out, or null: not given; required for a conviction without imprisonment)
    jail_days: Days = 0
    jail_months: Annotated[int, Field(ge=0, le=MAX_JAIL_MONTHS)] = 0
    reason: _text(MAX_REASON) = ""
    expected_version: Version = None


@router.post("/towns/{town}/violations/{id}/disposition", response={201: dict[str, Any], **ERRORS},
             operation_id="record_disposition",
             summary="The court's disposition; a sentence within the law's range (§ 164-14, ch. 31 penalties)")
def record_disposition(request: Any, town: str, pk: RecordId, data: DispositionIn) -> Any:
    """The Building Inspector or the Clerk: a user who is neither is 403 first, whatever the body; then every
    refusal of the body at once, 422: the schema's and the service's (the sentence against the range for the
    offense, ``decided_on`` not before the summons was issued; interpretation W-38). A violation not summoned:
    409."""
    from publicassembly.enforcement import services as es
    from publicassembly.workflow.access import require_role

    require_role(request.user, _town(town), *es.COURT_CLERKS)  # (the role first: the violation after it, W-38)
    violation = _violation_of(town, pk)
    _every_refusal(data, es.DISPOSITION_FIELDS,
                   lambda **given: es.disposition_refusals(request.user, violation, **{
                       **given, **({"fine": str(given["fine"])} if given.get("fine") is not None else {})}))
    v = _clean(data)
    d = es.record_disposition(request.user, violation, outcome=data.outcome, decided_on=data.decided_on,
                              fine=None if data.fine is None else str(data.fine), jail_days=data.jail_days,
                              jail_months=data.jail_months, reason=v.get("reason", ""),
                              expected_version=data.expected_version)
    return Status(201, {"id": d.pk, "violation": d.violation_id, "outcome": d.outcome, "offense_number": d.offense_number,
                 "fine": str(d.fine), "jail_days": d.jail_days, "jail_months": d.jail_months, "penalty": d.penalty})


class PaymentIn(RefusalsKept):  # (its schema's refusals told with the service's: W-38, as W-36)
    amount: Money10
    paid_on: Day | None = None
    reason: _text(MAX_REASON) = ""
    expected_version: Version = None


@router.post("/towns/{town}/violations/{id}/payment", response={200: dict[str, Any], **ERRORS},
             operation_id="record_fine_payment", summary="Payment of the fine in full")
def record_payment(request: Any, town: str, pk: RecordId, data: PaymentIn) -> Any:
    """The Building Inspector or the Clerk: a user who is neither is 403 first, whatever the body; then every
    refusal of the body at once, 422: the schema's and the service's (``amount`` the fine in full, ``paid_on``
    not before the disposition; interpretation W-38). A violation not disposed: 409."""
    from publicassembly.enforcement import services as es
    from publicassembly.workflow.access import require_role

    require_role(request.user, _town(town), *es.COURT_CLERKS)  # (the role first: the violation after it, W-38)
    violation = _violation_of(town, pk)
    _every_refusal(data, es.PAYMENT_FIELDS,
                   lambda **given: es.payment_refusals(request.user, violation, **{
                       **given, **({"amount": str(given["amount"])} if given.get("amount") is not None else {})}))
    v = _clean(data)
    return _violation(es.record_payment(request.user, violation, amount=str(data.amount),
                                        paid_on=data.paid_on, reason=v.get("reason", ""),
                                        expected_version=data.expected_version))


@router.post("/towns/{town}/violations/{id}/close", response={200: dict[str, Any], **ERRORS},
             operation_id="close_violation", summary="Close a violation (the Building Inspector; reason required)")
def close_violation(request: Any, town: str, pk: RecordId, data: ReasonIn) -> Any:
    from publicassembly.enforcement import services as es

    v = _clean(data)
    return _violation(es.close_case(request.user, _violation_of(town, pk), reason=v["reason"],
                                    expected_version=data.expected_version))


#: Who reads the Town's enforcement records (as the enforcement page).
READERS = ("building_inspector", "enforcement_officer", "town_clerk")


def _offender(o: Any) -> dict[str, Any]:
    return {"id": o.pk, "kind": o.kind, "name": o.name, "address": o.address}


@router.get("/towns/{town}/offenders", response={200: list[dict[str, Any]], **ERRORS}, operation_id="list_offenders",
            summary="Persons and firms against whom violations may be recorded")
def list_offenders(request: Any, town: str) -> Any:
    """The Town's offenders by name (its Building Inspector, enforcement officers and Clerk)."""
    from publicassembly.enforcement.models import Offender
    from publicassembly.workflow.access import require_role

    t = _town(town)
    require_role(request.user, t, *READERS)
    return [_offender(o) for o in Offender.objects.for_town(t).order_by("name", "id")]


@router.get("/towns/{town}/complaints", response={200: list[dict[str, Any]], **ERRORS},
            operation_id="list_complaints", summary="Complaints with their violations (§ 164-12)")
def list_complaints(request: Any, town: str) -> Any:
    """The Town's complaints, newest first, each with its state, version (for ``expected_version``) and its
    violations (its Building Inspector, enforcement officers and Clerk, as the enforcement page)."""
    from publicassembly.enforcement.models import Complaint
    from publicassembly.workflow.access import require_role

    t = _town(town)
    require_role(request.user, t, *READERS)
    out = []
    for c in Complaint.objects.for_town(t).prefetch_related("violations").order_by("-filed_on", "-id"):
        out.append({**_complaint(c), "description": c.description, "place": c.place,
                    "complainant_kind": c.complainant_kind, "in_presence": c.in_presence,
                    "inspection": c.inspection_id,
                    "violations": [_violation(v) for v in sorted(c.violations.all(), key=lambda v: v.pk)]})
    return out


def _complaint_of(town: str, pk: int) -> Any:
    from publicassembly.enforcement.models import Complaint

    return Complaint.objects.get_in_town(_town(town), pk=pk)


@router.post("/towns/{town}/complaints/{id}/dismiss", response={200: dict[str, Any], **ERRORS},
             operation_id="dismiss_complaint",
             summary="Dismiss a complaint on which no violation was recorded (the Building Inspector)")
def dismiss_complaint(request: Any, town: str, pk: RecordId, data: ReasonIn) -> Any:
    """filed → dismissed, with the reason (required). A complaint with violations recorded is 409."""
    from publicassembly.enforcement import services as es

    v = _clean(data)
    return _complaint(es.dismiss_complaint(request.user, _complaint_of(town, pk), reason=v["reason"],
                                           expected_version=data.expected_version))


@router.post("/towns/{town}/complaints/{id}/close", response={200: dict[str, Any], **ERRORS},
             operation_id="close_complaint",
             summary="Close a complaint whose violations are all closed or dismissed (the Building Inspector)")
def close_complaint(request: Any, town: str, pk: RecordId, data: ReasonIn) -> Any:
    """violations_recorded → closed, with the reason (required); 422 naming ``complaint`` while one of its
    violations is still open; 409 from another state."""
    from publicassembly.enforcement import services as es

    v = _clean(data)
    return _complaint(es.close_case(request.user, _complaint_of(town, pk), reason=v["reason"],
                                    expected_version=data.expected_version))


# --- Stop orders (Mount Pleasant §§ 164-5, 164-13) ------------------------------------------------------------------


def _stop_order(o: Any) -> dict[str, Any]:
    return {"id": o.pk, "venue": o.venue_id, "complaint": o.complaint_id, "performance": o.performance,
            "ordered_at": _moment(o.ordered_at), "officer_kind": o.officer_kind,
            "persons_present": o.persons_present, "persons_by_space": o.persons_by_space,
            "approved_number": o.approved_number,
            # (where it came from when the order was given: certificate, former_certificate, occupant_load)
            "approved_number_from": o.approved_number_from or None, "approved_certificate": o.approved_certificate or None,
            "overcrowding": o.overcrowding, "egress_obstructed": o.egress_obstructed,
            "serious_menace": o.serious_menace, "rule": o.rule_id, "citation": o.citation,
            "description": o.description, "state": o.state, "version": o.version,
            "lifted_at": _moment(o.lifted_at), "correction": o.correction}


@router.get("/towns/{town}/stop-orders", response={200: list[dict[str, Any]], **ERRORS},
            operation_id="list_stop_orders", summary="Stop orders of performances (§ 164-5)")
def list_stop_orders(request: Any, town: str) -> Any:
    """The Town's stop orders, newest first (its Building Inspector, enforcement officers and Clerk)."""
    from publicassembly.enforcement.models import StopOrder
    from publicassembly.workflow.access import require_role

    t = _town(town)
    require_role(request.user, t, *READERS)
    return [_stop_order(o) for o in StopOrder.objects.for_town(t).order_by("-ordered_at", "-id")]


class StopOrderIn(RefusalsKept):  # (its schema's refusals told with the service's: W-36, as W-33)
    performance: _text(MAX_PLACE, min_length=1)
    ordered_at: Moment | None = Field(None, description="when the order was given (default: now)")
    persons_present: Count | None = None
    persons_by_space: dict[_text(200), Count] | None = Field(
        None, description="persons counted in each room (space name → persons): a room above its own occupant "
                          "load is overcrowding though the place has room (§§ 164-5, 164-7)")
    egress_obstructed: bool = False
    serious_menace: bool = False
    description: _text(MAX_DESCRIPTION) = ""
    complaint: Id | None = None
    reason: _text(MAX_REASON) = ""
    expected_version: Version = None  # the venue's: recording moves it (the same stop order sent twice: 409)


@router.post("/towns/{town}/venues/{id}/stop-orders", response={201: dict[str, Any], **ERRORS},
             operation_id="record_stop_order",
             summary="Stop a performance for overcrowding, obstructed egress or a serious menace (§ 164-5)")
def record_stop_order(request: Any, town: str, pk: RecordId, data: StopOrderIn) -> Any:
    """A Building Inspector or enforcement officer stops the performance until corrected. The law core decides
    from the facts (persons present against the approved number, persons in a room against its occupant load,
    the conditions) whether a stop order is due;
    if not, 422 naming ``grounds``. Mount Pleasant only (another town: 422 naming ``town``). ``expected_version``
    (optional) is the venue's as last read: recording moves it, so the same order sent twice on it is 409,
    recorded once; the answer's ``venue_version`` is the venue's now."""
    from publicassembly.enforcement import services as es
    from publicassembly.enforcement.models import Complaint

    venue = _venue_of(town, pk)  # (a place of assembly is a public record: its pages are public)
    es.stop_order_role(request.user, venue)  # the town and the role first: the complaint named after them (W-33)
    named, refused = _refs(venue.town, data, ((Complaint, "complaint"),))
    told = {err["loc"][0] for err in data.refused if err.get("loc")} | {f for f, _m in refused}
    refused += es.stop_order_refusals(request.user, venue, told=told, **named, **{
        f: getattr(data, f, None) for f in es.STOP_ORDER_FIELDS if f != "complaint"})
    if data.refused or refused:  # every refusal at once: the schema's, the complaint's, the service's (W-36)
        refuse_with(data, refused)
    v = _clean(data)
    order = es.record_stop_order(
        request.user, venue, performance=v["performance"], ordered_at=data.ordered_at,
        persons_present=data.persons_present, egress_obstructed=data.egress_obstructed,
        serious_menace=data.serious_menace, description=v.get("description", ""), reason=v.get("reason", ""),
        persons_by_space=data.persons_by_space, expected_version=data.expected_version, **named)
    return Status(201, {**_stop_order(order), "venue_version": venue.version})  # (recording moved the venue's)


class LiftIn(RefusalsKept):  # (its schema's refusals told with the service's: W-38, as W-36)
    correction: _text(MAX_DESCRIPTION, min_length=1) = Field(description="how the condition was corrected")
    lifted_at: Moment | None = Field(None, description="when it was lifted (default: now)")
    expected_version: Version = None


@router.post("/towns/{town}/stop-orders/{id}/lift", response={200: dict[str, Any], **ERRORS},
             operation_id="lift_stop_order", summary="Lift a stop order once the condition is corrected (§ 164-13)")
def lift_stop_order(request: Any, town: str, pk: RecordId, data: LiftIn) -> Any:
    """in_force → lifted (a Building Inspector or enforcement officer: another user is 403 first, whatever the
    body); every refusal of the body at once, 422: the schema's and the service's (``lifted_at`` not in the future
    nor before the order; interpretation W-38); 409 when already lifted."""
    from publicassembly.enforcement import services as es
    from publicassembly.enforcement.models import StopOrder
    from publicassembly.workflow.access import require_role

    t = _places_town(town)
    require_role(request.user, t, *es.ENFORCERS)  # (the role first: the stop order looked up after it, W-38)
    order = StopOrder.objects.get_in_town(t, pk=pk)
    _every_refusal(data, es.LIFT_FIELDS, lambda **given: es.lift_refusals(request.user, order, **given))
    v = _clean(data)
    return _stop_order(es.lift_stop_order(request.user, order, correction=v["correction"], lifted_at=data.lifted_at,
                                          expected_version=data.expected_version))


@router.get("/towns/{town}/venues/{id}/timeline", response={200: list[dict[str, Any]], **ERRORS},
            operation_id="venue_timeline", summary="A place of assembly's history: spaces, certificates, inspections")
def venue_timeline(request: Any, town: str, pk: RecordId) -> Any:
    """Every saved change of the venue, its spaces, certificates and inspections, oldest first (its Building
    Inspector and enforcement officers, as the venue's page)."""
    from publicassembly.venues import services as vs
    from publicassembly.workflow.access import require_role

    t = _places_town(town)
    require_role(request.user, t, "building_inspector", "enforcement_officer")
    return _timeline(vs.venue_timeline(_venue_of(town, pk)))
