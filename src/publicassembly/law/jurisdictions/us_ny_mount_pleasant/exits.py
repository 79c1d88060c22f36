"""Exits: the fire-exit duty of the chapter's opening paragraph (cited § 164-2, register M-2), § 164-10 (exits
not blocked at any gathering) and § 164-11 (owners, lessees, sponsors and persons in charge keep access clear)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from publicassembly.law.core import Finding, Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import (
    NO_INSPECTION_CONDITION,
    Context,
    cite,
    without_inspection,
)
from publicassembly.law.messages import Message, _, join

#: The facts an inspection states of each rule of the place's means of egress (§§ 164-2, 164-10, 164-11), each
#: with the value that states it compliant and its words as a finding to be stated ("no exit blocked").
#: A certificate stating how many persons may lawfully occupy the place is not issued while an inspection found
#: one of them not met and no later inspection has stated each fact found deficient compliant (interpretations
#: M-18, M-22: an inspection that leaves a fact unstated does not lift it). Not the use of one gathering —
#: overcrowding, toilets — nor what follows the certificate — its signs, its being kept on the premises.
EXIT_FACTS: dict[str, tuple[tuple[str, bool, Message], ...]] = {
    "mount-pleasant/164-2/fire-exits": (
        ("fire_exits_designated", True, _("the fire exits properly designated (§ 164-2)")),
        ("fire_exits_comply_with_uniform_code", True,
         _("the fire exits complying with the Uniform Fire Prevention and Building Code (§ 164-2)")),
    ),
    "mount-pleasant/164-10/exits-not-blocked": (("exits_blocked", False, _("no exit blocked (§ 164-10)")),),
    "mount-pleasant/164-11/exit-access": (("exit_access_clear", True, _("access to all exits clear (§ 164-11)")),),
}
#: The rules whose deficiency withholds the certificate (M-18), in the order of the rule book's findings.
WITHHOLD_CERTIFICATE: frozenset[str] = frozenset(EXIT_FACTS)
#: The inspection's facts of the exits, in that order.
EXIT_FACT_NAMES: tuple[str, ...] = tuple(fact for facts in EXIT_FACTS.values() for fact, _ok, _words in facts)


def unstated_exit_facts(observations: Mapping[str, Any]) -> tuple[str, ...]:
    """The facts of the exits an inspection's `observations` leave unstated (None or absent): such an inspection
    is not passed, whatever else it found (M-22), and lifts no earlier finding of those facts."""
    return tuple(fact for fact in EXIT_FACT_NAMES if observations.get(fact) is None)


def exit_fact_words(facts: Iterable[str]) -> list[Message]:
    """Each of `facts` (names of `EXIT_FACT_NAMES`) as the finding that would state it compliant."""
    words = {fact: w for group in EXIT_FACTS.values() for fact, _ok, w in group}
    return [words[f] for f in facts]


@dataclass(frozen=True)
class StandingExitFault:
    """An exit rule an inspection found not met and that no later inspection has stated corrected (M-18, M-22):
    ``rule``; ``inspection``, the index (in the inspections given) of the latest inspection that found one of
    its facts deficient; ``facts``, those of its facts whose latest statement is deficient (each to be stated
    compliant by a later inspection)."""

    rule: str
    inspection: int
    facts: tuple[str, ...]
    #: whether an inspection whose deficient statement of one of ``facts`` still stands recorded the violations
    #: it found corrected forthwith (``corrected``, § 164-13): the exit was cleared on the spot, which lifts
    #: nothing (M-18: it corrects that gathering; only a later inspection shows the place's exits clear).
    corrected_on_the_spot: bool = False


def standing_exit_faults(inspections: Sequence[Mapping[str, Any]]) -> list[StandingExitFault]:
    """The exit deficiencies that stop the certificate, from the observations of the place's done inspections
    given LAST FIRST (M-18's order: the later day done, of one day the one recorded later). A fact counts as its
    latest statement: the first inspection, in that order, that states it (true or false); one that leaves it
    unstated (None or absent) is passed over, so an inspection that says nothing of the exits lifts nothing
    (M-22). A rule stands when the latest statement of one of its facts is deficient (an exit blocked, access not
    clear, the fire exits not designated or not complying). A fact no inspection ever stated stops nothing: the
    chapter makes no inspection a condition of the certificate (M-22). A standing rule is marked
    ``corrected_on_the_spot`` when an inspection whose deficient statement stands recorded ``corrected`` true
    (§ 164-13); it stands all the same (M-18). In the order of `EXIT_FACTS`."""
    out = []
    for rule, facts in EXIT_FACTS.items():
        pending: list[str] = []
        found_at: list[int] = []
        for fact, ok, _words in facts:
            at = next((i for i, seen in enumerate(inspections) if seen.get(fact) is not None), None)
            if at is not None and inspections[at][fact] != ok:
                pending.append(fact)
                found_at.append(at)
        if found_at:
            corrected = any(inspections[at].get("corrected") is True for at in found_at)
            out.append(StandingExitFault(rule, min(found_at), tuple(pending), corrected))
    return out


def corrected_on_the_spot_note(fault: StandingExitFault) -> Message | None:
    """What a certificate's exit blocker adds when the deficiency was corrected on the spot (`fault`'s
    ``corrected_on_the_spot``, § 164-13): that the correction does not lift it (M-18). None otherwise: a
    blocker whose inspection recorded no such correction says nothing of one."""
    if not fault.corrected_on_the_spot:
        return None
    return _("It was corrected on the spot at that inspection (§ 164-13), but an on-the-spot correction does not "
             "lift this bar to the certificate: it served the gathering of that day; only a later inspection can "
             "show the place's exits clear.")


def fire_exits(ctx: Context) -> Finding:
    """All places where the public gathers shall have necessary fire exits properly designated and complying
    with the Uniform Fire Prevention and Building Code and local ordinances (§ 164-2, the opening paragraph)."""
    rule, citation = "mount-pleasant/164-2/fire-exits", cite("164-2")
    inspection = ctx.case.inspection
    if inspection is None:
        return without_inspection(rule, citation, NO_INSPECTION_CONDITION)
    values = {"fire_exits_designated": inspection.fire_exits_designated,
              "fire_exits_comply_with_uniform_code": inspection.fire_exits_comply_with_uniform_code}
    faults = []
    if inspection.fire_exits_designated is False:
        faults.append(_("the fire exits are not properly designated"))
    if inspection.fire_exits_comply_with_uniform_code is False:
        faults.append(_("the fire exits do not comply with the Uniform Fire Prevention and Building "
                        "Code"))
    if faults:
        return Finding(rule, Status.NOT_MET, citation, _("Fire exits: {faults}.", faults=join(faults, "; ")),
                       values)
    gaps = tuple(f"inspection.{k}" for k, v in values.items() if v is None)
    if gaps:
        return Finding(rule, Status.MISSING, citation, _("The inspection does not record the fire exits."),
                       values,
                       missing=gaps)
    return Finding(rule, Status.MET, citation,
                   _("The necessary fire exits are properly designated and comply with the Uniform "
                     "Code."), values)


def exits_not_blocked(ctx: Context) -> Finding:
    """At all times, at any gathering, no person shall be allowed to block, impede access to or prevent access
    to exits, emergency or other (§ 164-10)."""
    rule, citation = "mount-pleasant/164-10/exits-not-blocked", cite("164-10")
    inspection = ctx.case.inspection
    if inspection is None:
        return without_inspection(rule, citation, NO_INSPECTION_CONDITION)
    values = {"exits_blocked": inspection.exits_blocked}
    if inspection.exits_blocked is None:
        return Finding(rule, Status.MISSING, citation, _("The inspection does not record whether exits were "
                                                         "blocked."),
                       values, missing=("inspection.exits_blocked",))
    if inspection.exits_blocked:
        return Finding(rule, Status.NOT_MET, citation,
                       _("An exit was blocked or access to it impeded or prevented, contrary to § "
                         "164-10."), values)
    return Finding(rule, Status.MET, citation, _("No exit was blocked."), values)


def exit_access(ctx: Context) -> Finding:
    """All owners, lessees, sponsors or persons in charge shall provide and maintain clear, unimpeded access to
    all exits (§ 164-11)."""
    rule, citation = "mount-pleasant/164-11/exit-access", cite("164-11")
    inspection = ctx.case.inspection
    if inspection is None:
        return without_inspection(rule, citation, NO_INSPECTION_CONDITION)
    values = {"exit_access_clear": inspection.exit_access_clear,
              "responsible": _("owners, lessees, sponsors or persons in charge")}
    if inspection.exit_access_clear is None:
        return Finding(rule, Status.MISSING, citation,
                       _("The inspection does not record whether access to all exits was clear."), values,
                       missing=("inspection.exit_access_clear",))
    if not inspection.exit_access_clear:
        return Finding(rule, Status.NOT_MET, citation,
                       _("Access to the exits was not clear and unimpeded; the owners, lessees, "
                         "sponsors or persons in charge are responsible (§ 164-11)."), values)
    return Finding(rule, Status.MET, citation, _("Access to all exits was clear and unimpeded."), values)
