"""The records the documents are made from: plain frozen dataclasses that the workflow fills from its models.

No Django here. Dates are `datetime.date` (a hearing's moment a naive `datetime.datetime` in the Town's local
time, America/New_York), money is `Decimal` US dollars, areas are `Decimal` square feet, persons are `int`.
`record_from_json` builds any record from JSON-ready data (as the CLI's ``--from-json`` files hold), raising
ValueError naming the field that is wrong.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import math
import re
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any, Literal, TypeVar
from zoneinfo import ZoneInfo

from publicassembly.law.dates import court_does_not_sit_because
from publicassembly.law.units import (
    MAX_COUNT,
    MAX_ITEMS,
    MAX_MAGNITUDE,
    MAX_PLACES,
    area_sq_ft,
    given,
    known_date,
)

CertificateStatus = Literal["valid", "revoked", "stale", "superseded"]
CERTIFICATE_STATUSES: tuple[str, ...] = ("valid", "revoked", "stale", "superseded")

PermitStatus = Literal["valid", "revoked", "expired"]
#: A permit's status on its PDF (Carmel ch. 31 ¶¶ A, G): ``valid`` (issued, the assembly still to come or under
#: way), ``revoked`` by the Town Board (¶ G), ``expired`` (the assembly it authorized has been held or the case
#: closed: it authorizes no other).
PERMIT_STATUSES: tuple[str, ...] = ("valid", "revoked", "expired")

BondDisposition = Literal["released", "forfeited"]
#: What the Town Board did with a permit's bond (Carmel ch. 31 ¶ F), as the workflow records it
#: (``bond_disposition``): ``released`` (the cleanup done in time, or, the permit revoked, no assembly took place or
#: the premises were cleaned: interpretations P-3, P-32) or ``forfeited`` (the waste not removed in time). A bond
#: neither released nor forfeited is still posted with the Town Clerk.
BOND_DISPOSITIONS: tuple[str, ...] = ("released", "forfeited")

#: The longest text of a record read from JSON (`record_from_json`; counts and amounts take the law core's
#: bounds, `law.units.MAX_COUNT` and `MAX_MAGNITUDE`): longer than a case's facts (`law.units.MAX_TEXT`, 2,000),
#: as the workflow stores longer texts that documents print (a complaint's description, up to 5,000).
MAX_TEXT = 5_000

#: How a date and a date-time are written in a record's JSON (`record_from_json`).
_WRITTEN = {date: ("a date", "YYYY-MM-DD"), datetime: ("a date and time", "YYYY-MM-DDTHH:MM")}
#: A date or date and time written as the help says, its date YYYY-MM-DD (Python also reads ISO 8601's basic
#: form, 20261201, which a number's digits would pass for).
_EXTENDED_DATE = re.compile(r"\s*\d{4}-\d{2}-\d{2}(?!\d)")

#: The jurisdictions whose summons the documents layer writes (aliases of the law core's registry).
SUMMONS_JURISDICTIONS: tuple[str, ...] = ("mount-pleasant-ny", "carmel-ny")

#: How many days after its issue a summons may be made returnable (interpretation W-7: neither chapter fixes a
#: return day; a summons returnable more than a year out is taken for a typing error, not a court's calendar).
#: One number for the workflow's summonses (`enforcement.services.issue_summons`, API and web) and a summons
#: read from JSON (`summons_town_and_citations`).
RETURN_WITHIN_DAYS = 365
#: The hour a summons is returnable: ``HH:MM`` on the 24-hour clock, 00:00 to 23:59 (the workflow's
#: `enforcement.services.return_time_of`, and a summons read from JSON, `inconsistencies`).
RETURN_TIME = re.compile(r"(?:[01][0-9]|2[0-3]):[0-5][0-9]")

#: The jurisdictions whose public hearing the notice announces (aliases of the law core's registry): the Town
#: Board's hearing on a petition for a permit, Carmel ch. 31, permit requirements ¶ B, whose words the notice
#: prints (`documents.pdf.notice`). Mount Pleasant ch. 164 holds no such hearing.
NOTICE_JURISDICTIONS: tuple[str, ...] = ("carmel-ny",)

#: What each record read from JSON is, as a refusal names it (the file's reader knows a notice, not a class).
RECORD_NAMES: dict[str, str] = {
    "CertificateRecord": "a certificate", "CertificateSpace": "a room or area of a certificate",
    "PermitRecord": "a permit", "InsuranceRecord": "an insurance policy", "PetitionRecord": "a petition",
    "HearingNoticeRecord": "a hearing notice", "SummonsRecord": "a summons", "DeadlineItem": "a deadline",
    "BldsPermitRow": "a BLDS permit row", "BldsInspectionRow": "a BLDS inspection row",
}


@dataclass(frozen=True)
class InsuranceRecord:
    """The comprehensive liability policy insuring the Town (Carmel ch. 31, permit requirements ¶ E):
    limits in US dollars."""

    bodily_injury_limit: Decimal
    property_damage_limit: Decimal
    insurer: str
    policy_number: str


@dataclass(frozen=True)
class PermitRecord:
    """A permit issued by the Town Board through its Clerk for a public assembly (Carmel ch. 31 ¶ A).

    ``hours``: the hours of the assembly as written on the permit (e.g. ``"10:00 a.m. to 11:00 p.m. each day"``);
    ``conditions``: the conditions imposed by the Board, one text each; ``cleanup_due_date``: the last day for
    the cleanup of ¶ F as computed by the law core; ``bond_amount``: the bond fixed by the Board (¶ F);
    ``status``: one of `PERMIT_STATUSES` (a revoked or expired permit carries that word across its head);
    ``revoked_date``: the day the Board revoked it (¶ G), when revoked (and only then);
    ``bond_disposition``: what the Board did with the bond (`BOND_DISPOSITIONS`), None while it is posted with the
    Town Clerk; ``bond_disposition_date``: the day it did so; ``bond_disposition_reason``: the reason it gave, as
    the history keeps it ("" when none is recorded). The permit then says the bond was released or forfeited on
    that day, not that it is posted (interpretation P-35)."""

    number: str
    town: str
    permittee: str
    property_address: str
    record_owner: str
    first_day: date
    last_day: date
    hours: str
    maximum_persons: int
    conditions: tuple[str, ...]
    insurance: InsuranceRecord
    bond_amount: Decimal
    cleanup_due_date: date
    issued_date: date
    clerk_name: str
    purpose: str = ""
    status: PermitStatus = "valid"
    revoked_date: date | None = None
    bond_disposition: BondDisposition | None = None
    bond_disposition_date: date | None = None
    bond_disposition_reason: str = ""


@dataclass(frozen=True)
class CertificateSpace:
    """One room or area on a certificate: its use group (Mount Pleasant §§ 164-7, 164-8 ids), floor area in
    square feet (None for a space counted otherwise, e.g. bowling alleys) and occupant load in persons.
    ``alleys``: a bowling alley's number of alleys (§ 164-7: so many persons for each alley, its area then the
    additional area beyond the alleys and their runways); only a ``bowling_alley`` space has it, and one read
    from JSON must give it (interpretation D-8)."""

    name: str
    use_group: str
    area_sq_ft: Decimal | None
    occupant_load: int
    alleys: int | None = None


@dataclass(frozen=True)
class CertificateRecord:
    """The Building Inspector's certificate for a place of assembly stating the lawful occupancy
    (Mount Pleasant §§ 164-3, 164-9). ``status``: ``valid``, ``revoked``, ``stale`` (a space changed, or
    issued under values of the law no longer in force) or ``superseded`` (replaced by a re-issued certificate,
    named in ``superseded_by`` when known)."""

    number: str
    issued_date: date
    venue_name: str
    venue_address: str
    spaces: tuple[CertificateSpace, ...]
    lawful_occupancy: int
    inspector_name: str
    status: CertificateStatus = "valid"
    superseded_by: str = ""


@dataclass(frozen=True)
class HearingNoticeRecord:
    """A notice of the public hearing on an application (Carmel ch. 31, permit requirements ¶ B), to be
    published in the official newspaper on or before ``latest_publication_date`` (the law core's
    ``hearing_notice_due``). ``town``: the Town whose Board holds the hearing, as the notice prints it (``Town
    of Carmel``); ``hearing_at``: local time (America/New_York), naive or aware;
    ``hearing_time_to_be_announced``: the Clerk has fixed the day but not the hour (only the date of
    ``hearing_at`` counts, and the notice says the time is to be announced); ``revision``: how many times the
    hearing has been moved (its day, hour or place changed) since it was first scheduled, 0 when never (a
    calendar's ``SEQUENCE``, RFC 5545 § 3.8.7.4, so that a client holding the event replaces it);
    ``published_on``: the day the notice was published in ``newspaper``, once the Town Clerk has recorded it
    (None while it is not: the calendars then say it is to be published by ``latest_publication_date``; the
    notice itself, addressed to the publisher, does not print it). Read from JSON, it is held to ¶ B and
    interpretation P-8 (`hearing_notice_against_the_law`)."""

    town: str
    application_reference: str
    applicant: str
    event: str
    property_address: str
    hearing_at: datetime
    hearing_place: str
    latest_publication_date: date
    newspaper: str
    hearing_time_to_be_announced: bool = False
    revision: int = 0
    published_on: date | None = None


@dataclass(frozen=True)
class SummonsRecord:
    """A summons for a violation of a town's chapter, with the law core's penalty range (fines in US dollars).

    ``jurisdiction``: ``mount-pleasant-ny`` (the default) — issued by the Building Inspector (§ 164-12) with
    the range of § 164-14 for ``offense_number`` (1 for a first offense; required); or ``carmel-ny`` — a
    violation of Carmel ch. 31 with ``days_of_continued_violation`` (each day a separate violation, penalties
    ¶ A; required) and the range of ¶ B summed over those days, no offense number (give None). The court is
    the jurisdiction's parameter ``enforcement.court``.

    ``complainant_kind``: ``building_inspector``, ``fire_district_inspector``, ``town_fire_marshal`` or
    ``police_officer`` (§ 164-12);
    ``court_name``: used only when the jurisdiction's parameters do not name the court."""

    number: str
    town: str
    defendant_name: str
    defendant_address: str
    rule_id: str
    citation: str
    description: str
    offense_date: date
    offense_place: str
    offense_number: int | None
    min_fine: Decimal
    max_fine: Decimal
    max_jail_days: int | None
    max_jail_months: int | None
    classification: str
    complainant_name: str
    complainant_kind: str
    inspector_name: str
    return_date: date
    return_time: str = ""
    court_name: str = ""
    jurisdiction: str = "mount-pleasant-ny"
    days_of_continued_violation: int | None = None
    penalty_citation: str = ""


@dataclass(frozen=True)
class PetitionRecord:
    """The verified petition for a permit (Carmel ch. 31, permit requirements ¶ B), items (1)-(15).

    Every field may be empty: an empty record renders the Town's blank form. Numbers of persons and vehicles
    are whole numbers; ``admission_fee`` in US dollars; ``max_noise_decibels`` in dB at the nearest adjoining
    property. ``attachments``: the maps, plans and statements annexed, one title each."""

    town: str = "Town of Carmel"
    # (1) the applicant
    applicant_name: str = ""
    applicant_age: int | None = None
    applicant_residence_address: str = ""
    corporation_name: str = ""
    directors_and_officers: tuple[str, ...] = ()
    agent_name: str = ""
    agent_address: str = ""
    # (2) the property, dates, persons, vehicles, purpose
    property_address: str = ""
    record_owner: str = ""
    applicant_interest: str = ""
    dates_and_hours: str = ""
    persons_at_one_time: int | None = None
    persons_collectively: int | None = None
    vehicles_at_one_time: int | None = None
    vehicles_collectively: int | None = None
    purpose: str = ""
    admission_fee: Decimal | None = None
    # (3)-(15)
    survey_map: str = ""
    facilities_plan: str = ""
    parking_plan: str = ""
    sound_equipment: str = ""
    food_and_beverage: str = ""
    security: str = ""
    fire_protection: str = ""
    outdoor_lights_and_signs: str = ""
    emergency_medical: str = ""
    camping_housing: str = ""
    duration: str = ""
    overnight_housing: str = ""
    max_noise_decibels: Decimal | None = None
    attachments: tuple[str, ...] = ()
    filed_date: date | None = None


#: The most days before a deadline its calendar alarm may ring (`calendars.town_feed`, ``calendar --alarm-days``):
#: a year. The calendar's deadlines are Carmel ch. 31's, whose longest period is 60 days (the petition's filing
#: before the assembly): an alarm a year ahead already reminds of any of them early enough.
MAX_ALARM_DAYS = 365
#: The days before a deadline its alarm rings when no other number is asked.
DEFAULT_ALARM_DAYS = 3


@dataclass(frozen=True)
class DeadlineItem:
    """A statutory deadline of one application, as the law core computed it (``Determination.deadlines``):
    ``name`` (e.g. ``hearing_notice_due``), ``due`` (the last day), ``counted`` (how it was counted), the
    citation, and ``done_on``: the day what it asks for was done, when it has been (e.g. the petition's filing,
    ``application_due``: the day it was submitted; the others as ``permits.services.deadline_done_on`` reads
    the Town's record) — the calendar's to-do is then completed, with no alarm. ``last_day``: the law's own last
    day when it is not ``due`` — a day counted backwards that falls on a day the Town Clerk's office is closed,
    ``due`` then being the business day before it (GCL § 20; `law.dates.at_least_days_before`): what is done
    by ``last_day`` is done in time, as the law core finds it."""

    application_reference: str
    name: str
    due: date
    counted: str = ""
    citation: str = ""
    done_on: date | None = None
    last_day: date | None = None

    @property
    def done_late(self) -> bool:
        """Whether what the deadline asks for was done after the law's last day (`last_day`, else `due`)."""
        return self.done_on is not None and self.done_on > (self.last_day or self.due)


R = TypeVar("R")

#: How `fields_help` names each kind of value a record's field takes in JSON.
_KIND_WORDS: dict[Any, str] = {str: "text", int: "a whole number", Decimal: "a number", bool: "true or false",
                               date: "a date YYYY-MM-DD", datetime: "a date and time YYYY-MM-DDTHH:MM"}


#: The fields that hold a point's coordinates (WGS 84 decimal degrees, as BLDS publishes them): signed, within the
#: globe's bounds (a place in New York has a negative longitude), not the bounds of money and areas.
COORDINATES: dict[str, Decimal] = {"latitude": Decimal(90), "longitude": Decimal(180)}
#: Amounts whose least is more than 0, refused out of bounds in those words (W-36): the permit's bond, which the
#: Town Board fixes (Carmel ch. 31 ¶ F, "shall post a bond"; P-13), as the permit's --help says.
MORE_THAN_ZERO = frozenset({"bond_amount"})


def _kind_words(tp: Any) -> str:
    """What a field of type `tp` takes in a record's JSON, in words (`fields_help`)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        return _kind_words(inner[0]) + (" or null" if type(None) in args else "")
    if origin is Literal:
        return "one of " + ", ".join(map(str, args))
    if origin is tuple:
        item = args[0]
        if isinstance(item, type) and dataclasses.is_dataclass(item):
            return f"a list of objects {{{fields_help(item)}}}"
        return "a list of " + {str: "texts", int: "whole numbers"}.get(item, _kind_words(item))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return f"an object {{{fields_help(tp)}}}"
    if origin is Mapping:
        return "an object of names and values"
    return _KIND_WORDS.get(tp, "a value")


def fields_help(cls: type) -> str:
    """The fields of record class `cls` as its ``--from-json`` file gives them, for a command's ``--help``: each
    field's name and what it takes (`_kind_words`), required ones marked, the others with their default when it
    is not empty, separated by semicolons — read from the dataclass itself, so the help stays true when a field
    is added. A nested record (a permit's insurance, a certificate's spaces) is given with its own fields, in
    braces."""
    hints = typing.get_type_hints(cls)
    out: list[str] = []
    for f in dataclasses.fields(cls):
        words = _kind_words(hints[f.name])
        if f.name in COORDINATES:
            words = words.replace("a number", f"degrees from -{COORDINATES[f.name]} to {COORDINATES[f.name]}")
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            words += ", required"
        elif f.default not in ("", (), None, dataclasses.MISSING):
            shown = str(f.default).lower() if isinstance(f.default, bool) else str(f.default)
            words += f", default {shown}"
        out.append(f"{f.name} ({words})")
    return "; ".join(out)


#: What a field of free names and values (a BLDS row's ``extra``) takes, as its help and its refusal say it.
OBJECT_WORDS = "an object (a JSON mapping of names to values)"


def _object_problems(value: Any, where: str) -> list[str]:
    """What an object of free names and values (`OBJECT_WORDS`) holds that cannot be written back as JSON, one
    line each naming its place (``extra.a[0]``): a name that is not text, a number that is not finite (NaN,
    infinity) or beyond `MAX_MAGNITUDE` (``1e999``), as a case file's number is refused."""
    out: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                out.append(f"{where}: {given(key)} is not a name (text)")
            out += _object_problems(item, f"{where}.{key}")
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            out += _object_problems(item, f"{where}[{i}]")
    elif isinstance(value, float | Decimal) and not isinstance(value, bool):
        if not Decimal(value).is_finite():
            out.append(f"{where}: expected a finite number, got {given(value)}")
        elif abs(Decimal(value)) > MAX_MAGNITUDE:
            out.append(f"{where}: {str(value)!r} is too large (at most {MAX_MAGNITUDE:,})")
    return out


def _count_refused(where: str, value: object, why: str = "") -> ValueError:
    """The refusal of `value` given for field `where`, which takes a whole number (persons, alleys, days, a
    revision): one wording for every way it is not one, naming the field, what it allows (0 to `MAX_COUNT`) and
    the value as the file wrote it (`given`), `why` saying what the value lacks when its kind does not."""
    return ValueError(f"{where}: expected a whole number from 0 to {MAX_COUNT:,}{why}, got {given(value)}")


def _whole_decimal(value: Decimal, where: str) -> int:
    """The whole number `value` (a JSON number read exactly, with a point or an exponent: ``12.0``, ``1.2e1``) is,
    for a field `where` that takes a whole number; ValueError naming the field and what it allows
    (`_count_refused`) for one with a fractional part (``12.5``), one beyond `MAX_COUNT` (``1e999``, never
    converted: its digits are not made) or one that is no number (``NaN``, ``Infinity``, which a ``--from-json``
    file reads as the Decimal they name)."""
    if value.is_finite() and value != value.to_integral_value():
        raise _count_refused(where, value, ", without a fractional part")
    if not value.is_finite() or not 0 <= value <= MAX_COUNT:
        raise _count_refused(where, value)
    return int(value)


class RecordRefused(ValueError):
    """The refusal of a record read from JSON all of whose fields read (`record_from_json`): its problems, one
    line each, as a ValueError's message, and the record they were found in (``record``). A record holding it (a
    certificate, of one of its rooms) is then still held to its own law, so that every problem of a file is
    told at once: a room's use group unknown and another room's occupant load wrong, a certificate's date still
    to come and its lawful occupancy not the sum of its loads."""

    def __init__(self, record: Any, problems: list[str]) -> None:
        self.record = record
        self.problems = problems
        super().__init__("\n".join(problems))


def _convert(tp: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _convert(inner[0], value, where)
    if origin is Literal:
        if value not in args:  # (a number as written, 12.5, not its Decimal's repr)
            said = repr(value) if isinstance(value, str) else given(value)
            raise ValueError(f"{where}: {said} is not allowed; allowed: {', '.join(map(str, args))}")
        return value
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise ValueError(f"{where}: expected a list, got {given(value)}")
        if len(value) > MAX_ITEMS:  # (as a case's lists, G-4: the document is printed over pages, D-13)
            raise ValueError(f"{where}: must hold at most {MAX_ITEMS:,} items (got {len(value):,})")
        items, problems, unread = [], [], False
        for i, v in enumerate(value):  # (every item's problems, not only the first item's)
            try:
                items.append(_convert(args[0], v, f"{where}[{i}]"))
            except RecordRefused as exc:  # (read, though wrong: the record holding it is still held to its law)
                items.append(exc.record)
                problems += exc.problems
            except ValueError as exc:
                problems.append(str(exc))
                unread = True
        if unread:
            raise ValueError("\n".join(problems))
        if problems:
            raise RecordRefused(tuple(items), problems)
        return tuple(items)
    if value is None:
        raise ValueError(f"{where}: is required")
    if origin is Mapping:  # free names and values (a BLDS row's extra): an object, written back as JSON
        if not isinstance(value, dict):
            raise ValueError(f"{where}: must be {OBJECT_WORDS}, got {given(value)}")
        problems = _object_problems(value, where)
        if problems:
            raise ValueError("\n".join(problems))
        return value
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):  # a record class (never an instance here)
        return record_from_json(tp, value, prefix=f"{where}.")
    if tp in _WRITTEN:  # a date or a date-time, in the years whose legal time is known (1778-2099, G-2)
        if isinstance(value, tp):
            read = value
        elif not isinstance(value, str):  # a JSON number, 20261215, read as text would pass for a date
            kind, written = _WRITTEN[tp]
            raise ValueError(f"{where}: expected {kind} as text (a JSON string), got {given(value)}; write {written}")
        else:
            try:
                if not _EXTENDED_DATE.match(value):  # 20261201: ISO 8601's basic form, not the form the help gives
                    raise ValueError(value)
                read = tp.fromisoformat(value)
            except ValueError:
                from publicassembly.law.cases import not_a_day

                written_date = _EXTENDED_DATE.match(value)
                problem = not_a_day(written_date.group(0).strip()) if written_date else None
                if problem is not None:  # written as a date, but no day of the calendar (2026-02-30)
                    raise ValueError(f"{where}: {problem}") from None
                kind, written = _WRITTEN[tp]
                raise ValueError(f"{where}: {value!r} is not {kind}; write {written}") from None
        try:
            known_date(read.date() if isinstance(read, datetime) else read)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        return read
    if tp is bool:  # a JSON true or false: the text "false" would be taken as true
        if not isinstance(value, bool):
            raise ValueError(f"{where}: expected true or false, got {given(value)}")
        return value
    if tp is Decimal:
        if isinstance(value, bool):
            raise ValueError(f"{where}: expected a number, got a boolean")
        if isinstance(value, str) and "_" in value:  # (Decimal would read Python's grouping: "1_000" as 1000; G-5)
            raise ValueError(f"{where}: must be a number written without '_' (got {value[:40]!r})")
        try:
            out = Decimal(repr(value)) if isinstance(value, float) else Decimal(str(value))
        except InvalidOperation:
            raise ValueError(f"{where}: expected a number, got {value!r}") from None
        if not out.is_finite():
            raise ValueError(f"{where}: expected a finite number, got {given(value)}")
        exponent = out.as_tuple().exponent  # (1e-999999999 would be printed with a billion digits: G-4)
        if isinstance(exponent, int) and exponent < -MAX_PLACES and out != out.to_integral_value():
            raise ValueError(f"{where}: {given(value)} has more than {MAX_PLACES} decimal places; give at most "
                             f"{MAX_PLACES}")
        if out.is_zero():  # 0 however written (-0.0, 0.00, 0e5): printed "0", never "-0.0" (nor refused as below 0)
            out = Decimal(0)
        bound = COORDINATES.get(where.rpartition(".")[2])
        if bound is not None:  # a latitude or longitude (degrees): signed
            if not -bound <= out <= bound:
                raise ValueError(f"{where}: must be from -{bound} to {bound} (degrees); got {given(value)}")
            return out
        if not 0 <= out <= MAX_MAGNITUDE:  # money (US dollars), areas (square feet), decibels: never negative
            if where.rpartition(".")[2] in MORE_THAN_ZERO:  # (0 itself is told by the record's law: `field_problems`)
                raise ValueError(f"{where}: must be more than 0, up to {MAX_MAGNITUDE:,}; got {given(value)}")
            raise ValueError(f"{where}: must be from 0 to {MAX_MAGNITUDE:,}; got {given(value)}")
        if where.endswith("area_sq_ft"):  # a room's area (square feet): the law core's bound, in its words
            area_sq_ft(out, "sq_ft", where)
        return out
    if tp is int:
        if isinstance(value, Decimal):  # a JSON number with a point or an exponent, read exactly (12.0, 1.2e1)
            value = _whole_decimal(value, where)
        if isinstance(value, float) and value.is_integer():  # 12.0, as a case file's whole numbers may be written
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, str):
                raise _count_refused(where, value, " (a JSON number, not text)")
            if isinstance(value, float) and math.isfinite(value):  # (a case says the same: `law.units` WholeNumber)
                raise _count_refused(where, value, ", without a fractional part")
            raise _count_refused(where, value)
        if not 0 <= value <= MAX_COUNT:  # persons, vehicles, days, months, an offense's number: counts
            raise _count_refused(where, value)
        return value
    if tp is str:  # text only: a JSON number (12) is not taken as its digits, as a case's text is not
        if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
            raise ValueError(f"{where}: expected text, got {given(value)} (a JSON number; write text in quotes, "
                             f"e.g. {json.dumps(str(value))})")
        if not isinstance(value, str):
            raise ValueError(f"{where}: expected text, got {given(value)}")
        text = value
        if len(text) > MAX_TEXT:
            raise ValueError(f"{where}: at most {MAX_TEXT:,} characters; got {len(text):,}")
        return text
    return value


def record_from_json(cls: type[R], data: Any, *, prefix: str = "") -> R:
    """Build record class `cls` from a JSON object (dates as ``YYYY-MM-DD`` in 1778-2099; money, areas and
    decibels as numbers or numeric strings from 0 to 10^15; persons, days and other counts as JSON whole numbers
    from 0 to 10^9; text, a JSON string (never a number), of at most `MAX_TEXT` characters; lists of at most
    `MAX_ITEMS` items). Raises ValueError with one line per problem, each naming its field, every problem of
    the file at once: an unknown field, a missing required one, a value of the wrong kind or out of bounds, a
    value one field alone shows wrong (`field_problems`: a use group, a bowling alley's alleys, a date of what
    has happened still to come, a certificate's superseded_by beside another status), a text a PDF of the
    record cannot print (`_unprintable`); and, once every field reads (each of a list's records too, though
    wrong: `RecordRefused`), a record that contradicts itself (`inconsistencies`) or a summons that states
    other than the law (`against_the_law`) or another town, citation or a day still to come
    (`summons_town_and_citations`), or a certificate whose number, date, spaces or loads are not what Mount
    Pleasant ch. 164 gives (`certificate_against_the_law`), or a hearing notice of another town, without the
    hour of its hearing, on a Sunday or public holiday, or to be published later than Carmel ch. 31 ¶ B allows
    (`hearing_notice_against_the_law`), or a permit or petition of another town than Carmel, or a permit for 500
    persons or fewer or with less insurance than ¶ E or no bond or its cleanup due later than ¶ F counts
    (`permit_against_the_law`, `petition_against_the_law`) — a problem found both ways told once. When every
    field read, the error is a `RecordRefused` holding the record. An unknown field is named with the fields
    allowed, and the record by what it is (`RECORD_NAMES`: "a hearing notice"), never its class. A hearing
    notice is returned as it is printed (`notice_as_printed`: the Town's name, the hearing's local time), a
    permit and a petition with the Town's name for its alias (`town_as_printed`: ``carmel-ny`` printed ``Town of
    Carmel``)."""
    what = RECORD_NAMES.get(cls.__name__, "the record")
    if not isinstance(data, dict):
        if prefix:
            raise ValueError(f"{prefix.rstrip('.')}: expected an object of fields, got {given(data)}")
        raise ValueError(f"expected an object of fields of {what}, got {given(data)}")
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    problems = [f"{prefix}{name}: is not a field of {what}; allowed: {', '.join(fields)}"
                for name in sorted(set(data) - set(fields))]
    kwargs: dict[str, Any] = {}
    unread = False  # a field required and missing, or not read: the record cannot be made
    for name, f in fields.items():
        where = prefix + name
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        if name not in data or (data[name] is None and not required):  # (null: an optional field not given)
            if required:
                problems.append(f"{where}: is required")
                unread = True
            continue
        if required and hints[name] is str and isinstance(data[name], str) and not data[name].strip():
            problems.append(f"{where}: is required; got an empty text")
            unread = True
            continue
        try:
            kwargs[name] = _convert(hints[name], data[name], where)
        except RecordRefused as exc:  # (a nested record read, though wrong: its problems, and it is kept)
            kwargs[name] = exc.record
            problems += exc.problems
        except ValueError as exc:
            problems += str(exc).split("\n")  # (a nested record's own problems, each on its line)
            unread = True
    problems += field_problems(cls, kwargs, prefix, data)
    unprintable = _unprintable(cls, data, prefix)
    if unread:  # (what needs the whole record follows once every field reads)
        raise ValueError("\n".join(problems + _not_told(unprintable, problems)))
    record = cls(**kwargs)
    law = inconsistencies(record, prefix) + against_the_law(record, prefix)
    law += summons_town_and_citations(record, prefix) + certificate_against_the_law(record, prefix)
    law += hearing_notice_against_the_law(record, prefix, written_at=data.get("hearing_at"))
    law += permit_against_the_law(record, prefix) + petition_against_the_law(record, prefix)
    told = set(problems)  # (a field's own problem the law finds again is told once: a use group, a number)
    problems += [line for line in dict.fromkeys(law) if line not in told]
    problems += _not_told(unprintable, problems)
    if problems:
        raise RecordRefused(record, problems)
    if isinstance(record, HearingNoticeRecord):
        return typing.cast(R, notice_as_printed(record))
    if isinstance(record, PermitRecord | PetitionRecord):
        return typing.cast(R, town_as_printed(record))
    return record


#: The records a PDF prints, whose texts read from JSON are held to what the documents can print (`_unprintable`,
#: interpretation G-6): the certificate, the permit, the petition, the hearing notice and the summons.
PRINTED_RECORDS: tuple[str, ...] = ("CertificateRecord", "PermitRecord", "PetitionRecord", "HearingNoticeRecord",
                                    "SummonsRecord")


def _unprintable(cls: type, data: Mapping[str, Any], prefix: str) -> list[str]:
    """The texts of `data` (a record of `PRINTED_RECORDS` as its JSON file gives it, its rooms and other lists
    included) that the documents cannot print (`documents.pdf.typeface.check`, interpretation G-6), one line each
    naming the field (``spaces[1].name``), so that they are told with the file's other problems, not only once
    the record reads and its PDF is made. Other records, and the file's unknown fields: nothing."""
    if cls.__name__ not in PRINTED_RECORDS:
        return []
    from publicassembly.documents.pdf import typeface  # (ReportLab and fonts: only for a document's record)

    names = {f.name for f in dataclasses.fields(cls)}
    try:
        typeface.check({k: v for k, v in data.items() if k in names}, prefix.rstrip("."))
    except typeface.UnprintableText as exc:
        return [problem.message() for problem in exc.problems]
    return []


def _not_told(lines: list[str], told: list[str]) -> list[str]:
    """The `lines` whose field no line of `told` names: a field refused already (a town that is not the
    document's, whatever its characters) is not told again."""
    said = {line.partition(": ")[0] for line in told}
    return [line for line in lines if line.partition(": ")[0] not in said]


#: The dates of a record read from JSON that record something done — a certificate or a permit issued, a permit
#: revoked, a petition filed, a deadline's act done, a BLDS permit applied for, issued, completed or given its
#: status, an inspection requested or made — with what a day after the Town's today would say (interpretation
#: G-10: nothing has happened after today; `field_problems`). A summons' ``offense_date`` is refused with its
#: town and citations (`summons_town_and_citations`). The days still to come a record may state (an assembly's
#: days, a cleanup or deadline due, a hearing, a summons' return, a BLDS permit's expiry, an inspection
#: scheduled) are not among them.
HAPPENED: dict[str, dict[str, str]] = {
    "CertificateRecord": {"issued_date": "a certificate dated then cannot have been issued yet; give the day the "
                                         "Building Inspector issued it"},
    "PermitRecord": {"issued_date": "a permit dated then cannot have been issued yet; give the day the Town Clerk "
                                    "issued it for the Town Board (Carmel Code ch. 31, permit requirements ¶ A)",
                     "revoked_date": "the Town Board cannot have revoked the permit on a day still to come; give "
                                     "the day it revoked it (Carmel Code ch. 31, permit requirements ¶ G)",
                     "bond_disposition_date": "the Town Board cannot have released or forfeited the bond on a day "
                                              "still to come; give the day it did"},
    "PetitionRecord": {"filed_date": "a petition cannot have been filed on a day still to come; give the day it "
                                     "was filed with the Town Clerk, or leave filed_date out (the form then has "
                                     "the line blank)"},
    "DeadlineItem": {"done_on": "what the deadline asks cannot have been done on a day still to come; give the day "
                                "it was done, or leave done_on out while it is not done"},
    "HearingNoticeRecord": {"published_on": "the notice cannot have been published on a day still to come; give "
                                            "the day the newspaper published it, or leave published_on out while it "
                                            "is not published"},
    "BldsPermitRow": {field: "a permit's record states what has happened; give the day it happened, or leave "
                             f"{field} out" for field in ("applied_date", "issued_date", "completed_date",
                                                         "status_date")},
    "BldsInspectionRow": {field: "an inspection's record states what has happened; give the day it happened, or "
                                 f"leave {field} out" for field in ("request_date", "inspected_date")},
}


def field_problems(cls: type, read: Mapping[str, Any], prefix: str = "", given_names: Any = ()) -> list[str]:
    """What the fields of record class `cls` read from JSON (`read`: those that read, by name; `given_names`:
    the file's object, its fields whether they read or not: one that did not read has its own problem, and is not
    told again as missing) show wrong
    without the rest of the record, one line each naming the field, so that `record_from_json` lists them with
    the fields missing or of the wrong kind (every problem of a file's fields at once; what needs the whole
    record, the law's loads and sums, follows once they read):

    - a certificate's room or area (`CertificateSpace`): ``use_group`` one of §§ 164-7, 164-8; ``alleys`` given
      for a ``bowling_alley`` (§ 164-7 counts it by alleys: without them any load would pass) and for no other
      use group (interpretation D-8);
    - a certificate (`CertificateRecord`): ``number`` a certificate number (`_certificate_number_problem`);
      ``superseded_by`` only with status ``superseded`` (a certificate of another status printed without it
      would hide it);
    - every record: a date of what has happened (`HAPPENED`: a certificate's or permit's ``issued_date``, a
      permit's ``revoked_date``, a petition's ``filed_date``, a deadline's ``done_on``, a BLDS row's dates of
      what was done) not after the Town's today (`town_today`): what it records has not happened yet
      (interpretation G-10).

    Other records: nothing."""
    p = prefix
    out: list[str] = []
    today = town_today()
    happened = [f"{p}{field}: {read[field]} is after today ({today}): {words} (interpretation G-10)"
                for field, words in HAPPENED.get(cls.__name__, {}).items()
                if isinstance(read.get(field), date) and read[field] > today]
    if cls is CertificateSpace:
        from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import USE_GROUPS

        group = read.get("use_group")
        if group is not None and group not in USE_GROUPS:
            out.append(f"{p}use_group: {group!r} is not a use group of §§ 164-7, 164-8; allowed: "
                       f"{', '.join(USE_GROUPS)}")
        alleys = read.get("alleys")
        # (alleys the file gives that did not read, 24.5 or "12", are told by their own problem, not as missing)
        unread = isinstance(given_names, Mapping) and given_names.get("alleys") is not None and alleys is None
        if group == "bowling_alley" and alleys is None and not unread:
            out.append(f"{p}alleys: is required for use group 'bowling_alley': Mount Pleasant Code § 164-7 allows "
                       "a number of persons for each alley, its runway included, and by floor area for the "
                       "additional area; give the number of alleys (0 or more) and, as area_sq_ft, the "
                       "additional area (interpretation D-8)")
        elif group is not None and group != "bowling_alley" and alleys is not None:
            out.append(f"{p}alleys: only a space of use group 'bowling_alley' has alleys (Mount Pleasant Code "
                       f"§ 164-7); use group {group!r} is counted by its floor area: leave alleys out or null")
    elif cls is CertificateRecord:
        if "number" in read:
            out += _certificate_number_problem(read["number"], p)
        out, happened = out + happened, []
        status, by = read.get("status", "valid"), read.get("superseded_by", "")
        told = "status" in given_names and "status" not in read  # (its own problem is told)
        if by and by.strip() and status != "superseded" and not told:
            out.append(f"{p}superseded_by: {by!r} is given for a certificate whose status is {status!r}; only a "
                       "superseded certificate names the certificate that replaced it: give status 'superseded' "
                       "or leave superseded_by out")
    return out + happened


def _bond_disposition_problems(record: PermitRecord, p: str) -> list[str]:
    """What a permit says of its bond's release or forfeiture against itself (`inconsistencies`; interpretations
    P-32, P-35), one line each naming the field: the act and its day given together, and its reason only with it;
    no act on a permit still valid (the bond insures a cleanup after the assembly, ¶ F: the Board settles it after
    the assembly was held, an expired permit, or the permit revoked); the day not before the permit's issue nor,
    when revoked, before its revocation."""
    done = record.bond_disposition
    out: list[str] = []
    if done is None:
        for field, value in (("bond_disposition_date", record.bond_disposition_date),
                             ("bond_disposition_reason", record.bond_disposition_reason.strip() or None)):
            if value is not None:
                out.append(f"{p}{field}: given without bond_disposition; give bond_disposition (released or "
                           f"forfeited), or leave {field} out while the bond is posted")
        return out
    if record.status == "valid":
        out.append(f"{p}bond_disposition: the bond of a permit whose status is 'valid' is not released nor forfeited: "
                   "it insures the cleanup after the assembly (Carmel Code ch. 31, permit requirements ¶ F); the Town "
                   "Board settles it after the assembly was held or the permit revoked: give status 'expired' or "
                   "'revoked', or leave bond_disposition out (interpretation P-35)")
    day = record.bond_disposition_date
    if day is None:
        out.append(f"{p}bond_disposition_date: is required with bond_disposition {done!r}: the day the Town Board "
                   f"{done} the bond (Carmel Code ch. 31, permit requirements ¶ F); give it, or leave bond_disposition "
                   "out while the bond is posted")
    elif day < record.issued_date:
        out.append(f"{p}bond_disposition_date: {day} is before issued_date {record.issued_date}; the Town Board "
                   "releases or forfeits the bond of a permit after it is issued")
    elif record.status == "revoked" and record.revoked_date is not None and day < record.revoked_date:
        out.append(f"{p}bond_disposition_date: {day} is before revoked_date {record.revoked_date}; the bond of a "
                   "revoked permit is released or forfeited after its revocation (interpretation P-32)")
    return out


def inconsistencies(record: object, prefix: str = "") -> list[str]:
    """What a record says against itself, one line each naming the field (empty when nothing): a permit's
    ``last_day`` before its ``first_day``, its cleanup due before the assembly's last day (¶ F: within days
    after it), its ``issued_date`` after its last day (¶ A, interpretation P-7), a ``revoked_date`` on a permit
    not revoked, missing on a revoked one (the Board revokes on a day, ¶ G) or before its issue; a summons'
    ``min_fine`` above its ``max_fine``, its ``return_date`` not after the offense (it is after the day of
    issue, which is not before the offense: W-7) or on a day the Town Justice Court does not sit (a Saturday,
    Sunday or GCL § 24 holiday, the law core's `court_does_not_sit_because`; interpretation W-8), its
    ``return_time`` not ``HH:MM`` from 00:00 to 23:59 (`RETURN_TIME`, as the workflow's summonses). (A hearing notice published on or after the
    hearing is refused by its renderer, `documents.pdf.notice`, for every caller.) A document printing such a
    record would state something the law does not allow, so `record_from_json` refuses it; the workflow's own
    records hold these by construction."""
    p = prefix
    out: list[str] = []
    if isinstance(record, PermitRecord):
        if record.last_day < record.first_day:
            out.append(f"{p}last_day: {record.last_day} is before first_day {record.first_day}")
        if record.cleanup_due_date < record.last_day:
            out.append(f"{p}cleanup_due_date: {record.cleanup_due_date} is before last_day {record.last_day}; "
                       "the cleanup is due within days after the assembly (Carmel ch. 31 ¶ F)")
        if record.revoked_date is not None and record.status != "revoked":
            out.append(f"{p}revoked_date: given for a permit whose status is {record.status!r}; give status "
                       "'revoked' or leave revoked_date out")
        if record.revoked_date is None and record.status == "revoked":
            out.append(f"{p}revoked_date: is required for a permit whose status is 'revoked': the day the Town "
                       "Board revoked it (Carmel ch. 31 ¶ G); give it, or another status")
        from publicassembly.law.jurisdictions.us_ny_carmel.permit import too_late_to_issue  # (Carmel's only)

        if too_late_to_issue(record.last_day, record.issued_date):
            out.append(f"{p}issued_date: {record.issued_date} is after last_day {record.last_day}; a permit is "
                       "issued for an assembly still to come or under way (Carmel ch. 31 ¶ A; interpretation P-7)")
        if record.revoked_date is not None and record.revoked_date < record.issued_date:
            out.append(f"{p}revoked_date: {record.revoked_date} is before issued_date {record.issued_date}")
        out += _bond_disposition_problems(record, p)
    elif isinstance(record, SummonsRecord):
        if record.min_fine > record.max_fine:
            out.append(f"{p}min_fine: {record.min_fine} is more than max_fine {record.max_fine}")
        if record.return_date < record.offense_date:
            out.append(f"{p}return_date: {record.return_date} is before offense_date {record.offense_date}")
        elif record.return_date == record.offense_date:
            out.append(f"{p}return_date: {record.return_date} is the offense_date; a summons is returnable after "
                       "its day of issue, which is not before the offense (interpretation W-7): give a later day")
        if record.return_time.strip() and not RETURN_TIME.fullmatch(record.return_time.strip()):
            out.append(f"{p}return_time: {record.return_time!r} is not a time of day; allowed: HH:MM on the "
                       "24-hour clock, 00:00 to 23:59 (e.g. 09:30), or leave return_time out")
        closed = court_does_not_sit_because(record.return_date)
        if closed is not None:
            out.append(f"{p}return_date: {record.return_date} is {closed}, when the Town Justice Court does not "
                       "sit; a summons is returnable on a business day (interpretation W-8)")
    return out


#: A summons' penalty fields and what each states, in the order of the summons (`against_the_law`).
_PENALTY_FIELDS = (("min_fine", "least fine"), ("max_fine", "greatest fine"),
                   ("max_jail_days", "longest imprisonment in days"),
                   ("max_jail_months", "longest imprisonment in months"), ("classification", "classification"))


def _stated(field: str, value: object) -> str:
    """A penalty field's value as a message states it: money in dollars, no imprisonment as none."""
    if value is None:
        return "none (null)"
    if field.endswith("_fine"):  # in cents, unless given finer (100.001 is not $100.00)
        money = Decimal(str(value))
        return f"${money:,.2f}" if money == money.quantize(Decimal("0.01")) else f"${money:,f}"
    return repr(str(value)) if field == "classification" else str(value)


def _same(field: str, stated: object, law: object) -> bool:
    """Whether a penalty field states the law's value: money compared exactly as Decimal (100 and 100.00 are
    equal), no imprisonment given as null or 0, the classification as the law core's English word."""
    if field.endswith("_fine"):
        return Decimal(str(stated)) == Decimal(str(law))
    if field.startswith("max_jail_"):
        return (stated or None) == law
    return str(stated) == str(law)


def against_the_law(record: object, prefix: str = "") -> list[str]:
    """What a summons read from JSON states against the law core, one line each naming the field (empty when
    nothing; other records: nothing). For its ``jurisdiction`` (one of `SUMMONS_JURISDICTIONS`):

    - ``rule_id`` must be a rule of the jurisdiction's rule book (``publicassembly rules --jurisdiction ALIAS``
      lists them) that a person can violate (`Jurisdiction.violable_rules`, interpretation W-19: not a
      definition, an exception, an official's duty or the penalty);
    - Mount Pleasant (§ 164-14): ``offense_number`` given (1 or more) and no ``days_of_continued_violation``;
      Carmel (ch. 31 penalties ¶¶ A, B): ``days_of_continued_violation`` given (1 or more) and no
      ``offense_number``;
    - ``min_fine``, ``max_fine``, ``max_jail_days``, ``max_jail_months`` and ``classification`` must be the law
      core's penalty (`Jurisdiction.penalty` of the count its chapter counts by: the offense number, the days)
      under the values in force on ``offense_date`` (a date before the chapter's penalties took effect is refused naming
      ``offense_date``). Money is compared exactly (100 and 100.00 are equal); a null and a 0 imprisonment both
      say none.

    The law's numbers are the law core's, never restated here. The workflow's summonses take their penalty from
    the law core (`enforcement.services.penalty_range`) and are not checked again; `record_from_json` applies
    this to the records of ``--from-json`` files."""
    if not isinstance(record, SummonsRecord):
        return []
    from publicassembly.law import jurisdictions
    from publicassembly.law.errors import ParameterNotInForce
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.penalties import an_ordinal
    from publicassembly.law.messages import plural

    p = prefix
    alias = record.jurisdiction
    if alias not in SUMMONS_JURISDICTIONS:
        return [f"{p}jurisdiction: {alias!r} is not allowed; allowed: {', '.join(SUMMONS_JURISDICTIONS)}"]
    j = jurisdictions.get(alias)
    code = j.code.split(",")[0]  # "Mount Pleasant Code ch. 164", "Carmel Code ch. 31"
    out: list[str] = []
    ids = [r.id for r in j.rules]
    if record.rule_id not in ids:
        close = difflib.get_close_matches(record.rule_id, ids, n=1)
        others = [a for a in SUMMONS_JURISDICTIONS
                  if a != alias and record.rule_id in {r.id for r in jurisdictions.get(a).rules}]
        hint = (f"; it is a rule of {others[0]}: is jurisdiction right?" if others
                else f"; did you mean {close[0]!r}?" if close else "")
        out.append(f"{p}rule_id: {record.rule_id!r} is not a rule of {code} ({alias}); its rules are listed by "
                   f"`publicassembly rules --jurisdiction {alias}`{hint}")
    elif record.rule_id not in j.violable_rules:
        # A rule of the book that states no duty of a person (a definition, an exception, the Town's or its
        # officers' own acts, the penalty): no one is summoned for violating it (interpretation W-19).
        out.append(f"{p}rule_id: {record.rule_id!r} is not a requirement of {code} a person can violate "
                   f"(interpretation W-19): a summons is for a violation of one of the rules "
                   f"{', '.join(j.violable_rules)}")
    days, number = record.days_of_continued_violation, record.offense_number
    if j.penalty_counted_by == "days_of_continued_violation":
        if number is not None:
            out.append(f"{p}offense_number: a Carmel summons has none: Carmel Code ch. 31 (penalties ¶¶ A, B) "
                       f"counts the days of continued violation, not offenses; give null (got {number})")
        if days is None or days < 1:
            out.append(f"{p}days_of_continued_violation: "
                       + ("is required for a Carmel summons" if days is None else f"is {days}; it must be at least 1")
                       + ": the number of days the violation continued, each day a separate violation (Carmel "
                         "Code ch. 31, penalties ¶ A)")
            return out
        what = f"{plural(days, 'day')} of continued violation"
    else:
        if days is not None:
            out.append(f"{p}days_of_continued_violation: a Mount Pleasant summons has none: § 164-14 sets the "
                       f"penalty by offense number, not by days; leave it out or give null (got {days})")
        if number is None or number < 1:
            out.append(f"{p}offense_number: "
                       + ("is required for a Mount Pleasant summons" if number is None
                          else f"is {number}; it must be at least 1")
                       + ": 1 for a first offense, 2 for a second, ... (Mount Pleasant Code § 164-14)")
            return out
        what = f"{an_ordinal(number)} offense"
    try:
        penalty = j.penalty(getattr(record, j.penalty_counted_by), record.offense_date)
    except ParameterNotInForce as exc:
        cited = j.parameters.parameters[exc.name].cite
        out.append(f"{p}offense_date: {record.offense_date} is before {exc.first}, the day the penalty of {code} "
                   f"({cited}) took effect; no penalty of the chapter is in force on it")
        return out
    for field, words in _PENALTY_FIELDS:
        stated, law = getattr(record, field), getattr(penalty, field)
        if not _same(field, stated, law):
            out.append(f"{p}{field}: the law's {words} for {what} is {_stated(field, law)} ({penalty.citation}, "
                       f"in force on offense_date {record.offense_date}); got {_stated(field, stated)}")
    return out


# --- A certificate against Mount Pleasant ch. 164 (`certificate_against_the_law`) -------------------------------

def _certificate_number_problem(number: str, p: str) -> list[str]:
    """The refusal of a certificate's ``number`` that is not a certificate number (`documents.certificate_number`,
    the rule of ``sign --certificate`` and the public look-up), else nothing."""
    from publicassembly.documents.certificate_number import (
        CERTIFICATE_NUMBER_FORMAT,
        as_given,
        is_certificate_number,
    )

    if is_certificate_number(number):
        return []
    return [f"{p}number: a certificate number is {CERTIFICATE_NUMBER_FORMAT}; got {as_given(number)}"]


def certificate_against_the_law(record: object, prefix: str = "") -> list[str]:
    """What a certificate read from JSON states against Mount Pleasant ch. 164, one line each naming the field,
    the value in the file and what the law gives or allows (empty when nothing; other records: nothing):

    - ``number``: a certificate number (`documents.certificate_number`, the rule of ``sign --certificate`` and the
      public look-up);
    - ``issued_date``: not before the chapter took effect (its parameters' first day, 1976-02-24);
    - ``spaces``: at least one; no two named alike as a reader takes a name (`same_name`: ``Hall`` and
      ``hall ``), which `check` refuses too (each room's sign, § 164-9, must tell them apart); each ``use_group``
      one of §§ 164-7, 164-8; each ``occupant_load`` the law core's (`determination_law.space_load`) for its use group
      and area under the values in force on ``issued_date`` — a bowling alley's with its ``alleys`` (a record
      the workflow made, which does not state them: its area's load plus a whole number of alleys at § 164-7's
      persons per alley; one read from JSON must give them, `field_problems`, D-8); an area more than 0 but
      a bowling alley's additional area (a room of no floor area holds no one, as the workflow refuses it); an area
      written with a fraction may be one shown to four places, and a load one person less is taken too
      (interpretation G-9);
    - ``lawful_occupancy``: the sum of the spaces' occupant loads (§§ 164-7, 164-9); not 0, and not so few that
      not even a commercial place would be a place of assembly (§ 164-4, `places.meets_threshold` with
      ``commercial`` not known, as a record does not state it): the certificate is that of a place of assembly
      (§ 164-3; interpretation M-17, as the Building Inspector's is refused).

    The law's numbers are the law core's, never restated here. The workflow's certificates take their loads from
    the law core (`venues.services`) and are not checked again."""
    if not isinstance(record, CertificateRecord):
        return []
    from publicassembly.documents.determination_law import space_load
    from publicassembly.documents.pdf.certificate import use_group_name
    from publicassembly.law import jurisdictions
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import cite
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import USE_GROUPS
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.names import same_name
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.occupancy import (
        floor_area_per_occupant,
        may_have_no_floor_area,
    )
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.places import (
        meets_threshold,
        threshold_persons,
    )

    p = prefix
    out: list[str] = _certificate_number_problem(record.number, p)
    j = jurisdictions.get("mount-pleasant-ny")
    code = j.code.split(",")[0]
    first = j.parameters.in_force_from
    in_force = record.issued_date >= first
    if not in_force:
        out.append(f"{p}issued_date: {record.issued_date} is before {first}, the day {code} took effect; no "
                   "certificate of the chapter is issued on it (interpretation M-1)")
    if not record.spaces:
        out.append(f"{p}spaces: a certificate states each room or area with its occupant load, whose sum is the "
                   f"lawful occupancy ({cite('164-7', '164-9')}); got none, with a lawful occupancy of "
                   f"{record.lawful_occupancy:,}")
        return out
    values = j.parameters.at(record.issued_date)
    said: dict[str, int] = {}  # a name as read (`same_name`) -> the first space's index
    total: int | None = 0  # the law's lawful occupancy (None when a space's load cannot be computed)
    for i, space in enumerate(record.spaces):
        at = f"{p}spaces[{i}]"
        other = said.setdefault(same_name(space.name), i)
        if other != i:
            first = record.spaces[other].name
            alike = (f"is also the name of spaces[{other}]" if space.name == first else
                     f"is the name of spaces[{other}] ({first!r}) written differently")
            out.append(f"{at}.name: {space.name!r} {alike}; each room or area needs its own name (its sign, "
                       "§ 164-9, must tell them apart)")
        if space.use_group not in USE_GROUPS:
            out.append(f"{at}.use_group: {space.use_group!r} is not a use group of §§ 164-7, 164-8; allowed: "
                       f"{', '.join(USE_GROUPS)}")
            total = None
            continue
        if not in_force:
            total = None
            continue
        bowling = space.use_group == "bowling_alley"
        if space.area_sq_ft is None and not bowling:
            out.append(f"{at}.area_sq_ft: is required for use group {space.use_group!r}: the occupant load is the "
                       f"floor area divided by the floor area per occupant "
                       f"({cite('164-8' if space.use_group == 'open_air' else '164-7')}); got null")
            total = None
            continue
        area = Decimal(0) if space.area_sq_ft is None else space.area_sq_ft
        factor = floor_area_per_occupant(space.use_group, values)
        section = cite("164-8" if space.use_group == "open_air" else "164-7")
        if area == 0 and not may_have_no_floor_area(space.use_group):  # as the workflow refuses it
            out.append(f"{at}.area_sq_ft: a room or area has a floor area of more than 0 ({section}): one of 0 holds "
                       "no one and its sign would say 0; only a bowling alley's additional area (beyond its alleys) "
                       "may be 0")
            total = None
            continue
        named = use_group_name(space.use_group)
        words = f"{area:,} sq ft of {named[:1].lower() + named[1:]} at {factor} sq ft per person"
        stated = space.occupant_load
        # (a bowling alley's alleys, when the record gives them; else any whole number of them is taken, as a
        # record the workflow made may not state them: one read from JSON must, `field_problems`)
        allowed, law = space_load(space.use_group, area, space.alleys if bowling else None, stated, values,
                                  fractional=area != area.to_integral_value())
        if not allowed and bowling and space.alleys is not None:
            per = int(values["occupancy.bowling.persons_per_alley"])
            out.append(f"{at}.occupant_load: the file states {stated:,}; the law gives {law:,} for {words} plus "
                       f"{space.alleys:,} alley{'' if space.alleys == 1 else 's'} at {per} persons for each alley ({section}, in force on "
                       f"issued_date {record.issued_date})")
        elif not allowed and bowling:
            per = int(values["occupancy.bowling.persons_per_alley"])
            out.append(f"{at}.occupant_load: the file states {stated:,}; the law gives {law:,} for {words} plus "
                       f"{per} persons for each alley, a whole number of alleys ({section}, in force on "
                       f"issued_date {record.issued_date})")
            total = None
            continue
        elif not allowed:
            out.append(f"{at}.occupant_load: the file states {stated:,}; the law gives {law:,} ({words}, "
                       f"rounded down; {section}, in force on issued_date {record.issued_date})")
        if total is not None:
            total += law
    if total is not None and record.lawful_occupancy != total:
        out.append(f"{p}lawful_occupancy: the file states {record.lawful_occupancy:,}; the law gives {total:,} (the "
                   f"sum of the spaces' occupant loads; {cite('164-7', '164-9')}, in force on issued_date "
                   f"{record.issued_date})")
    elif total == 0:  # (interpretation M-17, as the Building Inspector's certificate is refused)
        out.append(f"{p}lawful_occupancy: 0 persons: no room or area holds one person at its use group's floor area "
                   f"per occupant, so there is no number for a certificate to state ({cite('164-9')}; "
                   "interpretation M-17)")
    elif total is not None and meets_threshold(total, None, values) is False:  # (a record states no `commercial`)
        least = threshold_persons(True, values)
        out.append(f"{p}lawful_occupancy: {total:,} persons is fewer than the {least} that make even a commercial "
                   f"room or space a place of assembly ({cite('164-4')}): the certificate of a place of assembly "
                   f"({cite('164-3')}) is not issued for it (interpretation M-17)")
    return out


# --- A summons' town, citations and day of offense (`summons_town_and_citations`) -------------------------------

#: The Towns' time zone (both are in New York): a record's dates and times are local to it, the day of an
#: offense is the Town's day (`town_today`), a calendar's times are written in it (`documents.calendars`).
TOWN_TZ = ZoneInfo("America/New_York")


def _words(text: str) -> str:
    """`text` compared as words: whitespace runs as one space, case ignored."""
    return " ".join(text.split()).casefold()


def town_names(alias: str) -> tuple[str, ...]:
    """The ways a summons record may name the town of jurisdiction `alias`: the law core's name (``Town of Mount
    Pleasant, New York``, as the workflow's towns are named), that name without the State (``Town of Mount
    Pleasant``) and the alias itself (``mount-pleasant-ny``). The summons prints the law core's name."""
    from publicassembly.law import jurisdictions

    name = jurisdictions.get(alias).name
    return name, name.split(",")[0].strip(), alias


def town_today() -> date:
    """The Town's date today (`TOWN_TZ`)."""
    return datetime.now(TOWN_TZ).date()


def summons_town_and_citations(record: object, prefix: str = "", *, today: date | None = None) -> list[str]:
    """What a summons read from JSON states of another town, another law or a day to come, one line each naming
    the field (empty when nothing; other records, or a jurisdiction `against_the_law` refuses: nothing):

    - ``town`` must be the jurisdiction's town (`town_names`);
    - ``citation`` must be the citation of ``rule_id`` in the law core's rule book (when it is one of its rules);
    - ``penalty_citation``, when given, the citation of the law core's penalty (Mount Pleasant § 164-14, Carmel
      ch. 31 penalties ¶ B) in force on ``offense_date``;
    - ``offense_date`` not after `today` (default: the Town's date today, `town_today`): an offense that has not
      happened is charged to no one;
    - Carmel: ``days_of_continued_violation`` counted from ``offense_date`` not running past `today` (the law
      core's `days_still_to_come`, ch. 31 penalties ¶ A: a day still to come is no violation yet; D-11);
    - ``return_date`` at most `RETURN_WITHIN_DAYS` days after `today`: a summons is returnable at most that many
      days after its day of issue (interpretation W-7, as the workflow's), and a summons printed now is issued
      not after today.

    The workflow's summonses take their town, rule citation and penalty from the law core
    (`enforcement.documents.summons_record`) and their day from a recorded violation, so they pass."""
    if not isinstance(record, SummonsRecord) or record.jurisdiction not in SUMMONS_JURISDICTIONS:
        return []
    from publicassembly.law import jurisdictions

    p = prefix
    alias = record.jurisdiction
    j = jurisdictions.get(alias)
    out: list[str] = []
    names = town_names(alias)
    if _words(record.town) not in {_words(n) for n in names}:
        out.append(f"{p}town: {record.town!r} is not the town of jurisdiction {alias}; give {names[0]!r} (or "
                   f"{names[1]!r})")
    rules = {r.id: r for r in j.rules}
    if record.rule_id in rules and _words(record.citation) != _words(rules[record.rule_id].citation):
        out.append(f"{p}citation: {record.citation!r} is not the citation of rule {record.rule_id}; the law's "
                   f"citation is {rules[record.rule_id].citation!r}")
    law = _law_penalty(record)
    if record.penalty_citation.strip() and law is not None and \
            _words(record.penalty_citation) != _words(law.citation):
        out.append(f"{p}penalty_citation: {record.penalty_citation!r} is not the citation of the law's penalty; "
                   f"it is {law.citation!r} (in force on offense_date {record.offense_date}); give it or leave "
                   "penalty_citation out")
    day = town_today() if today is None else today
    if record.offense_date > day:
        out.append(f"{p}offense_date: {record.offense_date} is after today ({day}); a summons charges an offense "
                   "that has happened")
    days = record.days_of_continued_violation
    if (j.penalty_counted_by == "days_of_continued_violation" and record.offense_date <= day
            and isinstance(days, int) and not isinstance(days, bool) and days >= 1):
        from publicassembly.law.jurisdictions.us_ny_carmel.penalties import days_still_to_come

        to_come = days_still_to_come(record.offense_date, days, day)
        if to_come is not None:  # (the law core's words, as `check` refuses them: interpretation D-11)
            out.append(f"{p}days_of_continued_violation: {to_come}")
    last = day + timedelta(days=RETURN_WITHIN_DAYS)
    if record.return_date > last:
        out.append(f"{p}return_date: {record.return_date} is more than {RETURN_WITHIN_DAYS} days after today "
                   f"({day}); allowed: a day up to {last}, for a summons is returnable at most {RETURN_WITHIN_DAYS} "
                   "days after its day of issue, which is not after today (interpretation W-7)")
    return out


def _law_penalty(record: SummonsRecord) -> Any:
    """The law core's penalty of the summons `record` in force on its offense date (`Jurisdiction.penalty`), or
    None when the record gives no valid count of what its chapter counts by (refused by `against_the_law`) or no
    penalty is in force on it."""
    from publicassembly.law import jurisdictions
    from publicassembly.law.errors import ParameterNotInForce

    j = jurisdictions.get(record.jurisdiction)
    count = getattr(record, j.penalty_counted_by)
    if count is None or count < 1:
        return None
    try:
        return j.penalty(count, record.offense_date)
    except ParameterNotInForce:
        return None


# --- A hearing notice against Carmel ch. 31 ¶ B (`hearing_notice_against_the_law`) ------------------------------

def notice_town(text: str) -> str | None:
    """The name the notice prints for the Town `text` names, when its Board holds the hearing the notice
    announces (one of `NOTICE_JURISDICTIONS`), else None. `text` may be the jurisdiction's alias
    (``carmel-ny``), its Open Civic Data id (the law core's `jurisdictions.get`) or its name with or without the
    State (``Town of Carmel, New York``, ``Town of Carmel``: `town_names`), compared as words (case and runs of
    whitespace ignored). The name printed is the law core's without the State: ``Town of Carmel``."""
    from publicassembly.law import jurisdictions

    for alias in NOTICE_JURISDICTIONS:
        j = jurisdictions.get(alias)
        if _words(text) in {_words(n) for n in (*town_names(alias), j.ocd_id)}:
            return town_names(alias)[1]
    return None


def _notice_towns() -> str:
    """The values ``town`` may take, as a refusal lists them."""
    from publicassembly.law import jurisdictions

    out: list[str] = []
    for alias in NOTICE_JURISDICTIONS:
        name, short, _alias = town_names(alias)
        out += [alias, jurisdictions.get(alias).ocd_id, repr(short), repr(name)]
    return ", ".join(out)


def _not_a_notice_town(text: str, p: str, *, other_law: str = "holds no public hearing on a permit for a public "
                       "assembly", ours: str = "a Town whose Board holds the public hearing of this notice",
                       document: str = "the notice is of the hearing of Carmel Code ch. 31, permit requirements "
                       "¶ B") -> str:
    """The refusal of ``town`` `text` on a document of Carmel ch. 31 (a notice, by default; a permit or a
    petition with their own words: `permit_against_the_law`, `petition_against_the_law`), naming the Town it is
    when it is another of the law core's, whose law `other_law`; else saying it is not `ours`; then what the
    `document` is and the values allowed."""
    from publicassembly.law import jurisdictions

    other = ""
    for j in jurisdictions.all_jurisdictions():
        if _words(text) in {_words(n) for n in (*town_names(j.alias), j.ocd_id)}:
            code = j.code.split(",")[0]
            other = f" is the {town_names(j.alias)[1]}, whose law ({code}) {other_law};"
    said = repr(text) + (other or f" is not {ours};")
    return f"{p}town: {said} {document}; allowed: {_notice_towns()}"


def town_as_printed(record: PermitRecord | PetitionRecord) -> PermitRecord | PetitionRecord:
    """A permit or petition `record` with its ``town`` as its document prints it: given as the jurisdiction's
    alias or Open Civic Data id (``carmel-ny``), the Town's name (`notice_town`: ``Town of Carmel``); given as
    a name (``Town of Carmel, New York``, as the workflow names the Town), as written."""
    from publicassembly.law import jurisdictions

    for alias in NOTICE_JURISDICTIONS:
        if _words(record.town) in {_words(alias), _words(jurisdictions.get(alias).ocd_id)}:
            return dataclasses.replace(record, town=town_names(alias)[1])
    return record


# --- A permit and a petition of Carmel ch. 31 (`permit_against_the_law`, `petition_against_the_law`) ------------

def _whole_cents(amount: Decimal) -> bool:
    """Whether `amount` (US dollars) is in whole cents, as the documents print money (`pdf._common.money`)."""
    return amount == amount.quantize(Decimal("0.01"))


def permit_against_the_law(record: object, prefix: str = "") -> list[str]:
    """What a permit read from JSON states against Carmel ch. 31, one line each naming the field, the value in
    the file and what the law gives (empty when nothing; other records: nothing):

    - ``town``: the Town of Carmel (`notice_town`: ``carmel-ny``, its OCD id, ``Town of Carmel`` or ``Town of
      Carmel, New York``), whose Board issues the permit through its Clerk (¶ A); another town is refused
      listing those values (an alias or id is printed ``Town of Carmel``, `town_as_printed`);
    - ``issued_date``: not before the chapter took effect (its parameters' first day, C-2);
    - ``maximum_persons``: in excess of ¶ A's threshold (``permit.threshold_persons``, `permit.in_excess`) in
      force on ``issued_date``: an assembly of that many or fewer needs no permit, and none is issued for it;
    - ``insurance.bodily_injury_limit`` and ``insurance.property_damage_limit``: at least ¶ E's least limits
      (``insurance.bodily_injury_min``, ``insurance.property_damage_min``) in force on ``issued_date`` — a higher
      limit is taken (C-9: ``insurance.bodily_injury_max`` bounds what the Board may demand, not the cover);
    - ``bond_amount``: more than $0 (¶ F: "shall post a bond"): the amount is the Town Board's to fix, and the
      chapter sets no least amount, so any other is taken (interpretation P-13);
    - ``cleanup_due_date``: not after the last day of ¶ F's cleanup, the law core's
      `us_ny_carmel.deadlines.cleanup_due` of ``last_day`` under the values in force on ``issued_date``
      (``cleanup.days_after`` calendar days, GCL §§ 20, 25-a; interpretation C-12): a later day would give the
      permittee more time than the law. An earlier one (not before ``last_day``, `inconsistencies`) is taken: a
      cleanup done by then is done within the days of ¶ F (interpretation P-15);
    - every amount of money in whole cents, as the permit prints it; a limit finer than a cent and below ¶ E's
      least is told on one line saying both, quoting the amount as written (not rounded to the cent).

    The law's numbers are the law core's, never restated here. The workflow's permits are issued from an
    application the law core has evaluated and are not checked again."""
    if not isinstance(record, PermitRecord):
        return []
    from publicassembly.law import jurisdictions
    from publicassembly.law.jurisdictions.us_ny_carmel.permit import in_excess

    p = prefix
    out: list[str] = []
    if notice_town(record.town) is None:
        out.append(_not_a_notice_town(
            record.town, p, other_law="issues no permit for a public assembly",
            ours="the Town of Carmel, whose Town Board issues this permit through its Clerk",
            document="the permit is for a public assembly under Carmel Code ch. 31, permit requirements ¶ A"))
    money_fields = (("insurance.bodily_injury_limit", record.insurance.bodily_injury_limit),
                    ("insurance.property_damage_limit", record.insurance.property_damage_limit),
                    ("bond_amount", record.bond_amount))
    cents: dict[str, int] = {}  # (a field finer than a cent: its line, which ¶ E's least joins, one per field)
    for field, amount in money_fields:
        if not _whole_cents(amount):
            cents[field] = len(out)
            out.append(f"{p}{field}: {amount:,f} is not in whole cents; the permit states money in dollars and "
                       "cents: give it to the cent")
    if record.bond_amount == 0:
        out.append(f"{p}bond_amount: the file states $0.00; the permittee posts a bond with the Town Clerk, in an "
                   "amount fixed by the Town Board, to insure the cleanup (Carmel Code ch. 31, permit requirements "
                   "¶ F): give the amount the Board fixed (interpretation P-13)")
    j = jurisdictions.get("carmel-ny")
    code = j.code.split(",")[0]
    first = j.parameters.in_force_from
    if record.issued_date < first:
        out.append(f"{p}issued_date: {record.issued_date} is before {first}, the day {code} took effect; no permit "
                   "of the chapter is issued on it (interpretation C-2)")
        return out
    values = j.parameters.at(record.issued_date)
    on = f"in force on issued_date {record.issued_date}"
    threshold = int(values["permit.threshold_persons"])
    if not in_excess(record.maximum_persons, values):  # (¶ A, the law core's test)
        out.append(f"{p}maximum_persons: the file states {record.maximum_persons:,}; a permit is required only for "
                   f"an assembly in excess of {threshold:,} persons ({values.cite('permit.threshold_persons')}, "
                   f"{on}): an assembly of {record.maximum_persons:,} needs none, and no permit is issued for it; "
                   f"give more than {threshold:,}")
    for field, amount, name, words in (
            ("bodily_injury_limit", record.insurance.bodily_injury_limit, "insurance.bodily_injury_min",
             "bodily injury or death"),
            ("property_damage_limit", record.insurance.property_damage_limit, "insurance.property_damage_min",
             "property damage")):
        least = Decimal(values[name])
        if amount < least:
            law = (f"the law gives at least ${least:,.2f} for {words} ({values.cite(name)}, {on}; a higher limit is "
                   "taken, interpretation C-9)")
            if f"insurance.{field}" in cents:  # (told once: to the cent, and at least ¶ E's, the amount as written)
                out[cents[f"insurance.{field}"]] += f"; {law}"
            else:
                out.append(f"{p}insurance.{field}: the file states ${amount:,.2f}; {law}")
    out += _cleanup_after_the_law(record, values, p, on)
    out += _forfeited_too_early(record, values, p)
    return out


def _forfeited_too_early(record: PermitRecord, values: Any, p: str) -> list[str]:
    """The refusal of a bond forfeited before a cleanup can have failed, one line naming
    ``bond_disposition_date`` (empty otherwise, or while the dates it is judged by are refused already): a
    revoked permit's bond on or before ¶ F's last day counted from the assembly's first day, the earliest it can
    have ended (the law core's `us_ny_carmel.deadlines.cleanup_due`; interpretation P-32); an expired permit's
    (its assembly held) on or before its ``cleanup_due_date`` (P-3). The workflow refuses the same forfeitures."""
    from publicassembly.law.jurisdictions.us_ny_carmel.deadlines import cleanup_due
    from publicassembly.law.messages import plural

    day = record.bond_disposition_date
    if record.bond_disposition != "forfeited" or day is None or record.last_day < record.first_day:
        return []
    if record.status == "revoked":
        due = cleanup_due(record.first_day, values).date
        if day > due:
            return []
        days = int(values["cleanup.days_after"])
        return [f"{p}bond_disposition_date: the bond is forfeited only when the waste of an assembly that took place "
                f"was not completely removed within {plural(days, 'day')} from its termination "
                f"({values.cite('cleanup.days_after')}): the assembly's first day is {record.first_day}, so no "
                f"cleanup can have failed on or before {due}; give a later day, or bond_disposition 'released' "
                "(interpretation P-32)"]
    if record.status == "expired" and day <= record.cleanup_due_date:
        return [f"{p}bond_disposition_date: the bond is forfeited only when the waste of the assembly was not "
                f"completely removed by cleanup_due_date {record.cleanup_due_date} "
                f"({values.cite('cleanup.days_after')}): no cleanup can have failed on or before it; give a later "
                "day, or bond_disposition 'released' (interpretation P-3)"]
    return []


def _cleanup_after_the_law(record: PermitRecord, values: Any, p: str, on: str) -> list[str]:
    """The refusal of a permit's ``cleanup_due_date`` later than ¶ F's last day as the law core counts it
    (`us_ny_carmel.deadlines.cleanup_due` of ``last_day`` under `values`; interpretations C-12, P-15), one line;
    empty when it is that day or earlier (`permit_against_the_law`), or when ``last_day`` is before ``first_day``
    (`inconsistencies` refuses that day, and a day counted from it would tell nothing true)."""
    from publicassembly.law.jurisdictions.us_ny_carmel.deadlines import cleanup_due
    from publicassembly.law.messages import plural

    if record.last_day < record.first_day:
        return []
    due = cleanup_due(record.last_day, values)
    if record.cleanup_due_date <= due.date:
        return []
    days = int(values["cleanup.days_after"])
    return [f"{p}cleanup_due_date: {record.cleanup_due_date} is after {due.date}, the last day to remove the waste "
            f"of an assembly whose last day is {record.last_day}: within {plural(days, 'day')} from the date of its "
            f"termination ({values.cite('cleanup.days_after')}, {on}); give {due.date} or an earlier day "
            f"(interpretation P-15). {due.counted}"]


def petition_against_the_law(record: object, prefix: str = "") -> list[str]:
    """What a petition read from JSON states of another town, one line naming ``town`` (empty when nothing;
    other records: nothing): the verified petition is addressed to the Town Board of Carmel (ch. 31, permit
    requirements ¶ B), so ``town`` is the Town of Carmel as `notice_town` reads it (`town_as_printed`);
    another town is refused listing the values allowed. The blank form (no file) is Carmel's."""
    if not isinstance(record, PetitionRecord) or notice_town(record.town) is not None:
        return []
    return [_not_a_notice_town(
        record.town, prefix, other_law="issues no permit for a public assembly",
        ours="the Town of Carmel, whose Town Board the petition is addressed to",
        document="the verified petition is for a permit under Carmel Code ch. 31, permit requirements ¶ B")]


def _a_date_alone(written: object) -> bool:
    """Whether `written` (a hearing's moment as the JSON file writes it) is a date without a time of day
    (``2026-12-15``), which a date-and-time reader takes as midnight."""
    if isinstance(written, bool) or not isinstance(written, str | int):  # (a number is read as its digits)
        return False
    try:
        date.fromisoformat(str(written).strip())
    except ValueError:
        return False
    return True


def local_moment(moment: datetime) -> datetime:
    """`moment` as the Town's local time (`TOWN_TZ`), naive: an aware moment converted to it (``23:30Z`` in
    December is 6:30 p.m. in Carmel), a naive one taken as already local."""
    return moment.astimezone(TOWN_TZ).replace(tzinfo=None) if moment.tzinfo else moment


def hearing_notice_against_the_law(record: object, prefix: str = "", *, written_at: object = None,
                                   today: date | None = None) -> list[str]:
    """What a hearing notice read from JSON states against Carmel ch. 31 ¶ B or interpretation P-8, one line
    each naming the field as the JSON spells it (empty when nothing; other records: nothing):

    - ``town``: a Town whose Board holds the hearing (`notice_town`: ``carmel-ny``, its OCD id, ``Town of
      Carmel`` or ``Town of Carmel, New York``); another town, or another of the law core's (Mount Pleasant,
      whose ch. 164 holds no such hearing), is refused listing the values allowed;
    - ``hearing_at`` (`written_at`: the value as written in the file, to tell a date alone): a date and time,
      or with ``hearing_time_to_be_announced`` true the date alone (or its midnight, as the workflow's record
      holds it) — a date alone otherwise, or an hour with the time to be announced, is refused; its day (the
      Town's, `local_moment`) not before the chapter took effect (its parameters' first day, 1972-01-01,
      interpretation C-2) nor a Sunday or a GCL § 24 public holiday (the law core's
      `no_public_hearing_because`; interpretation P-8: a Saturday is taken);
    - ``latest_publication_date``: not after the last day to publish the notice, the law core's
      `us_ny_carmel.deadlines.hearing_notice_due` of the hearing's day under the values in force on `today`
      (default the Town's date, `town_today`: the day the notice is made, as the workflow's notice counts it,
      `permits.services.hearing_notice_due`): at least ``petition.hearing_notice_days`` (10) calendar days
      before it, GCL § 20. An earlier day is taken (the notice may be published sooner);
    - ``published_on`` (when given): not after that last day either (the notice was then not published at least
      10 days prior to the hearing, which the workflow does not record: `permits.services._notice_in_time`); not
      after today is `field_problems`' (G-10);
    (Every text one the documents can print, interpretation G-6: `_unprintable`, as every printed record's; an
    empty one is refused by `record_from_json` as a required field.)

    The law's numbers and days are the law core's, never counted here. The workflow's notices take their
    hearing from `permits.services.schedule_hearing`, which checks the same, and are not checked again."""
    if not isinstance(record, HearingNoticeRecord):
        return []
    from publicassembly.law import jurisdictions
    from publicassembly.law.dates import no_public_hearing_because
    from publicassembly.law.jurisdictions.us_ny_carmel.deadlines import hearing_notice_due
    from publicassembly.law.messages import plural

    p = prefix
    out: list[str] = []
    if notice_town(record.town) is None:
        out.append(_not_a_notice_town(record.town, p))
    moment = local_moment(record.hearing_at)
    day = moment.date()
    alone = _a_date_alone(written_at)
    if record.hearing_time_to_be_announced and not alone and moment.time() != time(0, 0):
        out.append(f"{p}hearing_at: gives the hour {moment:%H:%M}, but hearing_time_to_be_announced is true (the "
                   f"notice then says the time is to be announced by the Town Clerk); write the date alone "
                   f"({day}), or give hearing_time_to_be_announced false")
    elif not record.hearing_time_to_be_announced and alone:
        out.append(f"{p}hearing_at: {str(written_at).strip()!r} is a date without the hour of the hearing, which "
                   f"the notice states; write the date and time, YYYY-MM-DDTHH:MM (e.g. {day}T19:30), or give "
                   "hearing_time_to_be_announced true when the Town Clerk has not fixed the hour")
    j = jurisdictions.get(NOTICE_JURISDICTIONS[0])
    code = j.code.split(",")[0]
    first = j.parameters.in_force_from
    if day < first:
        out.append(f"{p}hearing_at: {day} is before {first}, the day {code} took effect; no public hearing of "
                   "the chapter is held on it (interpretation C-2)")
    else:
        closed = no_public_hearing_because(day)
        if closed is not None:
            out.append(f"{p}hearing_at: {day} is {closed}; the Town Board does not hold a public hearing on a "
                       "Sunday or a public holiday (Carmel Code ch. 31, permit requirements ¶ B; interpretation "
                       "P-8): choose another day")
        on = town_today() if today is None else today
        values = j.parameters.at(on)
        due = hearing_notice_due(day, values)
        if record.latest_publication_date > due.date:
            days = int(values["petition.hearing_notice_days"])
            out.append(f"{p}latest_publication_date: {record.latest_publication_date} is after {due.date}, the "
                       f"last day to publish the notice of a hearing on {day}: at least {plural(days, 'day')} "
                       f"prior to it ({values.cite('petition.hearing_notice_days')}, in force on {on}); give "
                       f"{due.date} or an earlier day. {due.counted}")
        if record.published_on is not None and record.published_on > due.date:
            days = int(values["petition.hearing_notice_days"])
            out.append(f"{p}published_on: {record.published_on} is after {due.date}, the last day to publish the "
                       f"notice of a hearing on {day}: a notice published then is not {plural(days, 'day')} prior to "
                       f"it ({values.cite('petition.hearing_notice_days')}); give the day it was published, or "
                       f"leave published_on out while it is not. {due.counted}")
    return out


def notice_as_printed(record: HearingNoticeRecord) -> HearingNoticeRecord:
    """`record` as its notice prints it: ``town`` the Town's name (`notice_town`: ``carmel-ny`` is printed
    ``Town of Carmel``; a town it does not know is kept as written) and ``hearing_at`` in the Town's local time
    (`local_moment`)."""
    return dataclasses.replace(record, town=notice_town(record.town) or record.town,
                               hearing_at=local_moment(record.hearing_at))
