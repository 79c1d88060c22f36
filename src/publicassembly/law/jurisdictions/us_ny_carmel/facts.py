"""The facts of a Carmel ch. 31 case: one proposed (or held) assembly, its sponsor, applicant, properties, the
verified petition's items (1)-(15), the facilities of ¶ C, and the Town's own acts (filing, hearing, Board limits).

Every fact is optional unless the law cannot be applied without it being stated at all: a fact left out is
*absent* (the rule that needs it reports it missing); the string ``"not_applicable"`` marks a fact that does not
apply. Counts are non-negative integers, money is US dollars in whole cents, dates are ISO dates.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from publicassembly.law.errors import FactError, FactErrors
from publicassembly.law.messages import Message, _
from publicassembly.law.units import (
    MAX_COUNT,
    MAX_ITEMS,
    Age,
    CaseDate,
    Count,
    Decibels,
    HappenedDate,
    Money,
    PositiveCount,
    Text,
    given,
)

SponsorKind = Literal[
    "individual", "corporation", "parochial_school", "private_school", "public_school", "church",
    "veterans_organization", "civic_group", "other",
]
Preparer = Literal["licensed_land_surveyor", "licensed_professional_engineer", "other"]


class _Facts(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Sponsor(_Facts):
    """Who sponsors the assembly (exemptions ¶¶ A-D). ``sponsored``/``organized``/``authorized``: whether the
    body itself sponsors, organizes and authorizes the assembly (all three are needed for an exemption)."""

    name: Text | None = None
    kind: SponsorKind | None = None
    located_in_town: bool | None = Field(None, description="A school located within the Town of Carmel (¶ A).")
    established: bool | None = Field(
        None, description="A church that is an established church (¶ B), as the sponsor states: e.g. a religious "
                          "corporation with a standing congregation, not a body formed for the assembly. Not "
                          "stated: the exemption is not decided (interpretation C-14).")
    place_of_worship_in_town: bool | None = Field(
        None, description="A church maintaining a place of worship within the Town (¶ B).")
    chapter_in_town_since: HappenedDate | None = Field(
        None, description="Since when a chapter, post, lodge, camp or local organization has been maintained "
                          "within the Town (¶¶ C, D).")
    sponsored: bool | None = None
    organized: bool | None = None
    authorized: bool | None = None


class DirectorOrOfficer(_Facts):
    """A director or officer of a corporate applicant (¶ B(1))."""

    name: Text | None = None
    address: Text | None = None


class Agent(_Facts):
    """The agent of an applicant not residing in the Town, to accept notices and summonses (¶ B(1))."""

    name: Text | None = None
    address: Text | None = None
    natural_person: bool | None = None
    resides_in_putnam_county: bool | None = None
    place_of_business_in_putnam_county: bool | None = None
    verified_statement_accepting_service: bool | None = Field(
        None, description="Authorized to and agrees by verified statement to accept notices or summonses.")


class Applicant(_Facts):
    """The applicant (¶ B(1)). For a corporation, ``name`` is the corporation's name, ``age`` does not apply,
    ``residence_address`` is its office, and ``resides_in_town`` says whether that office is in the Town."""

    name: Text | None = None
    age: Age | None = None
    residence_address: Text | None = None
    resides_in_town: bool | None = None
    is_corporation: bool = False
    directors_and_officers: list[DirectorOrOfficer] | None = Field(
        None, max_length=MAX_ITEMS, description="Only for a corporation (is_corporation: true).")
    agent: Agent | None = None

    @model_validator(mode="after")
    def _officers_of_a_corporation(self) -> Applicant:
        # ¶ B(1) asks for the directors and officers of a corporation only: those of an individual would be
        # printed on a verified petition that does not ask for them, so the two facts disagree (interpretation
        # P-18); the applicant says which is true. An empty list states none and is taken.
        if self.directors_and_officers and not self.is_corporation:
            raise FactError("directors_and_officers", _(
                "directors and officers are named only when the applicant is a corporation (permit requirements ¶ B(1)); "
                "set is_corporation: true to keep them, or leave them out"))
        return self


class Property(_Facts):
    """A property on which the assembly or a portion of it takes place (¶ A, ¶ B(2), ¶ D)."""

    address: Text | None = None
    record_owner: Text | None = None
    applicant_interest: Text | None = Field(None, description="Nature and interest of the applicant in it.")
    max_persons_at_one_time: Count | None = None
    tenant_or_lessee: Text | None = Field(None, description="The owner's tenant or lessee, if any.")
    owner_authorization_to_inspect: bool | None = Field(
        None, description="The owner's written authorization for the Town to go upon the property (¶ D).")
    tenant_authorization_to_inspect: bool | None = None


#: A time written with colons in free text ("9:30", "22:00", "22:00:00"): hours, minutes and perhaps seconds, each
#: group of digits taken whole, so that "013:00", "7:5" and "10:00:99" are seen as written.
_CLOCK = re.compile(r"(?<![\d:])((\d+):(\d+)(?::(\d+))?)(?![\d:])")


#: A time of day as organizers write one (interpretation C-18): "20:00", "20.00" or "20:00:00" on the 24-hour
#: clock, or with a.m./p.m. ("8:00 p.m.", "8 pm", "8pm"), the words "noon" and "midnight" (also "12 noon",
#: "12:00 midnight"), or an hour alone ("8", "20"), read only beside a time in the 12-hour style (`_readings`).
#: Groups: noon, midnight, the hours, minutes and a/p of a written H:MM or H.MM, the hours and a/p of an hour
#: with a.m./p.m. and no minutes, and an hour alone.
_MERIDIEM = r"\s*([ap])\.?\s?m\b\.?"
_TWELVE = r"(?:12(?:[:.]00)?\s*|\b)"
_TIME = re.compile(rf"(?<![\d:.])(?:{_TWELVE}(noon)\b|{_TWELVE}(midnight)\b"
                   rf"|(\d{{1,2}})[:.](\d{{2}})(?::\d{{2}})?(?![\d:]|\.\d)(?:{_MERIDIEM})?"
                   rf"|(\d{{1,2}}){_MERIDIEM}|\b(\d{{1,2}})(?![\w:]|\.\d))",
                   re.IGNORECASE | re.ASCII)
#: What joins the two times of a range: a dash, "to", "until", "till", "through".
_BETWEEN = re.compile(r"\s*(?:-|\u2013|\u2014|to|until|till|through|thru)\s*", re.IGNORECASE)
#: A time with a.m. or p.m.: its hours must be 1 to 12.
_TIME_12 = re.compile(r"(?<![\d:])((\d+)(?::\d+(?::\d+)?)?\s*[ap]\.?\s?m\b\.?)", re.IGNORECASE | re.ASCII)
_MIDNIGHT = (0, 24 * 60)


def _twelve_hour(match: re.Match[str]) -> bool:
    """Whether the time `match` (of `_TIME`) is written in the 12-hour style: with a.m./p.m., "noon" or
    "midnight"."""
    return any(match.group(g) for g in (1, 2, 5, 7))


def _readings(match: re.Match[str], beside_twelve_hour: bool) -> tuple[int, ...]:
    """The times of day the time `match` (of `_TIME`) may be, as minutes after midnight, 0 to 1440 ("midnight":
    1440, the end of the day, as a range ending at it does not run past it; as a start it is read as 0 below).
    One reading, except for a time without a.m./p.m. whose hour is 1 to 12 beside a time in the 12-hour style
    (`beside_twelve_hour`: "8 - 11 pm", "10:00 - 2 am", "8 pm - 11"): it may be a.m. or p.m., both are given
    (8:00 and 20:00; "12" is 0:00 and 12:00). An hour alone ("8", "20") is read only beside such a time. None
    (empty) when it is no time of day (25:00, 9.75, "13 pm") or an hour alone is not so placed."""
    noon, midnight, hours, minutes, meridiem, bare_hours, bare_meridiem, hour_alone = match.groups()
    if noon:
        return (12 * 60,)
    if midnight:
        return (24 * 60,)
    if hour_alone is not None:
        if not beside_twelve_hour:
            return ()
        hours, minutes = hour_alone, "00"
    elif bare_hours is not None:
        hours, minutes, meridiem = bare_hours, "00", bare_meridiem
    h, m = int(hours), int(minutes)
    if meridiem:
        if not 1 <= h <= 12:
            return ()
        return ((h % 12 + (12 if meridiem.lower() == "p" else 0)) * 60 + m,) if m <= 59 else ()
    if m > 59 or h > 24 or (h == 24 and m):
        return ()
    if beside_twelve_hour and 1 <= h <= 12:
        return (h % 12 * 60 + m, (h % 12 + 12) * 60 + m)
    return (h * 60 + m,)


def hours_run_past_midnight(daily_hours: str | None) -> bool | None:
    """Whether a range of the daily hours (¶ B(2), free text) ends after midnight (interpretation C-18): its end
    is at or before its start ("20:00-04:00", "8 p.m. to 2 a.m.", "10:00-10:00"), unless it ends at midnight
    itself ("18:00-24:00", "18:00-00:00", "6 p.m. to midnight", "12 noon - 12 midnight"). Times are read on the
    24-hour clock unless written with a.m./p.m. (`_TIME`); a time without a.m./p.m. beside one in the 12-hour
    style ("8 - 11 pm", "10 - 2 am") is read both ways, a.m. and p.m. (`_readings`), and the range is read when
    both give the same answer ("8 - 11 pm": no; "10 - 2 am": yes). False when no hours are given (¶ B(2) asks
    for them); None when hours are given but no range of two times can be read in them ("20:00", "2000-0200",
    "dusk to dawn", "8 - 11"), or when none runs past midnight and one read both ways gives both answers
    ("11 - 1 pm": 11:00-13:00 or 23:00-13:00): whether the assembly runs past midnight cannot be told. (The web
    petition's script, site.js, reads hours the same way.)"""
    text = daily_hours or ""
    if not text.strip():
        return False
    times = list(_TIME.finditer(text))
    read = doubtful = False
    for first, second in zip(times, times[1:], strict=False):
        if not _BETWEEN.fullmatch(text, first.end(), second.start()):
            continue
        starts, ends = _readings(first, _twelve_hour(second)), _readings(second, _twelve_hour(first))
        if first.group(2):  # "midnight to 6 a.m.": from the midnight that begins the day
            starts = (0,)
        answers = {end not in _MIDNIGHT and end <= start for start in starts for end in ends}
        if len(answers) > 1:
            doubtful = True
        elif answers:
            read = True
            if True in answers:
                return True
    return None if doubtful or not read else False


def continues_into_another_day(first_day: date, last_day: date | None, daily_hours: str | None) -> bool | None:
    """Whether the assembly continues from one day into another (¶ B(14), ¶ C(7)): its last day is after its
    first, or its hours run past midnight (`hours_run_past_midnight`, C-18); None when it is one day and its
    hours cannot be read."""
    if last_day is not None and last_day > first_day:
        return True
    return hours_run_past_midnight(daily_hours)


class Dates(_Facts):
    """The proposed dates and hours (¶ B(2)); ``last_day`` defaults to ``first_day`` (a one-day assembly)."""

    first_day: CaseDate
    last_day: CaseDate | None = None
    daily_hours: Text | None = Field(None, description='e.g. "10:00-22:00"; free text, but every H:MM in it '
                                     'must be a time of day, 00:00 to 24:00 (or 1:00 to 12:59 with a.m./p.m.); '
                                     'hours that end after midnight ("20:00-02:00") continue into the next day')

    @field_validator("daily_hours")
    @classmethod
    def _times_of_day(cls, value: str | None) -> str | None:
        # The hours are free text ("10:00-22:00", "noon to 10 p.m."), printed on the permit: a time written as
        # H:MM must be one ("25:00-99:00" was accepted and printed).
        for written, hours, minutes, seconds in _CLOCK.findall(value or ""):
            h, m, sec = int(hours), int(minutes), int(seconds or 0)
            if (len(hours) > 2 or len(minutes) != 2 or (seconds and len(seconds) != 2) or m > 59 or sec > 59
                    or h > 24 or (h == 24 and (m or sec))):
                raise ValueError(_("{time} is not a time of day; write times from 00:00 to 24:00 (e.g. "
                                   "10:00-22:00)", time=written))
        for written, hours in _TIME_12.findall(value or ""):
            if not 1 <= int(hours) <= 12:
                raise ValueError(_("{time} is not a time of day; with a.m. or p.m. the hour is 1 to 12 (or "
                                   "write times from 00:00 to 24:00, e.g. 10:00-22:00)", time=written.strip()))
        return value

    @model_validator(mode="after")
    def _order(self) -> Dates:
        if self.last_day is not None and self.last_day < self.first_day:
            raise ValueError(_("last_day ({last_day}) is before first_day ({first_day})",
                               last_day=self.last_day.isoformat(), first_day=self.first_day.isoformat()))
        return self

    @property
    def end(self) -> date:
        """The last day of the assembly."""
        return self.last_day or self.first_day

    @property
    def continues_into_another_day(self) -> bool | None:
        """More than one day, or hours past midnight (`continues_into_another_day`, C-18)."""
        return continues_into_another_day(self.first_day, self.last_day, self.daily_hours)


class Plan(_Facts):
    """A map, plan or drawing attached to the petition."""

    title: Text | None = None
    prepared_by: Preparer | None = None
    to_scale: bool | None = None


class SiteMap(Plan):
    """The map of ¶ B(3), by a licensed land surveyor or engineer. ``zoning_district`` may be
    ``"not_applicable"`` (the text says "if any"); ``new_structures``: whether buildings are to be erected."""

    shows_property_size: bool | None = None
    zoning_district: Text | None = None
    shows_adjoining_record_owners: bool | None = None
    shows_abutting_streets: bool | None = None
    shows_buildings_and_structures: bool | None = None
    new_structures: bool | None = None
    shows_construction_methods_and_materials: bool | None = None


class ParkingPlan(Plan):
    """The plan to scale of ¶ B(5): layout of parking, including the means of egress and ingress."""

    shows_ingress_and_egress: bool | None = None


class SoundDevice(_Facts):
    """Radar device, sound amplifier, loudspeaker, soundtrack or similar sound equipment (¶ B(6))."""

    type: Text
    number: PositiveCount
    location: Text | None = None


class Food(_Facts):
    """¶ B(7): whether food or beverage is to be prepared, sold or distributed; if so, how, the disposal of
    refuse, and a drawing to scale of the structures from which it is served."""

    intended: bool | None = None
    preparation_and_distribution: Text | None = None
    refuse_disposal: Text | None = None
    scale_drawing: Plan | None = None


class Security(_Facts):
    """¶ B(8): private security guards or police engaged, and if so numbers, duties, hours and areas."""

    engaged: bool | None = None
    number: Count | None = None
    duties: Text | None = None
    hours: Text | None = None
    areas: Text | None = None


class FirePlan(Plan):
    """The drawing to scale of ¶ B(9): fire lanes and water supply for fire control."""

    shows_fire_lanes: bool | None = None
    shows_water_supply: bool | None = None


class FireProtection(_Facts):
    """¶ B(9): precautions for fire protection and the drawing to scale."""

    precautions: Text | None = None
    plan: FirePlan | None = None


class LightsAndSigns(_Facts):
    """¶ B(10): outdoor lights or signs; if used, a map of their number, location, size, type and power."""

    used: bool | None = None
    map: Plan | None = None


class CampingOrHousing(_Facts):
    """¶ B(12): camping or housing facilities; if any, a plan to scale of their number and location."""

    available: bool | None = None
    plan: Plan | None = None


class Petition(_Facts):
    """The verified petition (¶ B) and its items (3)-(15); items (1) and (2) come from the applicant,
    properties, dates, counts and purpose of the case."""

    verified: bool | None = Field(None, description="The petition is verified (sworn).")
    on_town_form: bool | None = None
    addressed_to_town_board: bool | None = None
    site_map: SiteMap | None = None  # (3)
    facilities_plan: Plan | None = None  # (4), cut short in the text
    parking_plan: ParkingPlan | None = None  # (5)
    sound_equipment: Annotated[list[SoundDevice], Field(max_length=MAX_ITEMS)] | Literal["none"] | None = None  # (6)
    food: Food | None = None  # (7)
    security: Security | None = None  # (8)
    fire_protection: FireProtection | None = None  # (9)
    outdoor_lights_or_signs: LightsAndSigns | None = None  # (10)
    emergency_medical_facilities: Text | None = None  # (11)
    camping_or_housing: CampingOrHousing | None = None  # (12)
    duration: Text | None = None  # (13)
    housing_statement: Text | None = None  # (14)
    max_noise_decibels: Decibels | None = None  # (15)


class Facility(_Facts):
    """A facility of ¶ C, shown and approved in writing by the Putnam County Health Department and the Town
    Board (dates of the written approvals)."""

    description: Text | None = None
    health_department_approved_on: HappenedDate | None = None
    town_board_approved_on: HappenedDate | None = None


class Parking(Facility):
    """¶ C(6): off-street and off-road parking; ``spaces`` provided."""

    spaces: Count | None = None


class Housing(Facility):
    """¶ C(7): housing for the contemplated number of people; ``persons_housed``: its capacity."""

    persons_housed: Count | None = None


class Medical(Facility):
    """¶ C(9): medical facilities with a first-aid station, physicians and registered nurses on duty at all
    times (the least number on duty at any time)."""

    first_aid_station: bool | None = None
    physicians_at_all_times: Count | None = None
    registered_nurses_at_all_times: Count | None = None


class Conditions(_Facts):
    """The facilities of ¶ C(1)-(10)."""

    drinking_water: Facility | None = None
    toilets: Facility | None = None
    sewage: Facility | None = None
    solid_waste: Facility | None = None
    food_supply: Facility | None = None
    parking: Parking | None = None
    housing: Housing | None = None
    access_roads: Facility | None = None
    medical: Medical | None = None
    fire_protection: Facility | None = None


class Insurance(_Facts):
    """¶ E: the comprehensive liability policy furnished to the Town."""

    comprehensive_liability: bool | None = None
    insures_town: bool | None = None
    bodily_injury_limit: Money | None = None
    property_damage_limit: Money | None = None
    cancellation_notice_days: Count | None = Field(
        None, description="Days of prior written notice to the Town before the policy may be cancelled.")


def _bond_more_than_zero(value: Decimal | None) -> Decimal | None:
    """A bond's amount (¶ F), fixed or posted, is more than $0: a bond of $0 is no bond, and ¶ F says one
    "shall" be posted (interpretation P-13, as the permit's JSON and the workflow refuse it)."""
    if value is not None and value == 0:
        raise ValueError(_("must be more than $0 (got {given}): the applicant shall post a bond in an amount "
                           "fixed by the Town Board (permit requirements ¶ F; interpretation P-13)",
                           given=given(value)))
    return value


class Bond(_Facts):
    """¶ F: the cleanup bond posted with the Town Clerk; ``amount`` more than $0 (P-13)."""

    posted: bool | None = None
    amount: Money | None = None

    _amount_more_than_zero = field_validator("amount")(_bond_more_than_zero)


class TownBoard(_Facts):
    """What the Town Board has set for this application: the bodily injury limit (¶ E) and the bond (¶ F); and
    ``exemption_not_accepted_on``, the day the Board recorded that it does not accept the exemption the sponsor's
    statements claim (exemptions ¶¶ A-D; interpretation P-20): from then the exemption does not reach the case."""

    bodily_injury_limit: Money | None = None
    bond_amount: Money | None = Field(None, description="The cleanup bond the Board fixes (¶ F): more than $0 "
                                      "(interpretation P-13).")
    exemption_not_accepted_on: HappenedDate | None = None

    _bond_more_than_zero = field_validator("bond_amount")(_bond_more_than_zero)


class Hearing(_Facts):
    """The public hearing (¶ B) and the publication of its notice in the official newspaper. ``held_on``: the
    day of the hearing, held or set (the notice is counted from it before it is held; interpretation G-10);
    ``notice_published_on``: the day the notice was published, which has happened."""

    held_on: CaseDate | None = None
    notice_published_on: HappenedDate | None = None


class RevocationGrounds(_Facts):
    """Facts that may be grounds for revocation (¶ G)."""

    facilities_not_provided_as_specified: bool | None = None
    setup_cannot_be_accomplished_in_time: bool | None = None


class Violation(_Facts):
    """A violation of the chapter (penalties ¶ A): each day's continued violation is a separate violation."""

    days_of_continued_violation: PositiveCount
    first_day: HappenedDate | None = None
    description: Text | None = None

    @classmethod
    def allowed_when_missing(cls, field: str) -> Message | None:
        """What `field`, left out, takes (`cases.invalid_from`: "is required; allowed: …"), or None."""
        if field == "days_of_continued_violation":
            return _("a whole number of days, from 1 to {most} (each day's continued violation is a separate "
                     "violation, penalties ¶ A); with first_day, at most the days from it to the day the case is "
                     "evaluated as of, both counted", most=f"{MAX_COUNT:,}")
        return None


class EventCase(_Facts):
    """An assembly of persons in the Town of Carmel (Carmel Code ch. 31): the subject ``event``.

    ``max_persons_at_one_time`` is the whole assembly's, over all its properties; when left out it is the sum
    of the properties' own numbers.
    """

    name: Text | None = None
    purpose: Text | None = Field(None, description="The common purpose of the gathering (definitions ¶ B).")
    nature_of_activity: Text | None = None
    within_town: bool = Field(True, description="The place is within the Town of Carmel.")
    sponsor: Sponsor | None = None
    applicant: Applicant | None = None
    properties: list[Property] = Field(default_factory=list, max_length=MAX_ITEMS)
    dates: Dates | None = None
    max_persons_at_one_time: Count | None = None
    persons_collectively: Count | None = None
    vehicles_at_one_time: Count | None = None
    vehicles_collectively: Count | None = None
    admission_fee: Money | None = Field(None, description="US dollars; 0 when no admission fee is charged.")
    petition: Petition = Field(default_factory=Petition)
    conditions: Conditions = Field(default_factory=Conditions)
    insurance: Insurance | None = None
    bond: Bond | None = None
    town_board: TownBoard = Field(default_factory=TownBoard)
    filed_on: HappenedDate | None = Field(None, description="The verified petition was filed with the Town Clerk.")
    submitted_on: HappenedDate | None = Field(None, description="The application was submitted to the Town Board.")
    hearing: Hearing | None = None
    board_decision_on: HappenedDate | None = None
    assembly_ended_on: HappenedDate | None = Field(
        None, description="The day the assembly ended, as the Town recorded it (its termination, ¶ F); the "
                          "permit's last day (dates.last_day) when not given.")
    cleanup_completed_on: HappenedDate | None = None
    filing_fee_paid: Money | None = None
    revocation_grounds: RevocationGrounds | None = None
    violation: Violation | None = None

    @model_validator(mode="after")
    def _collectively_at_least_at_one_time(self) -> EventCase:
        # ¶ B(2): "at one time and collectively": the whole assembly's count includes the largest crowd at one
        # time, so fewer collectively than at one time is a slip (10 collectively beside 2,000 at one time).
        # Every fact refused is told at once (`FactErrors`).
        refused: list[FactError] = []
        for field, together, at_once in (
                ("persons_collectively", self.persons_collectively, self.max_persons_at_one_time),
                ("vehicles_collectively", self.vehicles_collectively, self.vehicles_at_one_time)):
            if together is not None and at_once is not None and together < at_once:
                refused.append(FactError(field, _(
                    "{together:,} collectively is fewer than the {at_once:,} at one time; collectively counts "
                    "everyone over the whole assembly, so it is at least the number at one time",
                    together=together, at_once=at_once)))
        if self.assembly_ended_on is not None and self.dates is not None \
                and self.assembly_ended_on < self.dates.first_day:
            refused.append(FactError("assembly_ended_on", _(
                "{ended} is before the assembly's first day ({first_day}): an assembly ends after it begins (¶ F)",
                ended=self.assembly_ended_on.isoformat(), first_day=self.dates.first_day.isoformat())))
        FactErrors.check(refused)
        return self
