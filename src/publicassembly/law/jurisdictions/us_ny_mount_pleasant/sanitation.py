"""§ 164-6 (sanitary facilities): at any gathering, indoors or in an open-air area, no fewer than one toilet per
each 75 persons in attendance."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from publicassembly.law.core import Finding, Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import Context, cite
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.occupancy import persons_present
from publicassembly.law.messages import Message, _, plural
from publicassembly.law.units import ceil_div


def _persons(n: int) -> Message:
    return plural(n, "person")


def _required(n: int) -> Message:
    """"2 toilets are" / "1 toilet is" (the subject of "... required")."""
    return _("{toilets} is", toilets=plural(n, "toilet")) if n == 1 else \
        _("{toilets} are", toilets=plural(n, "toilet"))


def _are(n: int) -> Message:
    """"2 are" / "1 is" (the number of toilets, named before)."""
    return _("{n} is", n=n) if n == 1 else _("{n:,} are", n=n)


def toilets_required(persons: int, values: Mapping[str, Any]) -> int:
    """The fewest toilets for `persons` in attendance (§ 164-6): ``ceil(persons / 75)``; 75 → 1, 76 → 2, 0 → 0.

    Raises ValueError naming ``persons`` when it is negative or not a whole number."""
    if isinstance(persons, bool) or not isinstance(persons, int) or persons < 0:
        raise ValueError(_("persons: a whole number of persons, 0 or more, is required (got "
                           "{persons!r})", persons=persons))
    return ceil_div(persons, int(values["toilets.persons_per_toilet"]))


def toilet_persons(ctx: Context) -> tuple[int | None, str | None]:
    """The persons the toilets are counted for: those present (inspection count, else stated attendance), or
    else the lawful occupancy when every space's occupant load is known (register M-9) — but never fewer than
    the persons the spaces state in attendance: "one toilet per each 75 persons in attendance" (§ 164-6) counts
    100 persons stated for a room whose occupant load is 10 (that room is overcrowded, § 164-5, and its 100
    persons still need toilets)."""
    persons, source = persons_present(ctx)
    if persons is not None:
        return persons, source
    if not ctx.loads_missing:
        stated = sum(s.attendance for s in ctx.case.spaces if s.attendance is not None)
        if stated > ctx.lawful_occupancy:
            return stated, "attendance"
        return ctx.lawful_occupancy, "lawful_occupancy"
    return None, None


def toilets(ctx: Context) -> Finding:
    """Toilet facilities sufficient for the persons present, and in no event fewer than one toilet per each 75
    persons in attendance (§ 164-6); applies at any gathering, a place of worship included."""
    rule, citation = "mount-pleasant/164-6/toilets", cite("164-6")
    per = int(ctx.values["toilets.persons_per_toilet"])
    persons, source = toilet_persons(ctx)
    provided = ctx.case.toilets_provided
    if persons is None:
        return Finding(rule, Status.MISSING, citation,
                       _("Neither the attendance nor every space's size is given, so the toilets "
                         "cannot be counted."),
                       {"persons_per_toilet": per, "provided": provided},
                       missing=("attendance", *ctx.loads_missing))
    required = toilets_required(persons, ctx.values)
    values: dict[str, Any] = {"persons": persons, "persons_from": source, "persons_per_toilet": per,
                              "required": required, "provided": provided}
    if provided is None:
        return Finding(rule, Status.MISSING, citation,
                       _("At least {required} required for {persons}; the number "
                         "provided is not given.", required=_required(required), persons=_persons(persons)), values, outcome=required, missing=("toilets_provided",))
    if provided < required:
        return Finding(rule, Status.NOT_MET, citation,
                       _("{provided} provided; at least {required} required for {persons} "
                         "(one per {per}, rounded up).", provided=plural(provided, "toilet"),
                         required=_are(required), persons=_persons(persons), per=per), values, outcome=required)
    return Finding(rule, Status.MET, citation,
                   _("{provided} provided; at least {required} required for {persons} "
                     "(one per {per}, rounded up).", provided=plural(provided, "toilet"),
                     required=_are(required), persons=_persons(persons), per=per), values, outcome=required)
