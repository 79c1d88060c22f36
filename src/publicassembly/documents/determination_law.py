"""The legal values a determination's JSON states, checked against the law core: `publicassembly report` prints
a determination read back from a file, and one edited by hand (a lawful occupancy of 99,999 persons, a verdict
saying no certificate is required) is refused naming the field, the value the file states and the value the law
gives, rather than printed as the law's.

What is recomputed from the facts the file states, under the parameters in force on its ``as_of``:

- Mount Pleasant: each space's occupant load from its use group, floor area and, for a bowling alley, its
  alleys (the space's ``alleys`` or the § 164-7 finding's; without them, that the load is the area's plus a
  whole number of alleys) (§§ 164-7, 164-8); the lawful occupancy as their sum (null while ``missing`` names a
  space's area or alleys), also where the requirements state it (the certificate's, each room's sign); the
  toilets required for the persons the requirements count (§ 164-6); the verdict the law core writes for the
  answers, the lawful occupancy and overcrowding the file states (for a violation: the sentence of its offense
  number, section and penalty), and whether a certificate is required (interpretation G-17): each § 164-4 group's
  answer from the loads the law gives its spaces and the persons it states (`places.group_answer`), the place's
  their `overall_answer` (``requirements.place_of_assembly``, the § 164-3 finding's), the religious-worship
  exception's status from the approval its finding states, the deciding rule resolved by the law core's
  priorities (`core.decide`) and its answer (`rulebook.certificate_answer`): ``certificate_required``,
  ``requirements.certificate.required`` and ``keep_on_premises`` and the exemption; the verdict then follows it.
- Carmel: the parking spaces, registered nurses and physicians required (¶¶ C(6), C(9)) for the persons at one
  time the ¶ A finding states (null when no permit is required); every finding stating persons at one time
  states the same; the exemption and the verdict the law core writes for the deciding rule (resolved from the
  findings' statuses by the law core's priorities), the persons, the sponsor and the penalty the file states;
  and ``permit_required`` itself, the answer the deciding finding gives (the law core's `determine.permit_answer`), refused first when
  the file states another — the requirements, deadlines and verdict are then compared with the findings' answer.

Also the requirements that come from a parameter in force alone: Mount Pleasant's persons per toilet (§ 164-6)
and the sign's specification (§ 164-9); Carmel's insurance limits (the bodily injury minimum the Board's limit when
the ¶ E finding states one in range, else any in range is taken), notice of cancellation and cleanup days (¶¶ E,
F), all null (and no deadline) when no permit is required; and Carmel's deadlines, counted by the law core from
the day a finding states (the assembly's first and last days, the submission, the hearing), and the same dates
where a finding states them.

What is not recomputed (it needs facts a determination does not carry): Mount Pleasant's ``certificate_required``
when its § 164-3 and § 164-4 findings are not in the file, and the groups' common entrances, worship use and
persons not placed; Carmel's ``permit_required`` when a deciding finding is not in the file; overcrowding, the penalty, a deadline whose day no finding
states, the bond, filing fee, housing and permit holders, ``missing``, and the findings' statuses (but
the religious-worship exception's) and reasons; nor the verdict when a fact of it is not in the file. An area written with a fraction
may be one the law core showed to four places: a load one person less than the law's for it is taken too
(docs/interpretations.md G-9).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import Any

from publicassembly.law import jurisdictions
from publicassembly.law.core import Finding, Status
from publicassembly.law.determination import Penalty
from publicassembly.law.errors import ParameterNotInForce
from publicassembly.law.jsonable import DISPLAY_PLACES
from publicassembly.law.units import given, to_decimal

_MISSING_MEASURE = re.compile(r"spaces\[\d+\]\.(area|alleys)")
#: How far a number the law core shows to four places (`jsonable.number`) may be from the one it counted.
_HALF_SHOWN = DISPLAY_PLACES / 2


def _count(value: Any) -> int | None:
    """`value` when it is a whole number (not a bool), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _persons(n: int) -> str:
    return f"{n:,} person{'' if n == 1 else 's'}"


def _shown(value: Any) -> str:
    """A value as the message states what the file says: ``null``, a number grouped, text quoted."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"{value:,}"
    return repr(value) if isinstance(value, str) else str(value)


def _number(value: Any) -> Decimal | None:
    """`value` as an exact number when it is a JSON number (not a bool) or a numeric text, else None."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        return None
    try:
        out = Decimal(repr(value)) if isinstance(value, float) else Decimal(str(value))
    except ArithmeticError:
        return None
    return out if out.is_finite() else None


def _day(value: Any) -> date | None:
    """`value` as a date when it is one written YYYY-MM-DD, else None."""
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        return None


def space_load(group: str, area: Decimal, alleys: int | None, stated: Any, values: Any, *,
               fractional: bool) -> tuple[bool, int]:
    """Whether `stated` is an occupant load (persons) the law core gives a space of use group `group` and floor
    area `area` (sq ft; §§ 164-7, 164-8) — a bowling alley's with its `alleys`, or, when they are not known, with
    any whole number of alleys — and the load to count: `stated` when it is one, else the law's (for a bowling
    alley without its alleys, its area's alone). `fractional`: the area was written with a fraction, perhaps the
    law core's shown to four places (`jsonable.number`), so the area up to half a ten-thousandth of a square foot less,
    and its load one person less, is taken too (interpretation G-9)."""
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.occupancy import occupant_load_of_space

    areas = [area, max(area - _HALF_SHOWN, Decimal(0))] if fractional else [area]
    load = _count(stated)
    if group == "bowling_alley" and alleys is None:
        per = int(values["occupancy.bowling.persons_per_alley"])
        by_area = [occupant_load_of_space(group, a, 0, values) for a in areas]
        allowed = load is not None and any(load >= b and not (load - b) % per for b in by_area)
        return allowed, (load if allowed and load is not None else by_area[0])
    law = [occupant_load_of_space(group, a, alleys, values) for a in areas]
    allowed = load is not None and load in law
    return allowed, (load if allowed and load is not None else law[0])


class _Check:
    """The problems found, one line each: ``field: the file states X; the law gives Y (why)``."""

    def __init__(self, as_of: date) -> None:
        self.as_of = as_of
        self.problems: list[str] = []

    def same(self, field: str, stated: Any, law: Any, why: str) -> None:
        if stated != law or isinstance(stated, bool) != isinstance(law, bool):  # (true is not 1 person)
            self.problems.append(f"{field}: the file states {_shown(stated)}; the law gives {_shown(law)} ({why}, "
                                 f"in force on {self.as_of.isoformat()})")

    def exemption(self, data: Mapping[str, Any], rule: Any, exempt: bool, decides: str, answer: Any) -> bool:
        """The file's ``exemption`` is the law's: ``{rule, citation}`` of `rule` when the case is `exempt` (the
        deciding rule an exception's), else null; `decides` and `answer` name what the rule decides and the law's
        answer (``a certificate is required``, `certificate_required`). True when it is; else the problem is kept."""
        law_exemption = {"rule": rule.id, "citation": rule.citation} if exempt else None
        stated = data.get("exemption")
        if isinstance(stated, dict):
            stated = {"rule": stated.get("rule"), "citation": stated.get("citation")}
        if stated == law_exemption:
            return True
        self.problems.append(f"exemption: the file states {_shown(stated)}; the law gives {_shown(law_exemption)} "
                             f"(the finding of {rule.id} decides whether {decides}, and {answer})")
        return False

    def number(self, field: str, stated: Any, law: Any, why: str, shown: Any = None) -> None:
        """`stated` is the number `law` (compared exactly: 250000 and 250000.00 are equal, 0.375 and 3/8 too);
        `shown`: how the message writes the law's number (default: as `_shown` does)."""
        read = _number(stated)
        if read is None or read != Decimal(str(law)):
            self.problems.append(f"{field}: the file states {_shown(stated)}; the law gives "
                                 f"{_shown(law) if shown is None else shown} ({why}, in force on "
                                 f"{self.as_of.isoformat()})")


def against_the_law(data: Mapping[str, Any]) -> list[str]:
    """What the determination `data` (a `Determination.to_json` object whose form `check_determination_json`
    has accepted) states against the law core, one line each naming the field, the value stated and the value
    the law gives (empty when nothing; see the module docstring for what is checked)."""
    j = jurisdictions.get(str(data["jurisdiction"]))
    as_of = date.fromisoformat(str(data["as_of"]))
    values = j.parameters.at(as_of)
    check = _Check(as_of)
    # (the other chapter's question is not asked: always null, as `Determination.to_json` writes it)
    other = {"mount-pleasant-ny": ("permit_required", "Mount Pleasant ch. 164 asks no permit of a place"),
             "carmel-ny": ("certificate_required", "Carmel ch. 31 asks no certificate of an event")}.get(j.alias)
    if other is not None and data.get(other[0]) is not None:
        check.problems.append(f"{other[0]}: the file states {_shown(data.get(other[0]))}; the law gives null "
                              f"({other[1]}: the question is not asked by this chapter)")
    try:
        if j.alias == "mount-pleasant-ny":
            _mount_pleasant(data, values, check, j)
        elif j.alias == "carmel-ny":
            _carmel(data, values, check, j)
    except ParameterNotInForce as exc:
        return [f"as_of: {as_of.isoformat()} is before {exc.first}, the day {j.code} took effect; no law of the "
                "chapter is in force on it"]
    return check.problems


def _findings(data: Mapping[str, Any]) -> dict[str, tuple[int, dict[str, Any]]]:
    """The findings by rule id (the first of each), with their place in the list."""
    out: dict[str, tuple[int, dict[str, Any]]] = {}
    for i, f in enumerate(data.get("findings") or []):
        if isinstance(f, dict) and isinstance(f.get("rule"), str):
            out.setdefault(f["rule"], (i, f))
    return out


def _values(finding: tuple[int, dict[str, Any]] | None) -> dict[str, Any]:
    values = finding[1].get("values") if finding else None
    return values if isinstance(values, dict) else {}


class _Unstated(Exception):
    """The penalty does not state its classification or citation, which the verdict of a violation states: the
    law core's verdict for it is not known."""


def _penalty(data: Mapping[str, Any]) -> Penalty | None:
    """The penalty the file states (None when none). Raises `_Unstated` when it has no classification or
    citation."""
    p = data.get("penalty")
    if not isinstance(p, dict):
        return None
    if not isinstance(p.get("classification"), str) or not isinstance(p.get("citation"), str):
        raise _Unstated
    return Penalty(offense_number=_count(p.get("offense_number")), violations=_count(p.get("violations")) or 0,
                   min_fine=to_decimal(p["min_fine"], "penalty.min_fine"),
                   max_fine=to_decimal(p["max_fine"], "penalty.max_fine"),
                   max_jail_days=_count(p.get("max_jail_days")), max_jail_months=_count(p.get("max_jail_months")),
                   classification=p["classification"], citation=p["citation"])


# --- Mount Pleasant ch. 164 ----------------------------------------------------------------------------------

def _mount_pleasant(data: Mapping[str, Any], values: Any, check: _Check, j: Any) -> None:
    from publicassembly.documents.pdf.certificate import use_group_name
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant import USE_GROUPS, toilets_required
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import cite
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.occupancy import floor_area_per_occupant

    findings = _findings(data)
    alleys_of = {s.get("space"): s.get("alleys")
                 for s in _values(findings.get("mount-pleasant/164-7/occupant-load")).get("spaces") or []
                 if isinstance(s, dict)}
    occupancy = data.get("occupancy") if isinstance(data.get("occupancy"), dict) else None
    loads: dict[str, int] = {}  # the law's occupant load of each space the file gives (by name)
    complete = True  # every space's load could be computed
    for i, space in enumerate((occupancy or {}).get("spaces") or []):
        at, name = f"occupancy.spaces[{i}]", str(space["name"])
        group, stated = str(space["use_group"]), space["occupant_load"]
        if group not in USE_GROUPS:
            check.problems.append(f"{at}.use_group: {group!r} is not a use group of §§ 164-7, 164-8; allowed: "
                                  f"{', '.join(USE_GROUPS)}")
            complete = False
            continue
        if space.get("area_sq_ft") is None:
            check.problems.append(f"{at}.area_sq_ft: is required: a space's occupant load is its floor area divided "
                                  f"by its use group's floor area per occupant (§ 164-7); a space whose area is "
                                  f"not known has no occupant load (list it in missing)")
            complete = False
            continue
        area = to_decimal(space["area_sq_ft"], f"{at}.area_sq_ft")
        factor = floor_area_per_occupant(group, values)
        section = cite("164-8" if group == "open_air" else "164-7")
        named = use_group_name(group)
        words = f"{area:,} sq ft of {named[:1].lower() + named[1:]} at {factor} sq ft per person"
        written = space.get("alleys", alleys_of.get(name)) if group == "bowling_alley" else None
        alleys = _count(written)
        if written is not None and (alleys is None or alleys < 0):  # 24.5, "12", -1: stated, but no alleys
            where = (f"{at}.alleys" if "alleys" in space else
                     f"findings[{findings['mount-pleasant/164-7/occupant-load'][0]}].values.spaces[{name!r}].alleys")
            check.problems.append(f"{where}: expected a whole number of alleys (0 or more), got {given(written)}; "
                                  f"Mount Pleasant Code § 164-7 counts a bowling alley's persons for each alley")
            complete = False
            continue
        allowed, law = space_load(group, area, alleys, stated, values,
                                  fractional=not isinstance(space["area_sq_ft"], int))
        if group == "bowling_alley" and alleys is None:  # the alleys not stated: a whole number of them
            if not allowed:
                per = int(values["occupancy.bowling.persons_per_alley"])
                check.problems.append(f"{at}.occupant_load: the file states {_shown(stated)}; the law gives "
                                      f"{law:,} for {words} plus {per} persons for each alley, a whole number "
                                      f"of alleys ({section}, in force on {check.as_of.isoformat()})")
                complete = False
                continue
        elif group == "bowling_alley":
            per = int(values["occupancy.bowling.persons_per_alley"])
            check.same(f"{at}.occupant_load", stated, law,
                       f"{alleys:,} alleys at {per} persons each and {words}; {section}")
        else:
            check.same(f"{at}.occupant_load", stated, law, f"{words}, rounded down; {section}")
        loads[name] = law
    if occupancy is None or not complete:
        return
    _mount_pleasant_sign(data, values, check)
    measure_missing = [m for m in data.get("missing") or [] if _MISSING_MEASURE.fullmatch(str(m))]
    lawful = None if measure_missing else sum(loads.values())
    why = (f"not computable while {measure_missing[0]} is missing (§ 164-7)" if measure_missing else
           f"the sum of the spaces' occupant loads; {cite('164-7', '164-8')}")
    check.same("occupancy.lawful_occupancy", occupancy.get("lawful_occupancy"), lawful, why)
    requirements = data.get("requirements") if isinstance(data.get("requirements"), dict) else {}
    certificate = requirements.get("certificate")
    if isinstance(certificate, dict) and "lawful_occupancy" in certificate:
        check.same("requirements.certificate.lawful_occupancy", certificate["lawful_occupancy"], lawful,
                   f"the lawful occupancy the certificate states; {cite('164-9')}")
    sign = requirements.get("sign")
    for k, room in enumerate((sign.get("rooms") or []) if isinstance(sign, dict) else []):
        if isinstance(room, dict) and "lawful_occupancy" in room:
            law = loads.get(str(room.get("room")))
            check.same(f"requirements.sign.rooms[{k}].lawful_occupancy", room["lawful_occupancy"], law,
                       f"the occupant load of the room's space, {cite('164-9')}" if law is not None else
                       "the room is no space whose occupant load the file gives")
    toilets = requirements.get("toilets")
    if isinstance(toilets, dict):
        if "persons_per_toilet" in toilets:
            check.number("requirements.toilets.persons_per_toilet", toilets["persons_per_toilet"],
                         int(values["toilets.persons_per_toilet"]),
                         f"no fewer than one toilet per each {values['toilets.persons_per_toilet']} persons in "
                         f"attendance; {cite('164-6')}")
        persons = _count(toilets.get("persons"))
        if toilets.get("persons_from") == "lawful_occupancy":
            check.same("requirements.toilets.persons", toilets.get("persons"), lawful,
                       "the lawful occupancy, when no attendance is given (interpretation M-9)")
        if persons is not None and "required" in toilets:
            per = int(values["toilets.persons_per_toilet"])
            check.same("requirements.toilets.required", toilets["required"], toilets_required(persons, values),
                       f"one toilet per {per} of {_persons(persons)}, rounded up; {cite('164-6')}")
    answer = _mount_pleasant_answer(data, findings, loads, values, check, j)
    _mount_pleasant_verdict(data, findings, lawful, answer, check)


_PLACE_RULE = "mount-pleasant/164-4/place-of-assembly"
_CERTIFICATE_RULE = "mount-pleasant/164-3/certificate"
_EXCEPTION_RULE = "mount-pleasant/164-3/religious-worship-exception"


def _threshold_words(commercial: Any, values: Any) -> str:
    """The persons that make a place of assembly (§ 164-4), for the place as the file states it."""
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.places import threshold_persons

    if commercial is True:
        return f"{threshold_persons(True, values)} or more persons in a commercial place"
    if commercial is False:
        return f"{threshold_persons(False, values)} or more persons in a noncommercial place"
    return (f"{threshold_persons(True, values)} or more persons in a commercial place, "
            f"{threshold_persons(False, values)} or more in a noncommercial one, whether it is commercial not stated")


def _group_answers(found: tuple[int, dict[str, Any]], loads: Mapping[str, int], measured: bool, values: Any,
                   check: _Check) -> tuple[list[Any], list[str], list[dict[str, Any]], str] | None:
    """Each § 164-4 group's answer to "is it a place of assembly?" as the law core gives it
    (`places.group_answer`) from the occupant loads the law gives its spaces (`loads`), the persons and attendance
    the group states and whether the place is commercial; a join on an unstated entrance (M-5) or persons of the
    place not placed (M-15) make a group need review, as the file states them. A group naming a space the file
    does not give, while every space is measured (`measured`), is refused naming it. Returns the answers, the problems
    (in the file's order), the groups and the groups told (their spaces, persons and answers, and the persons
    that make a place of assembly), or None when the finding does not state its groups."""
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import cite
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.places import group_answer, threshold_persons

    at, stated = f"findings[{found[0]}].values", found[1].get("values")
    groups = stated.get("groups") if isinstance(stated, dict) else None
    if not isinstance(groups, list) or not all(isinstance(g, dict) and isinstance(g.get("spaces"), list)
                                               for g in groups):
        return None
    problems: list[str] = []
    commercial = stated.get("commercial")
    if commercial is not None and not isinstance(commercial, bool):
        problems.append(f"{at}.commercial: expected true, false or null, got {given(commercial)}")
        commercial = None
    if "threshold_persons" in stated:
        law_threshold: Any = (threshold_persons(commercial, values) if commercial is not None else
                              {"commercial": threshold_persons(True, values),
                               "noncommercial": threshold_persons(False, values)})
        if stated["threshold_persons"] != law_threshold:
            problems.append(f"{at}.threshold_persons: the file states {_shown(stated['threshold_persons'])}; "
                            f"the law gives {_shown(law_threshold)} ({_threshold_words(commercial, values)} make "
                            f"a place of assembly; {cite('164-4')}, in force on {check.as_of.isoformat()})")
    several = len(groups) > 1
    answers: list[Any] = []
    told: list[str] = []
    for k, group in enumerate(groups):
        where, names = f"{at}.groups[{k}]", [str(n) for n in group["spaces"]]
        load = sum(loads[n] for n in names) if all(n in loads for n in names) else None
        shown = ", ".join(names)
        unknown = [n for n in names if n not in loads]
        if unknown and measured:  # (a space not measured is not in occupancy.spaces: its load is not known)
            problems.append(f"{where}.spaces: {unknown[0]!r} is not a space of occupancy.spaces; its spaces: "
                            f"{', '.join(loads)}")
            answers.append(group.get("place_of_assembly"))
            continue
        if group.get("occupant_load") != load or isinstance(group.get("occupant_load"), bool):
            problems.append(f"{where}.occupant_load: the file states {_shown(group.get('occupant_load'))}; the "
                            f"law gives {_shown(load)} (the sum of the occupant loads of {shown}; {cite('164-4')})")
        attendance = _count(group.get("attendance"))
        least = max([v for v in (load, attendance) if v is not None], default=None)
        persons = _count(group.get("persons"))
        if least is not None and (persons is None or persons < least or (several and persons != least)):
            problems.append(f"{where}.persons: the file states {_shown(group.get('persons'))}; the law gives "
                            f"{'' if several else 'at least '}{least:,} (the larger of the occupant load and the "
                            f"attendance of {shown}{'' if several else ', or the place attendance'}, interpretations "
                            f"M-3, M-4; {cite('164-4')})")
            persons = least
        law = group_answer(persons, load is not None, commercial, values)
        if law is True:
            allowed = [True, "needs_review"] if group.get("common_entrance_assumed") is True else [True]
        elif _count(group.get("unplaced_attendance")) and load is not None:
            allowed = ["needs_review"]
        else:
            allowed = [law]
        answer = group.get("place_of_assembly")
        if not any(_same_answer(answer, a) for a in allowed):
            problems.append(f"{where}.place_of_assembly: the file states {_shown(answer)}; the law gives "
                            f"{' or '.join(_shown(a) for a in allowed)} ({shown}: {_shown(persons)} persons, "
                            f"{_threshold_words(commercial, values)} make a place of assembly; {cite('164-4')}, in "
                            f"force on {check.as_of.isoformat()})")
            answer = allowed[0]
        answers.append(answer)
        told.append(f"{shown}: {_shown(persons)} persons, place_of_assembly {_shown(answer)}")
    return answers, problems, groups, f"{'; '.join(told)} ({_threshold_words(commercial, values)} make one)"


def _mount_pleasant_answer(data: Mapping[str, Any], findings: dict[str, tuple[int, dict[str, Any]]],
                           loads: Mapping[str, int], values: Any, check: _Check, j: Any) -> tuple[Any, bool] | None:
    """Whether a certificate is required, and whether under the exception, as the law gives it for the facts the
    file states (interpretation G-17, the way Carmel's ``permit_required`` is held, G-9): the § 164-4 groups'
    answers from the occupant loads the law gives (`_group_answers`), the place's their `overall_answer`; the
    exception's status from the groups that may be places of assembly and the Building Inspector's approval the
    finding states (`places.worship_exception_status`); the rule deciding resolved by the law core's priorities
    (`decide`) and its answer (`rulebook.certificate_answer`). ``certificate_required`` stating another is refused
    first, naming the deciding finding; then the place of assembly and certificate the requirements and
    findings state, the groups and the exception. Returns None when the findings are not all in the file."""
    from publicassembly.law.core import decide
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import cite
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.places import (
        overall_answer,
        worship_exception_status,
    )
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.rulebook import QUESTION, certificate_answer

    place_found, exception_found = findings.get(_PLACE_RULE), findings.get(_EXCEPTION_RULE)
    certificate_found = findings.get(_CERTIFICATE_RULE)
    if place_found is None or exception_found is None or certificate_found is None:
        return None
    measured = not any(_MISSING_MEASURE.fullmatch(str(m)) for m in data.get("missing") or [])
    read = _group_answers(place_found, loads, measured, values, check)
    if read is None:
        return None
    answers, problems, groups, told = read
    place = overall_answer(answers)
    # The exception: every group that may be a place of assembly used solely for worship, and approved.
    ex_values = _values(exception_found)
    approved = ex_values.get("approved_by_building_inspector")
    solely = [g.get("solely_religious_worship") is True for g, a in zip(groups, answers, strict=True) if a is not False]
    try:
        ex_status = Status(exception_found[1]["status"])
    except ValueError:
        return None
    if approved is None or isinstance(approved, bool):
        law_status = worship_exception_status(solely, approved)
        if ex_status is not law_status:
            problems.append(f"findings[{exception_found[0]}].status: the file states {ex_status.value!r}; the law "
                            f"gives {law_status.value!r} (the groups that may be places of assembly "
                            f"{'are all' if solely and all(solely) else 'are not all'} used solely for religious "
                            f"worship, approved by the Building Inspector: {_shown(approved)}; {cite('164-3')})")
            ex_status = law_status
    deciding = []
    for rule in j.rules:
        if rule.decides == QUESTION:
            found = exception_found if rule.id == _EXCEPTION_RULE else certificate_found
            status = ex_status if rule.id == _EXCEPTION_RULE else Status.MET  # (the certificate rule always applies)
            deciding.append((rule, Finding(rule.id, status, str(found[1]["citation"]), str(found[1]["reason"]))))
    rule, finding = decide(QUESTION, deciding) or (None, None)
    if rule is None or finding is None:
        return None
    required = certificate_answer(rule, finding.status, place)
    exempt = rule.priority > 0 and finding.status is Status.MET
    if rule.id == _CERTIFICATE_RULE:
        because = (f"a place of assembly shall not be used as such without one, and whether the place is a place "
                   f"of assembly its groups in findings[{place_found[0]}] ({_PLACE_RULE}) give {_shown(place)}: "
                   f"{told}; {cite('164-4')}")
    else:
        because = (f"its status is {finding.status.value}: every place of assembly used solely as a place of "
                   f"religious worship, approved by the Building Inspector: {_shown(approved)}")
    if not _same_answer(data.get("certificate_required"), required):
        check.problems.append(
            f"certificate_required: the file states {_shown(data.get('certificate_required'))}; the law gives "
            f"{_shown(required)} (the finding of {rule.id} decides whether a certificate is required by the law "
            f"core's priorities: {rule.citation}; {because}; in force on {check.as_of.isoformat()})")
    requirements = data.get("requirements") if isinstance(data.get("requirements"), dict) else {}
    why_place = (f"whether the place is a place of assembly, as its groups in findings[{place_found[0]}] give it; "
                 f"{cite('164-4')}")
    if "place_of_assembly" in requirements:
        check.same("requirements.place_of_assembly", requirements["place_of_assembly"], place, why_place)
    if "place_of_assembly" in _values(certificate_found):
        check.same(f"findings[{certificate_found[0]}].values.place_of_assembly",
                   _values(certificate_found)["place_of_assembly"], place, why_place)
    certificate = requirements.get("certificate")
    if isinstance(certificate, dict):
        if "required" in certificate:
            check.same("requirements.certificate.required", certificate["required"], required,
                       f"certificate_required as the law gives it; {cite('164-3')}")
        if "keep_on_premises" in certificate:
            check.same("requirements.certificate.keep_on_premises", certificate["keep_on_premises"],
                       required is True, f"the certificate is kept on the premises when one is required; "
                       f"{cite('164-9')}")
    check.exemption(data, rule, exempt, "a certificate is required", f"certificate_required is {_shown(required)}")
    check.problems.extend(problems)
    return required, exempt


#: The sign's specification (§ 164-9) that the parameters in force give, each with the parameter it is.
_SIGN_PARAMETERS = {"letter_height_in": "signs.letter_height_in", "letter_width_in": "signs.letter_width_in",
                    "lettering_colour": "signs.lettering_colour", "background_colour": "signs.background_colour",
                    "letter_weight": "signs.letter_weight"}


def _mount_pleasant_sign(data: Mapping[str, Any], values: Any, check: _Check) -> None:
    """The occupancy sign's specification the requirements state: each the parameter in force (§ 164-9)."""
    requirements = data.get("requirements") if isinstance(data.get("requirements"), dict) else {}
    sign = requirements.get("sign")
    if not isinstance(sign, dict):
        return
    for key, name in _SIGN_PARAMETERS.items():
        if key not in sign:
            continue
        law, why = values[name], f"the occupancy sign's {key.replace('_', ' ')}; {values.cite(name)}"
        if isinstance(law, str):
            check.same(f"requirements.sign.{key}", sign[key], law, why)
        else:
            check.number(f"requirements.sign.{key}", sign[key], law, why)


def _mount_pleasant_verdict(data: Mapping[str, Any], findings: dict[str, tuple[int, dict[str, Any]]],
                            lawful: int | None, answer: tuple[Any, bool] | None, check: _Check) -> None:
    """The verdict: for a violation the sentence of its offense; else the law core's sentence for the answer the
    law gives (`_mount_pleasant_answer`: whether a certificate is required and whether under the exception; the
    file's own when the law's is not known), the lawful occupancy and the overcrowding the file states."""
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.penalties import offense_sentence
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.rulebook import verdict_sentence

    try:
        penalty = _penalty(data)
    except _Unstated:
        return
    if penalty is not None:
        section = _values(findings.get("mount-pleasant/164-14/penalty")).get("section")
        number = penalty.offense_number
        if number is None or number < 1 or not isinstance(section, str):
            return  # the sentence of a violation states no answer, and its facts are not all in the file
        law = offense_sentence(number, None, section, penalty)
        why = f"a violation of § {section}, offense number {number}, with the penalty the file states"
    else:
        measured = [findings.get(f"mount-pleasant/{s}") for s in ("164-7/occupant-load", "164-8/open-air")]
        if None in measured:
            return
        enclosed, open_air = (f is not None and f[1].get("status") != "not_applicable" for f in measured)
        occupancy = data.get("occupancy") or {}
        required, exempt = answer if answer is not None else (data.get("certificate_required"),
                                                               data.get("exemption") is not None)
        law = verdict_sentence(required, exempt, lawful, occupancy.get("overcrowded"), enclosed=enclosed,
                               open_air=open_air)
        why = (f"certificate_required {_shown(required)}{', under the exception' if exempt else ''}, lawful "
               f"occupancy {_shown(lawful)}, overcrowded {_shown(occupancy.get('overcrowded'))}")
    check.same("verdict", data.get("verdict"), str(law), why)


# --- Carmel ch. 31 -------------------------------------------------------------------------------------------

_PERSONS_FINDINGS = ("carmel/permit/a-required", "carmel/conditions/c6-parking", "carmel/conditions/c7-housing",
                     "carmel/conditions/c9-medical")


def _carmel(data: Mapping[str, Any], values: Any, check: _Check, j: Any) -> None:
    from publicassembly.law.jurisdictions.us_ny_carmel.context import (
        parking_spaces_for,
        registered_nurses_for,
    )
    from publicassembly.law.jurisdictions.us_ny_carmel.determine import REQUIREMENTS

    findings = _findings(data)
    a_status = _carmel_a_status(findings, values, check)
    decision = _carmel_decision(findings, j, {"carmel/permit/a-required": a_status} if a_status else {})
    if decision is not None and not _same_answer(data.get("permit_required"), decision[2]):
        rule, finding, answer = decision
        check.problems.append(
            f"permit_required: the file states {_shown(data.get('permit_required'))}; its findings give "
            f"{_shown(answer)} (the finding of {rule.id} is {finding.status.value}, and it decides whether a "
            f"permit is required by the law core's priorities: {rule.citation}; its reason: {finding.reason!r})")
    rule_a = findings.get("carmel/permit/a-required")
    persons_known = rule_a is not None and "persons_at_one_time" in _values(rule_a)
    persons = _count(_values(rule_a).get("persons_at_one_time")) if persons_known else None
    if persons_known:
        for rule in _PERSONS_FINDINGS[1:]:
            other = findings.get(rule)
            if other is not None and "persons_at_one_time" in _values(other):
                check.same(f"findings[{other[0]}].values.persons_at_one_time",
                           _values(other)["persons_at_one_time"], persons,
                           f"the persons at one time findings[{rule_a[0]}] ({rule_a[1]['rule']}) states")
    # (the findings' answer when they give one: the requirements, deadlines and verdict follow it, not the flag)
    no_permit = (decision[2] if decision is not None else data.get("permit_required")) is False
    requirements = data.get("requirements") if isinstance(data.get("requirements"), dict) else {}
    law: dict[str, tuple[Any, str]] = {}  # requirement → (the law's value, why), in the order of the file
    said = "the persons at one time are not given" if persons is None else f"{_persons(persons)} at one time"
    per_car, per_nurse = (values[f"conditions.persons_per_{x}"] for x in ("parking_space", "registered_nurse"))
    if persons_known:
        law["parking_spaces"] = (parking_spaces_for(persons, values),
                                 f"one car for every {per_car} persons, rounded up, for {said}; "
                                 f"{values.cite('conditions.persons_per_parking_space')}")
    law["physicians"] = (values["conditions.physicians_at_all_times"],
                         f"doctors in attendance at all times; {values.cite('conditions.physicians_at_all_times')}")
    if persons_known:
        law["registered_nurses"] = (registered_nurses_for(persons, values),
                                    f"one for each {per_nurse} persons, rounded up, at least "
                                    f"{values['conditions.registered_nurses_min']}, for {said}; "
                                    f"{values.cite('conditions.persons_per_registered_nurse')}")
    if no_permit:
        law = {key: (None, "no permit is required, so the chapter requires nothing of the assembly")
               for key in REQUIREMENTS}
        if requirements.get("permit_holders", []) != []:
            check.same("requirements.permit_holders", requirements["permit_holders"], [],
                       "no permit is required, so there is no permit holder")
    for key, (value, why) in law.items():
        if key in requirements:
            check.same(f"requirements.{key}", requirements[key], value, why)
    if not no_permit:
        _carmel_insurance_and_cleanup(requirements, findings, values, check)
    _carmel_deadlines(data, findings, values, check, no_permit)
    _carmel_verdict(data, findings, decision, persons, persons_known, values, check)


def _same_answer(stated: Any, law: Any) -> bool:
    """Whether ``permit_required`` as the file states it is the answer `law` (true is not 1)."""
    return stated == law and isinstance(stated, bool) == isinstance(law, bool)


def _carmel_a_status(findings: dict[str, tuple[int, dict[str, Any]]], values: Any, check: _Check) -> Status | None:
    """¶ A's status as the law gives it from the finding's own values — the persons at one time (or, not given,
    those of the properties whose numbers are given) and collectively, against ``permit.threshold_persons`` — and
    whether the place is within the Town (the definitions finding's ``within_town``), as the law core's rule
    `carmel/permit/a-required` decides (C-4: only collectively in excess needs review). A status stated otherwise
    is a problem, named ``findings[i].status``. None when the file does not give what it needs."""
    from publicassembly.law.jurisdictions.us_ny_carmel.permit import paragraph_a_status

    found = findings.get("carmel/permit/a-required")
    within = _values(findings.get("carmel/definitions/assembly")).get("within_town")
    if found is None or not isinstance(within, bool):
        return None
    v = _values(found)
    persons, known = _count(v.get("persons_at_one_time")), _count(v.get("persons_known_at_one_time"))
    collectively = _count(v.get("persons_collectively"))
    if v.get("persons_at_one_time") is not None and persons is None:
        return None  # (not a count: the form's check tells it)
    law = paragraph_a_status(within_town=within, persons=persons, known=known, collectively=collectively,
                             values=values)
    threshold = values["permit.threshold_persons"]
    if not within:
        why = "the place is not within the Town of Carmel"
    elif law is Status.MET and persons is not None:
        why = f"{_persons(persons)} at one time is in excess of {threshold}"
    elif law is Status.MET:
        why = f"{_persons(known)} at one time on the properties whose numbers are given is in excess of {threshold}"
    elif law is Status.NEEDS_REVIEW:
        why = f"{_persons(collectively)} collectively is in excess of {threshold}, not the persons at one time (C-4)"
    elif law is Status.MISSING:
        why = "the persons at one time are not given"
    else:
        why = f"{_persons(persons)} at one time is not in excess of {threshold}"
    if found[1].get("status") != law.value:
        check.problems.append(f"findings[{found[0]}].status: the file states {_shown(found[1].get('status'))}; the "
                              f"law gives {_shown(law.value)} ({why}; {values.cite('permit.threshold_persons')})")
    return law


def _carmel_decision(findings: dict[str, tuple[int, dict[str, Any]]], j: Any,
                     law_status: Mapping[str, Status] | None = None) -> tuple[Any, Finding, Any] | None:
    """The rule deciding whether a permit is required, its finding and the answer it gives, resolved from the
    findings' statuses by the law core's priorities (`us_ny_carmel.determine.decide_permit`, the decision
    `determine` makes), or None when a deciding rule's finding is not in the file or its status is not one (which
    rule decides is then not known) or none applies (`permit_required` is then null). `law_status`: a rule's
    status as the law gives it from its values (`_carmel_a_status`), read instead of the file's."""
    from publicassembly.law.jurisdictions.us_ny_carmel.determine import decide_permit, permit_answer

    deciding = []
    for rule in j.rules:
        if rule.decides == "permit_required":
            found = findings.get(rule.id)
            if found is None:
                return None
            try:
                status = (law_status or {}).get(rule.id) or Status(found[1]["status"])
            except ValueError:
                return None
            deciding.append((rule, Finding(rule.id, status, str(found[1]["citation"]), str(found[1]["reason"]))))
    winner = decide_permit(deciding)
    if winner is None:
        return None
    rule, finding = winner
    return rule, finding, permit_answer(rule, finding.status)


def _carmel_insurance_and_cleanup(requirements: Mapping[str, Any], findings: dict[str, tuple[int, dict[str, Any]]],
                                  values: Any, check: _Check) -> None:
    """The requirements a permit takes from the parameters in force alone (¶¶ E, F): the insurance limits,
    the notice of cancellation and the days for the cleanup; the bodily injury minimum the Town Board's limit
    when the Board set one within the range (interpretation C-9), else the chapter's."""
    from publicassembly.law.jurisdictions.us_ny_carmel.issuance import bodily_injury_required, money
    from publicassembly.law.units import dollars

    bi_min, bi_max = dollars(values["insurance.bodily_injury_min"]), dollars(values["insurance.bodily_injury_max"])
    cite_e = values.cite("insurance.bodily_injury_min")
    if "insurance_bodily_injury_min" in requirements:
        stated = requirements["insurance_bodily_injury_min"]
        insurance = _values(findings.get("carmel/issuance/e-insurance"))
        if "board_bodily_injury_limit" in insurance:  # the Board's limit is in the file: the law's minimum is known
            board = _number(insurance["board_bodily_injury_limit"])
            law = bodily_injury_required(board, values)
            check.number("requirements.insurance_bodily_injury_min", stated, law,
                         f"the Town Board's limit of {money(law)}, between {money(bi_min)} and {money(bi_max)}"
                         if law is board else f"the chapter's least limit, the Town Board's limit "
                         f"{_shown(insurance['board_bodily_injury_limit'])} not being one within {money(bi_min)}-"
                         f"{money(bi_max)}", shown=money(law))
            check.number(f"findings[{findings['carmel/issuance/e-insurance'][0]}].values.bodily_injury_required",
                         insurance.get("bodily_injury_required"), law, "the least bodily injury limit required",
                         shown=money(law))
        else:  # the Board may have set any limit in the range
            read = _number(stated)
            if read is None or not bi_min <= read <= bi_max:
                check.problems.append(
                    f"requirements.insurance_bodily_injury_min: the file states {_shown(stated)}; the law gives "
                    f"{money(bi_min)}, or the Town Board's limit when it set one between {money(bi_min)} and "
                    f"{money(bi_max)} ({cite_e}, in force on {check.as_of.isoformat()})")
    for key, name, words in (
            ("insurance_bodily_injury_max", "insurance.bodily_injury_max",
             "the greatest bodily injury limit the Town Board may set"),
            ("insurance_property_damage_min", "insurance.property_damage_min", "the least property damage limit")):
        if key in requirements:
            law = dollars(values[name])
            check.number(f"requirements.{key}", requirements[key], law, f"{words}; {values.cite(name)}",
                         shown=money(law))
    for key, name, words in (
            ("insurance_cancellation_notice_days", "insurance.cancellation_notice_days",
             "the days of prior written notice to the Town before the policy is cancelled"),
            ("cleanup_days", "cleanup.days_after", "the days from the termination of the assembly for the cleanup")):
        if key in requirements:
            check.number(f"requirements.{key}", requirements[key], values[name], f"{words}; {values.cite(name)}")


#: Each deadline of Carmel ch. 31: the function of `deadlines` that counts it, the finding whose values state
#: the day it is counted from (and the key of that day), and the finding stating the deadline itself.
_DEADLINES = {
    "application_due": ("carmel/petition/b2-property-dates-persons", "first_day", "carmel/permit/b-filing-deadline"),
    "decision_due": ("carmel/permit/b-board-action", "submitted_on", "carmel/permit/b-board-action"),
    "hearing_notice_due": ("carmel/permit/b-hearing-notice", "hearing_on", "carmel/permit/b-hearing-notice"),
    "cleanup_due": ("carmel/petition/b2-property-dates-persons", "last_day", "carmel/issuance/f-cleanup"),
}


def _carmel_deadlines(data: Mapping[str, Any], findings: dict[str, tuple[int, dict[str, Any]]], values: Any,
                      check: _Check, no_permit: bool) -> None:
    """Each deadline whose day it is counted from the file states (a finding's values: the first and last days
    of the assembly, the day of submission, the day of the hearing), counted by the law core (`deadlines`,
    GCL §§ 20, 24, 25-a) under the values in force — one left out of the file is refused too, as the law gives
    it; none when no permit is required (`no_permit`: the findings' answer, `_carmel_decision`)."""
    from publicassembly.law.jurisdictions.us_ny_carmel import deadlines as count

    stated = data.get("deadlines") if isinstance(data.get("deadlines"), dict) else {}
    if no_permit:
        if stated:
            check.same("deadlines", sorted(stated), [], "no permit is required, so the chapter sets no deadline")
        return
    for name, (source, key, stating) in _DEADLINES.items():
        found = findings.get(source)
        day = _day(_values(found).get(key)) if _values(found).get(key) is not None else None
        if found is None or day is None:
            continue  # the day it is counted from is not in the file
        try:
            law = getattr(count, name)(day, values)
        except ValueError:  # (a day outside the years whose legal time is known, G-2)
            continue
        what = f"counted from {key} {day.isoformat()} that findings[{found[0]}] ({source}) states"
        deadline = stated.get(name)
        if deadline is None:  # (a permit is required and the day it is counted from is stated: the law gives it)
            check.same(f"deadlines.{name}", None, law.date.isoformat(), f"{law.counted} — {what}")
        elif isinstance(deadline, dict):
            check.same(f"deadlines.{name}.date", deadline.get("date"), law.date.isoformat(),
                       f"{law.counted} — {what}")
            shown = law.to_json()
            if "act_by" in shown or "act_by" in deadline:
                check.same(f"deadlines.{name}.act_by", deadline.get("act_by"), shown.get("act_by"),
                           f"the preceding business day when the Clerk's office is closed on the last day; {what}")
        finding = findings.get(stating)
        if finding is not None and name in _values(finding):
            check.same(f"findings[{finding[0]}].values.{name}", _values(finding)[name], law.date.isoformat(),
                       f"{law.counted} — {what}")


def _carmel_verdict(data: Mapping[str, Any], findings: dict[str, tuple[int, dict[str, Any]]],
                    decision: tuple[Any, Finding, Any] | None, persons: int | None, persons_known: bool,
                    values: Any, check: _Check) -> None:
    """The exemption and the verdict: the deciding rule resolved from the findings' statuses by the law core's
    priorities (`_carmel_decision`), then the law core's sentence for the answer its finding gives (refused
    already, naming ``permit_required``, when the file states another), the persons, the sponsor and the
    penalty the file states."""
    from publicassembly.law.jurisdictions.us_ny_carmel.determine import verdict_sentence

    if decision is None:
        return
    rule, finding, answer = decision
    exempt = rule.priority > 0 and answer is False
    if not check.exemption(data, rule, exempt, "a permit is required", f"permit_required is {_shown(answer)}"):
        return
    assembly = _values(findings.get("carmel/definitions/assembly"))
    within = assembly.get("within_town")
    properties = _count(_values(findings.get("carmel/permit/a-required")).get("properties"))
    sponsor = _values(findings.get(rule.id)) if exempt else {}
    try:
        penalty = _penalty(data)
    except _Unstated:
        return
    if not persons_known or not isinstance(within, bool) or properties is None:
        return  # the facts of the sentence are not all in the file
    law = verdict_sentence(answer, rule.citation, values["permit.threshold_persons"], persons=persons,
                           properties=properties, within_town=within, exempt=exempt,
                           sponsor_name=sponsor.get("sponsor") if isinstance(sponsor.get("sponsor"), str) else None,
                           sponsor_kind=sponsor.get("kind") if isinstance(sponsor.get("kind"), str) else None,
                           reason=finding.reason, penalty=penalty,
                           known=_count(_values(findings.get("carmel/permit/a-required"))
                                        .get("persons_known_at_one_time")))
    check.same("verdict", data.get("verdict"), str(law),
               f"permit_required {_shown(answer)}, decided by {rule.id}, for "
               f"{'persons not given' if persons is None else _persons(persons) + ' at one time'}"
               f"{' and the penalty the file states' if data.get('penalty') else ''}")
