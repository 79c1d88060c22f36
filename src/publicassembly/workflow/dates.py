"""The one check of a date given to a workflow service: a date (``YYYY-MM-DD``) in the years a date fact may lie
in (1778-2099, interpretation G-2), and for the date of something that has happened, not in the future nor
before the day it follows.

Every service of the permits, venues and enforcement apps takes its dates through these functions, so a date
the law core would later refuse (e.g. a Board decision on 9999-12-31) is refused when it is given, naming the
field, and nothing is written. The sentences are in the active language (`publicassembly.workflow.words`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from publicassembly.law.cases import parse_date, read_date
from publicassembly.law.errors import InvalidCase
from publicassembly.workflow.errors import ValidationFailed
from publicassembly.workflow.words import law_text, not_in_force


def _law_date(read: Callable[[object, str], dt.date], field: str, value: object) -> dt.date:
    """`value` read by the law core's own reader of a case's date (`read`); its refusal as `ValidationFailed`
    naming `field`, in the active language."""
    try:
        return read(value, field)
    except InvalidCase as e:
        raise ValidationFailed(field, law_text(e.message)) from None


def a_date(field: str, value: object) -> dt.date:
    """`value` as a date (a `datetime.date` or ``YYYY-MM-DD``) in the years 1778-2099 whose periods the law core
    can count (`publicassembly.law.cases.parse_date`, interpretation G-2); else `ValidationFailed` naming
    `field`."""
    return _law_date(parse_date, field, value)


def today() -> dt.date:
    """The Town's date today (the server's local date, ``TIME_ZONE``)."""
    return timezone.localdate()


def town_moment(field: str, value: dt.datetime) -> dt.datetime:
    """`value` read on the Town's clock: a moment written without its offset (as a page's field writes it, to the
    minute) as an aware moment in the Town's time zone (``TIME_ZONE``, America/New_York, the one the pages show
    and `today` reads); a moment with its offset as it is. The hour the clocks go back happens twice (01:30 on
    the first Sunday of November: once in daylight time, once in standard time) and the hour they go forward never
    happens (02:30 on the second Sunday of March): such a moment without its offset is refused, `ValidationFailed`
    naming `field`, saying which — the two moments it may be, with their offsets, or when the clocks changed —
    never guessed."""
    if timezone.is_aware(value):
        return value
    zone = timezone.get_default_timezone()
    first, second = value.replace(tzinfo=zone, fold=0), value.replace(tzinfo=zone, fold=1)
    said = {"time": value.strftime("%H:%M:%S" if value.second else "%H:%M"), "day": value.date().isoformat(),
            "weekday": date_format(value.date(), "l")}
    if first.astimezone(dt.UTC).astimezone(zone).replace(tzinfo=None) != value:  # a moment the clocks skipped
        start = value.replace(second=0, microsecond=0)
        while (start - dt.timedelta(minutes=1)).replace(tzinfo=zone).astimezone(dt.UTC).astimezone(zone).replace(
                tzinfo=None) != start - dt.timedelta(minutes=1):
            start -= dt.timedelta(minutes=1)
        end = start + abs(second.utcoffset() - first.utcoffset())  # type: ignore[operator]
        raise ValidationFailed(field, _(
            "%(time)s on %(weekday)s %(day)s never happened in the Town: at %(start)s that night the clocks went "
            "forward to %(end)s (daylight time began); give the time as the clocks showed it")
            % {**said, "start": start.strftime("%H:%M"), "end": end.strftime("%H:%M")})
    if first.utcoffset() != second.utcoffset():  # the hour the clocks go back: twice
        spec = "seconds" if value.second or value.microsecond else "minutes"
        daylight, standard = (first, second) if first.dst() else (second, first)
        raise ValidationFailed(field, _(
            "%(time)s on %(weekday)s %(day)s happened twice in the Town (once in daylight time, then again in "
            "standard time, after the clocks went back an hour); write the moment with its offset: %(daylight)s "
            "(daylight time) or %(standard)s (standard time)")
            % {**said, "daylight": daylight.isoformat(timespec=spec), "standard": standard.isoformat(timespec=spec)})
    return first


def happened(field: str, value: object, *, on: dt.date | None = None, not_before: dt.date | None = None,
             not_before_what: str = "") -> dt.date:
    """The date of something that has happened: `a_date`, not after `on` (default `today`: a thing cannot have
    happened tomorrow) nor before `not_before` when given (the day of the step it follows, e.g. the hearing a
    decision follows; `not_before_what` names that day in words marked with ``gettext_noop``, translated here);
    else `ValidationFailed` naming `field`."""
    day = _law_date(read_date, field, value)
    now = on if on is not None else today()
    if day > now:  # said first: a date far ahead (9999-12-31) is refused as in the future, not as out of range
        raise ValidationFailed(field, _("%(day)s is in the future (today is %(today)s); record it once it has "
                                        "happened") % {"day": day.isoformat(), "today": now.isoformat()})
    a_date(field, day)
    if not_before is not None and day < not_before:
        raise ValidationFailed(field, _("%(day)s is before %(what)s (%(after)s)")
                               % {"day": day.isoformat(), "what": _(not_before_what) if not_before_what else "",
                                  "after": not_before.isoformat()})
    return day


def chapter_in_force(field: str, day: dt.date, first: dt.date) -> dt.date:
    """`day` when the chapter was in force on it (`first`: its first day in force, a jurisdiction's
    ``parameters.in_force_from``); else `ValidationFailed` naming `field`: nothing done under the chapter can be
    dated before it was in force."""
    if day < first:
        raise ValidationFailed(field, not_in_force(day, first))
    return day


def within(field: str, value: object, *, after: dt.date, days: int, after_what: str) -> dt.date:
    """A date to come (e.g. a summons's return date): `a_date`, after `after` and at most `days` days after it
    (`after_what` names `after` in words marked with ``gettext_noop``, translated here); else `ValidationFailed`
    naming `field`."""
    day = a_date(field, value)
    if day <= after:
        raise ValidationFailed(field, _("%(day)s must be after %(what)s (%(after)s)")
                               % {"day": day.isoformat(), "what": _(after_what), "after": after.isoformat()})
    last = after + dt.timedelta(days=days)
    if day > last:
        raise ValidationFailed(field, _("%(day)s is more than %(days)s days after %(what)s (%(after)s); give a day "
                                        "up to %(last)s")
                               % {"day": day.isoformat(), "days": days, "what": _(after_what),
                                  "after": after.isoformat(), "last": last.isoformat()})
    return day
