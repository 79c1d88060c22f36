"""The facts of a venue under Mount Pleasant Code ch. 164: its spaces, the gathering, a certificate, an
inspection and a violation (pydantic v2 models; unknown fields are refused)."""

import re
from decimal import Decimal
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from publicassembly.law.errors import FactError, FactErrors
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.names import SpaceNames, same_name
from publicassembly.law.messages import Message, _, join
from publicassembly.law.units import (
    MAX_ITEMS,
    Count,
    HappenedDate,
    InvalidNumber,
    Name,
    Text,
    WholeNumber,
    area_sq_ft,
    as_written,
    to_decimal,
)

#: The use groups of § 164-7 and the open-air area of § 164-8 (ids fixed for the whole project).
USE_GROUPS: tuple[str, ...] = (
    "assembly_fixed_seats", "assembly_without_fixed_seats", "business", "courtroom", "dance_hall_lodge_room",
    "hotel_lodging_house", "institutional", "mercantile_first_floor", "mercantile_basement_sales_floor",
    "mercantile_other_floors", "school", "storage", "bowling_alley", "open_air",
)

UseGroup = Literal[
    "assembly_fixed_seats", "assembly_without_fixed_seats", "business", "courtroom", "dance_hall_lodge_room",
    "hotel_lodging_house", "institutional", "mercantile_first_floor", "mercantile_basement_sales_floor",
    "mercantile_other_floors", "school", "storage", "bowling_alley", "open_air",
]

#: Officers named by § 164-12 (who may enforce the article).
OfficerKind = Literal["building_inspector", "fire_district_inspector", "town_fire_marshal", "police_officer"]
OFFICER_KINDS: tuple[str, ...] = ("building_inspector", "fire_district_inspector", "town_fire_marshal",
                                  "police_officer")

#: Sections of the article whose requirements a person can violate (§ 164-14 "any of the requirements").
VIOLABLE_SECTIONS: tuple[str, ...] = ("164-2", "164-3", "164-5", "164-6", "164-7", "164-8", "164-9",
                                      "164-10", "164-11")

#: The officials' duties in those sections, which no person violates (interpretation W-19): the Fire or Police
#: Department's stopping of the performance (§ 164-5, second sentence; the conditions it is stopped for are
#: recorded under their own rules: overcrowding, § 164-5, blocked exits, § 164-10, access to exits, § 164-11) and the
#: Building Inspector's prescribing of the number and issuing of the certificate (§ 164-9); and the exception of
#: § 164-3 for a place used solely for religious worship as he approved, which states no requirement.
NOT_A_PERSONS_REQUIREMENT: frozenset[str] = frozenset({
    "mount-pleasant/164-3/religious-worship-exception", "mount-pleasant/164-5/stop-performance",
    "mount-pleasant/164-9/certificate-lawful-occupancy",
})
#: The rules of those sections a violation is recorded under, in the chapter's order: each requirement of §§ 164-2
#: to 164-11 that a person (owner, lessee, sponsor, person in charge) can violate, not `NOT_A_PERSONS_REQUIREMENT`.
#: `tests/law/mount_pleasant` holds it to the rule book.
VIOLABLE_RULES: tuple[str, ...] = (
    "mount-pleasant/164-2/fire-exits", "mount-pleasant/164-3/certificate", "mount-pleasant/164-5/overcrowding",
    "mount-pleasant/164-6/toilets", "mount-pleasant/164-7/occupant-load", "mount-pleasant/164-8/open-air",
    "mount-pleasant/164-9/sign", "mount-pleasant/164-9/certificate-on-premises",
    "mount-pleasant/164-10/exits-not-blocked", "mount-pleasant/164-11/exit-access",
)
RULE_ID_PREFIX = "mount-pleasant/"

_SECTION = re.compile(r"164-(\d+)")


def may_have_no_floor_area(use_group: str) -> bool:
    """Whether a room or area of `use_group` may be recorded with a floor area of 0 square feet: only a bowling
    alley, whose area is the additional area beyond its alleys and their runways (§ 164-7: it may be none). Any
    other room or area of no floor area is no room: it holds no one (§§ 164-7, 164-8) and its sign (§ 164-9)
    would state 0 — refused wherever a space is given (a case file, `batch`, the workflow and the API, a
    certificate read from JSON; interpretations M-31, D-8)."""
    return use_group == "bowling_alley"


def no_floor_area(given: object) -> Message:
    """What a room or area of floor area 0 (other than a bowling alley's additional area) is told, naming the
    value as written (`given`: ``0``, ``-0.0``): the area must be more than 0 sq ft (interpretation M-31)."""
    return _("must be more than 0 sq ft: a room or area of no floor area holds no one (§§ 164-7, 164-8) and its "
             "sign (§ 164-9) would state 0; only a bowling alley's additional area (beyond its alleys and their "
             "runways) may be 0 (got {given})", given=given)


def _some(names: set[str], shown: int = 10) -> Message:
    """The first `shown` names in order, then "…" when there are more: an error lists the spaces a name could
    have meant without quoting a venue of thousands of rooms."""
    first = sorted(names)
    return join([*first[:shown], "…"] if len(first) > shown else first)


def _empty() -> list[Any]:
    """A new empty list, the default of a list field. The same as ``default_factory=list``, but pydantic reads
    the signature of the factory, and reading a built-in's signature runs `tokenize`, whose regular expression
    is compiled on first use: about 1.5 ms of every command's start-up."""
    return []


class _Facts(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Space(_Facts):
    """A room or space of the place (an open-air area is a space of use group ``open_air``).

    - ``area`` with ``area_unit`` (``sq_ft`` or ``sq_m``): the floor area; for ``bowling_alley`` the
      additional area beyond the alleys and their 15 feet of runway (§ 164-7)
    - ``alleys``: the number of bowling alleys (only for ``bowling_alley``)
    - ``story``: the story the space is on (informational: § 164-4 joins rooms on any story)
    - ``connects_with``: names of similarly occupied spaces this one connects with (§ 164-4), each in any
      letter case or spacing ("main hall" names the space "Main Hall": interpretation M-27)
    - ``common_entrance``: whether its entrance is common with the spaces it connects with
    - ``attendance``: the number of persons the space is used for (the gathering it holds), if stated
    - ``used_solely_for_religious_worship``: the space is used solely as a place of religious worship (§ 164-3)
    """

    name: Name
    use_group: UseGroup
    area_unit: Literal["sq_ft", "sq_m"] = "sq_ft"  # before `area`, whose check reads it
    area: Decimal | None = None
    alleys: Count | None = None
    story: WholeNumber | None = None
    connects_with: list[Text] = Field(default_factory=_empty, max_length=MAX_ITEMS)
    common_entrance: bool | None = None
    attendance: Count | None = None
    used_solely_for_religious_worship: bool = False

    @field_validator("area", mode="before")
    @classmethod
    def _area(cls, value: object, info: ValidationInfo) -> Decimal | None:
        """A finite decimal, not negative, and no larger than any room or site (`units.MAX_AREA_SQ_FT` in its
        unit): refused here, naming ``area``, rather than when the occupant load is computed."""
        if value is None:
            return None
        # (refused negative or too large quoting the value as written, `units.as_written`: -1.5e3, not -1500)
        area_sq_ft(value, info.data.get("area_unit", "sq_ft"), "area")
        area = to_decimal(value, "area")
        group = info.data.get("use_group")  # (None when refused: then the use group alone is told)
        if area == 0 and group is not None and not may_have_no_floor_area(group):
            raise InvalidNumber("area", no_floor_area(as_written(value)))  # (M-31: a room of no floor area)
        return area

    @model_validator(mode="after")
    def _alleys(self) -> Self:
        if self.alleys is not None and self.use_group != "bowling_alley":
            raise ValueError(_("space {name!r}: only a space of use group bowling_alley has alleys",
                               name=self.name))
        return self

    @property
    def area_sq_ft(self) -> Decimal | None:
        """The area in square feet (exact conversion of square metres), or None when not given."""
        return None if self.area is None else area_sq_ft(self.area, self.area_unit, "area")


class Certificate(_Facts):
    """The Building Inspector's certificate (§§ 164-3, 164-9): number, date of issue, lawful occupancy stated;
    ``spaces``: the number it states for each room or area (its sign's), by the room's name (read in any letter
    case or spacing, M-27) — a room it does not name, or one no longer the place's, is left out."""

    number: Text | None = None
    issued: HappenedDate | None = None
    lawful_occupancy: Count | None = None
    spaces: dict[Name, Count] | None = Field(None, max_length=MAX_ITEMS)


#: Why a certificate issued is no longer in force, as the Town's record says (interpretation W-5): ``stale``, made
#: so by a change of the place's rooms or areas since it was issued; ``revoked`` by the Building Inspector.
FORMER_CERTIFICATE_STATUSES: tuple[str, ...] = ("stale", "revoked")


class FormerCertificate(Certificate):
    """The last certificate the Building Inspector issued for the place when none is in force (interpretation
    M-29): its facts as a certificate's, and ``status``, why it is no longer in force, when the record says:
    ``stale`` (a room or area changed since it was issued) or ``revoked``."""

    status: Literal["stale", "revoked"] | None = None


class SignInspection(_Facts):
    """What an inspection saw of the occupancy sign of one room or area (§ 164-9); ``room``: the space's name, in
    any letter case or spacing (M-27)."""

    room: Name
    posted: bool | None = None
    states: Count | None = None
    conforms_to_specification: bool | None = None


class Inspection(_Facts):
    """What an inspecting officer found at a gathering (§§ 164-2, 164-5, 164-9, 164-10, 164-11, 164-13).

    ``persons_present``: persons counted at the gathering; ``egress_obstructed``: aisles, passageways or other
    means of egress obstructed; ``serious_menace``: a condition constituting a serious menace to life and
    safety; ``corrected``: whether the violations found were corrected forthwith."""

    date: HappenedDate | None = None
    officer: OfficerKind | None = None
    persons_present: Count | None = None
    fire_exits_designated: bool | None = None
    fire_exits_comply_with_uniform_code: bool | None = None
    exits_blocked: bool | None = None
    exit_access_clear: bool | None = None
    egress_obstructed: bool | None = None
    serious_menace: bool | None = None
    certificate_on_premises: bool | None = None
    signs: list[SignInspection] = Field(default_factory=_empty, max_length=MAX_ITEMS)
    corrected: bool | None = None


class Violation(_Facts):
    """A violation of the article by one person (§§ 164-12, 164-14).

    - ``rule``: the rule id or section violated (e.g. ``mount-pleasant/164-10/exits-not-blocked``, ``164-10``
      or ``§ 164-10``); normalised to the section number ``164-N``
    - ``prior_offenses``: the offender's earlier offenses against this article (the offense number is this + 1)
    - ``observed_by`` and ``in_presence``: the officer and whether the violation occurred in his presence
    """

    rule: Text
    offender: Name
    prior_offenses: Count
    date: HappenedDate
    observed_by: OfficerKind | None = None
    in_presence: bool | None = None

    @classmethod
    def allowed_when_missing(cls, field: str) -> Message | None:
        """What `field`, left out, takes (`cases.invalid_from`: "is required; allowed: …"), or None: the rule, the
        requirements of ch. 164 a person can violate (`VIOLABLE_RULES`, the jurisdiction's ``violable_rules``,
        W-19), as a rule refused lists them."""
        if field == "rule":
            return _("the section of a requirement of ch. 164 a person can violate (§ 164-14), one of {sections}; "
                     "or one of the rule ids {rules}", sections=join(VIOLABLE_SECTIONS), rules=join(VIOLABLE_RULES))
        return None

    @field_validator("rule")
    @classmethod
    def _rule(cls, value: str) -> str:
        # A rule id is one of `VIOLABLE_RULES` exactly; a section (``164-10``, ``§ 164-10``) one of
        # `VIOLABLE_SECTIONS`. Refused, both lists are given: every one listed is taken.
        match = _SECTION.search(value)
        section = f"164-{match.group(1)}" if match else ""
        is_id = value.strip().casefold().startswith(RULE_ID_PREFIX)
        if (value.strip() not in VIOLABLE_RULES) if is_id else (section not in VIOLABLE_SECTIONS):
            raise ValueError(_("{value!r} is not a requirement of ch. 164 that can be violated; allowed "
                               "sections: {sections}; or one of the rule ids {rules}",
                               value=value, sections=join(VIOLABLE_SECTIONS), rules=join(VIOLABLE_RULES)))
        return value

    @property
    def section(self) -> str:
        """The section violated, ``164-N``."""
        match = _SECTION.search(self.rule)
        assert match is not None  # checked by the validator
        return f"164-{match.group(1)}"

    @property
    def offense_number(self) -> int:
        """1 for a first offense: prior offenses + 1 (§ 164-14)."""
        return self.prior_offenses + 1


class VenueCase(_Facts):
    """A place where the public gathers (subject ``venue``).

    - ``commercial``: a commercial (True) or noncommercial (False) place of assembly (§ 164-4)
    - ``spaces``: its rooms and areas (no two named alike: letter case and spacing aside, "Hall" and "hall " are
      one name; ``connects_with`` must name other spaces, and each of ``inspection.signs`` a space, each space
      once, a name in any letter case or spacing: interpretation M-27)
    - ``attendance``: persons at (or expected at) the gathering in the whole place
    - ``worship_use_approved_by_building_inspector``: the Building Inspector's approval of the use solely as a
      place of religious worship (§ 164-3)
    - ``toilets_provided``: toilets provided for the gathering (§ 164-6)
    - ``certificate``: the Building Inspector's certificate in force (§§ 164-3, 164-9); ``former_certificate``:
      when none is in force, the last one issued (made stale by a change of the rooms, or revoked: its
      ``status``): the approved number is never more than it stated (§ 164-5, interpretation M-29), and § 164-3's
      finding names it as the certificate no longer in force
    """

    name: Text | None = None
    address: Text | None = None
    commercial: bool | None = None
    spaces: list[Space] = Field(min_length=1, max_length=MAX_ITEMS)
    attendance: Count | None = None
    worship_use_approved_by_building_inspector: bool | None = None
    toilets_provided: Count | None = None
    certificate: Certificate | None = None
    former_certificate: FormerCertificate | None = None
    inspection: Inspection | None = None
    violation: Violation | None = None

    @model_validator(mode="after")
    def _together(self) -> Self:
        """The facts read together, every one refused at once in the order of the facts (`FactErrors`): the
        spaces' own names, the rooms their connections and the inspection's signs name, then the persons the rooms
        state against the place's counts (`_counts_together`)."""
        refused: list[FactError] = []
        seen: set[str] = set()
        said: dict[str, str] = {}  # a name as it is read (`same_name`) → the first space's name
        for i, space in enumerate(self.spaces):
            if not space.name.strip():
                refused.append(FactError(f"spaces[{i}].name", _("a room or area needs a name (got only spaces)")))
                continue
            if space.name in seen:
                refused.append(FactError(f"spaces[{i}].name", _("two spaces are named {space_name!r}; each room "
                                                                "or area needs its own name",
                                                                space_name=space.name)))
                continue
            first = said.setdefault(same_name(space.name), space.name)
            if first != space.name:  # its sign (§ 164-9) would not tell the two rooms apart
                refused.append(FactError(f"spaces[{i}].name", _("{space_name!r} is the name of space {first!r} "
                                                                "written differently; each room or area needs "
                                                                "its own name", space_name=space.name,
                                                                first=first)))
            seen.add(space.name)
        # A room named by the case (a connection, a sign's room) is read as its name is read above (`same_name`,
        # interpretation M-27): "main hall" is the room "Main Hall", which no other room's name reads as.
        names = SpaceNames(s.name for s in self.spaces)
        for i, space in enumerate(self.spaces):
            unknown: set[str] = set()  # (a name of no room given twice in one list, "Nowhere" and "nowhere": once)
            for other in space.connects_with:
                rooms = names.named(other)
                if len(rooms) > 1:  # (a name two rooms read as: refused above, nothing more to say of it)
                    continue
                if not rooms:
                    if same_name(other) in unknown:
                        continue
                    unknown.add(same_name(other))
                    refused.append(FactError(f"spaces[{i}].connects_with", _(
                        "no space is named {other!r}; spaces: {spaces}", other=other, spaces=_some(seen))))
                elif rooms[0] == space.name:
                    refused.append(FactError(f"spaces[{i}].connects_with",
                                             _("a space cannot connect with itself")))
        if self.inspection is not None:
            signed: dict[str, str] = {}  # a space's name → its sign's room as the first sign of it names it
            for j, sign in enumerate(self.inspection.signs):
                rooms = names.named(sign.room)
                if len(rooms) > 1:  # (a name two rooms read as: refused above)
                    continue
                if not rooms:
                    refused.append(FactError(f"inspection.signs[{j}].room", _(
                        "no space is named {room!r}; spaces: {spaces}", room=sign.room, spaces=_some(seen))))
                elif rooms[0] in signed:  # (two signs of one room: which is the one the inspection saw?)
                    refused.append(FactError(f"inspection.signs[{j}].room", _(
                        "the sign of space {space_name!r} is given more than once ({rooms}); give it once",
                        space_name=rooms[0], rooms=f"{signed[rooms[0]]!r}, {sign.room!r}")))
                else:
                    signed[rooms[0]] = sign.room
        refused += self._counts_together()
        FactErrors.check(refused)
        return self

    def _counts_together(self) -> list[FactError]:
        """The persons the rooms state in attendance are among those of the whole place (M-7): more in the rooms
        than the place's stated ``attendance``, or than the persons an inspection counted, contradict each other
        (which is the place's count is not known) — refused, as the workflow refuses an officer's counts."""
        in_rooms = sum(s.attendance for s in self.spaces if s.attendance is not None)
        refused: list[FactError] = []
        for field, count in (("attendance", self.attendance),
                             ("inspection.persons_present",
                              self.inspection.persons_present if self.inspection is not None else None)):
            if count is not None and in_rooms > count:
                refused.append(FactError(field, _(
                    "{count:,} is fewer than the {in_rooms:,} persons the rooms state in attendance "
                    "(spaces[].attendance): a room's persons are among the place's; correct one count or the "
                    "other", count=count, in_rooms=in_rooms)))
        return refused
