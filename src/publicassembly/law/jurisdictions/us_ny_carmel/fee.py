"""Carmel ch. 31, fee: each application is accompanied by a non-refundable filing fee established annually by
the Town Board and on file in the office of the Town Clerk (a dated parameter, ``fees.filing``)."""

from __future__ import annotations

from decimal import Decimal

from publicassembly.law.core import Finding, Status
from publicassembly.law.errors import InvalidCase, ParameterNotInForce
from publicassembly.law.jurisdictions.us_ny_carmel.context import RULES, Context, cite
from publicassembly.law.jurisdictions.us_ny_carmel.issuance import money
from publicassembly.law.messages import _

CITE_FEE = cite("fee")


def filing_fee(ctx: Context) -> Decimal | None:
    """The filing fee in US dollars in force on the filing date (or, before filing, on the date of the
    determination), or None when the Town Board's schedule for that date is not on file here (interpretation
    C-13). Raises `InvalidCase` naming ``filed_on`` for a filing date before the chapter took effect."""
    when = ctx.case.filed_on or ctx.as_of
    try:
        value = ctx.values.parameters["fees.filing"].at(when)
    except ParameterNotInForce as exc:  # (a filing date before the chapter: the case's fact is wrong, not the law)
        raise InvalidCase("filed_on", _("{filed_on} is before ch. 31 took effect ({since}): no petition under it "
                                        "can have been filed then", filed_on=when.isoformat(),
                                        since=str(exc.first))) from None
    return None if value is None else Decimal(value)


@RULES.rule("carmel/fee/filing", cites=CITE_FEE)
def fee(ctx: Context) -> Finding:
    """The application is accompanied by the filing fee, which compensates the Town for examining and processing
    it and is not refundable in whole or in part (fee; amended 11-26-1986)."""
    rule = "carmel/fee/filing"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "fee")
    amount = filing_fee(ctx)
    paid = ctx.case.filing_fee_paid
    when = ctx.case.filed_on or ctx.as_of
    values = {"filing_fee": amount, "fee_date": when, "filing_fee_paid": paid, "refundable": False}
    if amount is None:
        return Finding(rule, Status.NEEDS_REVIEW, CITE_FEE,
                       _("The filing fee is established annually by the Town Board and is on file in "
                         "the office of the Town Clerk; the schedule in force on {when} is not on file "
                         "here, so the amount needs review. The fee is not refundable in whole or in "
                         "part.", when=when.isoformat()), values)
    if paid is None:
        return Finding(rule, Status.MISSING, CITE_FEE,
                       _("The application must be accompanied by the filing fee of {amount} (not "
                         "refundable).", amount=money(amount)),
                       values, missing=("filing_fee",))
    if paid < amount:
        return Finding(rule, Status.NOT_MET, CITE_FEE,
                       _("{paid} paid, less than the filing fee of {amount}.", paid=money(paid),
                         amount=money(amount)), values)
    return Finding(rule, Status.MET, CITE_FEE,
                   _("The filing fee of {amount} accompanies the application; it is not refundable in "
                     "whole or in part.", amount=money(amount)), values)
