"""Small shared widgets and helpers for accessible forms."""

from __future__ import annotations

import datetime as dt
import difflib
import re
import sys
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from pydantic import TypeAdapter
from pydantic import ValidationError as PydanticValidationError

from publicassembly.law.units import InvalidNumber, NumberTooLarge, WholeNumber, given, to_decimal
from publicassembly.web.present import tr

YES_NO_UNKNOWN = [("", _("Not stated")), ("yes", _("Yes")), ("no", _("No"))]


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs: dict | None = None) -> None:
        super().__init__(attrs=attrs, format="%Y-%m-%d")


#: What a browser's ``datetime-local`` field holds (and so shows): a date and time to the minute or second, no offset.
_LOCAL_MOMENT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?")


class DateTimeInput(forms.DateTimeInput):
    """A moment on the Town's clock, in the browser's date-and-time field (``datetime-local``, to the minute). A
    value that field cannot hold — a moment written with its offset, as the hour the clocks go back asks
    (`TownMomentField`) — is shown in a text field instead, as written, rather than emptied by the browser."""

    input_type = "datetime-local"

    def __init__(self, attrs: dict | None = None) -> None:
        super().__init__(attrs=attrs, format="%Y-%m-%dT%H:%M")
        self.as_text = False

    def get_context(self, name: str, value: Any, attrs: dict | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        shown = context["widget"]["value"]
        if self.as_text or (shown and not _LOCAL_MOMENT.fullmatch(str(shown))):
            context["widget"]["type"] = "text"
        return context


class TownMomentField(forms.DateTimeField):
    """A moment on the Town's clock (the stop order's "Ordered at", its "Lifted at"): a date and time written
    without an offset is read in the Town's time zone by `workflow.dates.town_moment` — the hour the clocks go
    back (which happens twice) and the hour they go forward (which never happens) refused in its words, not
    Django's ("… couldn't be interpreted in time zone America/New_York; it may be ambiguous or it may not
    exist."); one written with its offset (``2026-11-01T01:30-05:00``) is taken as it is. Refused so, the field is
    shown again as a text field, so that the offset can be written in it (`DateTimeInput`)."""

    widget = DateTimeInput

    def to_python(self, value: Any) -> Any:
        from django.utils.dateparse import parse_datetime
        from django.utils.timezone import is_aware

        from publicassembly.workflow.dates import town_moment
        from publicassembly.workflow.errors import ValidationFailed

        if value in self.empty_values:
            return None
        if isinstance(value, dt.datetime):
            moment = value
        else:
            try:
                moment = parse_datetime(str(value).strip())
            except ValueError:
                raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None
            if moment is None:  # (another format of the field's: "2026-07-04 19:30" …, read as Django reads it)
                moment = forms.fields.BaseTemporalField.to_python(self, value)
        if is_aware(moment):
            return moment
        try:
            return town_moment("moment", moment)
        except ValidationFailed as e:
            if isinstance(self.widget, DateTimeInput):
                self.widget.as_text = True
            raise forms.ValidationError(e.detail, code="not_on_the_town_clock") from None


def tristate(value: str | None) -> bool | None:
    """'yes' → True, 'no' → False, anything else → None (not stated)."""
    return {"yes": True, "no": False}.get(value or "")


#: The law core's reading of a whole number given as text (`law.units.WholeNumber`, the type of every count:
#: `Count`, `PositiveCount`, `Age` add only their bounds).
_WHOLE_NUMBER: TypeAdapter[int] = TypeAdapter(WholeNumber)


class WholeNumberField(forms.IntegerField):
    """A whole number (persons, spaces, nurses, alleys, days...) read exactly as the law core reads one given
    as text (`law.units.WholeNumber`; register G-5): the digits 0-9, a sign, surrounding spaces and a point
    followed only by zeros (``12.00``) taken; Python's grouping ``1_000``, other digits (full-width ``２０００``,
    Arabic-Indic ``٣``) and an exponent (``1e3``), which Django's `IntegerField` took or worded as it pleased,
    refused beside the field. Every field of the web forms that takes a whole number is one of these, so that a
    page takes what the CLI and the API take, as the same number."""

    default_error_messages = {
        "not_digits": _("Write a whole number in the digits 0-9 (got %(value)s)."),
    }

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if not text:
            return None
        try:
            return _WHOLE_NUMBER.validate_python(text)
        except PydanticValidationError:
            # Text written with other digits or "_" is told which digits to write; other text (``two``) is
            # worded by `PlainErrors` ("Give a whole number, e.g. 12").
            code = "not_digits" if "_" in text or not text.isascii() else "invalid"
            raise forms.ValidationError(self.error_messages[code], code=code,
                                        params={"value": given(str(value))}) from None


class NumberField(forms.DecimalField):
    """A decimal number (money, an area, decibels) read exactly as the law core reads one given as text
    (`law.units.to_decimal`; register G-5): other Unicode decimal digits are read for their value
    (``１００.５`` is 100.5, as in a case file), Python's grouping (``1_0.5``, which Django's `DecimalField` took as
    10.5) is refused beside the field, and so is a number beyond the law core's bounds (more than 10^15, more
    than 20 decimal places), in its words. Every field of the web forms that takes a decimal is one of these."""

    default_error_messages = {
        "grouped": _("Write a number without '_', e.g. 1250 or 1250.50 (got %(value)s)."),
    }

    def __init__(self, *, too_large: Callable[[str], Any] | None = None, **kwargs: Any) -> None:
        """`too_large`: what a number beyond the reader's bound is told (`law.units.NumberTooLarge`, given the
        number as written), when the quantity has a bound of its own to say (an area: `area_field`); None: the
        reader's own words."""
        super().__init__(**kwargs)
        self.too_large = too_large

    def to_python(self, value: Any) -> Decimal | None:
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if not text:
            return None
        if "_" in text:
            raise forms.ValidationError(self.error_messages["grouped"], code="grouped",
                                        params={"value": given(str(value))})
        try:
            return to_decimal(text, "value")
        except InvalidNumber as e:
            try:
                readable = Decimal(text).is_finite()
            except InvalidOperation:
                readable = False
            if not readable:  # not a number at all: worded by `PlainErrors` ("Give a number, e.g. 1250")
                raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None
            if isinstance(e, NumberTooLarge) and self.too_large is not None:
                raise forms.ValidationError(str(tr(self.too_large(e.shown))), code="out_of_bounds") from None
            raise forms.ValidationError(str(tr(e.problem)), code="out_of_bounds") from None


def area_field(*, min_value: int | None = 0, **kwargs: Any) -> NumberField:
    """A floor area (square feet or metres, at most four decimal places, not negative unless `min_value` is
    None: a form that says itself what is allowed, as the venue page's room form does). Its size is not
    bounded here by a count of digits (Django's "no more than 14 digits in total" says nothing of rooms): the
    form's `check_area` refuses a too large area with the law core's own bound and words."""
    from publicassembly.law.units import area_too_large

    # (beyond the reader's 10^15: the area's own bound, ten billion sq ft, which a smaller number meets too)
    return NumberField(label=_("Floor area"), min_value=min_value, decimal_places=4, too_large=area_too_large,
                       **kwargs)


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


def given_values(values: list[str]) -> str:
    """The values of a field given more than once, as a refusal shows them: ``'600', '5'`` (the first five,
    each as the law core shows a value given, `law.units.given`)."""
    return ", ".join(given(str(v)) for v in values[:5])


def given_twice(values: list[str]) -> str:
    """What a field of a query string given more than once is told (`OnceEach`): its values and to give it
    once."""
    return _("Given %(count)d times (%(values)s); give it once.") % {"count": len(values),
                                                                     "values": given_values(values)}


def _same_words(value: str, label: str) -> bool:
    return value.replace("_", " ").casefold() == label.casefold()


def choice_refused(field: forms.ChoiceField, value: object) -> str:
    """What a choice field told a value that is not one of its choices says (instead of Django's "Select a
    valid choice. true is not one of the available choices."): the values it takes, each with its words on
    the page when they differ (``yes (Sí)`` on the Spanish page), whether it may be left empty, and the value
    given — ``Choose one of: yes, no, or leave it empty for “Not stated” (got 'true').``"""
    empty_label = None
    allowed = []
    for key, label in field.choices:
        key, label = str(key), str(label)
        if key == "":
            empty_label = label
        else:
            allowed.append(key if _same_words(key, label) else f"{key} ({label})")
    params = {"allowed": ", ".join(allowed), "value": given(str(value)), "empty": empty_label}
    if field.required:
        return _("Choose one of: %(allowed)s (got %(value)s).") % params
    if empty_label:
        return _("Choose one of: %(allowed)s, or leave it empty for “%(empty)s” (got %(value)s).") % params
    return _("Choose one of: %(allowed)s, or leave it empty (got %(value)s).") % params


class DollarsField(NumberField):
    """US dollars in whole cents, read as the law core reads money (interpretation W-27): the number as
    `NumberField` reads it (`law.units.to_decimal`, G-5), then the law core's rule of money, exact cents
    (`law.units.dollars`, the rule of `Money` in a case file and of the API's amounts, W-24): trailing zeros past
    the cents are the same cents (``10.000`` is $10.00, as a case file and the API take it; Django's
    `DecimalField` refused it, "no more than 2 decimal places"), and a fraction of a cent (``10.005``,
    ``10.001``) is refused beside the field, saying whole cents and the value given. The refusal does not repeat
    the field's label: the page shows it beside the field, under its label, and in the list above the form after
    the label ("Amount paid (US dollars): US dollars in whole cents, …"). The amount is given on as the cents
    (``Decimal("10.00")``). Every money field of the web forms is one of these."""

    default_error_messages = {
        "cents": _("US dollars in whole cents, e.g. 250 or 250.50 (got %(value)s)."),
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(decimal_places=2, **kwargs)

    def to_python(self, value: Any) -> Decimal | None:
        from publicassembly.law.units import dollars

        amount = super().to_python(value)
        if amount is None:
            return None
        try:
            return dollars(amount, "amount")
        except InvalidNumber:
            raise forms.ValidationError(self.error_messages["cents"], code="cents",
                                        params={"value": given(str(value).strip())}) from None


class MoreThanZeroDollars(DollarsField):
    """US dollars in whole cents, more than $0 (a bond, a fee payment: the services refuse $0 too). Its refusal
    of $0 or less says what is allowed ("more than $0"), not Django's "greater than or equal to 0", which
    offered $0 that the service then refused."""

    def validate(self, value: Any) -> None:
        super().validate(value)
        if value is not None and value <= 0:
            raise forms.ValidationError(_("Give an amount of more than $0, e.g. 250.00 (got %(value)s)."),
                                        code="not_more_than_zero")

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        return {**super().widget_attrs(widget), "min": "0.01"}


class LinesField(forms.CharField):
    """A text asked one item per line (the Town Board's conditions, the items missing of a petition), held to the
    bounds of the API's list of the same items (`workflow.bounds`): at most `most` items, each at most `longest`
    characters. Blank lines are not items (`web.forms.application._lines`). Refused beside the field, naming the
    line of the text area (``Line 3``, counting blank lines, as the page shows them) and the bound, with what was
    given (`too_long`, `too_many`: the form's sentences, with ``%(line)s``, ``%(limit)s``, ``%(length)s`` and
    ``%(count)s``); the first `NAMED` lines too long are named, the others counted. Nothing is recorded."""

    #: The most lines too long named one by one; the others are counted in one sentence.
    NAMED = 10

    def __init__(self, *, longest: int, most: int, too_long: Any, too_many: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 3}))
        super().__init__(strip=False, **kwargs)  # (the lines as the text area shows them: "Line 3" is its third)
        self.longest, self.most, self.too_long, self.too_many = longest, most, too_long, too_many

    def validate(self, value: Any) -> None:
        super().validate(value)
        from publicassembly.web.present import number

        lines = [(n, line.strip()) for n, line in enumerate(str(value or "").splitlines(), 1) if line.strip()]
        errors = []
        if len(lines) > self.most:
            errors.append(forms.ValidationError(self.too_many % {"limit": number(self.most),
                                                                  "count": number(len(lines))},
                                                code="too_many_lines"))
        long = [(n, len(line)) for n, line in lines if len(line) > self.longest]
        for n, length in long[:self.NAMED]:
            errors.append(forms.ValidationError(self.too_long % {"line": n, "limit": number(self.longest),
                                                                 "length": number(length)},
                                                code="line_too_long"))
        if len(long) > self.NAMED:
            errors.append(forms.ValidationError(
                ngettext("… and %(more)s more line longer than %(limit)s characters.",
                         "… and %(more)s more lines longer than %(limit)s characters.", len(long) - self.NAMED)
                % {"more": number(len(long) - self.NAMED), "limit": number(self.longest)}, code="line_too_long"))
        if errors:
            raise forms.ValidationError(errors)


#: Django's wording of a value it could not read, by field class and error code, in the project's words: what the
#: field takes and what was given (the field's label stands beside it on the page). The first whose class the field
#: is an instance of is taken: Django's DecimalField and FloatField are subclasses of IntegerField, so they come
#: before it (else a field of dollars or square feet would ask for a whole number).
_NOT_READ: tuple[tuple[type[forms.Field], str, Any], ...] = (
    (forms.DecimalField, "invalid", _("Give a number, e.g. 1250 or 1250.50 (got %(value)s).")),
    (forms.FloatField, "invalid", _("Give a number, e.g. 1250 or 1250.50 (got %(value)s).")),
    (forms.IntegerField, "invalid", _("Give a whole number, e.g. 12 (got %(value)s).")),
    (forms.DateTimeField, "invalid", _("Give a date and time, e.g. 2026-07-04 19:30 (got %(value)s).")),
    (forms.DateField, "invalid", _("Give a date written YYYY-MM-DD, e.g. 2026-07-04 (got %(value)s).")),
    (forms.TimeField, "invalid", _("Give a time of day, e.g. 09:30 or 19:30 (got %(value)s).")),
    (MoreThanZeroDollars, "not_more_than_zero", _("Give an amount of more than $0, e.g. 250.00 (got %(value)s).")),
)


#: A number's bounds, in the law core's words (`law.cases`: "must be at least 0 (got -1)"), not Django's
#: ("Ensure this value is greater than or equal to 0."), by Django's error code.
_BOUNDS = {
    "min_value": _("Must be at least %(limit)s (got %(value)s)."),
    "max_value": _("Must be at most %(limit)s (got %(value)s)."),
}

def at_most(limit: int, value: int | str) -> str:
    """A whole number above its bound, as every number field of the pages says it (`_BOUNDS`, the law core's
    words): "Must be at most 1,000,000,000 (got 99,999,999,999,999,999,999).", in the active language. `value`: the
    number, or its digits (a number of more digits than Python reads as a number)."""
    from django.utils.formats import number_format

    return str(_BOUNDS["max_value"] % {"limit": number_format(limit, force_grouping=True),
                                       "value": number_format(value, force_grouping=True)})


#: A text's length, in the API's words ("is too long: at most 5,000 characters") with the length given, not
#: Django's ("Ensure this value has at most 5000 characters (it has 5001)."), by Django's error code.
_LENGTHS = {
    "max_length": _("Is too long: at most %(limit)s characters (got %(length)s)."),
}


#: Django's refusals of a decimal's digits ("Ensure that there are no more than 6 digits in total.", "… no more
#: than 4 decimal places."), which name neither the largest number nor the value given: `digits_refused`.
_DIGITS = frozenset({"max_digits", "max_decimal_places", "max_whole_digits"})


def digits_refused(field: forms.DecimalField, code: str, value: str) -> str:
    """What a decimal field says of a number of too many digits (Django's error `code`), with the value given: too
    many decimal places, how many it takes; too many digits in all, the largest number it takes (its
    ``max_digits`` less its ``decimal_places`` before the point) — "Must be at most 9,999,999,999.99 (got
    '10000000000000')." — as a bound is said (`_BOUNDS`)."""
    from django.utils.formats import number_format

    places = field.decimal_places
    if code == "max_decimal_places" and places is not None:
        return ngettext("Write at most %(places)d decimal place (got %(value)s).",
                        "Write at most %(places)d decimal places (got %(value)s).", places) % {
            "places": places, "value": value}
    # (Django counts the digits in all, or before the point, only of a field that bounds them: max_digits)
    largest = Decimal(10) ** (int(field.max_digits or 0) - (places or 0)) - (Decimal(1).scaleb(-places) if places else 1)
    return str(_BOUNDS["max_value"] % {"limit": number_format(largest, decimal_pos=places or 0,
                                                                force_grouping=True), "value": value})


class PlainErrorsMixin:
    """Of a form (a `forms.Form`, or a model form such as the registration's), errors that say what a field takes
    and what was given, instead of Django's wording: a value not among a choice field's choices (Django: "Select a
    valid choice. perhaps is not one of the available choices.") is told with the values allowed
    (`choice_refused`); a number, date or time Django could not read ("Enter a whole number.") with an example of
    what it takes and the value given; a number out of its bounds as the CLI and the API say it ("Must be at
    least 0 (got -1)."), and so a number of too many digits ("Ensure that there are no more than 6 digits in
    total.": `digits_refused`); a text too long as the API says it, with the length given ("Is too long: at most
    5,000 characters (got 5,001)."). Django's message of a required field stands."""

    def full_clean(self) -> None:
        super().full_clean()
        if self._errors:
            self._plain_errors()

    def _raw(self, name: str) -> str:
        """The text field `name` was given (the last, when given more than once; empty when not given)."""
        getlist = getattr(self.data, "getlist", None)
        raw = getlist(self.add_prefix(name)) if getlist is not None else [self.data.get(self.add_prefix(name))]
        value = raw[-1] if raw else ""
        return str(value if value is not None else "")

    def _given(self, name: str) -> str:
        return given(self._raw(name))

    def _plain_errors(self) -> None:
        """Reword, in place, the errors of the fields that Django worded (see the class), keeping the others."""
        for name, field in self.fields.items():
            if name not in self._errors:
                continue
            errors = self._errors[name].as_data()
            reworded = [self._plain(field, name, e) for e in errors]
            if any(new is not old for new, old in zip(reworded, errors, strict=True)):
                self._errors[name] = self.error_class(reworded, renderer=self.renderer)

    def _plain(self, field: forms.Field, name: str, error: forms.ValidationError) -> forms.ValidationError:
        if error.code == "invalid_choice" and isinstance(field, forms.ModelChoiceField):  # (records: not listed)
            return forms.ValidationError(_("Choose one of the listed values (got %(value)s).")
                                         % {"value": self._given(name)}, code=error.code)
        if (error.code == "invalid_choice" and isinstance(field, forms.ChoiceField)
                and not isinstance(field, forms.MultipleChoiceField)):
            value = (error.params or {}).get("value", self.data.get(self.add_prefix(name)))
            return forms.ValidationError(choice_refused(field, value), code=error.code)
        if (error.code == "invalid" and isinstance(field, forms.DateField)
                and not isinstance(field, forms.DateTimeField)):
            from django.utils.translation import gettext

            from publicassembly.law.cases import not_a_day

            problem = not_a_day(self._raw(name))
            if problem is not None:  # written YYYY-MM-DD, but no day ("2026-02-30": 2026-02 has 28 days)
                return forms.ValidationError(problem.translated(gettext) + ".", code=error.code)
        for kind, code, message in _NOT_READ:
            if isinstance(field, kind) and error.code == code:
                return forms.ValidationError(message % {"value": self._given(name)}, code=code)
        if error.code in _DIGITS and isinstance(field, forms.DecimalField):
            return forms.ValidationError(digits_refused(field, error.code, self._given(name)), code=error.code)
        if error.code in _BOUNDS and isinstance(field, forms.IntegerField | forms.DecimalField | forms.FloatField):
            from django.utils.formats import number_format

            params = error.params or {}
            value = params.get("value")
            return forms.ValidationError(_BOUNDS[error.code] % {
                "limit": number_format(params.get("limit_value"), force_grouping=True),
                "value": self._given(name) if value is None else number_format(value, force_grouping=True)},
                code=error.code)
        if error.code in _LENGTHS and isinstance(field, forms.CharField):
            from django.utils.formats import number_format

            params = error.params or {}
            return forms.ValidationError(_LENGTHS[error.code] % {
                "limit": number_format(params.get("limit_value"), force_grouping=True),
                "length": number_format(params.get("show_value"), force_grouping=True)}, code=error.code)
        return error


class PlainErrors(PlainErrorsMixin, forms.Form):
    """A form whose errors say what a field takes and what was given (`PlainErrorsMixin`)."""


#: Query parameters a page takes without reading them: htmx's cache buster (``org.htmx.cache-buster``, which
#: htmx adds to a live answer's request only when its ``getCacheBusterParam`` is turned on — it is off), and the
#: tags another site adds to a link followed from it — a campaign's ``utm_*``, Facebook's ``fbclid``, Google's
#: ``gclid``, Microsoft's ``msclkid`` — which would otherwise refuse a link to the page shared there. The
#: pages themselves add no other to a GET: the language is changed by a POST to /i18n/setlang/ (which returns
#: to the page's own address), a CSRF token goes only with a POST, and a live answer sends the form's fields.
IGNORED_PARAMETERS = frozenset({"org.htmx.cache-buster", "fbclid", "gclid", "msclkid"})
IGNORED_PREFIXES = ("utm_",)


def ignored_parameter(name: str) -> bool:
    """Whether a query parameter is one the pages take without reading it (`IGNORED_PARAMETERS`)."""
    return name in IGNORED_PARAMETERS or name.startswith(IGNORED_PREFIXES)


def address_refused(request: Any, allowed: Sequence[str] = ()) -> list[str]:
    """What the address of a GET page or download with no form is told (`query_refused` of the request's query
    as sent, `raw_query`): empty when the page takes it."""
    return query_refused(request.GET, raw_query(request), allowed)


def reads_query(query: Any) -> bool:
    """Whether a GET page's query string (`query`, ``request.GET``) asks it something: it holds a parameter other
    than those the pages take without reading (`ignored_parameter`). A link with only those, or none, shows the
    page's empty form; any other is read as a question, and a name the page does not take is refused."""
    return any(not ignored_parameter(name) for name in query)


def unknown_parameter(name: str, allowed: Sequence[str], names: Sequence[str] = ()) -> str:
    """What a parameter of the query string that no field of the page takes is told: its name, the one it was
    most likely meant for (among `names`, the page's parameters written out, else `allowed`), and the
    parameters the page takes (`allowed`; a page that takes none says so)."""
    if not allowed:
        return _("The address names a field this page does not have: %(name)s. This page takes no field in its "
                 "address; open it without the part after “?”.") % {"name": given(name)}
    close = difflib.get_close_matches(name, names or allowed, n=1, cutoff=0.75)
    params = {"name": given(name), "allowed": ", ".join(allowed), "close": close[0] if close else ""}
    if close:
        return _("The address names a field this page does not have: %(name)s (did you mean %(close)s?). "
                 "It takes: %(allowed)s.") % params
    return _("The address names a field this page does not have: %(name)s. It takes: %(allowed)s.") % params


#: The most characters of a parameter written in the address that a refusal shows.
_SHOWN_OF_ADDRESS = 40


def _query_bytes(query_string: str | bytes) -> bytes:
    """The query string as the bytes sent: WSGI gives it read as Latin-1 (PEP 3333), so it is written back so;
    text that is not Latin-1 (already read as UTF-8) is written back as UTF-8."""
    if isinstance(query_string, bytes):
        return query_string
    try:
        return query_string.encode("latin-1")
    except UnicodeEncodeError:
        return query_string.encode("utf-8")


def raw_query(request: Any) -> bytes:
    """The query string of `request` as the bytes sent: ASGI's ``query_string``, else WSGI's ``QUERY_STRING``
    (PEP 3333: read as Latin-1; `_query_bytes`). ``request.META["QUERY_STRING"]`` is not used: under ASGI Django
    has already read it as UTF-8."""
    scope = getattr(request, "scope", None)
    if isinstance(scope, dict) and isinstance(scope.get("query_string"), bytes):
        return scope["query_string"]
    environ = getattr(request, "environ", None) or {}
    return _query_bytes(environ.get("QUERY_STRING", ""))


def written_in_address(raw: bytes) -> str:
    """A part of a query string (a parameter's name or value, `raw` as sent) as the address writes it: printable
    ASCII as it is (a ``%XX`` stays ``%XX``), any other byte — one sent unencoded, ``é`` in Latin-1 — as ``%XX``
    (``%E9``), as a browser shows the address. Never read as text it may not be (U+FFFD, a guessed encoding)."""
    return "".join(chr(b) if 0x21 <= b <= 0x7E else f"%{b:02X}" for b in raw)


def query_sent(query_string: str | bytes) -> list[tuple[str | None, bool, str, str]]:
    """Each parameter of a query string as sent (`raw_query`), in order: its name read as UTF-8 once its ``%XX``
    and ``+`` are read (None when it is not UTF-8), whether its value is UTF-8, and its name and its value as the
    address writes them (`written_in_address`)."""
    from urllib.parse import unquote_to_bytes

    sent: list[tuple[str | None, bool, str, str]] = []
    for pair in _query_bytes(query_string).split(b"&"):
        if not pair:
            continue
        raw_name, _eq, raw_value = pair.partition(b"=")
        try:
            name: str | None = unquote_to_bytes(raw_name.replace(b"+", b" ")).decode("utf-8")
        except UnicodeDecodeError:
            name = None
        try:
            unquote_to_bytes(raw_value.replace(b"+", b" ")).decode("utf-8")
            value_read = True
        except UnicodeDecodeError:
            value_read = False
        sent.append((name, value_read, written_in_address(raw_name), written_in_address(raw_value)))
    return sent


def not_utf8(query_string: str | bytes, *, tags: bool = False) -> list[tuple[str | None, str]]:
    """The parameters of a query string (as sent: `raw_query`) whose name or value is not UTF-8 once
    its ``%XX`` are read (``?persons=%FF``): each as (its name, or None when the name itself is not UTF-8; what the
    address wrote, `written_in_address`, as `not_utf8_refused` shows it); the tags of a shared link
    (`ignored_parameter`) are not read by the pages, so not judged, unless `tags` (the API, which reads every
    parameter). Django reads such bytes as U+FFFD (``%FF``) or, sent unencoded, reads the whole query as Latin-1,
    and the page would answer for text nobody wrote."""
    found: list[tuple[str | None, str]] = []
    for name, value_read, written_name, written_value in query_sent(query_string):
        if name is not None and not tags and ignored_parameter(name):  # (a shared link's tag: not read)
            continue
        if name is None or not value_read:
            found.append((name, written_name if name is None else written_value))
    return found


def not_utf8_refused(name: str | None, written: str, *, form: bool = True) -> str:
    """What a parameter of the address whose name (`name` None) or value is not UTF-8 (`not_utf8`) is told: the
    parameter, what the address wrote (its first characters), and how to give it — on a page with no form to
    type it in (`form` False: the hearings, a PDF, a calendar file) only by writing the link again."""
    params = {"name": given(name or ""), "written": given(written[:_SHOWN_OF_ADDRESS])}
    if not form:
        if name is None:
            return _("The address names a field in bytes that are not UTF-8 text (%(written)s); write the link "
                     "again in UTF-8.") % params
        return _("The address gives %(name)s a value in bytes that are not UTF-8 text (%(written)s); write the "
                 "link again in UTF-8.") % params
    if name is None:
        return _("The address names a field in bytes that are not UTF-8 text (%(written)s); write the link again "
                 "in UTF-8, or use the page's form.") % params
    return _("The address gives %(name)s a value in bytes that are not UTF-8 text (%(written)s); write the "
             "link again in UTF-8, or type the value in the page's form.") % params


def query_refused(query: Any, query_string: str | bytes, allowed: Sequence[str] = (), *,
                  form: bool = False) -> list[str]:
    """What the query string of a GET page that reads no form is told (the hearings, the town's hearing
    calendar, a certificate's page, the PDFs and the town's calendar file): each parameter not UTF-8
    (`not_utf8_refused`; `form` True where the page has a form to type the value in, the Clerk's queue), and each
    that the page does not take (`unknown_parameter`; `allowed`, none by default) other than those the pages
    take without reading them (`ignored_parameter`). Empty when the page takes the query string."""
    undecoded = not_utf8(query_string)
    refused = [not_utf8_refused(name, written, form=form) for name, written in undecoded]
    unnamed = any(name is None for name, _written in undecoded)
    for name in dict.fromkeys(map(str, query)):
        if name in allowed or ignored_parameter(name) or (unnamed and "\ufffd" in name):
            continue
        refused.append(unknown_parameter(name, allowed))
    return refused


class OnceEach(PlainErrors):
    """A form read from a query string (a GET form, a link) that refuses a field given more than once
    (``?persons=600&persons=5``): Django would take the last value silently, and which one was meant is not
    known. The field's error names the values given. A value that is not one of a choice field's choices
    (``?commercial=true``, only from a link: the page offers a list) is told with the values allowed
    (`choice_refused`, as on every form: `PlainErrors`).

    A form that reads the whole query string (`reads_whole_query`: the public checks) refuses too a parameter
    that it does not take (``?persns=600``, a name mistyped in a link), naming it, the field it was likely meant
    for and the parameters it takes, above the form: ignored, as Django ignores it, the page would answer
    another question than the one asked. The parameters the pages take without reading them
    (`IGNORED_PARAMETERS`) are taken."""

    reads_whole_query = False

    def __init__(self, *args: Any, query_string: str | bytes = "", **kwargs: Any) -> None:
        """`query_string`: the address's query as sent (`raw_query`), of a form that reads
        the whole query: a parameter whose name or value is not UTF-8 in it is refused naming it (`not_utf8`)."""
        super().__init__(*args, **kwargs)
        self.query_string = query_string

    def full_clean(self) -> None:
        """As `PlainErrors`, and a field whose value in the address is not UTF-8 (`not_utf8` of `query_string`)
        left unread: its value is not the one written (Django read the bytes as U+FFFD), so what its field would
        say of it ("Write a whole number … (got '\ufffd')", "Given 2 times") is not said, nor is the value taken —
        the refusal of the address, above the form (`clean`), is the one message of it."""
        super().full_clean()
        if not self.is_bound or not self.query_string:
            return
        unread = {name for name, _written in not_utf8(self.query_string) if name is not None}
        for field in self.fields:
            if self.add_prefix(field) in unread:
                self._errors.pop(field, None)
                getattr(self, "cleaned_data", {}).pop(field, None)

    def parameters(self) -> list[str]:
        """The query parameters the page takes, as its refusal lists them: the form's fields."""
        return [self.add_prefix(name) for name in self.fields]

    def refusal_of_parameter(self, name: str) -> str | None:
        """What the query parameter `name` is told, or None when the page takes it."""
        if name in self.parameters() or ignored_parameter(name):
            return None
        return unknown_parameter(name, self.parameters())

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        if self.reads_whole_query:
            undecoded = not_utf8(self.query_string) if self.is_bound else []
            for name, written in undecoded:
                self.add_error(None, not_utf8_refused(name, written))
            unnamed = any(name is None for name, _written in undecoded)
            for name in dict.fromkeys(map(str, self.data)):
                if unnamed and "\ufffd" in name:  # (a name not UTF-8: told above as such)
                    continue
                refused = self.refusal_of_parameter(name)
                if refused is not None:
                    self.add_error(None, refused)
        getlist = getattr(self.data, "getlist", None)
        if getlist is None:
            return cleaned
        for name in self.fields:
            values = getlist(self.add_prefix(name))
            if len(values) > 1:
                self.add_error(name, given_twice(values))
        return cleaned


class OnceEachFormSet(forms.BaseFormSet):
    """A formset read from a query string (the rooms of the occupancy check): a management field
    (``form-TOTAL_FORMS``, ``form-INITIAL_FORMS``, ``form-MIN_NUM_FORMS``, ``form-MAX_NUM_FORMS``) given more
    than once is refused as `OnceEach` refuses a field given twice — Django would build the forms from the last
    value silently. One missing or not a whole number of 0 or more is refused naming it and what it takes —
    Django said "ManagementForm data is missing or has been tampered with" (or, once the formset's own check
    had found no forms, only that). ``INITIAL_FORMS`` more than ``TOTAL_FORMS`` is refused naming both
    (`_initial_above_total`). The errors stand above the forms.

    A count of forms beyond what the formset takes (``form-TOTAL_FORMS=999999``, more than its
    ``absolute_max``) is refused with the formset's one "too many" error, naming the limit: Django built as
    many forms as it takes and judged each, so that every empty one said "This field is required." three
    times. The forms built are only those the data gives a field of (at most the limit), and the page is shown
    again counting those, so that sent again it is taken."""

    def _count_given(self) -> int | None:
        """``TOTAL_FORMS`` as given, when it is given once and is a whole number (else None: refused as such)."""
        getlist = getattr(self.data, "getlist", None)
        key = self.add_prefix(forms.formsets.TOTAL_FORM_COUNT)
        values = getlist(key) if getlist is not None else [self.data.get(key)]
        raw = str(values[0] or "").strip() if len(values) == 1 else ""
        if not (raw.isascii() and raw.isdigit()):
            return None
        # (a count of more digits is beyond every limit: not read, as Python reads at most 4,300 digits at once)
        return int(raw) if len(raw) <= 18 else sys.maxsize

    def counted_beyond_limit(self) -> bool:
        """Whether the count of forms given is more than the formset takes (its ``absolute_max``)."""
        if not self.is_bound:
            return False
        given = self._count_given()
        return given is not None and given > self.absolute_max

    def most_forms(self) -> int:
        """The most forms the formset takes: its ``max_num`` when that is checked, else its ``absolute_max``."""
        return min(self.max_num, self.absolute_max) if self.validate_max else self.absolute_max

    def _forms_given(self) -> int:
        """The forms the data gives a field of (``form-3-name`` gives four), counted up to `most_forms`."""
        start = f"{self.prefix}-"
        highest = -1
        for key in map(str, self.data):
            if not key.startswith(start):
                continue
            index, dash, _field = key.removeprefix(start).partition("-")
            if (dash and index.isascii() and index.isdigit() and str(int(index)) == index
                    and highest < int(index) < self.most_forms()):
                highest = int(index)
        return highest + 1

    @cached_property
    def management_form(self) -> forms.formsets.ManagementForm:
        form = super().management_form
        if not self.counted_beyond_limit():
            return form
        data = self.data.copy()
        data[self.add_prefix(forms.formsets.TOTAL_FORM_COUNT)] = str(self._forms_given())
        counted = forms.formsets.ManagementForm(data, auto_id=self.auto_id, prefix=self.prefix,
                                                renderer=self.renderer)
        counted.full_clean()
        return counted

    def forms_counted(self) -> int | None:
        """The number of forms the management fields count, or None when that count is refused (a management
        field missing, not a count, given twice or not UTF-8; more forms than the formset takes)."""
        if (not self.is_bound or self.counted_beyond_limit() or self._management_refused()
                or self._count_unread()):
            return None
        return self.total_form_count()

    def repeated_management_fields(self) -> dict[str, list[str]]:
        """Each management field of this formset given more than once, with its values."""
        getlist = getattr(self.data, "getlist", None) if self.is_bound else None
        if getlist is None:
            return {}
        names = (self.add_prefix(name) for name in forms.formsets.ManagementForm.base_fields)
        return {name: values for name in names if len(values := getlist(name)) > 1}

    def _unread(self) -> set[str]:
        """The parameters of the address (its forms' ``query_string``, given in ``form_kwargs``: the occupancy
        check's rooms) whose value is not UTF-8 (`not_utf8`): not read, the form's refusal of the address being
        the one message of each (`OnceEach.full_clean`)."""
        query = self.form_kwargs.get("query_string")
        if not self.is_bound or not query:
            return set()
        return {name for name, _written in not_utf8(query) if name is not None}

    def _count_unread(self) -> bool:
        """Whether a management field's value is not UTF-8 (`_unread`): the count of forms is then not known."""
        unread = self._unread()
        return any(self.add_prefix(name) in unread for name in forms.formsets.ManagementForm.base_fields)

    def _management_refused(self) -> list[forms.ValidationError]:
        """What is wrong with the management fields given (none when the formset is unbound); one whose value is
        not UTF-8 is told by the address's refusal alone (`_unread`)."""
        if not self.is_bound:
            return []
        repeated = self.repeated_management_fields()
        unread = self._unread()
        refused = []
        for name, field in forms.formsets.ManagementForm.base_fields.items():
            key = self.add_prefix(name)
            if key in unread:
                continue
            if key in repeated:
                refused.append(forms.ValidationError(f"{key}: {given_twice(repeated[key])}", code="given_twice"))
                continue
            raw = str(self.data.get(key) or "").strip()
            if not raw and field.required:
                refused.append(forms.ValidationError(
                    _("%(field)s: missing; the form sends it, a whole number of 0 or more.") % {"field": key},
                    code="missing"))
            elif raw and not (raw.isascii() and raw.isdigit()):
                refused.append(forms.ValidationError(
                    _("%(field)s: must be a whole number of 0 or more (got %(value)s).")
                    % {"field": key, "value": given(raw)}, code="invalid"))
        if not refused:
            refused += self._initial_above_total()
        return refused

    def _initial_above_total(self) -> list[forms.ValidationError]:
        """``INITIAL_FORMS`` more than ``TOTAL_FORMS`` (both given once, whole numbers): the forms the page was
        opened with cannot be more than the forms sent. Django took it, counting every form sent as one the page
        was opened with, so that none was left out when empty (an empty room was "This field is required.", an
        empty property compared with no stored one); refused naming both."""
        initial_key = self.add_prefix(forms.formsets.INITIAL_FORM_COUNT)
        total_key = self.add_prefix(forms.formsets.TOTAL_FORM_COUNT)
        initial = str(self.data.get(initial_key) or "").strip()
        total = str(self.data.get(total_key) or "").strip()
        if not (initial.isascii() and initial.isdigit() and total.isascii() and total.isdigit()):
            return []
        # (compared as numbers written in digits: "007" is 7, a count of 5,000 digits is not read as an int)
        if (len(initial.lstrip("0")), initial.lstrip("0")) <= (len(total.lstrip("0")), total.lstrip("0")):
            return []
        return [forms.ValidationError(
            _("%(initial_field)s: must be at most %(total_field)s, the forms sent (got %(initial)s, with "
              "%(total_field)s %(total)s).")
            % {"initial_field": initial_key, "total_field": total_key, "initial": given(initial),
               "total": given(total)}, code="initial_above_total")]

    def full_clean(self) -> None:
        super().full_clean()
        if self.counted_beyond_limit():
            # The count given is refused in the formset's words; what its own check said of the forms counted
            # ("describe at least one room") is left out. The forms given are judged as given.
            self._non_form_errors = self.error_class(
                [forms.ValidationError(self.error_messages["too_many_forms"] % {"num": self.most_forms()},
                                       code="too_many_forms")],
                error_class="nonform", renderer=self.renderer)
        refused = self._management_refused()
        unread = self._count_unread()
        if refused or unread:
            # The count of forms is not known: what Django and `clean` said of the forms counted from it
            # ("ManagementForm data is missing", "describe at least one room") is left out.
            kept = ([] if unread or any(e.code != "given_twice" for e in refused)
                    else self._non_form_errors.as_data())
            self._non_form_errors = self.error_class([*refused, *kept], error_class="nonform",
                                                     renderer=self.renderer)
