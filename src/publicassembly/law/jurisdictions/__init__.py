"""The jurisdictions whose laws the core runs, found by Open Civic Data division id or short alias."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from publicassembly.law.core import RuleBook
from publicassembly.law.determination import Determination, Penalty
from publicassembly.law.errors import UnknownJurisdiction
from publicassembly.law.parameters import ParameterSet, ParameterValues

#: Packages under this one, one per jurisdiction, each exposing ``JURISDICTION``, with the names that find it
#: (alias, Open Civic Data division id), so that looking one up imports only that one (a test checks that
#: this index agrees with each package's own ids).
_INDEX: dict[str, tuple[str, str]] = {
    "us_ny_carmel": ("carmel-ny", "ocd-division/country:us/state:ny/county:putnam/place:carmel"),
    "us_ny_mount_pleasant": ("mount-pleasant-ny",
                             "ocd-division/country:us/state:ny/county:westchester/place:mount_pleasant"),
}
_MODULES = tuple(_INDEX)
#: Each name of `_INDEX` as `get` compares it (lower case) → its package: a case names its jurisdiction as given
#: most often, and a request of the API looks it up twice.
_BY_NAME: dict[str, str] = {name.lower(): module for module, names in _INDEX.items() for name in names}


@dataclass(frozen=True)
class Jurisdiction:
    """One town's chapter as code.

    - ``ocd_id``: Open Civic Data division id; ``alias``: short name (e.g. ``carmel-ny``)
    - ``parameters``: its dated, cited numbers; ``rules``: its rules in the order of the chapter
    - ``subjects``: the pydantic model of each kind of case it decides (``event`` or ``venue``)
    - ``determine_fn(case, values)``: applies the rules to a validated case under the values in force
    - ``penalty_counted_by``: what the chapter's penalty is counted by, the name of that fact of a violation
      (``offense_number``: Mount Pleasant § 164-14, by a person's offenses; ``days_of_continued_violation``:
      Carmel ch. 31 penalties ¶¶ A, B, each day a separate violation); ``penalty_fn(count, values)``: the range
      of punishment for that count under the values in force
    - ``issues_permits``: whether the chapter has a permit process, a permit applied for and issued for an
      assembly (Carmel ch. 31 ¶ A: the Town Board's permit for an assembly in excess of 500 persons); Mount
      Pleasant ch. 164 certifies places of assembly and issues no permit (the workflow's one test of it:
      ``permits.services.runs_permits``)
    - ``violable_rules``: the rules a person can violate, in the chapter's order: what a violation is recorded
      under (interpretation W-19; Carmel ch. 31 penalties ¶ A, Mount Pleasant § 164-14 "any of the requirements")
    - ``deadlines``: the names of the legal deadlines its determinations give (`Determination.deadlines`), in the
      order it gives them; none for a chapter that sets no deadline (Mount Pleasant ch. 164). A determination's
      JSON read back names no other (interpretation G-9)
    """

    ocd_id: str
    alias: str
    name: str
    code: str
    parameters: ParameterSet
    rules: RuleBook
    subjects: Mapping[str, type[BaseModel]]
    determine_fn: Callable[[Any, ParameterValues], Determination]
    penalty_counted_by: str
    penalty_fn: Callable[[int, ParameterValues], Penalty]
    issues_permits: bool
    violable_rules: tuple[str, ...]
    deadlines: tuple[str, ...] = ()

    def determine(self, case: BaseModel, as_of: date, parameters: ParameterSet | None = None) -> Determination:
        """Apply the chapter to `case` under the parameter values in force on `as_of` (or under `parameters`,
        e.g. with the Town's fee schedule layered on). Raises `ParameterNotInForce` for a date before the
        chapter's parameters took effect, `RuleConflict` when two rules collide."""
        return self.determine_fn(case, (parameters or self.parameters).at(as_of))

    def penalty(self, count: int, on: date) -> Penalty:
        """The range of punishment the chapter sets for a violation `count`ed as it counts them
        (`penalty_counted_by`: the offense number, or the days of continued violation), under the values in
        force on `on` (the day of the offense). Raises ValueError naming that fact when `count` is not a whole
        number of at least 1, `ParameterNotInForce` for a day before the chapter's penalties took effect."""
        return self.penalty_fn(count, self.parameters.at(on))


def load_parameters(package_file: str, ocd_id: str) -> ParameterSet:
    """Read ``parameters.yaml`` beside a jurisdiction package's ``__init__.py``."""
    return ParameterSet.load(Path(package_file).with_name("parameters.yaml"), ocd_id)


@cache
def all_jurisdictions() -> tuple[Jurisdiction, ...]:
    """Every jurisdiction, in a stable order."""
    return tuple(_load(m) for m in _MODULES)


def names() -> list[str]:
    """Every accepted name: OCD ids and aliases."""
    out: list[str] = []
    for alias, ocd_id in _INDEX.values():
        out += [alias, ocd_id]
    return out


@cache
def _load(module: str) -> Jurisdiction:
    jurisdiction: Jurisdiction = importlib.import_module(f"{__name__}.{module}").JURISDICTION
    return jurisdiction


def get(name: str) -> Jurisdiction:
    """The jurisdiction with this OCD id or alias (case-insensitive), importing only its own package. Raises
    `UnknownJurisdiction` listing the allowed names."""
    module = _BY_NAME.get(name)  # (the name as an index writes it: no spaces to strip, already lower case)
    if module is None:
        module = _BY_NAME.get(name.strip().lower())
        if module is None:
            raise UnknownJurisdiction(name, names())
    return _load(module)
