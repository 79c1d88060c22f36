"""The rule book of Carmel ch. 31 and what every rule reads: the case, the values in force, and the numbers
derived once (persons in the aggregate, the permit decision, the legal deadlines)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from pydantic import BaseModel

from publicassembly.law.core import NOT_APPLICABLE_MARKERS, Finding, RuleBook, Status, derived, fact_state
from publicassembly.law.core import FactState as FS
from publicassembly.law.dates import LegalDate
from publicassembly.law.determination import Tristate
from publicassembly.law.jurisdictions.us_ny_carmel import deadlines
from publicassembly.law.jurisdictions.us_ny_carmel.facts import EventCase
from publicassembly.law.labels import not_given
from publicassembly.law.messages import Message, _, join
from publicassembly.law.parameters import ParameterValues
from publicassembly.law.units import ceil_div

OCD_ID = "ocd-division/country:us/state:ny/county:putnam/place:carmel"
CODE = "Carmel Code ch. 31"

#: The rules of ch. 31, registered in the order of the chapter by the modules imported in ``__init__``.
RULES = RuleBook(OCD_ID)


def cite(section: str) -> str:
    """The stable citation of a part of ch. 31 (the supplied text has no section numbers), e.g.
    ``cite("permit requirements ¶ C(6)")`` → ``"Carmel Code ch. 31, permit requirements ¶ C(6)"``."""
    return f"{CODE}, {section}"


@dataclass
class Context:
    """One case under the values in force on one date.

    ``permit_required`` and ``exemption`` are set by `determine` after the rules that decide the question
    have been resolved; the other rules read them.
    """

    case: EventCase
    values: ParameterValues
    permit_required: Tristate = None
    exemption: dict[str, str] | None = None
    permit_reason: str = ""  # why no permit is required, in a few words (set by `determine`)

    @property
    def as_of(self) -> date:
        return self.values.as_of

    @derived
    def persons(self) -> int | None:
        """The expected maximum number of persons at one time for the whole assembly (persons): the case's own
        figure, else the sum of the properties' figures (¶ A: portions counted in the aggregate)."""
        if self.case.max_persons_at_one_time is not None:
            return self.case.max_persons_at_one_time
        counts = [p.max_persons_at_one_time for p in self.case.properties]
        if counts and all(c is not None for c in counts):
            return sum(c for c in counts if c is not None)
        return None

    @derived
    def multi_day(self) -> bool | None:
        """True when the assembly continues from one day into another: it has more than one day, or its hours
        run past midnight (C-18). None when no dates are given, or when it has one day and its hours cannot be
        read (`hours_unreadable`)."""
        d = self.case.dates
        return None if d is None else d.continues_into_another_day

    @property
    def hours_unreadable(self) -> bool:
        """True when the assembly has one day and hours in which no range of two times can be read (C-18)."""
        return self.case.dates is not None and self.multi_day is None

    def continuation_unknown(self, rule: str, citation: str, values: dict[str, Any]) -> Finding:
        """The finding of a rule of an assembly continuing into another day (¶ B(14), ¶ C(7)) when its hours
        cannot be read (`hours_unreadable`): left for review until the petition writes them as times."""
        d = self.case.dates
        assert d is not None
        return Finding(rule, Status.NEEDS_REVIEW, citation,
                       _("Whether the assembly continues from one day into another cannot be told from its hours "
                         "({hours}): write them as times, e.g. 20:00-02:00 (interpretation C-18). If it does, "
                         "this is required.", hours=d.daily_hours or ""),
                       {**values, "daily_hours": d.daily_hours})

    @property
    def no_permit(self) -> bool:
        """True when the chapter requires no permit for this assembly (exempt or not in excess of 500)."""
        return self.permit_required is False

    def not_applicable(self, rule: str, section: str, values: dict[str, Any] | None = None) -> Finding:
        """The finding of a permit rule on an assembly for which no permit is required."""
        return Finding(rule, Status.NOT_APPLICABLE, cite(section),
                       _("No permit is required ({reason}), so this provision does not apply.",
                         reason=self.permit_reason),
                       values=values or {})


    # -- legal time (deadlines.py, counted by law/dates.py) ------------------------------------------------

    @derived
    def application_due(self) -> LegalDate | None:
        """Last day to file the verified petition: at least 60 days before the first day (¶ B)."""
        if self.case.dates is None:
            return None
        return deadlines.application_due(self.case.dates.first_day, self.values)

    @derived
    def decision_due(self) -> LegalDate | None:
        """Last day for the Town Board to act: within 30 days after submission (¶ B)."""
        if self.case.submitted_on is None:
            return None
        return deadlines.decision_due(self.case.submitted_on, self.values)

    @derived
    def hearing_notice_due(self) -> LegalDate | None:
        """Last day to publish the hearing notice: at least 10 days before the hearing (¶ B)."""
        if self.case.hearing is None or self.case.hearing.held_on is None:
            return None
        return deadlines.hearing_notice_due(self.case.hearing.held_on, self.values)

    @derived
    def cleanup_due(self) -> LegalDate | None:
        """Last day to remove the waste: within 5 days from the termination of the assembly (¶ F): the day it
        ended as the Town recorded it (``assembly_ended_on``), else its last day (interpretation P-23)."""
        if self.case.assembly_ended_on is not None:
            return deadlines.cleanup_due(self.case.assembly_ended_on, self.values)
        if self.case.dates is None:
            return None
        return deadlines.cleanup_due(self.case.dates.end, self.values)

    # -- numbers of ¶ C --------------------------------------------------------------------------------------

    @derived
    def parking_spaces_required(self) -> int | None:
        """Cars to be parked: one for every four persons at one time, rounded up (¶ C(6))."""
        return parking_spaces_for(self.persons, self.values)

    @derived
    def registered_nurses_required(self) -> int | None:
        """Registered nurses on duty at all times: one for each 500 persons, rounded up, at least one (¶ C(9))."""
        return registered_nurses_for(self.persons, self.values)


def parking_spaces_for(persons: int | None, values: Mapping[str, Any]) -> int | None:
    """The cars to be parked for `persons` at one time: one for every four, rounded up (¶ C(6)); None when the
    persons are not known."""
    if persons is None:
        return None
    return ceil_div(persons, values["conditions.persons_per_parking_space"])


def registered_nurses_for(persons: int | None, values: Mapping[str, Any]) -> int | None:
    """The registered nurses on duty at all times for `persons` at one time: one for each 500, rounded up, at
    least one (¶ C(9)); None when the persons are not known."""
    if persons is None:
        return None
    least: int = values["conditions.registered_nurses_min"]
    return max(least, ceil_div(persons, values["conditions.persons_per_registered_nurse"]))


#: Types of a given fact that `fact_state` always finds provided (not text, not a collection); `Items.need` adds
#: each fact model's class the first time it meets one (a model is always provided), so that it is found here
#: with one lookup rather than by an `isinstance` test of pydantic's model class (an ABC's, about 1 k instructions).
_NEVER_EMPTY: frozenset[type] = frozenset({int, float, bool, Decimal, date})
_ALWAYS_PROVIDED: set[type] = set(_NEVER_EMPTY)
# The states and statuses `Items` gives, as module names: reading a member of an enum class (``FS.ABSENT``) runs
# the enum's attribute hook each time, and `Items` answers several times per rule.
_PROVIDED, _ABSENT, _NOT_APPLICABLE = FS.PROVIDED, FS.ABSENT, FS.NOT_APPLICABLE
_MET, _NOT_MET, _MISSING = Status.MET, Status.NOT_MET, Status.MISSING
_MARKERS = NOT_APPLICABLE_MARKERS


@dataclass(slots=True, init=False)
class Items:
    """Collects the stable ids of items a rule needed and did not get, and the defects it found."""

    missing: list[str] = field(default_factory=list)
    defects: list[str] = field(default_factory=list)

    def __init__(self, missing: list[str] | None = None, defects: list[str] | None = None) -> None:
        # (written out rather than made by the dataclass, whose default factories cost a call each: most rules
        # make one)
        self.missing = [] if missing is None else missing
        self.defects = [] if defects is None else defects

    def need(self, value: object, item: str, *, applies: bool = True) -> FS:
        """Record `item` as missing when `value` is absent (and the item applies); return its fact state
        (`fact_state`)."""
        # The usual cases are decided here as `fact_state` decides them, without calling it (a rule asks dozens):
        # None, a number, a date, a yes/no or a model; text; a list.
        if value is None:
            if not applies:
                return _NOT_APPLICABLE
            self.missing.append(item)
            return _ABSENT
        if applies:
            kind = type(value)
            if kind in _ALWAYS_PROVIDED:
                return _PROVIDED
            if kind is str:
                text = value.strip()  # type: ignore[attr-defined]
                if not text:
                    self.missing.append(item)
                    return _ABSENT
                return _NOT_APPLICABLE if text.lower() in _MARKERS else _PROVIDED
            if kind is list:
                if value:
                    return _PROVIDED
                self.missing.append(item)
                return _ABSENT
            if isinstance(value, BaseModel):
                _ALWAYS_PROVIDED.add(kind)
                return _PROVIDED
        state = fact_state(value, applies=applies)
        if state is _ABSENT:
            self.missing.append(item)
        return state

    def flag(self, value: bool | None, item: str, defect: str) -> None:
        """A yes/no fact that must be yes: missing when absent, a defect (`defect`) when no."""
        if value is None:
            self.missing.append(item)
        elif value is False:
            self.defects.append(defect)

    def status(self) -> Status:
        """not_met when a defect was found, else missing when an item is absent, else met."""
        if self.defects:
            return _NOT_MET
        if self.missing:
            return _MISSING
        return _MET

    def reason(self, ok: str) -> str:
        """`ok` when nothing is wrong; else the defects and the missing items, named in words as the pages'
        "Still to be provided" list names them (`labels.not_given`: ``petition.2.properties[1].record_owner`` →
        "Not given in item (2) of the petition: property 2 · record owner."; the ids themselves are the
        finding's ``missing``)."""
        parts: list[Message] = []
        if self.defects:
            parts.append(_("{defects}.", defects=join(self.defects, "; ")))
        if self.missing:
            parts.append(not_given(self.missing))
        return join(parts, " ") if parts else ok

