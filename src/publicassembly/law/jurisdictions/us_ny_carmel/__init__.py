"""The Town of Carmel, New York, Code ch. 31, "Public Assembly Ordinance", as rules as code.

Rule modules in the order of the chapter: definitions, exemptions, permit requirements ¶¶ A-B (permit and
procedure), ¶ B(1)-(15) (the verified petition's items), ¶ C (conditions of issuance), ¶¶ D-G (inspection,
insurance, cleanup and bond, revocation), fee, penalties. The subject is ``event`` (`EventCase`).
"""

from __future__ import annotations

from publicassembly.law.jurisdictions import Jurisdiction, load_parameters

# isort: off
# The rules register in the order of the chapter as these modules are imported; keep this order.
from publicassembly.law.jurisdictions.us_ny_carmel import definitions  # noqa: F401
from publicassembly.law.jurisdictions.us_ny_carmel import exemptions  # noqa: F401
from publicassembly.law.jurisdictions.us_ny_carmel import permit  # noqa: F401
from publicassembly.law.jurisdictions.us_ny_carmel import petition  # noqa: F401
from publicassembly.law.jurisdictions.us_ny_carmel import conditions  # noqa: F401
from publicassembly.law.jurisdictions.us_ny_carmel import issuance  # noqa: F401
from publicassembly.law.jurisdictions.us_ny_carmel import fee  # noqa: F401
from publicassembly.law.jurisdictions.us_ny_carmel import penalties  # noqa: F401
# isort: on
from publicassembly.law.jurisdictions.us_ny_carmel.context import OCD_ID, RULES
from publicassembly.law.jurisdictions.us_ny_carmel.determine import DEADLINES, determine
from publicassembly.law.jurisdictions.us_ny_carmel.facts import EventCase

JURISDICTION = Jurisdiction(
    ocd_id=OCD_ID,
    alias="carmel-ny",
    name="Town of Carmel, New York",
    code="Carmel Code ch. 31, Public Assembly Ordinance",
    parameters=load_parameters(__file__, OCD_ID),
    rules=RULES,
    subjects={"event": EventCase},
    determine_fn=determine,
    penalty_counted_by="days_of_continued_violation",
    penalty_fn=penalties.penalty_for_days,
    issues_permits=True,
    violable_rules=penalties.VIOLABLE_RULES,
    deadlines=DEADLINES,
)

__all__ = ["JURISDICTION", "RULES", "EventCase", "determine"]
