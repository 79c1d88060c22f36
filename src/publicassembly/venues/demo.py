"""Demonstration places of assembly in Mount Pleasant (ch. 164), made through the services so that every number
comes from the law core and every change is in the history.

Signature (called by the ``publicassembly demo`` command)::

    load(town: accounts.models.Town, users: dict[str, accounts.models.User]) -> dict[str, Any]

- ``town``: the Mount Pleasant town (alias ``mount-pleasant-ny``); any other town raises `ValidationFailed`.
- ``users``: keyed by role name (``accounts.models.Role`` values); needs ``building_inspector`` and
  ``enforcement_officer``, uses ``applicant`` if given. Each is given that role in `town` if he lacks it (the
  enforcement officer as a police officer).
- Returns the records made, by key: ``bowling_centre``, ``catering_hall``, ``festival_field``, ``church_hall``,
  ``dance_hall`` (venues) and ``certificates`` (venue key → `Certificate`), ``inspections`` (list).

Idempotent: a venue of the same name already in the town is left as it is and returned.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from publicassembly.accounts.models import Membership, OfficerKind, Role
from publicassembly.venues import services as vs
from publicassembly.venues.models import Venue
from publicassembly.workflow import reasons as history_words
from publicassembly.workflow.access import takes_an
from publicassembly.workflow.errors import ValidationFailed

SPACES: dict[str, list[dict[str, Any]]] = {
    "bowling_centre": [
        {"name": "Lanes", "kind": "room", "use_group": "bowling_alley", "alleys": 24, "area": 2400, "story": 1,
         "common_entrance": True},
        {"name": "Snack bar and lounge", "kind": "room", "use_group": "assembly_without_fixed_seats", "area": 900,
         "story": 1, "common_entrance": True, "connects_with": ["Lanes"]},
    ],
    "catering_hall": [
        {"name": "Ballroom", "kind": "room", "use_group": "assembly_without_fixed_seats", "area": 4650, "story": 1,
         "common_entrance": True},
        {"name": "Cocktail room", "kind": "room", "use_group": "assembly_without_fixed_seats", "area": 1200,
         "story": 2, "common_entrance": True, "connects_with": ["Ballroom"]},
        {"name": "Terrace", "kind": "open_air", "use_group": "open_air", "area": 2250, "story": 1,
         "common_entrance": True, "connects_with": ["Ballroom"]},
    ],
    "festival_field": [
        {"name": "Festival field", "kind": "open_air", "use_group": "open_air", "area": 12000, "area_unit": "sq_m"},
    ],
    "church_hall": [
        {"name": "Sanctuary", "kind": "room", "use_group": "assembly_fixed_seats", "area": 1800, "story": 1},
        {"name": "Fellowship room", "kind": "room", "use_group": "assembly_without_fixed_seats", "area": 900,
         "story": 0},
    ],
    "dance_hall": [
        {"name": "Dance hall", "kind": "room", "use_group": "dance_hall_lodge_room", "area": 3000, "story": 1},
    ],
}

VENUES: dict[str, dict[str, Any]] = {
    "bowling_centre": {"name": "Thornwood Lanes", "address": "640 Columbus Avenue, Thornwood, NY 10594",
                       "commercial": True, "toilets_provided": 6},
    "catering_hall": {"name": "Kensico Manor", "address": "25 Lakeview Avenue, Valhalla, NY 10595",
                      "commercial": True, "toilets_provided": 6},
    "festival_field": {"name": "Saw Mill River festival field", "address": "Saw Mill River Road, Hawthorne, NY 10532",
                       "commercial": True, "toilets_provided": 70},
    "church_hall": {"name": "Hawthorne Community Church", "address": "120 Elwood Avenue, Hawthorne, NY 10532",
                    "commercial": False, "toilets_provided": 3, "used_solely_for_religious_worship": True},
    "dance_hall": {"name": "Saw Mill River Dance Hall", "address": "300 Saw Mill River Road, Hawthorne, NY 10532",
                   "commercial": True, "toilets_provided": 3},
}


def ensure_role(user: Any, town: Any, role: str) -> None:
    """Give `user` `role` in `town` unless he holds it (an enforcement officer as a police officer)."""
    kind = OfficerKind.POLICE_OFFICER if role == Role.ENFORCEMENT_OFFICER else ""
    Membership.objects.get_or_create(user=user, town=town, role=role, defaults={"officer_kind": kind})


def user_for_role(users: dict[str, Any], role: str) -> Any:
    try:
        return users[role]
    except KeyError:
        article = "an" if takes_an(role) else "a"
        raise ValidationFailed("users", f"the demo needs {article} {role.replace('_', ' ')} (users[{role!r}])") from None


def load(town: Any, users: dict[str, Any]) -> dict[str, Any]:
    """Create the demonstration venues of Mount Pleasant (see the module docstring). Returns them by key."""
    if town.jurisdiction_alias != "mount-pleasant-ny":
        raise ValidationFailed("town", f"the places-of-assembly demo is Mount Pleasant's, not {town}'s")
    bi = user_for_role(users, Role.BUILDING_INSPECTOR)
    officer = user_for_role(users, Role.ENFORCEMENT_OFFICER)
    ensure_role(bi, town, Role.BUILDING_INSPECTOR)
    ensure_role(officer, town, Role.ENFORCEMENT_OFFICER)
    owner = users.get(Role.APPLICANT)
    if owner is not None:
        ensure_role(owner, town, Role.APPLICANT)
    out: dict[str, Any] = {"certificates": {}, "inspections": []}
    for key, fields in VENUES.items():
        existing = Venue.objects.for_town(town).filter(name=fields["name"]).first()
        if existing is not None:
            out[key] = existing
            continue
        by = owner if key == "catering_hall" and owner is not None else bi
        venue = vs.create_venue(by, town, reason=history_words.DEMO_DATA(), **fields)
        for space in SPACES[key]:
            vs.add_space(by, venue, reason=history_words.DEMO_DATA(), **space)
        out[key] = venue
        _history(key, venue, bi, officer, out)
    return out


def _history(key: str, venue: Venue, bi: Any, officer: Any, out: dict[str, Any]) -> None:
    """The certificates and inspections of each demonstration venue."""
    if key == "church_hall":
        vs.approve_religious_worship_exemption(bi, venue, approved_on=dt.date(2024, 9, 10),
                                               reason="sanctuary and fellowship room used solely for worship")
        return
    issued = {"bowling_centre": dt.date(2025, 1, 15), "catering_hall": dt.date(2024, 11, 4),
              "festival_field": dt.date(2025, 5, 30), "dance_hall": dt.date(2021, 6, 1)}[key]
    out["certificates"][key] = vs.issue_certificate(bi, venue, issued_on=issued)
    if key == "bowling_centre":
        insp = vs.schedule_inspection(bi, venue, scheduled_for=dt.date(2025, 2, 20))
        vs.record_inspection(bi, insp, done_on=dt.date(2025, 2, 20), persons_present=310, exits_blocked=False,
                             exit_access_clear=True, fire_exits_designated=True,
                             fire_exits_comply_with_uniform_code=True, certificate_on_premises=True,
                             signs={"Lanes": {"posted": True, "states": 360, "conforms_to_specification": True},
                                    "Snack bar and lounge": {"posted": True, "states": 60,
                                                             "conforms_to_specification": True}},
                             notes="Thursday league night")
        out["inspections"].append(insp)
    elif key == "catering_hall":
        by = venue.owner or bi
        vs.update_space(by, venue.spaces.get(name="Cocktail room"), area=1500,
                        reason="cocktail room enlarged into the former coat room")
        out["inspections"].append(vs.schedule_inspection(bi, venue, scheduled_for=dt.date(2025, 4, 8),
                                                         reason="re-inspection after the cocktail room was enlarged"))
    elif key == "dance_hall":
        insp = vs.schedule_inspection(bi, venue, scheduled_for=dt.date(2025, 2, 15), inspector=officer)
        vs.record_inspection(officer, insp, done_on=dt.date(2025, 2, 15), persons_present=185, exits_blocked=True,
                             exit_access_clear=False, egress_obstructed=True, serious_menace=False,
                             fire_exits_designated=True, fire_exits_comply_with_uniform_code=True,
                             certificate_on_premises=True, toilets_provided=3,
                             signs={"Dance hall": {"posted": True, "states": 200, "conforms_to_specification": True}},
                             corrected=True, notes="Rear fire exit chained and stacked with tables during a dance")
        out["inspections"].append(insp)
