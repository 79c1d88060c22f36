"""Small shared widgets and helpers for accessible forms."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

YES_NO_UNKNOWN = [("", _("Not stated")), ("yes", _("Yes")), ("no", _("No"))]


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs: dict | None = None) -> None:
        super().__init__(attrs=attrs, format="%Y-%m-%d")


def tristate(value: str | None) -> bool | None:
    """'yes' → True, 'no' → False, anything else → None (not stated)."""
    return {"yes": True, "no": False}.get(value or "")
