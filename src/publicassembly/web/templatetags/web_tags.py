"""Template helpers of the web pages: accessible form controls and small formatting."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from publicassembly.web import present

register = template.Library()


@register.simple_tag
def control(field: Any, **extra: Any) -> SafeString:
    """The field's widget with ``aria-describedby`` pointing at its help and error texts, and
    ``aria-invalid`` when it has errors. Extra attributes (e.g. htmx ones) are passed through."""
    attrs: dict[str, Any] = {}
    described = []
    if field.help_text:
        described.append(f"help-{field.auto_id}")
    described.append(f"err-{field.auto_id}")
    attrs["aria-describedby"] = " ".join(described)
    if field.errors:
        attrs["aria-invalid"] = "true"
    attrs.update({k.replace("_", "-"): v for k, v in extra.items()})
    return field.as_widget(attrs=attrs)


@register.filter
def status_label(status: str) -> str:
    """A finding's status in words, in the active language."""
    return {"met": _("met"), "not_met": _("not met"), "missing": _("missing"), "needs_review": _("needs review"),
            "not_applicable": _("not applicable")}.get(status, status)


@register.filter
def words(value: Any) -> str:
    """A key of the law core (a use group, an officer) as words in the active language: ``open_air`` →
    "open air"."""
    return present.label(str(value))


@register.filter
def law(value: Any) -> str:
    """A law-core message (a finding's reason, a deadline's sentence) in the active language; other values
    as they are."""
    return str(present.tr(value))


@register.filter
def town_name(value: Any) -> str:
    """A town (or its official name) as the page's language names it: "Pueblo de Carmel, Nueva York" in Spanish
    (`accounts.models.shown_town_name`, interpretation W-6)."""
    from publicassembly.accounts.models import shown_town_name

    return shown_town_name(getattr(value, "name", None) or str(value))


@register.filter
def issuer(certificate: Any) -> str:
    """Who issued a certificate (a `CertificateLookup`), in the page's language (`present.issuer`)."""
    return present.issuer(certificate.issued_by, certificate.town)


@register.filter
def money(value: Any) -> str:
    """An amount of US dollars as the page's language writes it (`present.money`): "$1,000" in English."""
    return present.money(value) if value not in (None, "") else "—"


@register.filter
def count(value: Any) -> str:
    """A count (persons, toilets, alleys, parking spaces) or a measure in the page's language
    (`present.number`): "1,800" in English, "1 800" in Spanish; none as "—"."""
    return present.number(value)


@register.filter
def area(value: Any) -> str:
    """An area with the law core's digits (at most four places, B-3) in the page's language (`present.area`):
    "3,000", "4,650.5", "0.0001"; none as "—"."""
    return present.area(value)


@register.filter
def condition(number: Any) -> str:
    """A condition of Carmel ch. 31, permit requirements ¶ C(1)-(10) by its number, with its words in the
    active language: 1 → "¶ C(1) drinking water" ("¶ C(1) agua potable")."""
    return present.condition(number)


@register.filter
def stored_law(value: Any) -> str:
    """A law-core sentence kept as English text in a record (a deficiency's detail: the finding's reason when
    the inspection was recorded, e.g. § 164-11 "Access to the exits was not clear and unimpeded; …") in the
    active language when the catalog holds it as a whole sentence; a sentence the law core built with values
    (no catalog entry of its own) stays as recorded."""
    return _(str(value)) if value not in (None, "") else ""


@register.filter
def top_errors(form: Any) -> list[Any]:
    """What a form's refusal says above it rather than beside a field: its non-field errors (a refusal as a
    whole, a conflict: the record changed since the page was shown, an action the law does not allow yet) and
    any error of a hidden field, which has nothing to be marked beside (``web/_form_errors.html``)."""
    out = list(form.non_field_errors())
    for field in form.hidden_fields():
        out.extend(field.errors)
    return out


@register.filter
def marked_fields(form: Any) -> list[Any]:
    """The visible fields of a form that hold an error, each then marked beside it: "Please correct the fields
    marked below" is said only when there is one (``web/_form_errors.html``)."""
    return [field for field in form.visible_fields() if field.errors]


@register.filter
def marked_groups(form: Any) -> list[Any]:
    """The groups of fields of a form that hold a refusal of their own, beside the group (the inspection's rooms:
    `RecordInspectionForm.marked_groups`), each ``{id, label, errors}``, listed with the marked fields
    (``web/_form_errors.html``); none for a form without groups."""
    groups = getattr(form, "marked_groups", None)
    return list(groups()) if callable(groups) else []
