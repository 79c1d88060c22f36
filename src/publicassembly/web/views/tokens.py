"""A signed-in person's API tokens: create (shown once) and revoke.

Creating one is POST/redirect/GET: the form's POST creates the token and redirects to the page, which shows the new
token once — it is kept in the server-side session until that page shows it, never in an address — so reloading
the page does not send the form again. Each form the page shows carries a key of its own (``form_key``, kept in
the session until the form is sent): a form sent twice (a double click, the browser's "send again") creates one
token, the second sending leading to the same page."""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from publicassembly.api.models import ApiToken
from publicassembly.web.views.errors import FORM_METHODS, methods, refusal_detail
from publicassembly.workflow.errors import ValidationFailed
from publicassembly.workflow.printable import require_no_controls

#: Session keys: the token just created, until the page shows it; the keys of the forms shown and not yet sent;
#: those of the forms sent (a form sent again is told so).
NEW_TOKEN, OPEN_FORMS, SPENT_FORMS = "api_tokens_new", "api_tokens_forms", "api_tokens_sent"
#: The most forms (pages, tabs) kept open, and sent, at once; an older one sent is told to be sent again.
MOST_OPEN_FORMS = 20


class TokenForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name of the new token"), max_length=100,
                           help_text=gettext_lazy("Say where it is used, e.g. “county dashboard”."))

    def clean_name(self) -> str:
        """Without control characters, as every other text the site keeps (G-6: `require_no_controls`, the
        API's check of a token's name too)."""
        name: str = self.cleaned_data["name"]
        try:
            require_no_controls(("name", name))
        except ValidationFailed as e:
            raise forms.ValidationError(refusal_detail(e), code="controls") from None
        return name


def _open_form(request: HttpRequest) -> str:
    """A new key for the form the page shows, kept in the session as open (the `MOST_OPEN_FORMS` latest)."""
    key = secrets.token_urlsafe(16)
    request.session[OPEN_FORMS] = [*(request.session.get(OPEN_FORMS) or [])[-(MOST_OPEN_FORMS - 1):], key]
    return key


def _page(request: HttpRequest, form: TokenForm, key: str, raw: str | None = None, status: int = 200
          ) -> HttpResponse:
    tokens = ApiToken.objects.filter(user=request.user)
    response = render(request, "web/auth/tokens.html",
                      {"title": _("API tokens"), "form": form, "tokens": tokens, "raw": raw, "form_key": key},
                      status=status)
    if raw is not None:  # (shown once: not kept by a cache or the browser's history)
        response["Cache-Control"] = "no-store"
    return response


def _create(request: HttpRequest, key: str, name: str) -> str:
    """Create the token of the form `key` if that form is still open, spending its key, and keep the token in
    the session for the page to show once: ``"created"``; ``"sent"`` when that form was sent before, ``"unknown"``
    when the session holds no such form (nothing created either way). The session is read again under a lock of
    the user's row, so two sendings of one form at once create one token."""
    store: Any = request.session
    with transaction.atomic():
        list(get_user_model().objects.select_for_update().filter(pk=request.user.pk).values_list("pk"))
        now = type(store)(store.session_key).load() if store.session_key else {}
        opened, spent = list(now.get(OPEN_FORMS) or []), list(now.get(SPENT_FORMS) or [])
        if NEW_TOKEN in now:  # (a token created by the first sending, not yet shown: kept for the page)
            store[NEW_TOKEN] = now[NEW_TOKEN]
        store[OPEN_FORMS], store[SPENT_FORMS] = opened, spent
        if key not in opened:
            return "sent" if key in spent else "unknown"
        opened.remove(key)
        store[SPENT_FORMS] = [*spent[-(MOST_OPEN_FORMS - 1):], key]
        _token, store[NEW_TOKEN] = ApiToken.objects.issue(request.user, name)
        store.save()
    return "created"


@methods(*FORM_METHODS)
@login_required
def api_tokens(request: HttpRequest) -> HttpResponse:
    """The person's tokens and the form creating one (POST/redirect/GET: the new token is shown once, by the page
    the form redirects to). A form sent again (its key spent) creates nothing more and leads to the page; one sent
    without a key the session holds (a page kept from before, a hand-made request) is refused, 422, nothing
    created."""
    if request.method != "POST":
        return _page(request, TokenForm(), _open_form(request), raw=request.session.pop(NEW_TOKEN, None))
    form = TokenForm(request.POST)
    key = request.POST.get("form_key", "")
    if not form.is_valid():
        opened = key and key in (request.session.get(OPEN_FORMS) or [])
        return _page(request, form, key if opened else _open_form(request), status=422)
    done = _create(request, key, form.cleaned_data["name"]) if key else "unknown"
    if done == "unknown":
        form.add_error(None, _("This form is not one this page gave you in this session (a page kept from "
                               "before, or sent without its key), so no token was created: send it again from "
                               "this page."))
        return _page(request, form, _open_form(request), status=422)
    if done == "sent":
        messages.info(request, _("This form was already sent: no other token was created. Your tokens are listed "
                                 "below."))
    return redirect("web:api_tokens")


@login_required
@methods("POST")
def revoke_token(request: HttpRequest, pk: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, pk=pk, user=request.user)
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
        messages.success(request, _("Token “%(n)s” revoked.") % {"n": token.name})
    return redirect("web:api_tokens")
