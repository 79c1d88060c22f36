"""Registration and sign-in forms (sign-in throttled, see `publicassembly.web.throttle`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from publicassembly.law import jurisdictions
from publicassembly.law.errors import LawError
from publicassembly.web import throttle
from publicassembly.web.forms.widgets import PlainErrorsMixin


def town_choices() -> list[tuple[str, str]]:
    """The towns by their names in the page's language ("Pueblo de Carmel, Nueva York": interpretation W-6)."""
    from publicassembly.accounts.models import shown_town_name

    return [(j.alias, shown_town_name(j.name)) for j in jurisdictions.all_jurisdictions()]


def chapter_of(j: Any) -> str:
    """The chapter a jurisdiction's code is, as a citation ("Mount Pleasant Code ch. 164"), without its title."""
    return str(j.code).split(",")[0]


def account_for(j: Any) -> list[str]:
    """What an applicant's account in jurisdiction `j` is for, one sentence per process its law has, in the
    active language: applying for a permit where the law has a permit process (``issues_permits``: Carmel ch. 31
    ¶ A, a permit for an assembly in excess of its threshold of persons), registering one's place of assembly
    where it has places of assembly (subject ``venue``: Mount Pleasant ch. 164's certificate of lawful
    occupancy, § 164-3)."""
    from publicassembly.accounts.models import shown_town_name

    town = shown_town_name(j.name)
    out = []
    if j.issues_permits:
        try:
            values = j.parameters.at(timezone.localdate())
            persons, cite = values["permit.threshold_persons"], values.cite("permit.threshold_persons")
        except (KeyError, LawError):  # (a chapter whose permit has no threshold of persons)
            out.append(gettext("%(town)s: apply for a permit for a public assembly (%(cite)s).")
                       % {"town": town, "cite": chapter_of(j)})
        else:
            out.append(gettext("%(town)s: apply for a permit for an assembly in excess of %(persons)s persons "
                               "(%(cite)s).") % {"town": town, "persons": persons, "cite": cite})
    if "venue" in j.subjects:
        out.append(gettext("%(town)s: register your place of assembly for its certificate of lawful occupancy "
                           "(%(cite)s).") % {"town": town, "cite": chapter_of(j)})
    return out


def town_help() -> str:
    """The help of the registration's town: what an account in each town is for (`account_for`)."""
    return " ".join(line for j in jurisdictions.all_jurisdictions() for line in account_for(j))


class RegisterForm(PlainErrorsMixin, UserCreationForm):
    """An applicant's account: name, e-mail, password, and the town it is for — to apply for a permit there, or
    to register one's place of assembly, as the town's law has it (`account_for`). A town not among them
    (``town=bogus``, from a hand-made request) is told with the towns there are and the value given
    (`PlainErrorsMixin`), not Django's "Select a valid choice."."""

    first_name = forms.CharField(label=_("First name"), max_length=150)
    last_name = forms.CharField(label=_("Last name"), max_length=150)
    email = forms.EmailField(label=_("E-mail address"), help_text=_("The Town's notices to you go here."))
    town = forms.ChoiceField(label=_("Town"), choices=town_choices, help_text=lazy(town_help, str)())

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
