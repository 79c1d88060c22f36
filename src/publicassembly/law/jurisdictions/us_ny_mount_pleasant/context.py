"""What every rule of Mount Pleasant ch. 164 reads: the case, the parameter values in force, the occupant loads
and place-of-assembly groups computed once, and the findings of the rules applied before it."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from publicassembly.law.core import Finding
from publicassembly.law.determination import SpaceLoad
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import Space, VenueCase
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

    @cached_property
    def load_of(self) -> dict[str, int]:
        """Occupant load by space name (spaces whose measure is given). Made once: rules read it per space."""
        return {ld.name: ld.occupant_load for ld in self.loads}

    @cached_property
    def space_of(self) -> dict[str, Space]:
        """Space by name. Made once: rules read it per space."""
        return {s.name: s for s in self.case.spaces}
