"""Enforcement pages (Mount Pleasant §§ 164-5, 164-12 to 164-14; Carmel ch. 31 penalties): complaints, violations
found at inspections or observed, stop orders on a performance, summonses with the penalty range for the offense
number, dispositions, payments, closing and dismissal. Every change is one call of
`publicassembly.enforcement.services`; the penalty range is the law core's. A form is shown only where the record's
state and the user's role in the town allow its action; the service still decides. A form acting on a record the
page showed (a complaint, a violation, a stop order) sends its version (``expected_version``; without it the form
is refused, 422); a stop order, recorded on a place of assembly, sends the version of the place chosen with it
(`VenueVersionField`); a complaint, on no record of its own, is refused when the same one is already filed
(interpretation W-9). Bad input is 422 beside its field, a conflict (the record changed since the page was
opened, or the action is not one of its state) 409, as the API answers it: the same form sent twice records
once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from publicassembly.accounts.models import Role
from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Complaint, Disposition, Offender, StopOrder, Summons, Violation
from publicassembly.web import present
from publicassembly.web.forms.enforcement import (
    CloseForm,
    ComplaintForm,
    DismissComplaintForm,
    DispositionForm,
    LiftStopOrderForm,
    OffenderForm,
    PaymentForm,
    StopOrderForm,
    SummonsForm,
    ViolationForm,
)
from publicassembly.web.towns import town_for
from publicassembly.web.views.errors import (
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

READERS = ("building_inspector", "enforcement_officer", "town_clerk")
BI, EO, CLERK = Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER, Role.TOWN_CLERK
ACTIONS = ("offender", "complaint", "violation", "summons", "disposition", "stop_order", "lift_stop_order",
           "payment", "close_violation", "close_complaint", "dismiss_complaint")


def _put(form: forms.Form, e: WorkflowError) -> int:
    """A refusal of the service beside the field it names, or above the form, and the page's status: 409 for a
    conflict (`conflict`, the form then holding the record's version as it is now), else 422; `NotAllowed` is
    raised on (a 403 page saying who may do it, never a form error)."""
    if isinstance(e, NotAllowed):
        raise e
    if is_conflict(e):
        for line in conflict(e):
            form.add_error(None, line)
        return 409
    if isinstance(e, ValidationFailed) and e.field in form.fields and not form.fields[e.field].widget.is_hidden:
        first = e.errors[0]  # (its own words, without "and N more errors": each of them is beside its field)
        form.add_error(e.field, str(present.tr(first[1])) if len(e.errors) > 1 and first[0] == e.field
                       else refusal_detail(e))
        for other, message in e.errors[1:]:  # (every value refused at once, W-33: each beside its field, a field
            # refused twice showing both: a room the place does not have, and more in the rooms than present, M-7)
            if (other, message) != first and other in form.fields and not form.fields[other].widget.is_hidden:
                form.add_error(other, str(present.tr(message)))
    else:
        form.add_error(None, refusal(e))
    return 422


def _beside_each(form: forms.Form, refused: list[tuple[str, str]]) -> None:
    """Each (field, message) of `refused` beside its field, in the page's language, but for a field the form has
    refused itself (its own words stand) or does not show."""
    for field, message in refused:
        if field in form.fields and field not in form.errors and not form.fields[field].widget.is_hidden:
            form.add_error(field, str(present.tr(message)))


def _as_now(form: forms.Form, record: Any) -> forms.Form:
    """`form` holding what was sent but the version of `record` as it is now, checked again (the page shows the
    record as it is now: sent again, the form acts on that version); the refusal is added to it after."""
    version = type(record)._default_manager.filter(pk=record.pk).values_list("version", flat=True).first()
    data = form.data.copy()
    data[form.add_prefix("expected_version")] = "" if version is None else str(version)
    form.data = data
    form.full_clean()
    return form


def _versioned(form_class: type[forms.Form], obj: Any, prefix: str, **kwargs: Any) -> forms.Form:
    return form_class(prefix=prefix, initial={"expected_version": obj.version}, **kwargs)


def _form(bound: dict[Any, forms.Form], key: Any, allowed: Any, make: Callable[[], forms.Form]) -> forms.Form | None:
    """The form just posted under `key` (with its errors), else a new one where the action is `allowed`."""
    if key in bound:
        return bound[key]
    return make() if allowed else None


def _unpaid_fine(v: Violation) -> bool:
    d = Disposition.objects.filter(violation=v).first()
    return d is not None and d.outcome == Disposition.CONVICTED and d.fine > 0


def _violation_row(v: Violation, roles: set[str], bound: dict[Any, forms.Form]) -> dict[str, Any]:
    """One violation with the forms its state and the user's roles allow (Violation.state_machine)."""
    summons = Summons.objects.filter(violation=v).first()
    row: dict[str, Any] = {"v": v, "penalty": es.penalty_range(v), "summons": summons}
    unpaid = v.state == Violation.DISPOSED and _unpaid_fine(v)
    row["summons_form"] = _form(bound, ("summons", v.pk), v.state == Violation.RECORDED and BI in roles,
                                lambda: _versioned(SummonsForm, v, f"s{v.pk}"))
    if v.state == Violation.RECORDED and BI not in roles:
        row["summons_by"] = _summons_by(v.town)
    row["disposition_form"] = _form(bound, ("disposition", v.pk), v.state == Violation.SUMMONED and roles & {BI, CLERK},
                                    lambda: _versioned(DispositionForm, v, f"d{v.pk}"))
    row["payment_form"] = _form(bound, ("payment", v.pk), unpaid and roles & {BI, CLERK},
                                lambda: _versioned(PaymentForm, v, f"p{v.pk}"))
    closable = v.state in (Violation.RECORDED, Violation.PAID, Violation.DISPOSED) and not unpaid and BI in roles
    row["close_form"] = _form(bound, ("close_violation", v.pk), closable,
                              lambda: _versioned(CloseForm, v, f"cv{v.pk}"))
    return row


def _summons_by(t: Any) -> str:
    """Who issues the summons the reader may not issue: the Building Inspector (Mount Pleasant § 164-12; Carmel,
    whose chapter is silent, `es.CARMEL_SUMMONS_ROLES`, interpretation register W-1)."""
    if t.jurisdiction_alias == es.MOUNT_PLEASANT:
        return _("Under § 164-12 only the Building Inspector issues a summons, on his own complaint or on the "
                 "complaint filed with him.")
    return _("Only the Building Inspector issues a summons (Carmel's chapter does not say who; interpretation W-1).")


def _may_record_violation(user: Any, t: Any, roles: set[str], c: Complaint) -> bool:
    """Whether the reader may record a violation on `c` (as `es.record_violation` decides): the Building
    Inspector always; in Mount Pleasant a police officer, fire district inspector or town fire marshal only on his
    own complaint of a violation in his presence (§ 164-12); in Carmel any enforcement officer."""
    if BI in roles:
        return True
    if EO not in roles:
        return False
    return t.jurisdiction_alias != es.MOUNT_PLEASANT or bool(c.in_presence and c.filed_by_id == user.pk)


def _context(request: HttpRequest, t: Any, bound: dict[Any, forms.Form] | None = None) -> dict[str, Any]:
    bound = bound or {}
    roles = roles_of(request.user, t)
    enforcer = bool(roles & {BI, EO})
    complaints = Complaint.objects.for_town(t).select_related("offender", "venue").order_by("-filed_on", "-id")
    stops = t.jurisdiction_alias == es.MOUNT_PLEASANT
    rows = []
    for c in complaints:
        violations = list(c.violations.select_related("offender").order_by("id"))
        row: dict[str, Any] = {"c": c, "violations": [_violation_row(v, roles, bound) for v in violations]}
        row["violation_form"] = _form(bound, ("violation", c.pk),
                                      c.state in (Complaint.FILED, Complaint.ACTED_ON)
                                      and _may_record_violation(request.user, t, roles, c),
                                      lambda c=c: _versioned(ViolationForm, c, f"v{c.pk}", town=t))
        if row["violation_form"] is None and c.state == Complaint.FILED and EO in roles and stops:
            row["violation_by"] = _("Filed with the Building Inspector, who records the violation and issues the "
                                    "summons (§ 164-12).")
        row["dismiss_form"] = _form(bound, ("dismiss_complaint", c.pk), c.state == Complaint.FILED and BI in roles,
                                    lambda c=c: _versioned(DismissComplaintForm, c, f"dc{c.pk}"))
        done = all(v.state in (Violation.DISMISSED, Violation.CLOSED) for v in violations)
        row["close_form"] = _form(bound, ("close_complaint", c.pk), c.state == Complaint.ACTED_ON and BI in roles
                                  and done, lambda c=c: _versioned(CloseForm, c, f"cc{c.pk}"))
        rows.append(row)
    stop_orders = []
    if stops:
        for o in StopOrder.objects.for_town(t).select_related("venue").order_by("-ordered_at", "-id"):
            lift = _form(bound, ("lift_stop_order", o.pk), o.state == StopOrder.IN_FORCE and enforcer,
                         lambda o=o: _versioned(LiftStopOrderForm, o, f"l{o.pk}"))
            stop_orders.append({"o": o, "lift_form": lift})
    ctx = {"title": _("Enforcement"), "town": t, "rows": rows, "stop_orders": stop_orders, "stops": stops,
           "offenders": Offender.objects.for_town(t).order_by("name")}
    ctx["offender_form"] = _form(bound, "offender", enforcer, lambda: OffenderForm(prefix="o"))
    ctx["complaint_form"] = _form(bound, "complaint", enforcer, lambda: ComplaintForm(town=t, prefix="c"))
    ctx["stop_order_form"] = _form(bound, "stop_order", enforcer and stops,
                                   lambda: StopOrderForm(town=t, prefix="so"))
    return ctx


@read_only
@login_required
def enforcement(request: HttpRequest, town: str) -> HttpResponse:
    t = town_for(town)
    require_role(request.user, t, *READERS)
    return render(request, "web/enforcement/index.html", _context(request, t))


@login_required
@methods("POST")
def enforcement_action(request: HttpRequest, town: str, what: str, pk: int = 0) -> HttpResponse:
    """One enforcement action (``what``: one of `ACTIONS`) on the record `pk` of `town` (0: a new record), on the
    version of it the page showed (``expected_version``, required: `posted_version`). Refused, the page is shown
    again with the form as sent: bad input beside its field, 422 (a form sent without the version too); a
    conflict at the top of the form, 409 as the API answers it (the record changed since the page was opened:
    the form then holds its version as it is now, to be sent again; an action not of its state). A record of
    another town is not found (404)."""
    t = town_for(town)
    require_role(request.user, t, *READERS)
    if what not in ACTIONS:
        raise ValidationFailed("action", _("unknown action %(action)s; allowed: %(allowed)s")
                               % {"action": repr(what), "allowed": ", ".join(ACTIONS)})
    if what in ("complaint", "violation", "stop_order", "lift_stop_order"):  # (the role first, before the form
        require_role(request.user, t, *es.ENFORCERS)  # judges what it names of the town's records: W-33, W-36, W-38)
    elif what == "summons":
        es.summons_role(request.user, t)
    elif what in ("disposition", "payment"):
        require_role(request.user, t, *es.COURT_CLERKS)
    form, key, call, record = _action(request.user, t, what, pk, request.POST)
    status = 422
    try:
        version = None if record is None else posted_version(request, form.prefix or "")
    except ValidationFailed as e:  # no version (a page kept from before, a hand-made request): nothing is done
        form = _as_now(form, record)
        form.add_error(None, refusal(e))
    else:
        if form.is_valid():
            try:
                call({**form.cleaned_data, "expected_version": version} if record is not None
                     else dict(form.cleaned_data))
            except WorkflowError as e:
                if is_conflict(e):
                    if record is not None:
                        form = _as_now(form, record)
                    elif isinstance(form, StopOrderForm):  # (the venue's version, sent with the venue chosen)
                        form = form.as_now()
                status = _put(form, e)
            else:
                messages.success(request, _("Recorded."))
                return redirect("web:enforcement", town=town)
        else:  # the service's refusals of the values the form took, told with its own: every refusal at once
            _beside_each(form, _service_refusals(request.user, t, form, record))  # (W-33, W-36)
    return render(request, "web/enforcement/index.html", _context(request, t, {key: form}), status=status)


#: The forms whose service's refusals of the values they took are told with their own (W-38): the form, the
#: service's fields and its ``*_refusals`` function (the user, the record the form acts on).
TOLD_WITH_THE_FORMS = (
    (LiftStopOrderForm, es.LIFT_FIELDS, es.lift_refusals),
    (SummonsForm, es.SUMMONS_FIELDS, es.summons_refusals),
    (DispositionForm, es.DISPOSITION_FIELDS, es.disposition_refusals),
    (PaymentForm, es.PAYMENT_FIELDS, es.payment_refusals),
)


def _service_refusals(u: Any, t: Any, form: forms.Form, record: Any) -> list[tuple[str, str]]:
    """What the service refuses of the values a form refused in part took (the complaint's, W-33; a violation's
    or a stop order's, W-36; a stop order lifted, a summons, a disposition, a payment: W-38), its fields refused by
    the form not judged again; empty for another form (its service's refusals are told once it is sent right)."""
    took = {f: v for f, v in form.cleaned_data.items() if v not in (None, "")}
    for form_class, fields, refusals in TOLD_WITH_THE_FORMS:
        if isinstance(form, form_class):
            return refusals(u, record, told=set(form.errors), **{f: took[f] for f in fields if f in took})
    if isinstance(form, ComplaintForm):
        return es.complaint_refusals(t, **{f: form.cleaned_data.get(f) for f in ("description", "observed_on", "place",
                                                                                "in_presence")})
    if isinstance(form, ViolationForm):
        return es.violation_refusals(u, record, told=set(form.errors),
                                     **{f: took[f] for f in es.VIOLATION_FIELDS if f in took})
    if isinstance(form, StopOrderForm) and took.get("venue") is not None:
        return es.stop_order_refusals(u, took["venue"], told=set(form.errors),
                                      **{f: took[f] for f in es.STOP_ORDER_FIELDS if f in took})
    return []


def _present(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v not in (None, "")}


def _action(u: Any, t: Any, what: str, pk: int, post: Any
            ) -> tuple[forms.Form, Any, Callable[[dict], Any], Any]:
    """The form, its key on the page, the one service call of one enforcement action and the record it acts
    on, whose version the form sends (None: a new record)."""
    if what == "offender":
        return OffenderForm(post, prefix="o"), "offender", lambda d: es.register_offender(u, t, **d), None
    if what == "complaint":
        return (ComplaintForm(post, town=t, prefix="c"), "complaint",
                lambda d: es.file_complaint(u, t, **d), None)
    if what == "stop_order":
        def stop(d: dict[str, Any]) -> Any:
            venue = d.pop("venue")
            return es.record_stop_order(u, venue, **_present(d))
        return StopOrderForm(post, town=t, prefix="so"), "stop_order", stop, None
    if what == "lift_stop_order":
        o = StopOrder.objects.get_in_town(t, pk=pk)
        return (LiftStopOrderForm(post, prefix=f"l{pk}"), (what, pk),
                lambda d: es.lift_stop_order(u, o, **_present(d)), o)
    if what in ("violation", "dismiss_complaint", "close_complaint"):
        c = Complaint.objects.get_in_town(t, pk=pk)
        if what == "violation":
            return (ViolationForm(post, town=t, prefix=f"v{pk}"), (what, pk),
                    lambda d: es.record_violation(u, c, **_present(d)), c)
        if what == "dismiss_complaint":
            return (DismissComplaintForm(post, prefix=f"dc{pk}"), (what, pk),
                    lambda d: es.dismiss_complaint(u, c, **_present(d)), c)
        return CloseForm(post, prefix=f"cc{pk}"), (what, pk), lambda d: es.close_case(u, c, **_present(d)), c
    v = Violation.objects.get_in_town(t, pk=pk)
    if what == "summons":
        return SummonsForm(post, prefix=f"s{pk}"), (what, pk), lambda d: es.issue_summons(u, v, **d), v
    if what == "disposition":
        return (DispositionForm(post, prefix=f"d{pk}"), (what, pk),
                lambda d: es.record_disposition(u, v, **_present(d)), v)
    if what == "payment":
        return (PaymentForm(post, prefix=f"p{pk}"), (what, pk), lambda d: es.record_payment(u, v, **_present(d)),
                v)
    return CloseForm(post, prefix=f"cv{pk}"), (what, pk), lambda d: es.close_case(u, v, **_present(d)), v


@read_only
@login_required
def summons_pdf(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    from publicassembly.documents.pdf import render_summons
    from publicassembly.enforcement.documents import summons_record

    t = town_for(town)
    require_role(request.user, t, *READERS)
    s = Summons.objects.get_in_town(t, pk=pk)
    response = HttpResponse(render_summons(summons_record(s)), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="summons-{s.number}.pdf"'
    return response
