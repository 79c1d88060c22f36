"""Legal time under the New York General Construction Law, in one place.

- § 20: a number of days counted from a certain day excludes that day (the day of reckoning) and includes
  the last day.
- § 24: the public holidays of the State (built on the ``holidays`` package and corrected to § 24; see
  `public_holidays`).
- § 25-a: when a period within or after which an act is to be done ends on a Saturday, Sunday or public
  holiday, the act may be done on the next business day.

A last day counted *backwards* from an event ("at least 60 days prior") is not extended forward by § 25-a:
extending it would shorten the notice the law requires. When such a day falls on a day the Town Clerk's office
is closed, the result says so and names the preceding business day (the safe day to act).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from types import MappingProxyType

from publicassembly.law.errors import InvalidCase
from publicassembly.law.messages import Message, _, join

#: The holidays of GCL § 24 as the ``holidays`` package names them (its NY list also has Susan B. Anthony
#: Day, a day of commemoration that § 24 does not list, and Friday/Monday "observed" days § 24 does not make).
_SECTION_24_NAMES = {
    "New Year's Day": "New Year's Day",
    "Martin Luther King Jr. Day": "Dr. Martin Luther King, Jr. Day",
    "Lincoln's Birthday": "Lincoln's Birthday",
    "Washington's Birthday": "Washington's Birthday",
    "Memorial Day": "Memorial Day",
    "Juneteenth National Independence Day": "Juneteenth",
    "Independence Day": "Independence Day",
    "Labor Day": "Labor Day",
    "Columbus Day": "Columbus Day",
    "Election Day": "General Election Day",
    "Veterans Day": "Veterans' Day",
    "Thanksgiving Day": "Thanksgiving Day",
    "Christmas Day": "Christmas Day",
}
#: Juneteenth was added to GCL § 24 by L. 2020, ch. 161, signed in October 2020: a holiday from 2021.
_JUNETEENTH_FROM = 2021

_WEEKDAYS = (_("Monday"), _("Tuesday"), _("Wednesday"), _("Thursday"), _("Friday"), _("Saturday"), _("Sunday"))

#: The § 24 holidays' names as messages, so that a page in another language can name them (the names of
#: `holiday_name` and of the JSON stay these English ones).
_HOLIDAY_MESSAGES = {
    "New Year's Day": _("New Year's Day"),
    "Dr. Martin Luther King, Jr. Day": _("Dr. Martin Luther King, Jr. Day"),
    "Lincoln's Birthday": _("Lincoln's Birthday"),
    "Washington's Birthday": _("Washington's Birthday"),
    "Memorial Day": _("Memorial Day"),
    "Juneteenth": _("Juneteenth"),
    "Flag Day": _("Flag Day"),
    "Independence Day": _("Independence Day"),
    "Labor Day": _("Labor Day"),
    "Columbus Day": _("Columbus Day"),
    "General Election Day": _("General Election Day"),
    "Veterans' Day": _("Veterans' Day"),
    "Thanksgiving Day": _("Thanksgiving Day"),
    "Christmas Day": _("Christmas Day"),
}
_OBSERVED = " (Sunday holiday, observed Monday)"


def _holiday_message(names: str) -> Message:
    """The (possibly several, "; "-joined) holiday names of `holiday_name` as one message with the same English."""
    parts: list[Message] = []
    for name in names.split("; "):
        base = name.removesuffix(_OBSERVED)
        word = _HOLIDAY_MESSAGES.get(base) or Message(base.replace("{", "{{").replace("}", "}}"))
        parts.append(_("{holiday} (Sunday holiday, observed Monday)", holiday=word) if name != base else word)
    return parts[0] if len(parts) == 1 else join(parts, "; ")


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


#: The years whose § 24 holidays are known (those of the ``holidays`` package's United States calendar): legal
#: time is not counted outside them, rather than counted as if they had no holidays (interpretation G-2).
KNOWN_YEARS = (1777, 2100)


@lru_cache(maxsize=256)
def _holidays_of_year(year: int) -> tuple[tuple[date, str], ...]:
    # The years people file in come from the table frozen from the library (`holiday_table`, checked against
    # it by tests/law/test_holiday_table.py): importing the ``holidays`` package costs more than a whole check.
    from publicassembly.law.holiday_table import FIRST_YEAR, HOLIDAYS, LAST_YEAR

    if FIRST_YEAR <= year <= LAST_YEAR:
        return tuple((date(year, month, day), name) for month, day, name in HOLIDAYS[year])
    if not KNOWN_YEARS[0] <= year <= KNOWN_YEARS[1]:
        raise InvalidCase("date", _("legal time can be counted only in the years {first}-{last}, whose public "
                                    "holidays (GCL § 24) are known; {year} is outside them",
                                    first=KNOWN_YEARS[0], last=KNOWN_YEARS[1], year=year))
    return section_24_holidays_from_library(year)


def section_24_holidays_from_library(year: int) -> tuple[tuple[date, str], ...]:
    """The § 24 holidays of `year` computed from the ``holidays`` package (its New York list, corrected to § 24):
    ((date, name), ...) in date order. The source of `holiday_table`; use `public_holidays` instead."""
    # Imported on first use, not with the law core: the package is large, and a case without legal time
    # (e.g. a Mount Pleasant venue) never needs it.
    import holidays as _holidays

    source = _holidays.country_holidays("US", subdiv="NY", years=year, observed=False)
    days: dict[date, list[str]] = {}
    for day, label in source.items():
        for name in str(label).split("; "):
            if name in _SECTION_24_NAMES and not (name.startswith("Juneteenth") and year < _JUNETEENTH_FROM):
                days.setdefault(day, []).append(_SECTION_24_NAMES[name])
    # General election day: the Tuesday after the first Monday of November, every year (§ 24 lists
    # "each general election day"; New York holds a general election every November).
    election = _nth_weekday(year, 11, 0, 1) + timedelta(days=1)
    if "General Election Day" not in days.get(election, []):
        days.setdefault(election, []).append("General Election Day")
    if year >= _JUNETEENTH_FROM and "Juneteenth" not in days.get(date(year, 6, 19), []):
        days.setdefault(date(year, 6, 19), []).append("Juneteenth")
    # Flag Day, the second Sunday in June, is a § 24 holiday; it is the one holiday not moved to Monday.
    days.setdefault(_nth_weekday(year, 6, 6, 2), []).append("Flag Day")
    # § 24: a holiday (other than Flag Day) falling on a Sunday makes the next day a public holiday too.
    # There is no Friday observance of a Saturday holiday under § 24.
    for day, names in list(days.items()):
        if day.weekday() == 6:
            for name in names:
                if name != "Flag Day":
                    days.setdefault(day + timedelta(days=1), []).append(f"{name} (Sunday holiday, observed Monday)")
    return tuple(sorted((d, "; ".join(n)) for d, n in days.items() if d.year == year))


def public_holidays(year: int) -> dict[date, str]:
    """The public holidays of New York General Construction Law § 24 in `year` (date → name)."""
    return dict(_holiday_names(year))


@lru_cache(maxsize=256)
def _holiday_names(year: int) -> Mapping[date, str]:
    """`public_holidays` made once per year, read-only (every legal date looks days up in it)."""
    return MappingProxyType(dict(_holidays_of_year(year)))


def holiday_name(day: date) -> str | None:
    """The § 24 holiday on `day`, or None."""
    return _holiday_names(day.year).get(day)


def is_business_day(day: date) -> bool:
    """True unless `day` is a Saturday, a Sunday or a § 24 public holiday (the Town Clerk's office is closed)."""
    return day.weekday() < 5 and holiday_name(day) is None


def closed_because(day: date) -> Message | None:
    """Why public offices are closed on `day` ("Saturday", "Sunday", a holiday's name), or None if open."""
    if day.weekday() >= 5:
        return _WEEKDAYS[day.weekday()]
    name = holiday_name(day)
    return None if name is None else _holiday_message(name)


def why_closed(day: date) -> Message | None:
    """Why the Town Clerk's office is closed on `day` (`closed_because`) as a phrase ("a Sunday", "Christmas Day,
    a public holiday (GCL § 24)"), or None when it is open. A holiday on a weekend is named as the holiday."""
    name = holiday_name(day)
    if name is not None:  # (a holiday on a weekend is named as the holiday: it closes the day whatever the weekday)
        return _("{holiday}, a public holiday (GCL § 24)", holiday=_holiday_message(name))
    return None if day.weekday() < 5 else _("a {weekday}", weekday=_WEEKDAYS[day.weekday()])


def _closed_phrase(day: date) -> Message:
    """Why the Town Clerk's office is closed on `day`, a closed day, as a phrase that reads after "It is" or a
    date and a comma, for the same reason `closed_because` gives: "a Saturday", "Juneteenth, a public holiday
    (GCL § 24)" (never "a Juneteenth": a holiday's name takes no article)."""
    if day.weekday() >= 5:
        return _("a {weekday}", weekday=_WEEKDAYS[day.weekday()])
    name = holiday_name(day)
    assert name is not None, day  # a closed weekday is a holiday
    return _("{holiday}, a public holiday (GCL § 24)", holiday=_holiday_message(name))


def no_public_hearing_because(day: date) -> Message | None:
    """Why a town board may not hold a public hearing on `day`, or None (interpretation P-8): a Sunday or a
    GCL § 24 public holiday. A Saturday is not refused (a town board may sit on a Saturday); the caller notes
    it (`closed_because`: the Town Clerk's office is closed)."""
    if day.weekday() == 5 and holiday_name(day) is None:
        return None
    return why_closed(day)


def court_does_not_sit_because(day: date) -> Message | None:
    """Why a Town Justice Court does not sit on `day` for a summons's return, or None (interpretation W-8): its
    regular sessions are on business days, so a Saturday, a Sunday or a GCL § 24 public holiday is refused
    (`closed_because`)."""
    return why_closed(day)


def next_business_day(day: date) -> date:
    """The first business day on or after `day`."""
    while not is_business_day(day):
        day += timedelta(days=1)
    return day


def preceding_business_day(day: date) -> date:
    """The last business day on or before `day`."""
    while not is_business_day(day):
        day -= timedelta(days=1)
    return day


@dataclass(frozen=True, slots=True)
class LegalDate:
    """A last day computed under the General Construction Law, with how it was counted.

    ``date``: the last day the law allows; ``counted``: a sentence saying how (a `Message`, in English); ``closed``:
    why the Clerk's office is closed on that day (None if open); ``act_by``: for a day counted backwards that falls on a closed day, the
    preceding business day, else equal to ``date``."""

    date: _dt.date
    counted: str
    closed: str | None = None
    act_by: _dt.date | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"date": self.date.isoformat(), "counted": str(self.counted)}
        if self.closed:
            out["office_closed"] = str(self.closed)
            out["act_by"] = (self.act_by or self.date).isoformat()
        return out


def _check_year(day: date, what: str) -> None:
    """Raise InvalidCase when `day` (the day a period is counted from) lies outside `KNOWN_YEARS`."""
    if not KNOWN_YEARS[0] <= day.year <= KNOWN_YEARS[1]:
        raise InvalidCase("date", _("{what} on {day}: legal time can be counted only in the years {first}-{last}, "
                                    "whose public holidays (GCL § 24) are known", what=what, day=day.isoformat(),
                                    first=KNOWN_YEARS[0], last=KNOWN_YEARS[1]))


@lru_cache(maxsize=4096)
def _fmt(day: date) -> Message:
    """A day as the counted sentences name it, "Monday 2026-07-06" (made once per day: a determination names
    about ten)."""
    return _("{weekday} {date}", weekday=_WEEKDAYS[day.weekday()], date=day.isoformat())


def within_days_after(start: date, days: int, *, what: str) -> LegalDate:
    """The last day of a period of `days` calendar days after `start` ("within 30 days after submission").

    § 20 excludes `start`; § 25-a carries a last day on a Saturday, Sunday or public holiday to the next
    business day. Raises InvalidCase for a negative number of days."""
    if days < 0:
        raise InvalidCase("days", _("a period cannot be negative (got {days})", days=days))
    _check_year(start, what)
    nominal = start + timedelta(days=days)
    closed = closed_because(nominal)
    if closed is None:
        return LegalDate(nominal, _("{days} calendar days after {what} on {start}, that day excluded (GCL § 20): "
                                    "{last}.", days=days, what=what, start=_fmt(start), last=_fmt(nominal)),
                         act_by=nominal)
    extended = next_business_day(nominal)
    counted = _("{days} calendar days after {what} on {start}, that day excluded (GCL § 20): {last}, {closed}, "
                "so the period runs to the next business day, {extended} (GCL § 25-a).", days=days, what=what,
                start=_fmt(start), last=_fmt(nominal), closed=_closed_phrase(nominal), extended=_fmt(extended))
    return LegalDate(extended, counted, act_by=extended)


def at_least_days_before(event: date, days: int, *, what: str) -> LegalDate:
    """The last day on which an act may be done to be at least `days` calendar days before `event`
    ("filed at least 60 days prior to the assembly").

    § 20 excludes the day of `event`; the day reached is not extended (§ 25-a runs forward only). When it
    falls on a day the Clerk's office is closed, ``closed`` says why and ``act_by`` gives the preceding
    business day. Raises InvalidCase for a negative number of days."""
    if days < 0:
        raise InvalidCase("days", _("a period cannot be negative (got {days})", days=days))
    _check_year(event, what)
    last = event - timedelta(days=days)
    closed = closed_because(last)
    if closed is None:
        return LegalDate(last, _("{days} calendar days before {what} on {event}, that day excluded (GCL § 20): "
                                 "{last}; a day counted backwards is not extended.", days=days, what=what,
                                 event=_fmt(event), last=_fmt(last)), act_by=last)
    act_by = preceding_business_day(last)
    counted = _("{days} calendar days before {what} on {event}, that day excluded (GCL § 20): {last}; a day "
                "counted backwards is not extended. It is {closed}, when the Town Clerk's office is closed: act "
                "by the preceding business day, {act_by}.", days=days, what=what, event=_fmt(event),
                last=_fmt(last), closed=_closed_phrase(last), act_by=_fmt(act_by))
    return LegalDate(last, counted, closed=closed, act_by=act_by)


def years_before(day: date, years: int) -> date:
    """The same calendar day `years` years earlier; 29 February goes to 28 February (the earlier day, so a
    "maintained for one year" test is never passed early)."""
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


def days_between(first: date, last: date) -> int:
    """Calendar days from `first` to `last` under § 20 (first excluded, last included): ``last - first``."""
    return (last - first).days
