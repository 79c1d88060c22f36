"""A signed-in person's API tokens: create (shown once) and revoke."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from publicassembly.api.models import ApiToken
from publicassembly.web.views.errors import FORM_METHODS, methods


class TokenForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name of the new token"), max_length=100,
                           help_text=gettext_lazy("Say where it is used, e.g. “county dashboard”."))


@methods(*FORM_METHODS)
@login_required
def api_tokens(request: HttpRequest) -> HttpResponse:
    form = TokenForm(request.POST or None)
    raw = None
    if request.method == "POST" and form.is_valid():
        _token, raw = ApiToken.objects.issue(request.user, form.cleaned_data["name"])
        form = TokenForm()
    tokens = ApiToken.objects.filter(user=request.user)
    return render(request, "web/auth/tokens.html",
                  {"title": _("API tokens"), "form": form, "tokens": tokens, "raw": raw},
                  status=422 if form.errors else 200)


@login_required
@methods("POST")
def revoke_token(request: HttpRequest, pk: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, pk=pk, user=request.user)
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
        messages.success(request, _("Token “%(n)s” revoked.") % {"n": token.name})
    return redirect("web:api_tokens")
