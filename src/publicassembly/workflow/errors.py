"""Errors of the workflow layer: each says what was refused, where, and what is allowed, in a clerk's words.

Every one is a `WorkflowError` with an ``http_status`` the interfaces map directly (CLI: exit 2 for
ValidationFailed/NotFound, 1 otherwise is the CLI's choice). No Django import here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence


class WorkflowError(Exception):
    """Base class of every refusal by a workflow service. ``message`` is the sentence to show a user."""

    http_status = 400

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


class NotAllowed(WorkflowError):
    """The user may not do this: no such role in this town, or another town's case."""

    http_status = 403


class NotFound(WorkflowError):
    """No such record in this town (records of other towns are reported as not found, never shown)."""

    http_status = 404
    #: True for a refusal whose ``message`` is the service's own sentence, in the active language, shown as it is
    #: (a town that runs no permits: `permits.services.NoPermits`); else a page words it from ``what`` and ``key``.
    worded = False

    class Plain(str):
        """A key shown as it is, without quotes (a record's number)."""

        def __repr__(self) -> str:
            return str(self)

    def __init__(self, what: str, key: object, town: object | None = None) -> None:
        self.what = what
        self.key = key
        where = f" in {town}" if town is not None else ""
        super().__init__(f"no {what} {key!r}{where}")


class InvalidTransition(WorkflowError):
    """An action asked of a case in a state that does not allow it.

    ``from_state``: the case's state; ``to_state``: where the action leads (None if the action is unknown);
    ``allowed``: the actions allowed from ``from_state``; ``action``: the action asked.
    """

    http_status = 409

    def __init__(
        self, from_state: str, to_state: str | None, allowed: Iterable[str], action: str | None = None
    ) -> None:
        self.from_state = from_state
        self.to_state = to_state
        self.allowed = sorted(allowed)
        self.action = action
        allowed_text = ", ".join(self.allowed) if self.allowed else "none (this is a final state)"
        if to_state is None:
            head = f"unknown action {action!r}"
        else:
            what = f"{action!r} ({from_state} → {to_state})" if action else f"{from_state} → {to_state}"
            head = f"cannot do {what}: the case is {from_state!r}"
        super().__init__(f"{head}; allowed from {from_state!r}: {allowed_text}")

    def say(self, message: str) -> InvalidTransition:
        """The same refusal in the words `message` (the record, where it stands and why the action cannot be done,
        in the active language: `workflow.states.transition` asks the record for them); itself."""
        self.message = message
        self.args = (message,)
        return self


class StaleUpdate(WorkflowError):
    """Someone else saved the record after this user loaded it; nothing was written.

    ``record``: what kind of record (a noun, e.g. a model's ``verbose_name``, possibly a lazy translation: a
    page shows the refusal in its language from ``record``, ``expected_version`` and ``current_version``)."""

    http_status = 409

    def __init__(self, expected_version: int, current_version: int | None, record: object = "case") -> None:
        self.expected_version = expected_version
        self.current_version = current_version
        self.record = record
        if self.never_was:
            # a version the record has not reached cannot come from an earlier read of it
            super().__init__(f"version {expected_version} is not a version of this {record}; it is at version "
                             f"{current_version}: reload it and try again")
            return
        now = "deleted" if current_version is None else str(current_version)
        super().__init__(
            f"this {record} has changed since you opened it (version {expected_version}, "
            f"now {now}); reload and try again"
        )

    @property
    def never_was(self) -> bool:
        """The version given is newer than the record's: no read of the record gave it (a mistyped or made-up
        ``expected_version``), so nobody changed the record since."""
        return self.current_version is not None and self.expected_version > self.current_version


class ValidationFailed(WorkflowError):
    """A value given to a service is not acceptable: ``field`` names it, ``message`` says what is allowed.
    ``errors``: every (field, message) found when several values were refused at once (e.g. every bad fact of
    an application; the first is the one named, its message saying how many more there are), else just
    ``(field, message)``."""

    http_status = 422

    def __init__(self, field: str, message: str, *, errors: Sequence[tuple[str, str]] = ()) -> None:
        self.field = field
        self.detail = message
        self.errors: tuple[tuple[str, str], ...] = tuple(errors) or ((field, message),)
        super().__init__(f"{field}: {message}")

    @classmethod
    def of_all(cls, errors: Sequence[tuple[str, str]]) -> ValidationFailed:
        """One refusal of several values (at least one): the first named, its message followed by "(and N
        more errors)" (a law-core message, as `law.cases.invalid_from` words it, translated where shown),
        every one in ``errors``."""
        from publicassembly.law.cases import first_of

        field, message = first_of(errors)
        return cls(field, message, errors=errors)

    def renamed(self, fields: Mapping[str, str]) -> ValidationFailed:
        """The same refusal under the caller's name for the field (`fields`: the name given here → the caller's,
        e.g. the law core's ``facts.hearing.held_on`` → a form's ``hearing_on``); itself when not renamed."""
        if self.field not in fields:
            return self
        return ValidationFailed(fields[self.field], self.detail,
                                errors=[(fields.get(f, f), m) for f, m in self.errors])
