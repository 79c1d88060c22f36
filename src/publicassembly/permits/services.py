"""The service layer of Carmel ch. 31 permits: one function per action on a permit application.

Every action ``f(by, app, ..., expected_version=None, reason=None)``:

1. checks the role of `by` in the application's town (`NotAllowed`, HTTP 403; a user of another town holds no
   role here and is refused), and for the applicant's own steps that `by` is the application's applicant;
   then the values given that can be judged alone — every free text it takes, its `reason` for the history
   included (G-6) — so that a bad value is `ValidationFailed` (422) whatever the state (P-26, P-29);
2. in one transaction, locks and reloads the application and refuses with `StaleUpdate` (409) when it is no
   longer at `expected_version` (default: the version `app` was loaded at), so nothing is overwritten;
3. checks the state (`InvalidTransition`, 409, listing the actions allowed) and the legal preconditions
   through the law core (`publicassembly.law`: the Carmel determination, its deadlines and parameters);
4. writes the change and its history row (who, when, what, why).

Bad values raise `ValidationFailed` (422) naming the field and what is allowed; an action the law forbids
raises `Blocked` (409) listing each blocker with its citation. `app` is updated in place and returned.
Dates are `datetime.date`; `today` defaults to the Town's local date. Money is US dollars (`Decimal`, whole
cents; ints and strings like ``"250.00"`` are accepted).

Views and commands call these functions only; they hold no rule of law.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal, InvalidOperation
from pathlib import Path
from types import EllipsisType
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from pydantic import ValidationError

from publicassembly.accounts.models import Role
from publicassembly.law import jurisdictions
from publicassembly.law.cases import invalid_from
from publicassembly.law.core import Finding, Status
from publicassembly.law.dates import LegalDate, closed_because, no_public_hearing_because
from publicassembly.law.determination import Determination, Tristate
from publicassembly.law.errors import LawError
from publicassembly.law.jurisdictions.us_ny_carmel.context import cite as cite_carmel
from publicassembly.law.jurisdictions.us_ny_carmel.exemptions import EXEMPTION_OF_KIND, EXEMPTION_RULES
from publicassembly.law.jurisdictions.us_ny_carmel.facts import EventCase
from publicassembly.law.jurisdictions.us_ny_carmel.issuance import CITE_F, money
from publicassembly.law.jurisdictions.us_ny_carmel.permit import CITE_A, CITE_B, too_late_to_issue
from publicassembly.law.jurisdictions.us_ny_carmel.petition import essential_items_missing
from publicassembly.law.labels import missing_item
from publicassembly.law.parameters import ParameterSet, ParameterValues
from publicassembly.law.units import dollars
from publicassembly.permits import stored_files
from publicassembly.permits.models import (
    AWAITING_DECISION,
    CONDITIONS,
    OPEN_STATES,
    PERMIT_MACHINE,
    UNDER_REVIEW,
    Agency,
    Approval,
    Authorization,
    Bond,
    BondDisposition,
    CleanupResult,
    Document,
    FeePayment,
    FeeSchedule,
    InsuranceCertificate,
    Party,
    PermitApplication,
    RevocationGround,
    State,
    approval_basis,
)
from publicassembly.workflow import reasons as said
from publicassembly.workflow.access import require_role, roles_of
from publicassembly.workflow.blocked import Blocked, Blocker, clause
from publicassembly.workflow.dates import a_date, chapter_in_force, happened
from publicassembly.workflow.errors import (
    InvalidTransition,
    NotAllowed,
    NotFound,
    StaleUpdate,
    ValidationFailed,
    WorkflowError,
)
from publicassembly.workflow.models import file_changed, save_with_history
from publicassembly.workflow.printable import problems as printable_problems
from publicassembly.workflow.printable import require_no_controls, require_printable
from publicassembly.workflow.refusals import Refusals
from publicassembly.workflow.states import transition
from publicassembly.workflow.timeline import TimelineEntry, timeline
from publicassembly.workflow.words import law_text, same_words

JURISDICTION_ALIAS = "carmel-ny"

APPLICANT = "applicant"
CLERK = "town_clerk"
BOARD = "town_board_member"
HEALTH = "health_department_reviewer"
INSPECTOR = "building_inspector"
#: The Town's officials who may read every application of their town.
#: The Town's officials, who see every application of their town (read only: each step names its own roles). The
#: enforcement officer too: an offense of ch. 31 is an assembly held without a permit (¶ A), so the officer who
#: cites it must see whether one was applied for, issued or revoked.
OFFICIALS = (CLERK, BOARD, HEALTH, INSPECTOR, "enforcement_officer", "administrator")
#: Who records each approving body's written approval of a condition of ¶ C: its own official.
APPROVER = {Agency.HEALTH_DEPARTMENT: HEALTH, Agency.TOWN_BOARD: BOARD}

#: The rules of the law core whose findings must all be met before a permit issues (¶¶ C, D, E, F, fee).
ISSUANCE_RULES: tuple[str, ...] = (
    "carmel/conditions/c1-drinking-water", "carmel/conditions/c2-toilets", "carmel/conditions/c3-sewage",
    "carmel/conditions/c4-solid-waste", "carmel/conditions/c5-food", "carmel/conditions/c6-parking",
    "carmel/conditions/c7-housing", "carmel/conditions/c8-access-roads", "carmel/conditions/c9-medical",
    "carmel/conditions/c10-fire-protection", "carmel/issuance/d-inspection-authorization",
    "carmel/issuance/e-insurance", "carmel/issuance/f-bond", "carmel/fee/filing",
    "carmel/permit/b-filing-deadline",
)
#: Issuance rules whose ``needs_review`` is a question for the Town Board that its approval answers: a petition
#: filed on the next business day after a last day the Clerk's office was closed (GCL § 25-a, G-1) blocks until the
#: Board acts, and once it has approved the application it has taken the filing as timely (interpretation P-19);
#: their ``not_met`` (a petition filed later) blocks always.
ANSWERED_BY_APPROVAL = frozenset({"carmel/permit/b-filing-deadline"})
#: Rules of the verified petition (¶ B and its items (1)-(15)) checked when the Clerk accepts an application.
PETITION_RULE_PREFIXES = ("carmel/permit/b-verified-petition", "carmel/petition/")

#: Facts that are the Town's own acts or records: never part of the applicant's facts (they are layered on
#: from the application's fields and records when the law core is asked).
TOWN_FACTS = ("filed_on", "submitted_on", "hearing", "board_decision_on", "town_board", "bond", "insurance",
              "assembly_ended_on", "cleanup_completed_on", "filing_fee_paid", "revocation_grounds", "violation")
_ENVELOPE = ("jurisdiction", "subject", "as_of")
_APPROVAL_FIELDS = ("health_department_approved_on", "town_board_approved_on")
_AUTH_FIELDS = ("owner_authorization_to_inspect", "tenant_authorization_to_inspect")

ALLOWED_CONTENT_TYPES = {"application/pdf": ".pdf", "image/png": ".png", "image/jpeg": ".jpg"}
_SIGNATURES = ((b"%PDF-", "application/pdf"), (b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"))
#: The one wording of the refusal of a file of another type (web form, API and service alike; translated where
#: it is shown).
ONLY_PDF_PNG_JPEG = gettext_noop("Only PDF, PNG and JPEG files are accepted.")
#: States in which nothing more can be filed on an application, so no document is attached: the final states
#: (closed, withdrawn, revoked) and denied, from which the only step left is the Clerk's closing of the case.
NO_MORE_FILING = (State.CLOSED, State.WITHDRAWN, State.REVOKED, State.DENIED)
#: Default largest attachment, bytes (setting ``PUBLICASSEMBLY_MAX_DOCUMENT_BYTES``).
DEFAULT_MAX_DOCUMENT_BYTES = 10 * 1024 * 1024  # 10 MiB, as site/settings.py and docs/api.md say


# --- Errors -------------------------------------------------------------------------------------------------


class WrongState(InvalidTransition):
    """A recording step asked of an application in a state that does not allow it (HTTP 409)."""

    def __init__(self, state: str, what: str, states: Sequence[str]) -> None:
        super().__init__(state, state, PERMIT_MACHINE.actions_from(state), action=what)
        self.message = (_("cannot %(action)s: the application is %(state)s; allowed only while it is %(states)s")
                        % {"action": _(what), "state": repr(state), "states": ", ".join(str(s) for s in states)})
        self.args = (self.message,)


class FeeNotRefundable(NotAllowed):
    """The filing fee is not refundable in whole or in part (Carmel ch. 31, fee)."""


#: What a chapter without a permit process is about, by the kind of case it decides (`Jurisdiction.subjects`),
#: for the sentence of `NoPermits`.
CHAPTER_ABOUT = {"venue": gettext_noop("places of assembly and the Building Inspector's certificates of their "
                                       "lawful occupancy")}


class NoPermits(NotFound):
    """A town whose law has no permit process (`runs_permits` is false: Mount Pleasant ch. 164): its permit
    applications, their queue, hearings, calendar and fee schedule do not exist (HTTP 404, as an unknown town),
    said in a sentence naming the town, what its law is about and the towns whose law issues permits, in the
    active language. Nothing is read or stored."""

    worded = True

    def __init__(self, town: Any) -> None:
        j = town.jurisdiction
        about = [_(CHAPTER_ABOUT[s]) for s in j.subjects if s in CHAPTER_ABOUT]
        towns = ", ".join(t.name for t in jurisdictions.all_jurisdictions() if t.issues_permits)
        said = (_("%(town)s does not issue permits for public assemblies here: its law (%(code)s) is about "
                  "%(about)s.") % {"town": town, "code": j.code, "about": ", ".join(about)} if about else
                _("%(town)s does not issue permits for public assemblies here: its law (%(code)s) has no permit "
                  "process.") % {"town": town, "code": j.code})
        if towns:
            said += " " + _("Permits for public assemblies are applied for here in: %(towns)s.") % {"towns": towns}
        WorkflowError.__init__(self, said)
        self.what, self.key = "permit application", getattr(town, "jurisdiction_alias", str(town))


# --- Helpers --------------------------------------------------------------------------------------------------


def _today(today: date | None) -> date:
    return today if today is not None else timezone.localdate()


def _town_moment(today: date | None, now: datetime | None = None) -> tuple[date, time | None]:
    """The Town's day and, when known, its time of day: `now` (an aware datetime) in the Town's time (settings
    TIME_ZONE); else `today` alone (a day given without its hour: the day alone is judged); else the Town's clock
    (`timezone.localtime`), day and time."""
    if now is None and today is not None:
        return today, None
    local = timezone.localtime(now)
    return local.date(), local.time()


def hearing_begun(app: PermitApplication, today: date | None = None, now: datetime | None = None) -> bool:
    """Whether the public hearing set for `app` has begun at the Town's moment (`_town_moment`): its day is
    past, or it is its day and its time (``hearing_time``, the Town's time) has come — with no time set (to be
    announced), or no hour known (a `today` given alone), the day alone counts (interpretation P-37). False with
    no hearing set."""
    if app.hearing_on is None:
        return False
    day, clock = _town_moment(today, now)
    if app.hearing_on != day:
        return app.hearing_on < day
    return app.hearing_time is None or clock is None or clock >= app.hearing_time


def _jurisdiction() -> Any:
    return jurisdictions.get(JURISDICTION_ALIAS)


def runs_permits(town: Any) -> bool:
    """Whether `town` runs permits for public assemblies: its law has a permit process (the jurisdiction
    registry's `Jurisdiction.issues_permits`: Carmel ch. 31, whose process this module runs). The one test of it:
    the pages' links (`web.views.auth.dashboard`), the permit pages and endpoints (`require_permits`)."""
    return bool(town.jurisdiction.issues_permits)


def require_permits(town: Any) -> None:
    """Refuse a town that does not run permits (`runs_permits`) with `NoPermits` (404), before anything is read
    or stored."""
    if not runs_permits(town):
        raise NoPermits(town)


def _require_own(by: Any, app: PermitApplication) -> None:
    """`by` is an applicant in the application's town and the application is theirs."""
    require_role(by, app.town, APPLICANT)
    if app.applicant_id != by.pk:
        raise NotAllowed(_("%(user)s is not the applicant of this permit application; only its applicant may do "
                           "this") % {"user": repr(by.get_username())})


def _lock(app: PermitApplication, expected_version: int | None) -> PermitApplication:
    """Lock and reload `app` (in place); `StaleUpdate` when it is no longer at `expected_version`."""
    expected = app.version if expected_version is None else expected_version
    try:
        fresh = PermitApplication.objects.select_for_update().get(pk=app.pk)
    except PermitApplication.DoesNotExist:
        raise StaleUpdate(expected, None, record=PermitApplication._meta.verbose_name) from None
    for f in PermitApplication._meta.concrete_fields:
        setattr(app, f.attname, getattr(fresh, f.attname))
    if app.version != expected:
        raise StaleUpdate(expected, app.version, record=PermitApplication._meta.verbose_name)
    return app


def _step(app: PermitApplication, action: str, *, by: Any, reason: str | None, default_reason: str,
          **changes: Any) -> PermitApplication:
    """Move the (locked, checked) application by `action`, writing `changes` and the history row."""
    return transition(app, action, by=by, reason=(_note(reason) or "").strip() or default_reason,
                      expected_version=app.version, **changes)


def _before(reason: str | None, words: str) -> str | None:
    """The Clerk's `reason` (if any) followed by what the step says it did (`words`), for a step whose own words carry
    notes the history must keep (the hearing's P-4 and P-8 notes, a notice no longer counted); None without a
    reason (the step's words are then the history's)."""
    why = (_note(reason) or "").strip()
    return said.BEFORE(why=why, said=words) if why else None


#: What each action does, in a clerk's words (for a refusal of an action in the wrong state; English, translated
#: where the refusal is written).
ACTION_WORDS = {
    "submit": gettext_noop("submit the petition"),
    "mark_incomplete": gettext_noop("return the petition as incomplete"),
    "amend": gettext_noop("amend the petition"), "accept": gettext_noop("accept the petition"),
    "schedule_hearing": gettext_noop("schedule the public hearing"),
    "record_notice_published": gettext_noop("record the notice's publication"),
    "reschedule_hearing": gettext_noop("reschedule the public hearing"),
    "record_hearing_held": gettext_noop("record the hearing as held"),
    "approve": gettext_noop("approve the application"), "deny": gettext_noop("deny the application"),
    "issue": gettext_noop("issue the permit"), "record_assembly_held": gettext_noop("record the assembly as held"),
    "record_cleanup_inspection": gettext_noop("record the cleanup inspection"),
    "release_bond": gettext_noop("release the bond"), "forfeit_bond": gettext_noop("forfeit the bond"),
    "close": gettext_noop("close the case"), "withdraw": gettext_noop("withdraw the application"),
    "revoke": gettext_noop("revoke the permit"),
    # (the bond of a revoked permit, released or forfeited by the Town Board: P-32)
    "release_revoked_bond": gettext_noop("release the bond"), "forfeit_revoked_bond": gettext_noop("forfeit the bond"),
    # (a bond posted on an application that ended without a permit, released by the Town Board: P-36)
    "release_unissued_bond": gettext_noop("release the bond"),
}
#: Where the case stands, in a clerk's words, by state (English, translated where the refusal is written).
STATE_WORDS = {
    "draft": gettext_noop("the petition has not been submitted yet"),
    "submitted": gettext_noop("the petition is submitted and awaits the Clerk's review"),
    "incomplete": gettext_noop("the petition was returned as incomplete and awaits the applicant's amendment"),
    "amended": gettext_noop("the amended petition awaits the Clerk's review"),
    "accepted": gettext_noop("the petition is accepted and the public hearing is not yet scheduled"),
    "hearing_scheduled": gettext_noop("the hearing is already scheduled"),
    "hearing_held": gettext_noop("the hearing has been held and the Town Board's decision is awaited"),
    "approved": gettext_noop("the Town Board has approved the application and the permit is not yet issued"),
    "denied": gettext_noop("the Town Board has denied the application"),
    "issued": gettext_noop("the permit is issued"),
    "assembly_held": gettext_noop("the assembly has been held and the cleanup inspection is awaited"),
    "cleanup_inspected": gettext_noop("the cleanup has been inspected and the Town Board's decision on the bond is "
                                      "awaited"),
    "bond_released": gettext_noop("the bond has been released"),
    "bond_forfeited": gettext_noop("the bond has been forfeited"),
    "closed": gettext_noop("the case is closed"),
    "withdrawn": gettext_noop("the application has been withdrawn"),
    "revoked": gettext_noop("the permit has been revoked"),
}


#: The steps only the applicant takes (the state machine names roles for the Town's officials' steps only).
APPLICANT_STEPS = frozenset({"submit", "amend", "withdraw"})


def _by_whom(action: str) -> str:
    """`action` in words, saying "(the applicant)" for a step only the applicant takes, so that a refusal's
    "what can be done now" does not offer an official what only the applicant can do."""
    words = _(ACTION_WORDS[action]) if action in ACTION_WORDS else action
    return _("%(step)s (the applicant)") % {"step": words} if action in APPLICANT_STEPS else words


def _check_state(app: PermitApplication, action: str) -> None:
    """`InvalidTransition` (409) when `action` is not allowed in the application's state, saying in words where
    the case stands and what can be done now (e.g. "cannot schedule the public hearing: the hearing is already
    scheduled; what can be done now: record the hearing as held, withdraw the application")."""
    try:
        PERMIT_MACHINE.check(app.state, action)
    except InvalidTransition as e:
        if e.to_state is None:
            raise
        allowed = [a for a in e.allowed if available(app, a)]
        e.allowed = allowed
        now = (", ".join(_by_whom(a) for a in allowed) or _("nothing more (this is a final state)"))
        e.message = (_("cannot %(action)s: %(state)s; what can be done now: %(now)s")
                     % {"action": _(ACTION_WORDS[action]) if action in ACTION_WORDS else action,
                        "state": _(STATE_WORDS[app.state]) if app.state in STATE_WORDS else app.state, "now": now})
        e.args = (e.message,)
        raise


def _check_in(app: PermitApplication, states: Iterable[str], what: str) -> None:
    states = tuple(states)
    if app.state not in states:
        raise WrongState(app.state, what, states)


def _amount(value: Any, field: str, *, positive: bool = False) -> Decimal:
    """US dollars in whole cents from a Decimal, int or string; `ValidationFailed` naming `field`."""
    if isinstance(value, float):
        raise ValidationFailed(field, _('give money as a decimal string or Decimal (e.g. "250.00"), not a float'))
    try:
        amount = Decimal(str(value).strip().replace(",", "").lstrip("$"))
    except (InvalidOperation, ValueError):
        raise ValidationFailed(field, _("%(value)s is not an amount of US dollars (e.g. 250.00)")
                               % {"value": repr(value)}) from None
    if not amount.is_finite() or amount != amount.quantize(Decimal("0.01")):
        raise ValidationFailed(field, _("%(value)s is not an amount in whole cents") % {"value": repr(value)})
    if amount < 0 or (positive and amount == 0):
        raise ValidationFailed(field, (_("must be more than $0 (got %(value)s)") if positive else
                                       _("must be at least $0 (got %(value)s)")) % {"value": value})
    return amount.quantize(Decimal("0.01")).copy_abs()  # -0 is $0.00, never "-0.00" (negatives refused above)


def _date(value: Any, field: str) -> date:
    """A date in the years 1778-2099 (`workflow.dates.a_date`, interpretation G-2); else `ValidationFailed`."""
    return a_date(field, value)


def _happened(value: Any, field: str, *, today: date | None, after: date | None = None,
              after_what: str = "") -> date:
    """The date of something that has happened (`workflow.dates.happened`): a date in 1778-2099, not after
    `today` (default the Town's date) nor before `after` (`after_what`: that day in words, ``gettext_noop``)."""
    return happened(field, value, on=today, not_before=after, not_before_what=after_what)


def _text(value: Any, field: str, what: str) -> str:
    """`value` stripped; when empty, `ValidationFailed` naming `field` and asking for `what` (words marked with
    ``gettext_noop``, translated here); holding a control character (an escape, a direction override: G-6,
    `require_no_controls`), `ValidationFailed` naming `field` and its characters — the pages and the API show
    every text entered, whether or not a document prints it."""
    if not isinstance(value, str) or not value.strip():
        raise ValidationFailed(field, _("give %(what)s") % {"what": _(what)})
    require_no_controls((field, value))
    return value.strip()


def _note(value: Any, field: str = "reason") -> Any:
    """An optional text given by a user (the reason an action gives its history, a bond's surety, a fee's
    receipt), refused as `_text` refuses one when it holds a control character (G-6); returned as given."""
    require_no_controls((field, value))
    return value


def _document_of(app: PermitApplication, document: Any, field: str = "document", *, required: bool = True) -> Any:
    """The `Document` `document` attached to `app`: given as the record (a page's choice) or by its id (the
    API's), else `ValidationFailed` naming `field`; None when none is given and none is `required`."""
    if document is None:
        if required:
            raise ValidationFailed(field, _("attach the written document to the application (its documents) and give it here"))
        return None
    if isinstance(document, int) and not isinstance(document, bool):
        found = Document.objects.for_town(app.town).filter(pk=document, application=app).first()
        if found is None:
            raise ValidationFailed(field, _("no document #%(id)s is attached to this permit application")
                                   % {"id": document})
        return found
    if not isinstance(document, Document) or document.application_id != app.pk:
        raise ValidationFailed(field, _("the document must be one attached to this permit application"))
    return document


def _controls_of(*values: tuple[str, Any]) -> list[tuple[str, str]]:
    """`require_no_controls`'s refusals of `values`, returned (empty when none holds a control character)."""
    try:
        require_no_controls(*values)
    except ValidationFailed as e:
        return list(e.errors)
    return []


def _refuse(errors: Sequence[tuple[str, str]]) -> None:
    """Raise every refusal in `errors` at once (`ValidationFailed.of_all`), nothing when there is none."""
    if errors:
        raise ValidationFailed.of_all(errors)


# --- Facts and the law core ------------------------------------------------------------------------------------


def validate_facts(facts: Any) -> dict[str, Any]:
    """The applicant's facts of the assembly, checked against the Carmel `EventCase` model and returned as
    JSON-ready data.

    Raises `ValidationFailed` with field ``facts.<path>`` for data that breaks the model, and for facts that are
    the Town's own acts or records (filing and submission dates, hearing, Board decision and limits, bond,
    insurance, fee paid, the written approvals of ¶ C, the authorizations of ¶ D, the verification): those are
    recorded through their own services. Every bad fact is told at once (``errors``): those the model refuses, and
    the texts the documents cannot print (G-6), which are otherwise checked once the model accepts the facts."""
    if not isinstance(facts, dict):
        raise ValidationFailed("facts", _("must be a mapping of the assembly's facts, not %(type)s")
                               % {"type": type(facts).__name__})
    refused: list[tuple[str, str]] = []  # every fact the applicant may not give, then every bad fact: all told
    for key in _ENVELOPE:  # (a case file's envelope, e.g. an example file sent as the facts: not facts)
        if key in facts:
            refused.append((f"facts.{key}", _("is not one of the assembly's facts: the application's town is the "
                                              "one it is filed in, its subject is the assembly and its day is "
                                              "the day of each step; leave it out")))
    for key in TOWN_FACTS:
        if key in facts:
            refused.append((f"facts.{key}", _("is recorded by the Town through its own step, not given in the "
                                              "applicant's facts")))
    petition = facts.get("petition")
    if isinstance(petition, dict) and "verified" in petition:
        refused.append(("facts.petition.verified", _("the petition is verified by the verification statement "
                                                     "given when it is submitted")))
    conditions = facts.get("conditions")
    if isinstance(conditions, dict):
        for name, facility in conditions.items():
            if isinstance(facility, dict):
                refused += [(f"facts.conditions.{name}.{key}",
                             _("written approvals are recorded by the approving body as a step of their own "
                               "(the application's approvals), not given in the facts"))
                            for key in _APPROVAL_FIELDS if key in facility]
    properties = facts.get("properties")
    if isinstance(properties, list):
        for i, prop in enumerate(properties):
            if isinstance(prop, dict):
                refused += [(f"facts.properties[{i}].{key}",
                             _("authorizations to inspect are recorded by the Town Clerk as a step of their own "
                               "(the application's authorizations), not given in the facts"))
                            for key in _AUTH_FIELDS if key in prop]
    model = None
    try:
        model = EventCase.model_validate(facts)
    except ValidationError as e:
        told = {field for field, _message in refused}  # (a key refused above is not also "not a field")
        refused += [(field, message) for field, message in invalid_from(e, "facts.", EventCase).errors if field not in told]
    if refused or model is None:
        # and every text given that the documents cannot print, told with the rest rather than once the rest is
        # put right (G-6): each bad fact is told at once, as a form tells each of its fields
        told = {field for field, _message in refused}
        refused += [(field, message) for field, message in printable_problems(facts, "facts") if field not in told]
        raise ValidationFailed.of_all(refused)
    clean = without_nulls(model.model_dump(mode="json", exclude_unset=True))
    require_printable(("facts", clean))  # the petition, the notice and the permit print them (G-6)
    return clean


def without_nulls(value: Any) -> Any:
    """`value` (JSON data) without the members of its objects, at any depth, that are null: a fact given null is a
    fact not stated — the facts' schema documents null as "not stated", the default of every fact that takes it —
    so it is kept as a fact left out (a JSON Merge Patch's null removes the fact; a replacement's, or a new draft's,
    is not stored), and a replacement's `facts_removed` names it when it was stated (interpretation W-34). An item
    of a list is kept (its objects' null members are not)."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(v) for v in value]
    return value


def parameter_set(town: Any) -> ParameterSet:
    """Carmel's parameters with the Town Board's fee schedules layered on as dated values of ``fees.filing``
    (each year's fee in force from 1 January of that year; a year with no schedule on file has no fee in force,
    so the law core reports it as needing review: interpretation P-1)."""
    return _with_schedules(tuple((s.year, s.amount) for s in FeeSchedule.objects.for_town(town).order_by("year")))


@functools.lru_cache(maxsize=64)
def _with_schedules(schedules: tuple[tuple[int, Decimal], ...]) -> ParameterSet:
    """Carmel's parameters with `schedules` ((year, amount in US dollars), by year) as the dated values of
    ``fees.filing`` (`parameter_set`); one `ParameterSet` per distinct set of schedules, kept (its values are
    read again at every determination under it)."""
    base: ParameterSet = _jurisdiction().parameters
    if not schedules:
        return base
    values: dict[date, Any] = {}
    years = dict(schedules)
    for year in range(min(years), max(years) + 2):
        values[date(year, 1, 1)] = years.get(year)
    return base.with_values("fees.filing", values)


#: How long a server process keeps the fee schedules it read for the public's questions (`public_parameters`):
#: a schedule the Clerk records is seen by every process within this many seconds (at once by the one recording).
PUBLIC_FEES_SECONDS = 60


def _fees_key(alias: str) -> str:
    return f"publicassembly:fee-schedules:{alias}"


def public_parameters(jurisdiction: object) -> ParameterSet | None:
    """The parameters a question of the public (``/permit-check/``, ``POST /api/v1/check``) is determined under
    in `jurisdiction` (an alias or Open Civic Data id): for a town that runs permits and is kept here, its
    parameters with the Town Board's fee schedules on file (`parameter_set`), so that the public is told the
    filing fee the Clerk will charge; None (the law's own parameters, as the command line has them) for any other
    jurisdiction, an unknown one (the law core refuses it) or a town not kept here. The schedules are read from
    the database at most once per `PUBLIC_FEES_SECONDS` per server process (Django's cache)."""
    if not isinstance(jurisdiction, str):
        return None
    try:
        j = jurisdictions.get(jurisdiction)
    except LawError:
        return None
    if not j.issues_permits or j.alias != JURISDICTION_ALIAS:
        return None
    schedules = cache.get(_fees_key(j.alias))
    if schedules is None:
        schedules = tuple((s.year, s.amount) for s in
                          FeeSchedule.objects.filter(town__jurisdiction_alias=j.alias).order_by("year"))
        cache.set(_fees_key(j.alias), schedules, PUBLIC_FEES_SECONDS)
    return _with_schedules(schedules)


def case_data(app: PermitApplication) -> dict[str, Any]:
    """The Carmel case of this application as the law core takes it: the applicant's facts with the Town's
    records layered on (submission, verification, hearing, decision, Board limits, written approvals,
    authorizations, insurance, bond, fee paid, cleanup, grounds of revocation)."""
    return _case_data(app, preloaded=False)


def approval_counts(app: PermitApplication, approval: Approval) -> bool:
    """Whether the written approval counts for the petition as it stands: it was given for the facility and the
    number of persons the petition still states (`approval_basis`; one recorded without them counts). An
    amendment that changes them leaves the approval on the record, but it no longer counts: ¶ C asks the
    facilities "provided for and approved in writing", and those approved are not the ones now petitioned for
    (interpretation P-21, as P-12 for the authorizations of ¶ D)."""
    return approval.basis is None or _same_basis(approval.basis, approval_basis(app.facts, approval.condition))


def _same_basis(recorded: Any, now: Any) -> bool:
    """Whether an approval's recorded basis is the petition's now (`approval_basis`), a fact null in either as one
    not stated (`without_nulls`: facts saved before nulls were left out of them held some)."""
    return bool(without_nulls(recorded) == without_nulls(now))


def lapsed_approvals(app: PermitApplication, facts: dict[str, Any]) -> list[Approval]:
    """The written approvals of `app` that count now and would no longer count for the petition with `facts`
    (`approval_counts`, interpretation P-21), by condition and agency."""
    lapsed = []
    for a in app.approvals.order_by("condition", "agency", "id"):
        if approval_counts(app, a) and a.basis is not None and not _same_basis(a.basis,
                                                                               approval_basis(facts, a.condition)):
            lapsed.append(a)
    return lapsed


def _lapsed_words(words: str, lapsed: list[Approval]) -> str:
    """The history's `words` of a change of the petition's facts, followed by the written approvals it leaves
    without effect (P-21), when any."""
    if not lapsed:
        return words
    which = "; ".join(f"¶ C({a.condition}) {said.THE_AGENCY[a.agency]} {a.approved_on.isoformat()}" for a in lapsed)
    return said.APPROVALS_LAPSED(before=words, approvals=which)


def _copy_json(value: Any) -> Any:
    """A copy of JSON data (dicts, lists and scalars, as a JSONField holds them) that shares nothing mutable
    with `value`; three times as fast as `copy.deepcopy`, which the Clerk's queue pays once per row."""
    if type(value) is dict:
        return {k: _copy_json(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy_json(v) for v in value]
    return copy.deepcopy(value) if isinstance(value, (dict, list)) else value


def _related(app: PermitApplication, name: str, records: dict[str, list[Any]] | None) -> Any:
    """The application's related records `name` (one of `CASE_RECORDS`): from `records` when given."""
    return records[name] if records is not None else getattr(app, name).all()


def _case_data(app: PermitApplication, *, preloaded: bool,
               records: dict[str, list[Any]] | None = None) -> dict[str, Any]:
    """`case_data`; with `preloaded`, the related records come from `records` (relation name in
    `CASE_RECORDS` → the application's records, as `ManyApplications` loads them) or else from the prefetch
    caches that `preload_records` filled (no query), else from the database."""
    d: dict[str, Any] = _copy_json(app.facts or {})
    d["jurisdiction"], d["subject"] = JURISDICTION_ALIAS, "event"
    if app.submitted_on:
        d["filed_on"] = d["submitted_on"] = app.submitted_on.isoformat()
    if app.verification_statement:
        d.setdefault("petition", {})["verified"] = True
    if app.hearing_on:
        d["hearing"] = {"held_on": app.hearing_on.isoformat(),
                        "notice_published_on": app.notice_published_on.isoformat()
                        if app.notice_published_on else None}
    if app.decided_on:
        d["board_decision_on"] = app.decided_on.isoformat()
    board = {"bodily_injury_limit": str(app.bodily_injury_limit) if app.bodily_injury_limit is not None else None,
             "bond_amount": str(app.bond_amount) if app.bond_amount is not None else None}
    d["town_board"] = {k: v for k, v in board.items() if v is not None}
    if app.exemption_not_accepted_on:  # (the Board does not accept the exemption claimed: P-20)
        d["town_board"]["exemption_not_accepted_on"] = app.exemption_not_accepted_on.isoformat()
    if app.pk is None:
        return d
    conditions = d.setdefault("conditions", {})
    for a in _related(app, "approvals", records):
        if not approval_counts(app, a):
            continue  # (given for facts the petition no longer states: P-21)
        facility = conditions.get(CONDITIONS[a.condition]) or {}
        key = f"{a.agency}_approved_on"
        if facility.get(key) is None or facility[key] < a.approved_on.isoformat():
            facility[key] = a.approved_on.isoformat()
        conditions[CONDITIONS[a.condition]] = facility
    properties = d.get("properties") or []
    for auth in _related(app, "authorizations", records):
        i = authorized_property(auth, properties)
        if i is not None:
            properties[i][f"{auth.party}_authorization_to_inspect"] = True
    if preloaded:
        certs = sorted(_related(app, "insurance_certificates", records), key=lambda c: (c.recorded_on, c.pk))
        cert = certs[-1] if certs else None
        bonds = [b.amount for b in _related(app, "bonds", records)]
        fees = [f.amount for f in _related(app, "fee_payments", records)]
        posted = sum(bonds, Decimal(0)) if bonds else None
        paid = sum(fees, Decimal(0)) if fees else None
    else:
        cert = app.insurance_certificates.order_by("recorded_on", "id").last()
        posted = app.bonds.aggregate(total=Sum("amount"))["total"]
        paid = app.fee_payments.aggregate(total=Sum("amount"))["total"]
    if cert is not None:
        d["insurance"] = {"comprehensive_liability": cert.comprehensive_liability,
                          "insures_town": cert.insures_town,
                          "bodily_injury_limit": str(cert.bodily_injury_limit),
                          "property_damage_limit": str(cert.property_damage_limit),
                          "cancellation_notice_days": cert.cancellation_notice_days}
    if posted is not None:
        d["bond"] = {"posted": True, "amount": str(posted)}
    if paid is not None:
        d["filing_fee_paid"] = str(paid)
    if app.assembly_ended_on:  # (¶ F's 5 days run from the end recorded: P-23)
        d["assembly_ended_on"] = app.assembly_ended_on.isoformat()
    if app.cleanup_completed_on:
        d["cleanup_completed_on"] = app.cleanup_completed_on.isoformat()
    if app.revocation_grounds:
        d["revocation_grounds"] = {g: True for g in app.revocation_grounds}
    return d


#: The Town's records of `case_data` that are dates of something done (`units.HappenedDate`): key paths in the
#: case data (``*``: every facility of ¶ C). `as_it_stood` leaves out those after the day a case is taken on.
_TOWN_RECORD_DATES: tuple[tuple[str, ...], ...] = (
    ("filed_on",), ("submitted_on",), ("hearing", "notice_published_on"), ("board_decision_on",),
    ("assembly_ended_on",), ("cleanup_completed_on",), ("town_board", "exemption_not_accepted_on"),
    ("conditions", "*", "health_department_approved_on"),
    ("conditions", "*", "town_board_approved_on"),
)


def _drop_after(node: Any, path: tuple[str, ...], on: str) -> None:
    if not isinstance(node, dict) or not path:
        return
    head, rest = path[0], path[1:]
    for key in (list(node) if head == "*" else [head]):
        if not rest:
            value = node.get(key)
            if isinstance(value, date):
                value = value.isoformat()
            if isinstance(value, str) and value > on:
                del node[key]
        else:
            _drop_after(node.get(key), rest, on)


def as_it_stood(data: dict[str, Any], on: date) -> dict[str, Any]:
    """The case data of an application as the Town's records stood on `on`: a record of something done after
    that day (a submission, the notice published, the Board's decision, a written approval, the cleanup:
    `_TOWN_RECORD_DATES`) had not happened yet and is left out, so that the law core, which refuses a date of
    something done after the day a case is evaluated as of (interpretation G-10), takes the case of a day in
    the application's past (its submission, its notice, the cleanup inspected). The applicant's own facts are
    kept as they are (one after `on` is refused, naming it). `data` is not changed."""
    out = _copy_json(data)
    for path in _TOWN_RECORD_DATES:
        _drop_after(out, path, on.isoformat())
    return out


def determination(app: PermitApplication, as_of: date | None = None, *, data: dict[str, Any] | None = None
                  ) -> Determination:
    """The law core's determination of this application on `as_of` (default today), under Carmel's
    parameters with the Town's fee schedule, the Town's records as they stood on that day (`as_it_stood`).
    `data` overrides the case data (to test a proposed change)."""
    from publicassembly.law import evaluate
    from publicassembly.law.errors import InvalidCase

    on = _today(as_of)
    try:
        return evaluate(as_it_stood(data if data is not None else case_data(app), on), on, parameter_set(app.town))
    except InvalidCase as e:
        raise ValidationFailed(f"facts.{e.field}", e.message,
                               errors=[(f"facts.{field}", message) for field, message in e.errors]) from None


def facts_problem(app: PermitApplication, as_of: date | None = None) -> ValidationFailed | None:
    """Why the law core refuses this application's stored facts on `as_of` (default today), or None when it
    accepts them. A record saved before a change of the law core (or of its limits, e.g. the years in which
    legal time can be counted) can be refused later; lists and pages show it marked (`correction_note`)
    rather than failing."""
    try:
        determination(app, as_of)
    except ValidationFailed as e:
        return e
    return None


def correction_note(problem: ValidationFailed) -> str:
    """The words that mark a record whose facts the law core refuses: ``facts need correction: <field>:
    <message>`` (the field as in the applicant's facts, without the ``facts.`` prefix)."""
    return (_("facts need correction: %(field)s: %(message)s")
            % {"field": problem.field.removeprefix("facts."), "message": law_text(problem.detail)})


def deadlines(app: PermitApplication, as_of: date | None = None) -> dict[str, LegalDate]:
    """The legal deadlines of this application from the law core (name → `LegalDate` with how it was counted):
    ``application_due``, ``decision_due`` (once submitted), ``hearing_notice_due`` (once a hearing is set),
    ``cleanup_due``. Empty when no permit is required."""
    return dict(determination(app, as_of).deadlines)


def deadline_done_on(app: PermitApplication, name: str) -> date | None:
    """The day the application's record shows deadline `name` done, or None (still to meet), in time or not
    (interpretation P-27):

    - the petition's filing (``application_due``, ¶ B: at least 60 days before the assembly): the day the
      petition was submitted (``submitted_on``);
    - the hearing's notice (``hearing_notice_due``, ¶ B: published at least 10 days before the hearing): the day
      its publication is recorded as made (``notice_published_on``);
    - the Board's decision (``decision_due``, ¶ B: within 30 days after submission): the day the Town Board
      approved or denied the application (``decided_on``; refusing a claimed exemption, P-20, is not acting upon
      the application);
    - the cleanup (``cleanup_due``, ¶ F: waste completely removed within 5 days from the termination): the day
      a cleanup inspection found the waste completely removed (``cleanup_completed_on``). The bond's release or
      forfeiture is the Board's act on that finding, not the cleanup: its day (``bond_disposition_on``, P-38)
      does not mark the cleanup done.

    The application page marks it so (not "passed") and its calendar lists it as a completed to-do with no
    alarm, no longer one to meet."""
    if name == "application_due":
        return app.submitted_on
    if name == "hearing_notice_due" and app.hearing_on is not None:
        return app.notice_published_on
    if name == "decision_due":
        return app.decided_on
    if name == "cleanup_due" and app.cleanup_result == CleanupResult.COMPLETE:
        return app.cleanup_completed_on
    return None


def decision_due(app: PermitApplication) -> LegalDate | None:
    """The last day for the Town Board to act: within 30 days after submission, GCL §§ 20, 25-a
    (Carmel ch. 31, permit requirements ¶ B); None before submission."""
    if app.submitted_on is None:
        return None
    return deadlines(app, app.submitted_on).get("decision_due")


def hearing_notice_due(app: PermitApplication, as_of: date | None = None) -> LegalDate | None:
    """The last day to publish the notice of the application's scheduled hearing in the official newspaper: at
    least 10 days prior to it (¶ B; GCL § 20, counted backwards, not extended), the ``hearing_notice_due`` of
    `deadlines` on `as_of` (default today; `ValidationFailed` when the law core refuses the stored facts). When
    the determination counts none because no permit is required, `last_day_to_publish`: the Clerk scheduled a
    hearing, and its notice, perhaps not yet published (G-10), names the day. None when no hearing is
    scheduled."""
    if app.hearing_on is None:
        return None
    return deadlines(app, as_of).get("hearing_notice_due") or last_day_to_publish(app, app.hearing_on,
                                                                                  _today(as_of))


def last_day_to_publish(app: PermitApplication, hearing_on: date, on: date) -> LegalDate:
    """The last day to publish the notice of a hearing of `app` on `hearing_on`, counted by the law core
    (`us_ny_carmel.deadlines.hearing_notice_due`, ¶ B; GCL § 20) under the Town's values in force on `on`. A
    function of the hearing's day alone: also when no permit is required, the Clerk's hearing needs its notice
    (G-10)."""
    from publicassembly.law.jurisdictions.us_ny_carmel import deadlines as counted

    return counted.hearing_notice_due(hearing_on, parameter_set(app.town).at(on))


def hearing_notice_days(town: Any, as_of: date | None = None) -> int:
    """The days the notice of the public hearing is published before it in the official newspaper, as the
    Town's parameters in force on `as_of` (default the Town's date) give them: ``petition.hearing_notice_days``
    (calendar days, counted as GCL § 20 counts them; Carmel ch. 31, permit requirements ¶ B: 10). For the words
    shown to the Clerk, so that they stay true when the Town's parameters change."""
    return int(parameter_set(town).at(_today(as_of))["petition.hearing_notice_days"])


#: `hearing_after_decision_due` without a last day to act already computed: it asks the law core.
ASK = object()


def hearing_after_decision_due(app: PermitApplication, due: LegalDate | None | object = ASK) -> LegalDate | None:
    """The Board's last day to act (¶ B) when the public hearing is set after it and the Board has not yet
    decided, else None: the decision will be late (interpretation P-4; the Clerk's warning). `due`: the
    application's `decision_due` when already computed (e.g. by `ManyApplications`: None there is the law
    core's answer, no last day to act, and is not asked again); by default it is asked (`decision_due`)."""
    if app.hearing_on is None or app.state not in AWAITING_DECISION:
        return None
    last = decision_due(app) if due is ASK else due
    return last if isinstance(last, LegalDate) and app.hearing_on > last.date else None


def decision_overdue(app: PermitApplication, today: date | None = None) -> bool:
    """True when the Board has not acted and `today` is after the last day to act (¶ B): on day 31 after
    submission, not day 30; later when § 25-a carries a last day on a weekend or holiday to the next business
    day. False once decided, withdrawn or before submission."""
    if app.state not in AWAITING_DECISION:
        return False
    due = decision_due(app)
    return due is not None and _today(today) > due.date


# --- Many applications at once (lists and queues) -------------------------------------------------------------

#: The related records the law core's case of an application reads (`case_data`).
CASE_RECORDS = ("approvals", "authorizations", "insurance_certificates", "bonds", "fee_payments")


def _load_towns(apps: list[PermitApplication]) -> None:
    """Set each application's town, in one query for the towns not already loaded (none when all are)."""
    missing = {a.town_id for a in apps if not PermitApplication.town.is_cached(a)}
    if missing:
        towns = PermitApplication._meta.get_field("town").related_model.objects.in_bulk(missing)
        for a in apps:
            if not PermitApplication.town.is_cached(a):
                a.town = towns[a.town_id]


def preload_records(apps: Sequence[PermitApplication]) -> list[PermitApplication]:
    """Load, in a fixed number of queries whatever the number of applications, what the law core's case of
    each application reads: its town, written approvals, authorizations, insurance certificates, bonds and fee
    payments (prefetched onto each application). Returns the applications as a list, in the same order."""
    from django.db.models import prefetch_related_objects

    apps = list(apps)
    _load_towns(apps)
    prefetch_related_objects(apps, *CASE_RECORDS)
    return apps


def _deadline_table() -> dict[str, tuple[Callable[[EventCase], date | None], Callable[[date, ParameterValues],
                                                                                      LegalDate]]]:
    from publicassembly.law.jurisdictions.us_ny_carmel import deadlines as due

    return {
        "application_due": (lambda c: c.dates.first_day if c.dates else None, due.application_due),
        "decision_due": (lambda c: c.submitted_on, due.decision_due),
        "hearing_notice_due": (lambda c: c.hearing.held_on if c.hearing else None, due.hearing_notice_due),
        "cleanup_due": (lambda c: c.assembly_ended_on or (c.dates.end if c.dates else None), due.cleanup_due),
    }


#: The deadlines counted from a record of the Town's (the submission), which `as_it_stood` leaves out of a case
#: taken on a day before it was made.
_FROM_TOWN_RECORDS = frozenset({"decision_due"})

#: Each deadline of a Carmel determination (in its order): the day of the case it counts from, and the law
#: core's function counting it (`us_ny_carmel.deadlines`, as `Context` counts it).
_DEADLINES = _deadline_table()


def _records_of(apps: list[PermitApplication]) -> dict[int, dict[str, list[Any]]]:
    """The related records of `CASE_RECORDS` of each application (application id → relation → records in the
    relation's default order), in one query per relation; the applications' towns are loaded in one more
    query when not already. Plain queries, not Django's prefetch, which builds a query set per application
    and relation (about as costly as the law for a page of 50)."""
    _load_towns(apps)
    ids = [a.pk for a in apps]
    out: dict[int, dict[str, list[Any]]] = {pk: {name: [] for name in CASE_RECORDS} for pk in ids}
    for name in CASE_RECORDS:
        relation = PermitApplication._meta.get_field(name)
        fk = relation.field  # type: ignore[union-attr]
        for record in relation.related_model._default_manager.filter(**{f"{fk.name}__in": ids}):
            out[getattr(record, fk.attname)][name].append(record)
    return out


class ManyApplications:
    """The legal deadlines of many applications at once, exactly as the law core's determination of each gives
    them (`deadlines`, `decision_due`, `decision_overdue`), without a full determination per application.

    A determination's deadlines (Carmel ch. 31 ¶ B: the petition 60 days before the first day, the Board's
    decision within 30 days after submission, the hearing notice 10 days before the hearing; ¶ F: cleanup
    within 5 days after the last day; GCL §§ 20, 24, 25-a) are the pure functions of
    `publicassembly.law.jurisdictions.us_ny_carmel.deadlines` applied to the case's dates, and are all absent
    when no permit is required. So each application's case is validated once (the same case data as
    `case_data`, from the preloaded records) and, for each date asked, only the rules that decide
    ``permit_required`` are run (the exemptions and ¶ A, resolved by priority as `determine` does), under the
    values in force on that date (computed once per town and date).

    `apps`: the applications (their towns and related records are loaded here in a fixed number of queries:
    one per kind of record in `CASE_RECORDS`, plus one for towns not already loaded); `parameters`: the
    town's `parameter_set` when the applications are all of one town and it is already loaded. Raises
    `ValidationFailed` (field ``facts.<field>``) for an application whose facts the law core refuses, as
    `determination` does; `problem` says so of one application without raising, so that a list can mark it
    and go on."""

    def __init__(self, apps: Sequence[PermitApplication], parameters: ParameterSet | None = None) -> None:
        self.apps = list(apps)
        self._records = _records_of(self.apps)
        self.parameters = parameters
        self._params: dict[int, ParameterSet] = {}
        self._values: dict[tuple[int, date], ParameterValues] = {}
        self._cases: dict[int, EventCase] = {}
        self._decisions: dict[tuple[int, date], Tristate] = {}

    def _values_on(self, app: PermitApplication, on: date) -> ParameterValues:
        key = (app.town_id, on)
        values = self._values.get(key)
        if values is None:
            params = self.parameters or self._params.get(app.town_id)
            if params is None:
                params = self._params[app.town_id] = parameter_set(app.town)
            values = self._values[key] = params.at(on)
        return values

    def case(self, app: PermitApplication) -> EventCase:
        """The law core's validated case of `app` (as `determination` validates it), once per application."""
        from publicassembly.law.cases import parse_case
        from publicassembly.law.errors import InvalidCase

        case = self._cases.get(app.pk)
        if case is None:
            try:
                parsed = parse_case(_case_data(app, preloaded=True, records=self._records[app.pk]))
            except InvalidCase as e:
                raise ValidationFailed(f"facts.{e.field}", e.message) from None
            case = self._cases[app.pk] = parsed.facts  # type: ignore[assignment]
        return case

    def problem(self, app: PermitApplication) -> ValidationFailed | None:
        """Why the law core refuses the facts of `app` (as `case` raises it), or None when it accepts them."""
        try:
            self.case(app)
        except ValidationFailed as e:
            return e
        return None

    def permit_required(self, app: PermitApplication, as_of: date) -> Tristate:
        """Whether a permit is required for `app` on `as_of` (Carmel ch. 31 permit requirements ¶ A and
        exemptions ¶¶ A-D): the determination's ``permit_required``, from the deciding rules alone."""
        from publicassembly.law.jurisdictions.us_ny_carmel.context import RULES, Context
        from publicassembly.law.jurisdictions.us_ny_carmel.determine import QUESTION, decide_permit

        key = (app.pk, as_of)
        if key not in self._decisions:
            ctx = Context(self.case(app), self._values_on(app, as_of))
            winner = decide_permit([(r, r(ctx)) for r in RULES if r.decides == QUESTION])
            self._decisions[key] = None if winner is None else winner[1].outcome
        return self._decisions[key]

    def deadline(self, app: PermitApplication, name: str, as_of: date | None = None) -> LegalDate | None:
        """One of the `deadlines` of `app` on `as_of` (default today): `name` is ``application_due``,
        ``decision_due``, ``hearing_notice_due`` or ``cleanup_due``; None when the determination has no such
        deadline (no permit required, or the day it counts from is not known yet). Raises `ValueError` for
        another name."""
        if name not in _DEADLINES:
            raise ValueError(f"no deadline named {name!r}; allowed: {', '.join(_DEADLINES)}")
        start, count = _DEADLINES[name]
        case = self.case(app)
        day = start(case)
        if day is None:
            return None
        on = _today(as_of)
        if name in _FROM_TOWN_RECORDS and day > on:
            return None  # counted from a Town record not yet made on that day (`as_it_stood`, G-10)
        if self.permit_required(app, on) is False:
            return None
        from publicassembly.law.errors import InvalidCase

        try:
            return count(day, self._values_on(app, on))
        except InvalidCase as e:  # a day on which legal time cannot be counted
            raise ValidationFailed(f"facts.{e.field}", e.message) from None

    def deadlines(self, app: PermitApplication, as_of: date | None = None) -> dict[str, LegalDate]:
        """`deadlines` of `app` on `as_of` (default today): name → `LegalDate`, empty when no permit is
        required."""
        found = {name: self.deadline(app, name, as_of) for name in _DEADLINES}
        return {name: due for name, due in found.items() if due is not None}

    def decision_due(self, app: PermitApplication) -> LegalDate | None:
        """`decision_due` of `app`: the last day for the Board to act (¶ B, within 30 days after submission,
        GCL §§ 20, 25-a), as determined on the day of submission; None before submission or when no permit is
        required."""
        if app.submitted_on is None:
            return None
        return self.deadline(app, "decision_due", app.submitted_on)

    def decision_overdue(self, app: PermitApplication, today: date | None = None
                         ) -> tuple[bool, LegalDate | None]:
        """(`decision_overdue`, its last day to act or None): only an application awaiting the Board's decision
        can be overdue, and only it is asked of the law core."""
        if app.state not in AWAITING_DECISION or app.submitted_on is None:
            return False, None
        due = self.decision_due(app)
        return due is not None and _today(today) > due.date, due


def deadlines_of_many(apps: Sequence[PermitApplication], as_of: date | None = None, *,
                      parameters: ParameterSet | None = None) -> dict[int, dict[str, LegalDate]]:
    """`deadlines` of each application (application id → name → `LegalDate`) on `as_of` (default today),
    equal to the law core's determination of each (`ManyApplications`), in a fixed number of queries whatever
    the number of applications. `parameters`: the town's `parameter_set`, when the applications are all of one
    town and it is already loaded."""
    law = ManyApplications(apps, parameters)
    return {a.pk: law.deadlines(a, as_of) for a in law.apps}


def decision_due_of_many(apps: Sequence[PermitApplication], *, parameters: ParameterSet | None = None
                         ) -> dict[int, LegalDate | None]:
    """`decision_due` of each application (¶ B: within 30 days after submission, GCL §§ 20, 25-a): application
    id → last day, None before submission; a fixed number of queries whatever the number of applications.
    `parameters` as in `deadlines_of_many`."""
    law = ManyApplications(apps, parameters)
    return {a.pk: law.decision_due(a) for a in law.apps}


def decision_overdue_of_many(apps: Sequence[PermitApplication], today: date | None = None, *,
                             parameters: ParameterSet | None = None
                             ) -> dict[int, tuple[bool, LegalDate | None]]:
    """`decision_overdue` of each application with its last day to act (¶ B): application id → (overdue,
    `decision_due` or None; both False/None for an application not awaiting the Board's decision); a fixed
    number of queries whatever the number of applications. `parameters` as in `deadlines_of_many`."""
    law = ManyApplications(apps, parameters)
    return {a.pk: law.decision_overdue(a, today) for a in law.apps}


# --- Reading ---------------------------------------------------------------------------------------------------


def can_view(by: Any, app: PermitApplication) -> bool:
    """The applicant sees their own applications; the Town's officials see every application of their town."""
    roles = roles_of(by, app.town)
    return bool(roles & set(OFFICIALS)) or (APPLICANT in roles and app.applicant_id == getattr(by, "pk", None))


def get_application(by: Any, town: Any, pk: int) -> PermitApplication:
    """The application `pk` of `town` as `by` may see it; `NotFound` for another town's application or one
    `by` may not see (never revealed)."""
    require_permits(town)
    app = PermitApplication.objects.get_in_town(town, pk=pk)
    if not can_view(by, app):
        raise NotFound("permit application", pk, getattr(town, "jurisdiction_alias", town))
    return app


def list_applications(by: Any, town: Any, states: str | None = None) -> list[PermitApplication]:
    """The applications of `town` that `by` may see (officials: all; an applicant: their own), newest first;
    with `states` (one state or several separated by commas, e.g. ``"submitted,amended"``) only those in them.

    Raises `ValidationFailed` (field ``state``) naming a state that does not exist and the states allowed;
    `NoPermits` (404) for a town that runs no permits."""
    require_permits(town)
    qs = PermitApplication.objects.for_town(town).select_related("applicant")
    if states is not None:
        wanted = [name.strip() for name in states.split(",")]
        unknown = [name for name in wanted if name not in State.values]
        if unknown:
            raise ValidationFailed("state", _("%(value)s is not a state of an application; allowed (one, or "
                                              "several separated by commas): %(allowed)s")
                                   % {"value": repr(unknown[0]), "allowed": ", ".join(State.values)})
        qs = qs.filter(state__in=wanted)
    roles = roles_of(by, town)
    if roles & set(OFFICIALS):
        return list(qs)
    if APPLICANT in roles:
        return list(qs.filter(applicant=by))
    raise NotAllowed(_("%(user)s holds no role in %(town)s that sees its permit applications (an applicant sees "
                       "their own; these roles see all: %(roles)s)")
                     % {"user": repr(getattr(by, "username", "anonymous")), "town": town,
                        "roles": ", ".join(str(Role(r).label) for r in OFFICIALS)})


def application_timeline(app: PermitApplication) -> list[TimelineEntry]:
    """The readable history of the case: the application and every related record, oldest first."""
    return timeline(app, *app.related_records())


# --- Drafts and submission ----------------------------------------------------------------------------------------


def create_draft(by: Any, town: Any, facts: dict[str, Any], *, reason: str | None = None) -> PermitApplication:
    """A new draft application of `by` (an applicant in `town`, which must run permits: else `NoPermits`, 404)
    with `facts` (validated by `validate_facts`). Returns the saved application (version 1)."""
    require_permits(town)
    require_role(by, town, APPLICANT)
    clean = validate_facts(facts)
    with transaction.atomic():
        app = PermitApplication(town=town, applicant=by, facts=clean)
        save_with_history(app, by=by, reason=_note(reason) or said.DRAFT_CREATED())
    return app


def create_draft_once(by: Any, town: Any, facts: dict[str, Any]) -> tuple[PermitApplication, bool]:
    """The petition form's save: a new draft as `create_draft` makes it, unless `by` already has a draft in
    `town` of the same facts (as validated) — the same form sent twice (a double click, the browser's back and
    send again) — which is returned instead. Returns ``(draft, created)``. Drafts are made one at a time per town
    (its row locked) so that two sends at once make one draft. An application's form has no record of its own
    whose version it could send; its facts are what tell a petition (interpretation P-17)."""
    require_permits(town)
    require_role(by, town, APPLICANT)
    clean = validate_facts(facts)
    with transaction.atomic():
        town.lock()  # one draft made at a time per town: the check holds
        for draft in PermitApplication.objects.for_town(town).filter(applicant=by, state=State.DRAFT).order_by("-pk"):
            if draft.facts == clean:
                return draft, False
        return create_draft(by, town, clean), True


def facts_removed(old: Any, new: Any, at: str = "") -> list[str]:
    """The paths of the facts in `old` that `new` no longer holds (``applicant``, ``dates.last_day``,
    ``properties[1]``, ``properties[0].tenant_or_lessee``), the highest of each: a fact whose whole object is
    gone is named once, not each of its parts. A fact whose value changed is not removed. In the order of the
    facts' names (a list's items in theirs), whatever order the database kept them in."""
    out: list[str] = []
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(old, key=str):
            path = f"{at}.{key}" if at else str(key)
            out += [path] if key not in new else facts_removed(old[key], new[key], path)
    elif isinstance(old, list) and isinstance(new, list):
        for i, value in enumerate(old):
            path = f"{at}[{i}]"
            out += [path] if i >= len(new) else facts_removed(value, new[i], path)
    return out


def merge_patch(target: Any, patch: Any) -> Any:
    """`target` with the JSON Merge Patch `patch` applied (RFC 7396), neither changed: a member of an object
    given null is removed, an object is merged member by member, anything else (a text, a number, an array such as
    ``properties``) replaces what was there whole."""
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    out = copy.deepcopy(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = merge_patch(out.get(key), value)
    return out


#: The states in which the applicant changes the facts of the petition without sending it (a draft, and one the
#: Clerk returned as incomplete: `amend` sends it back).
FACTS_CHANGED_IN = (State.DRAFT, State.INCOMPLETE)


def _save_facts(by: Any, app: PermitApplication, clean: dict[str, Any], reason: str | None) -> PermitApplication:
    """The (locked, checked) application's facts replaced by `clean`, with the history (a written approval given for
    facts that change no longer counts, and the history names it: P-21); ``app.facts_removed`` set to the facts
    the change removed (`facts_removed`). Facts that are the stored ones are not written: the application is
    returned as it is, its version unchanged and no history row of no change (a PATCH of ``{}``, a PUT of the facts
    read; interpretation W-34)."""
    if clean == app.facts:
        app.facts_removed = []
        return app
    words = _lapsed_words(said.FACTS_CHANGED(), lapsed_approvals(app, clean))
    removed = facts_removed(app.facts, clean)
    app.facts = clean
    save_with_history(app, by=by, reason=(_before(reason, words) if words != said.FACTS_CHANGED() else _note(reason))
                      or words)
    app.facts_removed = removed
    return app


def update_draft(by: Any, app: PermitApplication, facts: dict[str, Any], *, expected_version: int | None = None,
                 reason: str | None = None) -> PermitApplication:
    """Replace the facts of the applicant's own draft (state ``draft``, or ``incomplete``: the returned petition
    saved before `amend` sends it back) with `facts`, whole: a fact left out is removed, and a fact given null
    (`without_nulls`: not stated). The returned application's ``facts_removed`` lists what was (`facts_removed`,
    interpretation W-34; `patch_facts` changes some facts only); facts that are the stored ones are not written
    (`_save_facts`). As `amend`, a written approval of ¶ C given for facts that change no longer counts, and the
    history names it (P-21)."""
    _require_own(by, app)
    clean = validate_facts(facts)
    require_no_controls(("reason", reason))  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_in(app, FACTS_CHANGED_IN, "change the facts")
        return _save_facts(by, app, clean, reason)


def patch_facts(by: Any, app: PermitApplication, patch: dict[str, Any], *, expected_version: int | None = None,
                reason: str | None = None) -> PermitApplication:
    """Change some facts of the applicant's own draft (or incomplete petition, as `update_draft`): `patch` is a
    JSON Merge Patch of the facts (RFC 7396, `merge_patch`): a fact given is set, an object merged fact by fact,
    a fact given null removed, a list (``properties``) replaced whole; the facts not named are kept. The facts as
    patched are checked whole (`validate_facts`: ``facts.<path>``, every bad fact at once) before the state, on
    the facts as read, and again on the facts locked. The returned application's ``facts_removed`` lists the
    facts the patch removed (interpretation W-34). A patch that changes nothing (``{}``, a fact set to the value
    it has) writes nothing (`_save_facts`): the version and state are checked, the application returned as it is."""
    _require_own(by, app)
    if not isinstance(patch, dict):
        raise ValidationFailed("facts", _("must be a mapping of the facts to change, not %(type)s")
                               % {"type": type(patch).__name__})
    validate_facts(merge_patch(app.facts, patch))  # (values before state: P-29)
    require_no_controls(("reason", reason))
    with transaction.atomic():
        _lock(app, expected_version)
        _check_in(app, FACTS_CHANGED_IN, "change the facts")
        return _save_facts(by, app, validate_facts(merge_patch(app.facts, patch)), reason)


def essentials_missing(app: PermitApplication, today: date | None = None) -> list[str]:
    """The items of the application's petition without which the Town cannot act on it (the law core's
    `essential_items_missing`, ¶ B(1)-(2), interpretation P-5), in order; empty when it may be submitted."""
    return essential_items_missing(determination(app, _today(today)))


#: The law core's rule of ¶ A: whether the chapter requires a permit (persons in excess of 500 at one time in the
#: aggregate, within the Town).
PERMIT_REQUIRED_RULE = "carmel/permit/a-required"


def no_permit_to_petition(det: Determination, facts: dict[str, Any]) -> ValidationFailed | None:
    """Why a petition of `facts` may not be filed for the assembly of `det` (their determination), the chapter
    requiring no permit for it, or None: ¶ A's finding answers "no permit is required" (500 persons or fewer at one time in the aggregate — the
    law core's `in_excess`, 500 not, 501 in excess — or a place not within the Town). Interpretation P-16: a
    petition asks the Town Board for a permit; for an assembly that needs none there is nothing for the Board to
    grant (no permit is issued for it, D-9), and the Clerk would start the 30 days, a hearing and its notice for
    nothing. A finding that needs review (only the number collectively in excess, C-4) is not refused: the Board
    decides it. The refusal names the field and the law core's own words, and what to do."""
    finding = next((f for f in det.findings if f.rule == PERMIT_REQUIRED_RULE), None)
    if finding is None or finding.outcome is not False:
        return None
    why = {"why": law_text(finding.reason).rstrip(".")}
    if facts.get("within_town") is False:
        return ValidationFailed("facts.within_town", _(
            "%(why)s (¶ A); a petition asks the Town Board for a permit, and there is none to grant for this "
            "assembly, so the petition is not filed (interpretation P-16); if the place is within the Town, say "
            "so") % why)
    return ValidationFailed("facts.max_persons_at_one_time", _(
        "%(why)s (¶ A); a petition asks the Town Board for a permit, and there is none to grant for this "
        "assembly, so the petition is not filed (interpretation P-16); if more persons may attend at one time, "
        "state the expected maximum") % why)



def exemption_of(det: Determination) -> Finding | None:
    """The exemption (¶¶ A-D) that the law core finds reaches the assembly of `det` — on the sponsor's statements
    (C-14), unless the Town Board recorded that it does not accept the exemption claimed
    (`refuse_exemption`) — or None: the finding of the exemption rule met, whose answer is "the chapter does not
    apply" (interpretation P-20)."""
    return next((f for f in det.findings if f.rule in EXEMPTION_RULES and f.outcome is False), None)


def no_permit_blocker(det: Determination) -> Blocker | None:
    """What stops a permit for an assembly the chapter requires none for, or None: the law core's answer to
    ``permit_required`` is "no" — an exemption of ¶¶ A-D reaches it (on the sponsor's statements), or it is of
    500 persons or fewer at one time, or not within the Town (¶ A) — so there is no permit for the Town Board to
    grant, and every rule of ¶¶ B-F is not applicable to it (none of them was checked). Named with the deciding
    finding's rule and citation, and what the Town does instead (interpretation P-20; a permit of 500 persons is
    refused likewise, D-9 and P-16)."""
    if det.permit_required is not False:
        return None
    exempt = exemption_of(det)
    if exempt is not None:
        return Blocker(exempt.rule, exempt.citation, _(
            "%(why)s No permit is issued while the law finds that none is required: none of the requirements of "
            "¶¶ B-F was checked for it. The Town Clerk closes the case with the exemption recorded, or the Town "
            "Board records that it does not accept the exemption claimed, and the chapter then applies "
            "(interpretation P-20).") % {"why": law_text(exempt.reason)})
    finding = next((f for f in det.findings if f.rule == PERMIT_REQUIRED_RULE), None)
    if finding is None:
        return None
    return Blocker(finding.rule, finding.citation, _(
        "%(why)s No permit is issued while the law finds that none is required (interpretation P-20).")
        % {"why": law_text(finding.reason)})


def submit(by: Any, app: PermitApplication, *, verification_statement: str, today: date | None = None,
           expected_version: int | None = None, reason: str | None = None) -> PermitApplication:
    """The applicant submits the verified petition (¶ B) with their verification statement; the submission
    date (`today`) starts the Board's 30 days. Refused (`ValidationFailed`, field ``facts``, naming the items)
    while the petition lacks an essential item (`essentials_missing`) — the applicant's name and residence address, the
    dates of the assembly, the number of persons at one time — without which the Town cannot act on it
    (interpretation P-5); (field ``facts.max_persons_at_one_time``, or ``facts.within_town``) when the chapter
    requires no permit for the assembly — 500 persons or fewer at one time, ¶ A (`no_permit_to_petition`, P-16);
    and (field ``facts.dates.last_day``) once the assembly's last day has passed (P-11). draft → submitted."""
    _require_own(by, app)
    statement = _text(verification_statement, "verification_statement",
                      "the applicant's verification statement (the petition is a verified petition, ¶ B)")
    require_no_controls(("reason", reason))  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "submit")
        det = determination(app, _today(today))
        essential = essential_items_missing(det)
        if essential:
            raise ValidationFailed("facts", _("the petition cannot be acted on without: %(items)s (¶ B); add them "
                                              "to the draft, then submit it")
                                   % {"items": "; ".join(law_text(missing_item(m)) for m in essential)})
        no_permit = no_permit_to_petition(det, app.facts or {})
        if no_permit is not None:
            raise no_permit
        over = assembly_over(app, _today(today))
        if over is not None:  # (a petition is for an assembly to come: P-7, P-11)
            raise ValidationFailed("facts.dates.last_day", _(
                "%(why)s; a petition asks a permit for an assembly still to come (interpretation P-11)")
                % {"why": law_text(over.reason)})
        return _step(app, "submit", by=by, reason=reason, default_reason=said.SUBMITTED(),
                     submitted_on=_today(today), verification_statement=statement)


def petition_blockers(app: PermitApplication, today: date | None = None) -> list[Blocker]:
    """The items of the verified petition (¶ B(1)-(15)) that are missing or contrary to the law."""
    det = determination(app, today)
    return [Blocker.of(f) for f in det.findings if f.rule.startswith(PETITION_RULE_PREFIXES)
            and f.status in (Status.MISSING, Status.NOT_MET)]


def mark_incomplete(by: Any, app: PermitApplication, *, missing_items: Sequence[str] | None = None,
                    today: date | None = None, expected_version: int | None = None,
                    reason: str | None = None) -> PermitApplication:
    """The Clerk returns the application as incomplete. `missing_items`: what is missing in words; default,
    the law core's list of missing items; one holding a control character is refused naming ``missing_items``
    (G-6). submitted|amended → incomplete."""
    require_role(by, app.town, CLERK)
    require_no_controls(*(("missing_items", item) for item in missing_items or ()),
                        ("reason", reason))  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "mark_incomplete")
        items = list(missing_items) if missing_items else [m for b in petition_blockers(app, today)
                                                           for m in (b.missing or (b.reason,))]
        if not items:
            raise ValidationFailed("missing_items", _("name what is missing from the petition"))
        return _step(app, "mark_incomplete", by=by, reason=reason,
                     default_reason=said.INCOMPLETE(items="; ".join(items)), missing_items=items)


def amend(by: Any, app: PermitApplication, facts: dict[str, Any], *, expected_version: int | None = None,
          reason: str | None = None) -> PermitApplication:
    """The applicant amends an incomplete application with new facts. Refused (`ValidationFailed`) when the
    petition as amended is for an assembly the chapter requires no permit for (`no_permit_to_petition`, P-16).
    A written approval of ¶ C given for a facility or a number of persons the amendment changes no longer counts
    (`approval_counts`; the others are kept), and the history names each (interpretation P-21).
    incomplete → amended."""
    _require_own(by, app)
    clean = validate_facts(facts)
    require_no_controls(("reason", reason))  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "amend")
        stored = app.facts
        try:  # (the petition as amended, judged before anything is written)
            app.facts = clean
            no_permit = no_permit_to_petition(determination(app), clean)
        finally:
            app.facts = stored
        if no_permit is not None:
            raise no_permit
        words = _lapsed_words(said.AMENDED(), lapsed_approvals(app, clean))
        return _step(app, "amend", by=by, reason=_before(reason, words) if words != said.AMENDED() else _note(reason),
                     default_reason=words, facts=clean, missing_items=[])


def accept(by: Any, app: PermitApplication, *, today: date | None = None, expected_version: int | None = None,
           reason: str | None = None) -> PermitApplication:
    """The Clerk accepts a complete petition. Refused (`Blocked`) while an item of ¶ B(1)-(15) is missing or
    contrary to the law, listing each, once the assembly's last day has passed (nothing is left to review
    it for: the Clerk closes it, P-11), and while the law core finds that the chapter requires no permit — an
    exemption of ¶¶ A-D reaches the assembly on the sponsor's statements (`no_permit_blocker`): the Clerk closes
    the case with the exemption recorded, or the Town Board records that it does not accept the exemption
    (`refuse_exemption`), P-20. submitted|amended → accepted."""
    require_role(by, app.town, CLERK)
    require_no_controls(("reason", reason))  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "accept")
        over = assembly_over(app, _today(today))
        if over is not None:
            raise Blocked("accept the petition", [over])
        det = determination(app, _today(today))
        if exemption_of(det) is not None:  # (no permit to review a petition for: P-20)
            raise Blocked("accept the petition", [no_permit_blocker(det)])
        blockers = petition_blockers(app, today)
        if blockers:
            raise Blocked("accept the petition", blockers)
        return _step(app, "accept", by=by, reason=reason, default_reason=said.ACCEPTED())


# --- Public hearing and decision --------------------------------------------------------------------------------------


#: The law core's rule of the hearing's notice (¶ B: published at least once in the official newspaper at least
#: 10 days prior to the hearing).
HEARING_NOTICE_RULE = "carmel/permit/b-hearing-notice"
#: The law core's rule of the cleanup bond (¶ F).
BOND_RULE = "carmel/issuance/f-bond"
#: The law core's rule of the cleanup within five days of the assembly's termination (¶ F).
CLEANUP_RULE = "carmel/issuance/f-cleanup"
#: The law core's fields of the hearing → the services' names for them (a refusal of the law core renamed).
_HEARING_FIELDS = {"facts.hearing.held_on": "hearing_on", "facts.hearing.notice_published_on": "notice_published_on"}


def _hearing_case(app: PermitApplication, hearing_on: date, notice_published_on: date | None, on: date
                  ) -> Determination:
    """The law core's determination on `on` of `app` with its public hearing on `hearing_on` and its notice
    published on `notice_published_on` (None: not yet); a refusal of the law core renamed to the services'
    fields (``hearing_on``, ``notice_published_on``)."""
    data = case_data(app)
    data["hearing"] = {"held_on": hearing_on.isoformat(),
                       "notice_published_on": notice_published_on.isoformat() if notice_published_on else None}
    try:
        return determination(app, on, data=data)
    except ValidationFailed as problem:
        raise problem.renamed(_HEARING_FIELDS) from None


def _notice_in_order(app: PermitApplication, notice_published_on: date, hearing_on: date) -> None:
    """`ValidationFailed` (field ``notice_published_on``) when the notice is dated before the petition was
    submitted or after the hearing (¶ B: it gives notice of the hearing)."""
    submitted = app.submitted_on
    if submitted is not None and notice_published_on < submitted:
        raise ValidationFailed("notice_published_on", _("%(day)s is before the petition was submitted "
                                                        "(%(submitted)s)")
                               % {"day": notice_published_on.isoformat(), "submitted": submitted.isoformat()})
    if notice_published_on > hearing_on:
        raise ValidationFailed("notice_published_on", _("%(day)s is after the hearing (%(hearing)s); the notice "
                                                        "gives notice of the hearing before it (¶ B)")
                               % {"day": notice_published_on.isoformat(), "hearing": hearing_on.isoformat()})


def _notice_in_time(app: PermitApplication, notice_published_on: date, hearing_on: date) -> None:
    """`ValidationFailed` (field ``notice_published_on``, the law core's reason and citation) when the law core
    finds the notice not at least 10 days prior to the hearing (¶ B; GCL § 20), the case taken as it stood on
    the day the notice was published."""
    finding = _hearing_case(app, hearing_on, notice_published_on, notice_published_on).finding(HEARING_NOTICE_RULE)
    if finding.status is Status.NOT_MET:
        raise ValidationFailed("notice_published_on", f"{law_text(finding.reason)} ({finding.citation})")


def _notice_still_possible(app: PermitApplication, hearing_on: date, on: date) -> None:
    """`ValidationFailed` (field ``hearing_on``) when a hearing on `hearing_on`, its notice not yet published,
    can no longer be given 10 days' notice: the last day to publish it, the law core's ``hearing_notice_due``
    (¶ B; GCL § 20, counted backwards, not extended), is before `on` (today), or — the hearing rescheduled —
    not after the last notice recorded for a former day (`_former_notice`: a notice of this day must come
    after it, so none could be recorded)."""
    due = last_day_to_publish(app, hearing_on, on)
    if due.date < on:
        raise ValidationFailed("hearing_on", _(
            "%(day)s is too soon for its notice: the notice must be published in the official newspaper by "
            "%(due)s, which is before today (%(today)s); schedule the hearing for a later day (¶ B). %(counted)s")
            % {"day": hearing_on.isoformat(), "due": due.date.isoformat(), "today": on.isoformat(),
               "counted": law_text(due.counted)})
    former = _former_notice(app) if app.state == State.HEARING_SCHEDULED else None
    if former is not None and due.date <= former[0]:
        raise ValidationFailed("hearing_on", _(
            "%(day)s is too soon for its notice: the notice must be published in the official newspaper by "
            "%(due)s, and a notice of it must come after the notice of the former day (%(old)s, of the hearing "
            "of %(former)s); schedule the hearing for a later day (¶ B). %(counted)s")
            % {"day": hearing_on.isoformat(), "due": due.date.isoformat(), "old": former[0].isoformat(),
               "former": former[1].isoformat(), "counted": law_text(due.counted)})


#: The official newspaper in the words of a refusal of it left blank: the hearing is scheduled before its notice
#: is published as well as after (G-10), so the words hold for both.
NEWSPAPER_WORDS = gettext_noop("the official newspaper in which the notice of the hearing is published")


@dataclass(frozen=True)
class _HearingSet:
    """The values of a public hearing as the Clerk sets it, checked by `_hearing_values` (each a value of its
    own) and then `_hearing_in_case` (against the application and the law core)."""

    hearing_on: date
    hearing_time: time | None
    place: str
    newspaper: str
    notice_published_on: date | None
    on: date

    def said(self) -> str:
        """The hearing in the history's words: "2026-06-22 at 18:30 at Town Hall"."""
        if self.hearing_time:
            return said.HEARING_AT(day=self.hearing_on.isoformat(), time=self.hearing_time.strftime("%H:%M"),
                                   place=self.place)
        return said.HEARING_ON(day=self.hearing_on.isoformat(), place=self.place)


#: The fields of a public hearing as the Clerk sets it, in the order of the page's form and the API's body (P-30).
HEARING_FIELDS = ("hearing_on", "hearing_time", "place", "newspaper", "notice_published_on", "reason")
#: `_hearing_checked`'s ``notice_published_on`` when the one given was refused (not None: no notice given).
_REFUSED = object()


def _hearing_checked(*, hearing_on: Any, hearing_time: Any, place: Any, newspaper: Any, notice_published_on: Any,
                     today: date | None, given: Iterable[str] = HEARING_FIELDS[:-1]
                     ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The hearing's values checked each on its own (those named in `given`), and every refusal of them at once
    (interpretation P-30): the values taken (``notice_published_on`` `_REFUSED` when refused) and the
    refusals, as `_hearing_values` lists them."""
    r = Refusals(once=True)
    out: dict[str, Any] = {}
    on = _today(today)
    if "hearing_on" in given:
        day = r.check(_date, hearing_on, "hearing_on")
        if day is not None and day < on:
            r.add([("hearing_on", _("%(day)s is in the past (today is %(today)s); schedule the hearing for today or "
                                    "a later day") % {"day": day.isoformat(), "today": on.isoformat()})])
        elif day is not None and (refused := no_public_hearing_because(day)) is not None:
            r.add([("hearing_on", _("%(day)s is %(why)s; the Town Board does not hold a public hearing on a Sunday "
                                    "or a public holiday (¶ B; interpretation P-8): choose another day")
                    % {"day": day.isoformat(), "why": law_text(refused)})])
        out["hearing_on"] = None if r.refused("hearing_on") else day
    if "hearing_time" in given:
        if hearing_time is not None and not isinstance(hearing_time, time):
            r.add([("hearing_time", _("a time of day (HH:MM) or empty (to be announced); got %(value)s")
                    % {"value": repr(hearing_time)})])
        elif hearing_time is not None and (hearing_time.second or hearing_time.microsecond or hearing_time.tzinfo):
            # (the notice, the pages and the calendar say hours and minutes: a time they cannot say is not kept,
            # and 19:30:45 would be "moved" to 19:30 with nothing the Clerk can see changed)
            r.add([("hearing_time", _("a time of day in hours and minutes (HH:MM), without seconds or a time zone "
                                      "(the Town's time); got %(value)s") % {"value": hearing_time.isoformat()})])
        out["hearing_time"] = hearing_time
    for field, value, what in (("place", place, gettext_noop("the place of the public hearing")),
                               ("newspaper", newspaper, NEWSPAPER_WORDS)):
        if field in given:
            text = r.check(_text, value, field, what)
            if text is not None:
                r.check(require_printable, (field, text))  # the notice of hearing prints them (G-6)
            out[field] = text
    if "notice_published_on" in given:
        out["notice_published_on"] = notice_published_on
        if notice_published_on is not None:
            day = r.check(_happened, notice_published_on, "notice_published_on", today=today)
            out["notice_published_on"] = _REFUSED if day is None else day
    return out, r.in_order(HEARING_FIELDS)


def _hearing_values(*, hearing_on: Any, hearing_time: Any, place: Any, newspaper: Any,
                    notice_published_on: Any, today: date | None) -> _HearingSet:
    """The hearing's values checked each on its own, before the application is locked; `ValidationFailed`
    naming the field (nothing written), every one at once (`_hearing_checked`, interpretation P-30):
    ``hearing_on`` not a date, before `today` (default the Town's date), or on a Sunday or a GCL § 24 public
    holiday (P-8); ``hearing_time`` not a `datetime.time` in hours and minutes (None: to be announced; seconds
    or a time zone refused); ``place`` or ``newspaper`` empty or not printable (G-6); ``notice_published_on``
    (None: not yet published) not a thing done on `today` (G-10)."""
    values, errors = _hearing_checked(hearing_on=hearing_on, hearing_time=hearing_time, place=place,
                                      newspaper=newspaper, notice_published_on=notice_published_on, today=today)
    _refuse(errors)
    return _HearingSet(values["hearing_on"], values["hearing_time"], values["place"], values["newspaper"],
                       values["notice_published_on"], _today(today))


def _hearing_case_refusals(app: PermitApplication, hearing_on: date | None, notice_published_on: Any, on: date
                           ) -> list[tuple[str, str]]:
    """What the application and the law core refuse of a hearing on `hearing_on` (None: refused, not judged) with
    its notice published on `notice_published_on` (None: not yet; `_REFUSED`: refused, not judged), every one,
    each field once (interpretation P-30): ``hearing_on`` not after the submission, or on or after the
    assembly's first day (P-4), or, with no notice given, a day for which 10 days' notice can no longer be given
    (its last day to publish, the law core's ``hearing_notice_due``, ¶ B; GCL § 20, before `on`);
    ``notice_published_on`` before the submission or not at least 10 days prior to the hearing (¶ B; the law
    core's reason and citation)."""
    if hearing_on is None:
        return []
    r = Refusals(once=True)
    submitted = app.submitted_on
    if submitted is not None and hearing_on <= submitted:
        r.add([("hearing_on", _("%(day)s is not after the petition was submitted (%(submitted)s); the hearing is "
                                "held on it") % {"day": hearing_on.isoformat(), "submitted": submitted.isoformat()})])
    if isinstance(notice_published_on, date):  # (never after the hearing here: it is not after today, the hearing is)
        r.check(_notice_in_order, app, notice_published_on, hearing_on)
    first_day = _first_day(app)
    if first_day is not None and hearing_on >= first_day and not r.refused("hearing_on"):
        r.add([("hearing_on", _("%(day)s is not before the assembly's first day (%(first)s); the Town Board must "
                                "hold the hearing and decide before the assembly (¶ B)")
                % {"day": hearing_on.isoformat(), "first": first_day.isoformat()})])
    if isinstance(notice_published_on, date):
        if not r.refused("notice_published_on"):
            r.check(_notice_in_time, app, notice_published_on, hearing_on)
    elif notice_published_on is None and not r.refused("hearing_on"):
        r.check(_notice_still_possible, app, hearing_on, on)
    return r.in_order(HEARING_FIELDS)


def _hearing_in_case(app: PermitApplication, h: _HearingSet) -> str:
    """The hearing `h` checked against the (locked) application and the law core; `ValidationFailed` naming
    the field (nothing written), every refusal at once (`_hearing_case_refusals`). Returns the history's words
    of the notice and the notes: a hearing after the Board's last day to act (P-4), on a Saturday (P-8)."""
    hearing_on, notice_published_on = h.hearing_on, h.notice_published_on
    _refuse(_hearing_case_refusals(app, hearing_on, notice_published_on, h.on))
    due = decision_due(app)
    if notice_published_on is not None:
        notice = said.NOTICE_PUBLISHED(newspaper=h.newspaper, day=notice_published_on.isoformat())
    else:
        notice = said.NOTICE_TO_BE_PUBLISHED(newspaper=h.newspaper)
    if due is not None and hearing_on > due.date:
        notice = said.NOTE_LATE(before=notice, day=due.date.isoformat())
    if closed_because(hearing_on) is not None:  # a Saturday (P-8): accepted, the Clerk's office is closed
        notice = said.NOTE_SATURDAY(before=notice)
    return notice


def _hearing_refusals(app: PermitApplication, given: dict[str, Any], today: date | None) -> list[tuple[str, str]]:
    """`hearing_refusals` without the role."""
    values, errors = _hearing_checked(**{f: given.get(f) for f in HEARING_FIELDS[:-1]}, today=today,
                                      given=[f for f in HEARING_FIELDS if f in given])
    r = Refusals(once=True)
    r.add(errors)
    r.add(_controls_of(("reason", given.get("reason"))))
    r.add(_hearing_case_refusals(app, values.get("hearing_on"), values.get("notice_published_on", _REFUSED),
                                 _today(today)))
    return r.in_order(HEARING_FIELDS)


def hearing_refusals(by: Any, app: PermitApplication, given: dict[str, Any], today: date | None = None
                     ) -> list[tuple[str, str]]:
    """What `schedule_hearing` refuses of the values `given` (a field of `HEARING_FIELDS` left out is not
    judged: one refused by a form or the API's schema; ``notice_published_on`` None is not yet published), every
    one, as (field, message): the values' own refusals with what the application and the law core refuse of those
    taken (`_hearing_case_refusals`); nothing is written (interpretations P-30, W-32). `NotAllowed` for a user
    who is not the Clerk."""
    require_role(by, app.town, CLERK)
    return _hearing_refusals(app, given, today)


def schedule_hearing(by: Any, app: PermitApplication, *, hearing_on: date, place: str,
                     notice_published_on: date | None = None, newspaper: str, expected_version: int | None = None,
                     reason: str | None = None, hearing_time: time | None = None, today: date | None = None
                     ) -> PermitApplication:
    """The Clerk schedules the public hearing (Carmel ch. 31, permit requirements ¶ B: "after a public hearing
    pursuant to notice published at least once in the official newspaper 10 days prior to such hearing"), names
    the official ``newspaper`` and the ``place``, and, when it has already been published, records the notice's
    publication (``notice_published_on``; default None: not yet, recorded later by `record_notice_published`
    once the newspaper has printed the notice made from the scheduled hearing, interpretation G-10).
    ``hearing_time``: the hour of the hearing (local time, `datetime.time`), or None when it is to be
    announced; the notice prints it; not a time → `ValidationFailed` (field ``hearing_time``).

    Refused with `ValidationFailed` naming the field (nothing written):

    - ``hearing_on``: before `today` (the day it is scheduled; default the Town's date) or not after the
      submission; on or after the assembly's first day (the Board decides before the assembly); on a Sunday or
      a GCL § 24 public holiday, saying why (a Saturday is accepted with a note in the history: interpretation
      P-8); with no notice recorded, a day for which 10 days' notice can no longer be given, i.e. whose last
      day to publish the notice (the law core's ``hearing_notice_due``, ¶ B; GCL § 20) is before `today`,
      the message naming that day;
    - ``notice_published_on`` (when given): a thing done (`_happened`, interpretation G-10), so not after
      `today` (saying today); not before the submission nor after the hearing; not at least 10 days prior to
      the hearing, as the law core counts it (¶ B; GCL § 20; the law core's reason and citation);
    - ``place``, ``newspaper``: empty, or not printable (G-6).

    A hearing after the Board's last day to act (30 days after submission, ¶ B) is accepted with a note in the
    history (interpretation P-4) and `hearing_after_decision_due` warns of it. The checks are those of
    `reschedule_hearing` too (`_hearing_values`, `_hearing_in_case`). accepted → hearing_scheduled.

    Every refusal is told at once (interpretation P-30): a value refused alone, before the state, with the
    others and with what the application and the law core refuse of those taken (`hearing_refusals`); values
    good alone are judged against the application once it is locked, again every refusal at once."""
    require_role(by, app.town, CLERK)
    given = {"hearing_on": hearing_on, "hearing_time": hearing_time, "place": place, "newspaper": newspaper,
             "notice_published_on": notice_published_on, "reason": reason}
    values, errors = _hearing_checked(**{f: given[f] for f in HEARING_FIELDS[:-1]}, today=today)
    if errors or _controls_of(("reason", reason)):  # (values before state: P-29)
        _refuse(_hearing_refusals(app, given, today))
    h = _HearingSet(values["hearing_on"], values["hearing_time"], values["place"], values["newspaper"],
                    values["notice_published_on"], _today(today))
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "schedule_hearing")
        words = said.HEARING_SET(hearing=h.said(), notice=_hearing_in_case(app, h))
        return _step(app, "schedule_hearing", by=by, reason=_before(reason, words), default_reason=words,
                     hearing_on=h.hearing_on, hearing_time=h.hearing_time, hearing_place=h.place,
                     notice_published_on=h.notice_published_on, newspaper=h.newspaper)


#: `reschedule_hearing`'s ``hearing_time`` when not given: the time of the hearing is kept.
KEEP = ...


def reschedule_hearing(by: Any, app: PermitApplication, *, hearing_on: date, place: str | None = None,
                       hearing_time: time | None | EllipsisType = KEEP, newspaper: str | None = None,
                       notice_published_on: date | None = None, expected_version: int | None = None,
                       reason: str | None = None, today: date | None = None) -> PermitApplication:
    """The Clerk moves the scheduled public hearing to another day, time or place (Carmel ch. 31, permit
    requirements ¶ B: the hearing is held "pursuant to notice published at least once in the official
    newspaper 10 days prior to such hearing"; interpretation G-10): the Town Board adjourns it, the hall is not
    available, or its notice was not published in time, so that it could not be held as scheduled.

    ``hearing_on``: the new day (a `datetime.date` or ``YYYY-MM-DD``). ``place``, ``newspaper``: None keeps
    the hearing's; ``hearing_time``: not given keeps it, None makes it to be announced, else a `datetime.time`.
    The notice names the hearing's day, time and place, so **the notice recorded is cleared** (the new one must
    be published and recorded, `record_notice_published`), unless ``notice_published_on`` gives the day the
    notice of the hearing as now set was published.

    Refused with `ValidationFailed` naming the field (nothing written), as `schedule_hearing` refuses them (the
    same checks, `_hearing_values` and `_hearing_in_case`): ``hearing_on`` before `today` (default the Town's
    date), not after the submission, on or after the assembly's first day, on a Sunday or a public holiday
    (P-8), or, with no notice given, too soon for 10 days' notice (the law core's ``hearing_notice_due`` before
    today, ¶ B; GCL § 20); ``notice_published_on`` after today, before the submission, less than 10 days before
    the new day (the law core's reason and citation), or not after the publication recorded of the notice of the
    hearing as it was set (that notice named the former day: G-10); ``hearing_time`` not a time; ``place``,
    ``newspaper`` empty or not printable. ``hearing_on`` also when nothing of the hearing changes (its day,
    time, place and newspaper all as they are: a recorded notice is not corrected by this step, G-10). A
    Saturday, and a day after the Board's last day to act (P-4), are accepted with a note in the history.

    Only while the hearing is scheduled (else `InvalidTransition`, 409); `StaleUpdate` (409) when no longer at
    `expected_version`. hearing_scheduled → hearing_scheduled; the history says the former day and the new one
    (after `reason`, when given), and which notice no longer counts."""
    require_role(by, app.town, CLERK)
    # (values before state: P-29; a place or newspaper given, as the hearing's; every refusal at once: P-30)
    _refuse(_hearing_checked(hearing_on=None, hearing_time=None, place=place, newspaper=newspaper,
                             notice_published_on=None, today=today,
                             given=[f for f, v in (("place", place), ("newspaper", newspaper)) if v is not None])[1]
            + _controls_of(("reason", reason)))
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "reschedule_hearing")
        assert app.hearing_on is not None  # (set with the state hearing_scheduled)
        before = _HearingSet(app.hearing_on, app.hearing_time, app.hearing_place, app.newspaper,
                             app.notice_published_on, _today(today))
        h = _hearing_values(hearing_on=hearing_on, hearing_time=before.hearing_time if hearing_time is KEEP
                            else hearing_time, place=before.place if place is None else place,
                            newspaper=before.newspaper if newspaper is None else newspaper,
                            notice_published_on=notice_published_on, today=today)
        if (h.hearing_on, h.hearing_time, h.place, h.newspaper) == (before.hearing_on, before.hearing_time,
                                                                   before.place, before.newspaper):
            raise ValidationFailed("hearing_on", _("the hearing is already set for %(day)s at %(place)s; give "
                                                   "another day, time or place")
                                   % {"day": h.hearing_on.isoformat(), "place": h.place})
        old_notice = before.notice_published_on
        former = (old_notice, before.hearing_on) if old_notice is not None else _former_notice(app)
        if h.notice_published_on is not None and former is not None and h.notice_published_on <= former[0]:
            raise ValidationFailed("notice_published_on", _(
                "%(day)s is not after the publication of the notice of the hearing as it was set (%(old)s, of "
                "the hearing of %(former)s), which named the former day; give the day the notice of the hearing "
                "of %(new)s was published, or leave it empty and record it once published (¶ B)")
                % {"day": h.notice_published_on.isoformat(), "old": former[0].isoformat(),
                   "former": former[1].isoformat(), "new": h.hearing_on.isoformat()})
        moved = said.HEARING_MOVED(old=before.said(), new=h.said(), notice=_hearing_in_case(app, h))
        if old_notice is not None:
            moved = said.NOTICE_DROPPED(before=moved, newspaper=before.newspaper, day=old_notice.isoformat())
        return _step(app, "reschedule_hearing", by=by, reason=_before(reason, moved),
                     default_reason=moved, hearing_on=h.hearing_on, hearing_time=h.hearing_time,
                     hearing_place=h.place, notice_published_on=h.notice_published_on, newspaper=h.newspaper)


def hearing_revision(app: PermitApplication) -> int:
    """How many times the application's public hearing has been moved — its day, hour or place changed
    (`reschedule_hearing`, or a correction) — since it was first scheduled, from the application's history: 0
    for a hearing never moved or none scheduled. The calendars give it as the event's ``SEQUENCE`` (RFC 5545),
    so that a calendar holding the hearing replaces it with the new day rather than keep the old one."""
    rows = (app.history.filter(hearing_on__isnull=False).order_by("history_date", "history_id")
            .values_list("hearing_on", "hearing_time", "hearing_place"))
    revision, last = 0, None
    for row in rows:
        if last is not None and row != last:
            revision += 1
        last = row
    return revision


def _former_notice(app: PermitApplication) -> tuple[date, date] | None:
    """The last notice recorded for the application's hearing before it was rescheduled, with the hearing's day
    it named — ``(notice_published_on, hearing_on)`` from the application's history —, or None when no notice was
    ever recorded. A recorded notice is cleared only by `reschedule_hearing` (it names the former day, G-10), so
    a notice of the new day is published after it: the same notice cannot be counted again for the new day, in
    one step or in two (rescheduled without a notice, then one recorded)."""
    row = (app.history.filter(notice_published_on__isnull=False).order_by("-history_date", "-history_id")
           .values_list("notice_published_on", "hearing_on").first())
    return None if row is None else (row[0], row[1])


def record_notice_published(by: Any, app: PermitApplication, *, notice_published_on: date,
                            expected_version: int | None = None, reason: str | None = None,
                            today: date | None = None) -> PermitApplication:
    """The Clerk records the day the notice of the scheduled public hearing was published in the official
    newspaper (Carmel ch. 31, permit requirements ¶ B: "notice published at least once in the official
    newspaper 10 days prior to such hearing"), once it has been (interpretation G-10): the hearing is
    scheduled first without it (`schedule_hearing`), so that the notice the newspaper prints can be made.

    ``notice_published_on``: a `datetime.date` (or ``YYYY-MM-DD``) in 1778-2099. Refused with
    `ValidationFailed` (field ``notice_published_on``; nothing written) when it is after `today` (default the
    Town's date: a thing done, saying today), before the petition was submitted, after the hearing, or not at
    least 10 days prior to the hearing as the law core counts it (¶ B; GCL § 20: the law core's reason and
    citation); and when a publication is already recorded (the first publication is the one ¶ B counts; a
    recorded one is not changed, interpretation G-10). Only while the hearing is scheduled (else
    `InvalidTransition`, 409); `StaleUpdate` (409) when no longer at `expected_version`. The state does not
    change (hearing_scheduled → hearing_scheduled); the history says what was recorded."""
    require_role(by, app.town, CLERK)
    require_no_controls(("reason", reason))  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "record_notice_published")
        if app.notice_published_on is not None:
            raise ValidationFailed("notice_published_on", _(
                "the notice's publication is already recorded (%(day)s in %(newspaper)s); ¶ B asks it published at "
                "least once, and the first publication is the one counted")
                % {"day": app.notice_published_on.isoformat(), "newspaper": app.newspaper})
        notice = _happened(notice_published_on, "notice_published_on", today=today)
        hearing_on = app.hearing_on
        assert hearing_on is not None  # (set with the state hearing_scheduled)
        former = _former_notice(app)
        if former is not None and notice <= former[0]:
            raise ValidationFailed("notice_published_on", _(
                "%(day)s is not after the publication of the notice of the hearing's former day (%(old)s, of the "
                "hearing of %(former)s), which named that day; give the day the notice of the hearing of %(new)s "
                "was published (¶ B)")
                % {"day": notice.isoformat(), "old": former[0].isoformat(), "former": former[1].isoformat(),
                   "new": hearing_on.isoformat()})
        _notice_in_order(app, notice, hearing_on)
        _notice_in_time(app, notice, hearing_on)
        return _step(app, "record_notice_published", by=by, reason=reason,
                     default_reason=said.NOTICE_RECORDED(hearing_day=hearing_on.isoformat(), newspaper=app.newspaper,
                                                         day=notice.isoformat()),
                     notice_published_on=notice)


def _first_day(app: PermitApplication) -> date | None:
    """The assembly's first day in the application's facts (None when not given or not a date)."""
    value = ((app.facts or {}).get("dates") or {}).get("first_day")
    try:
        return date.fromisoformat(value) if isinstance(value, str) else value if isinstance(value, date) else None
    except ValueError:
        return None


def record_hearing_held(by: Any, app: PermitApplication, *, held_on: date | None = None,
                        expected_version: int | None = None, reason: str | None = None, today: date | None = None,
                        now: datetime | None = None) -> PermitApplication:
    """The Clerk records that the public hearing was held (default: on the date it was scheduled for).
    `held_on` (or the scheduled date) must be a date in 1778-2099, not after `today` (default the Town's date:
    a hearing is recorded once held, not ahead of its day) and the day in its notice (¶ B): neither before it nor
    after it — a hearing held on a later day was held on a day no published notice announced, so the Clerk
    reschedules it and publishes its notice again (`reschedule_hearing`, interpretation P-22); else
    `ValidationFailed` naming ``held_on``. Refused (`Blocked`, 409, citing ¶ B) while no publication of the
    notice is recorded: the hearing of ¶ B is held "pursuant to notice published ... in the official
    newspaper" (interpretation G-10; the Clerk records it first, `record_notice_published`). A day after `today`
    is refused first and alone, before the notice is asked for (interpretation P-25); so is, on the hearing's own
    day, a moment before the time it was set for (``hearing_time``, the Town's time: `now`, an aware datetime,
    default the Town's clock; a `today` given alone judges the day only), saying from what time it can be
    recorded — with no time set (to be announced) the day alone counts (interpretation P-37).
    hearing_scheduled → hearing_held."""
    require_role(by, app.town, CLERK)
    require_no_controls(("reason", reason))  # (values before state: P-29)
    today, clock = _town_moment(today, now)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "record_hearing_held")
        # A day that has not come yet is told first, and alone (interpretation P-25): nothing can be recorded as
        # held on it, whether or not its notice's publication is recorded yet (the notice may still be published
        # before it), and a day ahead is neither the hearing's day nor a day the hearing was held on.
        if held_on is not None:  # (in the future said first: 9999-12-31 too, not as out of range)
            held = _happened(held_on, "held_on", today=today)
        else:
            held = app.hearing_on
            if held is not None and held > _today(today):  # (its day taken: say so, not held_on)
                raise ValidationFailed("held_on", _("the hearing is set for %(day)s, after today (%(today)s): record "
                                                    "it as held once it has been, or give the day it was held")
                                       % {"day": held.isoformat(), "today": _today(today).isoformat()})
        if (held is not None and held == app.hearing_on == today and app.hearing_time is not None
                and clock is not None and clock < app.hearing_time):
            # (its day come, its hour not: told first and alone as the day is, P-25 — interpretation P-37)
            raise ValidationFailed("held_on", _(
                "the hearing is set for %(day)s at %(time)s (the Town's time) and it is now %(now)s: record it as "
                "held once it has begun, from %(time)s") % {"day": held.isoformat(),
                                                             "time": app.hearing_time.strftime("%H:%M"),
                                                             "now": clock.strftime("%H:%M")})
        if app.notice_published_on is None:
            raise Blocked(gettext_noop("record the hearing as held"), [_no_notice_recorded(app)])
        if held is not None and app.hearing_on is not None and held < app.hearing_on:
            raise ValidationFailed("held_on", _("the hearing was noticed for %(day)s; it cannot have been held "
                                                "before the date in its notice") % {"day": app.hearing_on.isoformat()})
        if held is not None and app.hearing_on is not None and held > app.hearing_on:
            # (¶ B: the hearing is held "pursuant to notice" of its day; one held on another day had none: P-22)
            raise ValidationFailed("held_on", _(
                "the hearing was noticed for %(day)s; a hearing held on %(held)s was held on a day no published "
                "notice announced (¶ B, interpretation P-22): if it was not held on %(day)s, reschedule it to "
                "another day and publish its notice again") % {"day": app.hearing_on.isoformat(),
                                                               "held": held.isoformat()})
        return _step(app, "record_hearing_held", by=by, reason=reason,
                     default_reason=said.HEARING_HELD(day=held), hearing_held_on=held)


def _board_values(app: PermitApplication, bond_amount: Any, bodily_injury_limit: Any, on: date
                  ) -> dict[str, Decimal]:
    """The Board's bond and bodily injury limit, checked against the range of ¶ E in force on `on`. Both bad:
    one `ValidationFailed` naming the first and listing both (its ``errors``)."""
    out: dict[str, Decimal] = {}
    errors: list[tuple[str, str]] = []
    if bond_amount is not None:
        try:
            out["bond_amount"] = _amount(bond_amount, "bond_amount", positive=True)
        except ValidationFailed as e:
            errors += e.errors
    if bodily_injury_limit is not None:
        try:
            limit = _amount(bodily_injury_limit, "bodily_injury_limit")
        except ValidationFailed as e:
            errors += e.errors
        else:
            values = parameter_set(app.town).at(on)
            low, high = dollars(values["insurance.bodily_injury_min"]), dollars(values["insurance.bodily_injury_max"])
            if low <= limit <= high:
                out["bodily_injury_limit"] = limit
            else:
                errors.append(("bodily_injury_limit",
                               _("%(limit)s is outside the range the Town Board may set: not less than %(low)s "
                                 "nor more than %(high)s (%(citation)s)")
                               % {"limit": money(limit), "low": money(low), "high": money(high),
                                  "citation": values.cite("insurance.bodily_injury_min")}))
    if len(errors) == 1:
        raise ValidationFailed(*errors[0])
    if errors:
        raise ValidationFailed.of_all(errors)
    return out


def set_bond_and_insurance_limit(by: Any, app: PermitApplication, *, bond_amount: Any = None,
                                 bodily_injury_limit: Any = None, today: date | None = None,
                                 expected_version: int | None = None, reason: str | None = None
                                 ) -> PermitApplication:
    """The Town Board fixes the cleanup bond (¶ F, US dollars, more than $0) and/or the bodily injury limit of
    the liability policy (¶ E, within the law's range, $250,000-$500,000: else `ValidationFailed` naming the
    field and the range). Allowed from submission until issuance."""
    require_role(by, app.town, BOARD)
    if bond_amount is None and bodily_injury_limit is None:
        raise ValidationFailed("bond_amount", _("give the bond amount, the bodily injury limit, or both"))
    require_no_controls(("reason", reason))  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_in(app, UNDER_REVIEW, gettext_noop("set the bond or the insurance limit"))
        changes = _board_values(app, bond_amount, bodily_injury_limit, _today(today))
        for k, v in changes.items():
            setattr(app, k, v)
        words = ", ".join((said.BOND_SET if k == "bond_amount" else said.LIMIT_SET)(amount=money(v))
                          for k, v in changes.items())
        save_with_history(app, by=by, reason=_note(reason) or said.BOARD_SET(values=words))
    return app


#: The fields of the Town Board's approval, in the order of the page's form and the API's body (P-33).
APPROVE_FIELDS = ("conditions", "decided_on", "bond_amount", "bodily_injury_limit", "reason")


def _approve_values(app: PermitApplication, given: dict[str, Any], today: date | None
                    ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values `given` of the Board's approval (those of `APPROVE_FIELDS` present; a ``decided_on`` of None is
    today, a bond or limit of None not given), checked each on its own, and every refusal of them at once
    (interpretation P-33, as P-30): the conditions not a list, each condition not a non-empty text or not
    printable (the permit prints them, G-6), named by its place (``conditions[1]``), the day decided not a day
    that has happened, the bond not US dollars of more than $0, the bodily injury limit not US dollars within the
    range of ¶ E in force on the day decided (today's when that day is refused), a reason holding a control
    character."""
    r = Refusals(once=True)
    out: dict[str, Any] = {}
    if "conditions" in given:
        conditions = given["conditions"]
        if isinstance(conditions, str) or not isinstance(conditions, list | tuple):
            r.add([("conditions", _("give the conditions as a list of non-empty texts"))])
        else:  # (each condition by its place, every one: an empty one with one the permit cannot print)
            out["conditions"] = [c.strip() if isinstance(c, str) else c for c in conditions]
            for i, c in enumerate(out["conditions"]):
                if not isinstance(c, str) or not c:
                    r.add([(f"conditions[{i}]", _("give the condition as a non-empty text"))])
                else:
                    r.check(require_printable, (f"conditions[{i}]", c))  # the permit prints them (G-6)
    if "decided_on" in given:
        decided = given["decided_on"]
        out["decided_on"] = r.check(_happened, decided if decided is not None else _today(today), "decided_on",
                                    today=today)
    try:
        out.update(_board_values(app, given.get("bond_amount"), given.get("bodily_injury_limit"),
                                 out.get("decided_on") or _today(today)))
    except ValidationFailed as e:
        r.add(e.errors)
    if "reason" in given:
        r.check(require_no_controls, ("reason", given["reason"]))
    return out, r.in_order(APPROVE_FIELDS)


def _decided_on_file(app: PermitApplication, decided_on: date | None) -> list[tuple[str, str]]:
    """What the application refuses of a Board decision of `decided_on` (None: not judged): a day before the
    public hearing held (¶ B)."""
    if decided_on is not None and app.hearing_held_on is not None and decided_on < app.hearing_held_on:
        return [("decided_on", _("the Town Board acts after the public hearing (held on %(held)s); %(day)s is "
                                 "before it") % {"held": app.hearing_held_on.isoformat(),
                                                 "day": decided_on.isoformat()})]
    return []


def _approve_refusals(app: PermitApplication, given: dict[str, Any], today: date | None) -> list[tuple[str, str]]:
    """`approve_refusals` without the role: the values' own refusals with what the application refuses of them."""
    values, errors = _approve_values(app, given, today)
    r = Refusals(once=True)
    r.add(errors)
    r.add(_decided_on_file(app, values.get("decided_on")))
    return r.in_order(APPROVE_FIELDS)


def approve_refusals(by: Any, app: PermitApplication, given: dict[str, Any], today: date | None = None
                     ) -> list[tuple[str, str]]:
    """What `approve` refuses of the values `given` (a field left out is not judged; ``decided_on`` None is
    today), every one, as (field, message); nothing is written (interpretations P-33, W-32). For a page's form or
    the API's body that refused some values itself. `NotAllowed` for a user who is not a Town Board member."""
    require_role(by, app.town, BOARD)
    return _approve_refusals(app, given, today)


def approve(by: Any, app: PermitApplication, *, conditions: Sequence[str] = (), decided_on: date | None = None,
            bond_amount: Any = None, bodily_injury_limit: Any = None, expected_version: int | None = None,
            reason: str | None = None, today: date | None = None) -> PermitApplication:
    """The Town Board approves the application with its `conditions` (texts), after the public hearing (¶ B),
    optionally fixing the bond and the bodily injury limit at once. hearing_held → approved.

    Every bad value is refused at once (`ValidationFailed` naming the first, each in ``errors``; interpretation
    P-33): a value refused alone, before the state (P-29), with the others and with what the application refuses
    of them (a decision before the hearing held); values good alone are judged against the application once it
    is locked, after the state."""
    require_role(by, app.town, BOARD)
    given = {"conditions": conditions, "decided_on": decided_on, "bond_amount": bond_amount,
             "bodily_injury_limit": bodily_injury_limit, "reason": reason}
    values, errors = _approve_values(app, given, today)
    if errors:  # (values before state: P-29)
        _refuse(_approve_refusals(app, given, today))
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "approve")
        _refuse(_decided_on_file(app, values["decided_on"]))
        on, kept = values["decided_on"], values["conditions"]
        changes = {k: values[k] for k in ("bond_amount", "bodily_injury_limit") if k in values}
        return _step(app, "approve", by=by, reason=reason,
                     default_reason=said.APPROVED_WITH(day=on.isoformat(), n=len(kept)) if kept
                     else said.APPROVED(day=on.isoformat()),
                     decided_on=on, conditions=kept, **changes)


def _decision_date(app: PermitApplication, decided_on: date | None, today: date | None = None) -> date:
    """The day of a Town Board decision (default `today`, the Town's date): a date in 1778-2099, not in the
    future (a decision is recorded once made) nor before the public hearing (¶ B); else `ValidationFailed`
    naming ``decided_on``."""
    on = _happened(decided_on if decided_on is not None else _today(today), "decided_on", today=today)
    _refuse(_decided_on_file(app, on))
    return on


#: The fields of the Town Board's denial, in the order of the API's body and the page's form (P-33).
DENY_FIELDS = ("reasons", "decided_on", "reason")
_DENY_REASONS = gettext_noop("the Town Board's reasons for denying the permit")


def _deny_refusals(app: PermitApplication, given: dict[str, Any], today: date | None) -> list[tuple[str, str]]:
    """What `deny` refuses of the values `given` (those of `DENY_FIELDS` present), every one at once (P-33, as
    `approve`): the reasons empty or holding a control character, a day decided not a day that has happened (after
    today) or — the hearing held — before the hearing (¶ B), a reason holding a control character."""
    r = Refusals(once=True)
    if "reasons" in given:
        r.check(_text, given["reasons"], "reasons", _DENY_REASONS)
    if "decided_on" in given:
        on = r.check(_happened, given["decided_on"] if given["decided_on"] is not None else _today(today),
                     "decided_on", today=today)
        if on is not None and app.state == State.HEARING_HELD:  # (else the state is told first: 409)
            r.add(_decided_on_file(app, on))
    if "reason" in given:
        r.check(require_no_controls, ("reason", given["reason"]))
    return r.in_order(DENY_FIELDS)


def deny_refusals(by: Any, app: PermitApplication, given: dict[str, Any], today: date | None = None
                  ) -> list[tuple[str, str]]:
    """What `deny` refuses of the values `given` (a field left out is not judged; ``decided_on`` None is today),
    every one, as (field, message); nothing is written (interpretations P-33, W-32). For a page's form or the API's
    body that refused some values itself. `NotAllowed` for a user who is not a Town Board member."""
    require_role(by, app.town, BOARD)
    return _deny_refusals(app, given, today)


def deny(by: Any, app: PermitApplication, *, reasons: str, decided_on: date | None = None,
         expected_version: int | None = None, reason: str | None = None) -> PermitApplication:
    """The Town Board denies the application, giving its reasons. hearing_held → denied. Every bad value is
    refused at once, before the state (P-29, P-33): the reasons, the day decided, the reason."""
    require_role(by, app.town, BOARD)
    _refuse(_deny_refusals(app, {"reasons": reasons, "decided_on": decided_on, "reason": reason}, None))
    reasons = _text(reasons, "reasons", _DENY_REASONS)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "deny")
        on = _decision_date(app, decided_on)
        return _step(app, "deny", by=by, reason=_note(reason) or said.DENIED_BECAUSE(reasons=reasons),
                     default_reason=said.DENIED(), decided_on=on, reasons=reasons)


# --- Records of ¶¶ C-F and the fee -------------------------------------------------------------------------------------


#: The fields of a written approval of ¶ C, in the order of the API's body and the page's form (P-33).
APPROVAL_FIELDS = ("condition", "agency", "approved_on", "document", "reason")


def _approval_values(app: PermitApplication, given: dict[str, Any], today: date | None
                     ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values `given` of a written approval (those of `APPROVAL_FIELDS` present), checked each on its own,
    and every refusal of them at once (interpretation P-33, as P-30): a condition not one of ¶ C(1)-(10), an
    agency not an approving body, the day approved not a day that has happened, a document not attached to
    `app`, a reason holding a control character."""
    r = Refusals(once=True)
    out: dict[str, Any] = {}
    if "condition" in given:
        condition = given["condition"]
        if isinstance(condition, bool) or condition not in CONDITIONS:
            r.add([("condition", _("%(value)s is not a condition of ¶ C; allowed: 1-10 (%(allowed)s)")
                    % {"value": repr(condition), "allowed": ", ".join(f"{n} {v}" for n, v in CONDITIONS.items())})])
        else:
            out["condition"] = condition
    if "agency" in given:
        if given["agency"] not in Agency.values:
            r.add([("agency", _("%(value)s is not an approving body; allowed: %(allowed)s")
                    % {"value": repr(given["agency"]), "allowed": ", ".join(Agency.values)})])
        else:
            out["agency"] = given["agency"]
    if "approved_on" in given:
        out["approved_on"] = r.check(_happened, given["approved_on"], "approved_on", today=today)
    if "document" in given:
        out["document"] = r.check(_document_of, app, given["document"])
    if "reason" in given:
        r.check(require_no_controls, ("reason", given["reason"]))
    return out, r.in_order(APPROVAL_FIELDS)


def _approval_on_file(app: PermitApplication, values: dict[str, Any], today: date | None) -> list[tuple[str, str]]:
    """What the application refuses of a written approval of `values` (those taken; a value missing is not
    judged): a day before the petition was submitted, and the same approval already recorded (condition, agency,
    day and document: it would be counted twice)."""
    r = Refusals(once=True)
    on = values.get("approved_on")
    if on is not None:
        r.check(_happened, on, "approved_on", today=today, after=app.submitted_on,
                after_what=gettext_noop("the petition was submitted"))
    if all(values.get(k) is not None for k in ("condition", "agency", "approved_on", "document")) and (
            app.approvals.filter(condition=values["condition"], agency=values["agency"], approved_on=on,
                                 document=values["document"]).exists()):
        r.add([("condition", _(
            "¶ C(%(condition)s) is already recorded as approved in writing by the %(agency)s on %(day)s with "
            "this document; record another approval only with its own date or document")
            % {"condition": values["condition"], "agency": Agency(values["agency"]).label, "day": on.isoformat()})])
    return r.errors


def _approval_refusals(app: PermitApplication, given: dict[str, Any], today: date | None) -> list[tuple[str, str]]:
    values, errors = _approval_values(app, given, today)
    r = Refusals(once=True)
    r.add(errors)
    r.add(_approval_on_file(app, values, today))
    return r.in_order(APPROVAL_FIELDS)


def _approver(by: Any, app: PermitApplication, agency: Any) -> None:
    """`by` records written approvals for `agency` (a Health Department reviewer for the Health Department, a Town
    Board member for the Board), or for either body when `agency` is not one of them (its refusal is told with
    the other values'); else `NotAllowed`."""
    require_role(by, app.town, *([APPROVER[Agency(agency)]] if agency in Agency.values else APPROVER.values()))


def approval_refusals(by: Any, app: PermitApplication, given: dict[str, Any], today: date | None = None
                      ) -> list[tuple[str, str]]:
    """What `record_approval` refuses of the values `given` (a field left out is not judged), every one, as (field,
    message); nothing is written (interpretations P-33, W-32). `NotAllowed` for a user who does not record
    approvals for the agency given."""
    _approver(by, app, given.get("agency"))
    return _approval_refusals(app, given, today)


def record_approval(by: Any, app: PermitApplication, *, condition: int, agency: str, approved_on: date,
                    document: Document | int, expected_version: int | None = None, reason: str | None = None,
                    today: date | None = None) -> Approval:
    """A written approval of condition ¶ C(`condition`) (1-10) by `agency` (``health_department``: by a
    Health Department reviewer; ``town_board``: by a Town Board member), with the document that is the approval
    in writing (the `Document` attached to the application, or its id). The reviewer is `by`. Allowed from
    submission until issuance. The same approval twice (condition, agency, day and document) is refused
    (`ValidationFailed`, field ``condition``): it would be counted twice. Every bad value is refused at once
    (interpretation P-33): a value refused alone, before the state (P-29), with the others and with what the
    application refuses of them (a day before the submission, the approval already recorded); values good alone
    are judged against the application once it is locked."""
    _approver(by, app, agency)
    given = {"condition": condition, "agency": agency, "approved_on": approved_on, "document": document,
             "reason": reason}
    values, errors = _approval_values(app, given, today)
    if errors:  # (values before state: P-29)
        _refuse(_approval_refusals(app, given, today))
    with transaction.atomic():
        _lock(app, expected_version)
        _check_in(app, UNDER_REVIEW, gettext_noop("record a written approval"))
        values["document"] = _document_of(app, values["document"])
        _refuse(_approval_on_file(app, values, today))
        approval = Approval(town=app.town, application=app, condition=condition, agency=agency, reviewer=by,
                            approved_on=values["approved_on"], document=values["document"],
                            basis=approval_basis(app.facts, condition))  # (what it approves: P-21)
        save_with_history(approval, by=by, reason=_note(reason) or said.CONDITION_APPROVED(
            n=condition, facility=CONDITIONS[condition], agency=said.THE_AGENCY[agency]))
        file_changed(app)
    return approval


def authorized_property(auth: Authorization, properties: list[Any]) -> int | None:
    """The position in `properties` (the petition's, now) of the property `auth` authorizes to be inspected,
    or None when the petition no longer names it (P-12): the property with the address it was recorded for
    (spaces and case aside), the one at its recorded position first when two have that address. An
    authorization recorded before addresses were kept has only its position."""
    if not auth.property_address:
        return auth.property_index if auth.property_index < len(properties) else None
    wanted = same_words(auth.property_address)
    matches = [i for i, p in enumerate(properties) if isinstance(p, dict) and same_words(p.get("address")) == wanted]
    if not matches:
        return None
    return auth.property_index if auth.property_index in matches else matches[0]


#: The fields of an authorization to inspect, in the order of the API's body (P-33).
AUTHORIZATION_FIELDS = ("party", "name", "given_on", "document", "property_index", "reason")
#: The day an authorization may not precede, in words.
_AUTHORIZATION_AFTER = gettext_noop("the petition was submitted (the Town is furnished with the authorization for "
                                    "it: ¶ D, interpretation P-10)")


def _authorization_values(app: PermitApplication, given: dict[str, Any], today: date | None
                          ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values `given` of an authorization to inspect (those of `AUTHORIZATION_FIELDS` present), checked each
    on its own, and every refusal of them at once (interpretation P-33, as P-30): a party neither owner nor
    tenant, a name empty or holding a control character, the day given not a day that has happened under the
    chapter, a document not attached to `app`, a property that is not a whole number of 0 or more, a reason
    holding a control character."""
    r = Refusals(once=True)
    out: dict[str, Any] = {}
    if "party" in given:
        if given["party"] not in Party.values:
            r.add([("party", _("%(value)s; allowed: %(allowed)s")
                    % {"value": repr(given["party"]), "allowed": ", ".join(Party.values)})])
        else:
            out["party"] = given["party"]
    if "name" in given:
        out["name"] = r.check(_text, given["name"], "name", gettext_noop("the name of who gives the authorization"))
    if "given_on" in given:
        day = r.check(_happened, given["given_on"], "given_on", today=today)
        out["given_on"] = day and r.check(chapter_in_force, "given_on", day, _jurisdiction().parameters.in_force_from)
    if "document" in given:
        out["document"] = r.check(_document_of, app, given["document"])
    if "property_index" in given:
        index = given["property_index"]
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            r.add([("property_index", _("give the property's number in the petition, 0 for the first"))])
        else:
            out["property_index"] = index
    if "reason" in given:
        r.check(require_no_controls, ("reason", given["reason"]))
    return out, r.in_order(AUTHORIZATION_FIELDS)


def _authorization_on_file(app: PermitApplication, values: dict[str, Any], today: date | None
                           ) -> list[tuple[str, str]]:
    """What the application refuses of an authorization of `values` (those taken; a value missing is not judged):
    a day before the petition was submitted (P-10); a property the petition does not name; a tenant's where it
    names no tenant or lessee; a name other than the one the petition gives the party (P-12); the party's
    authorization for that property already recorded."""
    r = Refusals(once=True)
    if values.get("given_on") is not None:
        r.check(_happened, values["given_on"], "given_on", today=today, after=app.submitted_on,
                after_what=_AUTHORIZATION_AFTER)
    index = values.get("property_index")
    if index is None:
        return r.errors
    props = (app.facts or {}).get("properties") or []
    if not index < len(props):
        r.add([("property_index", ngettext("the application names %(n)s property (0 to %(last)s)",
                                           "the application names %(n)s properties (0 to %(last)s)",
                                           len(props)) % {"n": len(props), "last": len(props) - 1})])
        return r.errors
    party, prop = values.get("party"), props[index]
    if party is None:
        return r.errors
    if party == Party.TENANT and not prop.get("tenant_or_lessee"):
        r.add([("party", _("the application names no tenant or lessee of this property"))])
        return r.errors
    named, name = prop.get("record_owner" if party == Party.OWNER else "tenant_or_lessee"), values.get("name")
    if named and name is not None and same_words(name) != same_words(named):
        r.add([("name", _("the petition names %(named)s as the %(party)s of the property at %(address)s, not "
                          "%(name)s: the authorization must be theirs (¶ D, P-12); if the petition names them "
                          "wrongly, it is amended first")
                % {"named": named, "party": Party(party).label, "name": name, "address": prop.get("address") or "—"})])
    already = next((a for a in app.authorizations.filter(party=party) if authorized_property(a, props) == index),
                   None)
    if already is not None:
        r.add([("party", _("the %(party)s's authorization for the property at %(address)s is already recorded "
                           "(given on %(given_on)s); one is enough (¶ D)")
                % {"party": Party(party).label, "address": prop.get("address") or "—",
                   "given_on": already.given_on.isoformat()})])
    return r.errors


def _authorization_refusals(app: PermitApplication, given: dict[str, Any], today: date | None
                            ) -> list[tuple[str, str]]:
    values, errors = _authorization_values(app, given, today)
    r = Refusals(once=True)
    r.add(errors)
    r.add(_authorization_on_file(app, values, today))
    return r.in_order(AUTHORIZATION_FIELDS)


def authorization_refusals(by: Any, app: PermitApplication, given: dict[str, Any], today: date | None = None
                           ) -> list[tuple[str, str]]:
    """What `record_authorization` refuses of the values `given` (a field left out is not judged), every one, as
    (field, message); nothing is written (interpretations P-33, W-32). `NotAllowed` for a user who is not the
    Clerk."""
    require_role(by, app.town, CLERK)
    return _authorization_refusals(app, given, today)


def record_authorization(by: Any, app: PermitApplication, *, party: str, name: str, given_on: date,
                         document: Document | int, property_index: int = 0, expected_version: int | None = None,
                         reason: str | None = None, today: date | None = None) -> Authorization:
    """The Clerk records the written authorization of the owner (or the tenant or lessee) of property
    `property_index` for the Town to go upon it to inspect (¶ D). `given_on`, the day the Town was furnished
    with it: not after `today` (default the Town's date) nor before the petition was submitted (interpretation
    P-10), else `ValidationFailed` naming ``given_on``. `name`: the property's record owner (or its tenant or
    lessee) as the petition names it, spaces and letter case aside, else `ValidationFailed` naming ``name``
    (P-12). `document`: the `Document` attached to the application, or its id. Every bad value is refused at once
    (interpretation P-33): a value refused alone, before the state (P-29), with the others and with what the
    application refuses of them; values good alone are judged against the application once it is locked."""
    require_role(by, app.town, CLERK)
    given = {"party": party, "name": name, "given_on": given_on, "document": document,
             "property_index": property_index, "reason": reason}
    values, errors = _authorization_values(app, given, today)
    if errors:  # (values before state: P-29)
        _refuse(_authorization_refusals(app, given, today))
    with transaction.atomic():
        _lock(app, expected_version)
        _check_in(app, UNDER_REVIEW, gettext_noop("record an authorization to inspect"))
        _refuse(_authorization_on_file(app, values, today))
        prop = ((app.facts or {}).get("properties") or [])[property_index]
        named = prop.get("record_owner" if party == Party.OWNER else "tenant_or_lessee")
        auth = Authorization(town=app.town, application=app, property_index=property_index, party=party,
                             property_address=str(prop.get("address") or ""),
                             # (recorded as the petition writes it: "bob  owner" is Bob Owner's)
                             name=str(named) if named else values["name"], given_on=values["given_on"],
                             document=_document_of(app, values["document"]))
        save_with_history(auth, by=by, reason=_note(reason) or said.AUTHORIZATION(party=Party(party).label))
        file_changed(app)
    return auth


#: The fields of an insurance certificate in the order the page's form and the API's body give them: its refusals
#: are told in that order, every one at once (P-30).
INSURANCE_FIELDS = ("insurer", "policy_number", "bodily_injury_limit", "property_damage_limit",
                    "cancellation_notice_days", "document", "reason")


def _insurance_values(app: PermitApplication, given: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values `given` of an insurance certificate (those of `INSURANCE_FIELDS` present; others ignored),
    checked each on its own, and every refusal of them at once (interpretation P-30): the insurer and the policy
    number empty or not printable (the permit prints them, G-6), a limit not US dollars of 0 or more, the days of
    notice not a whole number of 0 or more, a document not attached to `app`, a reason holding a control
    character."""
    r = Refusals(once=True)
    out: dict[str, Any] = {}
    for field, what in (("insurer", gettext_noop("the insurer")), ("policy_number", gettext_noop("the policy number"))):
        if field in given:
            if isinstance(given[field], str):
                r.check(require_printable, (field, given[field]))  # the permit prints them (G-6)
            if not r.refused(field):
                out[field] = r.check(_text, given[field], field, what)
    for field in ("bodily_injury_limit", "property_damage_limit"):
        if field in given:
            out[field] = r.check(_amount, given[field], field)
    if "cancellation_notice_days" in given:
        days = given["cancellation_notice_days"]
        if not isinstance(days, int) or days < 0:
            r.add([("cancellation_notice_days", _("give a whole number of days, 0 or more"))])
        out["cancellation_notice_days"] = days
    if "document" in given:
        out["document"] = r.check(_document_of, app, given["document"])
    if "reason" in given:
        r.check(require_no_controls, ("reason", given["reason"]))
    return out, r.in_order(INSURANCE_FIELDS)


def insurance_refusals(by: Any, app: PermitApplication, given: dict[str, Any]) -> list[tuple[str, str]]:
    """What `record_insurance` refuses of the values `given` (a field left out is not judged), every one, as
    (field, message); nothing is written. For a page's form or the API's body that refused some values itself:
    the rest are told with them (interpretations P-30, W-32). `NotAllowed` for a user who is not the Clerk."""
    require_role(by, app.town, CLERK)
    return _insurance_values(app, given)[1]


def record_insurance(by: Any, app: PermitApplication, *, insurer: str, policy_number: str,
                     bodily_injury_limit: Any, property_damage_limit: Any, cancellation_notice_days: int,
                     document: Document | int, comprehensive_liability: bool = True, insures_town: bool = True,
                     today: date | None = None, expected_version: int | None = None, reason: str | None = None
                     ) -> InsuranceCertificate:
    """The Clerk records the insurance certificate furnished to the Town (¶ E); whether it meets ¶ E is the
    law core's finding at issuance. The latest certificate supersedes earlier ones. `document`: the `Document`
    attached to the application, or its id. Every bad value is refused at once, before the state (`ValidationFailed`
    naming the first, each in ``errors``: `_insurance_values`, interpretation P-30)."""
    require_role(by, app.town, CLERK)
    values, errors = _insurance_values(app, {
        "insurer": insurer, "policy_number": policy_number, "bodily_injury_limit": bodily_injury_limit,
        "property_damage_limit": property_damage_limit, "cancellation_notice_days": cancellation_notice_days,
        "document": document, "reason": reason})
    _refuse(errors)  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_in(app, UNDER_REVIEW, gettext_noop("record an insurance certificate"))
        cert = InsuranceCertificate(
            town=app.town, application=app, insurer=values["insurer"], policy_number=values["policy_number"],
            comprehensive_liability=bool(comprehensive_liability), insures_town=bool(insures_town),
            bodily_injury_limit=values["bodily_injury_limit"], property_damage_limit=values["property_damage_limit"],
            cancellation_notice_days=cancellation_notice_days,
            document=_document_of(app, values["document"]), recorded_on=_today(today))
        save_with_history(cert, by=by, reason=_note(reason) or said.INSURANCE())
        file_changed(app)
    return cert


#: The fields of a bond, in the order of the page's form and the API's body (P-30).
BOND_FIELDS = ("amount", "posted_on", "surety", "document", "reason")
#: The day a bond's posting may not precede, in words.
_BOND_AFTER = gettext_noop("the petition was submitted (the Town Board fixes the bond after it)")


def _bond_values(app: PermitApplication, given: dict[str, Any], today: date | None
                 ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values `given` of a bond (those of `BOND_FIELDS` present), checked each on its own, and every refusal
    of them at once (interpretation P-30): the amount not US dollars of more than $0, the day posted not a day
    that has happened, a surety or reason holding a control character, a document not attached to `app`."""
    r = Refusals(once=True)
    out: dict[str, Any] = {}
    if "amount" in given:
        out["amount"] = r.check(_amount, given["amount"], "amount", positive=True)
    if "posted_on" in given:
        out["posted_on"] = r.check(_happened, given["posted_on"], "posted_on", today=today)
    if "surety" in given:
        r.check(require_no_controls, ("surety", given["surety"]))
    if "document" in given:
        out["document"] = r.check(_document_of, app, given["document"], required=False)
    if "reason" in given:
        r.check(require_no_controls, ("reason", given["reason"]))
    return out, r.in_order(BOND_FIELDS)


def bond_refusals(by: Any, app: PermitApplication, given: dict[str, Any], today: date | None = None
                  ) -> list[tuple[str, str]]:
    """What `post_bond` refuses of the values `given` (a field left out is not judged), every one, as (field,
    message); nothing is written (interpretations P-30, W-32). `NotAllowed` for a user who is not the Clerk."""
    require_role(by, app.town, CLERK)
    return _bond_refusals(app, given, today)


def _bond_on_file(app: PermitApplication, posted_on: date | None, today: date | None) -> list[tuple[str, str]]:
    """What the application refuses of a bond posted on `posted_on` (None: not judged): a day before the
    petition was submitted (the Board fixes the bond after it)."""
    r = Refusals(once=True)
    if posted_on is not None:
        r.check(_happened, posted_on, "posted_on", today=today, after=app.submitted_on, after_what=_BOND_AFTER)
    return r.errors


def _bond_refusals(app: PermitApplication, given: dict[str, Any], today: date | None) -> list[tuple[str, str]]:
    """`bond_refusals` without the role: the values' own refusals with what the application refuses of them."""
    values, errors = _bond_values(app, given, today)
    r = Refusals(once=True)
    r.add(errors)
    r.add(_bond_on_file(app, values.get("posted_on"), today))
    return r.in_order(BOND_FIELDS)


def post_bond(by: Any, app: PermitApplication, *, amount: Any, posted_on: date, surety: str = "",
              document: Document | int | None = None, expected_version: int | None = None, reason: str | None = None,
              today: date | None = None) -> Bond:
    """The Clerk records the cleanup bond posted with the Town Clerk (¶ F), in US dollars. Posting it adds to the
    application's file and moves its version (`file_changed`): the same bond sent twice on the version read
    before it is `StaleUpdate`, recorded once. Refused (`Blocked`, nothing written) until the Town Board has
    fixed the bond's amount: ¶ F's bond is one "in an amount fixed by the Town Board", and a bond recorded
    before that could not be shown to be it, nor taken back (interpretation P-14). `document`: a `Document` of
    the application or its id, or None. Every bad value is refused at once (interpretation P-30): a value refused
    alone, before the state (P-29), with the others and with what the application refuses of them (a day before
    the submission); values good alone are judged against the application once it is locked."""
    require_role(by, app.town, CLERK)
    given = {"amount": amount, "posted_on": posted_on, "surety": surety, "document": document, "reason": reason}
    values, errors = _bond_values(app, given, today)
    if errors:  # (values before state: P-29)
        _refuse(_bond_refusals(app, given, today))
    with transaction.atomic():
        _lock(app, expected_version)
        _check_in(app, UNDER_REVIEW, gettext_noop("post the bond"))
        if app.bond_amount is None:
            raise Blocked(gettext_noop("post the bond"), [_bond_not_fixed()])
        _refuse(_bond_on_file(app, values["posted_on"], today))
        posted_on, value = values["posted_on"], values["amount"]
        bond = Bond(town=app.town, application=app, amount=value, posted_on=posted_on, surety=surety.strip(),
                    document=_document_of(app, values["document"], required=False))
        save_with_history(bond, by=by, reason=_note(reason) or said.BOND_POSTED(amount=money(value)))
        file_changed(app)
    return bond


def _bond_not_fixed() -> Blocker:
    """The bond cannot be posted yet: the Town Board has not fixed its amount (¶ F; P-14)."""
    return Blocker(BOND_RULE, CITE_F, _(
        "The Town Board has not yet fixed the amount of the cleanup bond: the applicant posts a bond with the Town "
        "Clerk in an amount fixed by the Town Board. Record the bond once the Board has fixed its amount."))


#: The fields of a fee payment, in the order of the page's form and the API's body (P-30).
FEE_PAYMENT_FIELDS = ("amount", "paid_on", "receipt", "reason")
#: The day a fee payment may not precede, in words.
_FEE_AFTER = gettext_noop("the petition was filed (the fee accompanies the application)")


def _fee_payment_values(app: PermitApplication, given: dict[str, Any], today: date | None
                        ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values `given` of a fee payment (those of `FEE_PAYMENT_FIELDS` present), checked each on its own, and
    every refusal of them at once (interpretation P-30): the amount not US dollars of more than $0; the day paid
    not a day that has happened while the chapter was in force; a receipt or a reason holding a control
    character."""
    r = Refusals(once=True)
    out: dict[str, Any] = {}
    if "amount" in given:
        out["amount"] = r.check(_amount, given["amount"], "amount", positive=True)
    if "paid_on" in given:
        day = r.check(_happened, given["paid_on"], "paid_on", today=today)
        if day is not None:
            day = r.check(chapter_in_force, "paid_on", day, _jurisdiction().parameters.in_force_from)
        out["paid_on"] = day
    if "receipt" in given:
        r.check(require_no_controls, ("receipt", given["receipt"]))
        if not r.refused("receipt"):
            out["receipt"] = (given["receipt"] or "").strip()
    if "reason" in given:
        r.check(require_no_controls, ("reason", given["reason"]))
    return out, r.in_order(FEE_PAYMENT_FIELDS)


def _fee_payment_on_file(app: PermitApplication, amount: Decimal | None, paid_on: date | None, receipt: str | None,
                         today: date | None) -> list[tuple[str, str]]:
    """What the application's record refuses of a fee payment of `amount` paid on `paid_on` with `receipt` (None:
    not judged), every one: an amount beyond what is still due of the fee (the fee is not refundable, so an
    overpayment could never be given back; a fee paid in full is said so: nothing more can be recorded), a day
    before the petition was filed, a receipt already recorded on the application. Read from `app` as it is
    (locked by the caller that records the payment)."""
    errors: list[tuple[str, str]] = []
    due = fee_due(app, today) if amount is not None else None
    if amount is not None and due is not None:
        paid = app.fee_payments.aggregate(total=Sum("amount"))["total"] or Decimal(0)
        if paid + amount > due:
            if paid >= due:  # (nothing is owed: "at most $0 more" said it in the wrong words)
                errors.append(("amount", _(
                    "the filing fee of %(due)s is already paid in full (%(paid)s paid): nothing more can be "
                    "recorded, and the fee is not refundable") % {"due": money(due), "paid": money(paid)}))
            else:
                errors.append(("amount", _(
                    "%(amount)s would pay more than the filing fee of %(due)s (%(paid)s paid so far): at most "
                    "%(left)s more can be recorded, and the fee is not refundable")
                    % {"amount": money(amount), "due": money(due), "paid": money(paid), "left": money(due - paid)}))
    if paid_on is not None:
        try:
            _happened(paid_on, "paid_on", today=today, after=app.submitted_on, after_what=_FEE_AFTER)
        except ValidationFailed as e:
            errors += e.errors
    if receipt and app.fee_payments.filter(receipt=receipt).exists():
        # a receipt is given for one payment: the same receipt again is the same payment entered twice
        # (a double submission); recording it would overstate what was paid, and a payment cannot be undone
        errors.append(("receipt", _(
            "a payment with receipt %(receipt)s is already recorded on this application; a receipt is given "
            "for one payment") % {"receipt": receipt}))
    return errors


def fee_payment_refusals(by: Any, app: PermitApplication, given: dict[str, Any], today: date | None = None
                         ) -> list[tuple[str, str]]:
    """What `record_fee_payment` refuses of the values `given` (a field left out is not judged), every one, as
    (field, message), what the record refuses (`_fee_payment_on_file`) with the values' own refusals; nothing is
    written (interpretations P-30, W-32). `NotAllowed` for a user who is not the Clerk."""
    require_role(by, app.town, CLERK)
    return _fee_payment_refusals(app, given, today)


def _fee_payment_refusals(app: PermitApplication, given: dict[str, Any], today: date | None
                          ) -> list[tuple[str, str]]:
    """`fee_payment_refusals` without the role."""
    values, errors = _fee_payment_values(app, given, today)
    r = Refusals(once=True)
    r.add(errors)
    r.add(_fee_payment_on_file(app, values.get("amount"), values.get("paid_on"), values.get("receipt"), today))
    return r.in_order(FEE_PAYMENT_FIELDS)


def record_fee_payment(by: Any, app: PermitApplication, *, amount: Any, paid_on: date, receipt: str = "",
                       expected_version: int | None = None, reason: str | None = None, today: date | None = None
                       ) -> FeePayment:
    """The Clerk records a payment of the filing fee (the amount due is the Board's fee for the year, read by
    the law core; see `issuance_blockers`). A payment that would take the total paid beyond the fee due is
    refused (`ValidationFailed`, field ``amount``, naming what may still be paid, or that the fee is paid in
    full): the fee is not refundable (ch. 31, fee), so an overpayment could never be given back. With no
    schedule on file for the year (P-1) the amount is recorded as given. `paid_on`: not after `today` (default
    the Town's date) nor before the petition was filed ("each application shall be accompanied by a fee", ch. 31,
    fee), else `ValidationFailed` naming ``paid_on``. Every bad value is refused at once, before the state, with
    what the record refuses of the others (`_fee_payment_values`, `_fee_payment_on_file`); values good alone are
    judged against the record once it is locked, again every refusal at once (interpretation P-30)."""
    require_role(by, app.town, CLERK)
    given = {"amount": amount, "paid_on": paid_on, "receipt": receipt, "reason": reason}
    values, errors = _fee_payment_values(app, given, today)
    if errors:  # (told with what the record refuses of the values it took, as read now)
        _refuse(_fee_payment_refusals(app, given, today))
    with transaction.atomic():
        _lock(app, expected_version)
        _check_in(app, UNDER_REVIEW, gettext_noop("record a fee payment"))
        value, paid_on, receipt = values["amount"], values["paid_on"], values["receipt"]
        _refuse(_fee_payment_on_file(app, value, paid_on, receipt, today))
        payment = FeePayment(town=app.town, application=app, amount=value, paid_on=paid_on, receipt=receipt)
        save_with_history(payment, by=by, reason=_note(reason) or said.FEE_PAID(amount=money(value)))
        file_changed(app)
    return payment


def refund_fee(by: Any, app: PermitApplication, *, amount: Any = None, reason: str | None = None) -> None:
    """Always refused: the filing fee is not refundable in whole or in part (Carmel ch. 31, fee). Raises
    `NotAllowed` for a user without a Clerk's role in the town, else `FeeNotRefundable` (a `NotAllowed`)."""
    require_role(by, app.town, CLERK)
    cite = _jurisdiction().parameters.at(_today(None)).cite("fees.filing")
    raise FeeNotRefundable(_("the filing fee compensates the Town for examining and processing the application "
                             "and is not refundable in whole or in part (%(citation)s)") % {"citation": cite})


#: How many years ahead of the current one a fee may be set (an input bound, not law).
FEE_YEARS_AHEAD = 10


def fee_refused(amount: Decimal) -> str | None:
    """Why `amount` (US dollars, at least $0) cannot be a filing fee, in the active language, or None: $0.00 —
    the fee "shall compensate the Town for its examination and processing of such application" (ch. 31, fee),
    which no fee of nothing does (interpretation C-19). Shared by the service and the Django admin's form."""
    if amount > 0:
        return None
    return _("must be more than $0.00 (got %(value)s): the filing fee compensates the Town for its examination "
             "and processing of the application (Carmel ch. 31, fee; interpretation C-19)") % {"value": f"${amount:,.2f}"}


def fee_amount(amount: Any) -> Decimal:
    """The filing fee of a schedule in US dollars (`_amount`), more than $0.00 (`fee_refused`); else
    `ValidationFailed` naming ``amount``."""
    value = _amount(amount, "amount")
    refused = fee_refused(value)
    if refused is not None:
        raise ValidationFailed("amount", refused)
    return value


#: The fields of a year's fee schedule, in the order of the API's path and body (P-30).
FEE_SCHEDULE_FIELDS = ("year", "amount", "resolution_date", "reason")


def _fee_schedule_values(given: dict[str, Any], today: date | None) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values `given` of a year's fee schedule (those of `FEE_SCHEDULE_FIELDS` present), checked each on its
    own as `set_fee_schedule` says, and every refusal of them at once (interpretation P-30): the year, the amount
    (more than $0.00, C-19), the resolution's date (not after today, not before the chapter, not after the year
    ended: judged when the year is one), a reason holding a control character."""
    r = Refusals(once=True)
    out: dict[str, Any] = {}
    on = _today(today)
    first = _jurisdiction().parameters.in_force_from  # the chapter's first day in force (C-2)
    last = on.year + FEE_YEARS_AHEAD
    if "year" in given:
        year = given["year"]
        if not isinstance(year, int) or isinstance(year, bool) or not first.year <= year <= last:
            r.add([("year", _("%(value)s is not a year of the fee schedule: allowed %(first)s (the chapter's Code) "
                              "to %(last)s (%(ahead)s years ahead)")
                    % {"value": repr(year), "first": first.year, "last": last, "ahead": FEE_YEARS_AHEAD})])
        else:
            out["year"] = year
    if "amount" in given:
        out["amount"] = r.check(fee_amount, given["amount"])
    if "resolution_date" in given:
        day = r.check(_date, given["resolution_date"], "resolution_date")
        if day is not None and day > on:
            r.add([("resolution_date", _("%(day)s is after today (%(today)s); record the Board's resolution once "
                                         "adopted") % {"day": day.isoformat(), "today": on.isoformat()})])
        elif day is not None and day < first:
            r.add([("resolution_date", _("%(day)s is before %(first)s, when the chapter took effect")
                    % {"day": day.isoformat(), "first": first.isoformat()})])
        elif day is not None and out.get("year") is not None and day.year > out["year"]:
            y = out["year"]
            r.add([("resolution_date", _(
                "%(day)s is after %(year)s ended; the filing fee is established annually, so a year's fee is set by "
                "a resolution adopted before the year ends (on %(last)s at the latest), never after it "
                "(interpretation P-9)") % {"day": day.isoformat(), "year": y, "last": date(y, 12, 31).isoformat()})])
        out["resolution_date"] = None if r.refused("resolution_date") else day
    if "reason" in given:
        r.add(_controls_of(("reason", given["reason"])))
    return out, r.in_order(FEE_SCHEDULE_FIELDS)


def _fee_schedule_refusals(town: Any, given: dict[str, Any], today: date | None) -> list[tuple[str, str]]:
    """`fee_schedule_refusals` without the role."""
    values, errors = _fee_schedule_values(given, today)
    if values.get("year") is not None and values.get("amount") is not None:
        r = Refusals(once=True)
        r.add(errors)
        schedule = FeeSchedule.objects.filter(town=town, year=values["year"]).first()
        r.check(_check_fee_unchanged_once_charged, town, values["year"], schedule, values["amount"])
        errors = r.in_order(FEE_SCHEDULE_FIELDS)
    return errors


def fee_schedule_refusals(by: Any, town: Any, given: dict[str, Any], today: date | None = None
                          ) -> list[tuple[str, str]]:
    """What `set_fee_schedule` refuses of the values `given` (``year``, ``amount``, ``resolution_date``,
    ``reason``; a field left out is not judged), every one, as (field, message), with what the filings of the
    year refuse of an amount taken (P-9); nothing is written (interpretations P-30, W-32). `NoPermits` (404) for
    a town that runs no permits, `NotAllowed` for a user who is not its Clerk."""
    require_permits(town)
    require_role(by, town, CLERK)
    return _fee_schedule_refusals(town, given, today)


def set_fee_schedule(by: Any, town: Any, *, year: int, amount: Any, resolution_date: date,
                     reason: str | None = None, today: date | None = None) -> FeeSchedule:
    """The Clerk keeps the filing fee the Town Board established for `year` (US dollars) and the date of its
    resolution; it is read by the law core as the dated value of ``fees.filing``. Setting a year again replaces
    its amount (the history keeps the old one).

    `year`: the year the chapter took effect (its parameters' first date, 1972) to `FEE_YEARS_AHEAD` years after
    `today`'s year, else `ValidationFailed` (field ``year``); `resolution_date`: a date from that first day to
    `today` (default the Town's date) — the
    Board's resolution has been adopted when the Clerk records it — and not after the end of `year` (the fee is
    "established annually": a resolution after the year has ended would set its fee retroactively), else
    `ValidationFailed` (field ``resolution_date``).

    `amount`: more than $0.00, else `ValidationFailed` (field ``amount``): a fee that compensates the Town for
    examining and processing the application is not nothing (ch. 31, fee; interpretation C-19).

    Interpretation P-9: once an application has been filed in `year`, that year's fee on file is charged on it
    and its amount can no longer be changed (`ValidationFailed`, field ``amount``; the same amount again, e.g.
    to correct the resolution's date, is accepted). A first schedule for a year with none on file, whose filings
    had no fee in force (P-1), may still be recorded, but not below what one of them has already paid (the fee
    is not refundable, so the excess could never be given back).

    Every bad value is refused at once (`ValidationFailed` naming the first, each in ``errors``: interpretation
    P-30), with what the filings of the year refuse of an amount taken; an amount good alone is judged against
    them once the year's schedule is locked."""
    require_permits(town)
    require_role(by, town, CLERK)
    given = {"year": year, "amount": amount, "resolution_date": resolution_date, "reason": reason}
    values, errors = _fee_schedule_values(given, today)
    if errors:  # (told with what the filings of the year refuse of an amount taken: P-30)
        _refuse(_fee_schedule_refusals(town, given, today))
    year, value, resolution_date = values["year"], values["amount"], values["resolution_date"]
    with transaction.atomic():
        # (the public's questions read the schedules again at once in this process, within
        # PUBLIC_FEES_SECONDS in the others)
        transaction.on_commit(lambda: cache.delete(_fees_key(town.jurisdiction_alias)))
        schedule = FeeSchedule.objects.select_for_update().filter(town=town, year=year).first()
        _check_fee_unchanged_once_charged(town, year, schedule, value)
        if schedule is None:
            schedule = FeeSchedule(town=town, year=year)
        schedule.amount, schedule.resolution_date = value, resolution_date
        save_with_history(schedule, by=by, reason=_note(reason) or said.FEE_SET(year=year, amount=money(value),
                                                                           day=resolution_date.isoformat()))
    return schedule


def _check_fee_unchanged_once_charged(town: Any, year: int, schedule: FeeSchedule | None, amount: Decimal) -> None:
    """Interpretation P-9: `ValidationFailed` (field ``amount``) when setting `year`'s fee to `amount` would
    change the fee due on an application already filed in that year: the amount on file (`schedule`) once an
    application was filed in the year, or, with none on file, an amount below what such an application has
    already paid."""
    filed = PermitApplication.objects.for_town(town).filter(submitted_on__year=year)
    if schedule is not None:
        if schedule.amount == amount or not filed.exists():
            return
        count = filed.count()
        earliest = filed.order_by("submitted_on").values_list("submitted_on", flat=True).first()
        raise ValidationFailed("amount", ngettext(
            "the filing fee for %(year)s is %(fee)s and %(n)s application filed in %(year)s (on %(first)s) is "
            "charged it; it cannot be changed once charged, since the fee due on a filing is the fee on file when it "
            "was filed (interpretation P-9)",
            "the filing fee for %(year)s is %(fee)s and %(n)s applications filed in %(year)s (the first on "
            "%(first)s) are charged it; it cannot be changed once charged, since the fee due on a filing is the fee "
            "on file when it was filed (interpretation P-9)", count)
            % {"year": year, "fee": money(schedule.amount), "n": count,
               "first": earliest.isoformat() if earliest else ""})
    paid = (FeePayment.objects.filter(application__in=filed).values("application")
            .annotate(total=Sum("amount")).order_by("-total").values_list("total", flat=True).first())
    if paid is not None and paid > amount:
        raise ValidationFailed("amount", _(
            "an application filed in %(year)s has already paid %(paid)s, more than %(fee)s; the fee is not "
            "refundable, so the fee for %(year)s cannot be set below what was paid (interpretation P-9)")
            % {"year": year, "paid": money(paid), "fee": money(amount)})


def fee_payments(app: PermitApplication) -> list[FeePayment]:
    """The payments of the filing fee recorded on `app`, oldest first (by the day paid, then as recorded), each
    with ``recorded_by``: the username of the Clerk who recorded it, from the payment's history (None when no
    user was recorded, e.g. a script's). Listed with the application as its bonds are: the fee paid is their sum,
    so a clerk sees here a payment recorded twice."""
    payments = list(app.fee_payments.order_by("paid_on", "id"))
    created = FeePayment.history.filter(id__in=[p.pk for p in payments], history_type="+").select_related(
        "history_user")
    by = {h.id: h.history_user for h in created}
    for p in payments:
        user = by.get(p.pk)
        p.recorded_by = user.get_username() if user is not None else None  # type: ignore[attr-defined]
    return payments


def fee_due(app: PermitApplication, today: date | None = None) -> Decimal | None:
    """The filing fee in US dollars in force on the filing date (the Board's schedule), or None when no
    schedule for that date is on file (from the law core's requirements)."""
    fee = determination(app, app.submitted_on or today).requirements.get("filing_fee")
    return None if fee is None else Decimal(fee)


# --- Issuance, the assembly, cleanup and bond --------------------------------------------------------------------------


def issuance_blockers(app: PermitApplication, today: date | None = None) -> list[Blocker]:
    """Every precondition of issuance not yet met, each with its citation, from the law core's findings on
    `today` (first, when its last day has passed, that the assembly is over: `assembly_over`): each condition of ¶ C(1)-(10) approved in writing by the Health Department and the Town Board, the
    owner's and tenant's authorization (¶ D), an insurance certificate meeting ¶ E with the Board's limit, the
    bond fixed by the Board and posted (¶ F), the filing fee paid (fee), and the petition filed at least 60 days
    before the assembly (¶ B; P-19: a filing on the next business day after a closed last day, G-1, blocks until
    the Board approves); and first of all, when the law core finds that the chapter requires no permit (an
    exemption of ¶¶ A-D on the sponsor's statements; 500 persons or fewer), that none is issued (`no_permit_blocker`,
    P-20). Empty when a permit may issue."""
    det = determination(app, today)
    wanted = set(ISSUANCE_RULES)
    approved = app.decided_on is not None and app.state not in (State.DENIED,)
    blockers = [Blocker.of(f) for f in det.findings
                if f.rule in wanted and f.status not in (Status.MET, Status.NOT_APPLICABLE)
                and not (approved and f.status is Status.NEEDS_REVIEW and f.rule in ANSWERED_BY_APPROVAL)]
    none_required = no_permit_blocker(det)  # (¶¶ B-F all not applicable: nothing above was checked, P-20)
    if none_required is not None:
        blockers = [none_required, *blockers]
    over = assembly_over(app, _today(today))
    return [over, *blockers] if over is not None else blockers


def assembly_last_day(app: PermitApplication) -> date | None:
    """The assembly's last day as the facts state it (``dates.last_day``, else ``first_day``); None when not given
    or not a date (dates the law core refuses are told by its own findings)."""
    dates = (app.facts or {}).get("dates") or {}
    return _stated_day(dates.get("last_day") or dates.get("first_day"))


def assembly_first_day(app: PermitApplication) -> date | None:
    """The assembly's first day as the facts state it (``dates.first_day``); None when not given or not a date."""
    return _stated_day(((app.facts or {}).get("dates") or {}).get("first_day"))


def _stated_day(raw: Any) -> date | None:
    try:
        return raw if isinstance(raw, date) else date.fromisoformat(str(raw)) if raw else None
    except ValueError:
        return None


def assembly_over(app: PermitApplication, today: date) -> Blocker | None:
    """A permit is issued for an assembly still to come or under way (¶ A: no assembly without a written
    permit; interpretation P-7): once its last day (the facts' ``dates.last_day``, else ``first_day``) is before
    `today`, there is nothing left for a permit to authorize. None while the assembly has a day to come, or
    when its dates are not given."""
    last = assembly_last_day(app)
    if last is None or not too_late_to_issue(last, today):
        return None
    reason = (_("The assembly's last day, %(last_day)s, has passed: a permit can no longer be issued for it")
              % {"last_day": last.isoformat()})
    return Blocker("carmel/permit/a-required", CITE_A, reason)


def issue(by: Any, app: PermitApplication, *, today: date | None = None, expected_version: int | None = None,
          reason: str | None = None) -> PermitApplication:
    """The Clerk issues the permit of the Town Board (¶ A), numbered ``YYYY-NNN`` in the town. Refused
    (`Blocked`) while any precondition of `issuance_blockers` holds, listing each, and once the assembly's
    last day has passed (`assembly_over`, interpretation P-7). approved → issued."""
    require_role(by, app.town, CLERK)
    on = _today(today)
    require_no_controls(("reason", reason))  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "issue")
        blockers = issuance_blockers(app, on)
        if blockers:
            raise Blocked("issue the permit", blockers)
        count = (PermitApplication.objects.for_town(app.town).filter(issued_on__year=on.year)
                 .exclude(permit_number="").count())
        number = f"{on.year}-{count + 1:03d}"
        return _step(app, "issue", by=by, reason=reason, default_reason=said.ISSUED(number=number),
                     permit_number=number, issued_on=on)


def record_assembly_held(by: Any, app: PermitApplication, *, ended_on: date | None = None,
                         expected_version: int | None = None, reason: str | None = None, today: date | None = None
                         ) -> PermitApplication:
    """The Clerk records that the assembly was held and when it ended (default: its last day in the facts);
    the 5 days of ¶ F run from that day. `ended_on` after `today` (default the Town's date), before the
    permit was issued or before the assembly's first day (``dates.first_day``) → `ValidationFailed` (field
    ``ended_on``). An end after the permit's last day is the actual end, from which ¶ F counts, but the days after
    the permit's last day were an assembly without a permit (¶ A): it is recorded only with the Clerk's `reason`
    (else `ValidationFailed`, field ``reason``), the history notes the days past the permit, and the page and the
    API warn of it (`ended_after_permit`, interpretation P-23). issued → assembly_held."""
    require_role(by, app.town, CLERK)
    require_no_controls(("reason", reason))  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "record_assembly_held")
        dates = (app.facts or {}).get("dates") or {}
        end = ended_on or dates.get("last_day") or dates.get("first_day")
        if end is None:
            raise ValidationFailed("ended_on", _("give the day the assembly ended"))
        # it ended neither before the permit was issued nor before its first day began (a day typed wrong would
        # close the permit of an assembly still to come and start the 5 days of ¶ F)
        first = assembly_first_day(app)
        after, what = ((first, gettext_noop("the assembly's first day")) if first is not None and
                       (app.issued_on is None or first > app.issued_on) else
                       (app.issued_on, gettext_noop("the permit was issued")))
        try:
            end = _happened(end, "ended_on", today=today, after=after, after_what=what)
        except ValidationFailed as exc:
            if ended_on is not None:
                raise
            # (not given: say that the day refused is the default taken, so the Clerk knows what to give)
            raise ValidationFailed("ended_on", _(
                "not given, so the assembly's last day in its facts was taken: %(problem)s; give the day it "
                "ended") % {"problem": exc.detail}) from None
        words = said.ASSEMBLY_HELD(day=end.isoformat())
        last = assembly_last_day(app)
        if last is not None and end > last:
            # ¶ F counts from the actual end; the days past the permit's last day had no permit (¶ A): P-23
            why = (_note(reason) or "").strip()
            if not why:
                raise ValidationFailed("reason", _(
                    "the assembly ended on %(end)s, after the permit's last day (%(last)s): the days after it were "
                    "an assembly without a permit (¶ A); give the reason it ran past its permitted days "
                    "(interpretation P-23)") % {"end": end.isoformat(), "last": last.isoformat()})
            words = said.RAN_PAST_PERMIT(before=words, last_day=last.isoformat(), n=(end - last).days)
            return _step(app, "record_assembly_held", by=by, reason=said.BEFORE(why=why, said=words),
                         default_reason=words, assembly_ended_on=end)
        return _step(app, "record_assembly_held", by=by, reason=reason, default_reason=words,
                     assembly_ended_on=end)


def ended_after_permit(app: PermitApplication) -> date | None:
    """The permit's last day (the facts' ``dates.last_day``, else ``first_day``) when the assembly's end recorded
    (`record_assembly_held`) is after it, else None: the days past it were an assembly without a permit (¶ A),
    while ¶ F's 5 days run from the actual end (interpretation P-23). The page and the API warn of it."""
    last = assembly_last_day(app)
    end = app.assembly_ended_on
    return last if last is not None and end is not None and end > last else None


def record_cleanup_inspection(by: Any, app: PermitApplication, *, inspected_on: date, result: str,
                              completed_on: date | None = None, expected_version: int | None = None,
                              reason: str | None = None, today: date | None = None) -> PermitApplication:
    """The Town (Clerk or Building Inspector) records the cleanup inspection of ¶ F: `result` ``complete`` (give
    `completed_on`, the day the waste was completely removed) or ``incomplete``. Neither date may be after
    `today` (default the Town's date) nor before the assembly ended (`ValidationFailed` naming
    ``inspected_on`` or ``completed_on``). assembly_held → cleanup_inspected.

    After an inspection that found the waste not completely removed, the Town inspects again and records it
    here (cleanup_inspected → cleanup_inspected; the history keeps the earlier one): neither date before the
    earlier inspection. An inspection that found the cleanup complete is not followed by another (`Blocked`):
    the Board releases or forfeits the bond on it (interpretation P-3)."""
    require_role(by, app.town, CLERK, INSPECTOR)
    if result not in CleanupResult.values:
        raise ValidationFailed("result", _("%(value)s; allowed: %(allowed)s")
                               % {"value": repr(result), "allowed": ", ".join(CleanupResult.values)})
    inspected_on = _date(inspected_on, "inspected_on")
    done = _date(completed_on, "completed_on") if completed_on is not None else None
    if result == CleanupResult.COMPLETE and done is None:
        raise ValidationFailed("completed_on", _("give the day the waste was completely removed"))
    if result == CleanupResult.INCOMPLETE and done is not None:
        raise ValidationFailed("completed_on", _("an incomplete cleanup has no completion day"))
    if done is not None and done > inspected_on:
        raise ValidationFailed("completed_on", _("cannot be after the inspection"))
    require_no_controls(("reason", reason))  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "record_cleanup_inspection")
        after, what = app.assembly_ended_on, gettext_noop("the assembly ended")
        if app.state == State.CLEANUP_INSPECTED:
            if app.cleanup_result != CleanupResult.INCOMPLETE:
                raise Blocked(gettext_noop("record the cleanup inspection"), [_cleanup_found_complete(app)])
            if result == CleanupResult.INCOMPLETE and inspected_on == app.cleanup_inspected_on:
                # the same finding of the same day sent again (a retry, the form sent twice): recorded once
                raise ValidationFailed("inspected_on", _(
                    "the inspection of %(day)s that found the waste not completely removed is already recorded; "
                    "record a later inspection (interpretation P-3)") % {"day": inspected_on.isoformat()})
            after, what = app.cleanup_inspected_on, gettext_noop(
                "the earlier inspection, which found the waste not completely removed")
        inspected_on = _happened(inspected_on, "inspected_on", today=today, after=after, after_what=what)
        if done is not None:
            done = _happened(done, "completed_on", today=today, after=after, after_what=what)
        return _step(app, "record_cleanup_inspection", by=by, reason=reason,
                     default_reason=said.CLEANUP_INSPECTED(day=inspected_on.isoformat(),
                                                           result=CleanupResult(result).label),
                     cleanup_inspected_on=inspected_on, cleanup_result=result, cleanup_completed_on=done)


def _cleanup_finding(app: PermitApplication) -> Finding:
    """The law core's ¶ F finding on the day of the cleanup inspection (its 5 days counted from the end recorded,
    `assembly_ended_on`, as every deadline of the application is)."""
    return determination(app, app.cleanup_inspected_on).finding("carmel/issuance/f-cleanup")


def _cleanup_found_complete(app: PermitApplication) -> Blocker:
    """No further cleanup inspection: the last one found the waste completely removed (¶ F; P-3)."""
    return Blocker(CLEANUP_RULE, CITE_F, _(
        "The inspection of %(day)s found the waste completely removed (on %(done)s): the Town Board releases or "
        "forfeits the bond on it; a further inspection is recorded only after one that found the waste not "
        "completely removed (interpretation P-3)")
        % {"day": app.cleanup_inspected_on.isoformat() if app.cleanup_inspected_on else "—",
           "done": app.cleanup_completed_on.isoformat() if app.cleanup_completed_on else "—"})


def release_blockers(app: PermitApplication) -> list[Blocker]:
    """Why the Town Board may not release the bond now (empty when it may): the law core does not find the
    waste completely removed within 5 days from the termination of the assembly (¶ F; P-3)."""
    if app.state != State.CLEANUP_INSPECTED:
        return []
    finding = _cleanup_finding(app)
    return [] if finding.status is Status.MET else [Blocker.of(finding)]


def forfeit_blockers(app: PermitApplication) -> list[Blocker]:
    """Why the Town Board may not forfeit the bond now (empty when it may): the cleanup of ¶ F is not shown to
    have failed — the law core finds it completed within the 5 days, or no inspection after its last day found
    the waste not completely removed. An inspection before that day that found it unfinished shows nothing yet:
    the Town inspects again after it (`record_cleanup_inspection`, interpretation P-3)."""
    if app.state != State.CLEANUP_INSPECTED:
        return []
    finding = _cleanup_finding(app)
    due = finding.values.get("cleanup_due")
    late = finding.status is Status.NOT_MET or (
        app.cleanup_completed_on is None and due is not None and app.cleanup_inspected_on is not None
        and app.cleanup_inspected_on > due)
    if late:
        return []
    reason = (_("the cleanup is not shown to have failed: %(reason)s") % {"reason": law_text(finding.reason)})
    if app.cleanup_result == CleanupResult.INCOMPLETE and due is not None:
        reason = clause(reason) + "; " + (_("the inspection of %(day)s, not after the cleanup's last day (%(due)s), found the waste "
                            "not completely removed: record another cleanup inspection after %(due)s "
                            "(interpretation P-3)")
                          % {"day": app.cleanup_inspected_on.isoformat() if app.cleanup_inspected_on else "—",
                             "due": due.isoformat()})
    return [Blocker(finding.rule, finding.citation, reason)]


def revoked_bond_blockers(app: PermitApplication, today: date | None = None, *, forfeit: bool = False
                          ) -> list[Blocker]:
    """Why the Town Board may not release (or, with `forfeit`, forfeit) the bond of a revoked permit now (empty
    when it may; nothing for an application that is not revoked). ¶ F's bond insures the removal of the waste
    "within five days from the date of the termination of the assembly"; ¶ G's revocation says nothing of it, so
    the bond posted stays with the Town Clerk until the Board releases it (no assembly took place, or the premises
    were cleaned) or forfeits it (the waste of an assembly that took place was not removed in time), giving its
    reason (interpretation P-32). Refused: no bond posted; one already released or forfeited; and a forfeiture
    while no assembly can have ended and its 5 days run out — until the cleanup's last day counted from the
    assembly's first day (the earliest it can have ended) has passed, `today` (default the Town's date) on or
    before it."""
    if app.state != State.REVOKED:
        return []
    if app.bond_disposition == BondDisposition.RELEASED:
        return [Blocker(BOND_RULE, CITE_F, _("The bond has already been released after the permit's revocation "
                                             "(interpretation P-32)"))]
    if app.bond_disposition == BondDisposition.FORFEITED:
        return [Blocker(BOND_RULE, CITE_F, _("The bond has already been forfeited after the permit's revocation "
                                             "(interpretation P-32)"))]
    if not app.bonds.exists():
        return [Blocker(BOND_RULE, CITE_F, _("No bond is posted with the Town Clerk on this application: there is "
                                             "none to release or forfeit (interpretation P-32)"))]
    if forfeit:
        counted = revoked_cleanup_last_day(app)
        if counted is not None and _today(today) <= counted[0]:
            last_day, first, days = counted
            return [Blocker(CLEANUP_RULE, CITE_F, _(
                "The bond is forfeited only when the waste of an assembly that took place was not completely "
                "removed within %(days)s days from its termination: the assembly's first day is %(first)s, so no "
                "cleanup can have failed before %(due)s has passed; if no assembly took place, the bond is released "
                "(interpretation P-32)") % {"days": days, "first": first.isoformat(), "due": last_day.isoformat()})]
    return []


def revoked_cleanup_last_day(app: PermitApplication) -> tuple[date, date, int] | None:
    """¶ F's last day for the cleanup counted from the assembly's first day (the earliest it can have ended: a
    revoked permit records no end), with that first day and ¶ F's number of days in force on it — ``(last day,
    first day, days)`` —, or None when the facts give no first day. A revoked permit's bond is not forfeited on
    or before that day (interpretation P-32), nor dated so (P-38)."""
    from publicassembly.law.jurisdictions.us_ny_carmel import deadlines as due

    first = assembly_first_day(app)
    if first is None:
        return None
    values = parameter_set(app.town).at(first)
    return due.cleanup_due(first, values).date, first, int(values["cleanup.days_after"])


def _settle_revoked_bond(by: Any, app: PermitApplication, *, forfeit: bool, reason: Any, on: date,
                         today: date | None) -> PermitApplication:
    """The (locked) revoked application's bond released or forfeited by the Town Board (P-32) on the day `on`:
    refused while `revoked_bond_blockers` says why (`Blocked`, 409); then, every one at once (`ValidationFailed`),
    the Board's `reason` required (field ``reason``: no finding of the law core stands behind the act, so the
    history keeps why) and a day before the revocation or, forfeited, not after ¶ F's last day counted from the
    assembly's first day (`_bond_day_on_file`, P-38). The state stays revoked (the permit's status is unchanged);
    ``bond_disposition`` and ``bond_disposition_on`` record the act."""
    blockers = revoked_bond_blockers(app, today, forfeit=forfeit)
    if blockers:
        raise Blocked(gettext_noop("forfeit the bond") if forfeit else gettext_noop("release the bond"), blockers)
    _refuse(_bond_act_on_file(app, reason, on, forfeit=forfeit))
    why = _text(reason, "reason", _REASON_REQUIRED[app.state, forfeit])
    return _step(app, "forfeit_revoked_bond" if forfeit else "release_revoked_bond", by=by, reason=why,
                 default_reason=why, bond_disposition_on=on,
                 bond_disposition=BondDisposition.FORFEITED if forfeit else BondDisposition.RELEASED)


#: The states of an application that ended without a permit, in which a bond posted while it was under review
#: waits for the Town Board to release it (interpretation P-36).
ENDED_UNISSUED = (State.DENIED, State.WITHDRAWN, State.CLOSED)


def unissued_bond_blockers(app: PermitApplication) -> list[Blocker]:
    """Why the Town Board may not release now the bond posted on an application that ended without a permit (empty
    when it may; nothing for an application in another state). The bond is posted while the application is under
    review (¶ F: "to insure said performance" of the permit's cleanup); denied, withdrawn, or closed with no permit
    issued, no assembly may be held under it, so there is nothing left for it to insure: the Board releases it,
    giving its reason (interpretation P-36). Refused: no bond posted; one already released or forfeited (a case
    closed after the Board acted on its bond)."""
    if app.state not in ENDED_UNISSUED:
        return []
    if app.bond_disposition == BondDisposition.RELEASED:
        return [Blocker(BOND_RULE, CITE_F, _("The bond has already been released"))]
    if app.bond_disposition == BondDisposition.FORFEITED:
        return [Blocker(BOND_RULE, CITE_F, _("The bond has been forfeited: there is none to release"))]
    if not app.bonds.exists():
        return [Blocker(BOND_RULE, CITE_F, _("No bond is posted with the Town Clerk on this application: there is "
                                             "none to release (interpretation P-36)"))]
    return []


def _release_unissued_bond(by: Any, app: PermitApplication, *, reason: Any, on: date) -> PermitApplication:
    """The (locked) application's bond, posted before it ended without a permit, released by the Town Board (P-36)
    on the day `on`: refused while `unissued_bond_blockers` says why (`Blocked`, 409); then, every one at once
    (`ValidationFailed`), the Board's `reason` required (field ``reason``) and a day before the application ended
    or the bond was posted (`_bond_day_on_file`, P-38). The state stays as it is; ``bond_disposition`` and
    ``bond_disposition_on`` record the act."""
    blockers = unissued_bond_blockers(app)
    if blockers:
        raise Blocked(gettext_noop("release the bond"), blockers)
    _refuse(_bond_act_on_file(app, reason, on, forfeit=False))
    why = _text(reason, "reason", _REASON_REQUIRED[State.DENIED, False])
    return _step(app, "release_unissued_bond", by=by, reason=why, default_reason=why, bond_disposition_on=on,
                 bond_disposition=BondDisposition.RELEASED)


# --- The day of the Town Board's act on the bond (interpretation P-38) ---------------------------------------------

#: The fields of the Town Board's release of the bond, in the order of the page's form and the API's body (P-30).
RELEASE_FIELDS = ("released_on", "reason")
#: The fields of the Town Board's forfeiture of the bond, in the order of the page's form and the API's body.
FORFEIT_FIELDS = ("forfeited_on", "reason")
#: What the Board's reason, required, is asked as: by the application's state (a revoked permit, one that ended
#: without a permit) and whether the bond is forfeited.
_REASON_REQUIRED = {
    (State.REVOKED, False): gettext_noop("the reason the bond of the revoked permit is released (no assembly took "
                                         "place, or the premises were cleaned: interpretation P-32)"),
    (State.REVOKED, True): gettext_noop("the reason the bond is forfeited"),
    **{(state, False): gettext_noop("the reason the bond is released (no permit was issued on this application: "
                                    "interpretation P-36)") for state in (State.DENIED, State.WITHDRAWN, State.CLOSED)},
}


def bond_act_earliest(app: PermitApplication, *, forfeit: bool = False) -> tuple[date, str] | None:
    """The earliest day on which the Town Board can have released (with `forfeit`, forfeited) the bond of `app` in
    its state, with the act of that day in words (``gettext_noop``), or None in a state in which the Board does not
    act on the bond (interpretation P-38). The Board acts on the bond after the act that lets it:

    - after the cleanup inspection (P-3): not before the inspection it acts on — the one that found the waste
      completely removed within ¶ F's days (a release), or that showed it was not (a forfeiture);
    - a revoked permit (P-32): not before the revocation (and a forfeiture, besides, only after ¶ F's last day
      counted from the assembly's first day: `revoked_cleanup_last_day`);
    - an application that ended without a permit (P-36): not before it ended — the Board's denial (of a case
      closed after it too), the applicant's withdrawal, or the Clerk's closing;

    and never before the bond was posted with the Town Clerk (the last bond posted, when there are several). The
    latest of these days is the earliest the act can have happened."""
    if app.state == State.CLEANUP_INSPECTED:
        acts = [(app.cleanup_inspected_on, gettext_noop(
            "the cleanup inspection found the waste not removed in time") if forfeit else gettext_noop(
            "the cleanup inspection found the waste completely removed"))]
    elif app.state == State.REVOKED:
        acts = [(app.revoked_on, gettext_noop("the permit was revoked"))]
    elif app.state in ENDED_UNISSUED and not forfeit:
        denied = app.decided_on if app.reasons else None  # (a denial records its reasons; an approval none)
        acts = [(denied, gettext_noop("the Town Board denied the application")) if denied is not None else
                (app.withdrawn_on, gettext_noop("the application was withdrawn")) if app.withdrawn_on is not None else
                (app.closed_on, gettext_noop("the case was closed"))]
    else:
        return None
    posted = max((b.posted_on for b in app.bonds.all()), default=None)
    acts.append((posted, gettext_noop("the bond was posted with the Town Clerk")))
    known = [(day, words) for day, words in acts if day is not None]
    return max(known, key=lambda act: act[0]) if known else None


def _bond_day_on_file(app: PermitApplication, day: date, *, forfeit: bool) -> list[tuple[str, str]]:
    """What the application refuses of the Town Board's act on its bond dated `day` (field ``released_on``, or
    ``forfeited_on`` with `forfeit`): a day before the earliest the act can have happened (`bond_act_earliest`),
    and a revoked permit's bond forfeited on or before ¶ F's last day counted from the assembly's first day (no
    cleanup can have failed by then: P-32). Empty when it may be so dated (interpretation P-38)."""
    field = "forfeited_on" if forfeit else "released_on"
    earliest = bond_act_earliest(app, forfeit=forfeit)
    if earliest is not None and day < earliest[0]:
        words = (_("%(day)s is before %(what)s (%(after)s): the Town Board cannot have forfeited the bond before "
                   "that day (interpretation P-38)") if forfeit else
                 _("%(day)s is before %(what)s (%(after)s): the Town Board cannot have released the bond before "
                   "that day (interpretation P-38)"))
        return [(field, words % {"day": day.isoformat(), "what": _(earliest[1]), "after": earliest[0].isoformat()})]
    counted = revoked_cleanup_last_day(app) if forfeit and app.state == State.REVOKED else None
    if counted is not None and day <= counted[0]:
        last_day, first, days = counted
        return [(field, ngettext(
            "%(day)s is not after %(due)s: the assembly's first day is %(first)s, and its waste may be removed "
            "within %(days)d day from its termination (¶ F), so no cleanup can have failed by %(due)s; the bond "
            "is forfeited on a later day (interpretations P-32, P-38)",
            "%(day)s is not after %(due)s: the assembly's first day is %(first)s, and its waste may be removed "
            "within %(days)d days from its termination (¶ F), so no cleanup can have failed by %(due)s; the bond "
            "is forfeited on a later day (interpretations P-32, P-38)", days)
            % {"day": day.isoformat(), "due": last_day.isoformat(), "first": first.isoformat(), "days": days})]
    return []


def _bond_act_on_file(app: PermitApplication, reason: Any, day: date | None, *, forfeit: bool
                      ) -> list[tuple[str, str]]:
    """What the application refuses of the Town Board's act on its bond (None: a value not judged): the day
    (`_bond_day_on_file`), and no `reason` where the state requires one (a revoked permit's bond, P-32; one of an
    application that ended without a permit, P-36), in the order of the form's fields."""
    out = _bond_day_on_file(app, day, forfeit=forfeit) if day is not None else []
    asked = _REASON_REQUIRED.get((app.state, forfeit))
    if asked is not None and reason is not _NOT_JUDGED:
        try:
            _text(reason, "reason", asked)
        except ValidationFailed as e:
            out += [(f, m) for f, m in e.errors if not any(f == g for g, _m in out)]
    return out


#: A value a form or the API's schema refused itself: not judged again (`_bond_act_refusals`).
_NOT_JUDGED = object()


def _bond_act_values(given: dict[str, Any], today: date | None, *, forfeit: bool
                     ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values `given` of the Town Board's release (`forfeit`: forfeiture) of the bond — those of
    `RELEASE_FIELDS` (`FORFEIT_FIELDS`) present — checked each on its own, and every refusal of them at once (P-30,
    P-33): the day (``released_on`` / ``forfeited_on``; None: today, the Town's date) not a date in 1778-2099 or
    after today (a thing done, G-10); the reason holding a control character (G-6) or, for a forfeiture, empty (the
    Board says why it forfeits a bond). A value refused is ``_NOT_JUDGED`` in the values returned."""
    field = "forfeited_on" if forfeit else "released_on"
    out: dict[str, Any] = {}
    errors: list[tuple[str, str]] = []
    if field in given:
        day = given[field]
        try:
            out[field] = _happened(day if day is not None else _today(today), field, today=today)
        except ValidationFailed as e:
            out[field], errors = _NOT_JUDGED, errors + list(e.errors)
    if "reason" in given:
        reason = given["reason"]
        try:
            out["reason"] = (_text(reason, "reason", gettext_noop("the reason the bond is forfeited")) if forfeit
                             else _note(reason))
        except ValidationFailed as e:
            out["reason"], errors = _NOT_JUDGED, errors + list(e.errors)
    return out, errors


def _bond_act_refusals(app: PermitApplication, given: dict[str, Any], today: date | None, *, forfeit: bool
                       ) -> list[tuple[str, str]]:
    """Every refusal of the values `given` of the Board's act on the bond: their own (`_bond_act_values`) and,
    with them, what the application as it is refuses of the others (`_bond_act_on_file`), each field once, in the
    order of the form's fields (P-30, P-33)."""
    field = "forfeited_on" if forfeit else "released_on"
    values, errors = _bond_act_values(given, today, forfeit=forfeit)
    day = values.get(field)
    more = _bond_act_on_file(app, values.get("reason", _NOT_JUDGED),
                             None if day is _NOT_JUDGED else day, forfeit=forfeit)
    told = errors + [(f, m) for f, m in more if not any(f == g for g, _m in errors)]
    order = FORFEIT_FIELDS if forfeit else RELEASE_FIELDS
    return sorted(told, key=lambda e: order.index(e[0]) if e[0] in order else len(order))


def release_bond_refusals(by: Any, app: PermitApplication, given: dict[str, Any], today: date | None = None
                          ) -> list[tuple[str, str]]:
    """What `release_bond` refuses of the values `given` (``released_on``, ``reason``; a field left out is not
    judged), every one, as (field, message); nothing is written (interpretations P-30, P-38). `NotAllowed` for a
    user who is not a Town Board member."""
    require_role(by, app.town, BOARD)
    return _bond_act_refusals(app, given, today, forfeit=False)


def forfeit_bond_refusals(by: Any, app: PermitApplication, given: dict[str, Any], today: date | None = None
                          ) -> list[tuple[str, str]]:
    """What `forfeit_bond` refuses of the values `given` (``forfeited_on``, ``reason``; a field left out is not
    judged), every one, as (field, message); nothing is written (interpretations P-30, P-38). `NotAllowed` for a
    user who is not a Town Board member."""
    require_role(by, app.town, BOARD)
    return _bond_act_refusals(app, given, today, forfeit=True)


def release_bond(by: Any, app: PermitApplication, *, released_on: date | None = None,
                 expected_version: int | None = None, reason: str | None = None, today: date | None = None
                 ) -> PermitApplication:
    """The Town Board releases the bond: only when the law core finds the waste completely removed within
    5 days from the termination of the assembly (¶ F), else `Blocked`. cleanup_inspected → bond_released.

    The bond of a revoked permit (¶ G): released with the Board's `reason` (required: no assembly took place, or
    the premises were cleaned), while one is posted and not yet released or forfeited (`revoked_bond_blockers`);
    the application stays revoked, its ``bond_disposition`` ``released`` (interpretation P-32).

    The bond posted on an application that ended without a permit (denied, withdrawn, or closed with none issued):
    released with the Board's `reason` (required), while one is posted and not yet released or forfeited
    (`unissued_bond_blockers`); the application stays as it is, its ``bond_disposition`` ``released``
    (interpretation P-36).

    `released_on`: the day the Board released it (a `datetime.date` or ``YYYY-MM-DD``; default `today`, the Town's
    date), recorded as ``bond_disposition_on``: not after today, nor before the act it follows
    (`bond_act_earliest`: the cleanup inspection that found the waste removed, the revocation, the end of the
    application; the bond's posting), else `ValidationFailed` naming ``released_on`` — told at once with the
    reason's refusals (interpretations P-30, P-38); a day after today is 422 whatever the state (P-26)."""
    require_role(by, app.town, BOARD)
    given = {"released_on": released_on, "reason": reason}
    values, errors = _bond_act_values(given, today, forfeit=False)
    if errors:  # (values before state, every one at once, with what the application refuses of the others: P-30)
        _refuse(_bond_act_refusals(app, given, today, forfeit=False))
    on = values["released_on"]
    with transaction.atomic():
        _lock(app, expected_version)
        if app.state == State.REVOKED:  # (the bond stays posted after a revocation until released: P-32)
            return _settle_revoked_bond(by, app, forfeit=False, reason=reason, on=on, today=today)
        if app.state in ENDED_UNISSUED:  # (no permit was issued: the bond posted is released, P-36)
            return _release_unissued_bond(by, app, reason=reason, on=on)
        _check_state(app, "release_bond")
        blockers = release_blockers(app)
        if blockers:
            raise Blocked("release the bond", blockers)
        _refuse(_bond_day_on_file(app, on, forfeit=False))
        finding = _cleanup_finding(app)
        return _step(app, "release_bond", by=by, reason=reason,
                     default_reason=said.BOND_RELEASED(finding=finding.reason), bond_disposition=BondDisposition.RELEASED,
                     bond_disposition_on=on)


def forfeit_bond(by: Any, app: PermitApplication, *, reason: str, forfeited_on: date | None = None,
                 expected_version: int | None = None, today: date | None = None) -> PermitApplication:
    """The Town Board forfeits the bond when the cleanup of ¶ F was not performed in time: refused (`Blocked`,
    `forfeit_blockers`) when the law core finds it completed within the 5 days, or the inspection was made
    before the last day with the cleanup unfinished (the Town then inspects again after it, P-3).
    cleanup_inspected → bond_forfeited.

    The bond of a revoked permit (¶ G): forfeited with the Board's `reason` (the waste of an assembly that took
    place was not removed in time), while one is posted and not yet released or forfeited, and not before the
    cleanup's last day counted from the assembly's first day has passed (`revoked_bond_blockers`); the
    application stays revoked, its ``bond_disposition`` ``forfeited`` (interpretation P-32).

    `forfeited_on`: the day the Board forfeited it (default `today`, the Town's date), recorded as
    ``bond_disposition_on``: not after today, nor before the act it follows (`bond_act_earliest`: the cleanup
    inspection that found the waste not removed in time, the revocation; the bond's posting), nor, the permit
    revoked, on or before ¶ F's last day counted from the assembly's first day, else `ValidationFailed` naming
    ``forfeited_on`` — told at once with the reason's refusals (interpretations P-30, P-38)."""
    require_role(by, app.town, BOARD)
    given = {"forfeited_on": forfeited_on, "reason": reason}
    values, errors = _bond_act_values(given, today, forfeit=True)
    if errors:  # (values before state, every one at once, with what the application refuses of the others: P-30)
        _refuse(_bond_act_refusals(app, given, today, forfeit=True))
    why, on = values["reason"], values["forfeited_on"]
    with transaction.atomic():
        _lock(app, expected_version)
        if app.state == State.REVOKED:  # (the bond stays posted after a revocation until forfeited: P-32)
            return _settle_revoked_bond(by, app, forfeit=True, reason=why, on=on, today=today)
        if app.state in ENDED_UNISSUED and not unissued_bond_blockers(app):  # (released, never forfeited: P-36)
            raise Blocked(gettext_noop("forfeit the bond"), [Blocker(BOND_RULE, CITE_F, _(
                "No permit was issued on this application: ¶ F's bond insures the cleanup of an assembly held under "
                "a permit, so it is not forfeited; the Town Board releases it (interpretation P-36)"))])
        _check_state(app, "forfeit_bond")
        blockers = forfeit_blockers(app)
        if blockers:
            raise Blocked("forfeit the bond", blockers)
        _refuse(_bond_day_on_file(app, on, forfeit=True))
        return _step(app, "forfeit_bond", by=by, reason=why, default_reason=why,
                     bond_disposition=BondDisposition.FORFEITED, bond_disposition_on=on)


def close(by: Any, app: PermitApplication, *, today: date | None = None, expected_version: int | None = None,
          reason: str | None = None) -> PermitApplication:
    """The Clerk closes the case: bond_released|bond_forfeited|denied → closed; and an application still under
    review (submitted, incomplete, amended, accepted, hearing scheduled or held, approved) once its assembly's
    last day has passed (`assembly_over`, interpretation P-11): no permit can be issued for it any more (P-7) and
    no hearing held before it (P-4), so without this it stayed in the Clerk's queue for ever. Before that day,
    `Blocked` (409): the Town Board decides it, or the applicant withdraws it. An application under review whose
    assembly the law core finds exempt (¶¶ A-D, on the sponsor's statements: `exemption_of`) is closed at any time,
    the history recording the exemption and its citation: the chapter requires no permit for it (P-20)."""
    require_role(by, app.town, CLERK)
    require_no_controls(("reason", reason))  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "close")
        default = said.CLOSED()
        exempt = exemption_of(determination(app, _today(today))) if app.state in UNDER_REVIEW else None
        if exempt is not None:  # (the chapter does not apply: closed with the exemption recorded, P-20)
            default = said.CLOSED_EXEMPT(exemption=exempt.reason, citation=exempt.citation)
        elif app.state in UNDER_REVIEW:
            if not can_close_unheard(app, today):
                raise Blocked(gettext_noop("close the case"), [Blocker(
                    "carmel/permit/a-required", CITE_A,
                    _("The assembly is not over: an application under review is closed by the Clerk only once its "
                      "last day has passed (interpretation P-11); until then the Town Board decides it, or the "
                      "applicant withdraws it"))])
            default = said.CLOSED_UNHEARD()
        return _step(app, "close", by=by, reason=reason, default_reason=default, closed_on=_today(today))


def available(app: PermitApplication, action: str, today: date | None = None, now: datetime | None = None
              ) -> bool:
    """Whether `action`, which the state machine allows in the application's state, can be done now given the assembly's
    days (P-11) and the hearing's notice (G-10): an application under review is closed only once its assembly is over,
    and accepted only while it is not; the notice's publication is recorded once, and the hearing recorded as held only
    after it and once the hearing has begun — its day come (P-25) and, on its day, the time it was set for
    (`hearing_begun`: `now`, default the Town's clock; P-37); the hearing is rescheduled only while a day before the
    assembly's first day is left; an application the law core finds exempt (P-20) is not accepted but may be closed at
    once, and the Board may record that it does not accept the exemption; the cleanup is inspected again only after an
    inspection that found it unfinished, and the bond released or forfeited only when the services would take it (P-3) —
    a revoked permit's bond while one is posted and not yet settled, forfeited only after ¶ F's days
    (`revoked_bond_blockers`, P-32), and the bond of an application that ended without a permit while one is posted and
    not yet released (`unissued_bond_blockers`, P-36). The refusals' "what can be done now" and the page's buttons both
    ask this."""
    if action == "close" and app.state in UNDER_REVIEW:
        return can_close_unheard(app, today) or _exempt(app, today)
    if action == "accept":
        return assembly_over(app, _today(today)) is None and not _exempt(app, today)
    if action == "refuse_exemption":
        return app.state in EXEMPTION_STATES and _exempt(app, today)
    if action == "record_notice_published":
        return app.notice_published_on is None
    if action == "record_hearing_held":
        return app.notice_published_on is not None and hearing_begun(app, today, now)
    if action == "reschedule_hearing":
        first_day = _first_day(app)
        return first_day is None or _today(today) < first_day
    if action == "record_cleanup_inspection" and app.state == State.CLEANUP_INSPECTED:
        return app.cleanup_result == CleanupResult.INCOMPLETE  # (again after an unfinished cleanup only: P-3)
    if action == "release_bond":
        return not release_blockers(app)
    if action == "forfeit_bond":
        return not forfeit_blockers(app)
    if action in ("release_revoked_bond", "forfeit_revoked_bond"):  # (a bond posted, not yet settled: P-32)
        return not revoked_bond_blockers(app, today, forfeit=action == "forfeit_revoked_bond")
    if action == "release_unissued_bond":  # (a bond posted on an application ended without a permit: P-36)
        return not unissued_bond_blockers(app)
    return True


def _exempt(app: PermitApplication, today: date | None = None) -> bool:
    """Whether the law core finds an exemption of ¶¶ A-D reaching `app` (`exemption_of`). False when it refuses
    the facts (the page says so in its own words)."""
    try:
        det = determination(app, _today(today))
    except ValidationFailed:
        return False
    return exemption_of(det) is not None


#: The citation of the exemptions as a whole (Carmel ch. 31 exemptions ¶¶ A-D), and the rule a refusal of
#: `refuse_exemption` names when no sponsor of an exempt kind is stated: the first exemption's (¶ A).
CITE_EXEMPTIONS = cite_carmel("exemptions ¶¶ A-D")
EXEMPTIONS_RULE = "carmel/exemptions/a-school"


def _claimed_exemption_rule(app: PermitApplication) -> str:
    """The rule of the exemption the sponsor's kind would claim (¶ A school, ¶ B church, ¶ C veterans' organization,
    ¶ D civic group), else `EXEMPTIONS_RULE`: the rule a refusal that there is no exemption to refuse names."""
    sponsor = (app.facts or {}).get("sponsor") if isinstance(app.facts, dict) else None
    kind = sponsor.get("kind") if isinstance(sponsor, dict) else None
    return EXEMPTION_OF_KIND.get(kind, EXEMPTIONS_RULE) if isinstance(kind, str) else EXEMPTIONS_RULE


def _refused_exemption(det: Determination) -> Finding | None:
    """The exemption finding the Town Board's refusal turned `not_applicable` (its values hold the day), or None."""
    return next((f for f in det.findings if f.rule in EXEMPTION_RULES
                 and "exemption_not_accepted_on" in (f.values or {})), None)


#: States in which the Town Board may record that it does not accept the exemption claimed: before the petition
#: is accepted (then the Clerk reviews the petition under ¶ B as for any other: P-20).
EXEMPTION_STATES = (State.SUBMITTED, State.INCOMPLETE, State.AMENDED)


def refuse_exemption(by: Any, app: PermitApplication, *, reasons: str, decided_on: date | None = None,
                     today: date | None = None, expected_version: int | None = None) -> PermitApplication:
    """The Town Board records that it does not accept the exemption (exemptions ¶¶ A-D) the sponsor's statements
    claim (C-14: they are the applicant's; the Town may challenge them), with its `reasons` and the day it so
    decided (`decided_on`, default `today`: a thing done, not after today nor before the submission,
    `ValidationFailed` naming ``decided_on``). From then the law core does not apply the exemption
    (``town_board.exemption_not_accepted_on``): the chapter applies, and the petition is reviewed, heard and
    decided under ¶¶ B-F as any other (interpretation P-20). Only while the petition awaits the Clerk's review or
    the applicant's amendment (`EXEMPTION_STATES`, else `WrongState`, 409) and while the law core finds an
    exemption reaching the assembly (else `Blocked`, 409, citing exemptions ¶¶ A-D and the rule of the exemption
    the sponsor's kind would claim). The values are checked before the state (interpretation P-26): a
    `decided_on` after today is 422 whatever the state. The state does not change; the history says what was
    decided."""
    require_role(by, app.town, BOARD)
    why = _text(reasons, "reasons", gettext_noop("the Town Board's reasons for not accepting the exemption"))
    require_printable(("reasons", why))
    with transaction.atomic():
        _lock(app, expected_version)
        # (the values given first, whatever the state: bad input is told as bad input, 422, not as a refusal of
        # the state, 409 — a day after today is wrong in any state; interpretation P-26)
        on = _happened(decided_on if decided_on is not None else _today(today), "decided_on", today=today,
                       after=app.submitted_on, after_what=gettext_noop("the petition was submitted"))
        _check_in(app, EXEMPTION_STATES, gettext_noop("record that the exemption is not accepted"))
        det = determination(app, _today(today))
        if app.exemption_not_accepted_on is not None:  # (sent again: said as it is, not "no exemption")
            refused = _refused_exemption(det)  # (the exemption the Board refused: its rule and paragraph)
            raise Blocked(gettext_noop("record that the exemption is not accepted"), [Blocker(
                refused.rule if refused else EXEMPTIONS_RULE, refused.citation if refused else CITE_EXEMPTIONS,
                _("The Town Board recorded on %(day)s that it does not accept the exemption claimed "
                  "(interpretation P-20); the chapter applies") % {"day": app.exemption_not_accepted_on.isoformat()})])
        exempt = exemption_of(det)
        if exempt is None:
            raise Blocked(gettext_noop("record that the exemption is not accepted"), [Blocker(
                _claimed_exemption_rule(app), CITE_EXEMPTIONS,
                _("The law does not find the assembly exempt (exemptions ¶¶ A-D): there is no exemption claimed "
                  "to refuse (interpretation P-20)"))])
        app.exemption_not_accepted_on = on
        app.exemption_not_accepted_because = why
        save_with_history(app, by=by, reason=said.EXEMPTION_NOT_ACCEPTED(
            exemption=exempt.citation, day=on.isoformat(), reasons=why))
    return app


def _no_notice_recorded(app: PermitApplication) -> Blocker:
    """The hearing cannot be recorded as held: no publication of its notice is recorded (¶ B; G-10). The days
    of notice are the Town's parameter in force on the hearing's day (`hearing_notice_days`)."""
    days = hearing_notice_days(app.town, app.hearing_on)
    return Blocker(HEARING_NOTICE_RULE, CITE_B, ngettext(
        "No publication of the hearing's notice is recorded: the public hearing is held pursuant to notice "
        "published in the official newspaper at least %(days)d day prior to it; record the notice's publication "
        "first",
        "No publication of the hearing's notice is recorded: the public hearing is held pursuant to notice "
        "published in the official newspaper at least %(days)d days prior to it; record the notice's publication "
        "first", days) % {"days": days})


def can_close_unheard(app: PermitApplication, today: date | None = None) -> bool:
    """Whether the Clerk may close `app`, still under review, because its assembly is over (P-11): the last day
    of the assembly the facts state (else its first day) is before `today` (default the Town's date)."""
    return app.state in UNDER_REVIEW and assembly_over(app, _today(today)) is not None


def withdraw(by: Any, app: PermitApplication, *, today: date | None = None, expected_version: int | None = None,
             reason: str | None = None) -> PermitApplication:
    """The applicant withdraws their application from any open state (draft until approved, not yet issued).
    The filing fee is not refunded. open state → withdrawn."""
    _require_own(by, app)
    require_no_controls(("reason", reason))  # (values before state: P-29)
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "withdraw")
        assert app.state in OPEN_STATES
        return _step(app, "withdraw", by=by, reason=reason, default_reason=said.WITHDRAWN(),
                     withdrawn_on=_today(today))


#: The fields of a revocation, in the order of the page's form and the API's body (P-33).
REVOKE_FIELDS = ("grounds", "reason")


def _revoke_values(given: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The grounds of ¶ G and the reason `given` of a revocation (those present), checked each on its own, and
    every refusal of them at once (interpretation P-33): no ground (at least one of ¶ G's is required; None too),
    each one that is not a ground of ¶ G (named by its place, ``grounds[2]``) and with them one of ¶ G given twice
    (refused, naming it: a list of grounds names each once); the facts on which it is revoked empty or holding a
    control character."""
    r = Refusals(once=True)
    out: dict[str, Any] = {}
    allowed = ", ".join(RevocationGround.values)
    if "grounds" in given:
        grounds = given["grounds"]
        if isinstance(grounds, str) or not isinstance(grounds, list | tuple) or not grounds:
            r.add([("grounds", _("at least one of the grounds of revocation of ¶ G is required; allowed: "
                                 "%(allowed)s") % {"allowed": allowed})])
        else:
            r.add([(f"grounds[{i}]", _("%(value)s is not a ground of revocation of ¶ G; allowed: %(allowed)s")
                    % {"value": repr(g) if isinstance(g, str) else json.dumps(g, default=str), "allowed": allowed})
                   for i, g in enumerate(grounds) if g not in RevocationGround.values])
            if twice := [g for i, g in enumerate(grounds) if g in RevocationGround.values and g in grounds[:i]]:
                r.add([("grounds", _("%(ground)s is given twice; give each ground of ¶ G once")
                        % {"ground": twice[0]})])
            if not r.errors:
                out["grounds"] = list(grounds)
    if "reason" in given:
        out["reason"] = r.check(_text, given["reason"], "reason",
                                gettext_noop("the facts on which the permit is revoked"))
    return out, r.in_order(REVOKE_FIELDS)


def revoke_refusals(by: Any, app: PermitApplication, given: dict[str, Any]) -> list[tuple[str, str]]:
    """What `revoke` refuses of the values `given` (a field left out is not judged), every one, as (field,
    message); nothing is written (interpretations P-33, W-32). `NotAllowed` for a user who is not a Town Board
    member."""
    require_role(by, app.town, BOARD)
    return _revoke_values(given)[1]


def revoke(by: Any, app: PermitApplication, *, grounds: Sequence[str], reason: str, today: date | None = None,
           expected_version: int | None = None) -> PermitApplication:
    """The Town Board, through its Clerk, revokes an issued permit on the grounds of ¶ G (one or both of
    `RevocationGround`: ``facilities_not_provided_as_specified``, ``setup_cannot_be_accomplished_in_time``, each
    once), with `reason` (the facts). issued → revoked. Every bad value is refused at once, before the state
    (`_revoke_values`, interpretation P-33): no ground, one not of ¶ G, one given twice; no reason."""
    require_role(by, app.town, BOARD)
    values, errors = _revoke_values({"grounds": grounds, "reason": reason})
    _refuse(errors)
    grounds, why = values["grounds"], values["reason"]
    with transaction.atomic():
        _lock(app, expected_version)
        _check_state(app, "revoke")
        data = case_data(app)
        data["revocation_grounds"] = {g: True for g in grounds}
        finding = determination(app, today, data=data).finding("carmel/issuance/g-revocation")
        if finding.outcome != "revocable":  # pragma: no cover - a ground given always makes it revocable
            raise Blocked("revoke the permit", [Blocker.of(finding)])
        return _step(app, "revoke", by=by, reason=said.BEFORE(why=why, said=finding.reason), default_reason=why,
                     revocation_grounds=grounds, revoked_on=_today(today))


# --- Documents ------------------------------------------------------------------------------------------------------


def documents_dir() -> Path:
    """Where attachments are stored: setting ``PUBLICASSEMBLY_DOCUMENTS_DIR``, else ``<data dir>/documents``
    (outside every static root; never served directly)."""
    from publicassembly.site.paths import data_dir

    configured = getattr(settings, "PUBLICASSEMBLY_DOCUMENTS_DIR", None)
    return Path(configured) if configured else data_dir() / "documents"


def _sniff(content: bytes) -> str | None:
    for magic, kind in _SIGNATURES:
        if content.startswith(magic):
            return kind
    return None


def _verify(content: bytes, kind: str) -> None:
    """Refuse (`ValidationFailed`, field ``file``) a file that carries the signature of `kind` but is not a
    whole file of that type: an image Pillow cannot read to its end (`Image.verify`), a PDF without its
    end-of-file marker (``%%EOF`` in its last 1,024 bytes)."""
    if kind == "application/pdf":
        if b"%%EOF" not in content[-1024:]:
            raise ValidationFailed("file", _("the file begins like a PDF but does not end like one (no %(marker)s "
                                             "marker at its end); it may be damaged or cut short")
                                   % {"marker": "%%EOF"})
        return
    from io import BytesIO

    from PIL import Image, UnidentifiedImageError

    what = "PNG" if kind == "image/png" else "JPEG"
    try:
        with Image.open(BytesIO(content)) as image:
            if image.format != what:
                raise ValueError(image.format)
            image.verify()
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        raise ValidationFailed("file", _("the file begins like a %(kind)s image but is not a readable %(kind)s "
                                         "image; it may be damaged or cut short") % {"kind": what}) from None


def attach_document(by: Any, app: PermitApplication, *, kind: str, filename: str, content: bytes,
                    content_type: str | None = None) -> Document:
    """Store an attachment of the application (the applicant's own, or by an official of its town): a PDF, PNG
    or JPEG (checked by the file's signature; a declared `content_type` must agree), not empty and not larger
    than ``PUBLICASSEMBLY_MAX_DOCUMENT_BYTES`` (default 10 MiB, `DEFAULT_MAX_DOCUMENT_BYTES`). Kept under a
    random name with its SHA-256, size and type. The file must be whole: images are read by Pillow, PDFs need their end-of-file marker.
    Raises `ValidationFailed` (field ``file``, or ``content_type``/``kind``: ``kind`` empty or holding a control
    character, `require_no_controls`; field ``state`` when the
    application is closed, withdrawn, revoked or denied: `NO_MORE_FILING`).

    The file is written before its record; if the record is not committed — this function's atomic block fails,
    or a transaction around it is rolled back later (the API's ``Idempotency-Key``, the demo's load) — the file
    is deleted (`stored_files`, interpretation D-12): at once in the first case, in the second once the
    transaction has ended (after the request, at the end of the demo's load)."""
    if not can_view(by, app) or not (roles_of(by, app.town) & {APPLICANT, CLERK, BOARD, HEALTH, INSPECTOR}):
        raise NotAllowed(_("%(user)s may not attach documents to this application")
                         % {"user": repr(getattr(by, "username", "anonymous"))})
    if app.state in NO_MORE_FILING:
        raise ValidationFailed("state", _("the application is %(state)s; nothing more can be filed on it, so no "
                                          "document can be attached (documents can be attached until it is "
                                          "%(states)s)")
                               % {"state": State(app.state).label,
                                  "states": ", ".join(str(s.label) for s in NO_MORE_FILING)})
    kind = _text(kind, "kind", gettext_noop("what the document is (e.g. site map, insurance certificate)"))
    require_no_controls(("kind", kind))  # (the application's page and the API show it: G-6)
    if not isinstance(content, bytes | bytearray) or not content:
        raise ValidationFailed("file", _("the file is empty"))
    limit = int(getattr(settings, "PUBLICASSEMBLY_MAX_DOCUMENT_BYTES", DEFAULT_MAX_DOCUMENT_BYTES))
    if len(content) > limit:
        raise ValidationFailed("file", _("the file is %(size)s bytes; the limit is %(limit)s bytes")
                               % {"size": number_format(len(content), force_grouping=True),
                                  "limit": number_format(limit, force_grouping=True)})
    sniffed = _sniff(bytes(content))
    if sniffed is None:
        raise ValidationFailed("file", _(ONLY_PDF_PNG_JPEG))
    if content_type and content_type.split(";")[0].strip().lower() != sniffed:
        raise ValidationFailed("content_type", _("declared %(declared)s but the file is %(kind)s")
                               % {"declared": repr(content_type), "kind": sniffed})
    _verify(bytes(content), sniffed)
    stored_files.discard_unrecorded()  # (those of an upload rolled back since the last request ended: D-12)
    folder = documents_dir()
    folder.mkdir(parents=True, exist_ok=True)
    storage_name = secrets.token_hex(20) + ALLOWED_CONTENT_TYPES[sniffed]
    path = folder / storage_name
    tmp = folder / (storage_name + ".part")
    try:
        tmp.write_bytes(bytes(content))
        tmp.replace(path)
    except BaseException:  # (a disk full: no half-written file left behind)
        tmp.unlink(missing_ok=True)
        raise
    try:
        with transaction.atomic():
            doc = Document(town=app.town, application=app, kind=kind, original_name=Path(filename).name[:255],
                           storage_name=storage_name, content_type=sniffed, size=len(content),
                           sha256=hashlib.sha256(content).hexdigest(), uploaded_by=by)
            save_with_history(doc, by=by, reason=said.ATTACHED(kind=kind))
            stored_files.written(path)  # deleted if a transaction around this one is rolled back (D-12)
    except BaseException:
        path.unlink(missing_ok=True)
        stored_files.forget(path)
        raise
    return doc


def read_document(by: Any, document: Document) -> bytes:
    """The bytes of an attachment, for a user who may see its application; `ValidationFailed` (field
    ``document``) when the stored file no longer matches its checksum."""
    if not can_view(by, document.application):
        raise NotFound("document", document.pk, document.town)
    data = (documents_dir() / document.storage_name).read_bytes()
    if hashlib.sha256(data).hexdigest() != document.sha256:
        raise ValidationFailed("document", _("the stored file of %(document)s does not match its SHA-256")
                               % {"document": document})
    return data
