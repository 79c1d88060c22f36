"""Case files as data: which jurisdiction, which subject (an event or a venue), the date, and the facts.

A case is a mapping (read from YAML or JSON by an interface) with the keys ``jurisdiction`` (OCD id or alias),
``subject`` (``event`` or ``venue``), optionally ``as_of`` (ISO date) and the facts of the subject's model.
Reading files is the interfaces' business; this module only validates data.
"""

from __future__ import annotations

import calendar
import re
from collections import abc
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from functools import cache
from types import NoneType, UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from publicassembly.law import jurisdictions
from publicassembly.law.determination import Determination
from publicassembly.law.errors import FactError, FactErrors, InvalidCase
from publicassembly.law.messages import Message, _, both, join
from publicassembly.law.parameters import ParameterSet
from publicassembly.law.units import (
    FACT_YEARS,
    Happened,
    InvalidNumber,
    controls,
    controls_refused,
    given,
    known_date,
)

_ENVELOPE = ("jurisdiction", "subject", "as_of")
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class Case:
    """A validated case: its jurisdiction, subject, facts (the subject's pydantic model) and optional date."""

    jurisdiction: jurisdictions.Jurisdiction
    subject: str
    facts: BaseModel
    as_of: date | None


#: How pydantic names the member of a union a value was checked against, in an error's location, when the model
#: validated is not known: the bracketed names of pydantic-core's validators (``list[SoundDevice]``,
#: ``literal['none']``, ``function-after[known_date(), date]``), which no field of an input model is named. (A
#: bare name, ``bool`` or ``date``, may be a field's: only the model tells, `_member_parts`.)
_UNION_MEMBER = re.compile(r"(list|tuple|set|frozenset|dict|literal|function-(before|after|wrap|plain)|nullable"
                           r"|union|tagged-union|lax-or-strict|json-or-python|chain|default|is-instance"
                           r"|is-subclass|constrained-[a-z]+|model|dataclass|typed-dict|enum)\[.*\]", re.DOTALL)


def _plain(kind: Any) -> Any:
    """A type without `Annotated` and without ``None`` as the other member of a union (pydantic names no member
    of ``X | None`` in a location)."""
    while True:
        origin = get_origin(kind)
        if origin is Annotated:
            kind = get_args(kind)[0]
        elif origin in (Union, UnionType) and len(_members(kind)) == 1:
            kind = _members(kind)[0]
        else:
            return kind


def _members(kind: Any) -> list[Any]:
    return [member for member in get_args(kind) if member is not NoneType]


def _is_union(kind: Any) -> bool:
    return get_origin(kind) in (Union, UnionType)


def _inside(kind: Any, part: Any) -> list[Any]:
    """The types a location's next `part` leads to inside a value of type `kind`: a model's field, a list's or a
    tuple's item, a mapping's value; none for anything else (an unknown key, a scalar)."""
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        if not isinstance(part, str):
            return []
        for name, info in kind.model_fields.items():
            if part in (name, info.alias, info.validation_alias):
                return [info.annotation]
        return []
    origin, args = get_origin(kind), get_args(kind)
    if origin in (list, set, frozenset, abc.Sequence, abc.Set) and isinstance(part, int) and args:
        return [args[0]]
    if origin is tuple and isinstance(part, int) and args:
        if len(args) == 2 and args[1] is Ellipsis:
            return [args[0]]
        return [args[part]] if 0 <= part < len(args) else []
    if origin in (dict, abc.Mapping) and len(args) == 2:
        return [args[1]]
    return []


def _member_parts(e: Any, model: type[BaseModel] | None) -> frozenset[int]:
    """The positions in an error's location that name the member of a union the value was checked as
    (``permit_required.bool``, ``sound_equipment.list[SoundDevice][0]``), not a field.

    With the `model` validated, found by following the location through its fields, lists and mappings: where
    the type is a union of two or more kinds, the part names its member (whatever pydantic calls it: ``bool``,
    ``int``, ``literal['x']``, ``function-after[...]``, a model's class name, a tagged union's tag), and a field
    of the same name elsewhere (``deadlines.x.date``) or a file's own key stays. Without it, the parts pydantic
    names with brackets (`_UNION_MEMBER`); the last part of an unknown field's location is the file's own key,
    kept whatever it is."""
    loc = tuple(e["loc"])
    if model is None:
        head = loc[:-1] if e["type"] == "extra_forbidden" else loc
        return frozenset(i for i, part in enumerate(head)
                         if isinstance(part, str) and _UNION_MEMBER.fullmatch(part) is not None)
    parts: set[int] = set()
    kinds: list[Any] = [model]
    for i, part in enumerate(loc):
        kinds = [_plain(kind) for kind in kinds]
        if any(_is_union(kind) for kind in kinds):
            parts.add(i)  # this part names the member; the value may be any of them
            kinds = [_plain(member) for kind in kinds if _is_union(kind) for member in _members(kind)]
            continue
        kinds = [inner for kind in kinds for inner in _inside(kind, part)]
        if not kinds:
            break
    return frozenset(parts)


def _likeliest_members(errors: list[tuple[Any, frozenset[int]]]) -> list[tuple[Any, frozenset[int]]]:
    """The errors of a value checked against a union of kinds (``sound_equipment``: a list of devices or
    "none"), each with the positions of its location that name a member (`_member_parts`), kept only for the
    member the value went deepest into: a list whose third device has a bad number is told that, not also that
    it "should be 'none'". Other errors are kept as they are, in order."""
    deepest: dict[tuple[Any, ...], int] = {}
    placed: list[tuple[tuple[Any, ...], int] | None] = []
    for e, members in errors:
        if not members:
            placed.append(None)
            continue
        loc, at = tuple(e["loc"]), min(members)
        parent, depth = loc[:at], len(loc) - at - 1
        deepest[parent] = max(deepest.get(parent, depth), depth)
        placed.append((parent, depth))
    return [error for error, where in zip(errors, placed, strict=True)
            if where is None or where[1] == deepest[where[0]]]


def _fields_at(model: type[BaseModel] | None, loc: tuple[Any, ...]) -> list[str]:
    """The names of the fields a case may give at `loc` (a location of the `model` validated, without the key
    refused): the fields of the model or models found by following `loc` as `_member_parts` does, each by the
    name a case file writes (its alias, if it has one). Empty when the model is not known or `loc` leads to no
    model."""
    if model is None:
        return []
    kinds: list[Any] = [model]
    for part in loc:
        kinds = [_plain(kind) for kind in kinds]
        if any(_is_union(kind) for kind in kinds):  # the part names the member: go on with every member
            kinds = [_plain(member) for kind in kinds if _is_union(kind) for member in _members(kind)]
            continue
        kinds = [inner for kind in kinds for inner in _inside(kind, part)]
    names: dict[str, None] = {}
    for kind in kinds:
        kind = _plain(kind)
        for each in (_members(kind) if _is_union(kind) else [kind]):
            each = _plain(each)
            if isinstance(each, type) and issubclass(each, BaseModel):
                names.update(dict.fromkeys(info.alias or name for name, info in each.model_fields.items()))
    return list(names)


def _unknown_field(e: Any, loc: tuple[Any, ...], model: type[BaseModel] | None) -> Message:
    """The refusal of a key that is not a field where it was given (pydantic's ``extra_forbidden``), suggesting
    a field of that place it is likely meant for: the one whose name is closest to it, when one is close
    (`difflib`, a misspelling: ``nmae`` → ``name``), else the only one whose words (between underscores) hold
    the key's, or are held in them (``floor_area`` → ``area``, ``persons`` → ``max_persons_at_one_time``)."""
    import difflib

    key = loc[-1] if loc else None
    close: list[str] = []
    if isinstance(key, str):
        fields = _fields_at(model, loc[:-1])
        close = difflib.get_close_matches(key, fields, n=1, cutoff=0.7)
        words = set(key.lower().split("_")) - {""}
        if not close and words:
            close = [f for f in fields if words <= set(f.split("_")) or set(f.split("_")) <= words]
    if len(close) == 1:
        return _("is not a field of this kind of case (did you mean {suggestion!r}? `publicassembly schema` "
                 "lists the fields)", suggestion=close[0])
    return _("is not a field of this kind of case (check the spelling; `publicassembly schema` lists them)")


def _field(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(case)"


def _bound(value: object) -> str:
    """A bound of a number as a person writes it: 1,000,000,000 (not 1000000000 or 1E+9), 0.5. (pydantic gives
    a bound it checks in Python, after a validator, as the text of its repr: "Decimal('0')".)"""
    if isinstance(value, str) and value.startswith("Decimal('") and value.endswith("')"):
        value = Decimal(value[9:-2])
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool) and value == int(value):
        return f"{int(value):,}"
    return str(value)


def too_long(max_length: object, length: object = None) -> Message:
    """A text longer than it may be, in one wording for the API, the case files and the pages (whose sentence is
    this one, capitalised: "Is too long: at most 5,000 characters (got 5,001)."): the bound and the length given,
    grouped — "is too long: at most 5,000 characters (got 5,001)"; the length left out when it is not known."""
    if length is None:
        return _("is too long: at most {max_length} characters", max_length=_bound(max_length))
    return _("is too long: at most {max_length} characters (got {length})", max_length=_bound(max_length),
             length=_bound(length))


#: pydantic's errors of the input models in the project's words, saying what is allowed and what was given
#: (``c``: pydantic's context of the error, ``g``: `units.given` of the input); a page translates them.
_PYDANTIC: dict[str, Callable[[dict[str, Any], str], Message]] = {
    "greater_than_equal": lambda c, g: _("must be at least {ge} (got {given})", ge=_bound(c.get("ge")), given=g),
    "less_than_equal": lambda c, g: _("must be at most {le} (got {given})", le=_bound(c.get("le")), given=g),
    "greater_than": lambda c, g: _("must be more than {gt} (got {given})", gt=_bound(c.get("gt")), given=g),
    "less_than": lambda c, g: _("must be less than {lt} (got {given})", lt=_bound(c.get("lt")), given=g),
    "int_type": lambda c, g: _("must be a whole number (got {given})", given=g),
    "int_parsing": lambda c, g: _("must be a whole number (got {given})", given=g),
    "int_parsing_size": lambda c, g: _("must be a whole number of at most 19 digits (got {given})", given=g),
    "int_from_float": lambda c, g: _("must be a whole number, without a fractional part (got {given})", given=g),
    "float_type": lambda c, g: _("must be a number (got {given})", given=g),
    "float_parsing": lambda c, g: _("must be a number (got {given})", given=g),
    "decimal_type": lambda c, g: _("must be a number (got {given})", given=g),
    "decimal_parsing": lambda c, g: _("must be a number (got {given})", given=g),
    "finite_number": lambda c, g: _("must be a finite number (got {given})", given=g),
    "decimal_max_places": lambda c, g: _("must have at most {decimal_places} decimal places (got {given})",
                                         decimal_places=str(c.get("decimal_places")), given=g),
    "bool_type": lambda c, g: _("must be true or false (got {given})", given=g),
    "bool_parsing": lambda c, g: _("must be true or false (got {given})", given=g),
    "string_type": lambda c, g: _("must be text (got {given})", given=g),
    # (a lone UTF-16 surrogate, e.g. JSON "\ud800", is no character: the text is not shown, it cannot be printed)
    "string_unicode": lambda c, g: _("must be text of whole characters: it holds a lone surrogate code (such as "
                                     "\\ud800 in JSON), which is no character"),
    "string_too_short": lambda c, g: (_("must not be empty") if c.get("min_length") == 1 else
                                      _("must be at least {min_length} characters long",
                                        min_length=_bound(c.get("min_length")))),
    "list_type": lambda c, g: _("must be a list (got {given})", given=g),
    "too_short": lambda c, g: (_("must hold at least one item (got none)") if c.get("min_length") == 1 else
                               _("must hold at least {min_length} items (got {actual_length})",
                                 min_length=_bound(c.get("min_length")), actual_length=_bound(c.get("actual_length")))),
    "too_long": lambda c, g: _("must hold at most {max_length} items (got {actual_length})",
                               max_length=_bound(c.get("max_length")), actual_length=_bound(c.get("actual_length"))),
    "time_type": lambda c, g: _("must be a time of day written HH:MM, from 00:00 to 23:59 (got {given})", given=g),
    "time_parsing": lambda c, g: _("must be a time of day written HH:MM, from 00:00 to 23:59 (got {given})",
                                   given=g),
    "dict_type": lambda c, g: _("must be a mapping of fields (got {given})", given=g),
    "model_type": lambda c, g: _("must be a mapping of fields (got {given})", given=g),
    "model_attributes_type": lambda c, g: _("must be a mapping of fields (got {given})", given=g),
    "literal_error": lambda c, g: _("must be one of: {expected} (got {given})", expected=str(c.get("expected")),
                                    given=g),
    "enum": lambda c, g: _("must be one of: {expected} (got {given})", expected=str(c.get("expected")), given=g),
}


#: pydantic's error types for a value that is not a date: every one gets the same message, naming the form.
_DATE_ERRORS = frozenset({"date_type", "date_parsing", "date_from_datetime_parsing", "date_from_datetime_inexact"})


def _one_error(e: Any, members: frozenset[int] = frozenset(),
               model: type[BaseModel] | None = None) -> tuple[str, str]:
    """One pydantic error as (field, message), its location without the parts at `members` (the names of a
    union's members): the law core's own message where a validator gave one, else a message in the project's
    words. `model`: the model validated, so that an unknown key is told the field it may be a misspelling of."""
    loc = tuple(part for i, part in enumerate(e["loc"]) if i not in members)
    message: str = e["msg"].removeprefix("Value error, ")  # pydantic prefixes a validator's own message
    cause = (e.get("ctx") or {}).get("error")
    if isinstance(cause, FactError):  # a model's own check of several facts names the fact it refuses
        return (f"{_field(loc)}.{cause.field}" if loc else cause.field), cause.problem
    if isinstance(cause, InvalidNumber) and loc and loc[-1] == cause.field:
        message = cause.problem  # the field is named once, by the error's field, not again in its message
    elif isinstance(cause, ValueError) and cause.args and isinstance(cause.args[0], Message):
        message = cause.args[0]  # the law core's own message, which a page can translate
    elif e["type"] in _DATE_ERRORS and (no_day := not_a_day(e.get("input"))) is not None:
        message = no_day  # written as a date, but no day of the calendar
    elif e["type"] in _DATE_ERRORS:
        written = str(e.get("input"))[:40]
        detail = (e.get("ctx") or {}).get("error")
        message = (_("must be a date written YYYY-MM-DD, e.g. 2026-07-04 (got {given!r}: {detail})",
                     given=written, detail=str(detail)) if detail else
                   _("must be a date written YYYY-MM-DD, e.g. 2026-07-04 (got {given!r})", given=written))
    elif e["type"] == "string_pattern_mismatch" and isinstance(e.get("input"), str) and controls(e["input"]):
        message = controls_refused(controls(e["input"]))  # a text's control characters (units.NO_CONTROLS)
    elif e["type"] == "string_too_long":  # (the length given, not the text: it may be 5,000 characters)
        text = e.get("input")
        message = too_long((e.get("ctx") or {}).get("max_length"), len(text) if isinstance(text, str) else None)
    elif e["type"] in _PYDANTIC:
        message = _PYDANTIC[e["type"]](e.get("ctx") or {}, given(e.get("input")))
    if e["type"] == "extra_forbidden":
        message = _unknown_field(e, tuple(e["loc"]), model)
    elif e["type"] == "missing":
        message = _required(model, loc)
    return _field(loc), message


def _required(model: type[BaseModel] | None, loc: tuple[Any, ...]) -> Message:
    """What a field left out is told: "is required", and what it takes when the model holding it says
    (its ``allowed_when_missing``: a violation's days of continued violation, Carmel ch. 31 penalties ¶ A; the
    rule a violation of Mount Pleasant ch. 164 is of, W-19). The one place the check command, the API and the
    pages all have it from. `loc`: the field's location in `model` (its union members' names left out)."""
    kinds: list[Any] = [model] if model is not None else []
    for part in loc[:-1]:
        kinds = [_plain(kind) for kind in kinds]
        kinds = [_plain(m) for kind in kinds for m in (_members(kind) if _is_union(kind) else [kind])]
        kinds = [inner for kind in kinds for inner in _inside(kind, part)]
    for kind in kinds:
        kind = _plain(kind)
        for owner in _members(kind) if _is_union(kind) else [kind]:
            owner = _plain(owner)
            says = getattr(owner, "allowed_when_missing", None) if isinstance(owner, type) else None
            allowed = says(str(loc[-1])) if says is not None and loc else None
            if allowed is not None:
                return _("is required; allowed: {allowed}", allowed=allowed)
    return _("is required")


def invalid_from(error: ValidationError, prefix: str = "", model: type[BaseModel] | None = None) -> InvalidCase:
    """A pydantic ValidationError as an `InvalidCase` naming the first field (its message says how many more
    errors there are); every error is in its ``errors``. Give the `model` that was validated, so that no name
    pydantic gives a union's member (``permit_required.bool``) is taken for a field (`_member_parts`)."""
    errors = [(e, _member_parts(e, model)) for e in error.errors(include_url=False)]
    found = _none_of_the_kinds(_likeliest_members(errors), model)
    return _together([(prefix + f, m) for f, m in found])


#: A kind of a union's member, as a refusal names it, by the error pydantic gives a value that is not of it.
_KINDS: dict[str, Callable[[dict[str, Any]], Message]] = {
    "list_type": lambda c: _("a list"),
    "literal_error": lambda c: _("one of: {expected}", expected=str(c.get("expected"))),
    "bool_type": lambda c: _("true or false"),
    "bool_parsing": lambda c: _("true or false"),
    "int_type": lambda c: _("a whole number"),
    "int_parsing": lambda c: _("a whole number"),
    "string_type": lambda c: _("text"),
    "dict_type": lambda c: _("a mapping of fields"),
    "model_type": lambda c: _("a mapping of fields"),
    "model_attributes_type": lambda c: _("a mapping of fields"),
}


def _none_of_the_kinds(errors: list[tuple[Any, frozenset[int]]],
                       model: type[BaseModel] | None = None) -> list[tuple[str, str]]:
    """The errors as (field, message) (`_one_error`), those of a value that is none of a union's kinds told in
    one: ``sound_equipment: 5`` is told "must be a list or one of: 'none' (got 5)", not twice ("must be a list",
    "must be one of: 'none'"). That is when each member refused the value itself (the error is at the member's
    own place in the location) for a kind `_KINDS` names; otherwise each error is told on its own."""
    groups: dict[tuple[Any, ...], list[Any]] = {}
    for e, members in errors:
        if members and max(members) == len(e["loc"]) - 1 and e["type"] in _KINDS:
            groups.setdefault(tuple(e["loc"])[:min(members)], []).append(e)
    out: list[tuple[str, str]] = []
    told: set[tuple[Any, ...]] = set()
    for e, members in errors:
        parent = tuple(e["loc"])[:min(members)] if members else ()
        group = groups.get(parent) if members else None
        cause = (e.get("ctx") or {}).get("error")
        if isinstance(cause, FactErrors):  # a model's own check refusing several facts: each told on its own
            where = tuple(part for i, part in enumerate(e["loc"]) if i not in members)
            out.extend(((f"{_field(where)}.{f.field}" if where else f.field), f.problem) for f in cause.errors)
        elif group is None or len(group) < 2 or e not in group:
            out.append(_one_error(e, members, model))
        elif parent not in told:
            told.add(parent)
            kinds = [_KINDS[each["type"]](each.get("ctx") or {}) for each in group]
            out.append((_field(parent), _("must be {kinds} (got {given})", kinds=both(kinds, "or"),
                                          given=given(e.get("input")))))
    return out


class RepeatedKey(ValueError):
    """A JSON object (a case file, a request body, a row) naming ``key`` twice: JSON would silently keep the
    last value, so which one was meant is not known; it is refused instead."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object from its (key, value) pairs, e.g. ``json.loads(text, object_pairs_hook=unique_keys)``.
    Raises `RepeatedKey` for the first key given twice."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise RepeatedKey(key)
            seen.add(key)
    return obj


def no_json_constant(name: str) -> Any:
    """Refuse JSON's non-standard constants (``NaN``, ``Infinity``, ``-Infinity``, which Python's parser would
    read), e.g. ``json.loads(text, parse_constant=no_json_constant)``: RFC 8259 has no such numbers, and no
    fact is infinite. Raises ValueError naming the constant."""
    raise ValueError(f"{name} is not a JSON number; write a finite number")


def parse_case(data: object) -> Case:
    """Validate case data. Raises `InvalidCase` naming the field and what is allowed: an unknown
    jurisdiction or subject, a bad date, or any fact that breaks the subject's model."""
    if not isinstance(data, Mapping):
        raise InvalidCase("(case)", _("a case must be a mapping of fields (YAML or JSON object) with "
                                      "at least 'jurisdiction' and 'subject'; got {type_name}",
                                      type_name=type(data).__name__))
    raw_j = data.get("jurisdiction")
    if raw_j is not None and not isinstance(raw_j, str):
        raise InvalidCase("jurisdiction", _("must be text, one of the allowed names: {allowed} (got {value!r})",
                                            allowed=join(jurisdictions.names()), value=str(raw_j)[:40]))
    if not isinstance(raw_j, str) or not raw_j.strip():
        raise InvalidCase("jurisdiction", _("is required; allowed: {allowed}", allowed=join(jurisdictions.names())))
    try:
        jurisdiction = jurisdictions.get(raw_j)
    except Exception as exc:  # UnknownJurisdiction
        raise InvalidCase("jurisdiction", str(exc)) from None
    subject = data.get("subject")
    if subject is None or subject == "":
        raise InvalidCase("subject", _("is required; allowed: {allowed}", allowed=", ".join(jurisdiction.subjects)))
    if not isinstance(subject, str) or subject not in jurisdiction.subjects:
        allowed = ", ".join(jurisdiction.subjects)
        raise InvalidCase("subject", _("{subject!r} is not a subject of {alias}; allowed: {allowed}",
                                       subject=subject, alias=jurisdiction.alias, allowed=allowed))
    as_of, bad_date = None, None
    try:
        as_of = parse_date(data.get("as_of"), "as_of") if data.get("as_of") is not None else None
    except InvalidCase as exc:
        bad_date = exc  # told with the facts' own errors, not instead of them
    facts = {k: v for k, v in data.items() if k not in _ENVELOPE}
    try:
        model = jurisdiction.subjects[subject].model_validate(facts)
    except ValidationError as exc:
        invalid = invalid_from(exc, model=jurisdiction.subjects[subject])
        if bad_date is None:
            raise invalid from None
        raise _together([*bad_date.errors, *invalid.errors]) from None
    if bad_date is not None:
        raise bad_date
    return Case(jurisdiction, str(subject), model, as_of)


def first_of(errors: Sequence[tuple[str, str]]) -> tuple[str, str]:
    """The first of several refusals (field, message), its message saying how many more there are ("… (and 2
    more errors)", a message a page translates). `errors` holds at least one."""
    field, message = errors[0]
    more = len(errors) - 1
    if more == 1:
        message = _("{message} (and 1 more error)", message=message)
    elif more > 1:
        message = _("{message} (and {n} more errors)", message=message, n=more)
    return field, message


def _together(errors: list[tuple[str, str]]) -> InvalidCase:
    """One `InvalidCase` of several (field, message), the first named, its message saying how many more."""
    field, message = first_of(errors)
    return InvalidCase(field, message, errors=errors)


def parse_date(value: object, field: str) -> date:
    """An ISO 8601 date (``YYYY-MM-DD``) from a date or a string, in the years 1777-2100 whose public holidays
    are known (`units.known_date`, interpretation G-2). Raises `InvalidCase` naming `field`."""
    day = read_date(value, field)
    try:
        return known_date(day)
    except ValueError as exc:
        raise InvalidCase(field, exc.args[0]) from None


def not_a_day(text: object) -> Message | None:
    """Why `text`, written YYYY-MM-DD, is no day of the calendar (``2026-02-30``: "2026-02 has 28 days";
    ``2026-13-01``: "there is no month 13"), or None when it is one or is not written so (other refusals say
    how to write a date). The Gregorian calendar of Python's `date` (years 1 to 9999); ``0000-…``: "there is no
    year 0", with the dates a fact may take (`FACT_YEARS`, G-2), as a date out of them is told."""
    if not isinstance(text, str) or not _ISO_DATE.fullmatch(text.strip()):
        return None
    year, month, day = (int(part) for part in text.strip().split("-"))
    if year == 0:
        first, last = FACT_YEARS
        return _("{value!r} is not a day of the calendar: there is no year 0; allowed: a date from {first} to "
                 "{last}", value=text, first=date(first, 1, 1).isoformat(), last=date(last, 12, 31).isoformat())
    if not 1 <= month <= 12:
        return _("{value!r} is not a day of the calendar: there is no month {month}", value=text, month=month)
    days = calendar.monthrange(year, month)[1]
    if not 1 <= day <= days:
        return _("{value!r} is not a day of the calendar: {year:04d}-{month:02d} has {days} days", value=text,
                 year=year, month=month, days=days)
    return None


def read_date(value: object, field: str) -> date:
    """An ISO 8601 date (``YYYY-MM-DD``) from a date or a string, in any year (`parse_date` also bounds the year).
    Raises `InvalidCase` naming `field` for anything else: a date with a time of day, a number, other text."""
    if isinstance(value, datetime):
        raise InvalidCase(field, _("{value!r} has a time of day; give the date alone as YYYY-MM-DD",
                                   value=value.isoformat()))
    if isinstance(value, date):
        return value
    if isinstance(value, str) and _ISO_DATE.fullmatch(value.strip()):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            problem = not_a_day(value)
            if problem is not None:
                raise InvalidCase(field, problem) from None
    raise InvalidCase(field, _("{value!r} is not a date; write it as YYYY-MM-DD", value=value))


# --- Dates of what has happened, not after the day a case is evaluated as of (interpretation G-10) -------------


def _kind_of(info: Any) -> Any:
    """A model field's type with its `Annotated` metadata, which pydantic moves out of a field's ``annotation``
    into its ``metadata`` when the field is not optional (``date: HappenedDate``)."""
    return Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation


def _marked(kind: Any) -> bool:
    """Whether `kind` (perhaps within a union, ``HappenedDate | None``) carries the `Happened` mark."""
    if get_origin(kind) is Annotated:
        base, *metadata = get_args(kind)
        return any(isinstance(m, Happened) for m in metadata) or _marked(base)
    return _is_union(kind) and any(_marked(member) for member in _members(kind))


def _reaches(kind: Any, seen: frozenset[type] = frozenset()) -> bool:
    """Whether a value of type `kind` may hold a date with the `Happened` mark: it is one, or a model, list or
    union holding one at any depth."""
    if _marked(kind):
        return True
    if get_origin(kind) is Annotated:
        return _reaches(get_args(kind)[0], seen)
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        return kind not in seen and any(_reaches(_kind_of(info), seen | {kind})
                                        for info in kind.model_fields.values())
    return any(_reaches(arg, seen) for arg in get_args(kind) if arg is not Ellipsis)


@cache
def _happened_fields(model: type[BaseModel]) -> tuple[tuple[str, Any], ...]:
    """The fields of `model` (each as the case names it, with its type) that are or may hold a date of
    something that has happened (`HappenedDate`), in the model's order: the others are not looked into."""
    return tuple((info.alias or name, _kind_of(info)) for name, info in model.model_fields.items()
                 if _reaches(_kind_of(info)))


def _item_kind(kind: Any) -> Any:
    """The type of the items of a list or tuple of type `kind` (perhaps within `Annotated` or a union)."""
    origin = get_origin(kind)
    if origin is Annotated:
        return _item_kind(get_args(kind)[0])
    if origin in (list, tuple, set, frozenset, abc.Sequence, abc.Set) and get_args(kind):
        return get_args(kind)[0]
    if _is_union(kind):
        for member in _members(kind):
            inner = _item_kind(member)
            if inner is not None:
                return inner
    return None


def happened_fields(model: type[BaseModel], prefix: str = "") -> list[str]:
    """The fields of a case `model` that record something that has happened (`units.HappenedDate`), named as
    `happened_dates` names them (an item of a list as ``[0]``), in the model's order: the list of
    interpretation G-10."""
    out: list[str] = []
    for name, kind in _happened_fields(model):
        path = f"{prefix}.{name}" if prefix else name
        while (item := _item_kind(kind)) is not None:
            kind, path = item, f"{path}[0]"
        if _marked(kind):
            out.append(path)
        inner = [k for k in (_plain(kind), *_members(_plain(kind))) if isinstance(k, type)
                 and issubclass(k, BaseModel)]
        for sub in dict.fromkeys(inner):
            out += happened_fields(sub, path)
    return out


def happened_dates(facts: BaseModel) -> list[tuple[str, date]]:
    """Every date of `facts` (a validated case's facts) that records something that has happened (a
    `units.HappenedDate`), as (field, date) in the model's order, the field named as errors name it
    (``certificate.issued``, ``conditions.toilets.health_department_approved_on``, ``properties[1]....``)."""
    return [(_field_name(parts), day) for parts, day in _all_after(facts, date.min)]


def _field_name(parts: tuple[str | int, ...]) -> str:
    """A path of names and list positions as errors name a field (``properties[1].record_owner``)."""
    return "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else p) for i, p in enumerate(parts))


@cache
def _plan(model: type[BaseModel]) -> tuple[tuple[str, bool], ...]:
    """What `not_after_as_of` looks at in a `model`: each field that is or may hold a happened date, and whether
    it is one itself (else a model or a list of models holding one), worked out once per model."""
    return tuple((name, _marked(kind)) for name, kind in _happened_fields(model))


def _all_after(value: BaseModel, as_of: date, path: tuple[str | int, ...] = ()
               ) -> Iterator[tuple[tuple[str | int, ...], date]]:
    """The path (names and list positions) and the date of each happened date after `as_of` in `value`, in the
    order of `happened_dates`, walked by `_plan` (a determination calls it on every case, so it only reads
    attributes; a path is made only for a date found)."""
    for name, marked in _plan(type(value)):
        inner = getattr(value, name)
        if inner is None:
            continue
        if marked and isinstance(inner, date):
            if inner > as_of:
                yield (*path, name), inner
        elif isinstance(inner, BaseModel):
            yield from _all_after(inner, as_of, (*path, name))
        elif isinstance(inner, list | tuple):
            for i, each in enumerate(inner):
                if isinstance(each, BaseModel):
                    yield from _all_after(each, as_of, (*path, name, i))
                elif marked and isinstance(each, date) and each > as_of:
                    yield (*path, name, i), each


#: The classes of fact models `_any_after` has met (a model's class is found here with one lookup rather than by
#: an `isinstance` test of pydantic's model class, an ABC's, which costs about 1 k instructions).
_MODEL_CLASSES: set[type] = set()
#: `_plan` of each model class `_any_after` has met (a dict lookup: `functools.cache` makes a key of its argument).
_PLANS: dict[type, tuple[tuple[str, bool], ...]] = {}


def _is_model(value: object) -> bool:
    """Whether `value` is a fact model (its class then kept in `_MODEL_CLASSES`)."""
    if isinstance(value, BaseModel):
        _MODEL_CLASSES.add(type(value))
        return True
    return False


def _any_after(value: BaseModel, as_of: date) -> bool:
    """Whether `value` holds a happened date after `as_of` (`_all_after` finds one): the same walk by `_plan`,
    without a generator or a path, as a determination asks it of every case and the answer is almost always no.
    (A model's fields are read from its ``__dict__``, where pydantic keeps them: reading them as attributes
    takes the slow path of the model's ``__getattr__`` hook.)"""
    fields = value.__dict__
    plan = _PLANS.get(type(value))
    if plan is None:
        plan = _PLANS[type(value)] = _plan(type(value))
    for name, marked in plan:
        inner = fields[name]
        if inner is None:
            continue
        if marked and isinstance(inner, date):
            if inner > as_of:
                return True
        elif type(inner) in _MODEL_CLASSES or _is_model(inner):
            if _any_after(inner, as_of):
                return True
        elif isinstance(inner, list | tuple):
            for each in inner:
                if type(each) in _MODEL_CLASSES or _is_model(each):
                    if _any_after(each, as_of):
                        return True
                elif marked and isinstance(each, date) and each > as_of:
                    return True
    return False


def not_after_as_of(facts: BaseModel, as_of: date) -> None:
    """Refuse a case that states something as having happened after the day it is evaluated as of (`as_of`):
    `InvalidCase` naming the first date of `happened_dates` after it, with every such date in its ``errors``
    (a file with several is told each, as with other bad facts; interpretation G-10). The day itself is
    accepted. Each jurisdiction's ``determine`` calls it."""
    if not _any_after(facts, as_of):
        return
    errors: list[tuple[str, str]] = [
        (_field_name(parts),
         _("{date} is after the day the case is evaluated as of ({as_of}): what it records cannot have happened "
           "yet; give the day it happened, or a later as_of", date=day.isoformat(), as_of=as_of.isoformat()))
        for parts, day in _all_after(facts, as_of)]
    if errors:
        raise _together(errors)


def evaluate(data: object, as_of: date | None = None, parameters: ParameterSet | None = None) -> Determination:
    """Validate case data and determine it under the values in force on `as_of` (or the case's own
    ``as_of``). Raises `InvalidCase` for bad data or when no date is given at all."""
    case = parse_case(data)
    when = as_of or case.as_of
    if when is None:
        raise InvalidCase("as_of", _("no date to determine the case on; give as_of in the case or "
                                     "--as-of"))
    return case.jurisdiction.determine(case.facts, when, parameters)


def case_schema() -> dict[str, Any]:
    """The JSON Schema of a case file: one alternative per jurisdiction and subject."""
    alternatives: list[dict[str, Any]] = []
    for j in jurisdictions.all_jurisdictions():
        for subject, model in j.subjects.items():
            schema = model.model_json_schema()
            props = dict(schema.get("properties", {}))
            props = {
                "jurisdiction": {"type": "string", "enum": [j.alias, j.ocd_id]},
                "subject": {"const": subject},
                "as_of": {"type": "string", "format": "date"},
                **props,
            }
            schema["properties"] = props
            schema["required"] = ["jurisdiction", "subject", *schema.get("required", [])]
            schema["title"] = f"{j.name}: {subject}"
            alternatives.append(schema)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "publicassembly case file",
            "oneOf": alternatives}
