"""Carmel ch. 31, exemptions ¶¶ A-D: assemblies sponsored, organized and authorized by a school, a church, a
veterans' organization or a civic group, to which the chapter does not apply.

Each exemption decides ``permit_required`` at priority 10, above the base rule of permit requirements ¶ A
(priority 0): it is the exception that overrides it. A finding is ``not_applicable`` when the exemption does
not reach the case (its reason says why) and ``missing`` when a fact it needs is absent.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from publicassembly.law.core import Finding, Status
from publicassembly.law.dates import years_before
from publicassembly.law.jurisdictions.us_ny_carmel.context import RULES, Context, cite
from publicassembly.law.jurisdictions.us_ny_carmel.facts import Sponsor
from publicassembly.law.labels import missing_item
from publicassembly.law.messages import _, both, join, plural

EXEMPTION_PRIORITY = 10
_ACTS = {"sponsored": _("sponsored"), "organized": _("organized"), "authorized": _("authorized")}

#: A check of the sponsor's tie to the Town: (exempt?, reason, missing ids, values); exempt None = missing.
TownTie = Callable[[Context, Sponsor], tuple[bool | None, str, list[str], dict[str, Any]]]


#: The exempt kinds of sponsor of each exemption (the case's ``sponsor.kind`` → words), and the reason given
#: when the sponsor is of none of them (made once: the same sentence for every case).
_KINDS: dict[str, dict[str, str]] = {
    "carmel/exemptions/a-school": {"parochial_school": _("a parochial school"),
                                   "private_school": _("a private school")},
    "carmel/exemptions/b-church": {"church": _("an established church")},
    "carmel/exemptions/c-veterans": {"veterans_organization": _("a veterans' organization")},
    "carmel/exemptions/d-civic-group": {"civic_group": _("a civic group")},
}
#: The exemption's rule of each exempt kind of sponsor (``sponsor.kind`` → rule id): the exemption a sponsor of
#: that kind claims.
EXEMPTION_OF_KIND: dict[str, str] = {kind: rule for rule, kinds in _KINDS.items() for kind in kinds}
#: The rules of the exemptions (¶¶ A-D): a sponsor to whose assembly the chapter does not apply.
EXEMPTION_RULES: frozenset[str] = frozenset(_KINDS)
#: A kind of sponsor named before the fact that would settle it is given (C-14: "an established church" only once
#: the sponsor says it is established).
_UNSETTLED_KIND = {"church": _("a church")}
_NOT_OF_KINDS = {rule: _("The sponsor is not {kinds}.", kinds=both(sorted(set(kinds.values())), "or"))
                 for rule, kinds in _KINDS.items()}


def _exemption(ctx: Context, rule: str, section: str, tie: TownTie) -> Finding:
    kinds = _KINDS[rule]
    citation = cite(section)
    sponsor = ctx.case.sponsor
    if sponsor is None or sponsor.kind is None:
        return Finding(rule, Status.NOT_APPLICABLE, citation, _("No sponsor of an exempt kind is named."))
    values: dict[str, Any] = {"sponsor": sponsor.name, "kind": sponsor.kind}
    if sponsor.kind not in kinds:
        reason: str = _NOT_OF_KINDS[rule]
        if sponsor.kind == "public_school" and "private_school" in kinds:
            reason = (_("A public school is not among the exempt sponsors: ¶ A names only a parochial "
                        "or private school located within the Town, so the chapter applies to a public "
                        "school's assembly."))
        return Finding(rule, Status.NOT_APPLICABLE, citation, reason, values)
    label = kinds[sponsor.kind]
    acts = {"sponsored": sponsor.sponsored, "organized": sponsor.organized, "authorized": sponsor.authorized}
    values.update(acts)
    refused = [_ACTS[k] for k, v in acts.items() if v is False]
    if refused:
        return Finding(rule, Status.NOT_APPLICABLE, citation,
                       _("The assembly is not {acts} by {label}; the exemption needs an assembly "
                         "sponsored, organized and authorized by it.", acts=both(refused),
                         label=label), values)
    missing = [f"sponsor.{k}" for k, v in acts.items() if v is None]
    exempt, reason, tie_missing, tie_values = tie(ctx, sponsor)
    values.update(tie_values)
    missing += tie_missing
    if exempt is False:
        return Finding(rule, Status.NOT_APPLICABLE, citation, reason, values)
    refused_on = ctx.case.town_board.exemption_not_accepted_on
    if refused_on is not None:
        # (the sponsor's statements are the applicant's, C-14; the Town Board may not accept them: P-20)
        values["exemption_not_accepted_on"] = refused_on
        return Finding(rule, Status.NOT_APPLICABLE, citation,
                       _("The sponsor's statements claim the exemption of {label}, but the Town Board recorded on "
                         "{day} that it does not accept it: the chapter applies to the assembly.", label=label,
                         day=refused_on.isoformat()), values)
    if missing:
        # (named as the sponsor says it is: a church not yet said to be established is "a church")
        said = _UNSETTLED_KIND.get(sponsor.kind, label) if "sponsor.established" in missing else label
        return Finding(rule, Status.MISSING, citation,
                       _("The sponsor is {label}; whether the assembly is exempt depends on facts not "
                         "given: {items}.", label=said, items=join([missing_item(m) for m in missing])),
                       values, outcome="needs_review", missing=tuple(missing))
    return Finding(rule, Status.MET, citation,
                   _("The chapter does not apply: the assembly is sponsored, organized and authorized "
                     "by {label} {reason}.", label=label, reason=reason), values, outcome=False)


def _school(ctx: Context, s: Sponsor) -> tuple[bool | None, str, list[str], dict[str, Any]]:
    v = {"located_in_town": s.located_in_town}
    if s.located_in_town is None:
        return None, "", ["sponsor.located_in_town"], v
    if not s.located_in_town:
        return False, _("The school is not located within the Town of Carmel."), [], v
    return True, _("located within the Town"), [], v


def _church(ctx: Context, s: Sponsor) -> tuple[bool | None, str, list[str], dict[str, Any]]:
    """¶ B: "any established church maintaining a place of worship within the Town": both are facts the sponsor
    states (C-14); either one false and the exemption does not reach the assembly, either one unstated and it
    is not decided."""
    v = {"established": s.established, "place_of_worship_in_town": s.place_of_worship_in_town}
    if s.established is False:
        return False, _("The sponsor is not an established church."), [], v
    if s.place_of_worship_in_town is False:
        return False, _("The church maintains no place of worship within the Town of Carmel."), [], v
    missing = [f"sponsor.{k}" for k, given in v.items() if given is None]
    if missing:
        return None, "", missing, v
    return True, _("maintaining a place of worship within the Town"), [], v


def _chapter_for_a_year(ctx: Context, s: Sponsor) -> tuple[bool | None, str, list[str], dict[str, Any]]:
    years = ctx.values["exemptions.chapter_years"]
    first: date | None = ctx.case.dates.first_day if ctx.case.dates else None
    v: dict[str, Any] = {"chapter_in_town_since": s.chapter_in_town_since, "years_required": years}
    missing = []
    if s.chapter_in_town_since is None:
        missing.append("sponsor.chapter_in_town_since")
    if first is None:
        missing.append("petition.2.dates")
    if missing:
        return None, "", missing, v
    assert s.chapter_in_town_since is not None and first is not None
    since_at_latest = years_before(first, years)
    v["first_day"] = first
    v["maintained_since_at_latest"] = since_at_latest
    if s.chapter_in_town_since > since_at_latest:
        return False, (_("Its chapter in the Town dates from {chapter_in_town_since}, after "
                         "{since_at_latest}: it has not been maintained for {years} prior to "
                         "the assembly on {first}.",
                         chapter_in_town_since=s.chapter_in_town_since.isoformat(),
                         since_at_latest=since_at_latest.isoformat(), years=plural(years, "year"),
                         first=first.isoformat())), [], v
    return True, (_("that has maintained a chapter within the Town since {chapter_in_town_since}, on "
                    "or before {since_at_latest}, {years} prior to the assembly on {first}",
                    chapter_in_town_since=s.chapter_in_town_since.isoformat(),
                    since_at_latest=since_at_latest.isoformat(), years=plural(years, "year"),
                    first=first.isoformat())), [], v


@RULES.rule("carmel/exemptions/a-school", cites=cite("exemptions ¶ A"), decides="permit_required",
            priority=EXEMPTION_PRIORITY)
def school(ctx: Context) -> Finding:
    """Exempt: an assembly sponsored, organized and authorized by a parochial or private school located within
    the Town (exemptions ¶ A). A public school is not listed and is not exempt."""
    return _exemption(ctx, "carmel/exemptions/a-school", "exemptions ¶ A", _school)


@RULES.rule("carmel/exemptions/b-church", cites=cite("exemptions ¶ B"), decides="permit_required",
            priority=EXEMPTION_PRIORITY)
def church(ctx: Context) -> Finding:
    """Exempt: an assembly sponsored, organized and authorized by an established church maintaining a place of
    worship within the Town (exemptions ¶ B)."""
    return _exemption(ctx, "carmel/exemptions/b-church", "exemptions ¶ B", _church)


@RULES.rule("carmel/exemptions/c-veterans", cites=cite("exemptions ¶ C"), decides="permit_required",
            priority=EXEMPTION_PRIORITY)
def veterans(ctx: Context) -> Finding:
    """Exempt: an assembly of a veterans' organization that has maintained a chapter, post, lodge, camp or other
    group within the Town for one year prior to the proposed assembly (exemptions ¶ C), compared by date
    against the first day of the assembly (`years_before`)."""
    return _exemption(ctx, "carmel/exemptions/c-veterans", "exemptions ¶ C", _chapter_for_a_year)


@RULES.rule("carmel/exemptions/d-civic-group", cites=cite("exemptions ¶ D"), decides="permit_required",
            priority=EXEMPTION_PRIORITY)
def civic_group(ctx: Context) -> Finding:
    """Exempt: an assembly of a civic group that has maintained a chapter or local organization within the Town
    for one year prior to the proposed assembly (exemptions ¶ D)."""
    return _exemption(ctx, "carmel/exemptions/d-civic-group", "exemptions ¶ D", _chapter_for_a_year)
