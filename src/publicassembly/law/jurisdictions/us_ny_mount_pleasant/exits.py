"""Exits: the fire-exit duty of the chapter's opening paragraph (cited § 164-2, register M-2), § 164-10 (exits
not blocked at any gathering) and § 164-11 (owners, lessees, sponsors and persons in charge keep access clear)."""

from __future__ import annotations

from publicassembly.law.core import Finding, Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import (
    NO_INSPECTION_CONDITION,
    Context,
    cite,
    without_inspection,
)
from publicassembly.law.messages import _, join

#: The rules of the place's means of egress (§§ 164-2, 164-10, 164-11): a certificate stating how many persons may
#: lawfully occupy the place is not issued while the last inspection found one of them not met, until an
#: inspection finds the exits clear (interpretation M-18; not the use of one gathering — overcrowding, toilets —
#: nor what follows the certificate — its signs, its being kept on the premises).
WITHHOLD_CERTIFICATE: frozenset[str] = frozenset({
    "mount-pleasant/164-2/fire-exits", "mount-pleasant/164-10/exits-not-blocked", "mount-pleasant/164-11/exit-access",
})


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
