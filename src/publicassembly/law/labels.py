"""The names of the law core's keys as messages: requirement and deadline names, the ids of missing items and
the words of their paths (``petition.1.applicant_age``), so that a page can show them in its language.

`label` gives the same English as the web's plain rendering of a key (underscores as spaces, dots as " · ").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from publicassembly.law.messages import Message, _, join

#: The requirements of a determination that are amounts in US dollars (Carmel ch. 31: the insurance limits of
#: ¶ E, the filing fee and the bond of ¶ F — the units `us_ny_carmel.determine.requirements` documents): every
#: door shows them as money (the CLI report, the PDF report, the pages).
DOLLAR_KEYS = frozenset({"insurance_bodily_injury_min", "insurance_bodily_injury_max",
                         "insurance_property_damage_min", "filing_fee", "bond"})

#: Key or path segment → its name (English: the key with its underscores as spaces).
WORDS: dict[str, Message] = {
    "background_colour": _("background colour"),
    "bond": _("bond"),
    "certificate": _("certificate"),
    "citation": _("citation"),
    "cleanup_days": _("cleanup days"),
    "enforcement": _("enforcement"),
    "filing_fee": _("filing fee"),
    "housing_required": _("housing required"),
    "in_presence": _("in presence"),
    "insurance_bodily_injury_max": _("insurance bodily injury max"),
    "insurance_bodily_injury_min": _("insurance bodily injury min"),
    "insurance_cancellation_notice_days": _("insurance cancellation notice days"),
    "insurance_property_damage_min": _("insurance property damage min"),
    "issued_by": _("issued by"),
    "keep_on_premises": _("keep on premises"),
    "lawful_occupancy": _("lawful occupancy"),
    "letter_height_in": _("letter height (inches)"),
    "letter_weight": _("letter weight"),
    "letter_width_in": _("letter width (inches)"),
    "lettering_colour": _("lettering colour"),
    "location": _("location"),
    "may_enforce": _("may enforce"),
    "may_issue_summons": _("may issue summons"),
    "must_file_complaint_with": _("must file complaint with"),
    "observed_by": _("observed by"),
    "officer": _("officer"),
    "parking_spaces": _("parking spaces"),
    "permit_holders": _("permit holders"),
    "persons": _("persons"),
    "persons_from": _("number of persons from"),
    "persons_per_toilet": _("persons per toilet"),
    "physicians": _("physicians"),
    "place_of_assembly": _("place of assembly"),
    "powers": _("powers"),
    "provided": _("provided"),
    "registered_nurses": _("registered nurses"),
    "required": _("required"),
    "room": _("room"),
    "rooms": _("rooms"),
    "sign": _("sign"),
    "states": _("states"),
    "stop_performance": _("stop performance"),
    "approved_number_from": _("approved number from"),
    "approved_certificate": _("certificate stating the approved number"),
    "summarily": _("summarily"),
    "summons_issued_by": _("summons issued by"),
    "summons_returnable_in": _("summons returnable in"),
    "toilets": _("toilets"),
    "application_due": _("application due"),
    "cleanup_due": _("cleanup due"),
    "decision_due": _("decision due"),
    "hearing_notice_due": _("hearing notice due"),
    "access_roads": _("access roads"),
    "addressed_to_town_board": _("addressed to town board"),
    "admission_fee": _("admission fee"),
    "applicant": _("applicant"),
    "applicant_interest": _("applicant interest"),
    "camping_or_housing": _("camping or housing"),
    "conditions": _("conditions"),
    "drinking_water": _("drinking water"),
    "duration": _("duration"),
    "emergency_medical_facilities": _("emergency medical facilities"),
    "facilities_plan": _("facilities plan"),
    "fire_plan": _("fire plan"),
    "fire_precautions": _("fire precautions"),
    "fire_protection": _("fire protection"),
    "food_intended": _("food intended"),
    "food_supply": _("food supply"),
    "hours": _("hours"),
    "housing": _("housing"),
    "housing_statement": _("housing statement"),
    "inspection": _("inspection"),
    "insurance": _("insurance"),
    "max_noise_decibels": _("max noise decibels"),
    "medical": _("medical"),
    "nature_of_activity": _("nature of activity"),
    "on_town_form": _("on town form"),
    "outdoor_lights_or_signs": _("outdoor lights or signs"),
    "owner_authorization": _("owner authorization"),
    "parking": _("parking"),
    "parking_plan": _("parking plan"),
    "persons_collectively": _("persons collectively"),
    "petition": _("petition"),
    "properties": _("properties"),
    "security_engaged": _("security engaged"),
    "sewage": _("sewage"),
    "site_map": _("site map"),
    "solid_waste": _("solid waste"),
    "sound_equipment": _("sound equipment"),
    "vehicles_at_one_time": _("vehicles at one time"),
    "vehicles_collectively": _("vehicles collectively"),
    "verified": _("verified"),
    "posted": _("posted"),
    "first_aid_station": _("first aid station"),
    "physicians_at_all_times": _("physicians at all times"),
    "registered_nurses_at_all_times": _("registered nurses at all times"),
    "certificate_on_premises": _("certificate on premises"),
    "exit_access_clear": _("exit access clear"),
    "exits_blocked": _("exits blocked"),
    "persons_present": _("persons present"),
    "persons_by_space": _("persons by space"),
    "signs": _("signs"),
    "bodily_injury_limit": _("bodily injury limit"),
    "cancellation_notice_days": _("cancellation notice days"),
    "comprehensive_liability": _("comprehensive liability"),
    "insures_town": _("insures town"),
    "property_damage_limit": _("property damage limit"),
    "agent": _("agent"),
    "agent_address": _("agent address"),
    "agent_in_putnam_county": _("agent in putnam county"),
    "agent_name": _("agent name"),
    "agent_natural_person": _("agent natural person"),
    "agent_verified_statement": _("agent verified statement"),
    "applicant_age": _("applicant age"),
    "applicant_name": _("applicant name"),
    "applicant_residence_address": _("applicant residence address"),
    "directors_and_officers": _("directors and officers"),
    "resides_in_town": _("resides in town"),
    "lights_and_signs_map": _("lights and signs map"),
    "camping_housing_plan": _("camping housing plan"),
    "dates": _("dates"),
    "max_persons_at_one_time": _("max persons at one time"),
    "purpose": _("purpose"),
    "abutting_streets": _("abutting streets"),
    "adjoining_record_owners": _("adjoining record owners"),
    "buildings_and_structures": _("buildings and structures"),
    "construction_methods_and_materials": _("construction methods and materials"),
    "new_structures": _("new structures"),
    "property_size": _("property size"),
    "zoning_district": _("zoning district"),
    "ingress_and_egress": _("ingress and egress"),
    "food_preparation_and_distribution": _("food preparation and distribution"),
    "food_refuse_disposal": _("food refuse disposal"),
    "food_scale_drawing": _("food scale drawing"),
    "security_areas": _("security areas"),
    "security_duties": _("security duties"),
    "security_hours": _("security hours"),
    "security_number": _("security number"),
    "fire_lanes": _("fire lanes"),
    "water_supply": _("water supply"),
    "tenant_authorization": _("tenant authorization"),
    "conforms_to_specification": _("conforms to specification"),
    "address": _("address"),
    "name": _("name"),
    "record_owner": _("record owner"),
    "chapter_in_town_since": _("chapter in town since"),
    "located_in_town": _("located in town"),
    "place_of_worship_in_town": _("place of worship in town"),
    "established": _("established"),
    "sponsored": _("sponsored"),
    "organized": _("organized"),
    "authorized": _("authorized"),
    "date": _("date"),
    "filed_on": _("filed on"),
    "filing_fee_paid": _("filing fee paid"),
    "egress_obstructed": _("egress obstructed"),
    "serious_menace": _("serious menace"),
    "overcrowding": _("overcrowding"),
    "prepared_by": _("prepared by"),
    "to_scale": _("to scale"),
    "building_inspector": _("building inspector"),
    "fire_district_inspector": _("fire district inspector"),
    "town_fire_marshal": _("town fire marshal"),
    "police_officer": _("police officer"),
    # the use groups of § 164-7's table (and § 164-8's open-air area), in its words
    "assembly_fixed_seats": _("assembly with fixed seats"),
    "assembly_without_fixed_seats": _("assembly without fixed seats"),
    "business": _("business building"),
    "courtroom": _("courtroom"),
    "dance_hall_lodge_room": _("dance hall or lodge room"),
    "hotel_lodging_house": _("hotel or lodging house"),
    "institutional": _("institutional building"),
    "mercantile_first_floor": _("mercantile building, first floor"),
    "mercantile_basement_sales_floor": _("mercantile building, basement sales floor"),
    "mercantile_other_floors": _("mercantile building, other floors"),
    "school": _("school"),
    "storage": _("storage building"),
    "bowling_alley": _("bowling alley"),
    "open_air": _("unenclosed open-air area"),
    "individual": _("individual"),
    "corporation": _("corporation"),
    "parochial_school": _("parochial school"),
    "private_school": _("private school"),
    "public_school": _("public school"),
    "church": _("church"),
    "veterans_organization": _("veterans organization"),
    "civic_group": _("civic group"),
    "other": _("other"),
    "attendance": _("attendance"),
    "person": _("person"),
    "sponsor": _("sponsor"),
    "toilets_provided": _("toilets provided"),
    "violation": _("violation"),
    "worship_use_approved_by_building_inspector": _("worship use approved by building inspector"),
    "spaces": _("spaces"),
    "area": _("area"),
    "alleys": _("alleys"),
    # the facts' other fields, named in a refusal ("facts need correction: board decision on: ...")
    "age": _("age"),
    "amount": _("amount"),
    "area_unit": _("area unit"),
    "areas": _("areas"),
    "available": _("available"),
    "board_decision_on": _("board decision on"),
    "bond_amount": _("bond amount"),
    "cleanup_completed_on": _("cleanup completed on"),
    "commercial": _("commercial"),
    "common_entrance": _("common entrance"),
    "connects_with": _("connects with"),
    "corrected": _("corrected"),
    "daily_hours": _("daily hours"),
    "days_of_continued_violation": _("days of continued violation"),
    "description": _("description"),
    "duties": _("duties"),
    "engaged": _("engaged"),
    "facilities_not_provided_as_specified": _("facilities not provided as specified"),
    "fire_exits_comply_with_uniform_code": _("fire exits comply with uniform code"),
    "fire_exits_designated": _("fire exits designated"),
    "first_day": _("first day"),
    "food": _("food"),
    "health_department_approved_on": _("health department approved on"),
    "hearing": _("hearing"),
    "held_on": _("held on"),
    "intended": _("intended"),
    "is_corporation": _("is corporation"),
    "issued": _("issued"),
    "kind": _("kind"),
    "last_day": _("last day"),
    "map": _("map"),
    "natural_person": _("natural person"),
    "notice_published_on": _("notice published on"),
    "number": _("number"),
    "offender": _("offender"),
    "owner_authorization_to_inspect": _("owner authorization to inspect"),
    "persons_housed": _("persons housed"),
    "place_of_business_in_putnam_county": _("place of business in putnam county"),
    "plan": _("plan"),
    "precautions": _("precautions"),
    "preparation_and_distribution": _("preparation and distribution"),
    "prior_offenses": _("prior offenses"),
    "refuse_disposal": _("refuse disposal"),
    "residence_address": _("residence address"),
    "resides_in_putnam_county": _("resides in putnam county"),
    "revocation_grounds": _("revocation grounds"),
    "rule": _("rule"),
    "scale_drawing": _("scale drawing"),
    "security": _("security"),
    "setup_cannot_be_accomplished_in_time": _("setup cannot be accomplished in time"),
    "shows_abutting_streets": _("shows abutting streets"),
    "shows_adjoining_record_owners": _("shows adjoining record owners"),
    "shows_buildings_and_structures": _("shows buildings and structures"),
    "shows_construction_methods_and_materials": _("shows construction methods and materials"),
    "shows_fire_lanes": _("shows fire lanes"),
    "shows_ingress_and_egress": _("shows ingress and egress"),
    "shows_property_size": _("shows property size"),
    "shows_water_supply": _("shows water supply"),
    "story": _("story"),
    "submitted_on": _("submitted on"),
    "tenant_authorization_to_inspect": _("tenant authorization to inspect"),
    "tenant_or_lessee": _("tenant or lessee"),
    "title": _("title"),
    "town_board": _("town board"),
    "town_board_approved_on": _("town board approved on"),
    "type": _("type"),
    "use_group": _("use group"),
    "used": _("used"),
    "used_solely_for_religious_worship": _("used solely for religious worship"),
    "verified_statement_accepting_service": _("verified statement accepting service"),
    "within_town": _("within town"),
}

#: A list's key → the name of one of its items, numbered from 1 (``properties[0]`` → "property 1").
ITEMS: dict[str, Callable[[int], Message]] = {
    "properties": lambda n: _("property {n}", n=n),
    "directors_and_officers": lambda n: _("director or officer {n}", n=n),
    "sound_equipment": lambda n: _("sound equipment {n}", n=n),
    "spaces": lambda n: _("space {n}", n=n),
    "rooms": lambda n: _("room {n}", n=n),
}

#: A list's key → the name of one of its items named by a room or space (``signs[Hall]`` → "sign of Hall").
NAMED_ITEMS: dict[str, Callable[[str], Message]] = {
    "signs": lambda name: _("sign of {name}", name=name),
}

#: Keys whose values are identifiers of the law core (an officer, where a count of persons comes from, the
#: colours and weight of the occupancy sign), shown through `VALUES`; other values are the case's own words.
VALUE_KEYS = frozenset({"issued_by", "summons_issued_by", "observed_by", "officer", "must_file_complaint_with",
                        "persons_from", "lettering_colour", "background_colour", "letter_weight",
                        "approved_number_from"})

#: Keys whose value is an answer of the law core — true, false or ``"needs_review"`` (left to an official: a
#: place of assembly, a certificate required, housing required) — the last shown as `NEEDS_REVIEW`.
ANSWER_KEYS = frozenset({"place_of_assembly", "required", "housing_required", "permit_required",
                         "certificate_required", "multi_day"})
#: The answer ``"needs_review"`` in words (as a finding's status is named on the pages).
NEEDS_REVIEW = _("needs review")

#: An identifier given as a value → its words.
VALUES: dict[str, Message] = {
    "building_inspector": _("the Building Inspector"),
    "fire_district_inspector": _("a Fire Department inspector of the fire district"),
    "town_fire_marshal": _("a town fire marshal"),
    "police_officer": _("a police officer"),
    "attendance": _("the attendance stated"),
    "inspection.persons_present": _("the persons counted at the inspection"),
    "lawful_occupancy": _("the lawful occupancy"),
    "certificate": _("the certificate in force"),
    "former_certificate": _("the last certificate issued, no longer in force"),
    "occupant_load": _("the occupant load computed from the rooms"),
    "red": _("red"),
    "white": _("white"),
    "bold": _("bold"),
}

_INDEX = re.compile(r"^(?P<word>[^\[]*)(?P<index>\[.*\])?$")
_ITEM = re.compile(r"^(?P<word>[^\[]*)\[(?P<index>.*)\]$")


def label(key: str) -> str:
    """A key or dotted id as words, as a message when its words are known: ``insurance_bodily_injury_min`` →
    "insurance bodily injury min"; ``petition.1.applicant_age`` → "petition · 1 · applicant age"; an index
    (``[0]``, ``[Hall]``) is kept as given. Unknown words are shown with their underscores as spaces."""
    parts: list[str] = []
    for segment in str(key).split("."):
        m = _INDEX.match(segment)
        word, index = (m.group("word"), m.group("index") or "") if m else (segment, "")
        name: str = WORDS.get(word) or word.replace("_", " ")
        parts.append(join([name, index], "") if index else name)
    return parts[0] if len(parts) == 1 else join(parts, " · ")


def item(key: str, index: int | str) -> Message | str:
    """One item of the list `key` as words: `index` is its number counted from 1 (``item("properties", 1)`` →
    "property 1") or its name (``item("signs", "Hall")`` → "sign of Hall"). A list without a known item name
    gives its own name and the number or name ("rooms 1", "signs · Hall")."""
    name: Message | str = WORDS.get(key) or key.replace("_", " ")
    if isinstance(index, int):
        if key in ITEMS:
            return ITEMS[key](index)
        return join([name, str(index)], " ")
    if key in NAMED_ITEMS:
        return NAMED_ITEMS[key](index)
    return join([name, index], " · ")


def phrase(key: str) -> Message | str:
    """A key or dotted id as a reader's words (what pages show): as `label`, with a list's item named as one
    item, numbered from 1: ``petition.2.properties[0].record_owner`` → "petition · 2 · property 1 · record
    owner"; ``inspection.signs[Hall].posted`` → "inspection · sign of Hall · posted"."""
    parts: list[Message | str] = []
    for segment in str(key).split("."):
        m = _ITEM.match(segment)
        if m is None:
            parts.append(WORDS.get(segment) or segment.replace("_", " "))
            continue
        index = m.group("index")
        parts.append(item(m.group("word"), int(index) + 1 if index.isdigit() else index))
    return parts[0] if len(parts) == 1 else join(parts, " · ")


def value(key: str, shown: object) -> object:
    """A value of the requirements as words when it is an identifier of the law core: ``value("issued_by",
    "building_inspector")`` → "the Building Inspector", ``value("lettering_colour", "red")`` → "red" (a message,
    so translated on the page), an answer left to an official ``value("required", "needs_review")`` → "needs
    review" (`ANSWER_KEYS`); any other value (a number, a room's name, a court) unchanged."""
    if key in VALUE_KEYS and isinstance(shown, str) and shown in VALUES:
        return VALUES[shown]
    if key in ANSWER_KEYS and shown == "needs_review":
        return NEEDS_REVIEW
    return shown


#: Missing items whose id alone does not say what is wanted, as a member of the public reads it.
MISSING: dict[str, Message] = {
    "filed_on": _("the date the petition was filed with the Town Clerk"),
    "petition.verified": _("the petition's verification (sworn to when it is submitted)"),
    "petition.on_town_form": _("whether the petition is on the Town's form"),
    "petition.addressed_to_town_board": _("whether the petition is addressed to the Town Board"),
    # the sponsor's facts of the exemptions ¶¶ A-D, as the questions ask them
    "sponsor.established": _("whether the church is an established church"),
    "sponsor.place_of_worship_in_town": _("whether the church maintains a place of worship within the Town"),
    "sponsor.located_in_town": _("whether the school is located within the Town"),
    "sponsor.chapter_in_town_since": _("since when its chapter has been maintained within the Town"),
    "sponsor.sponsored": _("whether the sponsor itself sponsors the assembly"),
    "sponsor.organized": _("whether the sponsor itself organizes the assembly"),
    "sponsor.authorized": _("whether the sponsor itself authorizes the assembly"),
}

_PETITION_ITEM = re.compile(r"^petition\.(?P<n>\d+)\.(?P<rest>.+)$")
_CONDITION = re.compile(r"^conditions\.(?P<n>\d+)\.(?P<rest>.+)$")


def _numbered(key: str) -> tuple[str, int, str] | None:
    """("petition" or "condition", its number, the rest of the id) for an item of the Carmel petition (¶ B(1)-(15))
    or a condition of issuance (¶ C(1)-(10)), else None."""
    for kind, pattern in (("petition", _PETITION_ITEM), ("condition", _CONDITION)):
        m = pattern.match(str(key))
        if m is not None:
            return kind, int(m.group("n")), m.group("rest")
    return None


def _in_part(kind: str, n: int, what: object) -> Message:
    """`what`, said of item `n` of the petition or of condition `n` of ¶ C."""
    if kind == "petition":
        return _("{what}, in item ({n}) of the petition", what=what, n=n)
    return _("{what}, for condition ({n}) of permit requirements ¶ C", what=what, n=n)


def missing_item(key: str) -> Message | str:
    """A missing item's id as a member of the public reads it (the "Still to be provided" list of a page): the
    item of the Carmel petition (¶ B(1)-(15)) or the condition of issuance (¶ C(1)-(10)) is said in words after
    what is wanted — ``petition.2.dates`` → "dates, in item (2) of the petition";
    ``petition.2.properties[1].record_owner`` → "property 2 · record owner, in item (2) of the petition";
    ``conditions.1.drinking_water`` → "drinking water, for condition (1) of permit requirements ¶ C";
    ``filed_on`` → "the date the petition was filed with the Town Clerk"; any other id as `phrase`."""
    if key in MISSING:
        return MISSING[key]
    part = _numbered(key)
    if part is not None:
        kind, n, rest = part
        return _in_part(kind, n, phrase(rest))
    return phrase(key)


def not_given(keys: Sequence[str]) -> Message:
    """The sentence of a finding's reason that names the items it lacks (`keys`, ids as in its ``missing``),
    each as `missing_item` says it, those of one item of the Carmel petition (or of one condition of ¶ C)
    said together: ``["petition.2.hours", "petition.2.admission_fee"]`` → "Not given in item (2) of the
    petition: hours, admission fee."; ``["filed_on", "petition.1.applicant"]`` → "Not given: the date the
    petition was filed with the Town Clerk; applicant, in item (1) of the petition." `keys` holds at least
    one id."""
    # (kind, number) of a part of the chapter, or the id itself, in the order the items come
    groups: dict[tuple[str, int] | str, list[Message | str]] = {}
    for key in keys:
        part = None if key in MISSING else _numbered(key)
        if part is None:
            groups.setdefault(key, []).append(missing_item(key))
        else:
            groups.setdefault((part[0], part[1]), []).append(phrase(part[2]))
    if len(groups) == 1:
        ((group, whats),) = groups.items()
        if isinstance(group, tuple) and group[0] == "petition":
            return _("Not given in item ({n}) of the petition: {items}.", n=group[1], items=join(whats))
        if isinstance(group, tuple):
            return _("Not given for condition ({n}) of permit requirements ¶ C: {items}.", n=group[1],
                     items=join(whats))
    parts = [_in_part(group[0], group[1], join(whats)) if isinstance(group, tuple) else whats[0]
             for group, whats in groups.items()]
    return _("Not given: {items}.", items=join(parts, "; "))
