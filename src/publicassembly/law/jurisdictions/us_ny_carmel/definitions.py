"""Carmel ch. 31, title, purpose, word usage and definitions: what an assembly is and where the chapter reaches."""

from __future__ import annotations

from publicassembly.law.core import Finding, Status
from publicassembly.law.jurisdictions.us_ny_carmel.context import RULES, Context, cite
from publicassembly.law.messages import _

CITE_ASSEMBLY = cite("definitions ¶ B")


@RULES.rule("carmel/definitions/assembly", cites=CITE_ASSEMBLY)
def assembly(ctx: Context) -> Finding:
    """An assembly is the gathering, collecting or congregating of persons at any place within the Town, with
    or without an admission fee, for a common purpose (definitions ¶ B; purpose clause: the chapter reaches
    places within the Town of Carmel only).

    Returns not_met for a place outside the Town, needs_review when no common purpose is stated, else met.
    """
    rule = "carmel/definitions/assembly"
    case = ctx.case
    values = {"within_town": case.within_town, "purpose": case.purpose,
              "admission_fee": case.admission_fee}
    if not case.within_town:
        return Finding(rule, Status.NOT_MET, CITE_ASSEMBLY,
                       _("The place is not within the Town of Carmel, so the chapter does not reach it."), values)
    if not case.purpose:
        return Finding(rule, Status.NEEDS_REVIEW, CITE_ASSEMBLY,
                       _("No common purpose is stated; whether the gathering is an assembly (a "
                         "gathering for a common purpose, with or without an admission fee) is for the "
                         "Town to decide."), values)
    return Finding(rule, Status.MET, CITE_ASSEMBLY,
                   _("A gathering of persons within the Town for a common purpose ({purpose}), with or "
                     "without an admission fee, is an assembly.", purpose=case.purpose), values)
