"""What every rule of Mount Pleasant ch. 164 reads: the case, the parameter values in force, the occupant loads
and place-of-assembly groups computed once, and the findings of the rules applied before it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from publicassembly.law.core import Finding, Status, derived
from publicassembly.law.determination import SpaceLoad
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import Space, VenueCase
from publicassembly.law.messages import Message, _
from publicassembly.law.parameters import ParameterValues

if TYPE_CHECKING:
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.places import SpaceGroup

#: The code as cited: "Mount Pleasant Code § 164-7".
CITE = "Mount Pleasant Code"


def cite(*sections: str) -> str:
    """The stable citation of one or more sections: ``cite("164-7")`` → ``Mount Pleasant Code § 164-7``;
    two or more → ``Mount Pleasant Code §§ 164-3, 164-7``."""
    if len(sections) == 1:
        return f"{CITE} § {sections[0]}"
    return f"{CITE} §§ {', '.join(sections)}"


#: Why a rule that only an inspection can answer (§§ 164-2, 164-5, 164-9 to 164-13) does not apply to a case
#: that holds no inspection: the short sentence, and the longer ones saying what applies instead.
NO_INSPECTION = _("No inspection is recorded.")
NO_INSPECTION_CONDITION = _("No inspection is recorded; this is a condition an inspection finds.")
NO_INSPECTION_STOP = _("No inspection is recorded; the stop order is an inspecting officer's duty.")
NO_INSPECTION_SIGNS = _("No inspection is recorded; the signs to post are listed in the requirements.")
_NO_INSPECTION_TEMPLATES = frozenset(m.template for m in (NO_INSPECTION, NO_INSPECTION_CONDITION, NO_INSPECTION_STOP,
                                                          NO_INSPECTION_SIGNS))


def without_inspection(rule: str, citation: str, reason: Message = NO_INSPECTION) -> Finding:
    """The finding of a rule only an inspection answers, on a case that holds none: ``not_applicable`` with
    `reason`, one of the ``NO_INSPECTION`` sentences (ValueError for another: `awaits_inspection` must know it)."""
    if reason.template not in _NO_INSPECTION_TEMPLATES:
        raise ValueError(f"not a reason for want of an inspection: {reason!r}")
    return Finding(rule, Status.NOT_APPLICABLE, citation, reason)


def awaits_inspection(finding: Finding) -> bool:
    """Whether `finding` is one that `without_inspection` made: a rule left unapplied because the case holds
    no inspection (a page of a place may list these by section rather than one by one)."""
    return (finding.status is Status.NOT_APPLICABLE
            and getattr(finding.reason, "template", None) in _NO_INSPECTION_TEMPLATES)


@dataclass
class Context:
    """One case under the values in force: ``loads`` (occupant load of each space whose measure is given),
    ``loads_missing`` (fact ids lacking), ``groups`` (§ 164-4 connected spaces) and ``findings`` so far."""

    case: VenueCase
    values: ParameterValues
    loads: tuple[SpaceLoad, ...]
    loads_missing: tuple[str, ...]
    groups: tuple[SpaceGroup, ...] = ()
    findings: dict[str, Finding] = field(default_factory=dict)

    @property
    def lawful_occupancy(self) -> int:
        """The sum of the occupant loads of the spaces whose measure is given (persons)."""
        return sum(ld.occupant_load for ld in self.loads)

    @derived
    def load_of(self) -> dict[str, int]:
        """Occupant load by space name (spaces whose measure is given). Made once: rules read it per space."""
        return {ld.name: ld.occupant_load for ld in self.loads}

    @derived
    def space_of(self) -> dict[str, Space]:
        """Space by name. Made once: rules read it per space."""
        return {s.name: s for s in self.case.spaces}
