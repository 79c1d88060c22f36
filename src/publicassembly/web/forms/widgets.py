"""Small shared widgets and helpers for accessible forms."""

from __future__ import annotations

from typing import Any

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


def area_field(**kwargs: Any) -> forms.DecimalField:
    """A floor area (square feet or metres, at most four decimal places, not negative). Its size is not
    bounded here by a count of digits (Django's "no more than 14 digits in total" says nothing of rooms): the
    form's `check_area` refuses a too large area with the law core's own bound and words."""
    return forms.DecimalField(label=_("Floor area"), min_value=0, decimal_places=4, **kwargs)


def check_area(form: forms.Form, data: dict[str, object]) -> None:
    """Refuse the form's ``area`` when the law core does (`law.units.area_sq_ft`: more than ten billion square
    feet, in the unit given), with its message in the page's language, beside the field."""
    from publicassembly.law.units import InvalidNumber, area_sq_ft
    from publicassembly.web.present import tr

    area, unit = data.get("area"), data.get("area_unit")
    if area is None or unit is None or "area" in form.errors:
        return
    try:
        area_sq_ft(area, str(unit), "area")
    except InvalidNumber as e:
        form.add_error("area", str(tr(e.problem)))


def check_alleys(form: forms.Form, data: dict[str, object]) -> None:
    """Refuse ``alleys`` given for a space that is not a bowling alley (§ 164-7 counts alleys only there),
    beside the field, rather than dropping the number unseen."""
    if data.get("alleys") is not None and data.get("use_group") != "bowling_alley":
        form.add_error("alleys", _("Only a bowling alley has alleys; leave this empty or choose “bowling alley” "
                                   "as the use."))


class OnceEach(forms.Form):
    """A form read from a query string (a GET form, a link) that refuses a field given more than once
    (``?persons=600&persons=5``): Django would take the last value silently, and which one was meant is not
    known. The field's error names the values given."""

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        getlist = getattr(self.data, "getlist", None)
        if getlist is None:
            return cleaned
        for name in self.fields:
            given = getlist(self.add_prefix(name))
            if len(given) > 1:
                shown = ", ".join(repr(str(v)[:40]) for v in given[:5])
                self.add_error(name, _("Given %(count)d times (%(values)s); give it once.")
                               % {"count": len(given), "values": shown})
        return cleaned
