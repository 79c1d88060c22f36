"""Enforcement pages (Mount Pleasant §§ 164-12 to 164-14; Carmel ch. 31 penalties): complaints, violations
found at inspections or observed, summonses with the penalty range for the offense number, dispositions.
Every change is one call of `publicassembly.enforcement.services`; the penalty range is the law core's."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from publicassembly.documents.records import SummonsRecord
from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Complaint, Offender, Summons, Violation
from publicassembly.web.forms.widgets import DateInput
from publicassembly.web.towns import town_for
from publicassembly.workflow.access import require_role
from publicassembly.workflow.errors import ValidationFailed, WorkflowError

READERS = ("building_inspector", "enforcement_officer", "town_clerk")


class OffenderForm(forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("Person or firm"), choices=[("person", gettext_lazy("person")),
                                                                           ("firm", gettext_lazy("firm"))])
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    address = forms.CharField(label=gettext_lazy("Address"), max_length=300, required=False)


class ComplaintForm(forms.Form):
    description = forms.CharField(label=gettext_lazy("What was observed"), widget=forms.Textarea(attrs={"rows": 3}))
    observed_on = forms.DateField(label=gettext_lazy("Observed on"), widget=DateInput())
    place = forms.CharField(label=gettext_lazy("Place or event"), max_length=300, required=False)
    in_presence = forms.BooleanField(label=gettext_lazy("It occurred in my presence"), required=False)

    def __init__(self, *args: Any, town: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["offender"] = forms.ModelChoiceField(
            label=gettext_lazy("Offender"), queryset=Offender.objects.for_town(town).order_by("name"),
            required=False)


def _rule_choices(town: Any) -> list[tuple[str, str]]:
    return [(r.id, f"{r.citation} — {r.id}") for r in town.jurisdiction.rules]


class ViolationForm(forms.Form):
    observed_on = forms.DateField(label=gettext_lazy("Observed on"), widget=DateInput(), required=False)
    description = forms.CharField(label=gettext_lazy("Description"), max_length=1000, required=False)

    def __init__(self, *args: Any, town: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rule_id"] = forms.ChoiceField(label=gettext_lazy("Requirement violated"),
                                                   choices=_rule_choices(town))
        self.fields["offender"] = forms.ModelChoiceField(
            label=gettext_lazy("Offender"), queryset=Offender.objects.for_town(town).order_by("name"),
            required=False, help_text=gettext_lazy("Default: the complaint's."))


class SummonsForm(forms.Form):
    return_date = forms.DateField(label=gettext_lazy("Returnable on"), widget=DateInput())
    return_time = forms.CharField(label=gettext_lazy("At (time)"), max_length=40, required=False)


class DispositionForm(forms.Form):
    outcome = forms.ChoiceField(label=gettext_lazy("Outcome"), choices=[("convicted", gettext_lazy("convicted")),
                                                                       ("dismissed", gettext_lazy("dismissed"))])
    decided_on = forms.DateField(label=gettext_lazy("Decided on"), widget=DateInput(), required=False)
    fine = forms.DecimalField(label=gettext_lazy("Fine (US dollars)"), min_value=0, max_digits=10,
                              decimal_places=2, required=False)
    jail_days = forms.IntegerField(label=gettext_lazy("Imprisonment (days)"), min_value=0, max_value=3650,
                                   required=False)
    jail_months = forms.IntegerField(label=gettext_lazy("Imprisonment (months)"), min_value=0, max_value=120,
                                     required=False)


def _put(form: forms.Form, e: WorkflowError) -> None:
    if isinstance(e, ValidationFailed) and e.field in form.fields:
        form.add_error(e.field, e.detail)
    else:
        form.add_error(None, e.message)


def _context(request: HttpRequest, t: Any, bound: dict[str, Any] | None = None) -> dict[str, Any]:
    bound = bound or {}
    complaints = Complaint.objects.for_town(t).select_related("offender", "venue").order_by("-filed_on", "-id")
    rows = []
    for c in complaints:
        vrows = []
        for v in c.violations.select_related("offender").order_by("id"):
            summons = Summons.objects.filter(violation=v).first()
            vrows.append({"v": v, "penalty": es.penalty_range(v), "summons": summons,
                          "summons_form": bound.get(("summons", v.pk)) or SummonsForm(prefix=f"s{v.pk}"),
                          "disposition_form": bound.get(("disposition", v.pk)) or DispositionForm(prefix=f"d{v.pk}")})
        rows.append({"c": c, "violations": vrows,
                     "violation_form": bound.get(("violation", c.pk)) or ViolationForm(town=t, prefix=f"v{c.pk}")})
    return {"title": _("Enforcement"), "town": t, "rows": rows,
            "offender_form": bound.get("offender") or OffenderForm(prefix="o"),
            "complaint_form": bound.get("complaint") or ComplaintForm(town=t, prefix="c"),
            "offenders": Offender.objects.for_town(t).order_by("name")}


@login_required
def enforcement(request: HttpRequest, town: str) -> HttpResponse:
    t = town_for(town)
    require_role(request.user, t, *READERS)
    return render(request, "web/enforcement/index.html", _context(request, t))


@login_required
@require_POST
def enforcement_action(request: HttpRequest, town: str, what: str, pk: int = 0) -> HttpResponse:
    t = town_for(town)
    require_role(request.user, t, *READERS)
    u = request.user
    form, key, call = _action(u, t, what, pk, request.POST)
    if form.is_valid():
        try:
            call(dict(form.cleaned_data))
        except WorkflowError as e:
            _put(form, e)
        else:
            messages.success(request, _("Recorded."))
            return redirect("web:enforcement", town=town)
    return render(request, "web/enforcement/index.html", _context(request, t, {key: form}), status=422)


def _action(u: Any, t: Any, what: str, pk: int, post: Any) -> tuple[forms.Form, Any, Any]:
    """The form, its key on the page and the service call of one enforcement action."""

    def present(d: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in d.items() if v not in (None, "")}

    if what == "offender":
        return (OffenderForm(post, prefix="o"), "offender",
                lambda d: es.register_offender(u, t, **d))
    if what == "complaint":
        return (ComplaintForm(post, town=t, prefix="c"), "complaint",
                lambda d: es.file_complaint(u, t, **d))
    if what == "violation":
        c = Complaint.objects.get_in_town(t, pk=pk)
        return (ViolationForm(post, town=t, prefix=f"v{pk}"), ("violation", pk),
                lambda d: es.record_violation(u, c, **present(d)))
    if what == "summons":
        v = Violation.objects.get_in_town(t, pk=pk)
        return SummonsForm(post, prefix=f"s{pk}"), ("summons", pk), lambda d: es.issue_summons(u, v, **d)
    if what == "disposition":
        v = Violation.objects.get_in_town(t, pk=pk)
        return (DispositionForm(post, prefix=f"d{pk}"), ("disposition", pk),
                lambda d: es.record_disposition(u, v, **present(d)))
    raise ValidationFailed("action", f"unknown action {what!r}; allowed: offender, complaint, violation, "
                                     "summons, disposition")


def summons_record(s: Summons) -> SummonsRecord:
    """The documents layer's summons from the model; the penalty range is the law core's (`penalty_range`)."""
    v = s.violation
    p = es.penalty_range(v)
    complaint = v.complaint

    def person(user: Any) -> str:
        return (user.get_full_name() or user.get_username()) if user is not None else ""

    return SummonsRecord(
        number=s.number, town=s.town.name, defendant_name=v.offender.name, defendant_address=v.offender.address,
        rule_id=v.rule_id, citation=v.citation, description=v.description, offense_date=v.observed_on,
        offense_place=v.place or (v.venue.address if v.venue_id else complaint.place),
        offense_number=p.offense_number or 1, min_fine=p.min_fine, max_fine=p.max_fine,
        max_jail_days=p.max_jail_days, max_jail_months=p.max_jail_months, classification=p.classification,
        complainant_name=person(complaint.filed_by), complainant_kind=complaint.complainant_kind,
        inspector_name=person(s.issued_by), return_date=s.return_date, return_time=s.return_time,
        court_name=s.court)


@login_required
def summons_pdf(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    from publicassembly.documents.pdf import render_summons

    t = town_for(town)
    require_role(request.user, t, *READERS)
    s = Summons.objects.get_in_town(t, pk=pk)
    response = HttpResponse(render_summons(summons_record(s)), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="summons-{s.number}.pdf"'
    return response
