"""Carmel ch. 31, permit requirements ¶ C(1)-(10): no permit is issued unless the facilities are provided for and
approved in writing by the Putnam County Health Department and the Town Board.

Where the law gives a number it is computed (parking ¶ C(6), physicians and registered nurses ¶ C(9), housing
¶ C(7) when the assembly runs into another day) and a smaller number provided is ``not_met``. Adequacy is left
to the two approving bodies: a condition is ``met`` only when both written approvals are recorded,
``needs_review`` when the facility is described but an approval is absent, ``missing`` when nothing is given.
"""

from __future__ import annotations

from typing import Any

from publicassembly.law.core import Finding, Status
from publicassembly.law.jurisdictions.us_ny_carmel.context import RULES, Context, Items, cite
from publicassembly.law.jurisdictions.us_ny_carmel.facts import Facility
from publicassembly.law.messages import Message, _, both

APPROVERS = (_("the Putnam County Health Department"), _("the Town Board"))

#: The approvals still lacking, in words, by which are recorded (Health Department's, Town Board's): made once,
#: as every condition of ¶ C without its approvals names the same bodies.
_LACKING: dict[tuple[bool, bool], Message | str] = {
    (hd, tb): both([name for name, given in zip(APPROVERS, (hd, tb), strict=True) if not given])
    for hd, tb in ((False, False), (False, True), (True, False))
}


_CITES = {n: cite(f"permit requirements ¶ C({n})") for n in range(1, 11)}


def _cite(n: int) -> str:
    return _CITES[n]


def _facility(ctx: Context, rule: str, n: int, facility: Facility | None, item: str, what: Message,
              items: Items | None = None, values: dict[str, Any] | None = None) -> Finding:
    """The finding of one condition of issuance: numbers first (`items`: defects and missing numbers), then
    the two written approvals. `what`: the facility's name, capitalized (it begins the reason)."""
    if ctx.no_permit:
        return ctx.not_applicable(rule, f"permit requirements ¶ C({n})")
    if facility is None:
        hd = tb = description = None
        nothing = True
    else:
        hd, tb = facility.health_department_approved_on, facility.town_board_approved_on
        description = facility.description
        # Nothing given: every field of the facility left out (None).
        fields = list(facility.__dict__.values())
        nothing = fields.count(None) == len(fields)
    facts = {"description": description, "health_department_approved_on": hd, "town_board_approved_on": tb}
    if values is None:
        values = facts
    else:
        values.update(facts)  # (the caller's own dict, made for this finding: its keys first)
    if nothing:
        if items is None:
            items = Items([item])
        else:
            items.missing.insert(0, item)
    if items is not None and (items.defects or items.missing):
        return Finding(rule, items.status(), _CITES[n], items.reason(""), values, missing=tuple(items.missing))
    if hd is not None and tb is not None:
        return Finding(rule, Status.MET, _CITES[n],
                       _("{what} approved in writing by the Putnam County Health Department ({hd}) and the "
                         "Town Board ({tb}).", what=what, hd=hd.isoformat(), tb=tb.isoformat()), values)
    return Finding(rule, Status.NEEDS_REVIEW, _CITES[n],
                   _("{what} shown; no permit may issue until approved in writing by {approvers}.",
                     what=what, approvers=_LACKING[hd is not None, tb is not None]), values)


@RULES.rule("carmel/conditions/c1-drinking-water", cites=_cite(1))
def drinking_water(ctx: Context) -> Finding:
    """¶ C(1): drinking water adequate in quantity and quality, readily available to all, from protected sources
    and sanitary installations."""
    c = ctx.case.conditions
    return _facility(ctx, "carmel/conditions/c1-drinking-water", 1, c.drinking_water,
                     "conditions.1.drinking_water", _("Drinking water"))


@RULES.rule("carmel/conditions/c2-toilets", cites=_cite(2))
def toilets(ctx: Context) -> Finding:
    """¶ C(2): toilet facilities adequate for the capacity of the assembly, separate for each sex, built to the
    State Department of Health's requirements."""
    return _facility(ctx, "carmel/conditions/c2-toilets", 2, ctx.case.conditions.toilets,
                     "conditions.2.toilets", _("Toilet facilities"))


@RULES.rule("carmel/conditions/c3-sewage", cites=_cite(3))
def sewage(ctx: Context) -> Finding:
    """¶ C(3): adequate facilities for the disposal or treatment and disposal of sewage, meeting State and
    County Health Department standards."""
    return _facility(ctx, "carmel/conditions/c3-sewage", 3, ctx.case.conditions.sewage,
                     "conditions.3.sewage", _("Sewage disposal"))


@RULES.rule("carmel/conditions/c4-solid-waste", cites=_cite(4))
def solid_waste(ctx: Context) -> Finding:
    """¶ C(4): adequate facilities and arrangements for safe, clean disposal of solid waste, garbage and trash."""
    return _facility(ctx, "carmel/conditions/c4-solid-waste", 4, ctx.case.conditions.solid_waste,
                     "conditions.4.solid_waste", _("Solid waste disposal"))


@RULES.rule("carmel/conditions/c5-food", cites=_cite(5))
def food_supply(ctx: Context) -> Finding:
    """¶ C(5): an adequate supply of food with sanitary storage, handling and protection, and facilities for
    washing, disinfecting and storing dishes and utensils where food is prepared or consumed (applies to every
    assembly: interpretation C-7)."""
    return _facility(ctx, "carmel/conditions/c5-food", 5, ctx.case.conditions.food_supply,
                     "conditions.5.food_supply", _("Food supply"))


@RULES.rule("carmel/conditions/c6-parking", cites=_cite(6))
def parking(ctx: Context) -> Finding:
    """¶ C(6): adequate off-street and off-road parking, at least one car for every four persons in attendance:
    ``ceil(persons at one time / 4)`` spaces (interpretation C-8)."""
    p = ctx.case.conditions.parking
    required = ctx.parking_spaces_required
    items = Items()
    spaces = p.spaces if p else None
    if required is None:
        items.missing.append("petition.2.max_persons_at_one_time")
    if p is not None:
        items.need(spaces, "conditions.6.parking_spaces")
        if spaces is not None and required is not None and spaces < required:
            items.defects.append(_("{spaces:,} parking spaces are fewer than the {required:,} required "
                                   "for {persons:,} persons (one car for every "
                                   "{persons_per_parking_space} persons)", spaces=spaces,
                                   required=required, persons=ctx.persons,
                                   persons_per_parking_space=ctx.values['conditions.persons_per_parking_space']))
    values = {"persons_at_one_time": ctx.persons, "parking_spaces_required": required, "parking_spaces": spaces}
    what = (_("Parking for {spaces:,} cars (at least {required:,} required)", spaces=spaces,
              required=required) if spaces is not None
            and required is not None else _("Parking"))
    return _facility(ctx, "carmel/conditions/c6-parking", 6, p, "conditions.6.parking", what, items, values)


@RULES.rule("carmel/conditions/c7-housing", cites=_cite(7))
def housing(ctx: Context) -> Finding:
    """¶ C(7): adequate housing for the contemplated number of people if the assembly extends from one day to
    another."""
    rule = "carmel/conditions/c7-housing"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ C(7)")
    if ctx.multi_day is False:
        return Finding(rule, Status.NOT_APPLICABLE, _cite(7),
                       _("The assembly does not extend from one day to another: no housing is required."),
                       {"housing_required": False})
    if ctx.hours_unreadable:
        return ctx.continuation_unknown(rule, _cite(7), {"housing_required": "needs_review"})
    items = Items()
    if ctx.multi_day is None:
        items.missing.append("petition.2.dates")
    h = ctx.case.conditions.housing
    values = {"housing_required": ctx.multi_day, "persons_housed": h.persons_housed if h else None,
              "persons_at_one_time": ctx.persons}
    return _facility(ctx, rule, 7, h, "conditions.7.housing", _("Housing"), items, values)


@RULES.rule("carmel/conditions/c8-access-roads", cites=_cite(8))
def access_roads(ctx: Context) -> Finding:
    """¶ C(8): an adequate number of access roads to and from the site."""
    return _facility(ctx, "carmel/conditions/c8-access-roads", 8, ctx.case.conditions.access_roads,
                     "conditions.8.access_roads", _("Access roads"))


@RULES.rule("carmel/conditions/c9-medical", cites=_cite(9))
def medical(ctx: Context) -> Finding:
    """¶ C(9): adequate medical facilities including a first-aid station; at least one doctor in attendance at
    all times and at least one registered nurse for each 500 people in attendance on duty at all times:
    ``max(1, ceil(persons at one time / 500))`` nurses."""
    m = ctx.case.conditions.medical
    physicians: int = ctx.values["conditions.physicians_at_all_times"]
    nurses = ctx.registered_nurses_required
    items = Items()
    if nurses is None:
        items.missing.append("petition.2.max_persons_at_one_time")
    if m is not None:
        items.flag(m.first_aid_station, "conditions.9.first_aid_station", _("No first-aid station is provided"))
        items.need(m.physicians_at_all_times, "conditions.9.physicians_at_all_times")
        if m.physicians_at_all_times is not None and m.physicians_at_all_times < physicians:
            items.defects.append(_("{physicians_at_all_times} doctor(s) in attendance at all times, "
                                   "fewer than {physicians}",
                                   physicians_at_all_times=m.physicians_at_all_times, physicians=physicians))
        items.need(m.registered_nurses_at_all_times, "conditions.9.registered_nurses_at_all_times")
        if (m.registered_nurses_at_all_times is not None and nurses is not None
                and m.registered_nurses_at_all_times < nurses):
            items.defects.append(_("{registered_nurses_at_all_times} registered nurse(s) on duty at "
                                   "all times, fewer than the {nurses} required for {persons:,} persons",
                                   registered_nurses_at_all_times=m.registered_nurses_at_all_times,
                                   nurses=nurses, persons=ctx.persons))
    values = {"persons_at_one_time": ctx.persons, "physicians_required": physicians,
              "registered_nurses_required": nurses,
              "physicians": m.physicians_at_all_times if m else None,
              "registered_nurses": m.registered_nurses_at_all_times if m else None,
              "first_aid_station": m.first_aid_station if m else None}
    return _facility(ctx, "carmel/conditions/c9-medical", 9, m, "conditions.9.medical",
                     _("Medical facilities with a first-aid station, doctors and registered nurses"), items, values)


@RULES.rule("carmel/conditions/c10-fire-protection", cites=_cite(10))
def fire_protection(ctx: Context) -> Finding:
    """¶ C(10): adequate fire protection arrangements for buildings."""
    return _facility(ctx, "carmel/conditions/c10-fire-protection", 10, ctx.case.conditions.fire_protection,
                     "conditions.10.fire_protection", _("Fire protection arrangements"))
