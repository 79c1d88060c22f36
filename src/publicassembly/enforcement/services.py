"""Services of enforcement (Mount Pleasant ch. 164 §§ 164-5, 164-12 to 164-14; Carmel ch. 31 penalties):
one function per action, each checking who (role in the record's town), which town and which state, calling the
law core for rules, citations, powers and penalty ranges, and writing the change with its history in one
transaction. Updates take ``expected_version`` (None → the version the object was loaded at); a stale one raises
`StaleUpdate` and writes nothing.

Errors (`publicassembly.workflow.errors`): `NotAllowed` (role, town, or the law's powers), `NotFound`,
`InvalidTransition` (state), `StaleUpdate`, `ValidationFailed` (``field`` names the value and what is allowed).

Who may act (roles in the record's town):

- register_offender, file_complaint: building inspector or enforcement officer
- record_stop_order, lift_stop_order (Mount Pleasant only, §§ 164-5, 164-13): building inspector or enforcement
  officer
- record_violation: building inspector; an enforcement officer only for a violation in his presence (§ 164-12)
- issue_summons: Mount Pleasant — only the Building Inspector (§ 164-12, from the law core's
  `may_issue_summons`); Carmel — the chapter is silent: the building inspector only (`CARMEL_SUMMONS_ROLES`,
  the safer reading, interpretation register W-1)
- record_disposition, record_payment: building inspector or town clerk
- dismiss_complaint, close_case: building inspector
- offense_history: building inspector, enforcement officer or town clerk; case_timeline: the same
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from pydantic import ValidationError

from publicassembly.accounts.models import Role, Town
from publicassembly.documents.records import RETURN_TIME, RETURN_WITHIN_DAYS  # (W-7: one rule, JSON's too)
from publicassembly.enforcement.models import (
    Complaint,
    Disposition,
    EnforcerKind,
    Offender,
    StopOrder,
    Summons,
    Violation,
)
from publicassembly.law.dates import court_does_not_sit_because
from publicassembly.law.determination import Penalty
from publicassembly.law.jurisdictions.us_ny_carmel.facts import Violation as CarmelViolation
from publicassembly.law.jurisdictions.us_ny_carmel.penalties import (
    days_still_to_come,
    last_day_of_violation,
    most_days_by,
)
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import (
    enforcement_powers,
    may_issue_summons,
)
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.penalties import an_ordinal, describe
from publicassembly.law.units import InvalidNumber, controls, dollars
from publicassembly.venues.models import Deficiency, Inspection, Venue
from publicassembly.venues.services import (
    determine_venue,
    locked_venue,
    rooms_counted,
    venue_case_data,
)
from publicassembly.workflow.access import require_role
from publicassembly.workflow.dates import a_date, chapter_in_force, happened, within
from publicassembly.workflow.errors import InvalidTransition, NotAllowed, NotFound, ValidationFailed
from publicassembly.workflow.models import apply_changes, file_changed, save_with_history
from publicassembly.workflow.printable import controls_found, require_no_controls, require_printable
from publicassembly.workflow.refusals import Refusals
from publicassembly.workflow.states import transition
from publicassembly.workflow.timeline import TimelineEntry, timeline
from publicassembly.workflow.words import first_alike, law_text

MOUNT_PLEASANT, CARMEL = "mount-pleasant-ny", "carmel-ny"
ENFORCERS = (Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER)
COURT_CLERKS = (Role.BUILDING_INSPECTOR, Role.TOWN_CLERK)
READERS = (Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER, Role.TOWN_CLERK)
#: Carmel ch. 31 does not say who issues a summons; the safer reading is the Town's code enforcement official,
#: the Building Inspector, alone (interpretation register W-1).
CARMEL_SUMMONS_ROLES = (Role.BUILDING_INSPECTOR,)
STOP_RULE = "mount-pleasant/164-5/stop-performance"
#: The officers of § 164-12 other than the Building Inspector, in the words of a refusal (translated where shown).
OFFICER_WORDS = {"fire_district_inspector": gettext_noop("fire district inspector"),
                 "town_fire_marshal": gettext_noop("town fire marshal"),
                 "police_officer": gettext_noop("police officer")}
#: The refusals of a term of imprisonment, by field: not a whole number, none allowed, more than allowed.
JAIL_WORDS = {
    "jail_days": (gettext_noop("a whole number of days, 0 or more; got %(value)s"),
                  gettext_noop("no imprisonment in days for %(range)s; allowed: 0"),
                  gettext_noop("%(value)s days is more than the %(cap)s days allowed for %(range)s")),
    "jail_months": (gettext_noop("a whole number of months, 0 or more; got %(value)s"),
                    gettext_noop("no imprisonment in months for %(range)s; allowed: 0"),
                    gettext_noop("%(value)s months is more than the %(cap)s months allowed for %(range)s")),
}



class SummonsAlreadyIssued(InvalidTransition):
    """A summons asked for a violation that has one (HTTP 409, as the other refusals of a record's state): one
    violation, one summons (the model's one-to-one). Says which summons, issued when, returnable when."""

    def __init__(self, summons: Summons) -> None:
        violation = summons.violation
        super().__init__(violation.state, violation.state,
                         Violation.state_machine.actions_from(violation.state), action="issue_summons")
        self.message = (_("a summons was already issued for this violation: summons %(number)s, issued "
                          "%(issued)s, returnable %(returns)s; a violation is summoned once")
                        % {"number": summons.number, "issued": summons.issued_on.isoformat(),
                           "returns": summons.return_date.isoformat()})
        self.args = (self.message,)


# --- helpers ------------------------------------------------------------------------------------------------


def _today() -> dt.date:
    return timezone.localdate()


def _why(reason: str, default: str) -> str:
    return reason.strip() if isinstance(reason, str) and reason.strip() else default


def _require_reason(reason: str) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise ValidationFailed("reason", _("give the reason for this change; it is kept in the case's history"))
    return reason.strip()


def _alias(town: Town) -> str:
    return town.jurisdiction_alias


def _kind_of(membership: Any) -> str:
    """The § 164-12 kind of officer of a membership: ``building_inspector`` or the officer's kind."""
    return EnforcerKind.BUILDING_INSPECTOR if membership.role == Role.BUILDING_INSPECTOR else membership.officer_kind


def _date(name: str, value: Any, default: dt.date | None = None) -> dt.date:
    """`value` (or `default` when None) as a date in 1778-2099 (`workflow.dates.a_date`, interpretation G-2)."""
    return a_date(name, default if value is None and default is not None else value)


def _happened(name: str, value: Any, default: dt.date | None = None, *, not_before: dt.date | None = None,
              not_before_what: str = "") -> dt.date:
    """The date of something that has happened (`workflow.dates.happened`): `value` (or `default`), in
    1778-2099, not after today nor before `not_before`; else `ValidationFailed` naming `name`."""
    return happened(name, default if value is None and default is not None else value, not_before=not_before,
                    not_before_what=not_before_what)


def _dollars(field: str, value: Any) -> Decimal:
    """US dollars in whole cents (the law core's `dollars`), -0 read as 0; else `ValidationFailed` naming
    `field`."""
    try:
        amount = dollars(value, field)
    except ValueError as e:
        raise ValidationFailed(field, _problem(e, field)) from None
    return amount.copy_abs() if amount == 0 else amount


def _text(name: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValidationFailed(name, _("required"))
    return value.strip()


def _problem(error: ValueError, field: str) -> str:
    """The law core's complaint about `field` without the field's name: its translatable message when it is one
    of the law core's `InvalidNumber`s of `field`, else the error's text without the leading ``<field>: ``."""
    if isinstance(error, InvalidNumber) and error.field == field:
        return error.problem
    return str(error).removeprefix(f"{field}: ")


def _in_town(obj: Any, town: Town, what: str) -> Any:
    if obj is not None and obj.town_id != town.pk:
        raise NotFound(what, obj.pk, town)
    return obj


def _values(town: Town, on: dt.date) -> Any:
    """The town's parameter values in force on `on`, the day a violation was observed. Raises ValidationFailed
    (``observed_on``) before the chapter was in force: no power or penalty of it applies to that day."""
    parameters = town.jurisdiction.parameters
    return parameters.at(chapter_in_force("observed_on", on, parameters.in_force_from))


def court_for(town: Town, on: dt.date) -> str:
    """The court a summons is returnable in: the law core's parameter ``enforcement.court`` (Mount Pleasant
    § 164-12: the Town Justice Court of the Town of Mount Pleasant; Carmel, whose chapter names none: the Town
    Justice Court of the Town of Carmel, interpretation register W-2)."""
    return str(_values(town, on)["enforcement.court"])


def _next_number(model: Any, town: Town, kind: str, year: int) -> str:
    town.lock()
    words = town.jurisdiction_alias.split("-")[:-1] or [town.jurisdiction_alias]
    prefix = f"{''.join(w[0] for w in words).upper()}-{kind}-{year}-"
    taken = model.objects.for_town(town).filter(number__startswith=prefix).count()
    return f"{prefix}{taken + 1:04d}"


# --- offenders and complaints ----------------------------------------------------------------------------------


def register_offender(by: Any, town: Town, *, kind: str, name: str, address: str = "", reason: str = "") -> Offender:
    """Record a person or firm (``kind``: ``person`` or ``firm``) against whom violations may be recorded in
    `town`. Building inspector or enforcement officer. Returns the `Offender`.

    One person or firm is one offender: the offense number of § 164-14 counts the offender's prior convictions
    (W-3), which a second record of the same one would split. So an offender of the same kind, name and address
    as one already recorded in the town (spaces and letter case aside) is refused, `ValidationFailed` naming
    ``name`` and the one recorded — also the same form sent twice (a double click), which has no record of its
    own whose version it could send. A different person of the same name is told apart by the address."""
    require_no_controls(("reason", reason))  # (G-6; values before state, P-29)
    require_role(by, town, *ENFORCERS)
    if kind not in (Offender.PERSON, Offender.FIRM):
        raise ValidationFailed("kind", _("%(value)s; allowed: person, firm") % {"value": repr(kind)})
    offender = Offender(town=town, kind=kind, name=_text("name", name), address=(address or "").strip())
    require_printable(("name", offender.name), ("address", offender.address))  # the summons prints them (G-6)
    with transaction.atomic():
        town.lock()  # one registration at a time per town: the check holds
        same = _same_offender(town, offender)
        if same is not None:
            raise ValidationFailed("name", _(
                "%(name)s (%(address)s) is already recorded as offender %(id)s of this town; record the complaint "
                "or violation against that one: one person or firm is one offender, whose prior offenses count "
                "(§ 164-14)") % {"name": same.name, "address": same.address or _("no address"), "id": same.pk})
        save_with_history(offender, by=by, reason=_why(reason, "offender recorded"))
    return offender


def _same_offender(town: Town, new: Offender) -> Offender | None:
    """The offender of `town` of `new`'s kind, name and address (spaces and letter case aside), if any."""
    return first_alike(Offender.objects.for_town(town).filter(kind=new.kind).order_by("id"), name=new.name,
                       address=new.address)


def _complaint_values(town: Town, *, description: Any, observed_on: Any, filed_on: Any = None,
                      in_presence: Any = None, place: Any = "", reason: Any = "") -> tuple[dict[str, Any],
                                                                                            list[tuple[str, str]]]:
    """The values of a complaint `file_complaint` takes (``description``, ``observed_on``, ``filed_on``: the day
    filed, today when not given), and what it refuses of them, every one, as (field, message): a control character
    in a text or one the summons cannot print (G-6), the description left empty, a day observed that is not a date,
    after today or before the town's chapter was in force, a day filed that is not a date, after today or before
    the day observed, a presence not true, false or empty. A value refused is None in the values."""
    values: dict[str, Any] = {}
    kept = Refusals()
    refused, check, told = kept.errors, kept.check, kept.refused
    today = _today()
    check(lambda: require_no_controls(("place", place), ("reason", reason)))
    check(lambda: require_printable(*[(f, t if isinstance(t, str) else None)  # the summons prints them (G-6)
                                      for f, t in (("description", description), ("place", place)) if not told(f)]))
    if not told("description"):
        values["description"] = check(lambda: _text("description", description))
    observed = check(lambda: _date("observed_on", observed_on))
    if observed is not None and observed > today:
        refused.append(("observed_on", _("%(day)s is after today (%(today)s); a complaint reports a violation "
                                         "already seen") % {"day": observed.isoformat(), "today": today.isoformat()}))
    elif observed is not None:
        check(lambda: _values(town, observed))  # the chapter in force on the day observed, else naming observed_on
    filed = check(lambda: _date("filed_on", filed_on, today))
    if filed is not None and filed > today:
        refused.append(("filed_on", _("%(day)s is after today (%(today)s); a complaint is filed on the day it is "
                                      "received or recorded later")
                        % {"day": filed.isoformat(), "today": today.isoformat()}))
    elif filed is not None and observed is not None and observed <= today and filed < observed:
        # (a day observed after today is told alone: the day filed, today when not given, is not blamed for it)
        refused.append(("filed_on", _("a complaint is filed on or after the day observed (%(observed)s)")
                        % {"observed": observed}))
    if in_presence not in (True, False, None):
        refused.append(("in_presence", _("true, false or empty")))
    values.update(observed_on=observed, filed_on=filed)
    return values, refused


def complaint_refusals(town: Town, *, description: Any, observed_on: Any, filed_on: Any = None,
                       in_presence: Any = None, place: Any = "", reason: Any = "") -> list[tuple[str, str]]:
    """What `file_complaint` refuses of a complaint of `town` with these values (its checks of the values, before
    the role and the records it names), every one, as (field, message); empty when it refuses none. Nothing is
    written. The API and the complaint form tell them with their own refusals of the other fields (W-33)."""
    return _complaint_values(town, description=description, observed_on=observed_on, filed_on=filed_on,
                             in_presence=in_presence, place=place, reason=reason)[1]


def file_complaint(by: Any, town: Town, *, description: str, observed_on: dt.date, filed_on: dt.date | None = None,
                   offender: Offender | None = None, venue: Venue | None = None, inspection: Inspection | None = None,
                   place: str = "", in_presence: bool | None = None, reason: str = "") -> Complaint:
    """File a complaint of a violation in `town`: a fire district inspector, the town fire marshal or a police
    officer who saw a violation files it with the Building Inspector, or the Building Inspector files his own
    (Mount Pleasant § 164-12). The complainant's kind comes from his role. Returns the `Complaint` (filed).
    Raises `ValidationFailed` naming ``observed_on`` or ``filed_on`` for a day after today, ``observed_on`` for
    a day before the town's chapter was in force (nothing of it could be violated then), ``filed_on`` for a
    filing before the day observed, ``description`` left empty — every value refused at once, in ``errors``
    (`complaint_refusals`, W-33), after the role (a control character in a text before it, G-6).

    A complaint has no record of its own that it is filed on (its offender, place of assembly and inspection are
    each optional), so there is no version for its form to send: the same complaint filed again — by the same
    officer, of the same day observed, with the same description, place, offender, place of assembly, inspection
    and presence (spaces and letter case aside) as one still filed (no violation recorded on it, not dismissed) —
    is refused, `ValidationFailed` naming ``description`` and the complaint filed (interpretation W-9; also the
    same form sent twice, a double click, or a client's request sent again). A different complaint of the same day
    differs in what it says; once the first is acted on or dismissed, the same words are a new complaint."""
    values, refused = _complaint_values(town, description=description, observed_on=observed_on, filed_on=filed_on,
                                        in_presence=in_presence, place=place, reason=reason)
    if refused and any(isinstance(t, str) and controls(t) for t in (place, reason)):
        raise ValidationFailed.of_all(refused)  # (G-6: a control character told before the role, P-29; with the rest)
    membership = require_role(by, town, *ENFORCERS)
    for obj, what in ((offender, "offender"), (venue, "place of assembly"), (inspection, "inspection")):
        _in_town(obj, town, what)
    if refused:  # every value refused, at once (W-33)
        raise ValidationFailed.of_all(refused)
    complaint = Complaint(
        town=town, filed_by=by, complainant_kind=_kind_of(membership), filed_on=values["filed_on"],
        observed_on=values["observed_on"], in_presence=in_presence, offender=offender, venue=venue,
        inspection=inspection, place=(place or (venue.name if venue else "")).strip(),
        description=values["description"])
    with transaction.atomic():
        town.lock()  # one filing at a time per town: the check holds
        same = _same_complaint(complaint)
        if same is not None:
            raise ValidationFailed("description", _(
                "this complaint is already filed as complaint %(id)s (filed %(filed)s), of the same day observed, "
                "place and description, and not yet acted on; nothing was filed again: act on complaint %(id)s, or "
                "say what differs in the description of a different complaint")
                % {"id": same.pk, "filed": same.filed_on.isoformat()})
        save_with_history(complaint, by=by, reason=_why(reason, "complaint filed (§ 164-12)" if _alias(town) ==
                                                       MOUNT_PLEASANT else "complaint filed"))
    return complaint


def _same_complaint(new: Complaint) -> Complaint | None:
    """The complaint of `new`'s town still filed (not acted on, not dismissed) by the same officer, of the same
    day observed, description, place, offender, place of assembly, inspection and presence (spaces and letter
    case aside), if any (W-9)."""
    return first_alike(Complaint.objects.for_town(new.town).filter(
        state=Complaint.FILED, filed_by=new.filed_by, observed_on=new.observed_on, offender=new.offender,
        venue=new.venue, inspection=new.inspection, in_presence=new.in_presence).order_by("id"),
        description=new.description, place=new.place)


def dismiss_complaint(by: Any, complaint: Complaint, *, reason: str,
                      expected_version: int | None = None) -> Complaint:
    """The Building Inspector dismisses a complaint on which no violation was recorded (reason required)."""
    require_no_controls(("reason", reason))  # (G-6; values before state, P-29)
    return transition(complaint, "dismiss", by=by, reason=_require_reason(reason), expected_version=expected_version)


# --- stop orders (§§ 164-5, 164-13) --------------------------------------------------------------------------


#: How far ahead of the server's clock a moment "now" may be (a client's clock running fast).
CLOCK_SKEW = dt.timedelta(minutes=5)


def _moment_past(field: str, value: dt.datetime | None, what: str, *, after: dt.datetime | None = None,
                 after_what: str = "") -> dt.datetime:
    """`value` (an aware datetime; default now) not later than now (`CLOCK_SKEW` allowed) nor before `after` (a
    moment written to the minute in the minute of `after` — a page's field takes minutes — is `after` itself);
    else `ValidationFailed` naming `field`. `what` and `after_what` are words marked with ``gettext_noop``,
    translated here."""
    now = timezone.now()
    if value is None:
        return now
    if not isinstance(value, dt.datetime) or timezone.is_naive(value):
        raise ValidationFailed(field, _("give the date and time %(what)s, with its UTC offset; got %(value)s")
                               % {"what": _(what), "value": repr(value)})
    if value > now + CLOCK_SKEW:
        raise ValidationFailed(field, _("%(moment)s is in the future (now is %(now)s); give the time %(what)s")
                               % {"moment": value.isoformat(), "what": _(what),
                                  "now": timezone.localtime(now).isoformat(timespec="minutes")})
    if after is not None and value < after:
        if value.second == 0 and value.microsecond == 0 and value >= after.replace(second=0, microsecond=0):
            return after  # (written to the minute, as a page's field takes it, in the minute of `after`: taken)
        raise ValidationFailed(field, _("%(moment)s is before %(what)s (%(after)s)")
                               % {"moment": value.isoformat(), "what": _(after_what) if after_what else after_what,
                                  "after": timezone.localtime(after).isoformat(timespec="seconds")})  # (Town's time)
    return value


#: The values of a stop order `record_stop_order` judges, in the order its refusals are told.
STOP_ORDER_FIELDS = ("performance", "ordered_at", "persons_present", "persons_by_space", "egress_obstructed",
                     "serious_menace", "description", "complaint", "reason")


def _stop_order_values(venue: Venue, membership: Any, *, performance: Any = "", ordered_at: Any = None,
                       persons_present: Any = None, egress_obstructed: Any = False, serious_menace: Any = False,
                       description: Any = "", complaint: Any = None, reason: Any = "",
                       persons_by_space: Any = None, told: Any = ()) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values of a stop order `record_stop_order` takes on `venue` (the officer's `membership` judged before),
    and what it refuses of them, every one, as (field, message) (W-36): a control character (G-6); the performance
    left empty; the moment not a date and time with its offset, or in the future; the persons present not a whole
    number; a condition not true or false; the persons in each room (`rooms_counted`, M-7, M-26). Once
    the moment, the counts and the conditions are taken, the law core's judgement of the day (the chapter in
    force, ``ordered_at``) and of the grounds (none for a stop order, ``grounds``) joins them. Fields in `told`
    (refused by the caller) are not judged, nor the grounds beside them. A complaint of another town:
    `NotFound`."""
    town = venue.town
    _in_town(complaint, town, "complaint")
    kept = Refusals(told)
    check, told_ = kept.check, kept.refused
    kept.add(controls_found(("performance", performance), ("description", description), ("reason", reason)))
    text = None if told_("performance") else check(lambda: _text("performance", performance))
    if persons_present is not None and (isinstance(persons_present, bool) or not isinstance(persons_present, int)
                                        or persons_present < 0) and not told_("persons_present"):
        kept.refuse("persons_present", _("a whole number of persons; got %(value)s") % {"value": repr(persons_present)})
    for name, v in (("egress_obstructed", egress_obstructed), ("serious_menace", serious_menace)):
        if not isinstance(v, bool) and not told_(name):
            kept.refuse(name, _("true or false"))
    stored: dict[str, Any] = {}
    if not told_("persons_by_space"):
        counted = None if told_("persons_present") else persons_present
        stored, rooms = rooms_counted(venue, persons_by_space, counted)  # (by each room's stored name: M-26)
        for field, message in rooms:
            if not (field == "persons_present" and told_("persons_present")):
                kept.refuse(field, message)
    when = None if told_("ordered_at") else check(
        lambda: _moment_past("ordered_at", ordered_at, gettext_noop("the stop order was given")))
    finding = None
    facts_fields = ("ordered_at", "persons_present", "persons_by_space", "egress_obstructed", "serious_menace")
    if not any(told_(f) for f in facts_fields) and when is not None:  # the law core's judgement of the facts taken
        facts = {"date": timezone.localdate(when), "officer": _kind_of(membership),
                 "persons_present": persons_present, "egress_obstructed": egress_obstructed,
                 "serious_menace": serious_menace}
        try:
            day = timezone.localdate(when)  # (the certificate in force that day: M-28)
            det = determine_venue(venue, venue_case_data(venue, inspection=facts, persons_by_space=stored, on=day),
                                  day)
        except ValidationFailed as problem:  # the law's day is the day of the order
            kept.add(problem.renamed({"inspection.date": "ordered_at", "as_of": "ordered_at"}).errors)
        else:
            finding = det.finding(STOP_RULE)
            if not finding.values.get("stop_performance"):
                approved = finding.values.get("approved_number")
                counted_words = (_("persons present %(n)s") % {"n": f"{persons_present:,}"}
                                 if persons_present is not None else _("persons present not given"))
                limit = (_("approved number %(n)s") % {"n": f"{approved:,}"} if approved is not None
                         else _("no approved number on record"))
                kept.refuse("grounds", _("no ground for a stop order under § 164-5: %(reason)s (%(counted)s, "
                                      "%(limit)s)")
                         % {"reason": law_text(finding.reason), "counted": counted_words, "limit": limit})
    return {"performance": text, "ordered_at": when, "finding": finding, "persons_by_space": stored}, kept.errors


def stop_order_role(by: Any, venue: Venue) -> Any:
    """The officer's membership of `venue`'s town (`NotAllowed` without the role), once the town's chapter is
    known to have a stop order (Mount Pleasant § 164-5; another town: `ValidationFailed` naming ``town``)."""
    town = venue.town
    if _alias(town) != MOUNT_PLEASANT:
        raise ValidationFailed("town", _("%(town)s's chapter has no stop order; § 164-5 is Mount Pleasant's")
                               % {"town": town})
    return require_role(by, town, *ENFORCERS)


def stop_order_refusals(by: Any, venue: Venue, *, told: Any = (), **values: Any) -> list[tuple[str, str]]:
    """What `record_stop_order` refuses of a stop order on `venue` with these `values` (its keywords,
    `STOP_ORDER_FIELDS`), every one, as (field, message); empty when it refuses none. The town (Mount Pleasant's
    chapter alone has one) and the role first (`NotAllowed`). Fields in `told` the caller refused itself (its
    schema's, a complaint the town does not hold) are not judged again. Nothing is written (W-36, as W-33)."""
    membership = stop_order_role(by, venue)
    return _stop_order_values(venue, membership, told=told, **values)[1]


def record_stop_order(by: Any, venue: Venue, *, performance: str, ordered_at: dt.datetime | None = None,
                      persons_present: int | None = None, egress_obstructed: bool = False,
                      serious_menace: bool = False, description: str = "", complaint: Complaint | None = None,
                      reason: str = "", persons_by_space: Mapping[str, int] | None = None,
                      expected_version: int | None = None) -> StopOrder:
    """An officer who finds overcrowding, obstructed egress or a serious menace to life and safety stops the
    performance until the condition is corrected (Mount Pleasant § 164-5). The law core decides from the facts
    (persons present against the approved number; the conditions) whether a stop order is due; if not,
    `ValidationFailed` (field ``grounds``). Building inspector or enforcement officer of the venue's town.
    ``ordered_at`` (aware datetime, default now): not in the future, nor before the chapter is in force
    (`ValidationFailed` naming ``ordered_at``). Returns the `StopOrder` (in force), its grounds as the law core
    found them. ``persons_by_space`` (space name → persons counted there): a room above its own occupant load is
    overcrowding though the place as a whole has room (§§ 164-5, 164-7; register M-8); a room is named as the check
    of a name taken reads it and kept in its stored spelling ("main hall" is "Main Hall", M-26); a name that is no
    space of the venue (or reads as two spaces', or names a room named already), a count that is not a whole
    number, or persons counted in the rooms more than ``persons_present``, is `ValidationFailed` naming
    ``persons_by_space`` (the last with ``persons_present`` in its ``errors`` too). The town and the role first (a
    control character told before the role to a user without it, G-6), then every value refused at once, in
    ``errors`` (`stop_order_refusals`, W-36).

    ``expected_version``: the venue's version the page or client read (None: not checked). A stop order is
    recorded on its venue (the one record it cannot be without): recording it moves the venue's version by one
    (`file_changed`), so the same order sent twice on the version read before it is `StaleUpdate` (409),
    recorded once. Sent without the version (or on the venue's version now), a stop order of a performance that
    an order in force already stops at the venue (named in the same words, spaces and letter case aside) is
    refused, `ValidationFailed` naming ``performance``, the order in force and when it was given: it is lifted
    first (§ 164-13); a lifted order blocks nothing (interpretation W-40). Under the venue's lock, with the
    database's constraint behind it: two sent at once record one, the other told the same refusal."""
    town = venue.town
    try:
        membership = stop_order_role(by, venue)
    except NotAllowed:
        require_no_controls(("performance", performance), ("description", description), ("reason", reason))  # (G-6)
        raise
    kind = _kind_of(membership)
    values, refused = _stop_order_values(
        venue, membership, performance=performance, ordered_at=ordered_at, persons_present=persons_present,
        egress_obstructed=egress_obstructed, serious_menace=serious_menace, description=description,
        complaint=complaint, reason=reason, persons_by_space=persons_by_space)
    if refused:  # every value refused, at once (W-36)
        raise ValidationFailed.of_all(refused)
    when, finding = values["ordered_at"], values["finding"]
    order = StopOrder(
        town=town, venue=venue, complaint=complaint, performance=values["performance"], ordered_at=when,
        ordered_by=by, officer_kind=kind, persons_present=persons_present,
        persons_by_space=dict(values["persons_by_space"] or {}),  # (stored names: M-26)
        approved_number=finding.values.get("approved_number"),
        approved_number_from=finding.values.get("approved_number_from") or "",  # (kept as it was then)
        approved_certificate=finding.values.get("approved_certificate") or "",
        overcrowding=bool(finding.values.get("overcrowding")),
        egress_obstructed=egress_obstructed, serious_menace=serious_menace, rule_id=finding.rule,
        citation=finding.citation, description=(description or "").strip())
    given = venue
    with transaction.atomic():
        venue = locked_venue(venue, expected_version)  # (one order on the venue at a time: the check holds, W-40)
        order.venue = venue
        in_force = _in_force_of(order)
        if in_force is not None:
            raise _stopped_already(in_force)
        try:
            with transaction.atomic():  # (a savepoint: the constraint's refusal leaves the transaction usable)
                save_with_history(order, by=by, reason=_why(reason, finding.reason))
        except IntegrityError:  # the database's backstop (W-40): told in the same words, never as a 500
            in_force = _in_force_of(order, exactly=True)
            if in_force is None:
                raise
            raise _stopped_already(in_force) from None
        file_changed(venue)  # (a form still showing the venue as it was is stale: a double click records once)
        given.version = venue.version
    return order


def _in_force_of(new: StopOrder, *, exactly: bool = False) -> StopOrder | None:
    """The stop order in force (not lifted) of `new`'s performance at `new`'s venue, if any: the performance
    named in the same words, spaces and letter case aside (`first_alike`, as a complaint or a place recorded
    once: W-9, W-10), or `exactly` as written (the database constraint's reading, W-40)."""
    orders = StopOrder.objects.filter(venue=new.venue, state=StopOrder.IN_FORCE).order_by("id")
    if exactly:
        return orders.filter(performance=new.performance).first()
    return first_alike(orders, performance=new.performance)


def _stopped_already(order: StopOrder) -> ValidationFailed:
    """The refusal of a second stop order of a performance `order` stops and is in force (W-40), naming
    ``performance``: which order, when it was given (the Town's time, with its zone: unambiguous in the hour the
    clocks go back) and that it is lifted first."""
    return ValidationFailed("performance", _(
        "%(performance)s at %(venue)s is already stopped by stop order %(id)s, ordered %(ordered)s and in force; "
        "nothing was recorded: a performance stays stopped until the condition is corrected (§ 164-5), so lift stop "
        "order %(id)s once it is (§ 164-13) before ordering the performance stopped again")
        % {"performance": order.performance, "venue": order.venue.name, "id": order.pk,
           "ordered": timezone.localtime(order.ordered_at).strftime("%Y-%m-%d %H:%M %Z")})


def _texts_first(fields: tuple[str, ...]) -> tuple[str, ...]:
    """`fields` in the order their refusals are told: the reason first — its only refusal, a control character,
    told first as the violation's and the stop order's texts are (G-6, P-29) — then the others in the order of
    the form and the API's body (W-38)."""
    return ("reason", *(f for f in fields if f != "reason"))


#: The values of a stop order's lifting `lift_stop_order` judges, in the order of its form and the API's body.
LIFT_FIELDS = ("correction", "lifted_at")


def _lift_values(order: StopOrder, *, correction: Any = "", lifted_at: Any = None, told: Any = ()
                 ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values of the lifting of `order` `lift_stop_order` takes, and what it refuses of them, every one, as
    (field, message), in the order of `LIFT_FIELDS` (W-38): the correction left empty or holding a control
    character (G-6); the moment not a date and time with its offset, in the future or before the order. Fields in
    `told` (refused by the caller) are not judged. A value refused is None in the values."""
    kept = Refusals(told)
    text = None
    if not kept.refused("correction"):
        kept.add(controls_found(("correction", correction)))
        text = None if kept.refused("correction") else kept.check(_text, "correction", correction)
    when = None if kept.refused("lifted_at") else kept.check(
        _moment_past, "lifted_at", lifted_at, gettext_noop("the stop order was lifted"), after=order.ordered_at,
        after_what=gettext_noop("the stop order was given"))
    return {"correction": text, "lifted_at": when}, kept.in_order(LIFT_FIELDS)


def lift_refusals(by: Any, order: StopOrder, *, told: Any = (), **values: Any) -> list[tuple[str, str]]:
    """What `lift_stop_order` refuses of the lifting of `order` with these `values` (its keywords, `LIFT_FIELDS`),
    every one, as (field, message); empty when it refuses none. The role first (`NotAllowed`). Fields in `told` the
    caller refused itself (its form's, its schema's) are not judged again. Nothing is written (W-38, as W-36)."""
    require_role(by, order.town, *ENFORCERS)
    return _lift_values(order, told=told, **values)[1]


def lift_stop_order(by: Any, order: StopOrder, *, correction: str, lifted_at: dt.datetime | None = None,
                    expected_version: int | None = None) -> StopOrder:
    """Lift a stop order once the condition is corrected (Mount Pleasant §§ 164-5 "until corrected", 164-13);
    ``correction`` says how; ``lifted_at`` (default now) not in the future nor before the order
    (`ValidationFailed` naming ``lifted_at``). Building inspector or enforcement officer: the role first
    (`NotAllowed`; a control character in the correction told before it to a user without it, G-6), then every
    value refused at once, in ``errors`` (`lift_refusals`, W-38), then the state: `InvalidTransition` if lifted."""
    try:
        require_role(by, order.town, *ENFORCERS)
    except NotAllowed:
        require_no_controls(("correction", correction))  # (G-6: told before the role, as before, P-29)
        raise
    values, refused = _lift_values(order, correction=correction, lifted_at=lifted_at)
    if refused:  # every value refused, at once (W-38), before the state (P-29)
        raise ValidationFailed.of_all(refused)
    text = values["correction"]
    return transition(order, "lift", by=by, reason=f"condition corrected (§ 164-13): {text}",
                      expected_version=expected_version, lifted_at=values["lifted_at"], lifted_by=by,
                      correction=text)


# --- violations -----------------------------------------------------------------------------------------------


def violable_rules(town: Town) -> list[tuple[str, str]]:
    """The rules of `town`'s rule book a violation may be recorded under, as (rule id, citation), in the
    chapter's order: exactly those `record_violation` accepts, and those its refusal of another lists — the
    requirements a person can violate, the law core's `Jurisdiction.violable_rules` (interpretation W-19; Mount
    Pleasant: §§ 164-2 to 164-11 without the officials' duties and § 164-3's exception; Carmel: the permit of ¶ A,
    the facilities of ¶ C, the cleanup of ¶ F and "any act in violation", penalties ¶¶ A, B)."""
    wanted = set(town.jurisdiction.violable_rules)
    return [(r.id, r.citation) for r in town.jurisdiction.rules if r.id in wanted]


def _rule(town: Town, rule_id: str) -> tuple[str, str]:
    """The rule id and citation of a rule of `violable_rules`; another is refused (`ValidationFailed` naming
    ``rule_id``), listing those (and, for a rule of the town's rule book that is not one of them, why)."""
    allowed = dict(violable_rules(town))
    if rule_id in allowed:
        return rule_id, allowed[rule_id]
    listed = {"value": repr(rule_id), "code": town.jurisdiction.code, "allowed": ", ".join(allowed)}
    if rule_id in {r.id for r in town.jurisdiction.rules}:
        raise ValidationFailed("rule_id", _("%(value)s is not a requirement a person can violate; allowed: "
                                            "%(allowed)s") % listed)
    raise ValidationFailed("rule_id", _("%(value)s is not a rule of %(code)s; allowed: %(allowed)s") % listed)


#: The values of a violation `record_violation` judges, in the order its refusals are told.
VIOLATION_FIELDS = ("rule_id", "offender", "observed_on", "description", "in_presence", "venue", "deficiency",
                    "place", "days_of_continued_violation", "reason")


def _violation_values(by: Any, complaint: Complaint, membership: Any, *, rule_id: Any = None, offender: Any = None,
                      observed_on: Any = None, description: Any = "", in_presence: Any = None, venue: Any = None,
                      deficiency: Any = None, place: Any = "", days_of_continued_violation: Any = None,
                      reason: Any = "", told: Any = ()) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values of a violation `record_violation` takes on `complaint` by `by` (whose `membership` holds the
    role: judged before), and what it refuses of them, every one, as (field, message) (W-33, W-36): a control
    character in the place or reason, or a text the summons cannot print (G-6); the rule (not given, not of the
    deficiency named, not one of `violable_rules`); the offender (none given and the complaint names none); the
    day observed (not a date, after today, before the chapter was in force); the presence (not true, false or
    empty); the days of continued violation (Mount Pleasant: none; Carmel: required, 1 to the days from the day
    observed to today, W-16). Fields in `told` (the caller refused them itself: a record the town does not hold,
    its schema's refusal) are not judged, nor what follows from them (a rule not given beside a deficiency
    refused, the days beside a day observed refused). Mount Pleasant: an enforcement officer who may not enforce a
    violation not in his presence (§ 164-12) is `NotAllowed`, raised before any refusal of the values. Records of
    another town: `NotFound`. A value refused is None in the values."""
    town = complaint.town
    kept = Refusals(told)
    check, told_ = kept.check, kept.refused
    for obj, what in ((offender, "offender"), (venue, "place of assembly"), (deficiency, "deficiency")):
        _in_town(obj, town, what)
    kept.add(controls_found(("place", place), ("reason", reason)))
    if deficiency is not None:
        if rule_id is not None and rule_id != deficiency.rule_id:
            kept.refuse("rule_id", _("the deficiency is of %(rule)s; give that rule or none") % {"rule": deficiency.rule_id})
        rule_id = deficiency.rule_id
        venue = venue or deficiency.inspection.venue
    citation = None
    if told_("rule_id") or (rule_id is None and told_("deficiency")):
        rule_id = None  # (refused by the caller, or to come from a deficiency it refused)
    elif rule_id is None:  # (named with what is allowed, as another rule is refused: W-19)
        kept.refuse("rule_id", _("is required: the rule violated; allowed: %(allowed)s")
                 % {"allowed": ", ".join(dict(violable_rules(town)))})
    else:
        rule_id, citation = check(lambda: _rule(town, rule_id)) or (None, None)
    check(lambda: require_printable(*[(f, t if isinstance(t, str) else None)  # the summons prints them (G-6)
                                      for f, t in (("description", description), ("place", place)) if not told_(f)]))
    offender = offender or complaint.offender
    if offender is None and not told_("offender"):
        kept.refuse("offender", _("is required, as the complaint names no offender: the person or firm who violated the "
                               "rule, one of the offenders registered in the town"))
    observed = None if told_("observed_on") else check(
        lambda: _happened("observed_on", observed_on, complaint.observed_on))
    values = None if observed is None else check(lambda: _values(town, observed))  # (the chapter in force, W-33)
    if in_presence is None:
        in_presence = complaint.in_presence if complaint.filed_by_id == by.pk else None
    if in_presence not in (True, False, None):
        if not told_("in_presence"):
            kept.refuse("in_presence", _("true, false or empty"))
    elif _alias(town) == MOUNT_PLEASANT:  # who may enforce it, before any refusal of the values (the role's, W-33)
        powers = enforcement_powers(_kind_of(membership), bool(in_presence),
                                    values if values is not None else _values(town, complaint.observed_on))
        if not powers.may_enforce:
            raise NotAllowed(_("under § 164-12 a fire district inspector, town fire marshal or police officer "
                               "enforces only a violation that occurred in his presence; file a complaint with the "
                               "Building Inspector instead"))
    days = days_of_continued_violation
    if told_("days_of_continued_violation"):
        pass
    elif _alias(town) == MOUNT_PLEASANT:
        if days is not None:
            kept.refuse("days_of_continued_violation", _("Mount Pleasant counts offenses (§ 164-14), not days of "
                                                      "continued violation; leave it empty"))
    elif values is not None:  # Carmel: the days allowed, 1 to those from the day observed to today, both counted (W-16)
        allowed = {"most": most_days_by(observed, _today()), "first_day": observed.isoformat()}
        if days is None:
            kept.refuse("days_of_continued_violation",
                     _("is required: the number of days of continued violation, a whole number from 1 to %(most)s "
                       "(the days from %(first_day)s to today; each day is a separate violation, ch. 31 penalties "
                       "¶ A)") % allowed)
        else:
            try:
                CarmelViolation(days_of_continued_violation=days, first_day=observed)
            except ValidationError:
                kept.refuse("days_of_continued_violation",
                         _("must be the number of days of continued violation, a whole number from 1 to %(most)s "
                           "(the days from %(first_day)s to today; each day is a separate violation, ch. 31 "
                           "penalties ¶ A); got %(value)s") % {**allowed, "value": repr(days)})
            else:
                to_come = days_still_to_come(observed, days, _today())
                if to_come is not None:  # a day still to come is no violation yet (ch. 31 penalties ¶ A; W-16)
                    kept.refuse("days_of_continued_violation", law_text(to_come))
    return ({"rule_id": rule_id, "citation": citation, "offender": offender, "observed_on": observed,
             "in_presence": in_presence, "venue": venue}, kept.errors)


def violation_refusals(by: Any, complaint: Complaint, *, told: Any = (), **values: Any) -> list[tuple[str, str]]:
    """What `record_violation` refuses of a violation on `complaint` with these `values` (its keywords,
    `VIOLATION_FIELDS`), every one, as (field, message); empty when it refuses none. The role first: `NotAllowed`
    for a user who may not record it (not the town's Building Inspector or an enforcement officer; Mount Pleasant,
    an officer's violation not in his presence, § 164-12). Fields in `told` the caller refused itself (its
    schema's, the records named that the town does not hold) are not judged again. Nothing is written. The API
    and the enforcement page tell them with their own refusals (W-36, as W-33)."""
    membership = require_role(by, complaint.town, *ENFORCERS)
    return _violation_values(by, complaint, membership, told=told, **values)[1]


def record_violation(by: Any, complaint: Complaint, *, rule_id: str | None = None, offender: Offender | None = None,
                     observed_on: dt.date | None = None, description: str = "", in_presence: bool | None = None,
                     venue: Venue | None = None, deficiency: Deficiency | None = None, place: str = "",
                     days_of_continued_violation: int | None = None, reason: str = "",
                     expected_version: int | None = None) -> Violation:
    """Record a violation on `complaint`: the rule (``rule_id`` of the town's rule book, or the ``deficiency``'s
    rule) with its citation from the law core, the offender (default: the complaint's), the day (default: the
    complaint's). Mount Pleasant: an enforcement officer may record only a violation in his presence
    (`enforcement_powers`, § 164-12), the Building Inspector any. Carmel: ``days_of_continued_violation`` (1 or
    more; each day a separate violation, ch. 31 penalties ¶ A) is required, and counted from the day observed
    they end today at the latest: a day still to come is no violation yet (the law core's `days_still_to_come`,
    as `check` refuses them; `ValidationFailed` naming ``days_of_continued_violation``, W-16). ``rule_id``: one
    of `violable_rules`. The role first (`NotAllowed`; a control character in the place or reason told before it
    to a user without it, G-6), then every value refused at once, in ``errors`` (`violation_refusals`, W-36). A
    day this offender's violation of this rule that stands already charges, on any complaint of the town, is
    refused as it is recorded, after the complaint's version (`_not_charged_twice`, W-15). The complaint moves to
    ``violations_recorded`` (`expected_version` is the complaint's). Returns the `Violation` (recorded)."""
    town = complaint.town
    try:
        membership = require_role(by, town, *ENFORCERS)
    except NotAllowed:
        require_no_controls(("place", place), ("reason", reason))  # (G-6: told before the role, as before, P-29)
        raise
    kind = _kind_of(membership)
    values, refused = _violation_values(
        by, complaint, membership, rule_id=rule_id, offender=offender, observed_on=observed_on,
        description=description, in_presence=in_presence, venue=venue, deficiency=deficiency, place=place,
        days_of_continued_violation=days_of_continued_violation, reason=reason)
    if refused:  # every value refused, at once (W-36)
        raise ValidationFailed.of_all(refused)
    rule_id, citation, offender = values["rule_id"], values["citation"], values["offender"]
    observed, in_presence, venue = values["observed_on"], values["in_presence"], values["venue"]
    violation = Violation(
        town=town, complaint=complaint, offender=offender, rule_id=rule_id, citation=citation, observed_on=observed,
        observed_by=by, observer_kind=kind, in_presence=in_presence, venue=venue or complaint.venue,
        deficiency=deficiency, place=(place or complaint.place).strip(),
        description=(description or complaint.description).strip(),
        days_of_continued_violation=days_of_continued_violation)
    why = _why(reason, f"violation of {citation} recorded")
    with transaction.atomic():
        town.lock()  # one violation recorded at a time per town: the check of the days already charged holds
        transition(complaint, "record_violation", by=by, reason=why, expected_version=expected_version)
        _not_charged_twice(violation)  # (after the version: the same form sent twice on one version is 409)
        save_with_history(violation, by=by, reason=why)
    return violation


def days_charged(violation: Violation) -> tuple[dt.date, dt.date]:
    """The first and last day `violation` charges: its day observed and, in Carmel, the last of its days of
    continued violation (ch. 31 penalties ¶ A: each day a separate violation); in Mount Pleasant its day alone."""
    return violation.observed_on, last_day_of_violation(violation.observed_on,
                                                        violation.days_of_continued_violation or 1)


def standing(violations: Any) -> Any:
    """Of `violations` (a queryset), those that stand: not dismissed by the court, and not closed without a
    disposition (withdrawn before a summons); a conviction stands once its fine is paid and its case closed."""
    return violations.exclude(state=Violation.DISMISSED).exclude(state=Violation.CLOSED, disposition__isnull=True)


#: Carmel ch. 31 penalties ¶¶ A, B's "any act in violation of any provisions of this chapter" (W-19): a catch-all,
#: so the days it charges are charged under no other rule, nor the other way round (W-15).
ANY_ACT = "carmel/penalties/ab-violation"


def _not_charged_twice(new: Violation) -> None:
    """`ValidationFailed` when a violation of `new`'s offender and rule (or under the catch-all "any act in
    violation", `ANY_ACT`, which overlaps every rule) that stands (`standing`) in its town, on any complaint,
    already charges a day `new` charges (`days_charged`; interpretation W-15): each day's
    violation of a rule by one offender is one violation, punished once. Named: ``observed_on`` when `new`'s
    day observed is one of the days already charged, else ``days_of_continued_violation`` (its later days reach
    them); the message names the violation recorded, its complaint and its days."""
    first, last = days_charged(new)
    same = Violation.objects.for_town(new.town).filter(offender_id=new.offender_id, observed_on__lte=last)
    if new.rule_id != ANY_ACT:  # (the catch-all charges the days it names whatever the rule: it overlaps all)
        same = same.filter(rule_id__in=[new.rule_id, ANY_ACT])
    candidates = standing(same).order_by("observed_on", "id")
    for old in candidates:
        old_first, old_last = days_charged(old)
        if old_last < first:
            continue
        field = "observed_on" if old_first <= first <= old_last else "days_of_continued_violation"
        days = (old_first.isoformat() if old_first == old_last
                else _("%(first)s to %(last)s") % {"first": old_first.isoformat(), "last": old_last.isoformat()})
        raise ValidationFailed(field, _(
            "violation %(id)s (complaint %(complaint)s, %(state)s) of %(offender)s already charges %(citation)s "
            "on %(days)s; a day's violation of a rule by one offender is recorded and punished once "
            "(interpretation W-15): act on violation %(id)s, or record only the days it does not charge")
            % {"id": old.pk, "complaint": old.complaint_id, "state": old.get_state_display(),
               "offender": new.offender.name, "citation": old.citation, "days": days})


# --- summons --------------------------------------------------------------------------------------------------


def return_time_of(value: object) -> str:
    """The hour the summons is returnable in the court (local time): ``HH:MM`` on the 24-hour clock, 00:00 to
    23:59, from a `datetime.time` (the web form's) or such a string; ``""`` when not given (the summons names no
    hour). Anything else, e.g. ``25:99`` or ``9 a.m.``, → `ValidationFailed` naming ``return_time``."""
    if value is None or value == "":
        return ""
    if isinstance(value, dt.time):
        return value.strftime("%H:%M")
    if isinstance(value, str) and RETURN_TIME.fullmatch(value.strip()):
        return value.strip()
    raise ValidationFailed("return_time", _("a time of day HH:MM on the 24-hour clock, 00:00 to 23:59, or empty; "
                                            "got %(value)s") % {"value": repr(value)})


def summons_role(by: Any, town: Town) -> Any:
    """The membership of `by` in `town` that may issue a summons, else `NotAllowed`: Mount Pleasant, the Building
    Inspector alone (§ 164-12, the law core's `may_issue_summons`: an officer is told he files a complaint
    instead); Carmel, `CARMEL_SUMMONS_ROLES` (W-1)."""
    if _alias(town) != MOUNT_PLEASANT:
        return require_role(by, town, *CARMEL_SUMMONS_ROLES)
    membership = require_role(by, town, *ENFORCERS)
    kind = _kind_of(membership)
    if not may_issue_summons(kind):
        raise NotAllowed(_("under Mount Pleasant § 164-12 only the Building Inspector issues a summons; a "
                           "%(officer)s files a complaint with him")
                         % {"officer": _(OFFICER_WORDS[kind]) if kind in OFFICER_WORDS else kind.replace("_", " ")})
    return membership


#: The values of a summons `issue_summons` judges, in the order of its form and the API's body.
SUMMONS_FIELDS = ("return_date", "return_time", "issued_on", "reason")


def _summons_values(violation: Violation, *, return_date: Any = None, return_time: Any = "", issued_on: Any = None,
                    reason: Any = "", told: Any = ()) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values of a summons `issue_summons` takes for `violation`, and what it refuses of them, every one, as
    (field, message), the reason's first, then in the order of `SUMMONS_FIELDS` (`_texts_first`, W-38): a
    control character in the reason (G-6); the day of issue not a date, after today or before the last day the
    violation charges (W-16); the return date not a date, not after the day of issue or more than
    `RETURN_WITHIN_DAYS` after it (W-7), or a day the Town Justice Court does not sit (W-8); the hour not
    ``HH:MM``. Fields in `told` (refused by the caller) are not judged, nor what follows from them: beside a day
    of issue refused, the return date is judged on its own (a date, a day the court sits), not against it. A
    value refused is None in the values."""
    kept = Refusals(told)
    if not kept.refused("reason"):
        kept.add(controls_found(("reason", reason)))
    first, last = days_charged(violation)  # a summons charges days that have happened (W-16)
    issued = None if kept.refused("issued_on") else kept.check(
        _happened, "issued_on", issued_on, _today(), not_before=last,
        not_before_what=gettext_noop("the violation was observed") if first == last else
        gettext_noop("the last day of continued violation the violation charges"))
    ret = None
    if not kept.refused("return_date"):
        if issued is not None:
            ret = kept.check(within, "return_date", return_date, after=issued, days=RETURN_WITHIN_DAYS,
                             after_what=gettext_noop("the day of issue"))
        else:  # (the day of issue refused: the return date judged on its own, a date the court sits)
            ret = kept.check(a_date, "return_date", return_date)
        closed = None if ret is None else court_does_not_sit_because(ret)
        if closed is not None:
            kept.refuse("return_date", _("%(day)s is %(why)s, when the Town Justice Court does not sit; a summons is "
                                         "returnable on a day of its regular sessions, a business day (interpretation "
                                         "W-8): choose another day")
                        % {"day": ret.isoformat(), "why": law_text(closed)})
            ret = None
    at = None if kept.refused("return_time") else kept.check(return_time_of, return_time)
    return {"issued_on": issued, "return_date": ret, "return_time": at}, kept.in_order(_texts_first(SUMMONS_FIELDS))


def summons_refusals(by: Any, violation: Violation, *, told: Any = (), **values: Any) -> list[tuple[str, str]]:
    """What `issue_summons` refuses of a summons for `violation` with these `values` (its keywords,
    `SUMMONS_FIELDS`), every one, as (field, message); empty when it refuses none. The role first (`summons_role`,
    `NotAllowed`). Fields in `told` the caller refused itself (its form's, its schema's) are not judged again.
    Nothing is written (W-38, as W-36)."""
    summons_role(by, violation.town)
    return _summons_values(violation, told=told, **values)[1]


def issue_summons(by: Any, violation: Violation, *, return_date: dt.date, return_time: str | dt.time | None = "",
                  issued_on: dt.date | None = None, reason: str = "", expected_version: int | None = None) -> Summons:
    """Issue a summons for a recorded violation, returnable in the Town Justice Court on `return_date`.

    Mount Pleasant: only the Building Inspector issues a summons, on his own complaint or another's (§ 164-12;
    the law core's `may_issue_summons`): a police officer, fire district inspector or town fire marshal is
    refused (`NotAllowed`) — he files a complaint instead. Carmel: `CARMEL_SUMMONS_ROLES` (`summons_role`). The
    court is `court_for`. ``return_date``: after the day of issue, within `RETURN_WITHIN_DAYS`, and a day the Town
    Justice Court sits: not a Saturday, Sunday or GCL § 24 public holiday (`ValidationFailed` naming
    ``return_date`` and why; interpretation W-8). ``issued_on`` (default today): not before the last day the
    violation charges (its day observed; Carmel, the last of its days of continued violation, W-16).
    ``return_time``: `return_time_of` (``HH:MM``, 00:00-23:59, or empty). Returns the `Summons`; the violation
    moves to ``summoned``.

    The role first (`NotAllowed`; a control character in the reason told before it to a user without it, G-6);
    then a control character in the reason, told with every other value refused (P-29: a free text before the
    state); then a violation that has its summons already: `SummonsAlreadyIssued` (409), naming it, nothing
    written; then every value refused at once, in ``errors`` (`summons_refusals`, W-38); then the state."""
    try:
        summons_role(by, violation.town)
    except NotAllowed:
        require_no_controls(("reason", reason))  # (G-6: told before the role, as before, P-29)
        raise
    town = violation.town
    values, refused = _summons_values(violation, return_date=return_date, return_time=return_time,
                                      issued_on=issued_on, reason=reason)
    if any(field == "reason" for field, _m in refused):  # (a free text before the state, P-29; with the rest)
        raise ValidationFailed.of_all(refused)
    _no_second_summons(violation)
    if refused:  # every value refused, at once (W-38)
        raise ValidationFailed.of_all(refused)
    issued, ret, at = values["issued_on"], values["return_date"], values["return_time"]
    with transaction.atomic():
        try:
            transition(violation, "issue_summons", by=by, reason=_why(reason, "summons issued"),
                       expected_version=expected_version)
        except InvalidTransition:
            _no_second_summons(violation)  # (one issued meanwhile: said as such, not as the state's refusal)
            raise
        court = court_for(town, issued)
        summons = Summons(town=town, violation=violation, number=_next_number(Summons, town, "S", issued.year),
                          issued_on=issued, issued_by=by, court=court, return_date=ret,
                          return_time=at)
        save_with_history(summons, by=by, reason=_why(reason, f"summons returnable in the {court}"))
    return summons


def _no_second_summons(violation: Violation) -> None:
    """`SummonsAlreadyIssued` when `violation` has its summons."""
    issued = Summons.objects.filter(violation_id=violation.pk).select_related("violation").first()
    if issued is not None:
        raise SummonsAlreadyIssued(issued)


# --- disposition and payment ------------------------------------------------------------------------------------


def prior_offenses(violation: Violation) -> int:
    """The offender's offenses in the same town convicted before this violation was committed: convicted
    dispositions decided on a day before the violation's day (Mount Pleasant § 164-14, register M-14, W-3). A
    conviction decided on that day or later does not count, even for an offense committed earlier: a second or
    subsequent offense is one committed after a conviction, the milder reading of a penal provision."""
    return (Violation.objects.for_town(violation.town)
            .filter(offender_id=violation.offender_id, disposition__outcome=Disposition.CONVICTED,
                    disposition__decided_on__lt=violation.observed_on)
            .exclude(pk=violation.pk).count())


def penalty_range(violation: Violation) -> Penalty:
    """The range of punishment the law core gives for `violation` under the values in force on its day
    (`Jurisdiction.penalty_fn` of what its chapter counts by): Mount Pleasant, the offense number = prior
    offenses + 1 (§ 164-14); Carmel, the days of continued violation (each a separate violation, ch. 31
    penalties ¶¶ A, B)."""
    values = _values(violation.town, violation.observed_on)
    j = violation.town.jurisdiction
    count = (prior_offenses(violation) + 1 if j.penalty_counted_by == "offense_number"
             else violation.days_of_continued_violation)
    return j.penalty_fn(count, values)


#: The range of punishment in words (`_range_text`): Mount Pleasant's by offense number, Carmel's by days.
OFFENSE_RANGE = gettext_noop("%(nth)s offense: %(penalty)s (%(citation)s)")
DAYS_RANGE = gettext_noop("%(days)s day(s) of continued violation: a fine of %(min)s to %(max)s, or up to %(jail)s "
                          "days in jail, or both (%(citation)s)")


def _range_text(p: Penalty, *, translated: bool = False) -> str:
    """The range `p` in words: in English for the case's history; in the active language when `translated`
    (a refusal shown to the user)."""
    words = _ if translated else str
    text = law_text if translated else str
    if p.offense_number is not None:
        return words(OFFENSE_RANGE) % {"nth": text(an_ordinal(p.offense_number)), "penalty": text(describe(p)),
                                      "citation": p.citation}
    return words(DAYS_RANGE) % {"days": p.violations, "min": f"${p.min_fine:,.2f}", "max": f"${p.max_fine:,.2f}",
                                "jail": p.max_jail_days, "citation": p.citation}


def _offense_words(p: Penalty) -> str:
    """What the range `p` is for, in the active language: "a third offense" (Mount Pleasant § 164-14, by offense
    number), "3 days of continued violation" (Carmel ch. 31 penalties, each day a separate violation)."""
    if p.offense_number is not None:
        return _("%(nth)s offense") % {"nth": law_text(an_ordinal(p.offense_number))}
    return ngettext("%(days)s day of continued violation", "%(days)s days of continued violation",
                    p.violations) % {"days": p.violations}


def _jail_in_other_unit(p: Penalty, given: str, value: int, field: str, cap: int) -> str:
    """The refusal of a term given in `given` (``jail_days`` or ``jail_months``, `value` of them) where the law
    counts imprisonment for the offense in the other unit, that of `field`, up to `cap` (§ 164-14: days for a
    second offense, months for a subsequent one): the offense, the unit the law uses and its cap, the field to
    give it in and its range, and what was given, in its unit's singular or plural."""
    said = {"offense": _offense_words(p), "cap": cap, "citation": p.citation, "field": field, "given": given,
            "value": value}
    if field == "jail_months":
        return ngettext("imprisonment for %(offense)s is counted in months, up to %(cap)s (%(citation)s): give it "
                        "in %(field)s, a whole number of months from 0 to %(cap)s, not in %(given)s (got %(value)s "
                        "day)",
                        "imprisonment for %(offense)s is counted in months, up to %(cap)s (%(citation)s): give it "
                        "in %(field)s, a whole number of months from 0 to %(cap)s, not in %(given)s (got %(value)s "
                        "days)", value) % said
    return ngettext("imprisonment for %(offense)s is counted in days, up to %(cap)s (%(citation)s): give it in "
                    "%(field)s, a whole number of days from 0 to %(cap)s, not in %(given)s (got %(value)s month)",
                    "imprisonment for %(offense)s is counted in days, up to %(cap)s (%(citation)s): give it in "
                    "%(field)s, a whole number of days from 0 to %(cap)s, not in %(given)s (got %(value)s months)",
                    value) % said


def _fine_required(p: Penalty) -> str:
    """The refusal of a conviction recorded without its fine: the range of the fine in force for the offense
    (`p`, the values in force on the violation's day) and, where the law allows "fine or imprisonment, or both",
    that the fine may be left out only with imprisonment, in which field and up to what."""
    said = {"min": f"${p.min_fine:,.2f}", "max": f"${p.max_fine:,.2f}", "offense": _offense_words(p),
            "citation": p.citation}
    terms = [_("%(field)s, 1 to %(cap)s") % {"field": field, "cap": cap}
             for field, cap in (("jail_days", p.max_jail_days), ("jail_months", p.max_jail_months)) if cap]
    if not terms:
        return _("the fine is required for a conviction: %(min)s to %(max)s for %(offense)s (%(citation)s)") % said
    jail = terms[0]
    for term in terms[1:]:
        jail = _("%(first)s or %(next)s") % {"first": jail, "next": term}
    return (_("the fine is required for a conviction: %(min)s to %(max)s for %(offense)s (%(citation)s); it may "
              "be left out only when imprisonment is imposed (%(jail)s)") % {**said, "jail": jail})


#: The terms of a sentence, in the order of the disposition's form and the API's body.
SENTENCE_FIELDS = ("fine", "jail_days", "jail_months")


def _sentence(kept: Refusals, p: Penalty | None, fine: Any, jail_days: Any, jail_months: Any) -> Decimal | None:
    """The fine of a sentence (Decimal dollars, whole cents; $0.00 when left out with imprisonment), its refusals
    kept in `kept`, every one (W-38): the fine not dollars in whole cents, outside the range `p` (or left out
    without imprisonment: `_fine_required`); a term not a whole number of days or months from 0, in the unit the
    law does not count it in (`_jail_in_other_unit`), or more than the cap. `p` None (the outcome refused): only
    what does not depend on the range (the fine in dollars, the terms whole numbers). Beside a term refused (here or
    by the caller), a fine left out or of $0, which stands only with imprisonment, is not judged (None) where the
    law allows imprisonment; where it allows none, the fine is required whatever the term."""
    amount = None if fine is None or kept.refused("fine") else kept.check(_dollars, "fine", fine)
    jail_refused = False
    for name, value, cap in (("jail_days", jail_days, None if p is None else p.max_jail_days),
                             ("jail_months", jail_months, None if p is None else p.max_jail_months)):
        said = JAIL_WORDS[name]
        if kept.refused(name):
            jail_refused = True
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            kept.refuse(name, _(said[0]) % {"value": repr(value)})
            jail_refused = True
        elif p is None:
            continue
        elif value and not cap:
            other, other_cap = (("jail_months", p.max_jail_months) if name == "jail_days" else
                                ("jail_days", p.max_jail_days))
            if other_cap:  # the law counts this term in the other unit: say which, and its cap
                kept.refuse(name, _jail_in_other_unit(p, name, value, other, other_cap))
            else:
                kept.refuse(name, _(said[1]) % {"range": _range_text(p, translated=True)})
            jail_refused = True
        elif cap and value > cap:
            kept.refuse(name, _(said[2]) % {"value": value, "cap": cap, "range": _range_text(p, translated=True)})
            jail_refused = True
    if p is None or kept.refused("fine"):
        return amount
    jailed = bool(jail_days or jail_months)
    # (where the law allows imprisonment, a fine left out or of $0 stands with it: beside a term refused, judged
    # once the term is; where it allows none, the fine is required whatever the term)
    waits = jail_refused and bool(p.max_jail_days or p.max_jail_months)
    if amount is None:  # no fine given: none with imprisonment ("fine or imprisonment"), else it is required
        if jailed and not jail_refused:
            return Decimal("0.00")
        if not waits:
            kept.refuse("fine", _fine_required(p))
        return None
    if p.min_fine <= amount <= p.max_fine or (amount == 0 and jailed and not jail_refused):
        return amount
    if amount == 0 and waits:
        return None
    amounts = {"fine": f"${amount:,.2f}", "min": f"${p.min_fine:,.2f}", "max": f"${p.max_fine:,.2f}",
               "range": _range_text(p, translated=True)}
    if p.max_jail_days or p.max_jail_months:
        kept.refuse("fine", _("%(fine)s is outside %(min)s to %(max)s, or $0 with imprisonment for %(range)s")
                    % amounts)
    else:
        kept.refuse("fine", _("%(fine)s is outside %(min)s to %(max)s for %(range)s") % amounts)
    return None


def check_sentence(p: Penalty, fine: Any, jail_days: Any = 0, jail_months: Any = 0) -> Decimal:
    """Check a sentence against the law core's range `p`; returns the fine (Decimal dollars, whole cents).

    The fine must lie within [min_fine, max_fine], or be $0 when imprisonment is imposed where the law allows
    "fine or imprisonment, or both"; imprisonment in days up to ``max_jail_days``, in months up to
    ``max_jail_months`` (none where the law gives none). `fine` None is a fine not given: $0 with imprisonment,
    else refused as required for a conviction, saying the range (`_fine_required`). Raises `ValidationFailed`
    naming ``fine``, ``jail_days`` or ``jail_months`` and the range, every term refused at once (`_sentence`,
    W-38)."""
    kept = Refusals()
    amount = _sentence(kept, p, fine, jail_days, jail_months)
    if kept.errors:
        raise ValidationFailed.of_all(kept.in_order(SENTENCE_FIELDS))
    assert amount is not None
    return amount


#: The values of a disposition `record_disposition` judges, in the order of its form and the API's body.
DISPOSITION_FIELDS = ("outcome", "decided_on", *SENTENCE_FIELDS, "reason")


def _disposition_values(violation: Violation, *, outcome: Any = None, decided_on: Any = None, fine: Any = None,
                        jail_days: Any = 0, jail_months: Any = 0, reason: Any = "", told: Any = ()
                        ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values of the court's disposition of `violation` `record_disposition` takes, and what it refuses of
    them, every one, as (field, message), the reason's first, then in the order of `DISPOSITION_FIELDS`
    (`_texts_first`, W-38): a control character in the reason (G-6); the outcome not ``convicted`` or
    ``dismissed``; the day decided not a date, after today or before the summons was issued (W-7); a
    conviction decided before the summons' return day without a reason saying why (`before_the_return_day`,
    W-37); a conviction's sentence outside the range of `penalty_range` (`_sentence`); a dismissal with a fine or
    imprisonment. Fields in `told` (refused by the caller) are not judged, nor what follows from them (the
    sentence beside an outcome refused: only its form). A value refused is None in the values."""
    kept = Refusals(told)
    if not kept.refused("reason"):
        kept.add(controls_found(("reason", reason)))
    if not kept.refused("outcome") and outcome not in (Disposition.CONVICTED, Disposition.DISMISSED):
        kept.refuse("outcome", _("%(value)s; allowed: convicted, dismissed") % {"value": repr(outcome)})
    summons = Summons.objects.filter(violation=violation).first()
    decided = None if kept.refused("decided_on") else kept.check(
        _happened, "decided_on", decided_on, _today(), not_before=summons.issued_on if summons else None,
        not_before_what=gettext_noop("the summons was issued"))
    if (decided is not None and summons is not None and decided < summons.return_date
            and outcome == Disposition.CONVICTED and not kept.refused("outcome") and not _given(reason)):
        kept.refuse("decided_on", before_the_return_day(decided, summons))  # (W-37)
    p, amount = None, None
    if kept.refused("outcome"):
        _sentence(kept, None, fine, jail_days, jail_months)
    elif outcome == Disposition.CONVICTED:
        p = penalty_range(violation)
        amount = _sentence(kept, p, fine, jail_days, jail_months)
    elif not kept.refused("fine"):  # dismissed: no sentence
        amount = None if fine is None else kept.check(_dollars, "fine", fine)
        if not kept.refused("fine") and ((amount is not None and amount != 0) or jail_days or jail_months):
            kept.refuse("fine", _("a dismissed violation carries no fine or imprisonment"))
    return {"decided_on": decided, "penalty": p, "fine": amount}, kept.in_order(_texts_first(DISPOSITION_FIELDS))


def _given(text: Any) -> bool:
    """Whether `text` is a text given: not empty nor spaces alone."""
    return isinstance(text, str) and bool(text.strip())


def before_the_return_day(decided: dt.date, summons: Summons) -> str:
    """The refusal of a conviction decided on `decided`, before `summons`'s return day, without the reason saying
    why (interpretation W-37): the day the summons calls the defendant to appear, and what to do."""
    return (_("%(day)s is before the summons' return day (%(returns)s), the day it calls the defendant to appear in "
              "the %(court)s: a conviction decided before it is recorded only with the reason saying why (the "
              "defendant pleaded or appeared before the return day); give the reason, or the day the court decided "
              "(interpretation W-37)")
            % {"day": decided.isoformat(), "returns": summons.return_date.isoformat(), "court": summons.court})


def disposition_refusals(by: Any, violation: Violation, *, told: Any = (), **values: Any) -> list[tuple[str, str]]:
    """What `record_disposition` refuses of a disposition of `violation` with these `values` (its keywords,
    `DISPOSITION_FIELDS`), every one, as (field, message); empty when it refuses none. The role first
    (`NotAllowed`: not the town's Building Inspector or Clerk). Fields in `told` the caller refused itself (its
    form's, its schema's) are not judged again. Nothing is written (W-38, as W-36)."""
    require_role(by, violation.town, *COURT_CLERKS)
    return _disposition_values(violation, told=told, **values)[1]


def record_disposition(by: Any, violation: Violation, *, outcome: str, decided_on: dt.date | None = None,
                       fine: Any = None, jail_days: int = 0, jail_months: int = 0, reason: str = "",
                       expected_version: int | None = None) -> Disposition:
    """Record the Town Justice Court's disposition of a summoned violation (building inspector or town clerk).

    ``outcome`` ``convicted``: the sentence (``fine`` in US dollars, ``jail_days``, ``jail_months``) must lie within
    `penalty_range` (checked by `_sentence`, as `check_sentence`; `ValidationFailed` naming the field and the
    range; ``fine`` None, not given, is required but with imprisonment where the law allows "fine or
    imprisonment"); the offense number and the range are kept, and the violation moves to ``disposed``.
    ``dismissed``: no sentence; the violation moves to ``dismissed`` and does not count as an offense.
    ``decided_on`` (default today): not after today nor before the summons was issued; a conviction decided before
    the summons' return day only with a ``reason`` saying why (the defendant pleaded or appeared before it;
    interpretation W-37), a dismissal on any of those days. The role
    first (`NotAllowed`; a control character in the reason told before it to a user without it, G-6), then every
    value refused at once, in ``errors`` (`disposition_refusals`, W-38), then the version and the state. Returns
    the `Disposition`."""
    try:
        require_role(by, violation.town, *COURT_CLERKS)
    except NotAllowed:
        require_no_controls(("reason", reason))  # (G-6: told before the role, as before, P-29)
        raise
    with transaction.atomic():
        fresh = Violation.objects.select_for_update().get(pk=violation.pk)
        values, refused = _disposition_values(fresh, outcome=outcome, decided_on=decided_on, fine=fine,
                                              jail_days=jail_days, jail_months=jail_months, reason=reason)
        if refused:  # every value refused, at once (W-38), before the state (P-29)
            raise ValidationFailed.of_all(refused)
        decided = values["decided_on"]
        if outcome == Disposition.CONVICTED:
            p, amount = values["penalty"], values["fine"]
            disposition = Disposition(
                town=violation.town, violation=fresh, decided_on=decided, outcome=outcome,
                offense_number=p.offense_number, prior_offenses=None if p.offense_number is None else
                p.offense_number - 1, penalty=p.to_json(), fine=amount, jail_days=jail_days, jail_months=jail_months,
                recorded_by=by)
            why = _why(reason, f"convicted: {_range_text(p)}; sentence ${amount:,.2f}"
                       + (f", {jail_days} days" if jail_days else "") + (f", {jail_months} months" if jail_months else ""))
            transition(violation, "dispose", by=by, reason=why, expected_version=expected_version)
        else:
            disposition = Disposition(town=violation.town, violation=fresh, decided_on=decided, outcome=outcome,
                                      recorded_by=by)
            why = _why(reason, "dismissed by the court")
            transition(violation, "dismiss", by=by, reason=why, expected_version=expected_version)
        save_with_history(disposition, by=by, reason=why)
    return disposition


#: The values of a payment `record_payment` judges, in the order of its form and the API's body.
PAYMENT_FIELDS = ("amount", "paid_on", "reason")


def _payment_values(disposition: Disposition | None, *, amount: Any = None, paid_on: Any = None, reason: Any = "",
                    told: Any = ()) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values of the payment of the fine `disposition` imposed (None: none recorded) `record_payment` takes,
    and what it refuses of them, every one, as (field, message), the reason's first, then in the order of
    `PAYMENT_FIELDS` (`_texts_first`, W-38): a control character in the reason (G-6); the amount not dollars in
    whole cents, not the fine, or a fine none was imposed; the day paid not a date, after today or before the
    disposition (W-7). Fields in `told` (refused by the caller) are not judged. A value refused is None in the
    values."""
    kept = Refusals(told)
    if not kept.refused("reason"):
        kept.add(controls_found(("reason", reason)))
    paid = None if kept.refused("amount") else kept.check(_dollars, "amount", amount)
    when = None if kept.refused("paid_on") else kept.check(  # (a fine is paid once imposed, not before)
        _happened, "paid_on", paid_on, _today(), not_before=disposition.decided_on if disposition else None,
        not_before_what=gettext_noop("the court's disposition imposing the fine"))
    if paid is not None and disposition is not None and disposition.outcome == Disposition.CONVICTED:
        if disposition.fine == 0:
            kept.refuse("amount", _("no fine was imposed; close the case instead"))
        elif paid != disposition.fine:
            kept.refuse("amount", _("%(paid)s is not the fine of %(fine)s; record the payment of the fine in full")
                        % {"paid": f"${paid:,.2f}", "fine": f"${disposition.fine:,.2f}"})
    return {"amount": paid, "paid_on": when}, kept.in_order(_texts_first(PAYMENT_FIELDS))


def payment_refusals(by: Any, violation: Violation, *, told: Any = (), **values: Any) -> list[tuple[str, str]]:
    """What `record_payment` refuses of a payment of `violation`'s fine with these `values` (its keywords,
    `PAYMENT_FIELDS`), every one, as (field, message); empty when it refuses none. The role first (`NotAllowed`:
    not the town's Building Inspector or Clerk). Fields in `told` the caller refused itself are not judged again.
    Nothing is written (W-38, as W-36)."""
    require_role(by, violation.town, *COURT_CLERKS)
    return _payment_values(Disposition.objects.filter(violation=violation).first(), told=told, **values)[1]


def record_payment(by: Any, violation: Violation, *, amount: Any, paid_on: dt.date | None = None,
                   reason: str = "", expected_version: int | None = None) -> Violation:
    """Record payment of the fine in full (``amount`` in US dollars must equal the fine; `ValidationFailed`,
    field ``amount``, otherwise). ``paid_on`` (default today): not after today nor before the court's
    disposition that imposed the fine (`ValidationFailed` naming ``paid_on``). Building inspector or town clerk:
    the role first (`NotAllowed`; a control character in the reason told before it to a user without it, G-6),
    then every value refused at once, in ``errors`` (`payment_refusals`, W-38), then the version and the state.
    The violation moves to ``paid``."""
    try:
        require_role(by, violation.town, *COURT_CLERKS)
    except NotAllowed:
        require_no_controls(("reason", reason))  # (G-6: told before the role, as before, P-29)
        raise
    with transaction.atomic():
        disposition = Disposition.objects.select_for_update().filter(violation=violation).first()
        values, refused = _payment_values(disposition, amount=amount, paid_on=paid_on, reason=reason)
        if refused:  # every value refused, at once (W-38), before the state (P-29)
            raise ValidationFailed.of_all(refused)
        paid, when = values["amount"], values["paid_on"]
        why = _why(reason, f"fine of ${paid:,.2f} paid on {when}")
        transition(violation, "pay", by=by, reason=why, expected_version=expected_version)
        assert disposition is not None  # "pay" is allowed only from disposed
        apply_changes(disposition, {"amount_paid": paid, "paid_on": when}, by=by, reason=why)
    return violation


def close_case(by: Any, case: Violation | Complaint, *, reason: str, expected_version: int | None = None) -> Any:
    """Close a violation (withdrawn before a summons; disposed with no fine left unpaid; or paid) or a complaint
    whose violations are all dismissed or closed. Building inspector; reason required."""
    require_no_controls(("reason", reason))  # (G-6; values before state, P-29)
    why = _require_reason(reason)
    if isinstance(case, Complaint):
        open_ = case.violations.exclude(state__in=[Violation.DISMISSED, Violation.CLOSED]).count()
        if open_:
            raise ValidationFailed("complaint", _("%(n)s of its violations are not yet closed or dismissed")
                                   % {"n": open_})
        return transition(case, "close", by=by, reason=why, expected_version=expected_version)
    if case.state == Violation.DISPOSED:
        d = Disposition.objects.filter(violation=case).first()
        if d is not None and d.fine > 0:
            raise ValidationFailed("violation", _("the fine of %(fine)s is unpaid; record the payment first")
                                   % {"fine": f"${d.fine:,.2f}"})
    return transition(case, "close", by=by, reason=why, expected_version=expected_version)


# --- history --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OffenseEntry:
    """One violation of an offender: its day, rule, citation, state, and the disposition if any (offense number,
    fine in US dollars, imprisonment)."""

    violation_id: int
    observed_on: dt.date
    rule_id: str
    citation: str
    state: str
    outcome: str | None
    offense_number: int | None
    fine: Decimal | None
    jail_days: int
    jail_months: int
    summons_number: str | None


@dataclass(frozen=True)
class OffenseHistory:
    """An offender's violations in the town across cases, oldest first; ``adjudicated`` counts the convictions
    (the prior offenses that set the next offense number, § 164-14)."""

    offender: str
    kind: str
    town: str
    adjudicated: int
    entries: tuple[OffenseEntry, ...]


def offense_history(by: Any, offender: Offender) -> OffenseHistory:
    """The offense history of a person or firm in its town, across cases (building inspector, enforcement
    officer or town clerk)."""
    require_role(by, offender.town, *READERS)
    entries = []
    for v in offender.violations.select_related("disposition", "summons").order_by("observed_on", "id"):
        d = getattr(v, "disposition", None) if hasattr(v, "disposition") else None
        s = getattr(v, "summons", None) if hasattr(v, "summons") else None
        entries.append(OffenseEntry(
            violation_id=v.pk, observed_on=v.observed_on, rule_id=v.rule_id, citation=v.citation, state=v.state,
            outcome=d.outcome if d else None, offense_number=d.offense_number if d else None,
            fine=d.fine if d and d.outcome == Disposition.CONVICTED else None,
            jail_days=d.jail_days if d else 0, jail_months=d.jail_months if d else 0,
            summons_number=s.number if s else None))
    adjudicated = sum(1 for e in entries if e.outcome == Disposition.CONVICTED)
    return OffenseHistory(offender=offender.name, kind=offender.kind, town=offender.town.name,
                          adjudicated=adjudicated, entries=tuple(entries))


def case_timeline(by: Any, complaint: Complaint) -> list[TimelineEntry]:
    """The readable timeline of a case: the complaint, its violations, summonses, dispositions and stop orders —
    who, when, what changed, why; oldest first. Building inspector, enforcement officer or town clerk."""
    require_role(by, complaint.town, *READERS)
    violations = list(complaint.violations.order_by("id"))
    objects: list[Any] = [complaint, *complaint.stop_orders.order_by("id"), *violations]
    objects += list(Summons.objects.filter(violation__in=violations).order_by("id"))
    objects += list(Disposition.objects.filter(violation__in=violations).order_by("id"))
    return timeline(*objects)


__all__ = [
    "CARMEL_SUMMONS_ROLES", "DISPOSITION_FIELDS", "LIFT_FIELDS", "PAYMENT_FIELDS", "SUMMONS_FIELDS", "OffenseEntry",
    "OffenseHistory", "case_timeline", "check_sentence", "close_case", "court_for", "disposition_refusals",
    "dismiss_complaint", "file_complaint", "issue_summons", "lift_refusals", "lift_stop_order", "offense_history",
    "payment_refusals", "penalty_range", "prior_offenses", "record_disposition", "record_payment",
    "record_stop_order", "record_violation", "register_offender", "stop_order_refusals", "stop_order_role",
    "summons_refusals", "summons_role", "violation_refusals",
]
