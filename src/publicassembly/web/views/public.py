"""The public's pages, no sign-in: the two questions answered live as the form changes (HTMX), upcoming public
hearings with their notices, and certificate look-up by number."""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from publicassembly.law import evaluate, units
from publicassembly.law.errors import InvalidCase, LawError, ParameterNotInForce
from publicassembly.web import present
from publicassembly.web.forms.public import (
    MAX_SPACES,
    OccupancyCheckForm,
    PermitCheckForm,
    SpaceForm,
    SpaceFormSet,
)
from publicassembly.web.forms.widgets import raw_query, reads_query
from publicassembly.web.views.errors import read_only
from publicassembly.workflow.words import not_in_force

#: Case field (law core) → form field, so the law core's complaint shows beside the field that caused it.
PERMIT_FIELDS = {"max_persons_at_one_time": "persons", "dates.first_day": "first_day",
                 "dates.last_day": "last_day", "dates": "last_day", "admission_fee": "admission_fee",
                 "as_of": "as_of", "purpose": "purpose", "sponsor.chapter_in_town_since": "chapter_in_town_since"}
OCCUPANCY_FIELDS = {"attendance": "attendance", "toilets_provided": "toilets", "as_of": "as_of",
                    "commercial": "commercial"}
#: A law-core field of a space (``spaces[1]``, ``spaces[1].area``): the space's index and, if named, its field.
SPACE_FIELD = re.compile(r"^spaces\[(\d+)\]\.?(\w+)?")


@read_only
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html", {"title": _("Public assemblies")})


def _is_htmx(request: HttpRequest) -> bool:
    """Whether HTMX asks (``HX-Request: true``): the answer is then only the partial (``_result.html``). Bad
    input is **422** whether the page or the partial answers, the partial showing each error beside its field
    (out of band) and the errors of no field where the answer goes; ``site.js`` swaps a 422 partial in."""
    return request.headers.get("HX-Request") == "true"


def _law_error(form: Any, exc: LawError, fields: dict[str, str], rooms: list[Any] | None = None) -> None:
    """Put the law core's complaint beside the field it names (or on the form as a whole); a room's
    (``spaces[1].area``) beside the field of the room it was given as (`rooms`, the forms of the rooms described,
    in the order of the case's ``spaces``)."""
    if isinstance(exc, InvalidCase):
        m = SPACE_FIELD.match(exc.field)
        if m and rooms is not None and int(m.group(1)) < len(rooms):
            sub = rooms[int(m.group(1))]
            name = m.group(2) if m.group(2) in sub.fields else None
            sub.add_error(name, present.tr(exc.message))
            return
        target = fields.get(exc.field)
        message = present.tr(exc.message)
        form.add_error(target, message if target else f"{exc.field}: {message}")
    elif isinstance(exc, ParameterNotInForce):
        if exc.first is not None:
            form.add_error("as_of", capfirst(not_in_force(exc.as_of, exc.first)) + ".")
        else:
            form.add_error("as_of", _("The chapter was not in force on %(day)s.") % {"day": exc.as_of})
    else:
        form.add_error(None, str(exc))


@read_only
def permit_check(request: HttpRequest) -> HttpResponse:
    """"Do I need a permit?" — Carmel Code ch. 31. GET with the form's values determines the case; a parameter
    the page does not take, or whose name or value is not UTF-8 (``?persons=%FF``), is refused naming it
    (`OnceEach.reads_whole_query`). A link with only parameters the
    pages take without reading them (``?fbclid=…``, `ignored_parameter`) shows the empty form."""
    bound = reads_query(request.GET)
    form = PermitCheckForm(request.GET if bound else None, query_string=raw_query(request))
    ctx: dict[str, Any] = {"title": _("Do I need a permit?"), "form": form}
    if bound and form.is_valid():
        from publicassembly.permits.services import public_parameters

        case = form.case()
        try:  # (with the filing fee the Town Board set, when its schedule is on file here)
            ctx.update(present.context(evaluate(case, parameters=public_parameters(case["jurisdiction"]))))
        except LawError as exc:
            _law_error(form, exc, PERMIT_FIELDS)
    template = "web/public/_result.html" if _is_htmx(request) else "web/public/permit_check.html"
    status = 422 if bound and form.errors else 200
    return render(request, template, ctx, status=status)


def _remove_room(data: Any, given: list[str]) -> str | None:
    """Take out of `data` (the query, a mutable copy) the room a "Remove" button names (``remove``, its number on
    the page, 1 to the rooms counted): the rooms after it move up one, the count is one less. None when done;
    else the refusal (``remove`` given twice, not a room's number), nothing removed."""
    total = str(data.get("form-TOTAL_FORMS", ""))
    count = int(total) if total.isascii() and total.isdigit() and len(total) <= 3 else 0
    raw = given[-1] if given else ""
    if len(given) != 1 or not (raw.isascii() and raw.isdigit() and 1 <= int(raw) <= count):
        return _("remove: must be the number of a room or area on the page, 1 to %(count)s (got %(value)s).") % {
            "count": count, "value": ", ".join(units.given(v) for v in given[:5])}
    gone = int(raw) - 1
    fields = SpaceForm.base_fields
    for i in range(gone, count):
        for name in fields:
            after = data.getlist(f"form-{i + 1}-{name}") if i + 1 < count else []
            if after:
                data.setlist(f"form-{i}-{name}", after)
            else:
                data.pop(f"form-{i}-{name}", None)
    data["form-TOTAL_FORMS"] = str(count - 1)
    initial = str(data.get("form-INITIAL_FORMS", ""))
    if initial.isascii() and initial.isdigit() and len(initial) <= 3 and int(initial) >= count:
        data["form-INITIAL_FORMS"] = str(count - 1)  # (the forms the page was opened with, less the one removed)
    return None


@read_only
def occupancy_check(request: HttpRequest) -> HttpResponse:
    """"How many people may this space hold?" — Mount Pleasant Code ch. 164, §§ 164-7, 164-8. A GET with the
    form's values determines the place; a parameter the page does not take, or not UTF-8, is refused naming it. A
    link with
    only parameters the pages take without reading them (`ignored_parameter`) shows the empty form; a link with
    the page's own parameters but no count of rooms (``?attendance=50``, typed or shared) is read as giving no
    room, so that it is told to describe one (and a room's field beyond the count, or a field the page does
    not have, is refused by name) instead of the link being ignored.

    "Add another room or area" (``add``) adds a row, and a room's "Remove" (``remove=<its number>``) takes one
    out, the rooms after it moving up, and sends to the page's address without it (302: reloading it removes no
    other room) — each a full page, so that they work without JavaScript. A row left blank (nothing typed:
    `SpaceForm.has_changed`) is ignored. While a row is added the rooms described are still answered (a room
    given wrong still told, at 200), so that the answer does not disappear."""
    bound = reads_query(request.GET)
    data = request.GET.copy() if bound else None
    if data is not None and "form-TOTAL_FORMS" not in data:
        data["form-TOTAL_FORMS"] = "0"
        data.setdefault("form-INITIAL_FORMS", "0")
    # "Add another room" counts one more form — unless a management field is given twice (a link, not the
    # page), which is refused as the form would refuse it, not replaced by one count. One more than the page
    # takes (MAX_SPACES) is not added: the rooms are judged, and the count refused in one error naming the limit.
    adding = (data is not None and "add" in data
              and not SpaceFormSet(data, prefix="form").repeated_management_fields())
    if data is not None and adding:
        given_total = data.get("form-TOTAL_FORMS", "1")  # (the digits 0-9 only: "²" is a digit to isdigit)
        if not (given_total.isascii() and given_total.isdigit()):
            data["form-TOTAL_FORMS"] = "1"
        elif len(given_total.lstrip("0")) <= len(str(MAX_SPACES)):  # (more digits: beyond it, left as given)
            data["form-TOTAL_FORMS"] = str(int(given_total) + 1)
            # The new room shows the unit its field starts with, so that it is a room not yet described (left
            # unchecked, as Django leaves an extra form unchanged from its initial values), not one described
            # without a unit, told "This field is required." for each field before anything was typed.
            data.setdefault(f"form-{int(given_total)}-area_unit", SpaceForm.base_fields["area_unit"].initial)
        adding = not SpaceFormSet(data, prefix="form").counted_beyond_limit()
    refused: tuple[str, ...] = ()
    if data is not None and "remove" in data and not adding:
        problem = _remove_room(data, data.getlist("remove"))
        if problem is None:  # (to the page's address without the room, so that reloading it removes no other)
            data.pop("remove")
            if data.get("form-TOTAL_FORMS") == "0":  # (the last room removed: the page as first opened, a blank
                return redirect(request.path)       # row to fill in, not a refusal that no room is described)
            return redirect(f"{request.path}?{data.urlencode()}")
        refused = (problem,)
    # (each room's form knows the address too, so that a room's value not UTF-8 is told once, above the form)
    formset = SpaceFormSet(data, prefix="form", form_kwargs={"query_string": raw_query(request)})
    formset.rows_changed = adding
    form = OccupancyCheckForm(data, rooms=formset.forms_counted(), query_string=raw_query(request), refused=refused)
    ctx: dict[str, Any] = {"title": _("How many people may this space hold?"), "form": form,
                           "formset": formset}
    if bound and form.is_valid() and formset.is_valid() and formset.rooms():
        rooms = formset.rooms()
        try:
            ctx.update(present.context(evaluate(form.case([f.space() for f in rooms]))))
        except LawError as exc:
            _law_error(form, exc, OCCUPANCY_FIELDS, rooms)
    if not bound:
        formset = SpaceFormSet(prefix="form", initial=[{"area_unit": "sq_ft"}])
        ctx["formset"] = formset
    ctx["formset_errors"] = bound and not adding and (bool(form.errors) or not formset.is_valid())
    template = "web/public/_result.html" if _is_htmx(request) else "web/public/occupancy_check.html"
    status = 422 if ctx["formset_errors"] else 200
    return render(request, template, ctx, status=status)
