"""The Building Inspector's pages (Mount Pleasant ch. 164): places of assembly and their spaces, with the
lawful occupancy recomputed by the law core as spaces are edited (live preview with HTMX), certificates issued
and re-issued, inspections scheduled and recorded. Every change is one call of `publicassembly.venues.services`.
A form changing a record the page showed (a space, a space added to the venue, the venue's certificate, a
certificate's revocation, an inspection's record) sends its version (``expected_version``; without it the form is refused, 422); bad input is
422 beside its field, a conflict (the record changed since the page was opened) 409, as the API answers it. A
certificate the law does not allow (not a place of assembly, a lawful occupancy of 0: interpretation M-17) is not
offered: the page says why where its button would be, and a request to issue it anyway is refused 409 with the
same reasons (`Blocked`), nothing written.

The owner of a place (an applicant who registered it, in a town whose chapter has places of assembly) has these
pages too, for the places they own only (`venues.services.visible_venues`, `get_venue`: another's place is 404,
as one that does not exist): the list of their places and the form registering one, each place's page with its
rooms and areas, their lawful occupancy and the certificates, the preview and the pages adding or changing a
room. They are shown only the forms the services allow them (`_may`), the inspections recorded (not those
scheduled, nor the inspector's record of one) and no enforcement (interpretation W-14).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from publicassembly.accounts.models import Membership
from publicassembly.enforcement.services import ENFORCERS
from publicassembly.law import evaluate, jurisdictions
from publicassembly.law.errors import InvalidCase, LawError, UnknownJurisdiction
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import exits
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import awaits_inspection
from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate, Inspection, Space, Venue
from publicassembly.web import present
from publicassembly.web.forms import venues as vf
from publicassembly.web.forms.widgets import ignored_parameter
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
from publicassembly.web.views.public import SPACE_FIELD
from publicassembly.workflow import reasons as history_words
from publicassembly.workflow.access import require_role
from publicassembly.workflow.blocked import Blocked
from publicassembly.workflow.errors import NotAllowed, ValidationFailed, WorkflowError

INSPECTOR, OFFICER = "building_inspector", "enforcement_officer"
#: Who may change a venue's spaces (the service checks further that an applicant owns the venue).
EDITORS = vs.EDITORS


def _put(form: forms.Form, e: WorkflowError, *, state: Any = None, offered: bool = True) -> int:
    """A refusal of the service beside the field it names, or above the form (each value of a `ValidationFailed`
    refused at once beside its own field: a space's name and its alleys), and the page's status: 409 for
    a conflict (`conflict`: the record changed since the page was opened, with its `state` now when it has
    one, and whether the action is still `offered` for it), else 422; `NotAllowed` is raised on (a 403 page
    saying who may do it, never a form error)."""
    if isinstance(e, NotAllowed):
        raise e
    if is_conflict(e):
        for line in conflict(e, state=state, offered=offered):
            _above(form, line)
        return 409
    if not isinstance(e, ValidationFailed):
        _above(form, refusal(e))
        return 422
    _beside(form, e.errors)  # every value refused at once (a space's name and its area): each beside its field
    return 422


def _beside(form: forms.Form, refusals: Any, *, but_refused: bool = False) -> None:
    """The service's `refusals` ((field, message), its field named as the service names it) each beside the form's
    field it names (the form's `field_for`, for a form whose fields are not named as the service's; else the
    field's last part), or beside the group of fields (a form's ``group_errors``: the inspection's rooms), else
    above the form. `but_refused`: the service's refusals of values the form took, told with the form's own
    refusals (W-31): a field the form refused already is told in the form's words alone (the service did not
    get its value)."""
    field_for = getattr(form, "field_for", None)
    groups = getattr(form, "group_errors", {})
    refused = set(form.errors) if but_refused else set()
    for field, message in refusals:
        name = field_for(field) if field_for is not None else field.split(".")[-1]
        text = str(present.tr(message))
        if name is not None and name in form.fields:
            if name not in refused:
                form.add_error(name, text)
        elif name is not None and name in groups:
            groups[name].append(text)
        else:
            _above(form, f"{field}: {text}")


def _above(form: forms.Form, text: str) -> None:
    """`text` said above `form`, also an unbound one (the space's form shown as stored when its removal is
    refused: Django's `add_error` needs a cleaned form)."""
    if not form.is_bound and not hasattr(form, "cleaned_data"):
        form.full_clean()
        form.cleaned_data = {}
    form.add_error(None, text)


def _version(request: HttpRequest, form: forms.Form) -> int | None:
    """The version the form was opened on (`posted_version`); None, the refusal put above the form (422), when
    it was sent without one."""
    try:
        return posted_version(request)
    except ValidationFailed as e:
        _above(form, refusal(e))
        return None


def no_places_before_login(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Decorator of every places-of-assembly page of a town (its address's ``town``), outermost — before the login
    requirement and any role: a town whose law has no places of assembly (Carmel ch. 31 regulates assemblies by
    permit; `venues.services.has_places_of_assembly`) answers 404 with its one sentence (`NoPlacesOfAssembly`,
    as the API's venue endpoints answer it) to anyone, signed in or not, of any town, GET or POST, rather than
    403 to one without a role there or the sign-in page to a visitor, for pages that do not exist — as the
    permit pages of a town that issues no permits (`applications.no_permits_before_login`; interpretation
    W-21) — and, through ``absent_in_town`` (`no_places_in`), before the 405 of a method the page does not take
    and the CSRF check (`web.middleware.MethodNotAllowedMiddleware`, W-23). Asked of the jurisdiction registry (no
    database query for a town that has them); an unknown town is left to the view."""
    return absent_before_login(no_places_in)(view)


def no_places_in(town: str) -> None:
    """Raise `NoPlacesOfAssembly` (404 saying why) when the law of the town of the address `town` has no places
    of assembly, so that none of its places-of-assembly pages exists; nothing otherwise (an unknown town is left
    to the view). Called by `no_places_before_login` and, before any method is judged, by
    `web.middleware.MethodNotAllowedMiddleware` (interpretation W-23)."""
    try:
        places = "venue" in jurisdictions.get(town).subjects
    except UnknownJurisdiction:
        return  # (the view answers it)
    if not places:
        vs.require_places_of_assembly(town_for(town))  # raises NoPlacesOfAssembly


@no_places_before_login
@methods(*FORM_METHODS)
@login_required
def venue_list(request: HttpRequest, town: str) -> HttpResponse:
    """The places of assembly of the town: every one for the Building Inspector and enforcement officers; an
    owner's own for an applicant (W-14), with the form registering a place for whoever may (`create_venue`).
    A fixed number of queries whatever the number of places (each row's certificate prefetched)."""
    t = town_for(town)
    venues = vs.visible_venues(request.user, t)  # (403 for one who may see none)
    every = vs.sees_every_venue(request.user, t)
    if request.method == "POST":
        require_role(request.user, t, *EDITORS)  # the role before the form: a 403, not form errors
    form = vf.VenueForm(request.POST or None) if vs.can_register_venue(request.user, t) else None
    status = 422
    if request.method == "POST" and form is not None and form.is_valid():
        try:
            venue = vs.create_venue(request.user, t, **form.values())
        except WorkflowError as e:
            status = _put(form, e)
        else:
            messages.success(request, _("Place of assembly registered; add its rooms and areas."))
            return redirect("web:venue", town=town, pk=venue.pk)
    shown = Certificate.objects.exclude(status=Certificate.SUPERSEDED).order_by("-id")
    venues = venues.order_by("name").prefetch_related(Prefetch("certificates", queryset=shown, to_attr="shown"))
    rows = [{"v": v, "cert": v.shown[0] if v.shown else None} for v in venues]
    return render(request, "web/venues/list.html",
                  {"title": _("Places of assembly") if every else _("My places of assembly"), "town": t,
                   "rows": rows, "form": form, "every": every},
                  status=status if form is not None and form.errors else 200)


def _venue(request: HttpRequest, t: Any, pk: int) -> Venue:
    """The place `pk` of the town as the reader may see it (`venues.services.get_venue`): 404 for one of another
    owner, as for one that does not exist (W-14)."""
    return vs.get_venue(request.user, t, pk)


def _may(user: Any, t: Any, venue: Venue) -> dict[str, bool]:
    """What the reader may do on the venue's page, as the services decide (their ``can_*`` checks): only those
    forms are shown, so that none answers 403. ``enforce``: file a complaint or record a stop order about the
    place (`enforcement.services.ENFORCERS`, on the Enforcement page). ``inspect``: also read the inspections
    scheduled and each inspection's record (its page); the owner, who may not, reads those recorded (W-14)."""
    return {"edit": vs.can_edit_spaces(user, venue), "issue": vs.can_issue_certificate(user, venue),
            "revoke": vs.can_revoke_certificate(user, venue), "inspect": vs.can_inspect(user, venue),
            "enforce": _holds(user, t, ENFORCERS)}


def _holds(user: Any, t: Any, roles: Any) -> bool:
    try:
        require_role(user, t, *roles)
    except NotAllowed:
        return False
    return True


def _revoke_form(cert: Certificate, data: Any = None) -> vf.ReasonForm:
    """The form revoking `cert` (its reason), one per row of the certificates' table, with ids of its own."""
    return vf.ReasonForm(data, auto_id=f"rv{cert.pk}-%s")


def _context(request: HttpRequest, t: Any, venue: Venue, revoking: tuple[int, forms.Form] | None = None,
             **forms_: Any) -> dict[str, Any]:
    """The venue page's context; `revoking`: (certificate id, its revocation form just refused), shown again
    in that certificate's row with its errors."""
    may = _may(request.user, t, venue)
    certificates = list(venue.certificates.order_by("-id"))
    rows = []
    for c in certificates:
        form = None
        if revoking is not None and revoking[0] == c.pk:
            form = revoking[1]
        elif may["revoke"] and c.status in (Certificate.VALID, Certificate.STALE):
            form = _revoke_form(c)
        rows.append({"c": c, "revoke_form": form})
    inspections = venue.inspections.order_by("-scheduled_for", "-id")
    if not may["inspect"]:  # the owner: the inspections recorded, not those scheduled or cancelled (W-14)
        inspections = inspections.filter(state=Inspection.DONE)
    ctx: dict[str, Any] = {"title": venue.name, "town": t, "venue": venue, "may": may,
                           "spaces": venue.spaces.order_by("id"),
                           "certificates": certificates, "certificate_rows": rows,
                           "inspections": inspections,
                           "space_form": (vf.SpaceForm(prefix="new", spaces=_names(venue)) if may["edit"]
                                          else None),
                           "issue_form": vf.IssueForm() if may["issue"] else None,
                           # (a place stated to be used solely for worship, not approved as such: § 164-3, M-20)
                           "worship_form": (vf.WorshipApprovalForm() if may["issue"] and
                                            venue.used_solely_for_religious_worship and
                                            not venue.certificate_exempt else None),
                           "schedule_form": (vf.ScheduleInspectionForm(inspectors=_inspectors(t))
                                             if may["inspect"] else None),
                           "timeline": vs.venue_timeline(venue, inspections=may["inspect"])}
    ctx.update(forms_)
    try:
        det = vs.compute_occupancy(venue)
        ctx.update(present.context(det, leave_out=awaits_inspection))
        if may["issue"]:
            # what stops the certificate (M-17, M-18; an exempt place: W-5): said where the button would be, which
            # is then not offered
            ctx["certificate_blockers"] = vs.certificate_blockers_of(venue, det)
        ctx["last_inspection"] = vs.last_inspection(venue)  # (the one M-18 judges the exits by)
    except ValidationFailed as e:
        ctx["occupancy_error"] = refusal_detail(e)
        if may["issue"] and venue.certificate_exempt:  # (refused whatever its rooms, as issuing answers it)
            ctx["certificate_blockers"] = [vs.exemption_blocker(venue)]
    return ctx


def _names(venue: Venue, *, but: Space | None = None) -> list[str]:
    """The names of `venue`'s rooms and areas (those a room may connect with, § 164-4), in the order entered,
    without `but` (the room being changed)."""
    return [n for pk, n in venue.spaces.order_by("id").values_list("pk", "name") if but is None or pk != but.pk]


def _inspectors(t: Any) -> Any:
    from django.contrib.auth import get_user_model

    ids = Membership.objects.for_town(t).filter(active=True, role__in=[INSPECTOR, OFFICER]).values("user_id")
    return get_user_model().objects.filter(pk__in=ids).order_by("username")


@no_places_before_login
@read_only
@login_required
def venue_detail(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    t = town_for(town)
    return render(request, "web/venues/detail.html", _context(request, t, _venue(request, t, pk)))


#: What the page's form adding a room sends with its fields and the preview does not read: the venue's version
#: (``expected_version``, for the Add button) and the CSRF token (htmx sends every input of the form).
PREVIEW_SENT_BY_THE_PAGE = ("expected_version", "csrfmiddlewaretoken")


@no_places_before_login
@read_only
@login_required
def space_preview(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    """HTMX: the occupancy of the venue as it would be with the space being typed (not saved).

    Nothing typed yet (no field given a value: the address without a query, or only the unit, which the page
    always sends): a plain hint, 200, every error box emptied. A field left empty is never refused here — the room
    is still being typed: the fields the occupancy still needs are named in the hint ("fill in: Room or area,
    Floor area"), 200; the Add button refuses them. A value given that is refused is **422**, each refusal once,
    beside its field (swapped out of band): the form's (a number not read, a use group not offered), then what the
    Add button's service refuses of the values the form took (`venues.services.space_refusals`: a name another room
    has, a room to connect with that the place does not have, the room itself; W-31) in its words, then the law
    core's refusal of the space as a whole (alleys on a room that is not a bowling alley), in the page's language.
    A refusal of the place as recorded (not of this input) is shown where the preview goes, with 200. A parameter
    of the address that is no field of the form is not read, and the preview says so plainly (200); the venue's
    version and the CSRF token, which the page's form sends with its fields, are not read either, silently, nor
    are the tags of a shared link (`ignored_parameter`)."""
    t = town_for(town)
    venue = _venue(request, t, pk)  # (the Building Inspector, an officer, or the place's owner: W-14)
    spaces = _names(venue)
    fields = list(vf.SpaceForm(prefix="new", spaces=spaces).fields)
    read = {f"new-{name}" for name in fields}
    ctx: dict[str, Any] = {"ignored": [n for n in dict.fromkeys(map(str, request.GET)) if n not in read
                                       and n not in PREVIEW_SENT_BY_THE_PAGE and not ignored_parameter(n)]}
    query = request.GET.copy()
    if not query.get("new-area_unit"):  # (the page always sends it: the unit the form shows chosen)
        query["new-area_unit"] = "sq_ft"
    blank = {name for name in fields if not any(v.strip() for v in query.getlist(f"new-{name}"))}
    if blank >= set(fields) - {"area_unit"}:  # nothing typed yet: the hint, and no error beside any field
        ctx["form"] = vf.SpaceForm(prefix="new", spaces=spaces)
        return render(request, "web/venues/_preview.html", ctx)
    form = vf.SpaceForm(query, prefix="new", spaces=spaces)
    ctx["form"] = form
    form.is_valid()
    to_fill = {name for name in form.errors if name in blank}  # (empty: not refused, still to be typed)
    for name in to_fill:
        del form.errors[name]
    refused = []  # what the Add button's service refuses of the values given
    for field, message in vs.space_refusals(venue, form.taken()):
        if form.field_for(field) in blank:  # (a bowling alley's alleys left empty: to fill in, too)
            to_fill.add(form.field_for(field))
        else:
            refused.append((field, message))
    _beside(form, refused, but_refused=True)  # (a field the form refused: in the form's words alone)
    if not form.errors and to_fill:
        ctx["to_fill"] = [str(form.fields[name].label) for name in fields if name in to_fill]
    elif not form.errors:
        v = form.values()
        data = vs.venue_case_data(venue)
        space = {"name": v["name"], "use_group": v["use_group"], "area": str(v["area"]), "area_unit": v["area_unit"],
                 "connects_with": v["connects_with"], "common_entrance": v["common_entrance"]}  # (names as typed: M-27)
        if v.get("alleys") is not None:
            space["alleys"] = v["alleys"]
        data["spaces"] = [*data["spaces"], space]  # (a name another room has: refused above, as Add refuses it)
        data.update(jurisdiction="mount-pleasant-ny", subject="venue")
        try:
            ctx.update(present.context(evaluate(data, timezone.localdate())))
        except InvalidCase as e:
            m = SPACE_FIELD.match(e.field)
            if m and int(m.group(1)) == len(data["spaces"]) - 1:  # the space being typed
                form.add_error(m.group(2) if m.group(2) in form.fields else None, present.tr(e.message))
            else:
                ctx["error"] = str(e)
        except LawError as e:
            ctx["error"] = str(e)
    return render(request, "web/venues/_preview.html", ctx, status=422 if form.errors else 200)


@no_places_before_login
@login_required
@methods("POST")
def space_add(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    t = town_for(town)
    require_role(request.user, t, *EDITORS)  # the role before the form: a 403, not form errors
    venue = _venue(request, t, pk)
    form = vf.SpaceForm(request.POST, prefix="new", spaces=_names(venue))
    status = 422
    ev = _version(request, form)  # the venue's version: a room added since the page was opened is 409
    if ev is not None and form.is_valid():
        try:
            vs.add_space(request.user, venue, expected_version=ev, **form.values())
        except WorkflowError as e:
            status = _put(form, e)
        else:
            messages.success(request, _("Space added; the lawful occupancy is recomputed below."))
            return redirect("web:venue", town=town, pk=pk)
    elif ev is not None:  # the form's refusals with the service's of the values it took, at once (W-31)
        _beside(form, vs.space_refusals(venue, form.taken()), but_refused=True)
    return render(request, "web/venues/detail.html", _context(request, t, venue, space_form=form), status=status)


@no_places_before_login
@methods(*FORM_METHODS)
@login_required
def space_edit(request: HttpRequest, town: str, pk: int, space: int) -> HttpResponse:
    t = town_for(town)
    if request.method == "POST":
        require_role(request.user, t, *EDITORS)  # the role before the form: a 403, not form errors
    venue = _venue(request, t, pk)  # (another owner's place: 404, W-14)
    s = Space.objects.get_in_town(t, pk=space, venue=venue)
    initial = {"name": s.name, "use_group": s.use_group, "area": s.area, "area_unit": s.area_unit,
               "alleys": s.alleys, "story": s.story, "connects_with": vs.connected_names(s),
               "common_entrance": {True: "yes", False: "no"}.get(s.common_entrance, "")}
    others = _names(venue, but=s)  # (the rooms it may connect with: not itself, M-23)
    form = vf.SpaceForm(request.POST or None, initial=initial, prefix="new", spaces=others)
    may_edit = vs.can_edit_spaces(request.user, venue)
    if not may_edit:  # the officer reads the space; only the inspector (or the owner-applicant) changes it
        for field in form.fields.values():
            field.disabled = True
    status = 422
    if request.method == "POST":
        if "remove" in request.POST:  # the form's values are not asked: shown as stored
            form = vf.SpaceForm(initial=initial, prefix="new", spaces=others)
        ev = _version(request, form)
        if ev is None:
            pass
        elif "remove" in request.POST:
            try:
                vs.remove_space(request.user, s, expected_version=ev,
                                reason=request.POST.get("reason") or history_words.SPACE_GONE())
            except WorkflowError as e:
                status = _put(form, e)
            else:
                messages.success(request, _("Space removed."))
                return redirect("web:venue", town=town, pk=pk)
        elif form.is_valid():
            try:
                vs.update_space(request.user, s, expected_version=ev, **form.values())
            except WorkflowError as e:
                status = _put(form, e)
            else:
                messages.success(request, _("Space saved; the lawful occupancy is recomputed."))
                return redirect("web:venue", town=town, pk=pk)
        else:  # the form's refusals with the service's of the change as the form took it, at once (M-21, W-31)
            _beside(form, vs.space_change_refusals(s, form.taken()), but_refused=True)
        s = Space.objects.for_town(t).filter(pk=s.pk).first() or s  # the page shows it (its version) as it is now
    return render(request, "web/venues/space.html", {"title": _("Edit %(n)s") % {"n": s.name}, "town": t,
                                                     "venue": venue, "space": s, "form": form,
                                                     "may_edit": may_edit, "reason": request.POST.get("reason", "")},
                  status=status if form.errors else 200)


@no_places_before_login
@login_required
@methods("POST")
def certificate_issue(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    t = town_for(town)
    require_role(request.user, t, *vs.CERTIFIERS)
    venue = _venue(request, t, pk)
    form = vf.IssueForm(request.POST)
    status = 422
    blocked = False
    ev = _version(request, form)
    if ev is not None and form.is_valid():
        try:
            cert = vs.issue_certificate(request.user, venue, issued_on=form.cleaned_data.get("issued_on"),
                                        expected_version=ev)
        except WorkflowError as e:  # `Blocked` (M-17: not a place of assembly, nothing to certify): 409
            status = _put(form, e)
            blocked = isinstance(e, Blocked)  # (its blockers are the refusal: not listed twice)
        else:
            messages.success(request, _("Certificate %(n)s issued: lawful occupancy %(o)s persons.")
                             % {"n": cert.number, "o": cert.lawful_occupancy})
            return redirect("web:venue", town=town, pk=pk)
    venue.refresh_from_db()  # shown as it is now, with its version now in the form
    return render(request, "web/venues/detail.html", _context(request, t, venue, issue_form=form,
                                                              issue_blocked=blocked), status=status)


@no_places_before_login
@login_required
@methods("POST")
def worship_approval(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    """The Building Inspector approves the place's use solely for religious worship (§ 164-3): the place is then
    exempt from the certificate — also again after a change of its rooms withdrew the approval (M-20)."""
    t = town_for(town)
    require_role(request.user, t, *vs.CERTIFIERS)
    venue = _venue(request, t, pk)
    form = vf.WorshipApprovalForm(request.POST)
    status = 422
    ev = _version(request, form)
    if ev is not None and form.is_valid():
        try:
            vs.approve_religious_worship_exemption(request.user, venue, approved_on=form.cleaned_data.get(
                "approved_on"), expected_version=ev)
        except WorkflowError as e:
            status = _put(form, e)
        else:
            messages.success(request, _("The use solely for religious worship is approved (§ 164-3): no "
                                        "certificate is required."))
            return redirect("web:venue", town=town, pk=pk)
    venue.refresh_from_db()
    return render(request, "web/venues/detail.html", _context(request, t, venue, worship_form=form),
                  status=status)


@no_places_before_login
@login_required
@methods("POST")
def certificate_revoke(request: HttpRequest, town: str, pk: int, cert: int) -> HttpResponse:
    t = town_for(town)
    # the role before the reason is checked: a 403, not a form error
    require_role(request.user, t, *Certificate.state_machine.transitions["revoke"].roles)
    venue = _venue(request, t, pk)
    c = Certificate.objects.get_in_town(t, pk=cert, venue=venue)
    form = _revoke_form(c, request.POST)
    status = 422
    ev = _version(request, form)
    if ev is not None and form.is_valid():
        try:
            vs.revoke_certificate(request.user, c, reason=form.cleaned_data["reason"], expected_version=ev)
        except WorkflowError as e:
            c.refresh_from_db()
            status = _put(form, e, state=c.get_status_display(),
                          offered=c.status in (Certificate.VALID, Certificate.STALE))
        else:
            messages.success(request, _("Certificate %(n)s revoked.") % {"n": c.number})
            return redirect("web:venue", town=town, pk=pk)
    # refused: the page again, the reason's error beside it in the certificate's row (nothing was changed)
    return render(request, "web/venues/detail.html", _context(request, t, venue, revoking=(c.pk, form)),
                  status=status)


@no_places_before_login
@login_required
@methods("POST")
def inspection_schedule(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    t = town_for(town)
    require_role(request.user, t, *vs.INSPECTORS)
    venue = _venue(request, t, pk)
    form = vf.ScheduleInspectionForm(request.POST, inspectors=_inspectors(t))
    status = 422
    ev = _version(request, form)  # the venue's version: the same form sent twice schedules one inspection
    if ev is not None and form.is_valid():
        try:
            vs.schedule_inspection(request.user, venue, scheduled_for=form.cleaned_data["scheduled_for"],
                                   inspector=form.cleaned_data.get("inspector"), expected_version=ev)
        except WorkflowError as e:
            status = _put(form, e)
        else:
            messages.success(request, _("Inspection scheduled."))
            return redirect("web:venue", town=town, pk=pk)
    elif ev is not None:
        # the form's refusals (an inspector not offered, a day that is no date) with the service's of the values
        # it took (a day more than 2 years ahead), at once, each beside its field (M-25)
        _beside(form, vs.schedule_inspection_refusals(request.user, venue, **form.cleaned_data), but_refused=True)
    venue.refresh_from_db()  # shown as it is now, with its version now in the form
    return render(request, "web/venues/detail.html", _context(request, t, venue, schedule_form=form),
                  status=status)


def _rooms_of(venue: Venue) -> dict[str, Any]:
    """The inspection form's rooms and areas (in the order the service gives them the law core, by id) and the
    lawful occupancy of each where it is known (the law core's occupant load of the space, §§ 164-7, 164-8:
    what its sign states, and what its persons present are compared with, § 164-5)."""
    spaces = list(venue.spaces.order_by("id"))
    loads: dict[str, int] = {}
    if spaces:
        try:
            det = vs.compute_occupancy(venue)
        except ValidationFailed:  # (the rooms' measures refused: the rows without their number)
            det = None
        if det is not None and det.occupancy is not None:
            loads = {s.name: s.occupant_load for s in det.occupancy.spaces}
    return {"spaces": spaces, "loads": loads}


@no_places_before_login
@methods(*FORM_METHODS)
@login_required
def inspection_record(request: HttpRequest, town: str, pk: int, insp: int) -> HttpResponse:
    t = town_for(town)
    require_role(request.user, t, INSPECTOR, OFFICER)
    venue = _venue(request, t, pk)
    inspection = Inspection.objects.get_in_town(t, pk=insp, venue=venue)
    form = vf.RecordInspectionForm(request.POST or None, **_rooms_of(venue))
    status = 422
    if request.method == "POST":
        ev = _version(request, form)
        if ev is not None and form.is_valid():
            try:
                vs.record_inspection(request.user, inspection, expected_version=ev, **form.values())
            except WorkflowError as e:
                inspection.refresh_from_db()
                status = _put(form, e, state=inspection.get_state_display(),
                              offered=inspection.state == Inspection.SCHEDULED)
            else:
                messages.success(request, _("Inspection recorded."))
                return redirect("web:venue", town=town, pk=pk)
        elif ev is not None:
            # the form's refusals (a count that is not a number) with the service's and the law core's of the
            # values it took, at once, each beside its field (W-31)
            _beside(form, vs.inspection_refusals(request.user, inspection, **form.values()), but_refused=True)
        inspection.refresh_from_db()  # shown as it is now, with its version now in the form
    return render(request, "web/venues/inspection.html",
                  {"title": _("Inspection of %(v)s on %(d)s") % {"v": venue.name, "d": inspection.scheduled_for},
                   "town": t, "venue": venue, "inspection": inspection, "form": form,
                   "deficiencies": inspection.deficiencies.all(),
                   "not_stated": [w.translated(_) for w in exits.exit_fact_words(vs.exits_not_stated(inspection))]},
                  status=status if form.errors or form.marked_groups() else 200)
