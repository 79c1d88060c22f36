"""The grammar of rules as code: statuses, findings, rules in a rule book, and exceptions by priority.

A rule is a plain function of the facts and the parameter values in force; it returns a `Finding` that names
the rule, its citation, the values it used and computed, and a plain-language reason. Rules that decide the
same question (e.g. ``permit_required``) are resolved by declared priority: an exception (an exemption) has a
higher priority than the base rule it overrides. Two applicable rules of the same priority raise
`RuleConflict` rather than letting the order of evaluation decide.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar, overload

from publicassembly.law.errors import RuleConflict

T = TypeVar("T")


class Status(StrEnum):
    """The outcome of one rule on one case."""

    MET = "met"
    NOT_MET = "not_met"
    MISSING = "missing"  # a fact the rule needs was not provided
    NOT_APPLICABLE = "not_applicable"
    NEEDS_REVIEW = "needs_review"  # left by the law to an official, or an interpretation flagged for review


class FactState(StrEnum):
    """Whether a fact of a case was provided, is absent, or does not apply to this case."""

    PROVIDED = "provided"
    ABSENT = "absent"
    NOT_APPLICABLE = "not_applicable"


#: Each status as its JSON text (the plain `str` of its value).
STATUS_JSON = {status: status.value for status in Status}


class derived(Generic[T]):  # noqa: N801 - used as a decorator, named as functools.cached_property is
    """A property of a context computed on first use and kept in the instance (a number derived once from the
    facts, e.g. the persons in the aggregate, a legal deadline): `functools.cached_property` without the lock
    Python 3.11 takes on every first use (Python 3.12 dropped it), which a determination of many derived
    numbers pays on each. Not for objects shared between threads while being computed (a determination's
    context is its own)."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> derived[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object, owner: type | None = None) -> T | derived[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


NOT_APPLICABLE_MARKERS = frozenset({"not_applicable", "n/a"})
# (the states as module names: reading a member of an enum class runs the enum's attribute hook each time)
_PROVIDED, _ABSENT, _NOT_APPLICABLE = FactState.PROVIDED, FactState.ABSENT, FactState.NOT_APPLICABLE


def fact_state(value: object, *, applies: bool = True) -> FactState:
    """Classify a fact: not applicable when `applies` is false or the case says so explicitly
    (``"not_applicable"``); absent when None, an empty string or an empty collection; otherwise provided."""
    if not applies:
        return _NOT_APPLICABLE
    if value is None:
        return _ABSENT
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return _ABSENT
        return _NOT_APPLICABLE if text.lower() in NOT_APPLICABLE_MARKERS else _PROVIDED
    if not value and isinstance(value, (list, tuple, dict, set)):  # noqa: UP038 - faster than a union
        return _ABSENT
    return _PROVIDED


@dataclass(frozen=True, slots=True, init=False)
class Finding:
    """One rule applied to one case.

    - ``rule``: the rule id (e.g. ``carmel/permit/threshold``)
    - ``status``: a `Status`
    - ``citation``: the section of the law, in the project's stable form
    - ``reason``: one or two plain-language sentences (a `publicassembly.law.messages.Message`: English text
      that keeps its template and parameters for translation)
    - ``values``: the facts and parameter values used and the values computed (units in the key or reason)
    - ``outcome``: for rules that decide a question, the answer they give (e.g. ``True`` for permit required)
    - ``missing``: ids of the facts or items that the rule needed and did not get
    """

    rule: str
    status: Status
    citation: str
    reason: str
    values: Mapping[str, Any] = field(default_factory=dict)
    outcome: Any = None
    missing: tuple[str, ...] = ()

    def __init__(self, rule: str, status: Status, citation: str, reason: str,
                 values: Mapping[str, Any] | None = None, outcome: Any = None,
                 missing: tuple[str, ...] = ()) -> None:
        # Frozen like the dataclass __init__ would make it, written through the slots directly: a determination
        # makes dozens of findings, and this is about a third faster than `object.__setattr__` per field.
        _set_rule(self, rule)
        _set_status(self, status)
        _set_citation(self, citation)
        _set_reason(self, reason)
        _set_values(self, {} if values is None else values)
        _set_outcome(self, outcome)
        _set_missing(self, missing)

    def to_json(self, convert: Callable[[Any], Any] | None = None) -> dict[str, Any]:
        """The finding as JSON-ready data: ``{rule, status, citation, reason, values}``.

        ``convert`` turns ``values`` into JSON-ready data: by default `publicassembly.law.jsonable.jsonable`.
        A JSON writer that converts what it cannot write itself with that same function (e.g. orjson with
        ``default=jsonable``) passes ``convert=as_is`` and writes the same JSON without a second pass
        (`Determination.to_json` then makes this same mapping itself, without a call per finding)."""
        if convert is None:
            from publicassembly.law.jsonable import jsonable

            convert = jsonable
        return {
            "rule": self.rule,
            "status": STATUS_JSON[self.status],
            "citation": self.citation,
            "reason": str(self.reason),
            "values": convert(self.values),
        }


(_set_rule, _set_status, _set_citation, _set_reason, _set_values, _set_outcome, _set_missing) = (
    Finding.__dict__[name].__set__ for name in ("rule", "status", "citation", "reason", "values", "outcome", "missing"))

RuleFunc = Callable[..., Finding]


@dataclass(frozen=True, slots=True)
class Rule:
    """A provision of the law as a function, with its id, citation and (optionally) the question it decides.

    ``priority``: among rules deciding the same question, the applicable rule of highest priority wins;
    an exception is declared by giving it a higher priority than the rule it overrides.
    """

    id: str
    citation: str
    func: RuleFunc
    decides: str | None = None
    priority: int = 0
    summary: str = ""

    def __call__(self, *args: Any, **kwargs: Any) -> Finding:
        return self.func(*args, **kwargs)


class RuleBook:
    """The rules of one jurisdiction, in the order of its chapter."""

    def __init__(self, jurisdiction: str) -> None:
        self.jurisdiction = jurisdiction
        self._rules: dict[str, Rule] = {}

    def rule(
        self, id: str, *, cites: str, decides: str | None = None, priority: int = 0
    ) -> Callable[[RuleFunc], Rule]:
        """Register a function as a rule. Raises ValueError when the id is already used."""

        def register(func: RuleFunc) -> Rule:
            if id in self._rules:
                raise ValueError(f"rule id {id!r} is registered twice")
            paragraphs = inspect.cleandoc(func.__doc__ or "").split("\n\n")
            r = Rule(id=id, citation=cites, func=func, decides=decides, priority=priority,
                     summary=" ".join(paragraphs[0].split()))
            self._rules[id] = r
            return r

        return register

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def __getitem__(self, id: str) -> Rule:
        return self._rules[id]


def decide(question: str, findings: Iterable[tuple[Rule, Finding]]) -> tuple[Rule, Finding] | None:
    """Resolve which applicable rule decides `question`.

    Considers the rules whose ``decides`` is `question` and whose finding is not ``not_applicable``; returns
    the one of highest priority, or None when none applies. Raises `RuleConflict` when two or more applicable
    rules share the highest priority (no exception declared between them).
    """
    applicable = [(r, f) for r, f in findings if r.decides == question and f.status is not Status.NOT_APPLICABLE]
    if not applicable:
        return None
    top = max(r.priority for r, _ in applicable)
    winners = [(r, f) for r, f in applicable if r.priority == top]
    if len(winners) > 1:
        raise RuleConflict(question, [r.id for r, _ in winners])
    return winners[0]
