"""Town of Mount Pleasant, New York, Code ch. 164, "Public Assembly, Places of", as rules as code.

Places of assembly (§ 164-4) need the Building Inspector's certificate (§ 164-3) unless used solely for religious
worship as he approves; occupant load by floor area per occupant (§§ 164-7, 164-8); overcrowding and stop orders
(§ 164-5); toilets (§ 164-6); occupancy signs (§ 164-9); exits (§§ 164-2, 164-10, 164-11); enforcement
(§§ 164-12, 164-13); penalties by offense number (§ 164-14).

Pure functions for bulk use: `occupant_load_of_space`, `floor_area_per_occupant`, `toilets_required`,
`penalty_for_offense`, `enforcement_powers`, `sign_specification`, `connected_groups`.
"""

from publicassembly.law.jurisdictions import Jurisdiction, load_parameters
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.enforcement import (
    EnforcementPowers,
    enforcement_powers,
    may_issue_summons,
)
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import (
    USE_GROUPS,
    VIOLABLE_RULES,
    VenueCase,
    may_have_no_floor_area,
    no_floor_area,
)
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.occupancy import (
    floor_area_per_occupant,
    is_overcrowded,
    occupant_load_of_space,
)
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.penalties import penalty_for_offense
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.places import (
    connected_groups,
    meets_threshold,
    threshold_persons,
)
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.rulebook import OCD_ID, RULES, determine
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.sanitation import toilets_required
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.signs import sign_specification

JURISDICTION = Jurisdiction(
    ocd_id=OCD_ID,
    alias="mount-pleasant-ny",
    name="Town of Mount Pleasant, New York",
    code="Mount Pleasant Code ch. 164, Public Assembly, Places of",
    parameters=load_parameters(__file__, OCD_ID),
    rules=RULES,
    subjects={"venue": VenueCase},
    determine_fn=determine,
    penalty_counted_by="offense_number",
    penalty_fn=penalty_for_offense,
    issues_permits=False,
    violable_rules=VIOLABLE_RULES,
)

__all__ = [
    "JURISDICTION", "OCD_ID", "RULES", "USE_GROUPS", "EnforcementPowers", "VenueCase", "connected_groups",
    "determine", "enforcement_powers", "floor_area_per_occupant", "is_overcrowded", "may_have_no_floor_area",
    "may_issue_summons", "meets_threshold", "no_floor_area", "occupant_load_of_space", "penalty_for_offense", "sign_specification",
    "threshold_persons", "toilets_required",
]
