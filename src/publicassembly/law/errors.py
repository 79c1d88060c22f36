"""Errors of the law core: each names what was wrong, where, and what is allowed."""

from __future__ import annotations

from collections.abc import Sequence


class LawError(Exception):
    """Base class of every error the law core raises."""


class UnknownJurisdiction(LawError):
    """No jurisdiction has this Open Civic Data id or alias."""

    def __init__(self, given: str, allowed: Sequence[str]) -> None:
        self.given = given
        self.allowed = list(allowed)
        super().__init__(f"unknown jurisdiction {given!r}; allowed: {', '.join(self.allowed)}")


class ParameterNotInForce(LawError):
    """A parameter has no value in force on the date asked for (before its first effective date)."""

    def __init__(self, name: str, as_of: object, first: object | None) -> None:
        self.name = name
        self.as_of = as_of
        self.first = first
        since = f"; its first value takes effect {first}" if first is not None else "; it has no value at all"
        super().__init__(f"parameter {name!r} has no value in force on {as_of}{since}")


class UnknownParameter(LawError):
    """A rule asked for a parameter that the jurisdiction's parameter file does not define."""


class RuleConflict(LawError):
    """Two or more rules decide the same question on the same facts with no priority between them.

    Following Catala's discipline, the core refuses to pick one silently: the rule book must declare which
    is the exception (a higher priority) of the other.
    """

    def __init__(self, decision: str, rules: Sequence[str]) -> None:
        self.decision = decision
        self.rules = list(rules)
        super().__init__(
            f"rules {', '.join(self.rules)} all decide {decision!r} on these facts and none is declared "
            "an exception of the others (give one a higher priority)"
        )


class InvalidCase(LawError):
    """A case's facts break a rule of the input model (named field, what is allowed). ``errors``: every
    (field, message) found, the first being ``(field, message)`` without its "(and N more errors)"."""

    def __init__(self, field: str, message: str, *, errors: Sequence[tuple[str, str]] = ()) -> None:
        self.field = field
        self.message = message
        self.errors: tuple[tuple[str, str], ...] = tuple(errors) or ((field, message),)
        super().__init__(f"{field}: {message}")


class FactError(ValueError):
    """A fact that breaks the input model, raised by a model's own validator that sees several fields at once:
    ``field`` is the path of the fact within that model (e.g. ``spaces[1].name``), ``problem`` what is wrong
    (a `Message`, without the field). A `ValueError`, so pydantic reports it with the model's place in the case;
    `cases.invalid_from` names the fact itself."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(problem)


class FactErrors(ValueError):
    """Several facts a model's own validator refuses at once (`FactError` each, in the order of the facts), so
    that a case is told every one in one run, as pydantic tells the errors of separate fields; `cases` names
    each fact itself. Raised only with at least two (one is a `FactError`): `FactErrors.check`."""

    def __init__(self, errors: Sequence[FactError]) -> None:
        self.errors: tuple[FactError, ...] = tuple(errors)
        super().__init__("; ".join(f"{e.field}: {e.problem}" for e in self.errors))

    @staticmethod
    def check(errors: Sequence[FactError]) -> None:
        """Raise the facts refused: nothing when `errors` is empty, the one `FactError`, or `FactErrors`."""
        if len(errors) == 1:
            raise errors[0]
        if errors:
            raise FactErrors(errors)
