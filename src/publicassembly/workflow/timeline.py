"""A case's timeline read from its history: when, who, what changed (old → new), and why.

Built from django-simple-history rows (``obj.history``) of one or more objects, e.g. a permit application
and its hearing and approvals: ``timeline(application, *application.approvals.all())``.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as option
from datetime import datetime, time
from decimal import Decimal
from typing import Any

from django.utils import timezone, translation
from django.utils.formats import number_format, time_format
from django.utils.translation import gettext, gettext_noop

from publicassembly.law import labels
from publicassembly.law.messages import translate
from publicassembly.workflow import reasons

#: Bookkeeping fields never shown as changes.
HIDDEN_FIELDS = ("version",)

_KIND = {"+": "created", "~": "changed", "-": "deleted"}

#: The names of fields that have no label of their own (Django's default, the name's words), as the history shows
#: them in another language.
UNLABELLED = (gettext_noop("town"), gettext_noop("venue"), gettext_noop("from space"), gettext_noop("to space"),
              gettext_noop("created at"), gettext_noop("application"), gettext_noop("reviewer"),
              gettext_noop("document"), gettext_noop("uploaded by"), gettext_noop("uploaded at"),
              gettext_noop("applicant"), gettext_noop("inspection"), gettext_noop("inspector"),
              gettext_noop("owner"), gettext_noop("superseded by"), gettext_noop("done by"),
              gettext_noop("worship approved by"))


@dataclass(frozen=True)
class FieldChange:
    """One field's change: `field` (name), `label` (verbose name), `old` and `new` (stored values; choice
    fields as their labels, foreign keys as the related object's name). Shown (``str``) in the active language
    as a page reads it: "(empty)" for none, an amount of dollars as money, a time as HH:MM, a list's items one
    after another, and for a JSON record (`paths`: its keys that changed) the changed keys by their words."""

    field: str
    label: str
    old: Any
    new: Any
    paths: tuple[str, ...] = option(default=(), compare=False)
    places: int | None = option(default=None, compare=False)  # a decimal field's places (2: US dollars)

    def __str__(self) -> str:
        name = gettext(str(self.label))
        if self.paths:
            words = ", ".join(str(translate(labels.phrase(p), gettext)) for p in self.paths)
            return f"{name}: " + gettext("changed: %(paths)s") % {"paths": words}
        if self.old is None:
            return f"{name}: {_show(self.new, self.places)}"
        return f"{name}: {_show(self.old, self.places)} → {_show(self.new, self.places)}"


@dataclass(frozen=True)
class TimelineEntry:
    """One saved change of one object.

    - `when`: aware datetime; `who`: username (or "system" when no user was recorded), `who_id`
    - `subject`: e.g. "town #3" or "permit application #12"; `kind`: "created", "changed" or "deleted"
    - `changes`: the fields that changed (on creation: the fields given a value); `why`: the recorded reason
    """

    when: datetime
    who: str
    who_id: int | None
    subject: str
    kind: str
    changes: tuple[FieldChange, ...]
    why: str

    def __str__(self) -> str:
        local = timezone.localtime(self.when).strftime("%Y-%m-%d %H:%M %Z")
        what = "; ".join(str(c) for c in self.changes) or "no field changed"
        why = f" — why: {self.said}" if self.why else ""
        return f"{local} — {self.who} — {self.kind} {self.subject}: {what}{why}"

    @property
    def said(self) -> str:
        """The reason in the active language: a reason the system wrote (`workflow.reasons`) translated, the
        official's own words as written."""
        return reasons.shown(self.why)


def _show(value: Any, places: int | None = None) -> str:
    """A stored value as a page shows it, in the active language."""
    if value is None or value == "" or value == []:
        return gettext("(empty)")
    if isinstance(value, time):  # (as the page's language writes a time: "7:00 PM", "19:00")
        return time_format(value, "TIME_FORMAT", use_l10n=True)
    if isinstance(value, Decimal):
        amount = value.quantize(Decimal(1)) if value == value.to_integral_value() else value.normalize()
        grouped = number_format(amount, use_l10n=True, force_grouping=True)
        return gettext("$%(amount)s") % {"amount": grouped} if places == 2 else grouped
    if isinstance(value, list):
        return "; ".join(_item(v) for v in value)
    return str(value)


def _item(value: Any) -> str:
    """An item of a list kept in a record: an identifier (a ground of revocation) by its words, a space's load on
    a certificate by its name and persons, anything else as written."""
    if isinstance(value, str) and value.isidentifier() and "_" in value and value.islower():
        return str(translate(labels.phrase(value), gettext))
    if isinstance(value, dict) and "name" in value and "occupant_load" in value:
        return f"{value['name']} ({value['occupant_load']})"
    return str(value)


def _display(model: Any, name: str, value: Any) -> Any:
    """A stored value as a clerk reads it: a choice by its label, a related record (stored as its id) by its
    name (e.g. the town's name, not ``2``), a moment as the Town's local time to the minute, yes or no for a
    true or false field, a kept determination by its verdict."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, dict):  # a JSON record (e.g. the law core's determination kept with a certificate)
        # (its verdict was kept in English: shown where English is read, else the record is said to be kept)
        english = (translation.get_language() or "en").startswith("en")
        return value.get("verdict") if english and value.get("verdict") else gettext("(recorded)")
    if isinstance(value, datetime):
        return timezone.localtime(value).strftime("%Y-%m-%d %H:%M") if timezone.is_aware(value) else \
            value.strftime("%Y-%m-%d %H:%M")
    if name == "detail" and isinstance(value, str):  # (a deficiency's detail: the law core's sentence as kept,
        return gettext(value)                          # in the catalog as a whole, as `stored_law` shows it)
    try:
        f = model._meta.get_field(name)
    except Exception:  # a field since removed from the model
        return value
    if f.choices:
        shown = dict(f.flatchoices).get(value, value)
        if type(shown) is str and isinstance(value, str) and value.isidentifier():  # (a label not translated:
            return str(translate(labels.phrase(value), gettext))               # a use group, by its words)
        return shown
    if f.is_relation and f.many_to_one and value not in (None, ""):
        related = f.related_model._default_manager.filter(pk=value).first()
        if related is None:
            return f"#{value} (deleted)"
        return str(getattr(related, "shown_name", related))
    return value


def _plain_json(value: Any) -> bool:
    """A JSON record shown by what changed in it (an application's facts), not by a verdict it keeps."""
    return isinstance(value, dict) and "verdict" not in value


def _paths(old: Any, new: Any, prefix: str = "", depth: int = 2) -> list[str]:
    """The keys (dotted, to `depth` levels) whose values differ between two JSON records."""
    if not (isinstance(old, dict) and isinstance(new, dict)) or depth == 0:
        return [prefix] if old != new and prefix else []
    out: list[str] = []
    for key in sorted(set(old) | set(new), key=str):
        path = f"{prefix}.{key}" if prefix else str(key)
        if key not in old or key not in new:
            out.append(path)
        elif old[key] != new[key]:
            out.extend(_paths(old[key], new[key], path, depth - 1) or [path])
    return out


def _json_changes(old: dict[str, Any], new: dict[str, Any]) -> str:
    """What changed in a JSON record, by its keys ("changed: dates.daily_hours, properties"): the timeline had
    said "(recorded) → (recorded)"."""
    paths = _paths(old, new)
    return gettext("changed: %(paths)s") % {"paths": ", ".join(paths)} if paths else gettext("(recorded)")


def _label(model: Any, name: str) -> str:
    try:
        return str(model._meta.get_field(name).verbose_name)
    except Exception:
        return name.replace("_", " ")


def _places(model: Any, name: str) -> int | None:
    try:
        return getattr(model._meta.get_field(name), "decimal_places", None)
    except Exception:
        return None


def _who(record: Any) -> tuple[str, int | None]:
    uid = getattr(record, "history_user_id", None)
    if uid is None:
        return "system", None
    user = record.history_user
    return (user.get_username() if user is not None else f"user #{uid}"), uid


def _tracked(record: Any) -> list[str]:
    names = []
    for f in record.instance_type._meta.concrete_fields:
        if f.primary_key or f.name in HIDDEN_FIELDS:
            continue
        names.append(f.attname if f.is_relation else f.name)
    return names


def entries_for(obj: Any) -> list[TimelineEntry]:
    """The timeline of one object (oldest first). `obj` must have simple-history ``history``."""
    model = type(obj)
    subject = f"{model._meta.verbose_name} #{obj.pk}"
    out: list[TimelineEntry] = []
    prev = None
    for rec in obj.history.order_by("history_date", "history_id").select_related("history_user"):
        who, who_id = _who(rec)
        if prev is None or rec.history_type == "+":
            changes = tuple(
                FieldChange(n, _label(model, n), None, _display(model, n, getattr(rec, n)),
                            places=_places(model, n))
                for n in _tracked(rec)
                if getattr(rec, n) not in (None, "")
            )
        elif rec.history_type == "-":
            changes = ()
        else:
            delta = rec.diff_against(prev, excluded_fields=list(HIDDEN_FIELDS))
            changes = tuple(
                FieldChange(c.field, _label(model, c.field), None, _json_changes(c.old, c.new),
                            paths=tuple(_paths(c.old, c.new)))
                if _plain_json(c.old) and _plain_json(c.new) else
                FieldChange(
                    c.field,
                    _label(model, c.field),
                    _display(model, c.field, c.old),
                    _display(model, c.field, c.new),
                    places=_places(model, c.field),
                )
                for c in delta.changes
            )
        out.append(
            TimelineEntry(
                rec.history_date,
                who,
                who_id,
                subject,
                _KIND.get(rec.history_type, "changed"),
                changes,
                rec.history_change_reason or "",
            )
        )
        prev = rec
    return out


def timeline(*objects: Any) -> list[TimelineEntry]:
    """The merged timeline of `objects` (each with simple-history ``history``), oldest first; entries at the
    same instant keep the order of `objects`."""
    merged: list[tuple[datetime, int, int, TimelineEntry]] = []
    for i, obj in enumerate(objects):
        for j, e in enumerate(entries_for(obj)):
            merged.append((e.when, i, j, e))
    merged.sort(key=lambda t: (t[0], t[1], t[2]))
    return [t[3] for t in merged]
