"""Carmel ch. 31, permit requirements ¶¶ D-G: authorization to inspect, liability insurance, cleanup and bond,
and the grounds for revoking a permit."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from publicassembly.law.core import FactState as FS
from publicassembly.law.core import Finding, Status
from publicassembly.law.jurisdictions.us_ny_carmel.context import RULES, Context, Items, cite
from publicassembly.law.messages import _, join
from publicassembly.law.units import dollars

CITE_D = cite("permit requirements ¶ D")
CITE_E = cite("permit requirements ¶ E")
CITE_F = cite("permit requirements ¶ F")
CITE_G = cite("permit requirements ¶ G")


def money(amount: Decimal) -> str:
    """US dollars as a clerk writes them: $250,000 or $249,999.99."""
    return f"${amount:,.0f}" if amount == amount.to_integral_value() else f"${amount:,.2f}"


@RULES.rule("carmel/issuance/d-inspection-authorization", cites=CITE_D)
def inspection_authorization(ctx: Context) -> Finding:
    """¶ D: the owner and the owner's tenant or lessee, if any, of each property furnish the Town written
    authorization to go upon the property at any time to inspect it, its facilities and the cleaning after the
    assembly."""
    rule = "carmel/issuance/d-inspection-authorization"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ D")
    items = Items()
    props = ctx.case.properties
    if not props:
        items.missing.append("inspection.owner_authorization")
    for i, p in enumerate(props):
        owner = p.record_owner or _("the owner of property {n}", n=i + 1)
        items.flag(p.owner_authorization_to_inspect, f"inspection.properties[{i}].owner_authorization",
                   _("{owner} has not authorized the Town in writing to inspect", owner=owner))
        if p.tenant_or_lessee:
            items.flag(p.tenant_authorization_to_inspect, f"inspection.properties[{i}].tenant_authorization",
                       _("{tenant_or_lessee}, tenant or lessee, has not authorized the Town in writing "
                         "to inspect", tenant_or_lessee=p.tenant_or_lessee))
    values = {"properties": [{"address": p.address, "owner": p.record_owner,
                              "owner_authorization": p.owner_authorization_to_inspect,
                              "tenant_or_lessee": p.tenant_or_lessee,
                              "tenant_authorization": p.tenant_authorization_to_inspect} for p in props]}
    return Finding(rule, items.status(), CITE_D,
                   items.reason(_("The owner and any tenant or lessee have authorized the Town in "
                                  "writing to go upon the property to inspect it, its facilities and "
                                  "the cleanup.")),
                   values, missing=tuple(items.missing))


def bodily_injury_required(board: Decimal | None, values: Mapping[str, Any]) -> Decimal:
    """The least bodily injury or death limit the policy must carry (¶ E, interpretation C-9), in US dollars:
    the Town Board's limit `board` when it set one within the chapter's range (``insurance.bodily_injury_min``
    to ``insurance.bodily_injury_max``), else the chapter's least limit."""
    bi_min, bi_max = dollars(values["insurance.bodily_injury_min"]), dollars(values["insurance.bodily_injury_max"])
    return board if board is not None and bi_min <= board <= bi_max else bi_min


@RULES.rule("carmel/issuance/e-insurance", cites=CITE_E)
def insurance(ctx: Context) -> Finding:
    """¶ E: a comprehensive liability policy insuring the Town, with a bodily injury or death limit set by the
    Town Board between $250,000 and $500,000 (the policy's limit at least the Board's), a property damage limit
    of at least $250,000, not cancelable without 10 days' prior written notice to the Town (interpretation C-9).

    A Board limit outside the range is not_met; with no Board limit, a policy of at least $250,000 is
    needs_review."""
    rule = "carmel/issuance/e-insurance"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ E")
    v = ctx.values
    bi_min, bi_max = dollars(v["insurance.bodily_injury_min"]), dollars(v["insurance.bodily_injury_max"])
    pd_min = dollars(v["insurance.property_damage_min"])
    notice_days: int = v["insurance.cancellation_notice_days"]
    board = ctx.case.town_board.bodily_injury_limit
    pol = ctx.case.insurance
    items = Items()
    values: dict[str, Any] = {"board_bodily_injury_limit": board, "bodily_injury_min": bi_min,
                              "bodily_injury_max": bi_max, "property_damage_min": pd_min,
                              "cancellation_notice_days_min": notice_days}
    board_valid = board is not None and bi_min <= board <= bi_max
    if board is not None and not board_valid:
        items.defects.append(_("The Town Board's bodily injury limit of {board} is outside the "
                               "{bi_min}-{bi_max} the chapter allows it to set", board=money(board),
                               bi_min=money(bi_min), bi_max=money(bi_max)))
    required_bi = bodily_injury_required(board, v)
    values["bodily_injury_required"] = required_bi
    if items.need(pol, "insurance") is FS.PROVIDED and pol is not None:
        values.update({"bodily_injury_limit": pol.bodily_injury_limit,
                       "property_damage_limit": pol.property_damage_limit,
                       "cancellation_notice_days": pol.cancellation_notice_days})
        items.flag(pol.comprehensive_liability, "insurance.comprehensive_liability",
                   _("The policy is not a comprehensive liability policy"))
        items.flag(pol.insures_town, "insurance.insures_town", _("The policy does not insure the Town"))
        bi = pol.bodily_injury_limit
        items.need(bi, "insurance.bodily_injury_limit")
        if bi is not None and bi < required_bi:
            items.defects.append(_("The bodily injury limit of {bi} is less than {required_bi}",
                                   bi=money(bi), required_bi=money(required_bi)))
        pd = pol.property_damage_limit
        items.need(pd, "insurance.property_damage_limit")
        if pd is not None and pd < pd_min:
            items.defects.append(_("The property damage limit of {pd} is less than {pd_min}", pd=money(pd),
                                   pd_min=money(pd_min)))
        days = pol.cancellation_notice_days
        items.need(days, "insurance.cancellation_notice_days")
        if days is not None and days < notice_days:
            items.defects.append(_("The policy is cancelable on {days} days' notice, less than "
                                   "{notice_days} days' prior written notice to the Town", days=days,
                                   notice_days=notice_days))
    status = items.status()
    if status is Status.MET and board is None:
        return Finding(rule, Status.NEEDS_REVIEW, CITE_E,
                       _("The policy meets the least limits ({bi_min} bodily injury, {pd_min} property "
                         "damage, {notice_days} days' notice); the Town Board has not yet set its "
                         "bodily injury limit ({bi_min} to {bi_max}).", bi_min=money(bi_min),
                         pd_min=money(pd_min), notice_days=notice_days, bi_max=money(bi_max)), values)
    return Finding(rule, status, CITE_E,
                   items.reason(_("The policy insures the Town for {required_bi} or more bodily "
                                  "injury, {pd_min} or more property damage, not cancelable without "
                                  "{notice_days} days' prior written notice.",
                                  required_bi=money(required_bi), pd_min=money(pd_min),
                                  notice_days=notice_days)), values, missing=tuple(items.missing))


@RULES.rule("carmel/issuance/f-cleanup", cites=CITE_F)
def cleanup(ctx: Context) -> Finding:
    """¶ F: within five days from the termination of the assembly, trash, papers, garbage and other waste are
    completely removed; counted by `within_days_after` from the last day (cleanup_due)."""
    rule = "carmel/issuance/f-cleanup"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ F")
    due = ctx.cleanup_due
    if due is None:
        return Finding(rule, Status.MISSING, CITE_F, _("The dates of the assembly are not given."),
                       missing=("petition.2.dates",))
    done = ctx.case.cleanup_completed_on
    values = {"cleanup_due": due.date, "cleanup_completed_on": done}
    if done is None:
        return Finding(rule, Status.NEEDS_REVIEW, CITE_F,
                       _("Waste is to be completely removed by {due_date}; the Town verifies the "
                         "cleanup. {counted}", due_date=due.date.isoformat(), counted=due.counted), values)
    if done > due.date:
        return Finding(rule, Status.NOT_MET, CITE_F,
                       _("Cleanup completed on {done}, after {due_date}. {counted}", done=done.isoformat(),
                         due_date=due.date.isoformat(), counted=due.counted),
                       values)
    return Finding(rule, Status.MET, CITE_F,
                   _("Cleanup completed on {done}, by {due_date}.", done=done.isoformat(),
                     due_date=due.date.isoformat()), values)


@RULES.rule("carmel/issuance/f-bond", cites=CITE_F)
def bond(ctx: Context) -> Finding:
    """¶ F: the applicant posts a bond with the Town Clerk in an amount fixed by the Town Board to insure the
    cleanup. needs_review until the Board fixes the amount."""
    rule = "carmel/issuance/f-bond"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ F")
    fixed = ctx.case.town_board.bond_amount
    b = ctx.case.bond
    values = {"bond_fixed_by_board": fixed, "posted": b.posted if b else None, "amount": b.amount if b else None}
    if fixed is None:
        return Finding(rule, Status.NEEDS_REVIEW, CITE_F,
                       _("The Town Board has not yet fixed the amount of the cleanup bond."), values)
    items = Items()
    amount = money(fixed)
    posted = b.posted if b else None
    if posted is not True:  # (the defect's sentence is made only when it is one)
        items.flag(posted, "bond.posted", _("The bond of {fixed} has not been posted", fixed=amount))
    if b is not None and b.posted:
        # ¶ F: a bond "in an amount fixed by the Town Board"; a bond posted in an amount not stated is not shown
        # to be that bond (the finding would otherwise say the fixed amount was posted).
        items.need(b.amount, "bond.amount")
    if b is not None and b.posted and b.amount is not None and b.amount < fixed:
        items.defects.append(_("The bond posted, {b_amount}, is less than the {fixed} fixed by the "
                               "Town Board", b_amount=money(b.amount), fixed=amount))
    # (the sentence of a bond posted is made only when it is the reason: nothing lacking, nothing wrong)
    posted_as_fixed = "" if items.defects or items.missing else _("A bond of {fixed} is posted with the Town Clerk.",
                                                                  fixed=amount)
    return Finding(rule, items.status(), CITE_F, items.reason(posted_as_fixed), values,
                   missing=tuple(items.missing))


@RULES.rule("carmel/issuance/g-revocation", cites=CITE_G)
def revocation(ctx: Context) -> Finding:
    """¶ G: the Town Board, through its Clerk, may revoke a permit if the applicant has failed to provide the
    facilities as specified, or their setting up cannot reasonably be accomplished in time. "May" is permissive
    (word usage ¶ A): a ground shown is needs_review for the Board."""
    rule = "carmel/issuance/g-revocation"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ G")
    g = ctx.case.revocation_grounds
    facts = {"facilities_not_provided_as_specified": g.facilities_not_provided_as_specified if g else None,
             "setup_cannot_be_accomplished_in_time": g.setup_cannot_be_accomplished_in_time if g else None}
    if all(v is None for v in facts.values()):
        return Finding(rule, Status.NOT_APPLICABLE, CITE_G, _("No facts bearing on revocation are given."),
                       facts)
    grounds = []
    if facts["facilities_not_provided_as_specified"]:
        grounds.append(_("the applicant has failed to provide the facilities as specified in the "
                         "application"))
    if facts["setup_cannot_be_accomplished_in_time"]:
        grounds.append(_("the setting up of the facilities cannot reasonably be accomplished by the "
                         "date set"))
    if grounds:
        return Finding(rule, Status.NEEDS_REVIEW, CITE_G,
                       _("Ground for revocation: {grounds}. The Town Board, through its Clerk, may revoke the "
                         "permit.", grounds=join(grounds, "; ")), facts, outcome="revocable")
    return Finding(rule, Status.MET, CITE_G, _("No ground for revocation is shown."), facts, outcome=False)
