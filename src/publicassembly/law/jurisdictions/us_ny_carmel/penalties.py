"""Carmel ch. 31, penalties ¶¶ A-C: who violates the chapter, each day's continued violation a separate
violation, the fine and imprisonment for each, and the Town Board's action for an injunction."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from publicassembly.law.core import Finding, Status
from publicassembly.law.determination import Penalty
from publicassembly.law.jurisdictions.us_ny_carmel.context import RULES, Context, cite
from publicassembly.law.jurisdictions.us_ny_carmel.issuance import money
from publicassembly.law.messages import Message, _, plural
from publicassembly.law.parameters import ParameterValues

CITE_AB = cite("penalties ¶¶ A, B")

#: The rules of ch. 31 a person can violate (penalties ¶ A, interpretation W-19), a violation's ``rule_id``: using,
#: letting or permitting the use of property for an assembly in excess of 500 persons, or causing one to gather,
#: without the written permit (permit requirements ¶ A); the facilities the applicant provides at the assembly
#: (¶ C(1)-(10): drinking water, toilets, sewage, solid waste, food, parking, housing, access roads, medical,
#: fire protection); the removal of the waste within five days of its end (¶ F); and "any act in violation of any
#: provisions of this chapter" (penalties ¶¶ A, B) for an act none of those names. Not the definitions and
#: exemptions (they state no duty), the petition and its items, the filing deadline, the insurance, bond,
#: authorization and fee (conditions of a permit: without them none issues, which ¶ A's rule then covers), nor the
#: Town's own acts (the hearing notice, the Board's 30 days, revocation, the injunction of penalties ¶ C).
VIOLABLE_RULES: tuple[str, ...] = (
    "carmel/permit/a-required",
    "carmel/conditions/c1-drinking-water", "carmel/conditions/c2-toilets", "carmel/conditions/c3-sewage",
    "carmel/conditions/c4-solid-waste", "carmel/conditions/c5-food", "carmel/conditions/c6-parking",
    "carmel/conditions/c7-housing", "carmel/conditions/c8-access-roads", "carmel/conditions/c9-medical",
    "carmel/conditions/c10-fire-protection",
    "carmel/issuance/f-cleanup",
    "carmel/penalties/ab-violation",
)
CITE_C = cite("penalties ¶ C")

#: New York Penal Law § 10.00(3): an offense for which a term of imprisonment of no more than 15 days may be
#: imposed is a "violation" (interpretation C-15).
CLASSIFICATION = _("violation")


def last_day_of_violation(first_day: date, days: int) -> date:
    """The last day `days` days of continued violation from `first_day` reach, both counted (¶ A: each day's
    continued violation is a separate violation): 1 day from 2026-11-28 is 2026-11-28, 10 days 2026-12-07
    (the last day a date can be, when they would run past it)."""
    try:
        return first_day + timedelta(days=days - 1)
    except OverflowError:
        return date.max


def most_days_by(first_day: date, day: date) -> int:
    """The days of continued violation there can be from `first_day` to `day`, both counted (0 when `day` is
    before `first_day`)."""
    return max((day - first_day).days + 1, 0)


def days_still_to_come(first_day: date, days: int, today: date) -> Message | None:
    """Why `days` days of continued violation from `first_day` cannot be charged on `today`, or None when they
    can: the last of them is after `today` (¶ A: each day's continued violation is a separate violation, and a
    day still to come is none yet). The days ending on `today` are taken; one more is refused, saying the last
    day they would reach, today, and the most there are by today (interpretation W-16)."""
    most = most_days_by(first_day, today)
    if days <= most:
        return None
    last = last_day_of_violation(first_day, days)
    return _("{days} from {first_day} would run to {last_day}, past today ({today}): each day's continued "
             "violation is a separate violation, and a day still to come is none yet; by today there are at "
             "most {most} (Carmel Code ch. 31, penalties ¶ A)",
             days=plural(days, "day"), first_day=first_day.isoformat(), last_day=last.isoformat(),
             today=today.isoformat(), most=plural(most, "day"))


def penalty_for_days(days: int, values: ParameterValues) -> Penalty:
    """The range of punishment for `days` days of continued violation (¶ A: each day a separate violation;
    ¶ B: for each, a fine of not more than $250 or imprisonment not exceeding 15 days, or both).

    Returns a `Penalty` with ``violations`` = `days`, fines in US dollars and ``max_jail_days`` in days, summed
    over the violations (whether jail terms may run consecutively is for the court, interpretation C-15).
    Raises ValueError when `days` is not a whole number of at least 1."""
    if days is None:
        raise ValueError(_("days_of_continued_violation: the number of days is not given; give a whole number "
                           "of days, at least 1"))
    if isinstance(days, bool) or not isinstance(days, int) or days < 1:
        raise ValueError(_("days_of_continued_violation: must be a whole number of days, at least 1 "
                           "(got {days!r})", days=days))
    return Penalty(
        offense_number=None,
        violations=days,
        min_fine=Decimal(values["penalties.min_fine_per_violation"]) * days,
        max_fine=Decimal(values["penalties.max_fine_per_violation"]) * days,
        max_jail_days=int(values["penalties.max_jail_days_per_violation"]) * days,
        max_jail_months=None,
        classification=CLASSIFICATION,
        citation=cite("penalties ¶ B"),
    )


def penalty(ctx: Context) -> Penalty | None:
    """The range of punishment for the case's violation (`penalty_for_days` of its days of continued
    violation). None when the case describes no violation or the chapter requires no permit for the
    assembly."""
    v = ctx.case.violation
    if v is None or ctx.no_permit:
        return None
    return penalty_for_days(v.days_of_continued_violation, ctx.values)


@RULES.rule("carmel/penalties/ab-violation", cites=CITE_AB)
def violation(ctx: Context) -> Finding:
    """¶ A: using, letting or permitting property to be used for an assembly in excess of 500, or causing such a
    gathering, without a written permit, or any act in violation of the chapter, is a violation; each day's
    continued violation is a separate violation. ¶ B: for each, a fine of not more than $250 or imprisonment not
    to exceed 15 days, or both. Whether terms for several days may run consecutively is for the court
    (needs_review, interpretation C-15)."""
    rule = "carmel/penalties/ab-violation"
    v = ctx.case.violation
    if v is None:
        return Finding(rule, Status.NOT_APPLICABLE, CITE_AB, _("The case describes no violation."))
    p = penalty(ctx)
    values: dict[str, Any] = {"days_of_continued_violation": v.days_of_continued_violation, "first_day": v.first_day,
              "description": v.description}
    if p is None:
        return Finding(rule, Status.NOT_APPLICABLE, CITE_AB,
                       _("No permit is required ({permit_reason}), so holding the assembly without one "
                         "is not a violation of this chapter.", permit_reason=ctx.permit_reason), values)
    per_fine = money(Decimal(ctx.values["penalties.max_fine_per_violation"]))
    per_jail = ctx.values["penalties.max_jail_days_per_violation"]
    values.update({"violations": p.violations, "max_fine": p.max_fine, "max_jail_days": p.max_jail_days})
    return Finding(rule, Status.NEEDS_REVIEW, CITE_AB,
                   _("{days} of continued violation: {violations} (each day's continued violation is a "
                     "separate violation); each carries a fine of not more than {per_fine} or "
                     "imprisonment not exceeding {per_jail} days, or both: up to {max_fine} and "
                     "{jail} in all. Whether terms of imprisonment for separate days may be imposed "
                     "consecutively up to that total is for the court.",
                     days=plural(p.violations, 'day'),
                     violations=plural(p.violations, 'separate violation'), per_fine=per_fine,
                     per_jail=per_jail, max_fine=money(p.max_fine),
                     jail=plural(p.max_jail_days or 0, 'day')), values)


@RULES.rule("carmel/penalties/c-injunction", cites=CITE_C)
def injunction(ctx: Context) -> Finding:
    """¶ C: in addition to the penalties, the Town Board may maintain an action or proceeding in the name of the
    Town to compel compliance or to restrain the violation by injunction ("may": the Board's discretion)."""
    rule = "carmel/penalties/c-injunction"
    if ctx.case.violation is None or ctx.no_permit:
        return Finding(rule, Status.NOT_APPLICABLE, CITE_C, _("The case describes no violation of the chapter."))
    return Finding(rule, Status.NEEDS_REVIEW, CITE_C,
                   _("In addition to the penalties, the Town Board may maintain an action or "
                     "proceeding in the name of the Town in a court of competent jurisdiction to "
                     "compel compliance or to restrain the violation by injunction."), outcome="injunction_available")
