"""Carmel ch. 31, permit requirements ¶ B(1)-(15): the information the verified petition must include.

Each item is one rule. An item's facts are provided, absent or not applicable (`fact_state`); the ids of absent
items go into ``Finding.missing`` (e.g. ``petition.1.applicant_age``, ``petition.7.food_scale_drawing``), so the
application's list of missing items follows from the rules. A fact given but contrary to the law (a map not by
a licensed surveyor or engineer, an agent outside Putnam County) makes the item ``not_met``.
"""

from __future__ import annotations

from typing import Any

from publicassembly.law.core import FactState as FS
from publicassembly.law.core import Finding, Status
from publicassembly.law.determination import Determination
from publicassembly.law.jurisdictions.us_ny_carmel.context import RULES, Context, Items, cite
from publicassembly.law.jurisdictions.us_ny_carmel.facts import Plan
from publicassembly.law.messages import _

LICENSED = ("licensed_land_surveyor", "licensed_professional_engineer")

#: The items of the petition (missing-item ids, ¶ B(1)-(2)) without which the Town cannot act on it: who applies
#: and where they live, when the assembly is, and how many persons (interpretation P-5). A petition lacking one
#: is refused at submission; any other item missing is the Clerk's to return as incomplete.
ESSENTIAL_ITEMS = ("petition.1.applicant", "petition.1.applicant_name", "petition.1.applicant_residence_address",
                   "petition.2.dates", "petition.2.max_persons_at_one_time")


def essential_items_missing(determination: Determination) -> list[str]:
    """The `ESSENTIAL_ITEMS` a determination of the case finds missing, in the order of `ESSENTIAL_ITEMS`
    (interpretation P-5); empty when the petition may be submitted."""
    missing = set(determination.missing)
    return [item for item in ESSENTIAL_ITEMS if item in missing]


_CITES = {n: cite(f"permit requirements ¶ B({n})") for n in range(1, 16)}


def _cite(n: int) -> str:
    return _CITES[n]


def _finding(rule: str, n: int, items: Items, ok: str, values: dict[str, Any] | None = None,
             status: Status | None = None) -> Finding:
    return Finding(rule, status or items.status(), _cite(n), items.reason(ok), values or {},
                   missing=tuple(items.missing))


def _plan(items: Items, plan: Plan | None, item: str, what: str, *, licensed: bool = False,
          to_scale: bool = True) -> bool:
    """Check an attached map, plan or drawing: present, by a licensed surveyor or engineer when `licensed`,
    drawn to scale when `to_scale`. Returns True when the plan was given."""
    if items.need(plan, item) is not FS.PROVIDED:
        return False
    assert plan is not None
    if licensed:
        if plan.prepared_by is None:
            items.missing.append(f"{item}.prepared_by")
        elif plan.prepared_by not in LICENSED:
            items.defects.append(_("The {what} is not prepared by a licensed land surveyor or licensed "
                                   "engineer", what=what))
    if to_scale and plan.to_scale is not True:  # the defect's sentence is made only when it is one
        items.flag(plan.to_scale, f"{item}.to_scale", _("The {what} is not drawn to scale", what=what))
    return True


@RULES.rule("carmel/petition/b1-applicant", cites=_cite(1))
def applicant(ctx: Context) -> Finding:
    """Item (1): the applicant's name, age and residence address; for a corporation, its name and the names and
    addresses of its directors and officers; for an applicant not residing in the Town, an agent who is a
    natural person residing or having a place of business in Putnam County and who agrees by verified statement
    to accept notices and summonses."""
    rule = "carmel/petition/b1-applicant"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(1)")
    a = ctx.case.applicant
    items = Items()
    if a is None:
        items.missing.append("petition.1.applicant")
        return _finding(rule, 1, items, "")
    items.need(a.name, "petition.1.applicant_name")
    if a.is_corporation:
        officers = a.directors_and_officers
        if items.need(officers, "petition.1.directors_and_officers") is FS.PROVIDED:
            assert officers is not None
            for i, person in enumerate(officers):
                items.need(person.name, f"petition.1.directors_and_officers[{i}].name")
                items.need(person.address, f"petition.1.directors_and_officers[{i}].address")
    else:
        items.need(a.age, "petition.1.applicant_age")
        items.need(a.residence_address, "petition.1.applicant_residence_address")
    items.need(a.resides_in_town, "petition.1.resides_in_town")
    if a.resides_in_town is False:
        agent = a.agent
        if items.need(agent, "petition.1.agent") is FS.PROVIDED:
            assert agent is not None
            items.need(agent.name, "petition.1.agent_name")
            items.need(agent.address, "petition.1.agent_address")
            items.flag(agent.natural_person, "petition.1.agent_natural_person",
                       _("The agent is not a natural person"))
            in_county = (agent.resides_in_putnam_county, agent.place_of_business_in_putnam_county)
            if True not in in_county:
                if None in in_county:
                    items.missing.append("petition.1.agent_in_putnam_county")
                else:
                    items.defects.append(_("The agent neither resides nor has a place of business in "
                                           "Putnam County"))
            items.flag(agent.verified_statement_accepting_service, "petition.1.agent_verified_statement",
                       _("The agent has not agreed by verified statement to accept notices and "
                         "summonses"))
    values = {"applicant": a.name, "is_corporation": a.is_corporation, "resides_in_town": a.resides_in_town,
              "agent": a.agent.name if a.agent else None}
    return _finding(rule, 1, items, _("The applicant's statement is complete."), values)


@RULES.rule("carmel/petition/b2-property-dates-persons", cites=_cite(2))
def property_dates_persons(ctx: Context) -> Finding:
    """Item (2): the property (name, address, record owner, the applicant's interest), the dates and hours, the
    expected maximum persons and vehicles at one time and collectively, the purpose and nature of the activity
    and the admission fee, if any (0 when none)."""
    rule = "carmel/petition/b2-property-dates-persons"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(2)")
    c = ctx.case
    items = Items()
    if items.need(c.properties, "petition.2.properties") is FS.PROVIDED:
        for i, p in enumerate(c.properties):
            items.need(p.address, f"petition.2.properties[{i}].address")
            items.need(p.record_owner, f"petition.2.properties[{i}].record_owner")
            items.need(p.applicant_interest, f"petition.2.properties[{i}].applicant_interest")
    if items.need(c.dates, "petition.2.dates") is FS.PROVIDED:
        assert c.dates is not None
        items.need(c.dates.daily_hours, "petition.2.hours")
    items.need(ctx.persons, "petition.2.max_persons_at_one_time")
    items.need(c.persons_collectively, "petition.2.persons_collectively")
    items.need(c.vehicles_at_one_time, "petition.2.vehicles_at_one_time")
    items.need(c.vehicles_collectively, "petition.2.vehicles_collectively")
    items.need(c.purpose, "petition.2.purpose")
    items.need(c.nature_of_activity, "petition.2.nature_of_activity")
    items.need(c.admission_fee, "petition.2.admission_fee")
    values = {"properties": [p.address for p in c.properties],
              "first_day": c.dates.first_day if c.dates else None,
              "last_day": c.dates.end if c.dates else None,
              "persons_at_one_time": ctx.persons, "persons_collectively": c.persons_collectively,
              "vehicles_at_one_time": c.vehicles_at_one_time, "vehicles_collectively": c.vehicles_collectively,
              "admission_fee": c.admission_fee}
    return _finding(rule, 2, items, _("The statement of property, dates, persons, vehicles and purpose "
                                      "is complete."),
                    values)


@RULES.rule("carmel/petition/b3-site-map", cites=_cite(3))
def site_map(ctx: Context) -> Finding:
    """Item (3): a map by a licensed land surveyor or licensed engineer showing the property's size, its zoning
    district (if any), the adjoining properties' record owners, the abutting streets, existing buildings and
    structures to be erected, and the construction and materials of any new building or structure."""
    rule = "carmel/petition/b3-site-map"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(3)")
    m = ctx.case.petition.site_map
    items = Items()
    if _plan(items, m, "petition.3.site_map", _("site map"), licensed=True, to_scale=False):
        assert m is not None
        items.flag(m.shows_property_size, "petition.3.site_map.property_size",
                   _("The site map does not show the size of the property"))
        items.need(m.zoning_district, "petition.3.site_map.zoning_district")
        items.flag(m.shows_adjoining_record_owners, "petition.3.site_map.adjoining_record_owners",
                   _("The site map does not show the record owners of the adjoining properties"))
        items.flag(m.shows_abutting_streets, "petition.3.site_map.abutting_streets",
                   _("The site map does not show the abutting streets or highways"))
        items.flag(m.shows_buildings_and_structures, "petition.3.site_map.buildings_and_structures",
                   _("The site map does not show the existing buildings and structures to be erected"))
        items.need(m.new_structures, "petition.3.site_map.new_structures")
        if m.new_structures:
            items.flag(m.shows_construction_methods_and_materials,
                       "petition.3.site_map.construction_methods_and_materials",
                       _("The site map does not give the method, construction and materials of new "
                         "structures"))
    values = {"prepared_by": m.prepared_by if m else None, "zoning_district": m.zoning_district if m else None}
    return _finding(rule, 3, items, _("The surveyed site map shows what item (3) lists."), values)


@RULES.rule("carmel/petition/b4-facilities-plan", cites=_cite(4))
def facilities_plan(ctx: Context) -> Finding:
    """Item (4): a plan or drawing to scale by a licensed engineer or licensed land surveyor "showing the method
    and manner in which:" - the supplied text ends there (interpretation C-3). The plan is treated as a required
    attachment; what it must show is left to review (needs_review when given)."""
    rule = "carmel/petition/b4-facilities-plan"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(4)")
    plan = ctx.case.petition.facilities_plan
    items = Items()
    _plan(items, plan, "petition.4.facilities_plan", _("plan of item (4)"), licensed=True)
    status = items.status()
    ok = (_("The plan to scale by a licensed engineer or surveyor is attached; the text of item (4) is "
            "cut short after \"showing the method and manner in which:\", so whether it shows what the "
            "full text requires needs review."))
    values = {"prepared_by": plan.prepared_by if plan else None, "text_cut_short": True}
    return _finding(rule, 4, items, ok, values, status=Status.NEEDS_REVIEW if status is Status.MET else status)


@RULES.rule("carmel/petition/b5-parking-plan", cites=_cite(5))
def parking_plan(ctx: Context) -> Finding:
    """Item (5): a plan drawn to scale of the layout of any parking area, including its means of egress and
    ingress."""
    rule = "carmel/petition/b5-parking-plan"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(5)")
    plan = ctx.case.petition.parking_plan
    items = Items()
    if _plan(items, plan, "petition.5.parking_plan", _("parking plan")):
        assert plan is not None
        items.flag(plan.shows_ingress_and_egress, "petition.5.parking_plan.ingress_and_egress",
                   _("The parking plan does not show the means of egress and ingress"))
    return _finding(rule, 5, items, _("The parking plan to scale shows the layout, egress and ingress."))


@RULES.rule("carmel/petition/b6-sound-equipment", cites=_cite(6))
def sound_equipment(ctx: Context) -> Finding:
    """Item (6): the type, number and location of any radar device, sound amplifier, loudspeaker, soundtrack or
    similar sound equipment (``"none"`` is a statement that there is none)."""
    rule = "carmel/petition/b6-sound-equipment"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(6)")
    sound = ctx.case.petition.sound_equipment
    items = Items()
    if items.need(sound, "petition.6.sound_equipment") is FS.PROVIDED and isinstance(sound, list):
        for i, device in enumerate(sound):
            items.need(device.location, f"petition.6.sound_equipment[{i}].location")
    devices = 0 if not isinstance(sound, list) else sum(d.number for d in sound)
    return _finding(rule, 6, items, _("The statement of sound equipment is complete."), {"devices": devices})


@RULES.rule("carmel/petition/b7-food", cites=_cite(7))
def food(ctx: Context) -> Finding:
    """Item (7): whether food or beverage is to be prepared, sold or distributed; if so, the method of
    preparation and distribution, the disposal of refuse, and a drawing to scale of the structures from which it
    is served (required whenever any of the three is intended: interpretation C-6)."""
    rule = "carmel/petition/b7-food"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(7)")
    f = ctx.case.petition.food
    items = Items()
    intended = f.intended if f else None
    items.need(intended, "petition.7.food_intended")
    if f is not None and f.intended:
        items.need(f.preparation_and_distribution, "petition.7.food_preparation_and_distribution")
        items.need(f.refuse_disposal, "petition.7.food_refuse_disposal")
        _plan(items, f.scale_drawing, "petition.7.food_scale_drawing", _("food drawing"))
    ok = (_("Food or beverage is to be served; its preparation, distribution, refuse disposal and a "
            "drawing to scale are given.") if intended else _("No food or beverage is to be prepared, sold or "
                                                "distributed."))
    return _finding(rule, 7, items, ok, {"food_intended": intended})


@RULES.rule("carmel/petition/b8-security", cites=_cite(8))
def security(ctx: Context) -> Finding:
    """Item (8): whether private security guards or police will be engaged; if so, their numbers, duties, hours
    and areas of responsibility."""
    rule = "carmel/petition/b8-security"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(8)")
    s = ctx.case.petition.security
    items = Items()
    engaged = s.engaged if s else None
    items.need(engaged, "petition.8.security_engaged")
    if s is not None and s.engaged:
        items.need(s.number, "petition.8.security_number")
        items.need(s.duties, "petition.8.security_duties")
        items.need(s.hours, "petition.8.security_hours")
        items.need(s.areas, "petition.8.security_areas")
    return _finding(rule, 8, items, _("The statement of security is complete."),
                    {"engaged": engaged, "number": s.number if s else None})


@RULES.rule("carmel/petition/b9-fire-protection", cites=_cite(9))
def fire_protection(ctx: Context) -> Finding:
    """Item (9): the precautions for fire protection, with a plan or drawing to scale of the fire lanes and the
    water supply for fire control."""
    rule = "carmel/petition/b9-fire-protection"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(9)")
    fp = ctx.case.petition.fire_protection
    items = Items()
    items.need(fp.precautions if fp else None, "petition.9.fire_precautions")
    plan = fp.plan if fp else None
    if _plan(items, plan, "petition.9.fire_plan", _("fire protection plan")):
        assert plan is not None
        items.flag(plan.shows_fire_lanes, "petition.9.fire_plan.fire_lanes",
                   _("The fire protection plan does not show the fire lanes"))
        items.flag(plan.shows_water_supply, "petition.9.fire_plan.water_supply",
                   _("The fire protection plan does not show the water supply for fire control"))
    return _finding(rule, 9, items, _("The fire protection statement and plan to scale are complete."))


@RULES.rule("carmel/petition/b10-lights-and-signs", cites=_cite(10))
def lights_and_signs(ctx: Context) -> Finding:
    """Item (10): whether outdoor lights or signs are to be used; if so, a map of their number, location, size,
    type and illuminating power."""
    rule = "carmel/petition/b10-lights-and-signs"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(10)")
    ls = ctx.case.petition.outdoor_lights_or_signs
    items = Items()
    used = ls.used if ls else None
    items.need(used, "petition.10.outdoor_lights_or_signs")
    if ls is not None and ls.used:
        _plan(items, ls.map, "petition.10.lights_and_signs_map", _("map of lights and signs"), to_scale=False)
    return _finding(rule, 10, items, _("The statement of outdoor lights and signs is complete."), {"used": used})


@RULES.rule("carmel/petition/b11-emergency-medical", cites=_cite(11))
def emergency_medical(ctx: Context) -> Finding:
    """Item (11): the facilities available for emergency treatment of any person needing medical or nursing
    attention."""
    rule = "carmel/petition/b11-emergency-medical"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(11)")
    items = Items()
    items.need(ctx.case.petition.emergency_medical_facilities, "petition.11.emergency_medical_facilities")
    return _finding(rule, 11, items, _("The emergency treatment facilities are stated."))


@RULES.rule("carmel/petition/b12-camping-housing", cites=_cite(12))
def camping_housing(ctx: Context) -> Finding:
    """Item (12): whether camping or housing facilities are to be available; if so, a plan drawn to scale of
    their intended number and location."""
    rule = "carmel/petition/b12-camping-housing"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(12)")
    ch = ctx.case.petition.camping_or_housing
    items = Items()
    available = ch.available if ch else None
    items.need(available, "petition.12.camping_or_housing")
    if ch is not None and ch.available:
        _plan(items, ch.plan, "petition.12.camping_housing_plan", _("camping or housing plan"))
    return _finding(rule, 12, items, _("The statement of camping and housing facilities is complete."),
                    {"available": available})


@RULES.rule("carmel/petition/b13-duration", cites=_cite(13))
def duration(ctx: Context) -> Finding:
    """Item (13): the contemplated duration of the assembly and use."""
    rule = "carmel/petition/b13-duration"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(13)")
    items = Items()
    items.need(ctx.case.petition.duration, "petition.13.duration")
    return _finding(rule, 13, items, _("The contemplated duration is stated."),
                    {"duration": ctx.case.petition.duration})


@RULES.rule("carmel/petition/b14-housing-statement", cites=_cite(14))
def housing_statement(ctx: Context) -> Finding:
    """Item (14): if the assembly continues from one day into another, the housing facilities available or to be
    made available on the premises."""
    rule = "carmel/petition/b14-housing-statement"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(14)")
    items = Items()
    if ctx.hours_unreadable:
        return ctx.continuation_unknown(rule, _cite(14), {"multi_day": "needs_review"})
    if ctx.multi_day is None:
        items.missing.append("petition.2.dates")
        return _finding(rule, 14, items, "")
    if not ctx.multi_day:
        return Finding(rule, Status.NOT_APPLICABLE, _cite(14),
                       _("The assembly does not continue from one day into another."), {"multi_day": False})
    items.need(ctx.case.petition.housing_statement, "petition.14.housing_statement")
    return _finding(rule, 14, items, _("The assembly runs into another day; the housing statement is "
                                       "given."),
                    {"multi_day": True})


@RULES.rule("carmel/petition/b15-noise", cites=_cite(15))
def noise(ctx: Context) -> Finding:
    """Item (15): the maximum noise in decibels contemplated at the site of the nearest adjoining or contiguous
    property."""
    rule = "carmel/petition/b15-noise"
    if ctx.no_permit:
        return ctx.not_applicable(rule, "permit requirements ¶ B(15)")
    items = Items()
    db = ctx.case.petition.max_noise_decibels
    items.need(db, "petition.15.max_noise_decibels")
    return _finding(rule, 15, items, _("The maximum noise at the nearest adjoining property is stated."),
                    {"max_noise_decibels": db})
