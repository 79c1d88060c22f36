"""§ 164-9 (signs): in each room or area a red-on-white sign, bold letters 1 inch high and 3/8 inch wide, stating
its lawful occupancy, in full view of the entrance; the Building Inspector's certificate stating that number kept
on the premises."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from publicassembly.law.core import Finding, Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import (
    NO_INSPECTION_SIGNS,
    Context,
    cite,
    without_inspection,
)
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.names import same_name
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.places import (
    former_certificate_ended,
    former_certificate_named,
)
from publicassembly.law.messages import Message, _, join, plural

_OCCUPANCY_FACTORS = "occupancy."


def sign_specification(values: Mapping[str, Any]) -> dict[str, Any]:
    """The form of the occupancy sign (§ 164-9), for the documents that print it: letter height and width in
    inches (Decimal or int), lettering and background colours, letter weight, where it is posted, what it states."""
    return {
        "letter_height_in": values["signs.letter_height_in"],
        "letter_width_in": values["signs.letter_width_in"],
        "lettering_colour": values["signs.lettering_colour"],
        "background_colour": values["signs.background_colour"],
        "letter_weight": values["signs.letter_weight"],
        "location": _("in each room or area, in a conspicuous location in full view of the entrance"),
        "states": _("the lawful occupancy of the room or area"),
    }


def sign_requirements(ctx: Context) -> dict[str, Any]:
    """The signs a place must post: the specification and, for each room or area, the lawful occupancy to state
    (None when its size is not given)."""
    return {**sign_specification(ctx.values),
            "rooms": [{"room": s.name, "lawful_occupancy": ctx.load_of.get(s.name)} for s in ctx.case.spaces]}


def inches(value: Decimal | int) -> str:
    """A length in inches as the chapter writes it: a whole number as itself, a part of an inch as a fraction in
    lowest terms (0.375 -> "3/8", 1 -> "1", 1.5 -> "3/2"). Exact (no rounding)."""
    fraction = Fraction(Decimal(str(value)))
    return str(fraction.numerator) if fraction.denominator == 1 else f"{fraction.numerator}/{fraction.denominator}"


#: The words of the prescribed form the sign finding says a sign lacks, in the order of § 164-9 (the letters'
#: sizes come from the parameters; these words are checked against them by the tests).
FORM_WORDS = {"signs.lettering_colour": "red", "signs.background_colour": "white", "signs.letter_weight": "bold"}


def sign_faults(room: Mapping[str, Any], values: Mapping[str, Any]) -> list[Message]:
    """What is wrong with one room's sign as an inspection found it (§ 164-9), each failing condition once and
    nothing else: no sign posted (then that alone); a sign stating a number other than the room's lawful
    occupancy; a sign not of the prescribed form (its letters' sizes, in inches, from `values`: the parameters
    in force, ``signs.letter_height_in`` and ``signs.letter_width_in``). `room` as the sign finding's values list
    each room: ``room``, ``lawful_occupancy``, ``posted``, ``states``, ``conforms_to_specification``. A sign whose
    posting is not stated but whose number or form was found wrong is told wrong all the same (M-24: the
    inspector saw a sign; the posting is still listed missing). A condition not stated (None), or the number
    while the lawful occupancy is not known, is no fault. The one wording of the finding's reason and of the
    deficiencies an inspection records."""
    name, lawful, states = room["room"], room.get("lawful_occupancy"), room.get("states")
    if room.get("posted") is False:
        return [_("no sign is posted in {space_name}", space_name=name)]
    faults = []
    if states is not None and lawful is not None and states != lawful:
        faults.append(_("the sign in {space_name} states {states:,}, not its lawful occupancy {lawful:,}",
                        space_name=name, states=states, lawful=lawful))
    if room.get("conforms_to_specification") is False:
        faults.append(_("the sign in {space_name} is not red on white in bold letters {height} inch high and "
                        "{width} inch wide", space_name=name, height=inches(values["signs.letter_height_in"]),
                        width=inches(values["signs.letter_width_in"])))
    return faults


def sign(ctx: Context) -> Finding:
    """Each room or area shall post a sign of the prescribed form stating its lawful occupancy (§ 164-9)."""
    rule, citation = "mount-pleasant/164-9/sign", cite("164-9")
    inspection = ctx.case.inspection
    if inspection is None:
        return without_inspection(rule, citation, NO_INSPECTION_SIGNS)
    seen = {same_name(s.room): s for s in inspection.signs}  # (a room in any letter case or spacing: M-27)
    faults: list[Message] = []
    missing: list[str] = []
    rooms: list[dict[str, Any]] = []
    for space in ctx.case.spaces:
        lawful = ctx.load_of.get(space.name)
        seen_sign = seen.get(same_name(space.name))
        room = {"room": space.name, "lawful_occupancy": lawful,
                "posted": seen_sign.posted if seen_sign else None,
                "states": seen_sign.states if seen_sign else None,
                "conforms_to_specification": seen_sign.conforms_to_specification if seen_sign else None}
        rooms.append(room)
        if seen_sign is None:
            missing.append(f"inspection.signs[{space.name}]")
            continue
        faults.extend(sign_faults(room, ctx.values))
        if seen_sign.posted is None:
            missing.append(f"inspection.signs[{space.name}].posted")
        if seen_sign.posted is not True:
            continue
        if seen_sign.states is None:
            missing.append(f"inspection.signs[{space.name}].states")
        if seen_sign.conforms_to_specification is None:
            missing.append(f"inspection.signs[{space.name}].conforms_to_specification")
    values = {"rooms": rooms}
    if faults:
        return Finding(rule, Status.NOT_MET, citation, _("Occupancy signs: {faults}.", faults=join(faults, "; ")),
                       values)
    if missing:
        return Finding(rule, Status.MISSING, citation,
                       _("The inspection does not record the sign of every room or area."), values,
                       missing=tuple(missing))
    return Finding(rule, Status.MET, citation,
                   _("Every room or area has a sign of the prescribed form stating its lawful "
                     "occupancy."), values)


def _factors_since(ctx: Context) -> Any:
    """The latest date from which an occupancy factor in force took effect."""
    dates = [p.effective_since(ctx.values.as_of) for name, p in ctx.values.parameters.items()
             if name.startswith(_OCCUPANCY_FACTORS)]
    return max(d for d in dates if d is not None)


def certificate_lawful_occupancy(ctx: Context) -> Finding:
    """The Building Inspector shall prescribe the number who may lawfully occupy the place and issue a
    certificate stating it (§ 164-9): a recorded certificate's number is compared with the computed one."""
    rule, citation = "mount-pleasant/164-9/certificate-lawful-occupancy", cite("164-9")
    certificate = ctx.case.certificate
    computed = None if ctx.loads_missing else ctx.lawful_occupancy
    former = ctx.case.former_certificate
    if certificate is None and former is not None:  # (one was issued, no longer in force: M-29)
        return Finding(rule, Status.NOT_APPLICABLE, citation,
                       _("No certificate is in force: the last one issued ({certificate}) {ended}. The lawful "
                         "occupancy computed under §§ 164-7 and 164-8 is the number for the Building Inspector to "
                         "prescribe.", certificate=former_certificate_named(former),
                         ended=former_certificate_ended(former)),
                       {"computed_lawful_occupancy": computed, "former_certificate_number": former.number})
    if certificate is None:
        return Finding(rule, Status.NOT_APPLICABLE, citation,
                       _("No certificate is recorded; the lawful occupancy computed under §§ 164-7 and "
                         "164-8 is the number for the Building Inspector to prescribe."), {"computed_lawful_occupancy": computed})
    since = _factors_since(ctx)
    values: dict[str, Any] = {"certificate_number": certificate.number, "issued": certificate.issued,
                              "certified_lawful_occupancy": certificate.lawful_occupancy,
                              "computed_lawful_occupancy": computed, "factors_in_force_since": since}
    if certificate.lawful_occupancy is None or computed is None:
        gaps = ("certificate.lawful_occupancy",) if certificate.lawful_occupancy is None else ctx.loads_missing
        return Finding(rule, Status.MISSING, citation,
                       _("The certified and computed lawful occupancy cannot be compared."), values, missing=gaps)
    if certificate.issued is not None and certificate.issued < since:
        return Finding(rule, Status.NEEDS_REVIEW, citation,
                       _("The certificate was issued on {issued}, before the floor areas per occupant "
                         "in force took effect on {since}: the Building Inspector should review it.",
                         issued=certificate.issued, since=since), values)
    if certificate.lawful_occupancy != computed:
        return Finding(rule, Status.NEEDS_REVIEW, citation,
                       _("The certificate states {lawful_occupancy}; §§ 164-7 and 164-8 give "
                         "{computed}: the Building Inspector should review it.",
                         lawful_occupancy=plural(certificate.lawful_occupancy or 0, "person"),
                         computed=computed), values)
    return Finding(rule, Status.MET, citation,
                   _("The certificate states {computed}, the lawful occupancy computed under "
                     "§§ 164-7 and 164-8.", computed=plural(computed, "person")), values)


def certificate_on_premises(ctx: Context) -> Finding:
    """The certificate shall be kept on the premises and be available for inspection at all times (§ 164-9)."""
    rule, citation = "mount-pleasant/164-9/certificate-on-premises", cite("164-9")
    inspection = ctx.case.inspection
    if inspection is None:
        return without_inspection(rule, citation)
    base = ctx.findings.get("mount-pleasant/164-3/certificate")
    exception = ctx.findings.get("mount-pleasant/164-3/religious-worship-exception")
    required = base is not None and base.outcome is True and not (exception and exception.outcome is False)
    if not required and ctx.case.certificate is None:
        return Finding(rule, Status.NOT_APPLICABLE, citation, _("No certificate is required or recorded."))
    on_premises = inspection.certificate_on_premises
    values = {"certificate_on_premises": on_premises}
    if on_premises is None:
        return Finding(rule, Status.MISSING, citation,
                       _("The inspection does not record whether the certificate was on the premises."), values,
                       missing=("inspection.certificate_on_premises",))
    if not on_premises:
        return Finding(rule, Status.NOT_MET, citation,
                       _("The certificate was not kept on the premises available for inspection."), values)
    return Finding(rule, Status.MET, citation, _("The certificate is kept on the premises."), values)
