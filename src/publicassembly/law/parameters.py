"""Parameters of the law: every number of a chapter, with its unit, citation and effective dates.

Each jurisdiction keeps its parameters in ``parameters.yaml``::

    parameters:
      permit.threshold_persons:
        description: An assembly in excess of this many persons needs a permit.
        unit: persons
        cite: Carmel Code ch. 31, permit requirements ¶ A
        values:
          "1972-01-01": 500

Numbers with a fraction are read as `Decimal` (never float). A value of ``null`` records that the law
leaves the amount to be set elsewhere (e.g. a fee fixed annually by the Town Board): asking for it returns
None, and the rule that uses it must say so. `ParameterSet.at` gives the values in force on a date;
`ParameterSet.with_values` layers dated values kept outside the file (e.g. the Clerk's fee schedule).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml

from publicassembly.law.errors import ParameterNotInForce, UnknownParameter
from publicassembly.law.yaml_numbers import plain_numbers

_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when available


class _DecimalLoader(_SafeLoader):  # type: ignore[misc,valid-type]
    """A safe YAML loader that reads floats as Decimal, so no law number passes through binary floating point,
    and only plain numbers as numbers (`plain_numbers`: ``6:20`` or ``017`` stays text, as in a case file)."""


def _decimal(loader: yaml.SafeLoader, node: yaml.Node) -> Decimal:
    return Decimal(str(loader.construct_scalar(node)).replace("_", ""))  # type: ignore[arg-type]


plain_numbers(_DecimalLoader)
_DecimalLoader.add_constructor("tag:yaml.org,2002:float", _decimal)


#: What a null value of a parameter says when its entry does not say otherwise (`Parameter.null_means`).
NULL_MEANS = "not fixed by the chapter"


@dataclass(frozen=True, slots=True)
class Parameter:
    """One number (or fixed text) of the law with its history of values.

    ``values`` is a tuple of ``(effective date, value)`` sorted by date; each value is in force from its
    date until the next one's. ``null_means``: what a null value says, in words (e.g. Mount Pleasant § 164-14's
    "none: no imprisonment for a first offense"; Carmel's filing fee "not fixed by the chapter: ..."), as the
    parameter's YAML entry states it; `NULL_MEANS` when it states none.
    """

    name: str
    unit: str
    cite: str
    description: str
    values: tuple[tuple[date, Any], ...]
    note: str = ""
    null_means: str = ""

    @property
    def null_said(self) -> str | None:
        """What a null value of this parameter says, in words: `null_means`, else `NULL_MEANS`; None when no value
        of it is null (a value the chapter fixes, e.g. § 164-14's 15 days for a second offense, says nothing of a
        null it never has)."""
        if all(value is not None for _start, value in self.values):
            return None
        return self.null_means or NULL_MEANS

    def at(self, as_of: date) -> Any:
        """The value in force on `as_of`. Raises `ParameterNotInForce` before the first effective date."""
        current: Any = _UNSET
        for start, value in self.values:
            if start <= as_of:
                current = value
            else:
                break
        if current is _UNSET:
            raise ParameterNotInForce(self.name, as_of, self.values[0][0] if self.values else None)
        return current

    def effective_since(self, as_of: date) -> date | None:
        """The date from which the value in force on `as_of` has been in force (None if none is)."""
        since = None
        for start, _ in self.values:
            if start <= as_of:
                since = start
        return since


_UNSET = object()


@dataclass(frozen=True)
class ParameterValues(Mapping[str, Any]):
    """The values of a jurisdiction's parameters in force on one date (a read-only mapping name → value)."""

    as_of: date
    parameters: Mapping[str, Parameter]
    _cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __getitem__(self, name: str) -> Any:
        try:
            return self._cache[name]
        except KeyError:
            pass
        try:
            parameter = self.parameters[name]
        except KeyError:
            raise UnknownParameter(f"no parameter named {name!r}") from None
        value = self._cache[name] = parameter.at(self.as_of)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self.parameters)

    def __len__(self) -> int:
        return len(self.parameters)

    def cite(self, name: str) -> str:
        """The citation of parameter `name`."""
        return self.parameters[name].cite

    def unit(self, name: str) -> str:
        """The unit of parameter `name`."""
        return self.parameters[name].unit


#: The most dates whose values a `ParameterSet` keeps (`ParameterSet.at`).
_MAX_DATES = 1024


class ParameterSet:
    """All parameters of one jurisdiction."""

    def __init__(self, jurisdiction: str, parameters: Mapping[str, Parameter]) -> None:
        self.jurisdiction = jurisdiction
        self.parameters: dict[str, Parameter] = dict(parameters)
        self._at: dict[date, ParameterValues] = {}  # `at`, by date (each value is looked up once per date)

    @classmethod
    def load(cls, path: Path, jurisdiction: str) -> ParameterSet:
        """Read a ``parameters.yaml``. Raises ValueError naming the parameter when an entry lacks its unit,
        citation or values, or a date is not ISO 8601."""
        with open(path, encoding="utf-8") as fh:
            raw = yaml.load(fh, Loader=_DecimalLoader)  # noqa: S506 - a SafeLoader subclass
        entries = (raw or {}).get("parameters", {})
        params: dict[str, Parameter] = {}
        for name, entry in entries.items():
            for key in ("unit", "cite", "values"):
                if key not in entry:
                    raise ValueError(f"{path}: parameter {name!r} has no {key!r}")
            params[name] = Parameter(
                name=name,
                unit=str(entry["unit"]),
                cite=str(entry["cite"]),
                description=str(entry.get("description", "")).strip(),
                values=_dated(name, entry["values"]),
                note=str(entry.get("note", "")).strip(),
                null_means=" ".join(str(entry.get("null_means", "")).split()),
            )
        return cls(jurisdiction, params)

    def at(self, as_of: date) -> ParameterValues:
        """The values in force on `as_of`: made once per date and kept (at most `_MAX_DATES` dates), so that a
        value is looked up in its history once per date, not once per determination."""
        values = self._at.get(as_of)
        if values is None:
            if len(self._at) >= _MAX_DATES:
                self._at.clear()
            values = self._at[as_of] = ParameterValues(as_of=as_of, parameters=self.parameters)
        return values

    @property
    def in_force_from(self) -> date:
        """The first day any value of the chapter is in force (its earliest effective date): before it the
        chapter did not apply. Raises ValueError for a set without any dated value."""
        starts = [p.values[0][0] for p in self.parameters.values() if p.values]
        if not starts:
            raise ValueError(f"{self.jurisdiction}: no parameter has a dated value")
        return min(starts)

    def with_values(self, name: str, values: Mapping[date, Any]) -> ParameterSet:
        """A copy in which `name` also has these dated values (they replace any value of the same date).

        Used for numbers the law leaves to be set elsewhere, such as the filing fee the Town Board establishes
        annually. Raises `UnknownParameter` when `name` is not a parameter of this jurisdiction."""
        if name not in self.parameters:
            raise UnknownParameter(f"no parameter named {name!r}")
        base = self.parameters[name]
        merged = dict(base.values)
        merged.update(values)
        new = Parameter(base.name, base.unit, base.cite, base.description,
                        tuple(sorted(merged.items())), base.note, base.null_means)
        params = dict(self.parameters)
        params[name] = new
        return ParameterSet(self.jurisdiction, params)

    def __iter__(self) -> Iterator[Parameter]:
        return iter(self.parameters.values())

    def __len__(self) -> int:
        return len(self.parameters)


def _dated(name: str, values: Any) -> tuple[tuple[date, Any], ...]:
    if not isinstance(values, dict) or not values:
        raise ValueError(f"parameter {name!r}: 'values' must map effective dates to values")
    out: list[tuple[date, Any]] = []
    for key, value in values.items():
        try:
            start = key if isinstance(key, date) else date.fromisoformat(str(key))
        except ValueError:
            raise ValueError(f"parameter {name!r}: {key!r} is not an ISO date (YYYY-MM-DD)") from None
        out.append((start, value))
    return tuple(sorted(out, key=lambda item: item[0]))
