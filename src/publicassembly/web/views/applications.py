"""Permit applications (Carmel ch. 31): the applicant's guided petition, drafts, documents, submission,
amendment and withdrawal; the Clerk's and Board's queue, hearing calendar, application page and actions.

Every change is one call of `publicassembly.permits.services`; which actions are offered follows the
application's state machine and the user's roles in the town; the services check both again. Every form
changing an application sends the version the page showed (``expected_version``; without it the form is refused,
422). A refusal is shown beside the field it names (`ValidationFailed`, 422) or above the form; a conflict is 409,
as the API answers it (`Blocked`, `InvalidTransition`, `StaleUpdate`: `web.views.errors.conflict`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Case, Exists, F, OuterRef, Value, When
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from publicassembly.law import jurisdictions, units
from publicassembly.law.errors import UnknownJurisdiction
from publicassembly.permits import services as sv
from publicassembly.permits.documents import BLDS_ROLES, bond_settled
from publicassembly.permits.models import (
    AWAITING_DECISION,
    PERMIT_MACHINE,
    UNDER_REVIEW,
    Agency,
    Bond,
    Document,
    PermitApplication,
    State,
)
from publicassembly.web import present, records
from publicassembly.web.forms import application as af
from publicassembly.web.forms.widgets import given_twice, query_refused, raw_query
from publicassembly.web.towns import town_for
from publicassembly.web.views.errors import (
    FORM_METHODS,
    absent_before_login,
    conflict,
    is_conflict,
    methods,
    posted_version,
    read_only,
    refusal,
    refusal_detail,
)
from publicassembly.workflow.access import require_role, roles_of
from publicassembly.workflow.errors import NotAllowed, ValidationFailed, WorkflowError

APPLICANT, CLERK, BOARD, HEALTH, INSPECTOR = sv.APPLICANT, sv.CLERK, sv.BOARD, sv.HEALTH, sv.INSPECTOR
OFFICIALS = set(sv.OFFICIALS)


@dataclass(frozen=True)
class Action:
    """An action offered on the application page: its label, form, the roles that may take it, the states it
    is offered in, and the service call."""

    name: str
    label: Any
    form: type[forms.Form]
    roles: tuple[str, ...]
    states: tuple[str, ...]
    call: Any
    documents: bool = False
    danger: bool = False
    #: What the service refuses of the values its form took, when the form refused others (`services.*_refusals`:
    #: (user, app, values) → [(field, message)]), so that every bad value is told at once (P-30); None: the service
    #: is asked once the form takes every value.
    refusals: Any = None


def _ev(form: forms.Form) -> dict[str, Any]:
    return {k: v for k, v in form.cleaned_data.items() if k != "reason"} | (
        {"reason": form.cleaned_data["reason"]} if form.cleaned_data.get("reason") else {})


def _approval_given(values: dict[str, Any]) -> dict[str, Any]:
    """The values the Board's approval form took, as `services.approve_refusals` takes them: the conditions one per
    line as a list, a bond or limit left empty not given (P-33)."""
    out = {k: v for k, v in values.items() if k not in ("conditions", "bond_amount", "bodily_injury_limit")
           or v not in (None, "")}
    if "conditions" in values:
        out["conditions"] = af._lines(values["conditions"])
    return out


def _machine(action: str) -> tuple[str, ...]:
    return tuple(str(s) for s in PERMIT_MACHINE.transitions[action].sources)


ACTIONS: dict[str, Action] = {a.name: a for a in [
    Action("submit", gettext_lazy("Submit the verified petition"), af.SubmitForm, (APPLICANT,), _machine("submit"),
           lambda u, app, d, ev: sv.submit(u, app, expected_version=ev, **d)),
    Action("withdraw", gettext_lazy("Withdraw the application"), af.EmptyForm, (APPLICANT,), _machine("withdraw"),
           lambda u, app, d, ev: sv.withdraw(u, app, expected_version=ev, **d), danger=True),
    Action("accept", gettext_lazy("Accept the petition as complete"), af.EmptyForm, (CLERK,), _machine("accept"),
           lambda u, app, d, ev: sv.accept(u, app, expected_version=ev, **d)),
    Action("mark_incomplete", gettext_lazy("Return as incomplete"), af.MarkIncompleteForm, (CLERK,),
           _machine("mark_incomplete"),
           lambda u, app, d, ev: sv.mark_incomplete(u, app, expected_version=ev, reason=d.get("reason"),
                                                    missing_items=af._lines(d.get("missing_items", "")))),
    Action("schedule_hearing", gettext_lazy("Schedule the public hearing"), af.ScheduleHearingForm, (CLERK,),
           _machine("schedule_hearing"), lambda u, app, d, ev: sv.schedule_hearing(u, app, expected_version=ev, **d),
           refusals=sv.hearing_refusals),
    Action("record_notice_published", gettext_lazy("Record the notice's publication"), af.NoticePublishedForm,
           (CLERK,), _machine("record_notice_published"),
           lambda u, app, d, ev: sv.record_notice_published(u, app, expected_version=ev, **d)),
    Action("record_hearing_held", gettext_lazy("Record the hearing as held"), af.HearingHeldForm, (CLERK,),
           _machine("record_hearing_held"),
           lambda u, app, d, ev: sv.record_hearing_held(u, app, expected_version=ev, **d)),
    Action("reschedule_hearing", gettext_lazy("Reschedule the public hearing"), af.RescheduleHearingForm, (CLERK,),
           _machine("reschedule_hearing"),
           lambda u, app, d, ev: sv.reschedule_hearing(u, app, expected_version=ev, **d)),
    Action("approve", gettext_lazy("Approve with conditions"), af.ApproveForm, (BOARD,), _machine("approve"),
           lambda u, app, d, ev: sv.approve(u, app, expected_version=ev, reason=d.get("reason"),
                                            conditions=af._lines(d.get("conditions", "")),
                                            decided_on=d.get("decided_on"), bond_amount=d.get("bond_amount"),
                                            bodily_injury_limit=d.get("bodily_injury_limit")),
           refusals=lambda u, app, d: sv.approve_refusals(u, app, _approval_given(d))),
    Action("refuse_exemption", gettext_lazy("Do not accept the exemption claimed (exemptions ¶¶ A-D)"),
           af.RefuseExemptionForm, (BOARD,), tuple(str(s) for s in sv.EXEMPTION_STATES),
           lambda u, app, d, ev: sv.refuse_exemption(u, app, expected_version=ev, **d), danger=True),
    Action("deny", gettext_lazy("Deny, with reasons"), af.DenyForm, (BOARD,), _machine("deny"),
           lambda u, app, d, ev: sv.deny(u, app, expected_version=ev, **d), danger=True,
           refusals=sv.deny_refusals),
    Action("record_approval", gettext_lazy("Record a written approval (¶ C)"), af.ApprovalForm, (HEALTH, BOARD),
           tuple(UNDER_REVIEW), lambda u, app, d, ev: sv.record_approval(u, app, expected_version=ev, **d), documents=True,
           refusals=sv.approval_refusals),
    Action("record_authorization", gettext_lazy("Record an authorization to inspect (¶ D)"), af.AuthorizationForm,
           (CLERK,), tuple(UNDER_REVIEW), lambda u, app, d, ev: sv.record_authorization(u, app, expected_version=ev, **d),
           documents=True, refusals=sv.authorization_refusals),
    Action("record_insurance", gettext_lazy("Record the insurance certificate (¶ E)"), af.InsuranceForm, (CLERK,),
           tuple(UNDER_REVIEW), lambda u, app, d, ev: sv.record_insurance(u, app, expected_version=ev, **d), documents=True,
           refusals=sv.insurance_refusals),
    Action("post_bond", gettext_lazy("Record the bond posted (¶ F)"), af.BondForm, (CLERK,), tuple(UNDER_REVIEW),
           lambda u, app, d, ev: sv.post_bond(u, app, expected_version=ev, **d), refusals=sv.bond_refusals),
    Action("record_fee_payment", gettext_lazy("Record the filing fee paid"), af.FeeForm, (CLERK,), tuple(UNDER_REVIEW),
           lambda u, app, d, ev: sv.record_fee_payment(u, app, expected_version=ev, **d),
           refusals=sv.fee_payment_refusals),
    Action("issue", gettext_lazy("Issue the permit"), af.EmptyForm, (CLERK,), _machine("issue"),
           lambda u, app, d, ev: sv.issue(u, app, expected_version=ev, **d)),
    Action("revoke", gettext_lazy("Revoke the permit (¶ G)"), af.RevokeForm, (BOARD,), _machine("revoke"),
           lambda u, app, d, ev: sv.revoke(u, app, expected_version=ev, **d), danger=True,
           refusals=sv.revoke_refusals),
    Action("record_assembly_held", gettext_lazy("Record the assembly as held"), af.AssemblyHeldForm, (CLERK,),
           _machine("record_assembly_held"),
           lambda u, app, d, ev: sv.record_assembly_held(u, app, expected_version=ev, **d)),
    Action("record_cleanup_inspection", gettext_lazy("Record the cleanup inspection (¶ F)"), af.CleanupForm,
           (CLERK, INSPECTOR), _machine("record_cleanup_inspection"),
           lambda u, app, d, ev: sv.record_cleanup_inspection(u, app, expected_version=ev, **d)),
    # (the Board's act on the bond, with its day: every refusal beside its field, P-38)
    Action("release_bond", gettext_lazy("Release the bond"), af.ReleaseBondForm, (BOARD,), _machine("release_bond"),
           lambda u, app, d, ev: sv.release_bond(u, app, expected_version=ev, **d),
           refusals=sv.release_bond_refusals),
    Action("forfeit_bond", gettext_lazy("Forfeit the bond"), af.ForfeitForm, (BOARD,), _machine("forfeit_bond"),
           lambda u, app, d, ev: sv.forfeit_bond(u, app, expected_version=ev, **d), danger=True,
           refusals=sv.forfeit_bond_refusals),
    # (the bond of a revoked permit, with the Board's reason: P-32)
    Action("release_revoked_bond", gettext_lazy("Release the bond"), af.RevokedReleaseForm, (BOARD,),
           _machine("release_revoked_bond"), lambda u, app, d, ev: sv.release_bond(u, app, expected_version=ev, **d),
           refusals=sv.release_bond_refusals),
    Action("forfeit_revoked_bond", gettext_lazy("Forfeit the bond"), af.RevokedForfeitForm, (BOARD,),
           _machine("forfeit_revoked_bond"), lambda u, app, d, ev: sv.forfeit_bond(u, app, expected_version=ev, **d),
           danger=True, refusals=sv.forfeit_bond_refusals),
    # (the bond posted on an application that ended without a permit, with the Board's reason: P-36)
    Action("release_unissued_bond", gettext_lazy("Release the bond"), af.UnissuedBondForm, (BOARD,),
           _machine("release_unissued_bond"), lambda u, app, d, ev: sv.release_bond(u, app, expected_version=ev, **d),
           refusals=sv.release_bond_refusals),
    Action("close", gettext_lazy("Close the case"), af.EmptyForm, (CLERK,), _machine("close"),
           lambda u, app, d, ev: sv.close(u, app, expected_version=ev, **d)),
]}


def _offered(user: Any, app: PermitApplication, roles: set[str]) -> list[Action]:
    out = []
    for a in ACTIONS.values():
        if app.state not in a.states or not roles & set(a.roles):
            continue
        if a.roles == (APPLICANT,) and app.applicant_id != user.pk:
            continue
        if not sv.available(app, a.name):
            continue  # (closed only once the assembly is over, accepted only before: P-11)
        out.append(a)
    return out


def _make_form(action: Action, app: PermitApplication, data: Any = None, roles: set[str] | None = None
               ) -> forms.Form:
    if action.documents:
        form = action.form(data, documents=Document.objects.for_town(app.town).filter(application=app),
                           prefix=action.name)
    elif issubclass(action.form, af.HearingNoticeForm):  # ¶ B's days of notice as the Town's parameters say
        form = action.form(data, prefix=action.name, notice_days=sv.hearing_notice_days(app.town))
    else:
        form = action.form(data, prefix=action.name)
    if isinstance(form, af.RescheduleHearingForm):
        form.prefill(app)
    if action.name == "record_approval" and roles is not None:
        # only the bodies the user records for: a Board member is not offered the Health Department's approval
        mine = {agency for agency, role in sv.APPROVER.items() if role in roles}
        form.fields["agency"].choices = [(v, label) for v, label in Agency.choices if v in mine]
    if action.name == "record_authorization":
        form.name_properties((app.facts or {}).get("properties") or [])
    return form


def no_permits_before_login(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Decorator of every permit page of a town (its address's ``town``), outermost — before the login
    requirement: a town whose law has no permit process (Mount Pleasant ch. 164;
    `permits.services.runs_permits`) answers 404 with its one sentence (`NoPermits`) to anyone, signed in or
    not, rather than sending a visitor to the sign-in page for a page that does not exist. The view carries
    ``absent_in_town`` (`no_permits_in`), so that the 404 is also answered before the 405 of a method the page
    does not take and before the CSRF check (`web.middleware.MethodNotAllowedMiddleware`): GET, POST, PUT or
    DELETE alike (interpretation W-23). Asked of the jurisdiction registry (no database query for a town that
    runs permits); an unknown town is left to the view."""
    return absent_before_login(no_permits_in)(view)


def no_permits_in(town: str) -> None:
    """Raise `NoPermits` (404 saying why) when the town of the address `town` runs no permit process, so that
    none of its permit pages exists; nothing for a town that runs one, nor for an unknown town (its view answers
    it). Called by `no_permits_before_login` and, before any method is judged, by
    `web.middleware.MethodNotAllowedMiddleware` (interpretation W-23)."""
    try:
        issues = jurisdictions.get(town).issues_permits
    except UnknownJurisdiction:
        return  # (the view answers it)
    if not issues:
        _permit_town(town)  # raises NoPermits


def _permit_town(town: str) -> Any:
    """The Town of the page's address, which must run permits (`permits.services.runs_permits`): a town whose law
    has no permit process (Mount Pleasant ch. 164) has no permit pages — `NoPermits`, 404 saying so, for a GET or
    a POST alike, before anything is read or stored."""
    t = town_for(town)
    sv.require_permits(t)
    return t


# --- Applicant ---------------------------------------------------------------------------------------------


@no_permits_before_login
@read_only
@login_required
def applicant_home(request: HttpRequest, town: str) -> HttpResponse:
    t = _permit_town(town)
    require_role(request.user, t, APPLICANT)
    apps = [a for a in sv.list_applications(request.user, t) if a.applicant_id == request.user.pk]
    return render(request, "web/applications/applicant_home.html",
                  {"title": _("My applications"), "town": t, "apps": apps})


def _petition_page(request: HttpRequest, t: Any, form: af.PetitionForm, properties: af.PropertyFormSet,
                   app: PermitApplication | None, status: int = 200, version: Any = None) -> HttpResponse:
    title = _("New application for a public assembly permit") if app is None else _("Edit application %(n)s") % {
        "n": app.pk}
    return render(request, "web/applications/petition.html",
                  {"title": title, "town": t, "form": form, "properties": properties, "app": app,
                   "version": version if version is not None else (app.version if app else None)}, status=status)


#: Facts of the petition whose form field is not named by the fact's last part.
_FIELD_OF_FACT = {"dates.first_day": "first_day", "dates.last_day": "last_day", "dates": "last_day",
                  "applicant.name": "applicant_name", "applicant.age": "applicant_age",
                  "applicant.agent.name": "agent_name", "applicant.agent.address": "agent_address",
                  "properties[0].address": "property_address", "petition.max_noise_decibels": "max_noise_decibels",
                  "properties[0].max_persons_at_one_time": "property_persons",
                  "petition.food.preparation_and_distribution": "food_preparation",
                  "petition.food.refuse_disposal": "food_refuse",
                  "petition.fire_protection.precautions": "fire_precautions",
                  "petition.security.number": "security_number",
                  "petition.emergency_medical_facilities": "emergency_medical",
                  **{path: name for name, (path, _kind) in af.ONE_FACT.items()}}
#: Facts entered one per line in a text area (¶ B(1) directors and officers, ¶ B(6) sound equipment): the line's
#: number and the part of the line (``applicant.directors_and_officers[2].address`` → line 3, address).
_FACT_ON_A_LINE = re.compile(r"(applicant\.directors_and_officers|petition\.sound_equipment)\[(\d+)\](?:\.(\w+))?")
_LINE_FIELDS = {"applicant.directors_and_officers": "officers", "petition.sound_equipment": "sound_equipment"}
_LINE_PARTS = {"name": gettext_lazy("name"), "address": gettext_lazy("address"), "type": gettext_lazy("type"),
               "number": gettext_lazy("number"), "location": gettext_lazy("location")}
#: A fact of a property (``properties[1].record_owner``): a further property's is shown in its own form.
_PROPERTY_FACT = re.compile(r"properties\[(\d+)\]\.(\w+)")
#: The most refusals shown beside one field; the rest are counted.
_MOST_PER_FIELD = 5


def _form_field(fact: str) -> tuple[str, str]:
    """The form field of a refused fact (``dates.last_day`` → ``last_day``) and, for a fact entered on a line of
    a text area, the words naming the line ("Line 3, address: ", as the form's own refusals of a line), else ""."""
    line = _FACT_ON_A_LINE.fullmatch(fact)
    if line is not None:
        part = line.group(3)
        where = (_("Line %(n)d, %(part)s: ") % {"n": int(line.group(2)) + 1, "part": _LINE_PARTS.get(part, part)}
                 if part else _("Line %(n)d: ") % {"n": int(line.group(2)) + 1})
        return _LINE_FIELDS[line.group(1)], where
    return _FIELD_OF_FACT.get(fact, fact.split(".")[-1]), ""


def fact_refusal(e: ValidationFailed) -> str:
    """A service's refusal as the application page shows it above an action's form: one naming a fact of the
    petition that the form does not ask (submitting a petition for 500 persons or fewer at one time,
    ``facts.max_persons_at_one_time``, interpretation P-16) names it by the petition form's label of that fact,
    in the page's language ("Most persons at one time: …"), as the petition form names a field it refuses — not
    by the API's path of the fact; one naming the petition as a whole (``facts``: items missing, P-5) says its own
    sentence, which names the items (its first letter a capital). Any other refusal as `refusal` words it."""
    if e.field == "facts":
        return capfirst(refusal_detail(e))
    if e.field.startswith("facts."):
        name, where = _form_field(e.field.removeprefix("facts."))
        field = af.PetitionForm.base_fields.get(name)
        if field is not None:
            return f"{field.label}: {where}{refusal_detail(e)}"
    return refusal(e)


def _field_of(fact: str, form: forms.Form, properties: af.PropertyFormSet | None = None,
              forms_of: list[int | None] | None = None) -> tuple[int | None, str, str] | None:
    """Where a refused fact (``facts.dates.last_day``) is shown: ``(index, field, where)`` — the number of a further
    property's form in `properties` (None: the petition form), the field's name in it, and the words naming a
    line of a text area ("Line 3, address: ", else "") — or None for a fact the form does not ask."""
    path = fact.removeprefix("facts.")
    of_a_property = _PROPERTY_FACT.fullmatch(path)
    if of_a_property is not None and properties is not None and forms_of is not None:
        k, name = int(of_a_property.group(1)), of_a_property.group(2)
        index = forms_of[k] if k < len(forms_of) else None
        if index is not None and name in properties.forms[index].fields:
            return index, name, ""
    name, where = _form_field(path)
    return (None, name, where) if name in form.fields else None


#: The parts of a fact's path: ``properties[1].address`` → ``properties``, ``[1]``, ``address``.
_PATH_PART = re.compile(r"[^.\[\]]+|\[\d+\]")


def _given(facts: Any, fact: str) -> bool:
    """Whether `facts` hold a value at `fact` (``facts.properties[1].address``): a value given and refused, not
    one left out."""
    value = facts
    for part in _PATH_PART.findall(fact.removeprefix("facts.")):
        if part.startswith("["):
            i = int(part[1:-1])
            if not isinstance(value, list) or i >= len(value):
                return False
            value = value[i]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            return False
    return True


def _answers_taken_checked(form: af.PetitionForm, properties: af.PropertyFormSet) -> None:
    """A petition the form refused (a bad number, a choice not offered, …) is not sent to the services, which
    check what the form does not (a text too long, a character the documents cannot print, a date out of the
    years counted): the answers the form took are checked by them too, each of their refusals shown beside its
    field as when the form takes every answer, so that every bad answer is told at once, as the API tells them.
    Only a refusal of an answer given (not of one left out: the form's refused answers are
    left out of the facts) and beside a field the form has not refused already; the rest is told once the form
    takes every answer."""
    if not hasattr(form, "cleaned_data"):
        return
    forms_of, further = _properties_of(form, properties, taken=True)
    try:
        facts = form.to_facts(further)
    except (KeyError, TypeError, ValueError, AttributeError):  # (answers the form could not put together)
        return
    try:
        sv.validate_facts(facts)
    except ValidationFailed as e:
        told = []
        for fact, message in e.errors:
            target = _field_of(fact, form, properties, forms_of)
            if target is None or not _given(facts, fact):
                continue
            index, name, _where = target
            shown = form if index is None else properties.forms[index]
            if name not in shown.errors:
                told.append((fact, message))
        if told:
            _field_error(form, ValidationFailed.of_all(told), properties, forms_of)


def _field_error(form: forms.Form, e: ValidationFailed, properties: af.PropertyFormSet | None = None,
                 forms_of: list[int | None] | None = None) -> None:
    """Put each of a service's complaints beside the form field it names (``facts.dates.last_day`` → ``last_day``;
    a line of a text area is named by its number; a further property's fact, ``facts.properties[2].address``,
    beside its field in that property's form: `forms_of` holds, for each property of the facts, the number of
    its form in `properties`, or None for the petition form's first property — `_properties_of`), at most
    `_MOST_PER_FIELD` per field; a complaint of a fact the form does not ask goes above the form, naming the
    fact."""
    beside: dict[tuple[int | None, str], list[str]] = {}
    above: list[tuple[str, str]] = []
    for fact, message in e.errors:
        target = _field_of(fact, form, properties, forms_of)
        if target is None:
            above.append((fact, message))
            continue
        index, name, where = target
        beside.setdefault((index, name), []).append(where + str(present.tr(message)))
    for (index, name), said in beside.items():
        target = form if index is None or properties is None else properties.forms[index]
        more = len(said) - _MOST_PER_FIELD
        for text in said[:_MOST_PER_FIELD]:
            target.add_error(name, text)
        if more > 0:
            target.add_error(name, ngettext("and %(n)d more error in this field",
                                            "and %(n)d more errors in this field", more) % {"n": more})
    if above:
        form.add_error(None, refusal(ValidationFailed.of_all(above)))


def _petition_forms(request: HttpRequest, app: PermitApplication | None
                    ) -> tuple[af.PetitionForm, af.PropertyFormSet, bool]:
    """The petition form and the further properties' forms: bound to what was posted; unbound from the stored
    facts (`app`, when editing) for a GET. "Add another property" (``add_property``) shows the answers posted
    again, unchecked, with one empty property form more (True: nothing is saved); with `MAX_PROPERTIES` already,
    none more, and the page says the limit."""
    facts = app.facts if app is not None else {}
    if request.method != "POST":
        return _removal_offered(
            af.PetitionForm(initial=af.initial_from_facts(facts) if app is not None else None),
            af.PropertyFormSet(initial=af.further_properties(facts), prefix="property"), False)
    form = af.PetitionForm(request.POST, initial=af.initial_from_facts(facts) if app is not None else None)
    properties = af.PropertyFormSet(request.POST, initial=af.further_properties(facts), prefix="property")
    if "add_property" not in request.POST or properties.repeated_management_fields():
        return _removal_offered(form, properties, False)
    answers = {name: form[name].value() for name in form.fields}
    rows = [{name: f[name].value() for name in f.fields if name != "DELETE"}
            for f in properties.forms[:af.MAX_PROPERTIES] if not f["DELETE"].value()]
    if len(rows) >= af.MAX_PROPERTIES:  # no form more can be shown: say why, rather than add nothing unsaid
        messages.warning(request, _("At most %(num)d further properties at once.") % {"num": af.MAX_PROPERTIES})
    return _removal_offered(af.PetitionForm(initial=answers), af.PropertyFormSet(initial=rows, prefix="property"),
                            True)


def _removal_offered(form: af.PetitionForm, properties: af.PropertyFormSet, adding: bool
                     ) -> tuple[af.PetitionForm, af.PropertyFormSet, bool]:
    """The forms, the first property's "Remove this property" box offered only beside another property."""
    form.offer_removal(properties)
    return form, properties, adding


@no_permits_before_login
@methods(*FORM_METHODS)
@login_required
def application_new(request: HttpRequest, town: str) -> HttpResponse:
    t = _permit_town(town)
    require_role(request.user, t, APPLICANT)
    form, properties, adding = _petition_forms(request, None)
    if request.method == "POST" and not adding and not _valid(form, properties):
        _answers_taken_checked(form, properties)
    elif request.method == "POST" and not adding:
        forms_of, further = _properties_of(form, properties)
        try:
            app, created = sv.create_draft_once(request.user, t, form.to_facts(further))
        except ValidationFailed as e:
            _field_error(form, e, properties, forms_of)
        else:
            if created:
                messages.success(request, _("Saved as a draft. Upload the maps and plans, then submit."))
            else:  # the same petition sent again (a double click): the draft already saved, not a second one
                messages.info(request, _("This petition is already saved as draft %(id)s: here it is. Upload the "
                                         "maps and plans, then submit.") % {"id": app.pk})
            return redirect("web:application", town=town, pk=app.pk)
    return _petition_page(request, t, form, properties, None, status=_status(request, adding, form, properties))


def _valid(form: af.PetitionForm, properties: af.PropertyFormSet) -> bool:
    """Both forms valid (both checked, so both show their errors), and a property kept (¶ B(2))."""
    if not all([form.is_valid(), properties.is_valid()]):
        return False
    return form.keeps_a_property(_properties_of(form, properties)[1])


def _properties_of(form: af.PetitionForm, properties: af.PropertyFormSet, taken: bool = False
                   ) -> tuple[list[int | None], list[dict[str, Any]]]:
    """For each property of the facts, the number of its form in `properties` (None: the petition form's first
    property, unless it is removed); and the further properties given (`taken`: with the answers taken by a
    form that refused others, `PropertyFormSet.properties`)."""
    given = properties.properties(taken)
    first: list[int | None] = [] if form.removes_first_property() else [None]
    return first + [i for i, _p in given], [p for _i, p in given]


def _status(request: HttpRequest, adding: bool, form: af.PetitionForm, properties: af.PropertyFormSet) -> int:
    """422 for a petition posted and refused (the form shown again with its errors), else 200."""
    if request.method != "POST" or adding:
        return 200
    refused = form.errors or properties.non_form_errors() or any(f.errors for f in properties.forms)
    return 422 if refused else 200


@no_permits_before_login
@methods(*FORM_METHODS)
@login_required
def application_edit(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    """Edit a draft (update_draft) or amend an incomplete application (amend)."""
    t = town_for(town)
    app = sv.get_application(request.user, t, pk)
    if app.applicant_id != request.user.pk:
        raise NotAllowed(_("only the applicant may change the petition"))
    if app.state not in (State.DRAFT, State.INCOMPLETE):
        messages.error(request, _("The petition can be changed only while it is a draft or returned as "
                                  "incomplete; it is %(s)s.") % {"s": app.get_state_display()})
        return redirect("web:application", town=town, pk=pk)
    form, properties, adding = _petition_forms(request, app)
    status = None
    if request.method == "POST" and not adding:
        try:
            version = _version(request)
        except ValidationFailed as e:  # no version (a page kept from before, a hand-made request): not saved
            form.add_error(None, refusal(e))
            version = None
        if version is not None and not _valid(form, properties):
            _answers_taken_checked(form, properties)
        elif version is not None:
            forms_of, further = _properties_of(form, properties)
            # a fact the form does not ask (given through the API) is kept, never dropped by saving the form
            facts = af.merge_facts(app.facts, form.to_facts(further))
            try:
                if app.state == State.INCOMPLETE and "amend" in request.POST:
                    sv.amend(request.user, app, facts, expected_version=version)
                    messages.success(request, _("The amended petition was sent to the Town Clerk."))
                else:
                    sv.update_draft(request.user, app, facts, expected_version=version)
                    messages.success(request, _("Saved."))
            except ValidationFailed as e:
                _field_error(form, e, properties, forms_of)
            except NotAllowed:
                raise  # a 403 page saying who may do it, not a form error
            except WorkflowError as e:  # changed since the page was opened (StaleUpdate): 409, as the API
                app.refresh_from_db()
                status = 409 if is_conflict(e) else None
                for line in conflict(e, state=app.get_state_display(), shown=False,
                                     offered=app.state in (State.DRAFT, State.INCOMPLETE)):
                    form.add_error(None, line)
            else:
                return redirect("web:application", town=town, pk=pk)
    return _petition_page(request, t, form, properties, app,
                          status=status or _status(request, adding, form, properties),
                          version=request.POST.get("expected_version") if adding else None)


def _version(request: HttpRequest) -> int | None:
    return posted_version(request)


# --- The application page ------------------------------------------------------------------------------------


#: What the application page says of a deadline the record shows done (`services.deadline_done_on`, P-27): in
#: time ("met: …") or after its last day.
_DEADLINE_DONE = {
    "application_due": (gettext_lazy("met: the petition was submitted on %(day)s"),
                        gettext_lazy("the petition was submitted on %(day)s, after this last day")),
    "hearing_notice_due": (gettext_lazy("met: the notice was published on %(day)s"),
                           gettext_lazy("the notice was published on %(day)s, after this last day")),
    "decision_due": (gettext_lazy("met: the Town Board decided on %(day)s"),
                     gettext_lazy("the Town Board decided on %(day)s, after this last day")),
    "cleanup_due": (gettext_lazy("met: the waste was completely removed on %(day)s"),
                    gettext_lazy("the waste was completely removed on %(day)s, after this last day")),
}


def _detail_context(request: HttpRequest, t: Any, app: PermitApplication,
                    bound: dict[str, forms.Form] | None = None) -> dict[str, Any]:
    roles = roles_of(request.user, t)
    problem = sv.facts_problem(app)
    ctx = present.context(sv.determination(app)) if problem is None else {}
    for x in ctx.get("deadlines", []):  # (a deadline the record shows done: done, not "passed"; as its calendar, P-27)
        done_on = sv.deadline_done_on(app, x["name"])
        if done_on is not None and x["name"] in _DEADLINE_DONE:
            late = done_on > x["date"]  # (the law's last day, not the business day before a closed one: GCL § 20)
            met, after = _DEADLINE_DONE[x["name"]]
            x["done"] = str(after if late else met) % {"day": done_on.isoformat()}
            x["late"] = late
    actions = []
    for a in _offered(request.user, app, roles):
        form = (bound or {}).get(a.name) or _make_form(a, app, roles=roles)
        actions.append({"action": a, "form": form, "open": bool(bound and a.name in bound)})
    offered = {x["action"].name for x in actions}
    refused = [str(e) for name, f in (bound or {}).items() if name not in offered
               for errs in f.errors.values() for e in errs]
    blockers = sv.issuance_blockers(app) if app.state == State.APPROVED and problem is None else []
    can_edit = app.applicant_id == request.user.pk and app.state in (State.DRAFT, State.INCOMPLETE)
    return {
        **ctx, "title": _("Application %(n)s: %(e)s") % {"n": app.pk, "e": records.event_name(app)},
        "town": t, "app": app, "actions": actions, "blockers": blockers, "refused": refused,
        "timeline": sv.application_timeline(app),
        "documents": app.documents.all().order_by("uploaded_at"),
        "approvals": _approvals(app),
        "bond_settled": bond_settled(app),  # (released or forfeited: the day and the Board's reason, P-35, P-36)
        "bonds": app.bonds.order_by("posted_on", "id"),  # (¶ F: the law core counts their sum; a duplicate shows)
        "fee_payments": sv.fee_payments(app),  # (the fee paid is their sum: a duplicate shows, with who recorded it)
        "upload": af.UploadForm(max_bytes=settings.PUBLICASSEMBLY_MAX_DOCUMENT_BYTES),
        "can_upload": app.state not in sv.NO_MORE_FILING,
        "is_applicant": app.applicant_id == request.user.pk, "is_official": bool(roles & OFFICIALS),
        "overdue": problem is None and sv.decision_overdue(app), "can_edit": can_edit,
        "hearing_late": (None if problem is not None or (due := sv.hearing_after_decision_due(app)) is None
                         else hearing_late_text(app, due)),
        "facts_problem": None if problem is None else present.correction_note(problem),
        "ran_past": ran_past_text(app),
        "hearing_held_when": hearing_held_when(app) if CLERK in roles else None,
    }


def _approvals(app: PermitApplication) -> list[Any]:
    """The written approvals of ¶ C recorded, each with ``counts``: whether it was given for the facility and
    the persons the petition states now (interpretation P-21)."""
    out = list(app.approvals.select_related("reviewer").order_by("condition", "agency"))
    for a in out:
        a.counts = sv.approval_counts(app, a)
    return out


def hearing_held_when(app: PermitApplication, now: Any = None) -> str | None:
    """For the Clerk, while the public hearing is set and cannot be recorded as held yet, from when it can: once
    the publication of its notice is recorded (¶ B, G-10), and from its day — on its day, from the hour it was set
    for, the Town's time (`services.hearing_begun`, interpretations P-25, P-37); None when it can be now, or in
    another state. `now` (an aware datetime) defaults to the Town's clock."""
    if app.state != State.HEARING_SCHEDULED or app.hearing_on is None or sv.available(app, "record_hearing_held",
                                                                                       now=now):
        return None
    if app.notice_published_on is None:
        return _("The hearing can be recorded as held once the publication of its notice is recorded (¶ B).")
    if app.hearing_time is None:
        return _("The hearing can be recorded as held from %(day)s, the day it is set for.") % {
            "day": app.hearing_on.isoformat()}
    return _("The hearing can be recorded as held from %(day)s at %(time)s (the Town's time), when it is set to "
             "begin.") % {"day": app.hearing_on.isoformat(), "time": app.hearing_time.strftime("%H:%M")}


def ran_past_text(app: PermitApplication) -> str | None:
    """The warning that the assembly's end recorded is after the permit's last day (interpretation P-23: the days
    after it were an assembly without a permit, ¶ A), or None: the application page's, and a row's of the
    Clerk's queue (read from the application's own row, no query)."""
    last = sv.ended_after_permit(app)
    if last is None:
        return None
    return _("ended after the permit's last day (%(d)s): the days after it had no permit (¶ A)") % {
        "d": last.isoformat()}


@no_permits_before_login
@read_only
@login_required
def application_detail(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    t = town_for(town)
    app = sv.get_application(request.user, t, pk)
    return render(request, "web/applications/detail.html", _detail_context(request, t, app))


#: A refusal of one item of a list the form asks one per line (``conditions[1]``: the second condition).
_ITEM = re.compile(r"(\w+)\[(\d+)\]")


def _line_of(form: forms.Form, name: str, i: int) -> int | None:
    """The number of the line (1, 2, …) of the text `name` as sent that holds the list's item `i`, blank lines not
    being items (`af._lines`); None when there is no such line (or no such field)."""
    lines = [n for n, line in enumerate(str(form.data.get(form.add_prefix(name)) or "").splitlines(), 1)
             if line.strip()]
    return lines[i] if i < len(lines) else None


def _refusals_beside(form: forms.Form, errors: Sequence[tuple[str, Any]]) -> None:
    """Put each of a service's refusals (field, message) beside the form's field it names, but for a field the
    form has refused itself (its own refusal says what to change first) — an item of a list asked one per line
    (``conditions[1]``) beside its text area, naming its line ("Line 3: "); one naming no field of the form (a
    fact of the petition, which the petition's edit page shows beside its field) above the form, named."""
    by_the_form = set(form.errors)
    for field, message in errors:
        item = _ITEM.fullmatch(field)
        name, line = (item.group(1), _line_of(form, item.group(1), int(item.group(2)))) if item else (field, None)
        if line is not None and name in form.fields:
            if name not in by_the_form:
                form.add_error(name, _("Line %(n)d: ") % {"n": line} + str(present.tr(message)))
        elif field in form.fields:
            if field not in by_the_form:
                form.add_error(field, str(present.tr(message)))
        else:
            form.add_error(None, fact_refusal(ValidationFailed(field, message)))


@no_permits_before_login
@login_required
@methods("POST")
def application_action(request: HttpRequest, town: str, pk: int, action: str) -> HttpResponse:
    """One action of the application page (`ACTIONS`), on the version of the application the page showed
    (``expected_version``, required: `posted_version`). Refused, the page is shown again with the application as
    it is now and the form as it was sent, its refusal beside the field it names or at the top of the form:
    bad input is **422** (a form sent without the version too); a conflict is **409**, as the API answers it —
    the application changed since the page was opened (`StaleUpdate`: nothing saved, its state now, what was
    entered kept to be sent again), the law does not allow the action yet (`Blocked`: each blocker with its
    citation), or the action is not one of its state (`InvalidTransition`); `NotAllowed` is a 403 page."""
    t = town_for(town)
    app = sv.get_application(request.user, t, pk)
    spec = ACTIONS.get(action)
    if spec is None:
        raise ValidationFailed("action", _("unknown action %(action)s; allowed: %(allowed)s")
                               % {"action": repr(action), "allowed": ", ".join(ACTIONS)})
    require_role(request.user, t, *spec.roles)  # the role before the form: a 403, not form errors
    roles = roles_of(request.user, t)
    form = _make_form(spec, app, request.POST, roles=roles)
    status = 422
    try:
        version = _version(request)
    except ValidationFailed as e:  # no version (a page kept from before, a hand-made request): nothing is done
        form.add_error(None, refusal(e))
    else:
        if not form.is_valid() and spec.refusals is not None:
            # (the values the form took are judged by the service too, each refusal beside its field: P-30)
            _refusals_beside(form, spec.refusals(request.user, app, dict(form.cleaned_data)))
        elif form.is_valid():
            try:
                spec.call(request.user, app, _ev(form), version)
            except ValidationFailed as e:  # every refusal beside its field (P-30)
                _refusals_beside(form, e.errors)
            except NotAllowed:
                raise  # a 403 page saying who may do it, not a form error
            except WorkflowError as e:  # StaleUpdate, Blocked, InvalidTransition: a conflict, as the API's 409
                app.refresh_from_db()
                status = 409 if is_conflict(e) else 422
                offered = spec in _offered(request.user, app, roles)
                for line in conflict(e, state=app.get_state_display(), offered=offered, timeline=True):
                    form.add_error(None, line)
            else:
                messages.success(request, _("Done: %(a)s.") % {"a": spec.label})
                if action in ("schedule_hearing", "reschedule_hearing"):
                    _warn_if_hearing_late(request, app)
                return redirect("web:application", town=town, pk=pk)
    app.refresh_from_db()
    return render(request, "web/applications/detail.html", _detail_context(request, t, app, {action: form}),
                  status=status if form.errors else 200)


@no_permits_before_login
@login_required
@methods("POST")
def document_upload(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    t = town_for(town)
    app = sv.get_application(request.user, t, pk)
    form = af.UploadForm(request.POST, request.FILES, max_bytes=settings.PUBLICASSEMBLY_MAX_DOCUMENT_BYTES)
    if form.is_valid():
        f = form.cleaned_data["file"]
        try:
            sv.attach_document(request.user, app, kind=form.cleaned_data["kind"], filename=f.name,
                               content=f.read(), content_type=f.content_type)
        except ValidationFailed as e:
            if e.field == "state":
                raise  # closed, withdrawn, revoked or denied: the page offers no upload; an error page says why
            form.add_error("file" if e.field in ("file", "content", "content_type") else
                           ("kind" if e.field == "kind" else None), refusal_detail(e))
        else:
            messages.success(request, _("Document uploaded."))
            return redirect(reverse("web:application", kwargs={"town": town, "pk": pk}) + "#documents")
    ctx = _detail_context(request, t, app)
    ctx["upload"] = form
    return render(request, "web/applications/detail.html", ctx, status=422)


@no_permits_before_login
@read_only
@login_required
def document_download(request: HttpRequest, town: str, pk: int, doc: int) -> HttpResponse:
    t = town_for(town)
    app = sv.get_application(request.user, t, pk)
    document = Document.objects.get_in_town(t, pk=doc, application=app)
    data = sv.read_document(request.user, document)
    response = HttpResponse(data, content_type=document.content_type)
    safe = "".join(c for c in document.original_name if c.isalnum() or c in "._- ")[:100] or "document"
    response["Content-Disposition"] = f'attachment; filename="{safe}"'
    response["Cache-Control"] = "private, no-store"
    return response


@no_permits_before_login
@read_only
@login_required
def permit_pdf(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    from publicassembly.documents.pdf import render_permit

    t = town_for(town)
    app = sv.get_application(request.user, t, pk)
    records.require_permit_issued(app)  # (409, its state and what must happen first: not the input's fault)
    response = HttpResponse(render_permit(records.permit_record(app)), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="permit-{app.permit_number}.pdf"'
    return response


# --- Clerk and Board -------------------------------------------------------------------------------------------


#: States in which the hearing notice may still be due (the Clerk's warning "hearing notice due").
_NOTICE_STATES = (State.ACCEPTED, State.SUBMITTED, State.AMENDED)
#: States after which "event soon, no permit issued" no longer applies.
_PAST_ISSUANCE = (State.ISSUED, State.DENIED, State.WITHDRAWN, State.REVOKED, State.CLOSED, State.ASSEMBLY_HELD,
                  State.CLEANUP_INSPECTED, State.BOND_RELEASED, State.BOND_FORFEITED)


def _needs_notice_warning(app: PermitApplication) -> bool:
    return app.state in _NOTICE_STATES or (app.state == State.HEARING_SCHEDULED and app.notice_published_on is None)


def _warn_if_hearing_late(request: HttpRequest, app: PermitApplication) -> None:
    """After the Clerk sets the public hearing: a warning, beside "Done", when it is after the Board's last day
    to act (¶ B, interpretation P-4) — the service takes such a date (the Clerk may have no earlier one) and the
    page says at once that the decision will be late, as well as in the badge beside the hearing."""
    app.refresh_from_db()
    if sv.facts_problem(app) is None and (due := sv.hearing_after_decision_due(app)) is not None:
        messages.warning(request, capfirst(hearing_late_text(app, due)))


def hearing_late_text(app: PermitApplication, due: Any) -> str:
    """The Clerk's warning that the hearing is set after the Board's last day to act `due` (¶ B; P-4)."""
    return _("hearing %(h)s is after the Town Board's last day to act (%(d)s, ¶ B): the decision will be late") % {
        "h": app.hearing_on.isoformat(), "d": due.date.isoformat()}


def warnings_of(app: PermitApplication, today: Any, *, overdue: tuple[bool, Any] | None = None,
                deadlines: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    """The deadline warnings of one application: decision overdue, the hearing set after the Board's last day
    to act (¶ B, interpretation P-4), hearing notice due within 7 days, the event within 14 days before
    issuance. Dates from the law core through the permits service; `overdue` (from
    `decision_overdue_of_many`) and `deadlines` (from `deadlines_of_many`) when already computed for a list."""
    out: list[tuple[str, str]] = []
    late, due = overdue if overdue is not None else (sv.decision_overdue(app, today), sv.ASK)
    if late:
        due = sv.decision_due(app) if due is sv.ASK else due
        out.append(("overdue", _("decision overdue (due %(d)s)") % {"d": due.date.isoformat() if due else "?"}))
    after = sv.hearing_after_decision_due(app, due)
    if after is not None:
        out.append(("warn", hearing_late_text(app, after)))
    if _needs_notice_warning(app):
        notice = (deadlines if deadlines is not None else sv.deadlines(app, today)).get("hearing_notice_due")
        if notice is not None and notice.date < today and app.state == State.HEARING_SCHEDULED:
            # (its last day passed with no publication recorded: 10 days' notice can no longer be given, G-10)
            out.append(("overdue", _("hearing notice not published by its last day (%(d)s): reschedule the "
                                     "hearing") % {"d": notice.date.isoformat()}))
        elif notice is not None and notice.date <= today + timedelta(days=7):
            # the day the Clerk's office must act by while it is to come, then the last day itself (a Sunday:
            # the newspaper may still publish on it), never a day already past
            act_by = notice.act_by if notice.act_by is not None and notice.act_by >= today else notice.date
            out.append(("warn", _("hearing notice due %(d)s") % {"d": act_by.isoformat()}))
    first = ((app.facts or {}).get("dates") or {}).get("first_day")
    if first and app.state not in _PAST_ISSUANCE:
        from datetime import date

        day = date.fromisoformat(first)
        if today <= day <= today + timedelta(days=14):
            out.append(("warn", _("event soon (%(d)s), no permit issued") % {"d": first}))
    return out


def _notice_due(law: sv.ManyApplications, app: PermitApplication, today: Any) -> dict[str, Any]:
    """The one deadline `warnings_of` reads besides the decision's: the hearing notice's (¶ B), when the
    application may still need its notice."""
    due = law.deadline(app, "hearing_notice_due", today) if _needs_notice_warning(app) else None
    return {} if due is None else {"hearing_notice_due": due}


def _row_warnings(law: sv.ManyApplications, app: PermitApplication, today: Any) -> list[tuple[str, str]]:
    """`warnings_of` one row of a list, and the application page's warning of an assembly that ended after the
    permit's last day (`ran_past_text`, interpretation P-23); a record whose facts the law core refuses is marked
    ("facts need correction: <field>: <message>") instead of failing the whole list."""
    ran_past = ran_past_text(app)
    after = [("warn", ran_past)] if ran_past is not None else []
    problem = law.problem(app)
    if problem is not None:
        return [("overdue", present.correction_note(problem)), *after]
    try:
        return warnings_of(app, today, overdue=law.decision_overdue(app, today),
                           deadlines=_notice_due(law, app, today)) + after
    except ValidationFailed as e:
        return [("overdue", present.correction_note(e)), *after]


#: Rows on one page of the Clerk's queue.
QUEUE_PAGE_SIZE = 50


def queue_page_refused(pages: list[str], last: int) -> str | None:
    """What the Clerk's queue tells a ``page`` asked of it (``pages``: every value of ``?page=``), None when
    none is asked or it is empty (page 1, as an empty ``state`` is no filter) or the one asked is one of its
    pages, a whole number from 1 to ``last`` (an empty queue has page 1). Given twice, not a whole number
    (``abc``, ``1.5``, ``-1``) or out of the range,
    it is refused naming ``page`` and the pages there are — Django's ``Paginator.get_page`` showed page 1 or
    the last page instead, as if that were the one asked."""
    if not pages or pages == [""]:
        return None
    if len(pages) > 1:
        return f"page: {given_twice(pages)}"
    raw = pages[0]
    digits = raw.lstrip("0")
    if raw.isascii() and raw.isdigit() and len(digits) <= 18 and 1 <= int(raw) <= last:
        return None
    if last == 1:
        return _("page: the queue has one page, page 1 (got %(value)s).") % {"value": units.given(raw)}
    return _("page: must be a whole number from 1 to %(last)s, the pages of the queue (got %(value)s).") % {
        "last": present.number(last), "value": units.given(raw)}


def queue_states(values: list[str], offered: list[tuple[str, Any]]) -> tuple[list[str], str | None]:
    """The states the Clerk's queue is filtered by (`values`: every value of ``?state=``), as the API's list of
    applications takes them: one state, several separated by commas (``?state=submitted,amended``) — and, as the
    page's list of states sends them, ``state`` repeated (``?state=submitted&state=amended``); each once, in the
    order given. An empty value is no filter (none chosen: every state). Returns the states and None, or, when a
    value is not a state the queue holds (`offered`: a draft is the applicant's until submitted) — a misspelt or
    stale link (``?state=submited``), a state's name instead of its value, an empty one between commas
    (``submitted,``) — no state and the refusal naming each such value and the states allowed."""
    given = [piece.strip() for value in values if value != "" for piece in value.split(",")]
    allowed = dict(offered)
    unknown = list(dict.fromkeys(piece for piece in given if piece not in allowed))
    if not unknown:
        return list(dict.fromkeys(given)), None
    named = ", ".join(f"“{piece[:40]}”" for piece in unknown[:5])
    return [], ngettext(
        "state: %(states)s is not a state of an application in the queue; choose one or more of: %(allowed)s "
        "(several separated by commas, or state given once for each).",
        "state: %(states)s are not states of an application in the queue; choose one or more of: %(allowed)s "
        "(several separated by commas, or state given once for each).", len(unknown)) % {
        "states": named, "allowed": ", ".join(
            # (the value a link gives, with the state's name where it reads otherwise)
            v if str(label) == v else f"{v} ({label})" for v, label in offered)}


@no_permits_before_login
@read_only
@login_required
def clerk_queue(request: HttpRequest, town: str) -> HttpResponse:
    """The Clerk's (and Board's, reviewers') queue, most urgent first, a page of `QUEUE_PAGE_SIZE` at a time.

    Order (in the database): applications awaiting the Board's decision first, oldest submission first — the
    decision due date (¶ B, 30 days after submission, § 25-a) never falls earlier for a later submission, so
    every overdue decision comes before any that is not — then the others still under way (approved, issued,
    held, cleanup inspected, bond released or forfeited, and a finished case whose bond posted still awaits the
    Town Board's release or forfeiture: P-32, P-36), newest first, and last the finished cases (closed,
    withdrawn, revoked, denied: `permits.services.NO_MORE_FILING`), newest first. The database orders
    and pages the ids alone (sorting whole rows, facts included, would carry every application's facts
    through the sort), then loads the page's rows. The warnings of the page's rows come from the law core
    through `permits.services.ManyApplications` (the legal deadlines without a full determination per row): a
    fixed number of SQL queries per page, whatever the number of applications and of states chosen. ``state``
    takes one state or several, as the API's list does (`queue_states`: ``?state=submitted,amended``, or
    ``state`` repeated as the page's list of states sends it). A state the queue does not hold or a ``page`` it
    does not have (`queue_page_refused`), or the page given twice, is 422 told above the table, with no rows;
    so is another parameter, or one not UTF-8 (`query_refused`, W-11)."""
    t = _permit_town(town)
    require_role(request.user, t, *sv.OFFICIALS)
    # the BLDS export's links only to whom may download it (its Clerk, Building Inspector, administrator: D-4)
    exports = bool(roles_of(request.user, t) & set(BLDS_ROLES))
    today = timezone.localdate()
    offered = [(v, label) for v, label in State.choices if v != State.DRAFT]
    refused = query_refused(request.GET, raw_query(request), ("state", "page"), form=True)
    if refused:  # ?sate=submitted: told, not the whole queue shown as if filtered (W-11)
        return render(request, "web/applications/queue.html",
                      {"title": _("Applications"), "town": t, "exports": exports, "rows": [], "chosen": [], "states": offered,
                       "state_error": " ".join(refused)}, status=422)
    chosen, state_error = queue_states(request.GET.getlist("state"), offered)
    if state_error is not None:
        # A misspelt or stale link (?state=submited) is told, not shown as the whole queue as if filtered.
        return render(request, "web/applications/queue.html",
                      {"title": _("Applications"), "town": t, "exports": exports, "rows": [], "chosen": [], "states": offered,
                       "state_error": state_error}, status=422)
    qs = (PermitApplication.objects.for_town(t).exclude(state=State.DRAFT)
          .annotate(awaiting=Case(When(state__in=AWAITING_DECISION, then=Value(0)),
                                  When(Exists(Bond.objects.filter(application=OuterRef("pk"))),
                                       state__in=sv.NO_MORE_FILING, bond_disposition="", then=Value(1)),
                                  When(state__in=sv.NO_MORE_FILING, then=Value(2)), default=Value(1)))
          .order_by("awaiting", F("submitted_on").asc(nulls_last=True), "-pk"))
    if chosen:
        qs = qs.filter(state__in=chosen)
    paginator = Paginator(qs.values_list("pk", flat=True), QUEUE_PAGE_SIZE)
    page_error = queue_page_refused(request.GET.getlist("page"), paginator.num_pages)
    if page_error is not None:  # ?page=abc, ?page=999: told, not page 1 or the last page shown as if asked
        return render(request, "web/applications/queue.html",
                      {"title": _("Applications"), "town": t, "exports": exports, "rows": [], "chosen": chosen, "states": offered,
                       "state": ",".join(chosen), "page_error": page_error}, status=422)
    page = paginator.page(int(request.GET.get("page") or 1))
    ids = list(page.object_list)
    loaded = PermitApplication.objects.for_town(t).select_related("applicant").in_bulk(ids)
    apps = [loaded[pk] for pk in ids if pk in loaded]
    for a in apps:
        a.town = t
    law = sv.ManyApplications(apps, sv.parameter_set(t))
    labels = {value: str(label) for value, label in State.choices}  # translated once, not once per row
    rows = [{"app": a, "url": reverse("web:application", kwargs={"town": t.jurisdiction_alias, "pk": a.pk}),
             "event": records.event_name(a),
             "applicant": records.applicant_name(a), "state": labels.get(a.state, a.state),
             "warnings": _row_warnings(law, a, today)}
            for a in law.apps]
    return render(request, "web/applications/queue.html",
                  {"title": _("Applications"), "town": t, "exports": exports, "rows": rows, "chosen": chosen,
                   # the pages' links keep the filter, as the API writes it: states separated by commas
                   "state": ",".join(chosen),
                   # the queue holds what was submitted: a draft is the applicant's until then, so not offered
                   "states": offered,
                   "page": page})


@no_permits_before_login
@read_only
@login_required
def hearing_calendar(request: HttpRequest, town: str) -> HttpResponse:
    """The town's hearing calendar. It takes no field in its address: a parameter is refused, 422, naming it,
    with no hearing listed as if filtered (`query_refused`, as the public hearings page)."""
    t = _permit_town(town)
    require_role(request.user, t, *sv.OFFICIALS)
    refused = query_refused(request.GET, raw_query(request))
    if refused:
        return render(request, "web/applications/calendar.html",
                      {"title": _("Hearing calendar"), "town": t, "rows": [], "refused": refused}, status=422)
    apps = (PermitApplication.objects.for_town(t).filter(hearing_on__isnull=False)
            .exclude(state=State.WITHDRAWN).order_by("hearing_on", "pk"))
    today = timezone.localdate()
    rows = [{"app": a, "event": records.event_name(a), "past": a.hearing_on < today} for a in apps]
    return render(request, "web/applications/calendar.html",
                  {"title": _("Hearing calendar"), "town": t, "rows": rows})
