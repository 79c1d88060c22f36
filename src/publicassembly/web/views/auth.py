"""Register, sign in (throttled), sign out, and each person's start page listing their roles per town."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from publicassembly.accounts.models import Membership, Role, Town
from publicassembly.law import jurisdictions
from publicassembly.web.forms.auth import RegisterForm, ThrottledLoginForm
from publicassembly.web.towns import roles_by_town, town_for
from publicassembly.web.views.errors import FORM_METHODS, methods, read_only


class LoginView(auth_views.LoginView):
    form_class = ThrottledLoginForm
    template_name = "web/auth/login.html"
    redirect_authenticated_user = True
    extra_context = {"title": gettext_lazy("Sign in")}


class LogoutView(auth_views.LogoutView):
    pass


@methods(*FORM_METHODS)
def register(request: HttpRequest) -> HttpResponse:
    """An applicant registers and is signed in, with the applicant role in the town chosen, and is told what
    they can now do there (`welcome`)."""
    if request.user.is_authenticated:
        return redirect("web:dashboard")
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            town = town_for(form.cleaned_data["town"])
            Membership.objects.create(user=user, town=town, role=Role.APPLICANT)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, welcome(user.first_name, town))
        return redirect("web:dashboard")
    return render(request, "web/auth/register.html", {"title": _("Register"), "form": form},
                  status=422 if form.errors else 200)


def welcome(name: str, town: Town) -> str:
    """The message greeting `name` registered as an applicant in `town`, saying what they can now do there as its
    law has it: apply for a permit (a permit process: Carmel ch. 31), register their place of assembly (places of
    assembly: Mount Pleasant ch. 164), or both."""
    from publicassembly.permits import services as sv
    from publicassembly.venues import services as vs

    said = [_("Welcome, %(name)s.") % {"name": name}]
    if sv.runs_permits(town):
        said.append(_("You can now apply for a permit."))
    if vs.has_places_of_assembly(town):
        said.append(_("You can now register your place of assembly."))
    return " ".join(said)


#: Where each role works, per town (URL names under web:).
ROLE_PAGES = {
    # An applicant applies for permits where the town's law has a permit process (Carmel ch. 31), and registers
    # the places of assembly they own where it has places of assembly (Mount Pleasant ch. 164: W-14).
    Role.APPLICANT: (("web:applicant_home", gettext_lazy("My applications")),
                     ("web:venues", gettext_lazy("My places of assembly"))),
    # The Town Clerk also reads the town's enforcement cases and keeps the court's copies (enforcement.services
    # READERS, COURT_CLERKS), in either town.
    Role.TOWN_CLERK: (("web:clerk_queue", gettext_lazy("Applications queue")),
                      ("web:enforcement", gettext_lazy("Enforcement"))),
    Role.TOWN_BOARD_MEMBER: (("web:clerk_queue", gettext_lazy("Applications before the Board")),),
    # The Building Inspector enforces the town's chapter too (complaints, violations, summonses, stop orders:
    # enforcement.services.ENFORCERS), so the Enforcement page is one of his pages in either town.
    Role.BUILDING_INSPECTOR: (("web:venues", gettext_lazy("Places of assembly")),
                              ("web:enforcement", gettext_lazy("Enforcement"))),
    # The enforcement officer reads the permit applications too (an assembly without a permit is ch. 31's offense:
    # W-35), read only.
    Role.ENFORCEMENT_OFFICER: (("web:enforcement", gettext_lazy("Enforcement")),
                               ("web:clerk_queue", gettext_lazy("Permit applications"))),
    Role.HEALTH_DEPARTMENT_REVIEWER: (("web:clerk_queue", gettext_lazy("Applications for review")),),
}
#: The pages of the permit process (Carmel ch. 31): linked only in a town that runs permits.
PERMIT_PAGES = frozenset({"web:applicant_home", "web:clerk_queue"})
#: The pages of places of assembly (an owner's, the Building Inspector's): linked only in a town whose chapter has
#: places of assembly (`venues.services.has_places_of_assembly`: Mount Pleasant ch. 164; Carmel ch. 31 has none,
#: so its Building Inspector is not offered a list in which nothing can be registered).
PLACES_PAGES = frozenset({"web:venues"})


@read_only
@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    """The signed-in person's start page: for each town, the pages of their roles there (`ROLE_PAGES`), each
    once. The permit process's pages (`PERMIT_PAGES`) only in a town that runs permits
    (`permits.services.runs_permits`); in another, where a role's page is left out, an applicant is told where
    permits come from, and an official left with no page there why (``no_permits``: `no_permits_said`). The pages of places of assembly (`PLACES_PAGES`)
    only in a town whose chapter has places of assembly (`venues.services.has_places_of_assembly`): an applicant in
    Mount Pleasant has "My places of assembly", in Carmel "My applications" (W-14)."""
    from publicassembly.permits import services as sv
    from publicassembly.venues import services as vs

    towns = []
    for town, roles in roles_by_town(request.user):
        links = []
        seen = set()
        permits = sv.runs_permits(town)
        places = vs.has_places_of_assembly(town)
        left_out = False
        for r in roles:
            for name, label in ROLE_PAGES.get(r, ()):
                if name in PERMIT_PAGES and not permits:
                    left_out = True
                elif name in PLACES_PAGES and not places:
                    pass  # (no places of assembly in this town's law: nothing to own or certify)
                elif (name, label) not in seen:
                    seen.add((name, label))
                    links.append((name, label))
        towns.append({"town": town, "roles": [Role(r).label for r in roles], "links": links,
                      "no_permits": no_permits_said(town, roles, links) if left_out else None})
    return render(request, "web/auth/dashboard.html", {"title": _("My work"), "towns": towns})


def no_permits_said(town: Town, roles: list[str], links: list[Any]) -> str | None:
    """What the start page says of a town whose law has no permit process (Mount Pleasant ch. 164), to whom it
    helps (a new-user trial: the sentence of the 404 page, "… does not issue permits … are applied for here in:
    Town of Carmel", stood on every official's start page, the enforcement officer's too): an applicant, who may
    have come to apply for one, is told plainly where permits come from; an official left with no page in the
    town, why there is none; an official with his pages there (the enforcement officer, the Clerk), nothing.
    Towns by their names in the page's language (W-6)."""
    from publicassembly.accounts.models import shown_town_name

    permit_towns = ", ".join(shown_town_name(j.name) for j in jurisdictions.all_jurisdictions() if j.issues_permits)
    if Role.APPLICANT in roles and permit_towns:
        return _("%(town)s does not issue permits for public assemblies. If your assembly is in %(towns)s, that "
                 "town issues its permit.") % {"town": town.shown_name, "towns": permit_towns}
    if not links:
        return _("%(town)s does not issue permits for public assemblies, so no application comes to you here.") % {
            "town": town.shown_name}
    return None
