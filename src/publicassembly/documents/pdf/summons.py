"""The summons for a violation of a town's chapter, returnable in the court its parameters name:

- Mount Pleasant ch. 164: issued by the Building Inspector on his own complaint or on the complaint of a fire
  inspector, fire marshal or policeman, returnable in the Town Justice Court (§ 164-12), stating the rule
  violated and the penalty range for the offense number (§ 164-14);
- Carmel ch. 31: stating the days of continued violation, each a separate violation (penalties ¶ A), and the
  range of ¶ B summed over them; the court is Carmel's parameter ``enforcement.court`` (interpretation W-2)."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

from reportlab.lib.units import inch
from reportlab.platypus import Spacer

from publicassembly.documents.lawparams import CARMEL, MOUNT_PLEASANT, court_name
from publicassembly.documents.pdf import typeface
from publicassembly.documents.pdf._common import build, esc, long_date, money, p, signature, table
from publicassembly.documents.records import RETURN_TIME, SUMMONS_JURISDICTIONS, SummonsRecord
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.penalties import an_ordinal, ordinal
from publicassembly.law.messages import plural

#: The officers of § 164-12 on whose complaint a summons issues (ids as in the law core's ``OFFICER_KINDS``).
COMPLAINANTS = {
    "building_inspector": "the Building Inspector, on his own complaint",
    "fire_district_inspector": "a Fire Department inspector of the fire district in which the gathering took place",
    "town_fire_marshal": "the Town Fire Marshal",
    "police_officer": "a police officer",
}


def penalty_text(r: SummonsRecord) -> str:
    """The penalty range in words: fines, imprisonment, classification."""
    if r.min_fine > 0:
        fine = f"a fine of not less than {money(r.min_fine)} and not more than {money(r.max_fine)}"
    else:
        fine = f"a fine of not more than {money(r.max_fine)}"
    jail = []
    if r.max_jail_days:
        jail.append(f"{r.max_jail_days} days")
    if r.max_jail_months:
        jail.append(f"{r.max_jail_months} months")
    text = fine
    if jail:
        text += f" or imprisonment for a period not in excess of {' '.join(jail)}, or both such fine and imprisonment"
    return f"{text}; the offense constitutes a {esc(r.classification)}"


def resolve_court(r: SummonsRecord) -> str:
    """The court: the jurisdiction's parameter naming it when there is one, else the record's.
    Raises ValueError when neither names it."""
    name = court_name(r.offense_date, r.jurisdiction) or r.court_name.strip()
    if not name:
        raise ValueError(f"court_name: the court is not named by the {r.jurisdiction} parameters; give it in the "
                         "record (e.g. the Town Justice Court of the Town)")
    return name


def _check(record: SummonsRecord) -> None:
    if record.jurisdiction not in SUMMONS_JURISDICTIONS:
        raise ValueError(f"jurisdiction: {record.jurisdiction!r} is not allowed; allowed: "
                         f"{', '.join(SUMMONS_JURISDICTIONS)}")
    if record.complainant_kind not in COMPLAINANTS:
        raise ValueError(f"complainant_kind: {record.complainant_kind!r} is not allowed; allowed: "
                         f"{', '.join(COMPLAINANTS)}")
    number = record.offense_number
    if record.jurisdiction == MOUNT_PLEASANT and (number is None or number < 1):
        raise ValueError("offense_number: " + ("is required" if number is None else f"is {number}; it must be")
                         + " a whole number, 1 or more, for a Mount Pleasant summons: 1 for a first offense, 2 for "
                           "a second, ... (Mount Pleasant Code § 164-14)")
    if record.jurisdiction == CARMEL:
        days = record.days_of_continued_violation
        if days is None or days < 1:
            raise ValueError("days_of_continued_violation: " + ("is required" if days is None
                                                                else f"is {days}; it must be")
                             + " a whole number, 1 or more, for a Carmel summons: the number of days the violation "
                               "continued, each day a separate violation (Carmel Code ch. 31, penalties ¶ A)")
    if Decimal(record.min_fine) > Decimal(record.max_fine):
        raise ValueError(f"min_fine: {record.min_fine} is more than max_fine {record.max_fine}")


def clock(return_time: str) -> str:
    """The return hour in words: ``HH:MM`` (24-hour clock, as the service records it) as ``9:30 a.m.``,
    ``12:00 noon``, ``7:00 p.m.``; any other text (a summons recorded before the hour was checked) as it is."""
    if not RETURN_TIME.fullmatch(return_time.strip()):
        return return_time.strip()
    hour_text, minute = return_time.strip().split(":")
    hour = int(hour_text)
    if (hour, minute) == (12, "00"):
        return "12:00 noon"
    return f"{(hour - 1) % 12 + 1}:{minute} {'a.m.' if hour < 12 else 'p.m.'}"


def _at_place(record: SummonsRecord) -> str:
    """``, at <place>`` of the charge, or nothing when the violation has no place recorded."""
    place = record.offense_place.strip()
    return f", at {esc(place)}" if place else ""


def town_name(record: SummonsRecord) -> str:
    """The town the summons is issued for, as the header and the signature print it: the law core's name of its
    jurisdiction (``Town of Mount Pleasant, New York``), as the workflow's towns are named, never the record's
    ``town`` as given (an alias such as ``mount-pleasant-ny``: `records.town_names` lists what it may be)."""
    from publicassembly.law import jurisdictions

    return str(jurisdictions.get(record.jurisdiction).name)


def _opening(record: SummonsRecord, court: str, issued_under: str, last_row: list[str], charge: str
             ) -> list[object]:
    """The court, the title, the particulars of the offense (ending with `last_row`) and the summons to appear
    to answer `charge` (the words after "you violated <citation>"), common to both towns' summonses."""
    when = f" at {esc(clock(record.return_time))}" if record.return_time.strip() else ""
    return [
        p(esc(court).upper(), "subtitle"),
        p(f"Summons<br/>{esc(town_name(record))}", "title"),
        p(issued_under, "subtitle"),
        table([
            ["Summons No.", record.number],
            ["Defendant", record.defendant_name],
            ["Address", record.defendant_address],
            ["Date of offense", long_date(record.offense_date)],
            *([["Place of offense", record.offense_place]] if record.offense_place.strip() else []),
            ["Rule violated", f"{record.citation} ({record.rule_id})"],
            last_row,
        ], widths=[1.7 * inch, 5.3 * inch], header=False),
        p("To the defendant named above", "h2"),
        p(f"YOU ARE HEREBY SUMMONED to appear before the <b>{esc(court)}</b> on "
          f"<b>{long_date(record.return_date)}</b>{when}, to answer the charge that {charge}"),
    ]


def _carmel_signature(record: SummonsRecord) -> str:
    """Carmel's signature line: "<name>, for the <town>", the town left out when the name already says it."""
    name, town = record.inspector_name.strip(), town_name(record)
    if town and " ".join(town.split()).casefold() in " ".join(name.split()).casefold():
        return esc(name)
    return f"{esc(name)}, for the {esc(town)}" if name else f"for the {esc(town)}"


def _carmel_range(record: SummonsRecord, days: int, violations: str) -> str:
    """What the law provides for `days` separate violations (ch. 31 penalties ¶ B, interpretation C-15): for one,
    ¶ B's range; for more, ¶ B's range for each and the totals over them "in all", the court deciding whether
    terms of imprisonment for separate days may run consecutively up to that total — never the total said as
    what the law provides for one charge. The record's fines and imprisonment are the totals (the record's check
    holds them to the law's), so each violation's is the total divided by the days, exactly."""
    if days <= 1:
        return f"For {violations} the law provides {penalty_text(record)}"
    each = dataclasses.replace(record, min_fine=record.min_fine / days, max_fine=record.max_fine / days,
                               max_jail_days=record.max_jail_days // days if record.max_jail_days else None)
    total = f"up to {money(record.max_fine)} in fines"
    if record.max_jail_days:
        total += f" and {record.max_jail_days} days' imprisonment"
    return (f"For each violation the law provides {penalty_text(each)}; for {violations}, {total} in all, "
            "whether terms of imprisonment for separate days may be imposed consecutively up to that total being "
            "for the court")


def _carmel_story(record: SummonsRecord, court: str) -> list[object]:
    days = record.days_of_continued_violation or 0
    day_text = plural(days, "day")
    violations = plural(days, "separate violation")
    cite = esc(record.penalty_citation or "Carmel Code ch. 31, penalties ¶ B")
    charge = (f"from {long_date(record.offense_date)}{_at_place(record)}, you violated "
              f"<b>{esc(record.citation)}</b> for {day_text}: {esc(record.description)}")
    return [
        *_opening(record, court, "For a violation of the Public Assembly Ordinance, Carmel Code ch. 31",
                  ["Continued violation", f"{day_text}: {violations}"], charge),
        p("Penalty", "h2"),
        p(f"Each day's continued violation constitutes a separate violation (Carmel Code ch. 31, penalties ¶ A). "
          f"{_carmel_range(record, days, violations)} ({cite}). In addition the Town Board may "
          "maintain an action or proceeding to compel compliance or to restrain the violation by injunction "
          "(penalties ¶ C)."),
        p("Failure to appear may result in further proceedings as the law provides."),
        Spacer(1, 30),
        p("______________________________________<br/>" + _carmel_signature(record)),
    ]


def render_summons(record: SummonsRecord) -> bytes:
    """The summons as PDF bytes. Raises ValueError for an unknown jurisdiction or complainant kind, a Mount
    Pleasant offense number below 1, Carmel days of continued violation below 1, a fine range that is upside
    down, or a court that is not named; `typeface.UnprintableText` (a ValueError) naming each text the typeface
    cannot print."""
    _check(record)
    typeface.check(record)
    court = resolve_court(record)
    typeface.check(court, "court_name")
    if record.jurisdiction == CARMEL:
        return build(_carmel_story(record, court), title=f"Summons {record.number}",
                     subject="Carmel Code ch. 31, penalties ¶¶ A-C")
    offense = record.offense_number or 1
    charge = (f"on {long_date(record.offense_date)}{_at_place(record)}, you violated "
              f"<b>{esc(record.citation)}</b>: {esc(record.description)}")
    story = [
        *_opening(record, court, "Issued under Mount Pleasant Code § 164-12",
                  ["Offense", f"{ordinal(offense)} offense (offense no. {offense})"], charge),
        p("Penalty", "h2"),
        p(f"For {an_ordinal(offense)} offense the law provides {penalty_text(record)} "
          "(Mount Pleasant Code § 164-14), in addition to the punishments imposed by any other statute, law or "
          "ordinance."),
        p("Complaint", "h2"),
        p(f"This summons is issued on the complaint of {COMPLAINANTS[record.complainant_kind]}: "
          f"{esc(record.complainant_name)}."),
        p("Failure to appear may result in further proceedings as the law provides."),
        Spacer(1, 30),
        p("______________________________________<br/>"
          + signature(record.inspector_name, "Building Inspector", town_name(record))),
    ]
    return build(story, title=f"Summons {record.number}", subject="Mount Pleasant Code §§ 164-12, 164-14")
