"""The rule book of Mount Pleasant ch. 164, in the order of the chapter, and `determine` (a venue case →
`Determination`)."""

from __future__ import annotations

from typing import Any

from publicassembly.law.cases import not_after_as_of
from publicassembly.law.core import Finding, Rule, RuleBook, Status, decide
from publicassembly.law.determination import Determination, Occupancy, Penalty, Tristate
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import (
    enforcement,
    exits,
    occupancy,
    penalties,
    places,
    sanitation,
    signs,
)
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import Context, cite
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import VenueCase
from publicassembly.law.messages import _, plural
from publicassembly.law.parameters import ParameterValues

OCD_ID = "ocd-division/country:us/state:ny/county:westchester/place:mount_pleasant"

RULES = RuleBook(OCD_ID)

#: The question the rules of § 164-3 decide.
QUESTION = "certificate_required"

# The chapter in order: the opening paragraph (§ 164-2), then §§ 164-3 to 164-14.
RULES.rule("mount-pleasant/164-2/fire-exits", cites=cite("164-2"))(exits.fire_exits)
RULES.rule("mount-pleasant/164-3/certificate", cites=cite("164-3"),
           decides="certificate_required", priority=0)(places.certificate_required)
RULES.rule("mount-pleasant/164-3/religious-worship-exception", cites=cite("164-3"),
           decides="certificate_required", priority=1)(places.religious_worship_exception)
RULES.rule("mount-pleasant/164-4/place-of-assembly", cites=cite("164-4"))(places.place_of_assembly)
RULES.rule("mount-pleasant/164-5/overcrowding", cites=cite("164-5"))(occupancy.overcrowding)
RULES.rule("mount-pleasant/164-5/stop-performance", cites=cite("164-5"))(occupancy.stop_performance)
RULES.rule("mount-pleasant/164-6/toilets", cites=cite("164-6"))(sanitation.toilets)
RULES.rule("mount-pleasant/164-7/occupant-load", cites=cite("164-7"))(occupancy.occupant_load)
RULES.rule("mount-pleasant/164-8/open-air", cites=cite("164-8"))(occupancy.open_air)
RULES.rule("mount-pleasant/164-9/sign", cites=cite("164-9"))(signs.sign)
RULES.rule("mount-pleasant/164-9/certificate-lawful-occupancy",
           cites=cite("164-9"))(signs.certificate_lawful_occupancy)
RULES.rule("mount-pleasant/164-9/certificate-on-premises", cites=cite("164-9"))(signs.certificate_on_premises)
RULES.rule("mount-pleasant/164-10/exits-not-blocked", cites=cite("164-10"))(exits.exits_not_blocked)
RULES.rule("mount-pleasant/164-11/exit-access", cites=cite("164-11"))(exits.exit_access)
RULES.rule("mount-pleasant/164-12/enforcement", cites=cite("164-12"))(enforcement.enforcement)
RULES.rule("mount-pleasant/164-13/correction", cites=cite("164-13"))(enforcement.correction)
RULES.rule("mount-pleasant/164-14/penalty", cites=cite("164-14"))(penalties.penalty)

# Rules that read another's finding run after it; the findings are reported in chapter order.
_AFTER = ("mount-pleasant/164-9/certificate-on-premises", "mount-pleasant/164-13/correction")


#: What the findings of the rules deciding whether a certificate is required answer, by the rule's kind and the
#: finding's status (the `outcome` `places.certificate_required` and `places.religious_worship_exception` give):
#: the certificate rule (priority 0) answers whether the place is a place of assembly (§ 164-4; its values'
#: ``place_of_assembly``), whatever its status; the exception (priority 1) met → none, needs review → needs review.
_EXCEPTION_ANSWER: dict[Status, Tristate] = {Status.MET: False, Status.NEEDS_REVIEW: "needs_review"}


def certificate_answer(rule: Rule, status: Status, place_of_assembly: Tristate) -> Tristate:
    """The answer to "is a certificate required?" the finding of `rule` (one that decides it, resolved by `decide`)
    with `status` gives, the place's answer to "is it a place of assembly?" being `place_of_assembly`: True,
    False, ``"needs_review"`` or None. For a reader of a determination's JSON, whose findings carry their status
    and values but not their outcome (`documents/determination_law.py`, interpretation G-17)."""
    return _EXCEPTION_ANSWER.get(status) if rule.priority > 0 else place_of_assembly


def context(case: VenueCase, values: ParameterValues) -> Context:
    """The occupant loads (§§ 164-7, 164-8) and place-of-assembly groups (§ 164-4) of `case`, computed once."""
    loads, missing = occupancy.space_loads(case, values)
    ctx = Context(case=case, values=values, loads=loads, loads_missing=missing)
    ctx.groups = places.place_of_assembly_groups(case, ctx.load_of, values)
    return ctx


def _verdict(ctx: Context, certificate: Tristate, exempt: bool, penalty: Penalty | None,
             overcrowded: bool | None) -> str:
    if penalty is not None and ctx.case.violation is not None:
        v = ctx.case.violation
        return penalties.offense_sentence(v.offense_number, None, v.section, penalty)
    return verdict_sentence(certificate, exempt, None if ctx.loads_missing else ctx.lawful_occupancy, overcrowded,
                            enclosed=any(s.use_group != "open_air" for s in ctx.case.spaces),
                            open_air=any(s.use_group == "open_air" for s in ctx.case.spaces))


def verdict_sentence(certificate: Tristate, exempt: bool, lawful_occupancy: int | None, overcrowded: bool | None,
                     *, enclosed: bool, open_air: bool) -> str:
    """The verdict of a determination without a violation, from what it states: whether a certificate is
    required (`certificate`, `exempt` under the religious-worship exception), the lawful occupancy (None while
    a space's measure is missing), whether the place is overcrowded, and whether it has enclosed spaces
    (§ 164-7) and open-air areas (§ 164-8). A determination read back is checked against it."""
    # (numbers in Mount Pleasant's sentences are not grouped: "8,611" would read as 8.611 on a Spanish page)
    lawful = (_("lawful occupancy {lawful_occupancy}",
                lawful_occupancy=plural(lawful_occupancy, "person"))
              if lawful_occupancy is not None else
              _("lawful occupancy not yet computable (a space's floor area, or a bowling alley's number of alleys, "
                "is missing)"))
    crowd = ""
    if overcrowded:
        crowd = _("; overcrowded")
    measure = [sec for sec, present in (("164-7", enclosed), ("164-8", open_air)) if present]
    if exempt:
        return (_("A place of assembly used solely for religious worship as approved by the Building "
                  "Inspector: no certificate is required; {lawful}, and the occupancy and toilet rules "
                  "apply{crowd} ({cite}).", lawful=lawful, crowd=crowd,
                  cite=cite('164-3', '164-6', *measure)))
    if certificate is True:
        return (_("A place of assembly: a certificate of the Building Inspector is required; "
                  "{lawful}{crowd} ({cite}).", lawful=lawful, crowd=crowd, cite=cite('164-3', *measure)))
    if certificate is False:
        return (_("Not a place of assembly: no certificate is required; {lawful}{crowd} ({cite}).",
                  lawful=lawful, crowd=crowd, cite=cite('164-4', *measure)))
    if certificate == "needs_review":
        return (_("Whether a certificate of the Building Inspector is required needs review; "
                  "{lawful}{crowd} (Mount Pleasant Code §§ 164-3, 164-4).", lawful=lawful, crowd=crowd))
    return (_("Whether this is a place of assembly cannot be decided until the missing facts are "
              "given; {lawful} ({cite}).", lawful=lawful, cite=cite('164-4', *measure)))


def determine(case: VenueCase, values: ParameterValues) -> Determination:
    """Apply ch. 164 to a venue under the values in force on ``values.as_of``.

    Raises `RuleConflict` if two rules decide whether a certificate is required at the same priority, and
    `InvalidCase` for a violation dated before the chapter's penalties were in force, or for a date of
    something done after ``values.as_of`` (the inspection, the violation, the certificate: `not_after_as_of`,
    G-10)."""
    ctx = context(case, values)
    not_after_as_of(case, values.as_of)  # nothing done after as_of (G-10; after "no law in force")
    rules = list(RULES)
    order = [r for r in rules if r.id not in _AFTER] + [r for r in rules if r.id in _AFTER]
    for r in order:
        ctx.findings[r.id] = r.func(ctx)
    pairs: list[tuple[Rule, Finding]] = [(r, ctx.findings[r.id]) for r in rules]
    decided = decide(QUESTION, pairs)
    certificate: Tristate = None
    exemption: dict[str, str] | None = None
    if decided is not None:
        rule, finding = decided
        certificate = finding.outcome
        if rule.priority > 0 and finding.status is Status.MET:
            exemption = {"rule": rule.id, "citation": rule.citation}
    over = ctx.findings["mount-pleasant/164-5/overcrowding"]
    overcrowded = None if over.status is Status.MISSING else over.outcome is True
    penalty_outcome = ctx.findings["mount-pleasant/164-14/penalty"].outcome
    penalty = penalty_outcome if isinstance(penalty_outcome, Penalty) else None
    requirements: dict[str, Any] = {
        "place_of_assembly": ctx.findings["mount-pleasant/164-4/place-of-assembly"].outcome,
        "certificate": {
            "required": certificate,
            "issued_by": "building_inspector",
            "states": _("the lawful occupancy"),
            "lawful_occupancy": None if ctx.loads_missing else ctx.lawful_occupancy,
            "keep_on_premises": certificate is True,
        },
        "toilets": dict(ctx.findings["mount-pleasant/164-6/toilets"].values),
        "sign": signs.sign_requirements(ctx),
    }
    stop = ctx.findings["mount-pleasant/164-5/stop-performance"]
    if stop.status is not Status.NOT_APPLICABLE:
        requirements["stop_performance"] = stop.outcome
    powers = ctx.findings["mount-pleasant/164-12/enforcement"]
    if powers.status is not Status.NOT_APPLICABLE:
        requirements["enforcement"] = dict(powers.values)
    occupancy_result = Occupancy(spaces=ctx.loads, overcrowded=overcrowded,
                                 lawful_occupancy=None if ctx.loads_missing else ctx.lawful_occupancy)
    return Determination(
        jurisdiction=OCD_ID,
        as_of=values.as_of,
        subject="venue",
        verdict=_verdict(ctx, certificate, exemption is not None, penalty, overcrowded),
        certificate_required=certificate,
        exemption=exemption,
        requirements=requirements,
        occupancy=occupancy_result,
        findings=tuple(ctx.findings[r.id] for r in rules),
        penalty=penalty,
    )
