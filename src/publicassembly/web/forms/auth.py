"""Registration and sign-in forms (sign-in throttled, see `publicassembly.web.throttle`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from publicassembly.law import jurisdictions
from publicassembly.web import throttle


def town_choices() -> list[tuple[str, str]]:
    """The towns by their names in the page's language ("Pueblo de Carmel, Nueva York": interpretation W-6)."""
    from publicassembly.accounts.models import shown_town_name

    return [(j.alias, shown_town_name(j.name)) for j in jurisdictions.all_jurisdictions()]


class RegisterForm(UserCreationForm):
    """An applicant's account: name, e-mail, password, and the town to apply in."""

    first_name = forms.CharField(label=_("First name"), max_length=150)
    last_name = forms.CharField(label=_("Last name"), max_length=150)
    email = forms.EmailField(label=_("E-mail address"), help_text=_("Notices about your applications go here."))
    town = forms.ChoiceField(label=_("Town you will apply in"), choices=town_choices)

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "first_name", "last_name", "email")

    def _printable(self, field: str) -> str:
        """The documents print an applicant's name (the petition, the permit, the notice of hearing) and the
        user name when no name is given: text they cannot print is refused here (interpretation G-6)."""
        from publicassembly.workflow.printable import problems

        value = self.cleaned_data[field]
        found = problems(value, field)
        if found:
            raise forms.ValidationError(found[0][1], code="unprintable")
        return value

    def clean_first_name(self) -> str:
        return self._printable("first_name")

    def clean_last_name(self) -> str:
        return self._printable("last_name")

    def clean_username(self) -> str:
        self.cleaned_data["username"] = super().clean_username()
        return self._printable("username")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this e-mail address exists; sign in instead."))
        return email


class ThrottledLoginForm(AuthenticationForm):
    """Django's sign-in form, refusing further attempts for a while after repeated failures."""

    def clean(self) -> dict[str, Any]:
        username = self.data.get("username", "") or ""
        address = throttle.client_address(self.request) if self.request else "unknown"
        try:
            throttle.check(username, address)
        except throttle.TooManyAttempts as exc:
            raise forms.ValidationError(_("Too many failed sign-ins; try again in %(m)d minutes.")
                                        % {"m": max(1, -(-exc.retry_after // 60))}, code="throttled") from None
        try:
            data = super().clean()
        except forms.ValidationError:
            throttle.record(username, address, succeeded=False)
            raise
        throttle.record(username, address, succeeded=True)
        return data
