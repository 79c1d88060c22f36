"""Demo data (`publicassembly demo`): the two towns, a user of every role in each with a known password, the
Town Board's filing fees, and Carmel ch. 31 permit applications in every state, each brought there through the
services (so every step has its history), with dates around today.

Every act of the story carries its own day, each after the act it follows (a petition submitted, accepted, its
hearing noticed and held, the Town Board's decision, the bond posted, the permit issued or revoked, the assembly,
its cleanup inspected, the bond released or forfeited, the case closed), and every act of the Town's officials —
the Clerk's, the Town Board's, the Health Department's, the Building Inspector's — on a business day: not a
Saturday, a Sunday or a public holiday of GCL § 24 (`publicassembly.law.dates`). The assemblies themselves are
held in their season (`SEASONS`: the regatta and the triathlon in summer, the harvest festival in September or
October, the fireworks viewing on the Fourth of July, the Bluegrass Weekend from a Saturday to a Sunday), each
opening on a day of its own (`plan`), whatever day the demo is built: those not yet held in the next season their
petitions are filed at least the days of ¶ B ahead of, those already held in the last season in which their
story (the cleanup inspected, the bond released or forfeited, the case closed) is over by that day.

Then the venues and enforcement demos (`publicassembly.venues.demo.load(town, users)` for Mount Pleasant with its
demo users by role, `publicassembly.enforcement.demo.load(towns, users)` with each town's demo users, town alias →
role → User) when those modules exist; ``towns`` is {"carmel-ny": Town, "mount-pleasant-ny": Town}.
Demo usernames are ``<town>_<role>``, e.g. ``carmel_town_clerk``, ``mount_pleasant_building_inspector``; each holds
his one role in his own town only (no demo user is a county-wide official).

Idempotent: a second run finds the demo applications and adds nothing; ``reset=True`` deletes the demo
applications (and their records and files) and builds them again.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone

from publicassembly.accounts.models import Membership, OfficerKind, Role, Town, User
from publicassembly.law.dates import next_business_day, preceding_business_day
from publicassembly.law.jurisdictions.us_ny_carmel import deadlines as legal_deadlines
from publicassembly.permits import services as sv
from publicassembly.permits import stored_files
from publicassembly.permits.models import (
    Approval,
    Authorization,
    Bond,
    FeeSchedule,
    InsuranceCertificate,
    PermitApplication,
    State,
)
from publicassembly.workflow import reasons as history_words

#: The one password of every demo user (printed by `publicassembly demo`; never use it outside a demo).
DEMO_PASSWORD = "publicassembly-demo"  # noqa: S105 - a demo's published password
TOWNS = {"carmel": "carmel-ny", "mount_pleasant": "mount-pleasant-ny"}
_PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


@dataclass
class DemoResult:
    """What the demo did: the users (username → roles), whether the applications were created, and notes."""

    users: dict[str, str] = field(default_factory=dict)
    applications: dict[str, str] = field(default_factory=dict)  # name → state
    created: bool = False
    notes: list[str] = field(default_factory=list)


def username(town_slug: str, role: str) -> str:
    """The demo user of `role` in a town: e.g. ``carmel_town_clerk``."""
    return f"{town_slug}_{role}"


def _users(towns: dict[str, Town], result: DemoResult) -> dict[str, User]:
    """The demo users, ``<town>_<role>``, each with his one role in his own town only (a membership of a demo user
    in another town, left by an earlier demo, is removed). The password is hashed once for all of them: argon2 is
    slow by design (about 0.15 s a hash) and the demo's password is published anyway."""
    out: dict[str, User] = {}
    hashed: str | None = None
    for slug, town in towns.items():
        for role in Role.values:
            name = username(slug, role)
            user, created = User.objects.get_or_create(
                username=name, defaults={"email": f"{name}@example.org",
                                         "first_name": role.replace("_", " ").title(), "last_name": town.name})
            if created:
                hashed = hashed or make_password(DEMO_PASSWORD)
                user.password = hashed
                user.is_staff = role == Role.ADMINISTRATOR
                user.save(update_fields=["password", "is_staff"])
            kind = OfficerKind.POLICE_OFFICER if role == Role.ENFORCEMENT_OFFICER else ""
            Membership.objects.get_or_create(user=user, town=town, role=role, defaults={"officer_kind": kind})
            Membership.objects.filter(user=user).exclude(town=town, role=role).delete()
            out[name] = user
            result.users[name] = f"{role.replace('_', ' ')}, {town.name}"
    return out


def _required(persons: int, first_day: date) -> dict[str, Any]:
    """What ¶ C requires of an assembly of `persons` (parking spaces, physicians, registered nurses), from the
    law core, so that the demo's events provide just what the law asks (parking with some to spare)."""
    from publicassembly.law import evaluate

    return evaluate({"jurisdiction": "carmel-ny", "subject": "event", "max_persons_at_one_time": persons,
                     "dates": {"first_day": first_day.isoformat()}}, first_day).requirements


def _facts(name: str, purpose: str, activity: str, address: str, owner: str, first_day: date, days: int,
           persons: int, *, tenant: str | None = None) -> dict[str, Any]:
    """A complete verified petition's facts (¶ B(1)-(15)) and the facilities of ¶ C for an assembly."""
    last = first_day + timedelta(days=days - 1)
    multi = days > 1
    prop: dict[str, Any] = {"address": address, "record_owner": owner,
                            "applicant_interest": "Licensee for the days of the assembly"}
    if tenant:
        prop["tenant_or_lessee"] = tenant
    facility = {"description": "Shown on the facilities plan"}
    staffing = _required(persons, first_day)
    return {
        "name": name, "purpose": purpose, "nature_of_activity": activity,
        "sponsor": {"name": "Hudson Valley Events, Inc.", "kind": "corporation"},
        "applicant": {"name": "Hudson Valley Events, Inc.", "is_corporation": True,
                      "residence_address": "10 Main Street, Brewster, NY 10509", "resides_in_town": False,
                      "directors_and_officers": [{"name": "Ann Ferris (president)",
                                                  "address": "12 Oak Lane, Brewster, NY 10509"}],
                      "agent": {"name": "Ann Ferris", "address": "12 Oak Lane, Brewster, NY 10509",
                                "natural_person": True, "resides_in_putnam_county": True,
                                "verified_statement_accepting_service": True}},
        "properties": [prop],
        "dates": {"first_day": first_day.isoformat(), "last_day": last.isoformat(), "daily_hours": "10:00-22:00"},
        "max_persons_at_one_time": persons, "persons_collectively": persons * days,
        "vehicles_at_one_time": persons // 4, "vehicles_collectively": persons * days // 4,
        "admission_fee": "10.00",
        "petition": {
            "on_town_form": True, "addressed_to_town_board": True,
            "site_map": {"title": "Survey", "prepared_by": "licensed_land_surveyor", "shows_property_size": True,
                         "zoning_district": "not_applicable", "shows_adjoining_record_owners": True,
                         "shows_abutting_streets": True, "shows_buildings_and_structures": True,
                         "new_structures": False},
            "facilities_plan": {"title": "Facilities plan", "prepared_by": "licensed_professional_engineer",
                                "to_scale": True},
            "parking_plan": {"title": "Parking layout", "to_scale": True, "shows_ingress_and_egress": True},
            "sound_equipment": [{"type": "loudspeaker", "number": 4, "location": "Stage"}],
            "food": {"intended": False},
            "security": {"engaged": True, "number": max(4, persons // 250), "duties": "Gates and crowd control",
                         "hours": "09:00-23:00", "areas": "Gates and parking"},
            "fire_protection": {"precautions": "Fire lanes kept open; extinguishers; fire department standby",
                                "plan": {"title": "Fire lanes", "to_scale": True, "shows_fire_lanes": True,
                                         "shows_water_supply": True}},
            "outdoor_lights_or_signs": {"used": False},
            "emergency_medical_facilities": "First-aid station by the main gate; ambulance on standby",
            "camping_or_housing": ({"available": True, "plan": {"title": "Camping area", "to_scale": True}}
                                   if multi else {"available": False}),
            "duration": f"{days} day(s), 10 a.m. to 10 p.m.",
            **({"housing_statement": "Camping for staff on the premises"} if multi else {}),
            "max_noise_decibels": "75",
        },
        "conditions": {
            "drinking_water": facility, "toilets": facility, "sewage": facility, "solid_waste": facility,
            "food_supply": facility, "parking": {**facility, "spaces": staffing["parking_spaces"] + 20},
            **({"housing": {**facility, "persons_housed": 100}} if multi else {}),
            "access_roads": facility,
            "medical": {**facility, "first_aid_station": True, "physicians_at_all_times": staffing["physicians"],
                        "registered_nurses_at_all_times": staffing["registered_nurses"]},
            "fire_protection": facility,
        },
    }


#: The demo assemblies: (name, purpose, activity, address, owner, tenant, days, persons, state, day offset).
#: For states before the assembly, the offset is the submission day relative to today (the business day on or
#: before it: the petition is filed with the Town Clerk's office when it is open); from ``assembly_held`` on, it is
#: the latest first day the assembly may have relative to today (an earlier one in its season when that day is
#: not in it). The offsets leave each state's last act on or before today. Every assembly is held in its season
#: (`SEASONS`) on a day of its own (`plan`).
EVENTS: tuple[tuple[Any, ...], ...] = (
    ("Putnam County Fair", "County fair", "Agricultural exhibits, livestock shows, midway and concerts",
     "Veterans Memorial Park, 201 Gipsy Trail Road, Carmel, NY 10512", "County of Putnam", None, 3, 4000,
     State.CLOSED, -45),
    ("Summer theatre under canvas", "Theatre performance", "A musical performed in a 540-seat tent",
     "100 Example Farm Road, Carmel, NY 10512 (hypothetical)", "Example Farm LLC",
     "Green Acres Tenant Farming Co.", 1, 540, State.ISSUED, -30),
    ("Lake Gleneida Music Festival", "Music festival", "Two stages of folk and rock bands",
     "Lake Gleneida shore lot, Carmel, NY 10512 (hypothetical)", "Gleneida Holdings LLC", None, 2, 2500,
     State.HEARING_SCHEDULED, -12),
    ("Mahopac Fall Harvest Festival", "Harvest festival", "Farm stands, hayrides and a pumpkin contest",
     "Sycamore Park fields, Mahopac, NY 10541 (hypothetical)", "Town of Carmel", None, 2, 1800,
     State.APPROVED, -26),
    ("Carmel Classic Car Show", "Car show", "Display of classic cars and judging",
     "Fairgrounds lot, Route 52, Carmel, NY 10512 (hypothetical)", "Route 52 Realty Corp.", None, 1, 900,
     State.SUBMITTED, -3),
    ("Putnam Drone Racing Championship", "Sports event", "Drone races over a closed course",
     "Airfield Road field, Carmel, NY 10512 (hypothetical)", "Airfield Road LLC", None, 1, 1200,
     State.DENIED, -25),
    ("Midnight Rock Marathon", "Music festival", "Rock bands from noon to midnight",
     "Hilltop meadow, Carmel, NY 10512 (hypothetical)", "Hilltop Farms Inc.", None, 1, 3000,
     State.REVOKED, -35),
    ("Lakeside Food Truck Rally", "Food festival", "Forty food trucks and live music",
     "Lakeside lot, Mahopac, NY 10541 (hypothetical)", "Lakeside Plaza LLC", None, 1, 1500,
     State.DRAFT, 0),
    ("Regional Scout Jamboree Open Day", "Open day", "Demonstrations and games",
     "Camp field, Kent Cliffs Road, Carmel, NY 10512 (hypothetical)", "Camp Field Trust", None, 1, 700,
     State.INCOMPLETE, -6),
    ("Carmel Fourth of July Fireworks Viewing", "Fireworks viewing", "Viewing of the town fireworks",
     "Lake shore lawn, Carmel, NY 10512 (hypothetical)", "Shore Lawn LLC", None, 1, 2200,
     State.AMENDED, -8),
    ("Putnam Craft Beer Festival", "Beer festival", "Tasting of regional breweries",
     "Brewery field, Carmel, NY 10512 (hypothetical)", "Brewery Field LLC", None, 1, 1100,
     State.ACCEPTED, -10),
    ("Putnam Bluegrass Weekend", "Music festival", "Bluegrass bands over a weekend",
     "Meadow Farm, Carmel, NY 10512 (hypothetical)", "Meadow Farm LLC", None, 2, 1600,
     State.HEARING_HELD, -36),
    ("Hudson Valley Marathon Finish Festival", "Sports event", "Finish line festival of a marathon",
     "Finish field, Carmel, NY 10512 (hypothetical)", "Finish Field Corp.", None, 1, 2600,
     State.ASSEMBLY_HELD, -3),
    ("Carmel Renaissance Faire", "Festival", "Jousting, crafts and theatre",
     "Faire grounds, Carmel, NY 10512 (hypothetical)", "Faire Grounds LLC", None, 2, 3500,
     State.CLEANUP_INSPECTED, -10),
    ("Lake Mahopac Triathlon Expo", "Sports event", "Triathlon and expo",
     "Lake Mahopac beach lot, Mahopac, NY 10541 (hypothetical)", "Beach Lot LLC", None, 1, 1300,
     State.BOND_RELEASED, -20),
    ("Carmel Motocross Open", "Sports event", "Motocross races",
     "Quarry track, Carmel, NY 10512 (hypothetical)", "Quarry Track Inc.", None, 1, 1400,
     State.BOND_FORFEITED, -25),
    ("Putnam Balloon Festival", "Festival", "Hot-air balloon launches",
     "Balloon field, Carmel, NY 10512 (hypothetical)", "Balloon Field LLC", None, 1, 2000,
     State.WITHDRAWN, -8),
    ("Kent Lakes Regatta Day", "Regatta", "Rowing and sailing races with a lakeside fair",
     "Kent Lakes shore lot, Carmel, NY 10512 (hypothetical)", "Kent Lakes Shore LLC", None, 1, 1000,
     State.HEARING_SCHEDULED, -2),
)
#: Demo assemblies whose hearing is scheduled and whose notice is not yet published: the Clerk scheduled the
#: hearing the day after the submission, the newspaper prints the notice made from it, and the Clerk records
#: its publication later (`services.record_notice_published`, interpretation G-10).
NOTICE_TO_COME = frozenset({"Kent Lakes Regatta Day"})
_AFTER = (State.ASSEMBLY_HELD, State.CLEANUP_INSPECTED, State.BOND_RELEASED, State.BOND_FORFEITED, State.CLOSED)
#: Days from submission to the first day of the assembly (the petition is filed well over 60 days ahead).
LEAD_DAYS = 75


#: The weekday of a weekend's first day (`Season.weekday`): Friday for three days, Saturday for two or one.
FRIDAY, SATURDAY = 4, 5


@dataclass(frozen=True)
class Season:
    """A part of the year an assembly is held in, from `start` to `end` (month, day), both included, within one
    calendar year (no season runs over New Year). `lead` is the days from the petition's submission to the
    earliest first day the demo takes: `LEAD_DAYS`, or 0 for a day of its own (the Fourth of July), then held the
    first year for which the petition is filed in time (¶ B). Either way the petition is filed at least the days of
    ¶ B before the first day (`first_day_in_season`). `weekday` (Monday 0 … Sunday 6), when given, is the only
    weekday the assembly opens on: a weekend's Saturday (`SATURDAY`) for two days, Friday (`FRIDAY`) for three."""

    start: tuple[int, int]
    end: tuple[int, int]
    lead: int = LEAD_DAYS
    weekday: int | None = None

    def __post_init__(self) -> None:
        if date(2000, *self.start) > date(2000, *self.end):
            raise ValueError(f"a season runs from its start to its end within a year: {self.start} > {self.end}")
        if self.weekday is not None and self.weekday not in range(7):
            raise ValueError(f"a season's weekday is 0 (Monday) to 6 (Sunday), not {self.weekday}")

    def holds(self, first: date, last: date) -> bool:
        """Whether an assembly from `first` to `last` is held within one season of a year (every day in it)."""
        return (first.year == last.year and date(first.year, *self.start) <= first
                and last <= date(last.year, *self.end))

    def opens(self, first: date, days: int) -> bool:
        """Whether an assembly of `days` days may open on `first`: all its days in the season, and on the
        season's weekday when it has one."""
        return (self.holds(first, first + timedelta(days=days - 1))
                and (self.weekday is None or first.weekday() == self.weekday))

    def check(self, days: int) -> None:
        """Refuse (`ValueError`) an assembly of `days` days that cannot open in the season every year: longer
        than the season, or, with a weekday, in a season shorter than a week and its days."""
        length = (date(2001, *self.end) - date(2001, *self.start)).days + 1
        needed = days + (6 if self.weekday is not None else 0)
        if length < needed:
            raise ValueError(f"an assembly of {days} days is not held within the season {self} every year")


#: Summer (June to August): a theatre under canvas, a regatta on the lakes.
SUMMER = Season((6, 1), (8, 31))
#: The harvest (September and October).
HARVEST = Season((9, 1), (10, 31))
#: The Fourth of July, a day of its own.
FOURTH_OF_JULY = Season((7, 4), (7, 4), lead=0)
#: The season of every demo assembly, by name, each with its own opening day (`plan`), so that the demo shows no
#: regatta on a frozen lake, no harvest festival in January and no triathlon held in November, whatever day it is
#: built. One not yet held (states before ``assembly_held``) is held on the first day of its season it can be
#: (`first_day_in_season`); one already held, in the most recent season in which its story (its cleanup, its bond,
#: its closing) is over by the day the demo is built (`last_day_in_season`). The Bluegrass Weekend opens on a
#: Saturday.
SEASONS: dict[str, Season] = {
    "Putnam County Fair": Season((7, 15), (8, 25)),
    "Summer theatre under canvas": SUMMER,
    "Lake Gleneida Music Festival": Season((7, 10), (8, 31)),
    "Mahopac Fall Harvest Festival": HARVEST,
    "Carmel Classic Car Show": Season((5, 16), (9, 30)),
    "Putnam Drone Racing Championship": Season((6, 6), (9, 30)),
    "Midnight Rock Marathon": Season((8, 1), (9, 15)),
    "Lakeside Food Truck Rally": Season((6, 13), (9, 15)),
    "Regional Scout Jamboree Open Day": Season((7, 18), (8, 22)),
    "Carmel Fourth of July Fireworks Viewing": FOURTH_OF_JULY,
    "Putnam Craft Beer Festival": Season((9, 12), (10, 17)),
    "Putnam Bluegrass Weekend": Season((6, 20), (8, 30), weekday=SATURDAY),
    "Hudson Valley Marathon Finish Festival": Season((9, 20), (10, 31)),
    "Carmel Renaissance Faire": Season((8, 1), (9, 30)),
    "Lake Mahopac Triathlon Expo": Season((6, 15), (8, 31)),
    "Carmel Motocross Open": Season((5, 1), (10, 15)),
    "Putnam Balloon Festival": Season((8, 15), (9, 30)),
    "Kent Lakes Regatta Day": Season((6, 27), (8, 29)),
}


def office_day(day: date) -> date:
    """The first day on or after `day` on which the Town's offices are open (`law.dates.next_business_day`: not a
    Saturday, a Sunday or a GCL § 24 public holiday): the day of an act of the Clerk, the Town Board, the Health
    Department or the Building Inspector."""
    return next_business_day(day)


def first_day_in_season(town: Town, season: Season, submitted: date, earliest: date, days: int = 1,
                        *, taken: Collection[date] = ()) -> date:
    """The first day on or after `earliest`, not in `taken` (another demo assembly's opening day), on which an
    assembly of `days` days opens within `season` (`Season.opens`: all its days in the same season of a year, on
    its weekday if it has one) and for which a petition submitted on `submitted` is filed in time (at least the
    days of ¶ B before it, the law core's `application_due`; a longer lead is lawful): this year's season when it
    is still to come, or next year's."""
    season.check(days)
    parameters = sv.parameter_set(town)
    year = earliest.year
    while True:
        day = max(earliest, date(year, *season.start))
        while season.holds(day, day + timedelta(days=days - 1)):
            if (season.opens(day, days) and day not in taken
                    and legal_deadlines.application_due(day, parameters.at(day)).date >= submitted):
                return day
            day += timedelta(days=1)
        year += 1


def last_day_in_season(season: Season, latest: date, days: int = 1, *, taken: Collection[date] = ()) -> date:
    """The last day on or before `latest`, not in `taken`, on which an assembly of `days` days opens within
    `season` (`Season.opens`): this year's season when `latest` is in it or after it, or last year's."""
    season.check(days)
    year = latest.year
    while True:
        day = min(latest, date(year, *season.end) - timedelta(days=days - 1))
        while day >= date(year, *season.start):
            if season.opens(day, days) and day not in taken:
                return day
            day -= timedelta(days=1)
        year -= 1


def plan(town: Town, today: date) -> dict[str, Story]:
    """The days of every demo assembly's story (`Story`) built on `today`, by name; every assembly opens on a day
    of its own. An assembly already held (``assembly_held`` and after) is held in its season (`SEASONS`) on the
    last day it can open on or before `offset` days from today (`last_day_in_season`: its later acts, the last
    `offset` days' worth, come on or before today), its petition submitted `LEAD_DAYS` before (the business day on
    or before). One not yet held is submitted `offset` days from today (the business day on or before) and held in
    its season on the first day it can open on or after `LEAD_DAYS` later (`Season.lead`) with its petition in time
    (`first_day_in_season`). A draft's assembly is held on the first day of its season it can open on 120 days
    from today or later, its petition to be filed then `LEAD_DAYS` before. The assemblies choose their days in
    turn, the fewest days of season first (the Fourth of July's own day first), then in the order of `EVENTS`."""
    events = sorted(EVENTS, key=lambda e: (_season_days(SEASONS[e[0]]), EVENTS.index(e)))
    taken: set[date] = set()
    stories: dict[str, Story] = {}
    for name, *_, days, _persons, state, offset in events:
        season = SEASONS[name]
        if state in _AFTER:
            first = last_day_in_season(season, today + timedelta(days=offset), days, taken=taken)
            submitted = preceding_business_day(first - timedelta(days=LEAD_DAYS))
        elif state == State.DRAFT:  # (filed today, the petition would be in time)
            first = first_day_in_season(town, season, today, today + timedelta(days=120), days, taken=taken)
            submitted = first - timedelta(days=LEAD_DAYS)
        else:
            submitted = preceding_business_day(today + timedelta(days=offset))
            first = first_day_in_season(town, season, submitted, submitted + timedelta(days=season.lead), days,
                                        taken=taken)
        taken.add(first)
        stories[name] = Story(submitted, first, days)
    return {event[0]: stories[event[0]] for event in EVENTS}


def _season_days(season: Season) -> int:
    return (date(2001, *season.end) - date(2001, *season.start)).days + 1


class _Builder:
    """Brings one demo application to its state through the services, with dates from its submission."""

    def __init__(self, town: Town, users: dict[str, User]) -> None:
        self.town = town
        u = {role: users[username("carmel", role)] for role in Role.values}
        self.applicant, self.clerk, self.board = u[Role.APPLICANT], u[Role.TOWN_CLERK], u[Role.TOWN_BOARD_MEMBER]
        self.health, self.inspector = u[Role.HEALTH_DEPARTMENT_REVIEWER], u[Role.BUILDING_INSPECTOR]

    def build(self, event: tuple[Any, ...], story: Story, today: date) -> PermitApplication:
        """The demo application `event` (a row of `EVENTS`) brought to its state as of `today`, on the days of
        `story` (its submission, its assembly's first day and length: `plan`)."""
        name, purpose, activity, address, owner, tenant, days, persons, state, _offset = event
        facts = _facts(name, purpose, activity, address, owner, story.first, days, persons, tenant=tenant)
        app = sv.create_draft(self.applicant, self.town, facts, reason=history_words.DEMO_APPLICATION())
        steps = self._steps(app, state, story, tenant, today, notice_to_come=name in NOTICE_TO_COME)
        for step in steps:
            step()
        app.refresh_from_db()
        return app

    def _steps(self, app: PermitApplication, state: str, d: Story, tenant: str | None, today: date,
               *, notice_to_come: bool = False) -> list[Callable[[], Any]]:
        s = d.submitted
        order: list[tuple[str, Callable[[], Any]]] = [
            ("submitted", lambda: sv.submit(self.applicant, app, today=s,
                                            verification_statement="Verified before a notary public.")),
            ("incomplete", lambda: sv.mark_incomplete(self.clerk, app, today=s, missing_items=[
                "the parking plan does not show the ingress from the county road"])),
            ("amended", lambda: sv.amend(self.applicant, app, app.facts, reason="parking plan redrawn")),
            ("accepted", lambda: sv.accept(self.clerk, app, today=s)),
            ("hearing_scheduled", lambda: sv.schedule_hearing(
                self.clerk, app, hearing_on=d.hearing, place="Carmel Town Hall, 60 McAlpin Avenue, Mahopac",
                notice_published_on=None if notice_to_come else d.notice, newspaper="Putnam County Courier",
                today=s if notice_to_come else d.notice)),
            ("hearing_held", lambda: sv.record_hearing_held(self.clerk, app, today=d.hearing)),
            ("decision", lambda: self._decide(app, state, d.decided)),
            ("preconditions", lambda: self._preconditions(app, d, tenant)),
            ("issued", lambda: sv.issue(self.clerk, app, today=d.issued)),
            ("revoked", lambda: sv.revoke(self.board, app, grounds=["setup_cannot_be_accomplished_in_time"],
                                          reason="The stages could not be set up by the date of the assembly",
                                          today=d.revoked)),
            ("assembly_held", lambda: sv.record_assembly_held(self.clerk, app, ended_on=d.end, today=today)),
            ("cleanup_inspected", lambda: self._inspect(app, state, d)),
            ("bond", lambda: self._bond(app, state, d)),
            ("closed", lambda: sv.close(self.clerk, app, today=d.closed(state))),
        ]
        path = {
            State.DRAFT: [], State.SUBMITTED: ["submitted"], State.INCOMPLETE: ["submitted", "incomplete"],
            State.AMENDED: ["submitted", "incomplete", "amended"], State.ACCEPTED: ["submitted", "accepted"],
            State.WITHDRAWN: ["submitted", "accepted"],
        }
        pre_decision = ["submitted", "accepted", "hearing_scheduled", "hearing_held"]
        path[State.HEARING_SCHEDULED] = pre_decision[:3]
        path[State.HEARING_HELD] = pre_decision
        path[State.DENIED] = [*pre_decision, "decision"]
        path[State.APPROVED] = [*pre_decision, "decision", "preconditions"]
        path[State.ISSUED] = [*path[State.APPROVED], "issued"]
        path[State.REVOKED] = [*path[State.ISSUED], "revoked"]
        path[State.ASSEMBLY_HELD] = [*path[State.ISSUED], "assembly_held"]
        path[State.CLEANUP_INSPECTED] = [*path[State.ASSEMBLY_HELD], "cleanup_inspected"]
        path[State.BOND_RELEASED] = [*path[State.CLEANUP_INSPECTED], "bond"]
        path[State.BOND_FORFEITED] = path[State.BOND_RELEASED]
        path[State.CLOSED] = [*path[State.BOND_RELEASED], "closed"]
        wanted = path[State(state)]
        steps = [fn for key, fn in order if key in wanted]
        if state == State.WITHDRAWN:
            steps.append(lambda: sv.withdraw(self.applicant, app, today=d.withdrawn,
                                             reason="The sponsor cancelled the festival"))
        return steps

    def _decide(self, app: PermitApplication, state: str, on: date) -> None:
        if state == State.DENIED:
            sv.deny(self.board, app, decided_on=on, reasons="The site cannot hold the parking required by "
                                                            "¶ C(6) and the noise would exceed what the "
                                                            "neighbourhood can bear")
        else:
            sv.approve(self.board, app, decided_on=on, bond_amount="10000.00", bodily_injury_limit="500000",
                       conditions=["Amplified sound ends at 10 p.m.", "Parking attendants at every entrance"],
                       today=on)

    def _doc(self, app: PermitApplication, kind: str) -> Any:
        return sv.attach_document(self.clerk, app, kind=kind, filename=f"{kind.replace(' ', '-')}.pdf",
                                  content=_PDF)

    def _preconditions(self, app: PermitApplication, d: Story, tenant: str | None) -> None:
        """The written approvals of ¶ C, the authorizations of ¶ D and the insurance certificate of ¶ E, all given
        on the business day before the hearing; the bond posted with the Clerk on the day the Town Board fixed its
        amount (its decision: ¶ F, P-14); the filing fee paid with the petition."""
        on = d.records
        hd, tb = self._doc(app, "Health Department approval"), self._doc(app, "Town Board resolution")
        for n in range(1, 11):
            if n == 7 and not (app.facts.get("conditions") or {}).get("housing"):
                continue
            sv.record_approval(self.health, app, condition=n, agency="health_department", approved_on=on,
                               document=hd, today=d.decided)
            sv.record_approval(self.board, app, condition=n, agency="town_board", approved_on=on, document=tb,
                               today=d.decided)
        owner = app.facts["properties"][0]["record_owner"]
        sv.record_authorization(self.clerk, app, party="owner", name=owner, given_on=on,
                                document=self._doc(app, "owner's authorization to inspect"), today=d.decided)
        if tenant:
            sv.record_authorization(self.clerk, app, party="tenant", name=tenant, given_on=on,
                                    document=self._doc(app, "tenant's authorization to inspect"), today=d.decided)
        sv.record_insurance(self.clerk, app, insurer="Hudson Mutual Insurance Co.", policy_number=f"HM-{app.pk:05d}",
                            bodily_injury_limit="1000000", property_damage_limit="500000",
                            cancellation_notice_days=30, document=self._doc(app, "insurance certificate"), today=on)
        sv.post_bond(self.clerk, app, amount="10000.00", posted_on=d.decided, surety="Empire State Surety Co.",
                     today=d.decided)
        fee = sv.fee_due(app) or Decimal("250.00")
        sv.record_fee_payment(self.clerk, app, amount=fee, paid_on=d.submitted, receipt=f"R-{app.pk:05d}",
                              today=d.decided)
        app.refresh_from_db()

    def _inspect(self, app: PermitApplication, state: str, d: Story) -> None:
        if state == State.BOND_FORFEITED:  # (after ¶ F's last day, the waste still there)
            sv.record_cleanup_inspection(self.inspector, app, inspected_on=d.inspected(state), result="incomplete",
                                         today=d.inspected(state))
        else:
            sv.record_cleanup_inspection(self.inspector, app, inspected_on=d.inspected(state), result="complete",
                                         completed_on=d.cleaned, today=d.inspected(state))

    def _bond(self, app: PermitApplication, state: str, d: Story) -> None:
        on = d.bond_settled(state)
        if state == State.BOND_FORFEITED:
            sv.forfeit_bond(self.board, app, reason="Trash and broken fencing left on the premises after the "
                                                     "five days of ¶ F", forfeited_on=on, today=on)
        else:
            sv.release_bond(self.board, app, released_on=on, today=on)


@dataclass(frozen=True)
class Story:
    """The days of one demo application's story, each act after the one it follows and each act of the Town's
    officials on a business day (`office_day`): counted from the petition's submission (`submitted`, a business
    day) and the assembly's first day and length."""

    submitted: date
    first: date
    days: int

    @property
    def hearing(self) -> date:
        """The public hearing, 15 days after the submission or the next business day (a Sunday or a holiday is
        refused, P-8; the demo's Board sits on weekdays)."""
        return office_day(self.submitted + timedelta(days=15))

    @property
    def notice(self) -> date:
        """The notice published in the official newspaper: the last business day at least 10 days before the
        hearing (¶ B)."""
        return preceding_business_day(self.hearing - timedelta(days=10))

    @property
    def records(self) -> date:
        """The written approvals, authorizations and insurance certificate: the business day before the hearing."""
        return preceding_business_day(self.hearing - timedelta(days=1))

    @property
    def decided(self) -> date:
        """The Town Board's decision (and the bond it fixes, posted that day): two days after the hearing or the
        next business day, well within its 30 days (¶ B)."""
        return office_day(self.hearing + timedelta(days=2))

    @property
    def issued(self) -> date:
        return office_day(self.decided + timedelta(days=3))

    @property
    def revoked(self) -> date:
        return office_day(self.issued + timedelta(days=3))

    @property
    def withdrawn(self) -> date:
        return office_day(self.submitted + timedelta(days=4))

    @property
    def end(self) -> date:
        """The assembly's last day (it ends then: ¶ F's days run from it)."""
        return self.first + timedelta(days=self.days - 1)

    @property
    def cleaned(self) -> date:
        """The waste completely removed: two days after the assembly ended (within ¶ F's five)."""
        return self.end + timedelta(days=2)

    def inspected(self, state: str) -> date:
        """The cleanup inspection: three days after the end; for the bond forfeited, nine (after ¶ F's last day,
        even when a weekend and a holiday carry it three days on: GCL § 25-a)."""
        return office_day(self.end + timedelta(days=9 if state == State.BOND_FORFEITED else 3))

    def bond_settled(self, state: str) -> date:
        """The Town Board's release or forfeiture of the bond, at a meeting five days after the inspection."""
        return office_day(self.inspected(state) + timedelta(days=5))

    def closed(self, state: str) -> date:
        """The Clerk closes the case three days after the Board acted on the bond."""
        return office_day(self.bond_settled(state) + timedelta(days=3))


def _demo_apps(town: Town) -> Any:
    return PermitApplication.objects.for_town(town).filter(applicant__username=username("carmel", Role.APPLICANT))


def _delete(town: Town) -> int:
    apps = list(_demo_apps(town))
    for model in (Approval, Authorization, InsuranceCertificate, Bond):
        model.objects.filter(application__in=apps).delete()
    folder = sv.documents_dir()
    for app in apps:
        for doc in app.documents.all():
            stored_files.delete_on_commit(folder / doc.storage_name)  # (kept if the reset is rolled back: D-12)
        app.delete()
    return len(apps)


def load(*, reset: bool = False, today: date | None = None) -> DemoResult:
    """Create (or with `reset`, rebuild) the demo. Returns what was done; idempotent without `reset`. All or
    nothing: a load that fails leaves neither records nor the files of the documents it attached (D-12)."""
    try:
        return _load(reset=reset, today=today or timezone.localdate())
    finally:
        stored_files.discard_unrecorded()


def _load(*, reset: bool, today: date) -> DemoResult:
    result = DemoResult()
    with transaction.atomic():
        towns = {slug: Town.objects.for_jurisdiction(alias) for slug, alias in TOWNS.items()}
        users = _users(towns, result)
        carmel = towns["carmel"]
        clerk = users[username("carmel", Role.TOWN_CLERK)]
        for year in (today.year - 1, today.year, today.year + 1):
            if not FeeSchedule.objects.for_town(carmel).filter(year=year).exists():
                # (the Town Board's resolution: on a business day, the first on or after 6 January, or today's
                # or the last before it when that day is still to come)
                sv.set_fee_schedule(clerk, carmel, year=year, amount="250.00",
                                    resolution_date=preceding_business_day(min(office_day(date(year, 1, 6)), today)),
                                    reason=history_words.DEMO_FEE_SCHEDULE(), today=today)
        if reset:
            removed = _delete(carmel)
            result.notes.append(f"removed {removed} demo permit applications")
        if _demo_apps(carmel).exists():
            result.notes.append("the demo permit applications are already there (use --reset to rebuild them)")
        else:
            builder, stories = _Builder(carmel, users), plan(carmel, today)
            for event in EVENTS:
                builder.build(event, stories[event[0]], today)
            result.created = True
        for app in _demo_apps(carmel).order_by("pk"):
            result.applications[app.name] = app.state
        by_alias = {TOWNS[slug]: town for slug, town in towns.items()}
        by_town = {TOWNS[slug]: {role: users[username(slug, role)] for role in Role.values} for slug in TOWNS}
        result.notes += _other_demos(by_alias, by_town)
    return result


def _other_demos(towns: dict[str, Town], users: dict[str, dict[str, User]]) -> list[str]:
    """Run the places-of-assembly and enforcement demos; `users`: town alias → role → User, each town's own demo
    users (Mount Pleasant's venues by Mount Pleasant's officials, each town's enforcement cases by its own).
    Returns one line for each, saying what it holds and whether this run made it (run again, it adds nothing)."""
    from publicassembly.enforcement import demo as enforcement_demo
    from publicassembly.enforcement.models import Violation
    from publicassembly.venues import demo as venues_demo
    from publicassembly.venues.models import Venue

    mp = towns["mount-pleasant-ny"]
    venues_before, violations_before = Venue.objects.for_town(mp).count(), Violation.objects.count()
    venues_demo.load(mp, users["mount-pleasant-ny"])
    enforcement_demo.load(towns, users)
    venues_now, violations_now = Venue.objects.for_town(mp).count(), Violation.objects.count()

    def made(before: int, now: int) -> str:
        return f"{now - before} created" if now > before else "already there"

    return [f"Mount Pleasant places of assembly: {venues_now} ({made(venues_before, venues_now)})",
            f"enforcement cases (violations, both towns): {violations_now} ({made(violations_before, violations_now)})"]
