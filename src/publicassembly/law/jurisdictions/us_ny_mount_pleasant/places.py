"""§ 164-4 (what a place of assembly is: 25 persons commercial, 75 noncommercial, with its connecting rooms) and
§ 164-3 (the Building Inspector's certificate, and the exception for a place used solely for religious worship)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from publicassembly.law.core import Finding, Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import Context, cite
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import FormerCertificate, VenueCase
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.names import same_name
from publicassembly.law.messages import Message, _, both, join

Answer = bool | Literal["needs_review"] | None  # None: a fact is missing


def connected_groups(count: int, links: Sequence[tuple[int, int]]) -> list[tuple[int, ...]]:
    """The groups of spaces joined by `links` (pairs of indexes into ``range(count)``), by union-find.

    Each group is a tuple of indexes in increasing order; groups are ordered by their first index. A space
    with no link is a group of its own. Raises IndexError for an index outside ``range(count)``."""
    parent = list(range(count))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in links:
        if not (0 <= a < count and 0 <= b < count):
            raise IndexError(f"link {(a, b)} names a space outside 0..{count - 1}")
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[int, list[int]] = {}
    for i in range(count):
        groups.setdefault(root(i), []).append(i)
    return [tuple(g) for _, g in sorted(groups.items())]


def threshold_persons(commercial: bool, values: Mapping[str, Any]) -> int:
    """The persons at which a room or space is a place of assembly (§ 164-4): 25 commercial, 75 noncommercial."""
    kind = "commercial" if commercial else "noncommercial"
    return int(values[f"place_of_assembly.threshold_persons.{kind}"])


def meets_threshold(persons: int, commercial: bool | None, values: Mapping[str, Any]) -> Answer:
    """Whether `persons` make a place of assembly (§ 164-4). When it is not known whether the place is
    commercial: True from the noncommercial threshold up, False below the commercial one, else needs_review."""
    if commercial is not None:
        return persons >= threshold_persons(commercial, values)
    if persons >= threshold_persons(False, values):
        return True
    if persons < threshold_persons(True, values):
        return False
    return "needs_review"


def group_answer(persons: int | None, load_known: bool, commercial: bool | None,
                 values: Mapping[str, Any]) -> Answer:
    """Whether a group of spaces tested with `persons` (the larger of its occupant load and the attendance stated,
    M-3, M-4) is a place of assembly (§ 164-4), before a join on an unstated entrance (M-5) or persons of the
    place not placed (M-15) make it need review: `meets_threshold`; while the group's occupant load is not known
    (`load_known` false: a space's measure is missing), only a yes is known (else None)."""
    answer: Answer = None if persons is None else meets_threshold(persons, commercial, values)
    if not load_known and answer is not True:
        answer = None
    return answer


@dataclass(frozen=True, slots=True)
class SpaceGroup:
    """Spaces counted together under § 164-4 (connecting, similarly occupied, with a common entrance).

    ``occupant_load``: the sum of the spaces' occupant loads (None when one is unknown); ``attendance``: the
    sum of the persons stated for its spaces (None when none is stated); ``persons``: the number tested;
    ``place_of_assembly``: True, False, ``"needs_review"`` or None (a fact missing);
    ``common_entrance_assumed``: a join relied on a common entrance that was not stated;
    ``unplaced_attendance``: persons of the place's attendance not stated space by space who, gathered here (a
    space of the group has no attendance stated) with the attendance stated for its spaces, would make it a
    place of assembly (register M-15), else 0."""

    spaces: tuple[str, ...]
    occupant_load: int | None
    attendance: int | None
    persons: int | None
    place_of_assembly: Answer
    common_entrance_assumed: bool
    solely_religious_worship: bool
    unplaced_attendance: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"spaces": list(self.spaces), "occupant_load": self.occupant_load, "attendance": self.attendance,
                "persons": self.persons, "place_of_assembly": self.place_of_assembly,
                "common_entrance_assumed": self.common_entrance_assumed,
                "solely_religious_worship": self.solely_religious_worship,
                "unplaced_attendance": self.unplaced_attendance}


def _links(case: VenueCase, *, strict: bool) -> list[tuple[int, int]]:
    index = {same_name(s.name): i for i, s in enumerate(case.spaces)}  # (a name as read: M-27)
    out = []
    for i, space in enumerate(case.spaces):
        for other in space.connects_with:
            j = index[same_name(other)]
            entrances = (space.common_entrance, case.spaces[j].common_entrance)
            joined = all(e is True for e in entrances) if strict else all(e is not False for e in entrances)
            if joined:
                out.append((i, j))
    return out


def place_of_assembly_groups(case: VenueCase, load_of: Mapping[str, int],
                             values: Mapping[str, Any]) -> tuple[SpaceGroup, ...]:
    """The § 164-4 groups of the case's spaces and whether each is a place of assembly.

    A group is tested with the larger of its occupant load and the attendance stated for its spaces (and the
    place's attendance when the place is one group): register M-3, M-4. Spaces join when one names the other
    in ``connects_with`` and both have a common entrance; a join on an unstated entrance is counted (the
    safer reading) but a group that reaches the threshold only through it needs review (M-5). When the place
    is several groups and its attendance is more than the attendance stated for its spaces, the persons not
    placed could gather in any group with a space whose attendance is not stated: such a group they would make
    a place of assembly needs review (M-15)."""
    names = [s.name for s in case.spaces]
    loose = connected_groups(len(names), _links(case, strict=False))
    strict = connected_groups(len(names), _links(case, strict=True))
    single = len(loose) == 1

    def evaluate(indexes: tuple[int, ...], whole: bool) -> tuple[int | None, int | None, int | None, Answer]:
        spaces = [case.spaces[i] for i in indexes]
        loads = [load_of.get(s.name) for s in spaces]
        load = None if any(v is None for v in loads) else sum(v for v in loads if v is not None)
        stated = [s.attendance for s in spaces if s.attendance is not None]
        attendance = sum(stated) if stated else None
        candidates = [v for v in (load, attendance) if v is not None]
        if whole and case.attendance is not None:
            candidates.append(case.attendance)
        persons = max(candidates) if candidates else None
        return load, attendance, persons, group_answer(persons, load is not None, case.commercial, values)

    # Each strict group lies within one loose group (its links are among the loose links): the loose group of
    # its first space. Found through an index of spaces, so the grouping stays linear in the number of spaces.
    loose_of = {i: n for n, group in enumerate(loose) for i in group}
    inner_of: list[list[tuple[int, ...]]] = [[] for _ in loose]
    for c in strict:
        inner_of[loose_of[c[0]]].append(c)
    # The place's attendance beyond what is stated space by space, when the place is several groups (one group
    # counts the place's attendance itself): where those persons gather is not stated (M-15).
    unplaced = 0
    if not single and case.attendance is not None:
        unplaced = max(0, case.attendance - sum(s.attendance for s in case.spaces if s.attendance is not None))
    groups = []
    for group, inner in zip(loose, inner_of, strict=True):
        inner_true = any(evaluate(c, single and len(strict) == 1)[3] is True for c in inner)
        load, attendance, persons, answer = evaluate(group, single)
        assumed = len(inner) > 1
        if inner_true:
            answer = True
        elif answer is True and assumed:
            answer = "needs_review"
        could_gather = 0
        open_to_them = any(case.spaces[i].attendance is None for i in group)  # (a stated attendance places them)
        if (unplaced and open_to_them and answer is not True and load is not None
                and meets_threshold((attendance or 0) + unplaced, case.commercial, values) is not False):
            answer, could_gather = "needs_review", unplaced
        groups.append(SpaceGroup(
            spaces=tuple(names[i] for i in group), occupant_load=load, attendance=attendance, persons=persons,
            place_of_assembly=answer, common_entrance_assumed=assumed,
            solely_religious_worship=all(case.spaces[i].used_solely_for_religious_worship for i in group),
            unplaced_attendance=could_gather))
    return tuple(groups)


def overall(groups: Sequence[SpaceGroup]) -> Answer:
    """Whether the place holds a place of assembly: True if any group is one, then needs_review, then None
    (missing), else False."""
    return overall_answer([g.place_of_assembly for g in groups])


def overall_answer(answers: Sequence[Answer]) -> Answer:
    """The place's answer from its groups' answers (`overall`): True if any is, then needs_review, then None
    (missing), else False. For a reader of a determination's JSON, whose groups state their answers."""
    if any(a is True for a in answers):
        return True
    if any(a == "needs_review" for a in answers):
        return "needs_review"
    if any(a is None for a in answers):
        return None
    return False


def _missing_for(ctx: Context) -> tuple[str, ...]:
    out: list[str] = []
    if any(g.place_of_assembly == "needs_review" and not g.common_entrance_assumed and not g.unplaced_attendance
           for g in ctx.groups):
        out.append("commercial")
    if any(g.unplaced_attendance for g in ctx.groups):
        out += [f"spaces[{i}].attendance" for i, s in enumerate(ctx.case.spaces) if s.attendance is None]
    if any(g.place_of_assembly is None for g in ctx.groups):
        out += list(ctx.loads_missing)
    if any(g.common_entrance_assumed and g.place_of_assembly == "needs_review" for g in ctx.groups):
        out += [f"spaces[{i}].common_entrance" for i, s in enumerate(ctx.case.spaces)
                if s.connects_with and s.common_entrance is None]
    return tuple(dict.fromkeys(out))


def _why_review(ctx: Context) -> Message:
    """Why the answer needs review: the fact not stated (commercial or not, a common entrance) or, when the
    place's attendance is not stated space by space, where those persons gather (M-15)."""
    unplaced = [g for g in ctx.groups if g.unplaced_attendance]
    if not unplaced:
        return _("depends on a fact not stated (commercial or not; a common entrance)")
    commercial = ctx.case.commercial
    threshold = (threshold_persons(commercial, ctx.values) if commercial is not None else
                 threshold_persons(True, ctx.values))
    return _("depends on where the place's attendance gathers: {persons:,} of the {attendance:,} persons attending are "
             "not stated space by space, and {threshold} or more of them in {groups} would make it a place of "
             "assembly; state the attendance of each space", persons=unplaced[0].unplaced_attendance,
             attendance=ctx.case.attendance, threshold=threshold,
             groups=both([_("“{spaces}”", spaces=", ".join(g.spaces)) for g in unplaced], word="or"))


def _worship_approved(ctx: Context) -> bool:
    """Every place of assembly of the case is used solely for religious worship, and the Building Inspector
    has approved that use (§ 164-3)."""
    places = [g for g in ctx.groups if g.place_of_assembly is not False]
    return (bool(places) and all(g.solely_religious_worship for g in places)
            and ctx.case.worship_use_approved_by_building_inspector is True)


def worship_exception_status(solely: Sequence[bool], approved: bool | None) -> Status:
    """The status of the religious-worship exception (§ 164-3) for the places of assembly whose use solely for
    religious worship is `solely` (one flag for each group that may be a place of assembly) and the Building
    Inspector's approval `approved`: not applicable unless there is one and every one is so used, or when the
    approval is refused; met (no certificate) when approved; needs review (his approval) when not recorded. The
    rule's status, and a reader of a determination's JSON holds its finding to it."""
    if not solely or not all(solely) or approved is False:
        return Status.NOT_APPLICABLE
    return Status.MET if approved is True else Status.NEEDS_REVIEW


def former_certificate_named(former: FormerCertificate) -> Message:
    """The last certificate issued (M-29) as a reader finds it: its number and the day it was issued, as far as
    the case gives them."""
    if former.number and former.issued is not None:
        return _("{number}, issued {issued}", number=former.number, issued=former.issued)
    if former.number:
        return _("{number}, its day of issue not given", number=former.number)
    if former.issued is not None:
        return _("issued {issued}, its number not given", issued=former.issued)
    return _("its number and day of issue not given")


def former_certificate_ended(former: FormerCertificate) -> Message:
    """Why the last certificate issued is no longer in force, as the case records it (its ``status``, W-5)."""
    if former.status == "stale":
        return _("was made stale by a change of the place's rooms or areas since it was issued, and is no longer "
                 "in force until the Building Inspector issues a new one")
    if former.status == "revoked":
        return _("was revoked by the Building Inspector")
    return _("is no longer in force")


# --- rules ------------------------------------------------------------------------------------------------

def certificate_required(ctx: Context) -> Finding:
    """A place of assembly shall not be maintained, operated or used as such without a certificate from the
    Building Inspector (§ 164-3)."""
    rule, citation = "mount-pleasant/164-3/certificate", cite("164-3")
    answer = overall(ctx.groups)
    certificate = ctx.case.certificate
    values: dict[str, Any] = {"place_of_assembly": answer,
                              "certificate_number": certificate.number if certificate else None}
    if answer is True:
        if certificate is not None and certificate.number:
            return Finding(rule, Status.MET, citation,
                           _("A place of assembly: a certificate of the Building Inspector is "
                             "required; certificate {certificate_number} is recorded.",
                             certificate_number=certificate.number), values, outcome=True)
        if _worship_approved(ctx):
            return Finding(rule, Status.MET, citation,
                           _("A place of assembly: a certificate of the Building Inspector is required "
                             "unless it is used solely for religious worship as he approves, which is "
                             "the exception that follows."), values, outcome=True)
        former = ctx.case.former_certificate
        if former is not None:  # (a certificate was issued, and is no longer in force: M-29)
            values["former_certificate"] = {"number": former.number, "issued": former.issued,
                                            "status": former.status}
            return Finding(rule, Status.MISSING, citation,
                           _("A place of assembly: a certificate of the Building Inspector is required and none "
                             "is in force. The last one issued ({certificate}) {ended}.",
                             certificate=former_certificate_named(former), ended=former_certificate_ended(former)),
                           values, outcome=True, missing=("certificate",))
        return Finding(rule, Status.MISSING, citation,
                       _("A place of assembly: a certificate of the Building Inspector is required and "
                         "none is recorded."), values, outcome=True, missing=("certificate",))
    if answer is False:
        return Finding(rule, Status.MET, citation,
                       _("Not a place of assembly: no certificate of the Building Inspector is "
                         "required."), values,
                       outcome=False)
    if answer == "needs_review":
        return Finding(rule, Status.NEEDS_REVIEW, citation,
                       _("Whether this is a place of assembly, and so whether a certificate is "
                         "required, {why}.", why=_why_review(ctx)), values,
                       outcome="needs_review", missing=_missing_for(ctx))
    return Finding(rule, Status.MISSING, citation,
                   _("Whether a certificate is required cannot be decided until the size of every "
                     "space is given."),
                   values, outcome=None, missing=_missing_for(ctx))


def religious_worship_exception(ctx: Context) -> Finding:
    """Except that no permit is required for a place of assembly used solely as a place of religious worship
    as approved by the Building Inspector (§ 164-3); occupancy, toilets, signs and exits still apply."""
    rule, citation = "mount-pleasant/164-3/religious-worship-exception", cite("164-3")
    places = [g for g in ctx.groups if g.place_of_assembly is not False]
    approved = ctx.case.worship_use_approved_by_building_inspector
    solely = [g.solely_religious_worship for g in places]
    values: dict[str, Any] = {"places_of_assembly": [list(g.spaces) for g in places],
                              "used_solely_for_religious_worship": solely,
                              "approved_by_building_inspector": approved}
    status = worship_exception_status(solely, approved)
    if not solely or not all(solely):  # (no place of assembly, or one not used solely for worship)
        return Finding(rule, Status.NOT_APPLICABLE, citation,
                       _("The place is not a place of assembly used solely as a place of religious "
                         "worship."),
                       values)
    if status is Status.MET:
        return Finding(rule, Status.MET, citation,
                       _("Used solely as a place of religious worship as approved by the Building "
                         "Inspector: no certificate is required (the occupancy, toilet, sign and exit "
                         "rules still apply)."),
                       values, outcome=False)
    if status is Status.NOT_APPLICABLE:
        return Finding(rule, Status.NOT_APPLICABLE, citation,
                       _("The Building Inspector has not approved the use solely as a place of "
                         "religious worship, so the exception does not apply."), values)
    return Finding(rule, Status.NEEDS_REVIEW, citation,
                   _("Used solely as a place of religious worship, but no approval of the Building "
                     "Inspector is recorded: the exception needs his approval."), values, outcome="needs_review",
                   missing=("worship_use_approved_by_building_inspector",))


def place_of_assembly(ctx: Context) -> Finding:
    """A room or space used for the gathering together of 25 or more persons (commercial) or 75 or more
    (noncommercial), with any similarly occupied connecting room on any story with a common entrance (§ 164-4)."""
    rule, citation = "mount-pleasant/164-4/place-of-assembly", cite("164-4")
    answer = overall(ctx.groups)
    commercial = ctx.case.commercial
    values: dict[str, Any] = {
        "commercial": commercial,
        "threshold_persons": (threshold_persons(commercial, ctx.values) if commercial is not None else
                              {"commercial": threshold_persons(True, ctx.values),
                               "noncommercial": threshold_persons(False, ctx.values)}),
        "groups": [g.to_json() for g in ctx.groups],
    }
    named = [", ".join(g.spaces) for g in ctx.groups if g.place_of_assembly is True]
    if answer is True:
        return Finding(rule, Status.MET, citation, _("A place of assembly: {groups}.", groups=join(named, "; ")),
                       values,
                       outcome=True)
    if answer is False:
        return Finding(rule, Status.MET, citation,
                       _("No room or space (with its connecting rooms) is used for, or holds, enough "
                         "persons to be a place of assembly."), values, outcome=False)
    if answer == "needs_review":
        return Finding(rule, Status.NEEDS_REVIEW, citation,
                       (_("Whether a room or space (with its connecting rooms) is a place of assembly {why}.",
                          why=_why_review(ctx)) if any(g.unplaced_attendance for g in ctx.groups) else
                        _("A group of spaces reaches a threshold only on a fact not stated (whether the "
                          "place is commercial, or a common entrance).")), values, outcome="needs_review",
                       missing=_missing_for(ctx))
    return Finding(rule, Status.MISSING, citation,
                   _("A space's size is not given, so it cannot be said whether the place is a place "
                     "of assembly."),
                   values, missing=_missing_for(ctx))
