"""Abstract models every town's records build on: town scoping and optimistic locking.

- `TownScoped`: a ``town`` foreign key to `accounts.Town` and a manager whose ``.for_town(town)`` is the only
  way views and services should list records; nothing of one town is visible from another.
- `Versioned`: an integer ``version`` bumped on every save; a save whose row has moved on since it was loaded
  raises `StaleUpdate` and writes nothing (UPDATE ... WHERE pk = ? AND version = ?).
- `save_versioned(obj, expected_version, by=..., reason=..., **changes)`: the service-level way to apply a
  user's edit made on the version they saw, with who and why recorded in the history.
"""

from __future__ import annotations

from typing import Any

from django.db import models, transaction
from django.utils.translation import gettext as _

from publicassembly.workflow.errors import NotFound, StaleUpdate, ValidationFailed

#: The whole numbers a database column of ids holds (a signed 64-bit integer, SQLite's and PostgreSQL's bigint).
_SMALLEST_ID, _LARGEST_ID = -(2**63), 2**63 - 1


class TownScopedQuerySet(models.QuerySet):
    """Queries of town-scoped records."""

    def for_town(self, town: Any) -> TownScopedQuerySet:
        """The records of `town` (a saved `accounts.Town`) only. Raises ValueError for None or an unsaved
        town, so a missing tenant is a bug, never "all towns"."""
        if town is None or getattr(town, "pk", None) is None:
            raise ValueError("for_town() needs a saved Town; got " + repr(town))
        return self.filter(town=town)

    def get_in_town(self, town: Any, **lookup: Any) -> Any:
        """The one record of `town` matching `lookup`; raises `NotFound` (never another town's record), e.g.
        "no permit application 99999 in carmel-ny" (the number alone when looked up by ``pk``; the town by the
        alias users type in addresses and commands). A record looked up by its number within the record it
        belongs to (``pk=1, venue=venue`` or ``venue_id=6``) is said to be missing there: "no space 1 in place of
        assembly 6 of mount-pleasant-ny" — the town may hold a space 1, of another place. A whole number beyond
        what a database column holds (a signed 64-bit integer: ``/venues/9223372036854775808/…``) matches no
        record: `NotFound` too, rather than the database driver's overflow."""
        try:
            if any(type(v) is int and not _SMALLEST_ID <= v <= _LARGEST_ID for v in lookup.values()):
                raise self.model.DoesNotExist
            return self.for_town(town).get(**lookup)
        except self.model.DoesNotExist:
            pk = lookup.get("pk", lookup.get("id"))
            key: object = NotFound.Plain(pk) if pk is not None else ", ".join(
                f"{k}={v!r}" for k, v in lookup.items())
            where = getattr(town, "jurisdiction_alias", None) or town
            if pk is not None:
                within = [self._parent(k, v) for k, v in lookup.items() if k not in ("pk", "id")]
                if within and all(within):
                    where = f"{', '.join(str(w) for w in within)} of {where}"
            raise NotFound(str(self.model._meta.verbose_name), key, where) from None

    def _parent(self, name: str, value: Any) -> str | None:
        """The record a lookup `name` (a foreign key, by its name or its ``_id``) names, as "place of assembly 6";
        None when `name` is no foreign key."""
        from django.core.exceptions import FieldDoesNotExist

        try:
            field = self.model._meta.get_field(name)
        except FieldDoesNotExist:
            return None
        if not field.many_to_one or field.related_model is None:
            return None
        return f"{field.related_model._meta.verbose_name} {getattr(value, 'pk', value)}"


class TownScoped(models.Model):
    """Abstract: a record that belongs to one town (tenant). Subclasses get ``objects.for_town(town)``."""

    town = models.ForeignKey(
        "accounts.Town", on_delete=models.PROTECT, related_name="%(app_label)s_%(class)s_set", db_index=True
    )

    objects = TownScopedQuerySet.as_manager()

    class Meta:
        abstract = True


class Versioned(models.Model):
    """Abstract: optimistic locking. ``version`` starts at 1 and goes up by one at every save of an existing
    row; the UPDATE is conditional on the version loaded, so a concurrent edit raises `StaleUpdate` and
    overwrites nothing. ``QuerySet.update()`` bypasses this (and the history): do not use it for edits."""

    version = models.PositiveIntegerField(default=1, editable=False)

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self._state.adding:
            super().save(*args, **kwargs)
            return
        expected = self.version
        self._expected_version = expected
        self.version = expected + 1
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = set(kwargs["update_fields"]) | {"version"}
        try:
            super().save(*args, **kwargs)
        except BaseException:
            self.version = expected
            raise
        finally:
            self._expected_version = None

    def _do_update(self, base_qs, using, pk_val, values, update_fields, forced_update):  # type: ignore[no-untyped-def]
        expected = getattr(self, "_expected_version", None)
        if expected is None:
            return super()._do_update(base_qs, using, pk_val, values, update_fields, forced_update)
        if super()._do_update(base_qs.filter(version=expected), using, pk_val, values, update_fields, True):
            return True
        current = base_qs.filter(pk=pk_val).values_list("version", flat=True).first()
        raise StaleUpdate(expected, current, record=self._meta.verbose_name)


def file_changed(record: Versioned) -> None:
    """A record was added to `record`'s file (a payment or an approval to a permit application, a room or a
    certificate to a venue) while its own fields stay as they are: its version goes up by one, in the database and
    on `record`, so that a page or a client still showing it as it was (another official's form, the same form
    sent twice) is refused as stale (`StaleUpdate`) instead of adding the same thing again. No history row: the
    added record's own says what was added. Call it inside the transaction that adds the record."""
    manager = type(record)._default_manager
    manager.filter(pk=record.pk).update(version=models.F("version") + 1)
    record.version = manager.values_list("version", flat=True).get(pk=record.pk)


def _editable_field_names(obj: models.Model) -> list[str]:
    names = []
    for f in obj._meta.concrete_fields:
        if f.primary_key or f.name in ("version",):
            continue
        names.append(f.name)
    return names


def apply_changes(
    obj: models.Model,
    changes: dict[str, Any],
    *,
    by: Any = None,
    reason: str = "",
    expected_version: int | None = None,
    check: Any = None,
) -> models.Model:
    """Reload `obj` under a lock, check it, apply `changes` (field name → value) and save it with `by` and
    `reason` in its history, all in one transaction.

    - `expected_version`: for `Versioned` models, the version the user saw; a different stored version
      raises `StaleUpdate` and nothing is written. None → the version `obj` was loaded at.
    - `check(obj)`: called on the freshly loaded row before the changes (e.g. a state check); may raise.
    - An unknown field name raises `ValidationFailed` naming it and the allowed fields.
    Unsaved in-memory edits on `obj` are discarded: only `changes` are written. Returns `obj`, updated.
    """
    allowed = _editable_field_names(obj)
    for name in changes:
        if name not in allowed:
            raise ValidationFailed(
                name, _("not a field of %(record)s; allowed: %(allowed)s")
                % {"record": obj._meta.verbose_name, "allowed": ", ".join(allowed)}
            )
    versioned = isinstance(obj, Versioned)
    if versioned and expected_version is None:
        expected_version = obj.version
    with transaction.atomic():
        try:
            fresh = type(obj)._default_manager.select_for_update().get(pk=obj.pk)
        except obj.DoesNotExist:
            if versioned:
                raise StaleUpdate(expected_version, None, record=obj._meta.verbose_name) from None
            raise NotFound(str(obj._meta.verbose_name), obj.pk) from None
        for f in obj._meta.concrete_fields:
            setattr(obj, f.attname, getattr(fresh, f.attname))
        if versioned and obj.version != expected_version:
            raise StaleUpdate(expected_version, obj.version, record=obj._meta.verbose_name)
        if check is not None:
            check(obj)
        for name, value in changes.items():
            setattr(obj, name, value)
        save_with_history(obj, by=by, reason=reason)
    return obj


def save_with_history(obj: models.Model, *, by: Any = None, reason: str = "", **save_kwargs: Any) -> None:
    """``obj.save()`` with `by` (a User; None → the request's user via the history middleware, or nobody)
    and `reason` recorded on the history row django-simple-history writes."""
    if by is not None:
        obj._history_user = by
    obj._change_reason = reason or None
    try:
        obj.save(**save_kwargs)
    finally:
        obj.__dict__.pop("_history_user", None)
        obj.__dict__.pop("_change_reason", None)


def save_versioned(
    obj: Versioned, expected_version: int, *, by: Any = None, reason: str = "", **changes: Any
) -> Versioned:
    """Apply a user's edit made on `expected_version`: ``UPDATE ... WHERE pk = ? AND version = ?``.

    Raises `StaleUpdate` ("this case has changed since you opened it (version X, now Y);
    reload and try again") when the stored row is no longer at `expected_version`; nothing is overwritten.
    `by` (a User) and `reason` are written to the history row. Returns `obj` with its new version.
    """
    if not isinstance(obj, Versioned):
        raise TypeError(f"{type(obj).__name__} is not Versioned")
    return apply_changes(obj, changes, by=by, reason=reason, expected_version=expected_version)
