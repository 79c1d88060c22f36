"""A case's timeline read from its history: when, who, what changed (old → new), and why.

Built from django-simple-history rows (``obj.history``) of one or more objects, e.g. a permit application
and its hearing and approvals: ``timeline(application, *application.approvals.all())``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext

#: Bookkeeping fields never shown as changes.
HIDDEN_FIELDS = ("version",)

_KIND = {"+": "created", "~": "changed", "-": "deleted"}


@dataclass(frozen=True)
class FieldChange:
    """One field's change: `field` (name), `label` (verbose name), `old` and `new` (stored values; choice
    fields as their labels, foreign keys as the related object's id)."""

    field: str
    label: str
    old: Any
    new: Any

    def __str__(self) -> str:
        if self.old is None:
            return f"{self.label}: {_show(self.new)}"
        return f"{self.label}: {_show(self.old)} → {_show(self.new)}"


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
        why = f" — why: {self.why}" if self.why else ""
        return f"{local} — {self.who} — {self.kind} {self.subject}: {what}{why}"


def _show(value: Any) -> str:
    return "(empty)" if value in (None, "") else str(value)


def _display(model: Any, name: str, value: Any) -> Any:
    """A stored value as a clerk reads it: a choice by its label, a related record (stored as its id) by its
    name (e.g. the town's name, not ``2``), a moment as the Town's local time to the minute, yes or no for a
    true or false field, a kept determination by its verdict."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, dict):  # a JSON record (e.g. the law core's determination kept with a certificate)
        return value.get("verdict") or gettext("(recorded)")
    if isinstance(value, datetime):
        return timezone.localtime(value).strftime("%Y-%m-%d %H:%M") if timezone.is_aware(value) else \
            value.strftime("%Y-%m-%d %H:%M")
    try:
        f = model._meta.get_field(name)
    except Exception:  # a field since removed from the model
        return value
    if f.choices:
        return dict(f.flatchoices).get(value, value)
    if f.is_relation and f.many_to_one and value not in (None, ""):
        related = f.related_model._default_manager.filter(pk=value).first()
        return str(related) if related is not None else f"#{value} (deleted)"
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
                FieldChange(n, _label(model, n), None, _display(model, n, getattr(rec, n)))
                for n in _tracked(rec)
                if getattr(rec, n) not in (None, "")
            )
        elif rec.history_type == "-":
            changes = ()
        else:
            delta = rec.diff_against(prev, excluded_fields=list(HIDDEN_FIELDS))
            changes = tuple(
                FieldChange(c.field, _label(model, c.field), None, _json_changes(c.old, c.new))
                if _plain_json(c.old) and _plain_json(c.new) else
                FieldChange(
                    c.field,
                    _label(model, c.field),
                    _display(model, c.field, c.old),
                    _display(model, c.field, c.new),
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
