"""Who may act in which town: roles are held per town through `accounts.Membership`.

A user's roles in one town give them nothing in another. Roles are exactly those of
`publicassembly.accounts.models.Role`; administrators get no implicit role (give them the roles they use).
"""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from publicassembly.workflow.errors import NotAllowed, ValidationFailed


def _role_label(role: str) -> str:
    """A role in words in the active language ("town clerk"; "secretario municipal" in Spanish)."""
    from publicassembly.accounts.models import Role

    return str(Role(role).label) if role in Role.values else role.replace("_", " ")


def takes_an(role: str) -> bool:
    """Whether the English name of `role` is said with "an" ("an applicant", "an administrator", "an enforcement
    officer") rather than "a" ("a town clerk"): it begins with a vowel sound. Each sentence naming a role after an
    article has one wording for each article (the Spanish ones need none)."""
    from publicassembly.accounts.models import Role

    with translation.override("en"):
        name = str(Role(role).label) if role in Role.values else role.replace("_", " ")
    return name[:1].lower() in "aeiou"


def _article(an: bool, with_an: str, with_a: str) -> str:
    """The sentence `with_an` (its role after "an") or `with_a` (after "a"), in the active language. A language
    whose catalog has only the "a" wording (one without these articles, e.g. Spanish, until its translators add
    the other) gets that translation rather than the English sentence."""
    if not an:
        return _(with_a)
    text = _(with_an)
    if text == with_an and not (translation.get_language() or "en").startswith("en"):
        return _(with_a)
    return text


def _either(labels: list[str]) -> str:
    """Roles joined by "or" in the active language: "town clerk or town board member"."""
    text = labels[0]
    for label in labels[1:]:
        text = _("%(first)s or %(next)s") % {"first": text, "next": label}
    return text


def roles_of(user: Any, town: Any) -> set[str]:
    """The active roles `user` holds in `town` (empty for anonymous users or None)."""
    from publicassembly.accounts.models import Membership

    if user is None or not getattr(user, "is_authenticated", False) or not getattr(user, "is_active", False):
        return set()
    if town is None or getattr(town, "pk", None) is None:
        return set()
    return set(
        Membership.objects.for_town(town).filter(user=user, active=True).values_list("role", flat=True)
    )


def require_role(user: Any, town: Any, *roles: str) -> Any:
    """The user's active `Membership` in `town` with one of `roles` (the first in the order given).

    Raises `NotAllowed` naming the roles needed, the town and the roles the user does hold there, when the
    user is anonymous, inactive, or holds none of `roles` in `town` (another town's official is refused);
    `ValidationFailed` if a role name is not one of `accounts.models.Role`.
    """
    from publicassembly.accounts.models import Membership, Role

    if not roles:
        raise ValueError("require_role needs at least one role")
    unknown = [r for r in roles if r not in Role.values]
    if unknown:
        raise ValidationFailed("role", _("unknown role %(role)s; allowed: %(allowed)s")
                               % {"role": repr(unknown[0]), "allowed": ", ".join(Role.values)})
    needed = _either([_role_label(r) for r in roles])
    an = takes_an(roles[0])  # the article goes with the first role named ("an applicant or town clerk")
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotAllowed(_article(an, gettext_noop("sign in as an %(roles)s of %(town)s to do this"),
                                  gettext_noop("sign in as a %(roles)s of %(town)s to do this"))
                         % {"roles": needed, "town": town})
    if not user.is_active:
        raise NotAllowed(_("the account %(user)s is disabled") % {"user": repr(user.get_username())})
    memberships = {
        m.role: m for m in Membership.objects.for_town(town).filter(user=user, active=True, role__in=roles)
    }
    for role in roles:
        if role in memberships:
            return memberships[role]
    held = sorted(roles_of(user, town))
    held_text = ", ".join(_role_label(r) for r in held) if held else _("none")
    raise NotAllowed(_article(an, gettext_noop("%(user)s is not an %(roles)s in %(town)s (their roles there: "
                                               "%(held)s)"),
                              gettext_noop("%(user)s is not a %(roles)s in %(town)s (their roles there: %(held)s)"))
                     % {"user": repr(user.get_username()), "roles": needed, "town": town, "held": held_text})
