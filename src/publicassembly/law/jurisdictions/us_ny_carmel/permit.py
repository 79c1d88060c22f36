"""Carmel ch. 31, permit requirements ¶¶ A-B: when a written permit of the Town Board is required, who needs it,
and the procedure of the verified petition (filing 60 days ahead, public hearing on 10 days' notice, Board
action within 30 days after submission)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from publicassembly.law.core import Finding, Status
from publicassembly.law.dates import next_business_day
from publicassembly.law.jurisdictions.us_ny_carmel.context import RULES, Context, Items, cite
from publicassembly.law.messages import _, join, plural

CITE_A = cite("permit requirements ¶ A")
CITE_B = cite("permit requirements ¶ B")


def in_excess(persons: int, values: Mapping[str, Any]) -> bool:
    """Whether `persons` (at one time, or collectively) are in excess of ¶ A's threshold in force
    (``permit.threshold_persons``): the number for which a written permit is required (permit requirements ¶ A).
    The threshold itself is not in excess of it."""
    threshold: int = values["permit.threshold_persons"]
    return persons > threshold


def paragraph_a_status(*, within_town: bool, persons: int | None, known: int | None, collectively: int | None,
                       values: Mapping[str, Any]) -> Status:
    """¶ A's status from its facts (persons, US count): NOT_MET for a place not within the Town; MET when the
    persons at one time (or, not given, those of the properties whose numbers are given, `known`) are in excess of
    ``permit.threshold_persons``; NEEDS_REVIEW when only `collectively` is (interpretation C-4); MISSING when the
    persons at one time are not given; else NOT_MET. The one decision of `permit_required` and of `report`'s check
    of a determination's ¶ A finding (G-9)."""
    if not within_town:
        return Status.NOT_MET
    if persons is not None and in_excess(persons, values):
        return Status.MET
    if persons is None and known is not None and in_excess(known, values):
        return Status.MET
    if collectively is not None and in_excess(collectively, values):
        return Status.NEEDS_REVIEW
    return Status.MISSING if persons is None else Status.NOT_MET


def too_late_to_issue(last_day: date, on: date) -> bool:
    """Whether a permit can no longer be issued on `on` for an assembly whose last day is `last_day` (¶ A, a
    written permit for the assembly; interpretation P-7): once that day has passed there is nothing left for a
    permit to authorize. Up to and including the last day it may still be issued (its remaining days come under
    the conditions of ¶¶ C-F)."""
    return on > last_day


def permit_holders(ctx: Context) -> list[str]:
    """The record owners of the properties used for the assembly, each of whom lets property for it and so
    needs the permit (¶ A), in the order given, without repeats."""
    seen: dict[str, None] = {}
    for p in ctx.case.properties:
        if p.record_owner:
            seen.setdefault(p.record_owner, None)
    return list(seen)


@RULES.rule("carmel/permit/a-required", cites=CITE_A, decides="permit_required")
def permit_required(ctx: Context) -> Finding:
    """A written permit of the Town Board, issued through its Clerk, is required to use, allow, let or permit
    the use of property for an assembly in excess of 500 persons, or for a portion of an assembly whose total in
    the aggregate is in excess of 500 (permit requirements ¶ A).

    Persons: the expected maximum at one time over all properties together. When only the number collectively
    (over all days) exceeds 500, the outcome is ``"needs_review"`` (interpretation C-4).
    """
    rule = "carmel/permit/a-required"
    case = ctx.case
    threshold: int = ctx.values["permit.threshold_persons"]
    values: dict[str, Any] = {"threshold_persons": threshold, "persons_at_one_time": ctx.persons,
                              "persons_collectively": case.persons_collectively,
                              "properties": len(case.properties), "permit_holders": permit_holders(ctx)}
    known = sum(p.max_persons_at_one_time for p in case.properties if p.max_persons_at_one_time is not None)
    status = paragraph_a_status(within_town=case.within_town, persons=ctx.persons, known=known,
                                collectively=case.persons_collectively, values=ctx.values)
    if not case.within_town:
        return Finding(rule, Status.NOT_MET, CITE_A,
                       _("The place is not within the Town of Carmel: the chapter requires no permit."), values,
                       outcome=False)
    if ctx.persons is None and status is Status.MET:
        # ¶ A counts the portions in the aggregate: the properties whose numbers are given already exceed it, so a
        # permit is required whatever the others hold (their numbers are still wanted, for ¶ C's parking and nurses).
        values["persons_known_at_one_time"] = known  # (the verdict states it: "at least {known} …")
        return Finding(rule, Status.MET, CITE_A,
                       _("The properties whose numbers are given hold {persons} at one time in the aggregate, "
                         "already in excess of {threshold}: a written permit of the Town Board, issued through its "
                         "Clerk, is required (the number at one time of the other properties is still to be "
                         "given).", persons=plural(known, "person"), threshold=threshold), values, outcome=True,
                       missing=("petition.2.max_persons_at_one_time",))
    if ctx.persons is None:
        if status is Status.NEEDS_REVIEW:
            return Finding(rule, Status.NEEDS_REVIEW, CITE_A,
                           _("{persons_collectively} collectively is in excess of "
                             "{threshold}, but the number at one time is not given; whether a permit "
                             "is required needs review.",
                             persons_collectively=plural(case.persons_collectively or 0, "person"),
                             threshold=threshold), values,
                           outcome="needs_review", missing=("petition.2.max_persons_at_one_time",))
        return Finding(rule, Status.MISSING, CITE_A,
                       _("The expected maximum number of persons at one time is not given, so whether "
                         "the assembly is in excess of {threshold} persons cannot be determined.",
                         threshold=threshold), values,
                       missing=("petition.2.max_persons_at_one_time",))
    where = (_(" on {n_properties} properties counted in the aggregate", n_properties=len(case.properties))
             if len(case.properties) > 1 else "")
    if status is Status.MET:
        holders = permit_holders(ctx)
        who = (_("; each owner letting property for it needs the permit: {holders}", holders=join(holders))
               if len(case.properties) > 1 and holders else "")
        return Finding(rule, Status.MET, CITE_A,
                       _("{persons} at one time{where} is in excess of {threshold}: a "
                         "written permit of the Town Board, issued through its Clerk, is required{who}.",
                         persons=plural(ctx.persons, "person"), where=where, threshold=threshold, who=who), values, outcome=True)
    if status is Status.NEEDS_REVIEW:
        return Finding(rule, Status.NEEDS_REVIEW, CITE_A,
                       _("At most {persons} at one time{where} is not in excess of "
                         "{threshold}, but {persons_collectively} collectively over the "
                         "assembly is: whether the chapter counts persons at one time or collectively "
                         "needs review.", persons=plural(ctx.persons, "person"), where=where, threshold=threshold,
                         persons_collectively=plural(case.persons_collectively or 0, "person")), values,
                       outcome="needs_review")
    return Finding(rule, Status.NOT_MET, CITE_A,
                   _("{persons} at one time{where} is not in excess of {threshold}: no "
                     "permit is required.", persons=plural(ctx.persons, "person"), where=where, threshold=threshold), values, outcome=False)


@RULES.rule("carmel/permit/b-verified-petition", cites=CITE_B)
def verified_petition(ctx: Context) -> Finding:
    """The application is a verified petition on the Town's forms, addressed to the Town Board and filed with
    the Town Clerk (permit requirements ¶ B)."""
    rule = "carmel/permit/b-verified-petition"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B")
    p = ctx.case.petition
    items = Items()
    items.flag(p.verified, "petition.verified", _("The petition is not verified"))
    items.flag(p.on_town_form, "petition.on_town_form", _("The petition is not on the Town's form"))
    items.flag(p.addressed_to_town_board, "petition.addressed_to_town_board",
               _("The petition is not addressed to the Town Board"))
    values = {"verified": p.verified, "on_town_form": p.on_town_form,
              "addressed_to_town_board": p.addressed_to_town_board}
    return Finding(rule, items.status(), CITE_B,
                   items.reason(_("A verified petition on the Town's form, addressed to the Town Board.")),
                   values, missing=tuple(items.missing))


@RULES.rule("carmel/permit/b-filing-deadline", cites=CITE_B)
def filing_deadline(ctx: Context) -> Finding:
    """The petition is filed with the Town Clerk at least 60 days prior to the date of the assembly (¶ B),
    counted by `at_least_days_before` from the first day (GCL § 20; a last day counted backwards stays put). A
    filing on the next business day after a last day when the Clerk's office is closed is needs_review (GCL
    § 25-a, interpretation G-1); any later filing is not_met. Not yet filed, the same: until that next business
    day it can still be filed (needs_review), after it not (not_met)."""
    rule = "carmel/permit/b-filing-deadline"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B")
    due = ctx.application_due
    filed = ctx.case.filed_on
    if due is None:
        return Finding(rule, Status.MISSING, CITE_B, _("The dates of the assembly are not given."),
                       {"filed_on": filed}, missing=("petition.2.dates",))
    values = {"filed_on": filed, "application_due": due.date, "act_by": due.act_by}
    # GCL § 25-a(1) names periods "within which or after which or before which" an act is required: after a last
    # day when the Clerk's office is closed, the filing may still be timely on the next business day (G-1).
    leeway = next_business_day(due.date) if due.closed else None
    if filed is None and leeway is not None and due.date < ctx.as_of <= leeway:
        # (not yet filed, and the next business day not yet past: it can still be filed, as a filing on that day
        # would be needs_review; the Town decides)
        words = {"next_day": leeway.isoformat(), "due_date": due.date.isoformat(), "closed": due.closed,
                 "counted": due.counted}
        said = (_("Not yet filed: it can still be filed today, {next_day}, the next business day after {due_date}, "
                  "the last day to file it, when the Town Clerk's office was closed ({closed}): GCL § 25-a lets an "
                  "act required before a period that ends on a Saturday, Sunday or public holiday be done on the "
                  "next business day, but whether it moves a period counted backwards from the assembly is for "
                  "the Town to decide (interpretation G-1). {counted}", **words) if ctx.as_of == leeway else
                _("Not yet filed: it can still be filed on {next_day}, the next business day after {due_date}, "
                  "the last day to file it, when the Town Clerk's office was closed ({closed}): GCL § 25-a lets an "
                  "act required before a period that ends on a Saturday, Sunday or public holiday be done on the "
                  "next business day, but whether it moves a period counted backwards from the assembly is for "
                  "the Town to decide (interpretation G-1). {counted}", **words))
        return Finding(rule, Status.NEEDS_REVIEW, CITE_B, said, values, missing=("filed_on",))
    if filed is None and ctx.as_of > due.date:
        return Finding(rule, Status.NOT_MET, CITE_B,
                       _("No petition was filed by {due_date}; it can no longer be filed at least "
                         "{filing_days_before} days prior. {counted}", due_date=due.date.isoformat(),
                         filing_days_before=ctx.values['petition.filing_days_before'], counted=due.counted), values)
    if filed is None:
        return Finding(rule, Status.MISSING, CITE_B,
                       _("Not yet filed: file with the Town Clerk by {due_date}. {counted}",
                         due_date=due.date.isoformat(), counted=due.counted), values,
                       missing=("filed_on",))
    if filed > due.date and leeway is not None and filed <= leeway:
        # GCL § 25-a(1) names periods "within which or after which or before which" an act is required: a filing
        # on the next business day after a last day the Clerk's office is closed may be timely (G-1). Neither
        # met nor not_met is safe; the Town decides.
        return Finding(rule, Status.NEEDS_REVIEW, CITE_B,
                       _("Filed on {filed}, the next business day after {due_date}, the last day to file it, when "
                         "the Town Clerk's office was closed ({closed}): GCL § 25-a lets an act required before a period "
                         "that ends on a Saturday, Sunday or public holiday be done on the next business day, but "
                         "whether it moves a period counted backwards from the assembly is for the Town to decide "
                         "(interpretation G-1). {counted}", filed=filed.isoformat(), due_date=due.date.isoformat(),
                         closed=due.closed, counted=due.counted), values)
    if filed > due.date:
        # (the days before the assembly's first day and the days after the last day to file: "the last day"
        # alone read as the assembly's last day, ``dates.last_day``)
        first = ctx.case.dates.first_day if ctx.case.dates is not None else None
        assert first is not None  # (the last day to file is counted from it)
        words = {"filed": filed.isoformat(), "first_day": first.isoformat(), "due_date": due.date.isoformat(),
                 "late": plural((filed - due.date).days, "day"),
                 "prior": plural(int(ctx.values['petition.filing_days_before']), "day"), "counted": due.counted}
        if filed < first:
            said = _("Filed on {filed}, {before} before the assembly's first day ({first_day}) and {late} after "
                     "{due_date}, the last day to file it at least {prior} prior. {counted}",
                     before=plural((first - filed).days, "day"), **words)
        elif filed == first:
            said = _("Filed on {filed}, the assembly's first day, {late} after {due_date}, the last day to file it "
                     "at least {prior} prior. {counted}", **words)
        else:
            said = _("Filed on {filed}, {after} after the assembly's first day ({first_day}) and {late} after "
                     "{due_date}, the last day to file it at least {prior} prior. {counted}",
                     after=plural((filed - first).days, "day"), **words)
        return Finding(rule, Status.NOT_MET, CITE_B, said, values)
    return Finding(rule, Status.MET, CITE_B,
                   _("Filed on {filed}, on or before {due_date}. {counted}", filed=filed.isoformat(),
                     due_date=due.date.isoformat(), counted=due.counted), values)


@RULES.rule("carmel/permit/b-hearing-notice", cites=CITE_B)
def hearing_notice(ctx: Context) -> Finding:
    """Notice of the public hearing is published at least once in the official newspaper at least 10 days prior
    to the hearing (¶ B). Publishing the notice is the Town's act: when not yet recorded, needs_review."""
    rule = "carmel/permit/b-hearing-notice"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B")
    due = ctx.hearing_notice_due
    if due is None:
        return Finding(rule, Status.NOT_APPLICABLE, CITE_B,
                       _("No public hearing is scheduled yet; its notice is due 10 days before it."))
    hearing = ctx.case.hearing
    assert hearing is not None
    notice = hearing.notice_published_on
    values = {"hearing_on": hearing.held_on, "notice_published_on": notice, "hearing_notice_due": due.date}
    if notice is None:
        return Finding(rule, Status.NEEDS_REVIEW, CITE_B,
                       _("Publish the notice in the official newspaper by {due_date}. {counted}",
                         due_date=due.date.isoformat(), counted=due.counted),
                       values)
    if notice > due.date:
        return Finding(rule, Status.NOT_MET, CITE_B,
                       _("Notice published on {notice}, after {due_date}: not {hearing_notice_days} "
                         "days prior to the hearing. {counted}", notice=notice.isoformat(),
                         due_date=due.date.isoformat(),
                         hearing_notice_days=ctx.values['petition.hearing_notice_days'], counted=due.counted),
                       values)
    return Finding(rule, Status.MET, CITE_B,
                   _("Notice published on {notice}, on or before {due_date}. {counted}",
                     notice=notice.isoformat(), due_date=due.date.isoformat(), counted=due.counted),
                   values)


@RULES.rule("carmel/permit/b-board-action", cites=CITE_B)
def board_action(ctx: Context) -> Finding:
    """The Town Board acts upon the application within 30 days after its submission, after the public hearing
    (¶ B), counted by `within_days_after` (a last day on a weekend or holiday runs to the next business day).
    A decision before the hearing, or after the last day, is not_met; a decision with no public hearing recorded
    is needs_review, not met ("after a public hearing")."""
    rule = "carmel/permit/b-board-action"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B")
    due = ctx.decision_due
    if due is None:
        return Finding(rule, Status.NOT_APPLICABLE, CITE_B,
                       _("The application has not been submitted to the Town Board; the Board's 30 "
                         "days run from its submission."))
    decided = ctx.case.board_decision_on
    hearing_on = ctx.case.hearing.held_on if ctx.case.hearing else None
    values = {"submitted_on": ctx.case.submitted_on, "decision_due": due.date, "board_decision_on": decided,
              "hearing_on": hearing_on}
    if decided is None and ctx.as_of > due.date:
        # still the Town's act (C-11: needs_review), but overdue: said so, with how long
        return Finding(rule, Status.NEEDS_REVIEW, CITE_B,
                       _("The Town Board was to act, after the public hearing, by {due_date}; no decision is "
                         "recorded and that day passed {late} ago. {counted}", due_date=due.date.isoformat(),
                         late=plural((ctx.as_of - due.date).days, "day"), counted=due.counted), values)
    if decided is None:
        return Finding(rule, Status.NEEDS_REVIEW, CITE_B,
                       _("The Town Board is to act, after the public hearing, by {due_date}. {counted}",
                         due_date=due.date.isoformat(), counted=due.counted), values)
    if hearing_on is not None and hearing_on > decided:
        return Finding(rule, Status.NOT_MET, CITE_B,
                       _("The Board acted on {decided}, before the public hearing on {hearing_on}.",
                         decided=decided.isoformat(), hearing_on=hearing_on.isoformat()), values)
    if decided > due.date:
        return Finding(rule, Status.NOT_MET, CITE_B,
                       _("The Board acted on {decided}, after {due_date}. {counted}",
                         decided=decided.isoformat(), due_date=due.date.isoformat(), counted=due.counted),
                       values)
    if hearing_on is None:
        # ¶ B: the Board acts "after a public hearing". A decision with no hearing recorded is not shown to meet
        # it; the hearing is the Town's act, so it is for review (C-11), never silently met.
        return Finding(rule, Status.NEEDS_REVIEW, CITE_B,
                       _("The Board acted on {decided}, but no public hearing is recorded: the Board acts upon "
                         "the application after a public hearing.", decided=decided.isoformat()), values)
    return Finding(rule, Status.MET, CITE_B,
                   _("The Board acted on {decided}, within the period ending {due_date}.",
                     decided=decided.isoformat(), due_date=due.date.isoformat()),
                   values)
