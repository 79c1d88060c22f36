"""The history's own words: the reasons the services write when the official gives none ("verified petition
submitted", "public hearing set for 2026-12-22 at 19:00 at Town Hall; notice to be published in …"), kept in the
record in English and shown in the reader's language.

A history row keeps its reason as text (django-simple-history's ``history_change_reason``): the record, which the
API, the command line and the documents give as written. Each reason a service writes is made from a `Reason` of
this registry (``SUBMITTED()``, ``HEARING_SET(hearing=…, notice=…)``), so every system-written text has a known
template; `shown` reads a stored text back against the registry — rows written before a template was registered
too, as long as their words are those of a template — and renders it with the template's translation (a gettext
msgid) and its parameters, each shown as its kind says (a date as written, a time as HH:MM, a field's key by its
label, a nested reason translated in turn). A text no template matches — the official's own words — is shown as
it was written.

Parameters are matched by trying each split of the text at the template's literal words, so that a user's text
(a place, a newspaper) holding the same words is still read back whole where a reading exists.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from django.utils import translation
from django.utils.translation import gettext, gettext_noop, ngettext, ngettext_lazy

from publicassembly.law import labels
from publicassembly.law.messages import plural
from publicassembly.law.messages import translate as law_translate

#: How a parameter of a reason is shown: its text → the text in the active language, or None when the text is not
#: of this kind (the reading of the whole reason then tries another split, or another template).
Kind = Callable[[str], "str | None"]

_FIELD = re.compile(r"\{(\w+)(?::[^{}]*)?\}")


def text(value: str) -> str | None:
    """Anything not empty, shown as written (a name, a place, the official's own words)."""
    return value if value.strip() else None


def day(value: str) -> str | None:
    """A date as the history writes it, YYYY-MM-DD."""
    return value if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value) else None


def clock(value: str) -> str | None:
    """A time of day, shown as HH:MM (a row written with seconds, 19:00:00, read as 19:00)."""
    m = re.fullmatch(r"(\d{1,2}):(\d{2})(?::\d{2})?", value)
    return f"{int(m.group(1)):02d}:{m.group(2)}" if m else None


def number(value: str) -> str | None:
    """A whole number as written (1,500 or 1500)."""
    return value if re.fullmatch(r"\d[\d,]*", value) else None


def amount(value: str) -> str | None:
    """An amount of US dollars as written ($10,000; $1,250.50)."""
    return value if re.fullmatch(r"\$\d[\d,]*(\.\d\d)?", value) else None


def key(value: str) -> str | None:
    """An identifier of the law core or of a form (drinking_water, use_group, petition.5.parking_plan) by its
    words in the active language (`labels.phrase`)."""
    if not re.fullmatch(r"[a-z][a-z0-9_]*(\.[\w\[\]]+)*", value):
        return None
    return str(law_translate(labels.phrase(value), gettext))


def item(value: str) -> str | None:
    """An item found missing: an id of the law core (``petition.5.parking_plan``) in the words of the public
    (`labels.missing_item`), else the Clerk's own words as written."""
    if re.fullmatch(r"[a-z][a-z0-9_]*(\.[\w\[\]]+)+|[a-z][a-z0-9_]*_[a-z0-9_]+", value):
        return str(law_translate(labels.missing_item(value), gettext))
    return text(value)


def counted(word: str) -> Kind:
    """A number with its counted `word` as the law core writes it (`law.messages.plural`: "1 year", "2 years"),
    in the active language; a number alone (a row written before the law core counted it in words, the "1" of
    "1 year(s)") too, the word being known."""

    def shown_counted(value: str) -> str | None:
        m = re.fullmatch(rf"(\d[\d,]*)(?: {re.escape(word)}s?)?", value)
        if m is None:
            return None
        return str(law_translate(plural(int(m.group(1).replace(",", "")), word), gettext))

    return shown_counted


def label(*words: str) -> Kind:
    """One of `words` (English labels of a choice, each a msgid of the catalog), translated."""
    known = frozenset(words)
    return lambda value: gettext(value) if value in known else None


def named(mapping: dict[str, str]) -> Kind:
    """One of the keys of `mapping` (English words), shown as the translation of its value (a msgid)."""
    return lambda value: gettext(mapping[value]) if value in mapping else None


def words_of(*names: str) -> Kind:
    """One of `names` (keys), shown by its words (`key`)."""
    known = frozenset(names)
    return lambda value: key(value) if value in known else None


def word_or_text(value: str) -> str | None:
    """An identifier (bowling_alley, sq_ft) by its words, anything else as written."""
    return key(value) if re.fullmatch(r"[a-z]+(_[a-z]+)+", value) else text(value)


def each(kind: Kind, sep: str) -> Kind:
    """Several values joined by `sep`, each shown as `kind` says (or as written when it is not of that kind)."""

    def shown_each(value: str) -> str | None:
        if not value.strip():
            return None
        return sep.join(kind(part) or part for part in value.split(sep))

    return shown_each


def nested(value: str) -> str | None:
    """Another reason of the registry (the notice's words inside the hearing's), translated in turn."""
    return _translated(value, translation.get_language() or "")


def one_of(*kinds: Kind) -> Kind:
    """The first of `kinds` the text is of."""

    def first(value: str) -> str | None:
        for kind in kinds:
            shown_value = kind(value)
            if shown_value is not None:
                return shown_value
        return None

    return first


class Reason:
    """A reason a service writes: an English ``str.format`` template (the catalog's msgid, marked for
    ``makemessages`` at its definition) with a `Kind` for each of its fields (default `text`).

    ``Reason(...)(**params)`` is the English text the history keeps. `plural`: a template made with
    ``ngettext_lazy(singular, plural, count)``, the form chosen by the field `count`. `also`: further English
    forms rows were written in before (read back, never written). ``translated=False``: the template's words are
    not words (``{why} — {said}``): not in the catalog."""

    def __init__(self, template: Any, *, count: str | None = None, also: Iterable[str] = (),
                 translated: bool = True, **kinds: Kind) -> None:
        self.count = count
        if count is not None:  # (an ngettext_lazy: its English forms, read with translations deactivated)
            with translation.override(None):
                self.singular, self.plural = str(template % {count: 1}), str(template % {count: 2})
            forms = [self.singular, self.plural]
        else:
            self.singular = self.plural = str(template)
            forms = [self.singular]
        self.translated = translated
        self.kinds = kinds
        self._patterns = [_parse(f) for f in (*forms, *also)]
        for name in {n for p in self._patterns for n in p[1::2]}:
            self.kinds.setdefault(name, text)
        REGISTRY.append(self)
        REGISTRY.sort(key=lambda r: -max(_literal_length(p) for p in r._patterns))

    def __call__(self, **params: object) -> str:
        """The English text of this reason with `params` (each shown with ``str`` in English: a choice's label
        is kept in English whatever the language of the page the action was taken on)."""
        if self.count is not None:
            form = self.singular if int(str(params[self.count]).replace(",", "")) == 1 else self.plural
        else:
            form = self.singular
        with translation.override("en"):
            return form.format(**{k: str(v) for k, v in params.items()})

    def read(self, stored: str) -> str | None:
        """`stored` in the active language when it is a text of this reason, else None."""
        for pattern in self._patterns:
            shown_params = _match(pattern, 0, stored, 0, self.kinds)
            if shown_params is not None:
                return self._render(shown_params)
        return None

    def _render(self, params: dict[str, str]) -> str:
        if not self.translated:
            return _FIELD.sub(lambda m: params[m.group(1)], self.singular)
        if self.count is not None:
            n = int(params[self.count].replace(",", ""))
            target = ngettext(self.singular, self.plural, n)
        else:
            target = gettext(self.singular)
        try:
            return _FIELD.sub(lambda m: params[m.group(1)], target)
        except KeyError:  # (a translation naming another field: the English words)
            return _FIELD.sub(lambda m: params[m.group(1)], self.singular)


#: Every reason template, the most specific (the most literal words) first.
REGISTRY: list[Reason] = []


def _parse(template: str) -> list[str]:
    """A template as [literal, field, literal, field, …, literal] (the fields' names)."""
    parts: list[str] = []
    last = 0
    for m in _FIELD.finditer(template):
        parts += [template[last:m.start()], m.group(1)]
        last = m.end()
    parts.append(template[last:])
    return parts


def _literal_length(pattern: list[str]) -> int:
    return sum(len(p) for p in pattern[0::2])


def _match(pattern: list[str], i: int, value: str, pos: int, kinds: dict[str, Kind]) -> dict[str, str] | None:
    """The fields of `pattern` from part `i` read from `value` at `pos` (each shown as its kind says), or None
    when the rest of `value` is not of the pattern. Every split at the next literal is tried, leftmost first."""
    literal = pattern[i]
    if not value.startswith(literal, pos):
        return None
    pos += len(literal)
    if i + 1 == len(pattern):
        return {} if pos == len(value) else None
    name, following = pattern[i + 1], pattern[i + 2]
    ends = [len(value)] if i + 3 == len(pattern) and not following else []
    if following:
        at = value.find(following, pos + 1)
        while at != -1:
            ends.append(at)
            at = value.find(following, at + 1)
    for end in ends:
        shown_value = kinds[name](value[pos:end])
        if shown_value is None:
            continue
        rest = _match(pattern, i + 2, value, end, kinds)
        if rest is not None:
            return {name: shown_value, **rest}
    return None


@lru_cache(maxsize=4096)
def _translated(stored: str, language: str) -> str | None:
    for reason in REGISTRY:
        shown_text = reason.read(stored)
        if shown_text is not None:
            return shown_text
    return None


def shown(stored: str | None) -> str:
    """A stored reason in the active language: a system-written reason through its template's translation,
    anything else (the official's own words) as written. Empty for none."""
    if not stored:
        return ""
    return _translated(stored, translation.get_language() or "") or stored


# --- The reasons ---------------------------------------------------------------------------------------------------
# Each is written by one service (permits, venues) or by the demo; the English is the record's.

#: An official's own reason before what the step says it did (the hearing's notes must be kept).
BEFORE = Reason("{why} — {said}", translated=False, said=nested)

DEMO_APPLICATION = Reason(gettext_noop("demo application"))
DEMO_DATA = Reason(gettext_noop("demonstration data"))
DEMO_FEE_SCHEDULE = Reason(gettext_noop("demo fee schedule"))

# Permit applications (Carmel ch. 31)
DRAFT_CREATED = Reason(gettext_noop("draft application created"))
FACTS_CHANGED = Reason(gettext_noop("facts of the assembly changed"))
SUBMITTED = Reason(gettext_noop("verified petition submitted"))
INCOMPLETE = Reason(gettext_noop("petition incomplete: {items}"), items=each(item, "; "))
AMENDED = Reason(gettext_noop("petition amended"))
APPROVALS_LAPSED = Reason(gettext_noop("{before}; the written approvals given for the facilities or the number of "
                                       "persons it changed no longer count (P-21): {approvals}"), before=nested)
ACCEPTED = Reason(gettext_noop("petition complete; accepted"))
HEARING_AT = Reason(gettext_noop("{day} at {time} at {place}"), day=day, time=clock)
HEARING_ON = Reason(gettext_noop("{day} at {place}"), day=day)
_hearing = one_of(HEARING_AT.read, HEARING_ON.read)
HEARING_SET = Reason(gettext_noop("public hearing set for {hearing}; {notice}"), hearing=_hearing, notice=nested)
HEARING_MOVED = Reason(gettext_noop("public hearing moved from {old} to {new}; {notice}"), old=_hearing,
                       new=_hearing, notice=nested)
NOTICE_PUBLISHED = Reason(gettext_noop("notice published in {newspaper} on {day}"), day=day)
NOTICE_TO_BE_PUBLISHED = Reason(gettext_noop("notice to be published in {newspaper}; its publication not yet "
                                             "recorded"))
NOTE_LATE = Reason(gettext_noop("{before}; note: after the Town Board's last day to act ({day}, ¶ B), so the "
                                "decision will be late"), before=nested, day=day)
NOTE_SATURDAY = Reason(gettext_noop("{before}; note: on a Saturday, when the Town Clerk's office is closed "
                                    "(interpretation P-8)"), before=nested)
NOTICE_DROPPED = Reason(gettext_noop("{before}; the notice published in {newspaper} on {day} named the former "
                                     "hearing and no longer counts"), before=nested, day=day)
NOTICE_RECORDED = Reason(gettext_noop("notice of the public hearing of {hearing_day} published in {newspaper} on "
                                      "{day}"), hearing_day=day, day=day)
HEARING_HELD = Reason(gettext_noop("public hearing held on {day}"), day=day)
BOND_SET = Reason(gettext_noop("bond amount {amount}"), amount=amount)
LIMIT_SET = Reason(gettext_noop("bodily injury limit {amount}"), amount=amount)
BOARD_SET = Reason(gettext_noop("Town Board set {values}"), values=each(one_of(BOND_SET.read, LIMIT_SET.read), ", "))
APPROVED = Reason(gettext_noop("approved by the Town Board on {day}"), day=day)
APPROVED_WITH = Reason(ngettext_lazy("approved by the Town Board on {day} with {n} condition",
                                     "approved by the Town Board on {day} with {n} conditions", "n"), count="n",
                       also=("approved by the Town Board on {day} with {n} condition(s)",), day=day, n=number)
DENIED_BECAUSE = Reason(gettext_noop("denied by the Town Board: {reasons}"))
DENIED = Reason(gettext_noop("denied"))
#: The approving bodies of ¶ C (permits.models.Agency) as a written approval's reason names them.
THE_AGENCY = {"health_department": gettext_noop("the Putnam County Health Department"),
              "town_board": gettext_noop("the Town Board")}
CONDITION_APPROVED = Reason(
    gettext_noop("¶ C({n}) {facility} approved in writing by {agency}"), n=number,
    facility=words_of("drinking_water", "toilets", "sewage", "solid_waste", "food_supply", "parking", "housing",
                      "access_roads", "medical", "fire_protection"),
    agency=label(*THE_AGENCY.values()))
AUTHORIZATION = Reason(gettext_noop("{party}'s written authorization to inspect (¶ D) received"),
                       party=label("owner", "tenant or lessee"))
INSURANCE = Reason(gettext_noop("insurance certificate received (¶ E)"))
BOND_POSTED = Reason(gettext_noop("bond of {amount} posted with the Town Clerk (¶ F)"), amount=amount)
FEE_PAID = Reason(gettext_noop("filing fee of {amount} paid"), amount=amount)
FEE_SET = Reason(gettext_noop("filing fee for {year} set to {amount} by resolution of {day}"), year=number,
                 amount=amount, day=day)
ISSUED = Reason(gettext_noop("permit {number} issued"))
ASSEMBLY_HELD = Reason(gettext_noop("assembly held; it ended on {day}"), day=day)
RAN_PAST_PERMIT = Reason(ngettext_lazy(
    "{before}; note: {n} day after the permit's last day ({last_day}), an assembly without a permit (¶ A; "
    "interpretation P-23)",
    "{before}; note: {n} days after the permit's last day ({last_day}), an assembly without a permit (¶ A; "
    "interpretation P-23)", "n"), count="n", before=nested, last_day=day, n=number)
CLEANUP_INSPECTED = Reason(gettext_noop("cleanup inspected on {day}: {result}"), day=day,
                           result=label("waste completely removed", "waste not completely removed"))
#: The law core's reason of ¶ F's cleanup, met (carmel/issuance/f-cleanup), as the bond's release quotes it.
CLEANUP_MET = Reason(gettext_noop("Cleanup completed on {done}, by {due_date}."), done=day, due_date=day)
BOND_RELEASED = Reason(gettext_noop("bond released: {finding}"), finding=nested)
CLOSED = Reason(gettext_noop("case closed"))
CLOSED_UNHEARD = Reason(gettext_noop("case closed: the assembly's last day has passed before a permit was issued "
                                     "(P-11)"))
#: The law core's reason of an exemption of ¶¶ A-D met (carmel/exemptions/*: the exempt kind of sponsor and its tie
#: to the Town), as the closing of the case quotes it (P-20): the law core's own msgids, read back and translated
#: as the law core's `Message` is (interpretation P-20).
EXEMPT_SPONSOR = label(gettext_noop("a parochial school"), gettext_noop("a private school"),
                       gettext_noop("an established church"), gettext_noop("a veterans' organization"),
                       gettext_noop("a civic group"))
IN_TOWN_SCHOOL = Reason(gettext_noop("located within the Town"))
IN_TOWN_CHURCH = Reason(gettext_noop("maintaining a place of worship within the Town"))
IN_TOWN_CHAPTER = Reason(gettext_noop("that has maintained a chapter within the Town since {chapter_in_town_since}, "
                                      "on or before {since_at_latest}, {years} prior to the assembly on "
                                      "{first}"), chapter_in_town_since=day, since_at_latest=day, years=counted("year"),
                         first=day,
                         # (rows written before the years were counted in words: "1 year(s)")
                         also=["that has maintained a chapter within the Town since {chapter_in_town_since}, on or "
                               "before {since_at_latest}, {years} year(s) prior to the assembly on {first}"])
EXEMPTION_MET = Reason(gettext_noop("The chapter does not apply: the assembly is sponsored, organized and "
                                    "authorized by {label} {reason}."), label=EXEMPT_SPONSOR,
                       reason=one_of(IN_TOWN_SCHOOL.read, IN_TOWN_CHURCH.read, IN_TOWN_CHAPTER.read))
#: (the exemption in the reader's language when it is the law core's reason, else as written)
CLOSED_EXEMPT = Reason(gettext_noop("case closed: {exemption} ({citation}); no permit is required (P-20)"),
                       exemption=one_of(EXEMPTION_MET.read, text))
EXEMPTION_NOT_ACCEPTED = Reason(gettext_noop("the Town Board does not accept the exemption claimed ({exemption}), "
                                             "decided on {day}: {reasons}; the chapter applies (P-20)"), day=day)
WITHDRAWN = Reason(gettext_noop("withdrawn by the applicant"))
#: The law core's reason of ¶ G (carmel/issuance/g-revocation), as a revocation quotes it after the facts.
GROUND_FACILITIES = Reason(gettext_noop("the applicant has failed to provide the facilities as specified in the "
                                        "application"))
GROUND_SETUP = Reason(gettext_noop("the setting up of the facilities cannot reasonably be accomplished by the date "
                                   "set"))
REVOCABLE = Reason(gettext_noop("Ground for revocation: {grounds}. The Town Board, through its Clerk, may revoke "
                                "the permit."), grounds=each(one_of(GROUND_FACILITIES.read, GROUND_SETUP.read), "; "))
ATTACHED = Reason(gettext_noop("{kind} attached"))

# Places of assembly (Mount Pleasant ch. 164)
VENUE_REGISTERED = Reason(gettext_noop("place of assembly registered"))
VENUE_CHANGED = Reason(gettext_noop("place of assembly changed"))
WORSHIP_APPROVED = Reason(gettext_noop("use solely for religious worship approved (§ 164-3): no certificate "
                                       "required"))
SPACE_ADDED = Reason(gettext_noop("space {name} added"))
SPACE_CHANGED = Reason(gettext_noop("space {name} changed"))
SPACE_REMOVED = Reason(gettext_noop("space {name} removed"))
SPACE_GONE = Reason(gettext_noop("space removed"))
SPACE_FIELD = Reason("{field} → {value}", translated=False,
                     field=words_of("name", "kind", "use_group", "area", "area_unit", "alleys", "story",
                                    "common_entrance"), value=word_or_text)
CONNECTS = Reason(gettext_noop("connects with {name}"))
DISCONNECTS = Reason(gettext_noop("no longer connects with space #{pk}"), pk=number)
NO_FIELD_CHANGED = Reason(gettext_noop("no field changed"))
SPACE_CHANGED_AS = Reason(gettext_noop("space {name} changed ({changes})"),
                          changes=each(one_of(SPACE_FIELD.read, CONNECTS.read, DISCONNECTS.read,
                                              NO_FIELD_CHANGED.read), "; "))
RECERTIFY = Reason(gettext_noop("{what}; the lawful occupancy must be re-certified by the Building Inspector "
                                "(§ 164-9)"), what=nested)
WORSHIP_APPROVAL_LAPSED = Reason(gettext_noop(
    "{what}: the approval of the use solely for religious worship (§ 164-3) was of the place as it was and is "
    "withdrawn; the Building Inspector approves it again, or the place needs a certificate"), what=nested)
CERTIFIED = Reason(ngettext_lazy("certificate issued: lawful occupancy {n} person (§§ 164-7, 164-8, 164-9)",
                                 "certificate issued: lawful occupancy {n} persons (§§ 164-7, 164-8, 164-9)", "n"),
                   count="n", n=number)
SUPERSEDED = Reason(gettext_noop("superseded by certificate {number}"))
INSPECTION_SCHEDULED = Reason(gettext_noop("inspection scheduled for {day}"), day=day)
INSPECTION_PASSED = Reason(gettext_noop("inspection done: passed"))
INSPECTION_INCOMPLETE = Reason(gettext_noop("inspection done: no deficiency found, but the exits not all stated "
                                            "(§§ 164-2, 164-10, 164-11): incomplete"))
INSPECTION_DEFICIENT = Reason(ngettext_lazy("inspection done: {n} deficiency", "inspection done: {n} deficiencies",
                                            "n"), count="n", n=number)
