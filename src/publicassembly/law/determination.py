"""A determination: what the law says of one case on one date — verdict, requirements, deadlines, occupancy,
missing items, findings and penalty — with a stable JSON form (see `Determination.to_json`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from publicassembly.law.core import Finding, Status
from publicassembly.law.dates import LegalDate
from publicassembly.law.jsonable import as_is, jsonable

Tristate = bool | Literal["needs_review"] | None


@dataclass(frozen=True, slots=True)
class SpaceLoad:
    """The occupant load of one space: ``area_sq_ft`` in square feet (None for a space counted by another
    measure, e.g. bowling alleys), ``occupant_load`` in persons."""

    name: str
    use_group: str
    area_sq_ft: Decimal | None
    occupant_load: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "use_group": self.use_group,
                "area_sq_ft": jsonable(self.area_sq_ft), "occupant_load": self.occupant_load}


@dataclass(frozen=True, slots=True)
class Occupancy:
    """Occupant load per space whose measure is given, and the lawful occupancy of the place (persons): None
    while a space's measure is missing (the sum of the others is not the place's lawful occupancy; the
    determination's ``missing`` names what is lacking). ``overcrowded`` is None when no attendance was given
    or the lawful occupancy is not known."""

    spaces: tuple[SpaceLoad, ...]
    lawful_occupancy: int | None
    overcrowded: bool | None = None

    def to_json(self) -> dict[str, Any]:
        return {"spaces": [s.to_json() for s in self.spaces], "lawful_occupancy": self.lawful_occupancy,
                "overcrowded": self.overcrowded}


@dataclass(frozen=True, slots=True)
class Penalty:
    """The range of punishment for an offense: fines in US dollars, imprisonment in days or months.

    ``offense_number``: 1 for a first offense (Mount Pleasant § 164-14); ``violations``: the number of separate
    violations (Carmel: one per day of continued violation)."""

    offense_number: int | None
    violations: int
    min_fine: Decimal
    max_fine: Decimal
    max_jail_days: int | None
    max_jail_months: int | None
    classification: str
    citation: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "offense_number": self.offense_number,
            "violations": self.violations,
            "min_fine": jsonable(self.min_fine),
            "max_fine": jsonable(self.max_fine),
            "max_jail_days": self.max_jail_days,
            "max_jail_months": self.max_jail_months,
            "classification": str(self.classification),
            "citation": self.citation,
        }


@dataclass(frozen=True)
class Determination:
    """The law applied to one case on ``as_of``.

    Keys of `to_json` (stable): ``jurisdiction`` (OCD id), ``as_of``, ``subject`` (``event``|``venue``),
    ``verdict``, ``permit_required`` and ``certificate_required`` (true, false, ``"needs_review"``, or null when
    the chapter does not ask or while a fact the answer turns on is not given: ``missing`` names it),
    ``exemption`` (null or ``{rule, citation}``), ``requirements``, ``occupancy``, ``deadlines`` (name →
    ``{date, counted}``), ``missing`` (item ids), ``findings`` and ``penalty``.
    """

    jurisdiction: str
    as_of: date
    subject: Literal["event", "venue"]
    verdict: str
    permit_required: Tristate = None
    certificate_required: Tristate = None
    exemption: dict[str, str] | None = None
    requirements: dict[str, Any] = field(default_factory=dict)
    occupancy: Occupancy | None = None
    deadlines: dict[str, LegalDate] = field(default_factory=dict)
    findings: tuple[Finding, ...] = ()
    penalty: Penalty | None = None

    @property
    def missing(self) -> list[str]:
        """Ids of the items the rules needed and did not get, in the order of the rules, without repeats."""
        seen: dict[str, None] = {}
        for finding in self.findings:
            if finding.missing:  # (most findings lack nothing)
                for item in finding.missing:
                    seen.setdefault(item, None)
        return list(seen)

    def finding(self, rule: str) -> Finding:
        """The finding of rule `rule`. Raises KeyError if that rule was not applied."""
        for f in self.findings:
            if f.rule == rule:
                return f
        raise KeyError(rule)

    def with_status(self, status: Status) -> list[Finding]:
        """The findings with `status`."""
        return [f for f in self.findings if f.status is status]

    def to_json(self, convert: Callable[[Any], Any] = jsonable) -> dict[str, Any]:
        """The determination as JSON-ready data with the stable keys listed in the class docstring.

        ``convert`` turns the findings' values and the requirements into JSON-ready data (default: `jsonable`);
        see `Finding.to_json` for ``as_is``, used by a JSON writer that applies `jsonable` itself."""
        if convert is as_is:
            # (the API's path: each finding's `to_json` written out, without a call per finding; its status as its
            # value, read from the member rather than looked up by it, as an enum's hash is a Python call; its
            # reason as it is: a message is written as its English text by the writer, as `str` would give it)
            findings = [{"rule": f.rule, "status": f.status._value_, "citation": f.citation, "reason": f.reason,
                         "values": f.values} for f in self.findings]
        else:
            findings = [f.to_json(convert) for f in self.findings]
        return {
            "jurisdiction": self.jurisdiction,
            "as_of": self.as_of.isoformat(),
            "subject": self.subject,
            "verdict": str(self.verdict),
            "permit_required": self.permit_required,
            "certificate_required": self.certificate_required,
            "exemption": self.exemption,
            "requirements": convert(self.requirements),
            "occupancy": self.occupancy.to_json() if self.occupancy else None,
            "deadlines": {name: d.to_json() for name, d in self.deadlines.items()},
            "missing": self.missing,
            "findings": findings,
            "penalty": self.penalty.to_json() if self.penalty else None,
        }
