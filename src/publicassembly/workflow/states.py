"""Declarative state machines for cases (permit applications, certificates, summonses, ...).

A model declares its machine as a class attribute::

    class PermitApplication(TownScoped, Versioned):
        state = models.CharField(max_length=32, default="draft")
        state_machine = StateMachine({
            "submit": (["draft"], "submitted"),
            "accept": (["submitted"], "accepted", ["town_clerk"]),   # optional roles, checked in obj.town
        })
        history = HistoricalRecords()

and a service moves it with ``transition(application, "submit", by=user, reason="...")``: the state is
checked on the freshly locked row, the roles (if any) in the case's town, and the change with its reason
and user is written to the history in one transaction.

An action its state does not allow is refused (`InvalidTransition`, HTTP 409) in the record's own words when the
model says them — its method ``state_refusal(action)``, most simply `refused_in_words` over two tables marked with
``gettext_noop``: where the record stands in each state, naming it, and why each action cannot be done there
("certificate MP-2026-0001 has been superseded by certificate MP-2026-0002: a superseded certificate cannot be
revoked") — else in the machine's own terms (states and actions by their names).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from publicassembly.workflow.errors import InvalidTransition, ValidationFailed

#: The target of an action after which the record stays in whichever of its source states it is in (a bond released
#: on an application that ended without a permit, whether denied, withdrawn or closed, P-36).
STAYS = None


@dataclass(frozen=True)
class Transition:
    """One action: the states it may start from, the state it leads to (`STAYS`: the record stays in the state it
    is in, the action recorded in its history), and (optionally) the roles that may take it in the case's town."""

    action: str
    sources: frozenset[str]
    target: str | None
    roles: tuple[str, ...] = ()


class StateMachine:
    """A table ``{action: (from_states, to_state)}`` or ``{action: (from_states, to_state, roles)}`` over the
    model field `field` (default ``"state"``); a `to_state` of `STAYS` leaves the record in its state."""

    def __init__(
        self,
        table: Mapping[str, tuple[Iterable[str], str | None] | tuple[Iterable[str], str | None, Sequence[str]]],
        *,
        field: str = "state",
    ) -> None:
        self.field = field
        self.transitions: dict[str, Transition] = {}
        for action, spec in table.items():
            sources, target, *rest = spec
            if isinstance(sources, str):
                raise TypeError(f"{action}: from_states must be a list of states, not the string {sources!r}")
            roles = tuple(rest[0]) if rest else ()
            self.transitions[action] = Transition(action, frozenset(sources), target, roles)

    @property
    def states(self) -> frozenset[str]:
        """Every state named in the table."""
        out: set[str] = set()
        for t in self.transitions.values():
            out |= t.sources | ({t.target} if t.target is not STAYS else set())
        return frozenset(out)

    def actions_from(self, state: str) -> list[str]:
        """The actions allowed from `state`, sorted."""
        return sorted(a for a, t in self.transitions.items() if state in t.sources)

    def check(self, state: str, action: str) -> Transition:
        """The transition `action` from `state`; raises `InvalidTransition` (with the allowed actions) if the
        action is unknown or not allowed from `state`."""
        t = self.transitions.get(action)
        if t is None:
            raise InvalidTransition(state, None, self.actions_from(state), action=action)
        if state not in t.sources:
            raise InvalidTransition(state, t.target if t.target is not STAYS else state, self.actions_from(state),
                                    action=action)
        return t


def refused_in_words(stands: Mapping[str, str], why: Mapping[Any, str], state: str, action: str,
                     **names: Any) -> str | None:
    """Why `action` cannot be taken on a record in `state`, in the active language: where the record stands,
    ``stands[state]``, and why the action cannot be done there, ``why[(action, state)]`` or else ``why[action]``
    (English message ids marked with ``gettext_noop``, each formatted with `names`: the record's number, the
    dates it names), joined by ": "; None when either is missing (the machine's own words are then said)."""
    said = stands.get(state)
    because = why.get((action, state), why.get(action))
    if said is None or because is None:
        return None
    return f"{_(said) % names}: {_(because) % names}"


def transition(
    obj: Any,
    action: str,
    *,
    by: Any,
    reason: str,
    expected_version: int | None = None,
    machine: StateMachine | None = None,
    **changes: Any,
) -> Any:
    """Take `action` on `obj` (a model with ``state_machine`` or an explicit `machine`), by user `by`, for
    `reason` (required, non-blank: it is the "why" of the legal record).

    In one transaction: lock and reload the row; for `Versioned` models refuse with `StaleUpdate` if it is no
    longer at `expected_version` (default: the version `obj` was loaded at); check the state
    (`InvalidTransition`, in the words of the model's ``state_refusal`` when it has them); if the transition
    names roles, `require_role(by, obj.town, *roles)` (`NotAllowed`); then set the new state and any other field
    `changes` and save, writing a history row with `by` and `reason`. Returns `obj` in its new state.
    """
    from publicassembly.workflow.access import require_role
    from publicassembly.workflow.models import apply_changes

    sm = machine or getattr(type(obj), "state_machine", None)
    if not isinstance(sm, StateMachine):
        raise TypeError(f"{type(obj).__name__} has no state_machine and none was given")
    if not hasattr(type(obj), "history"):
        raise TypeError(f"{type(obj).__name__} has no history (add `history = HistoricalRecords()`)")
    if not isinstance(reason, str) or not reason.strip():
        raise ValidationFailed("reason", _("give the reason for this change; it is kept in the case's history"))
    t = sm.transitions.get(action)
    if t is None:
        raise InvalidTransition(getattr(obj, sm.field), None, sm.actions_from(getattr(obj, sm.field)), action)

    def _check(fresh: Any) -> None:
        try:
            sm.check(getattr(fresh, sm.field), action)
        except InvalidTransition as e:  # (in the record's words, when its model says them)
            words = getattr(fresh, "state_refusal", None)
            said = words(action) if callable(words) else None
            if said:
                e.say(said)
            raise
        if t.roles:
            require_role(by, fresh.town, *t.roles)

    return apply_changes(
        obj,
        {**({sm.field: t.target} if t.target is not STAYS else {}), **changes},
        by=by,
        reason=reason.strip(),
        expected_version=expected_version,
        check=_check,
    )
