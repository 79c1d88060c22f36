"""§ 164-7 and § 164-8 (occupant load by floor area per occupant; open-air areas) and § 164-5 (overcrowding and
the order to stop the performance): pure functions and the rules that use them."""

from __future__ import annotations

import math
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any, cast

from publicassembly.law.core import Finding, Status
from publicassembly.law.determination import SpaceLoad
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import (
    CITE,
    NO_INSPECTION_STOP,
    Context,
    cite,
    without_inspection,
)
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import (  # (may_have_no_floor_area: as before)
    USE_GROUPS,
    VenueCase,
    may_have_no_floor_area,
)
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.names import SpaceNames
from publicassembly.law.messages import Message, _, join, plural

_FACTOR = "occupancy.floor_area_per_occupant."


def floor_area_per_occupant(use_group: str, values: Mapping[str, Any]) -> Decimal:
    """The floor area per occupant of `use_group`, in square feet per person (§ 164-7; ``open_air``: § 164-8;
    ``bowling_alley``: the factor for the additional area beyond the alleys).

    Raises ValueError naming ``use_group`` and the allowed ids when the use group is unknown."""
    if use_group not in USE_GROUPS:
        raise ValueError(_("use_group: {use_group!r} is not a use group of §§ 164-7, 164-8; allowed: {allowed}",
                           use_group=use_group, allowed=join(USE_GROUPS)))
    return Decimal(values[_FACTOR + use_group])


def occupant_load_of_space(use_group: str, area_sq_ft: Decimal, alleys: int | None,
                           values: Mapping[str, Any]) -> int:
    """The occupant load of one space, in persons (§ 164-7; open-air areas § 164-8).

    ``floor(area_sq_ft / floor area per occupant)``: a fraction of a person is not admitted. For
    ``bowling_alley``, ``alleys`` × 5 persons (each alley including 15 feet of runway) plus
    ``floor(area_sq_ft / 10)``, where `area_sq_ft` is the additional area. Exact (no float).

    Raises ValueError naming the field: an unknown ``use_group``; an ``area_sq_ft`` that is negative or not a
    finite number; ``alleys`` missing or negative for a bowling alley, or given for any other use group."""
    factor = floor_area_per_occupant(use_group, values)
    if area_sq_ft is None:
        raise ValueError(_("area_sq_ft: the floor area is not given; give it in square feet"))
    if not isinstance(area_sq_ft, Decimal | int) or isinstance(area_sq_ft, bool):
        raise ValueError(_("area_sq_ft: expected a Decimal number of square feet, got {area_sq_ft!r}",
                           area_sq_ft=area_sq_ft))
    area = Decimal(area_sq_ft)
    if not area.is_finite():
        raise ValueError(_("area_sq_ft: must be a finite number, got {area_sq_ft!r}", area_sq_ft=area_sq_ft))
    if area < 0:
        raise ValueError(_("area_sq_ft: an area cannot be negative (got {area})", area=area))
    by_area = math.floor(Fraction(area) / Fraction(factor))
    if use_group == "bowling_alley":
        if alleys is None:
            raise ValueError(_("alleys: the number of alleys of the bowling_alley space is not given; give it "
                               "(0 or more, § 164-7: 5 persons per alley)"))
        if isinstance(alleys, bool) or not isinstance(alleys, int) or alleys < 0:
            raise ValueError(_("alleys: a bowling_alley space needs its number of alleys (0 or more), "
                               "got {alleys!r}", alleys=alleys))
        return alleys * int(values["occupancy.bowling.persons_per_alley"]) + by_area
    if alleys:
        raise ValueError(_("alleys: only a bowling_alley space has alleys (use group {use_group!r})",
                           use_group=use_group))
    return by_area


def space_loads(case: VenueCase, values: Mapping[str, Any]) -> tuple[tuple[SpaceLoad, ...], tuple[str, ...]]:
    """The occupant load of every space of `case` whose measure is given (§§ 164-7, 164-8), and the ids of
    the missing facts of the others (``spaces[i].area``, ``spaces[i].alleys``)."""
    loads: list[SpaceLoad] = []
    missing: list[str] = []
    for i, space in enumerate(case.spaces):
        gap = []
        if space.area is None:
            gap.append(f"spaces[{i}].area")
        if space.use_group == "bowling_alley" and space.alleys is None:
            gap.append(f"spaces[{i}].alleys")
        if gap:
            missing += gap
            continue
        area = space.area_sq_ft
        assert area is not None
        loads.append(SpaceLoad(space.name, space.use_group, area,
                               occupant_load_of_space(space.use_group, area, space.alleys, values)))
    return tuple(loads), tuple(missing)


def certificate_read(case: Any) -> Any:
    """The certificate whose numbers bound the approved numbers (§§ 164-5, 164-9): the one in force, else — none
    in force — the former one (made stale by a change of the rooms, or revoked: interpretation M-29); None when
    the case states neither."""
    return case.certificate if case.certificate is not None else case.former_certificate


def certified_number(case: Any) -> int | None:
    """The number of occupants the Building Inspector last approved for the place (`certificate_read`'s lawful
    occupancy); None when no certificate states one."""
    certificate = certificate_read(case)
    return certificate.lawful_occupancy if certificate is not None else None


def approved_number(ctx: Context) -> int | None:
    """The approved number of occupants of the place (§ 164-5): the computed lawful occupancy, or the
    certified one when a certificate states a smaller number (the safer; register M-8) — the certificate in
    force, else the former one: rooms enlarged since it was issued are not approved for more persons until a
    new certificate says so (M-29). None when unknown."""
    certified = certified_number(ctx.case)
    if ctx.loads_missing:
        return certified
    computed = ctx.lawful_occupancy
    return computed if certified is None else min(computed, certified)


def approved_number_from(ctx: Context) -> tuple[str | None, str | None]:
    """Where `approved_number` comes from, as (source, certificate number): ``certificate``, the certificate in
    force states it (a number the rooms' occupant load is not under: the certificate's, whichever the rooms would
    allow); ``former_certificate``, no certificate in force, the last one issued (made stale or revoked) states
    fewer than the rooms' occupant load, or a room's measure is missing (M-29); ``occupant_load``, the rooms'
    occupant load computed (§§ 164-7, 164-8), no certificate stating fewer. The certificate's number when one is
    the source (None when it states none); (None, None) when there is no approved number."""
    approved = approved_number(ctx)
    if approved is None:
        return None, None
    certificate = certificate_read(ctx.case)
    computed = None if ctx.loads_missing else ctx.lawful_occupancy
    if certificate is not None and certificate.lawful_occupancy == approved and (
            ctx.case.certificate is not None or computed is None or approved < computed):
        source = "certificate" if ctx.case.certificate is not None else "former_certificate"
        return source, certificate.number
    return "occupant_load", None  # (a former certificate of the rooms' own number changes nothing: M-29)


def persons_present(ctx: Context) -> tuple[int | None, str | None]:
    """The persons at the gathering: counted at an inspection, else the stated attendance (register M-7)."""
    inspection = ctx.case.inspection
    if inspection is not None and inspection.persons_present is not None:
        return inspection.persons_present, "inspection.persons_present"
    if ctx.case.attendance is not None:
        return ctx.case.attendance, "attendance"
    return None, None


def is_overcrowded(persons: int, lawful_occupancy: int) -> bool:
    """Overcrowding (§ 164-5): more persons than the approved number; exactly the number is lawful."""
    return persons > lawful_occupancy


def certified_spaces(case: Any) -> dict[str, int]:
    """The number the certificate read for the approved number (in force, else the former one: M-29) states for
    each room or area of the place, by the room's own name (a room it names in another letter case or spacing
    read as the room, M-27; one it names that is no longer the place's left out); empty when it states none."""
    certificate = certificate_read(case)
    if certificate is None or not certificate.spaces:
        return {}
    names = SpaceNames(s.name for s in case.spaces)
    out: dict[str, int] = {}
    for given, number in certificate.spaces.items():
        rooms = names.named(given)
        if len(rooms) == 1:
            out.setdefault(rooms[0], number)
    return out


def overcrowded_spaces(ctx: Context) -> list[dict[str, Any]]:
    """The spaces whose stated attendance exceeds their own approved number (§§ 164-5, 164-7; register M-8): the
    occupant load, or the number the certificate states for the room when smaller (a room enlarged since the
    certificate was issued is approved for no more: M-29; then ``approved_number`` is given too)."""
    certified = certified_spaces(ctx.case)
    out = []
    for s in ctx.case.spaces:
        if s.attendance is None or s.name not in ctx.load_of:
            continue
        load = ctx.load_of[s.name]
        limit = min(load, certified.get(s.name, load))
        if is_overcrowded(s.attendance, limit):
            entry: dict[str, Any] = {"space": s.name, "attendance": s.attendance, "occupant_load": load}
            if limit < load:
                entry["approved_number"] = limit
            out.append(entry)
    return out


# --- rules ------------------------------------------------------------------------------------------------

def overcrowding(ctx: Context) -> Finding:
    """No person shall permit overcrowding or admittance beyond the approved number of occupants (§ 164-5);
    no space may hold more than its occupant load (§ 164-7)."""
    rule, citation = "mount-pleasant/164-5/overcrowding", cite("164-5")
    persons, source = persons_present(ctx)
    approved = approved_number(ctx)
    crowded_spaces = overcrowded_spaces(ctx)
    values: dict[str, Any] = {"persons": persons, "persons_from": source, "approved_number": approved,
                              "overcrowded_spaces": crowded_spaces}
    if persons is None and not crowded_spaces:
        return Finding(rule, Status.MISSING, citation,
                       _("No attendance was given, so overcrowding cannot be judged."), values,
                       missing=("attendance",))
    if crowded_spaces:
        names = join((_("{space} ({attendance}, occupant load {occupant_load:,})", space=c["space"],
                        attendance=plural(cast(int, c["attendance"]), "person"), occupant_load=c["occupant_load"])
                      if "approved_number" not in c else
                      _("{space} ({attendance}, approved number {approved:,}: the number the last certificate "
                        "states for it, though its occupant load is now {occupant_load:,})", space=c["space"],
                        attendance=plural(cast(int, c["attendance"]), "person"), approved=c["approved_number"],
                        occupant_load=c["occupant_load"])) for c in crowded_spaces)
        # (a room held to its certified number, M-29: "approved for", not "its occupant load", which it is under)
        said = (_("Overcrowded: more persons than a space is approved for in {names}.", names=names)
                if any("approved_number" in c for c in crowded_spaces) else
                _("Overcrowded: more persons than a space's occupant load in {names}.", names=names))
        return Finding(rule, Status.NOT_MET, citation, said, values, outcome=True)
    assert persons is not None
    if approved is None:
        return Finding(rule, Status.MISSING, citation,
                       _("The lawful occupancy cannot be computed (a space's measure is missing), so "
                         "overcrowding cannot be judged."), values, missing=ctx.loads_missing)
    former = _former_number(ctx, approved)
    if is_overcrowded(persons, approved):
        return Finding(rule, Status.NOT_MET, citation,
                       _with(_("Overcrowded: {persons} against an approved number of {approved:,}.",
                               persons=plural(persons, "person"), approved=approved), former), values,
                       outcome=True)
    return Finding(rule, Status.MET, citation,
                   _with(_("{persons:,} persons are within the approved number of {approved:,}.", persons=persons,
                           approved=approved) if persons != 1 else
                         _("1 person is within the approved number of {approved:,}.", approved=approved), former),
                   values, outcome=False)


def _former_number(ctx: Context, approved: int) -> Message | None:
    """Why the approved number is a former certificate's, when it is (no certificate in force, and the last one
    issued states `approved`, fewer than the rooms' occupant load or with a room's measure missing: M-29), else
    None."""
    former = ctx.case.former_certificate
    if ctx.case.certificate is not None or former is None or former.lawful_occupancy != approved:
        return None
    if not ctx.loads_missing and ctx.lawful_occupancy == approved:
        return None  # (the rooms' own number: the former certificate changes nothing)
    return _("It is the number the last certificate issued ({number}) states: that certificate is no longer in "
             "force, and the rooms are approved for no more until a new certificate prescribes their number "
             "(§ 164-9).", number=former.number or _("its number not given"))


def _with(reason: Message, more: Message | None) -> Message:
    return reason if more is None else join([reason, more], " ")


_STOP_CONDITIONS = {"overcrowding": _("overcrowding"), "egress_obstructed": _("egress obstructed"),
                    "exits_blocked": _("a blocked exit obstructing egress (§ 164-10)"),
                    "exit_access_not_clear": _("obstructed access to the exits (§ 164-11)"),
                    "serious_menace": _("serious menace")}


def stop_performance(ctx: Context) -> Finding:
    """An officer finding overcrowding, obstructed egress or a serious menace to life and safety shall cause
    the performance to be stopped until the condition is corrected (§ 164-5).

    An exit found blocked (``exits_blocked``, § 164-10) or access to the exits found not clear
    (``exit_access_clear`` false, § 164-11) obstructs the "means of egress" as much as an aisle or passageway
    (``egress_obstructed``) does: each is a ground of its own, named in the finding (interpretation M-16). Left
    unstated, they are not gaps of this finding (§§ 164-10 and 164-11's own findings ask for them); the
    values give them as stated, and ``egress_obstructed`` stays the inspection's fact of the aisles and
    passageways (the venues service makes a deficiency of it, the exits' being their sections': M-19)."""
    rule, citation = "mount-pleasant/164-5/stop-performance", cite("164-5")
    inspection = ctx.case.inspection
    if inspection is None:
        return without_inspection(rule, citation, NO_INSPECTION_STOP)
    approved = approved_number(ctx)
    counted = inspection.persons_present
    overcrowded = None if counted is None or approved is None else is_overcrowded(counted, approved)
    if overcrowded is not True and overcrowded_spaces(ctx):
        # A room above its own occupant load is an overcrowding condition (the § 164-5 finding says so), even
        # when the place as a whole has room: the stop order must not say the performance may go on.
        overcrowded = True
    conditions = {"overcrowding": overcrowded, "egress_obstructed": inspection.egress_obstructed,
                  "serious_menace": inspection.serious_menace}
    exits = {"exits_blocked": inspection.exits_blocked is True,
             "exit_access_not_clear": inspection.exit_access_clear is False}
    found = [name for name in _STOP_CONDITIONS if conditions.get(name) or exits.get(name)]
    source, certificate = approved_number_from(ctx)
    values = {"persons_present": counted, "approved_number": approved, "approved_number_from": source,
              "approved_certificate": certificate, **conditions, "exits_blocked": inspection.exits_blocked,
              "exit_access_clear": inspection.exit_access_clear, "stop_performance": bool(found)}
    if found:
        return Finding(rule, Status.NOT_MET, citation,
                       _("The performance, presentation, spectacle or entertainment must be stopped "
                         "until corrected: {conditions}.", conditions=join(_STOP_CONDITIONS[n] for n in found)),
                       values, outcome=True)
    gaps = tuple(f"inspection.{n}" for n, v in conditions.items() if v is None and n != "overcrowding")
    if overcrowded is None:
        gaps = ("inspection.persons_present", *gaps)
    if gaps:
        return Finding(rule, Status.MISSING, citation,
                       _("The inspection does not record every condition that calls for a stop order."), values,
                       missing=gaps)
    return Finding(rule, Status.MET, citation,
                   _("No overcrowding, obstruction of egress or serious menace was found; the "
                     "performance may go on."),
                   values, outcome=False)


def occupant_load(ctx: Context) -> Finding:
    """At a gathering in a place of assembly no more than one occupant per the floor area of its use group
    (§ 164-7): the occupant load of each enclosed space, rounded down."""
    rule, citation = "mount-pleasant/164-7/occupant-load", cite("164-7")
    enclosed = [s for s in ctx.case.spaces if s.use_group != "open_air"]
    if not enclosed:
        return Finding(rule, Status.NOT_APPLICABLE, citation, _("The place has no enclosed space."))
    loads = [ld for ld in ctx.loads if ld.use_group != "open_air"]
    missing = tuple(m for m in ctx.loads_missing
                    if ctx.case.spaces[int(m.split("[")[1].split("]")[0])].use_group != "open_air")
    values: dict[str, Any] = {
        "spaces": [
            {"space": ld.name, "use_group": ld.use_group, "area_sq_ft": ld.area_sq_ft,
             "floor_area_per_occupant_sq_ft": floor_area_per_occupant(ld.use_group, ctx.values),
             **({"alleys": ctx.space_of[ld.name].alleys,
                 "persons_per_alley": ctx.values["occupancy.bowling.persons_per_alley"]}
                if ld.use_group == "bowling_alley" else {}),
             "occupant_load": ld.occupant_load}
            for ld in loads
        ],
    }
    if missing:
        return Finding(rule, Status.MISSING, citation,
                       _("The occupant load of a space cannot be computed without its area (and, for "
                         "bowling, its number of alleys)."), values, missing=missing)
    total = sum(ld.occupant_load for ld in loads)
    bowling = ""
    if any(ld.use_group == "bowling_alley" for ld in loads):
        bowling = (_("; bowling: {persons_per_alley} persons per alley plus the additional area at "
                     "{floor_area_per_occupant} square feet",
                     persons_per_alley=ctx.values['occupancy.bowling.persons_per_alley'],
                     floor_area_per_occupant=floor_area_per_occupant('bowling_alley', ctx.values)))
    return Finding(rule, Status.MET, citation,
                   _("Enclosed spaces hold {total}: each area divided by its use group's floor "
                     "area per occupant, rounded down{bowling}.", total=plural(total, "person"),
                     bowling=bowling), values, outcome=total)


def open_air(ctx: Context) -> Finding:
    """At a gathering in an unenclosed open-air area no more than one person per 15 square feet (§ 164-8)."""
    rule, citation = "mount-pleasant/164-8/open-air", cite("164-8")
    areas = [s for s in ctx.case.spaces if s.use_group == "open_air"]
    if not areas:
        return Finding(rule, Status.NOT_APPLICABLE, citation, _("The place has no unenclosed open-air "
                                                                "area."))
    factor = floor_area_per_occupant("open_air", ctx.values)
    missing = tuple(f"spaces[{i}].area" for i, s in enumerate(ctx.case.spaces)
                    if s.use_group == "open_air" and s.area is None)
    loads = [ld for ld in ctx.loads if ld.use_group == "open_air"]
    values = {"square_feet_per_person": factor,
              "areas": [{"space": ld.name, "area_sq_ft": ld.area_sq_ft, "occupant_load": ld.occupant_load}
                        for ld in loads]}
    if missing:
        return Finding(rule, Status.MISSING, citation, _("An open-air area's size is not given."), values,
                       missing=missing)
    total = sum(ld.occupant_load for ld in loads)
    return Finding(rule, Status.MET, citation,
                   _("Open-air areas hold {total} at one person per {factor} square feet, "
                     "rounded down.", total=plural(total, "person"), factor=factor),
                   values, outcome=total)


__all__ = ["CITE", "approved_number", "approved_number_from", "floor_area_per_occupant", "is_overcrowded",
           "may_have_no_floor_area", "occupant_load",
           "occupant_load_of_space", "open_air", "overcrowded_spaces", "overcrowding", "persons_present",
           "space_loads", "stop_performance"]
