"""§ 164-12 (who enforces the article, who issues a summons, where it is returnable) and § 164-13 (violations
corrected forthwith by the person having authority to enforce)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from publicassembly.law.core import Finding, Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import Context, cite, without_inspection
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import OFFICER_KINDS
from publicassembly.law.messages import _, capitalized, join

_OFFICER_NAMES = {
    "building_inspector": _("the Building Inspector"),
    "fire_district_inspector": _("a Fire Department inspector of the fire district"),
    "town_fire_marshal": _("a town fire marshal"),
    "police_officer": _("a police officer"),
}


@dataclass(frozen=True, slots=True)
class EnforcementPowers:
    """What one officer may do about a violation of ch. 164 (§ 164-12).

    ``may_enforce``: may enforce the article on this violation; ``summarily``: summarily, the violation having
    occurred in his presence; ``may_issue_summons``: only the Building Inspector; ``must_file_complaint_with``:
    ``building_inspector`` for the other officers after they enforce; ``summons_returnable_in``: the court."""

    officer: str
    in_presence: bool
    may_enforce: bool
    summarily: bool
    may_issue_summons: bool
    must_file_complaint_with: str | None
    summons_returnable_in: str
    citation: str

    def to_json(self) -> dict[str, Any]:
        return {"officer": self.officer, "in_presence": self.in_presence, "may_enforce": self.may_enforce,
                "summarily": self.summarily, "may_issue_summons": self.may_issue_summons,
                "must_file_complaint_with": self.must_file_complaint_with,
                "summons_returnable_in": self.summons_returnable_in, "citation": self.citation}


def may_issue_summons(officer: str) -> bool:
    """Whether `officer` may issue a summons under ch. 164: only the Building Inspector (§ 164-12), on his own
    complaint or the complaint of another. Raises ValueError naming ``officer`` for an unknown kind."""
    if officer not in OFFICER_KINDS:
        raise ValueError(_("officer: {officer!r} is not an officer of § 164-12; allowed: {allowed}",
                           officer=officer, allowed=join(OFFICER_KINDS)))
    return officer == "building_inspector"


def enforcement_powers(officer: str, in_presence: bool, values: Mapping[str, Any]) -> EnforcementPowers:
    """The powers of `officer` over a violation that did (`in_presence`) or did not occur in his presence
    (§ 164-12). The Building Inspector enforces summarily when present, or by summons on his own complaint or
    another's. A fire district inspector, town fire marshal or police officer may enforce only a violation in his
    presence, and then files a complaint with the Building Inspector, who issues the summons; otherwise he may
    complain like anyone else. Raises ValueError naming ``officer`` for an unknown kind."""
    inspector = may_issue_summons(officer)
    court = str(values["enforcement.court"])
    return EnforcementPowers(
        officer=officer, in_presence=in_presence,
        may_enforce=inspector or in_presence,
        summarily=in_presence,
        may_issue_summons=inspector,
        must_file_complaint_with=None if inspector else "building_inspector",
        summons_returnable_in=court,
        citation=cite("164-12"),
    )


def enforcement(ctx: Context) -> Finding:
    """The Building Inspector enforces the article summarily or by summons; other officers enforce a violation
    in their presence and complain to him; every summons is returnable in the Town Justice Court (§ 164-12)."""
    rule, citation = "mount-pleasant/164-12/enforcement", cite("164-12")
    violation = ctx.case.violation
    if violation is None:
        return Finding(rule, Status.NOT_APPLICABLE, citation, _("No violation is described."))
    court = str(ctx.values["enforcement.court"])
    values: dict[str, Any] = {"summons_issued_by": "building_inspector", "summons_returnable_in": court,
                              "observed_by": violation.observed_by, "in_presence": violation.in_presence}
    if violation.observed_by is None:
        return Finding(rule, Status.MET, citation,
                       _("A summons is issued by the Building Inspector and made returnable in the "
                         "{court}.", court=court), values)
    if violation.in_presence is None and violation.observed_by != "building_inspector":
        return Finding(rule, Status.MISSING, citation,
                       _("Whether the violation occurred in the officer's presence decides whether he "
                         "may enforce."),
                       values, missing=("violation.in_presence",))
    powers = enforcement_powers(violation.observed_by, bool(violation.in_presence), ctx.values)
    values["powers"] = powers.to_json()
    who = _OFFICER_NAMES[violation.observed_by]
    if powers.may_issue_summons:
        how = _("summarily, the violation having occurred in his presence") if powers.summarily else \
            _("by issuing a summons on his own complaint or the complaint of another")
        reason = _("{who} enforces the article {how}; any summons is returnable in the {court}.",
                   who=capitalized(who), how=how, court=court)
    elif powers.may_enforce:
        reason = (_("{who} may enforce the article, the violation having occurred in his "
                    "presence, and then files a complaint with the Building Inspector, who issues a "
                    "summons returnable in the {court}.", who=capitalized(who), court=court))
    else:
        reason = (_("The violation did not occur in the presence of {who}, who may not enforce it but "
                    "may complain to the Building Inspector, who issues a summons returnable in the "
                    "{court}.", who=who, court=court))
    return Finding(rule, Status.MET, citation, reason, values, outcome=powers)


#: The rules whose not_met finding at an inspection is a violation to be corrected forthwith (§ 164-13).
CORRECTABLE = (
    "mount-pleasant/164-2/fire-exits", "mount-pleasant/164-5/overcrowding", "mount-pleasant/164-5/stop-performance",
    "mount-pleasant/164-6/toilets", "mount-pleasant/164-9/sign", "mount-pleasant/164-9/certificate-on-premises",
    "mount-pleasant/164-10/exits-not-blocked", "mount-pleasant/164-11/exit-access",
)


def correction(ctx: Context) -> Finding:
    """Any violation of the article will be summarily corrected forthwith by the person having the authority
    to enforce it (§ 164-13)."""
    rule, citation = "mount-pleasant/164-13/correction", cite("164-13")
    inspection = ctx.case.inspection
    if inspection is None:
        return without_inspection(rule, citation)
    found = [r for r in CORRECTABLE if r in ctx.findings and ctx.findings[r].status is Status.NOT_MET]
    values: dict[str, Any] = {"correct_forthwith": found, "corrected": inspection.corrected}
    if not found:
        return Finding(rule, Status.MET, citation, _("The inspection found no violation to correct."), values)
    if inspection.corrected:
        return Finding(rule, Status.MET, citation, _("The violations found were corrected forthwith."), values)
    return Finding(rule, Status.NOT_MET, citation,
                   _("The violations found must be summarily corrected forthwith by the officer having "
                     "the authority to enforce the article: {rules}.", rules=join(found)), values)
