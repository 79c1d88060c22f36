"""Carmel ch. 31 applied to one case: the permit question resolved by priority (exemptions over ¶ A), every
rule's finding in the chapter's order, the requirements, the deadlines and the penalty."""

from __future__ import annotations

from typing import Any

from publicassembly.law.cases import not_after_as_of
from publicassembly.law.core import Finding, Rule, Status, decide
from publicassembly.law.dates import LegalDate
from publicassembly.law.determination import Determination, Penalty, Tristate
from publicassembly.law.errors import InvalidCase
from publicassembly.law.jurisdictions.us_ny_carmel.context import OCD_ID, RULES, Context
from publicassembly.law.jurisdictions.us_ny_carmel.facts import EventCase
from publicassembly.law.jurisdictions.us_ny_carmel.fee import filing_fee
from publicassembly.law.jurisdictions.us_ny_carmel.issuance import bodily_injury_required, money
from publicassembly.law.jurisdictions.us_ny_carmel.penalties import most_days_by, penalty
from publicassembly.law.jurisdictions.us_ny_carmel.permit import permit_holders
from publicassembly.law.messages import _, clause, plural
from publicassembly.law.parameters import ParameterValues
from publicassembly.law.units import dollars

QUESTION = "permit_required"


def _violation_by_as_of(case: EventCase, values: ParameterValues) -> None:
    """Refuse more days of continued violation (penalties ¶ A) than there are from the violation's first day to
    the day the case is evaluated as of, both counted (`InvalidCase` naming
    ``violation.days_of_continued_violation``): each day's continued violation is a separate violation, and a
    day still to come is none yet. (A first day after that day is refused before, by `not_after_as_of`.)"""
    v = case.violation
    if v is None or v.first_day is None:
        return
    most = most_days_by(v.first_day, values.as_of)
    if v.days_of_continued_violation > most:
        raise InvalidCase("violation.days_of_continued_violation", _(
            "{days} from {first_day} would run past the day the case is evaluated as of ({as_of}): by then there "
            "are at most {most}; give the days up to {as_of}, or a later as_of",
            days=plural(v.days_of_continued_violation, "day"), first_day=v.first_day.isoformat(),
            as_of=values.as_of.isoformat(), most=plural(most, "day")))


def determine(case: EventCase, values: ParameterValues) -> Determination:
    """Apply Carmel ch. 31 to `case` under `values` (the parameters in force on the determination's date).

    Raises `RuleConflict` when two rules of the same priority both decide whether a permit is required, and
    `InvalidCase` for a date of something done after ``values.as_of`` (`not_after_as_of`, G-10) or a
    violation whose days run past it (`_violation_by_as_of`).
    """
    ctx = Context(case, values)
    deciding: list[tuple[Rule, Finding]] = [(r, r.func(ctx)) for r in RULES if r.decides == QUESTION]
    not_after_as_of(case, values.as_of)  # nothing recorded as done after as_of (G-10; after "no law in force")
    _violation_by_as_of(case, values)
    winner = decide_permit(deciding)
    if winner is not None:
        rule, finding = winner
        ctx.permit_required = finding.outcome
        # Why no permit is required, in a few words, when none is (the rules that do not apply say it).
        if finding.outcome is False and rule.priority > 0:
            ctx.exemption = {"rule": rule.id, "citation": rule.citation}
            ctx.permit_reason = _("exempt under {citation}", citation=rule.citation)
        elif finding.outcome is False and not case.within_town:
            ctx.permit_reason = _("not within the Town; {citation}", citation=rule.citation)
        elif finding.outcome is False:
            ctx.permit_reason = (_("not in excess of {threshold_persons} persons; {citation}",
                                   threshold_persons=values['permit.threshold_persons'],
                                   citation=rule.citation))
    decided = dict((r.id, f) for r, f in deciding)
    findings = tuple(decided[r.id] if r.id in decided else r.func(ctx) for r in RULES)
    return Determination(
        jurisdiction=OCD_ID,
        as_of=values.as_of,
        subject="event",
        verdict=verdict(ctx, winner),
        permit_required=ctx.permit_required,
        exemption=ctx.exemption,
        requirements=requirements(ctx),
        deadlines=deadlines(ctx),
        findings=findings,
        penalty=penalty(ctx),
    )


def decide_permit(deciding: list[tuple[Rule, Finding]]) -> tuple[Rule, Finding] | None:
    """The rule that decides whether a permit is required, from the findings of the rules that decide it (the
    exemptions ¶¶ A-D over permit requirements ¶ A, by priority: `decide`).

    An exemption whose facts are missing (status ``missing``, outcome ``"needs_review"``) can only take away a
    permit that ¶ A requires. When ¶ A itself requires none (``not_met``: not in excess of 500 persons, or not
    within the Town), no permit is required whatever the exemption's facts: ¶ A decides, and no penalty can
    follow. Decided on the findings' statuses alone, so that a determination read back from its JSON (whose
    findings carry no outcome) is decided the same way."""
    winner = decide(QUESTION, deciding)
    if winner is not None and winner[0].priority > 0 and winner[1].status is Status.MISSING:
        base = [(r, f) for r, f in deciding if r.priority == 0 and f.status is Status.NOT_MET]
        if base:
            return base[0]
    return winner


#: What the finding of a rule deciding whether a permit is required answers, by the rule's kind and the
#: finding's status (the `outcome` the law core's rules give with each status, `permit.py`
#: `permit_required` and `exemptions.py`; `tests/documents/test_report_permit_required.py` holds them equal):
#: permit requirements ¶ A (priority 0) met → a permit is required, not met → none, needs review → needs
#: review, missing → not known (null); an exemption (¶¶ A-D, a higher priority) met → none, missing → needs
#: review (it can only take away a permit ¶ A requires).
_PERMIT_ANSWER: dict[tuple[bool, Status], Any] = {
    (False, Status.MET): True, (False, Status.NOT_MET): False, (False, Status.NEEDS_REVIEW): "needs_review",
    (False, Status.MISSING): None,
    (True, Status.MET): False, (True, Status.MISSING): "needs_review", (True, Status.NEEDS_REVIEW): "needs_review",
}


def permit_answer(rule: Rule, status: Status) -> Any:
    """The answer to "is a permit required?" the finding of `rule` (one that decides it) with `status` gives
    when it is the deciding finding (`_PERMIT_ANSWER`): True, False, ``"needs_review"`` or None. For a reader of a
    determination's JSON, whose findings carry their status but not their outcome (`decide_permit`)."""
    return _PERMIT_ANSWER.get((rule.priority > 0, status))


#: The legal deadlines of the chapter, in the order a determination gives them: the petition filed (¶ B), the
#: Board's decision (¶ B), the hearing's notice published (¶ B), the cleanup (¶ F).
DEADLINES: tuple[str, ...] = ("application_due", "decision_due", "hearing_notice_due", "cleanup_due")


def deadlines(ctx: Context) -> dict[str, LegalDate]:
    """The legal deadlines that can be computed (none when no permit is required), named as `DEADLINES`:
    ``application_due``, ``decision_due`` (once submitted), ``hearing_notice_due`` (once a hearing is set),
    ``cleanup_due``."""
    if ctx.no_permit:
        return {}
    days = (ctx.application_due, ctx.decision_due, ctx.hearing_notice_due, ctx.cleanup_due)
    return {name: day for name, day in zip(DEADLINES, days, strict=True) if day is not None}


#: What a permit requires (`requirements`), besides its permit holders: all null when no permit is required.
REQUIREMENTS = ("parking_spaces", "physicians", "registered_nurses", "housing_required",
                "insurance_bodily_injury_min", "insurance_bodily_injury_max", "insurance_property_damage_min",
                "insurance_cancellation_notice_days", "cleanup_days", "filing_fee", "bond")


def requirements(ctx: Context) -> dict[str, Any]:
    """What a permit requires of this assembly (all null, and no permit holders, when no permit is required).

    Units: parking_spaces (cars), physicians and registered_nurses (on duty at all times), insurance limits and
    filing_fee and bond (US dollars), insurance_cancellation_notice_days and cleanup_days (calendar days)."""
    if ctx.no_permit:
        return {**dict.fromkeys(REQUIREMENTS), "permit_holders": []}
    v = ctx.values
    return {
        "parking_spaces": ctx.parking_spaces_required,
        "physicians": v["conditions.physicians_at_all_times"],
        "registered_nurses": ctx.registered_nurses_required,
        "housing_required": "needs_review" if ctx.hours_unreadable else ctx.multi_day,
        "insurance_bodily_injury_min": bodily_injury_required(ctx.case.town_board.bodily_injury_limit, v),
        "insurance_bodily_injury_max": dollars(v["insurance.bodily_injury_max"]),
        "insurance_property_damage_min": dollars(v["insurance.property_damage_min"]),
        "insurance_cancellation_notice_days": v["insurance.cancellation_notice_days"],
        "cleanup_days": v["cleanup.days_after"],
        "filing_fee": filing_fee(ctx),
        "bond": ctx.case.town_board.bond_amount,
        "permit_holders": permit_holders(ctx),
    }


def verdict(ctx: Context, winner: tuple[Rule, Finding] | None) -> str:
    """One plain sentence leading the report."""
    if winner is None:  # pragma: no cover - rule ¶ A always applies
        return _("Whether a permit is required cannot be determined.")
    rule, finding = winner
    sponsor = ctx.case.sponsor
    return verdict_sentence(ctx.permit_required, rule.citation, ctx.values["permit.threshold_persons"],
                            persons=ctx.persons, properties=len(ctx.case.properties),
                            within_town=ctx.case.within_town, exempt=ctx.exemption is not None,
                            sponsor_name=sponsor.name if sponsor else None,
                            sponsor_kind=str(sponsor.kind) if sponsor and sponsor.kind else None,
                            reason=finding.reason, penalty=penalty(ctx),
                            known=finding.values.get("persons_known_at_one_time"))


def verdict_sentence(permit_required: Tristate, citation: str, threshold: int, *, persons: int | None,
                     properties: int, within_town: bool, exempt: bool, sponsor_name: str | None,
                     sponsor_kind: str | None, reason: str, penalty: Penalty | None,
                     known: int | None = None) -> str:
    """The verdict from what a determination states: the answer to whether a permit is required, the
    `citation` of the rule that decided it, the threshold in force, the persons at one time (None when not
    given) on how many `properties`, whether the place is `within_town`, whether an exemption decided it (its
    sponsor's name and kind), the deciding finding's `reason` (quoted when the answer is "needs_review" or
    none) and the `penalty`. `known`: when the persons of some properties are not given, the persons of those
    whose numbers are given (¶ A's finding states it when they alone are in excess of the threshold,
    interpretation C-4). A determination read back is checked against it."""
    tail: str = ""
    p = penalty
    if p is not None:
        counts = {"days": plural(p.violations, "day"), "violations": plural(p.violations, "separate violation"),
                  "max_fine": money(p.max_fine), "jail": plural(p.max_jail_days or 0, "day"),
                  "citation": p.citation}
        if permit_required is True:
            tail = (_("; {days} of continued violation is {violations}, punishable by a fine of up to {max_fine}, "
                      "imprisonment of up to {jail}, or both ({citation})", **counts) if p.violations == 1 else
                    _("; {days} of continued violation are {violations}, punishable by a fine of up to {max_fine}, "
                      "imprisonment of up to {jail}, or both ({citation})", **counts))
        else:  # (not yet decided: the penalty is the law's only if a permit is required)
            tail = (_("; if a permit is required, {days} of continued violation is {violations}, punishable by a "
                      "fine of up to {max_fine}, imprisonment of up to {jail}, or both ({citation})", **counts)
                    if p.violations == 1 else
                    _("; if a permit is required, {days} of continued violation are {violations}, punishable by a "
                      "fine of up to {max_fine}, imprisonment of up to {jail}, or both ({citation})", **counts))
    said = plural(persons, "person") if persons is not None else _("the number of persons")
    if exempt:
        return (_("No permit is required: the chapter does not apply to an assembly sponsored, "
                  "organized and authorized by {sponsor} ({citation}){tail}.",
                  sponsor=sponsor_words(sponsor_name, sponsor_kind), citation=citation, tail=tail))
    if permit_required is True and persons is None and known is not None:
        return (_("A permit from the Town Board is required: at least {persons} at one time in the aggregate, "
                  "counting only the properties whose numbers are given, is in excess of {threshold} "
                  "({citation}){tail}.", persons=plural(known, "person"), threshold=threshold, citation=citation,
                  tail=tail))
    if permit_required is True:
        aggregate = _(" in the aggregate") if properties > 1 else ""
        return (_("A permit from the Town Board is required: {persons} at one time{aggregate} "
                  "is in excess of {threshold} ({citation}){tail}.", persons=said, aggregate=aggregate,
                  threshold=threshold, citation=citation, tail=tail))
    if permit_required is False:
        if not within_town:
            return _("No permit is required: the place is not within the Town of Carmel ({citation}).",
                     citation=citation)
        return (_("No permit is required: {persons} at one time is not in excess of "
                  "{threshold} ({citation}).", persons=said, threshold=threshold, citation=citation))
    if permit_required == "needs_review":
        return (_("Whether a permit from the Town Board is required needs review: {reason} "
                  "({citation}){tail}.", reason=clause(reason, lower=True), citation=citation,
                  tail=tail))
    return (_("Whether a permit from the Town Board is required cannot be determined: "
              "{reason} ({citation}){tail}.", reason=clause(reason, lower=True), citation=citation,
              tail=tail))


def sponsor_words(name: str | None, kind: str | None) -> str:
    """An exempt sponsor as the verdict names it: "St. Mary's, an established church maintaining a place of
    worship within the Town" (its kind alone without a name; "its sponsor" for a kind of no exemption)."""
    label = {"parochial_school": _("a parochial school located within the Town"),
             "private_school": _("a private school located within the Town"),
             "church": _("an established church maintaining a place of worship within the Town"),
             "veterans_organization": _("a veterans' organization with a chapter in the Town for one year"),
             "civic_group": _("a civic group with a chapter in the Town for one year")}.get(
                 str(kind), _("its sponsor"))
    return _("{name}, {kind}", name=name, kind=label) if name else label
