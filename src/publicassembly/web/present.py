"""Presenting a determination on a page: the law core's JSON (`Determination.to_json`) arranged for reading —
deadlines in date order on a timeline, requirements as labelled rows (nested as the law core nests them),
findings by status with citations.
Nothing is decided here; every value shown is the law core's.

The law core's words (verdict, reasons, "counted" sentences, requirement and deadline names, missing items,
the penalty's classification) are `publicassembly.law.messages.Message`s: shown in the page's language with
Django's gettext of their templates (`tr`), in English where the catalog has no translation."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext

from publicassembly.law import labels
from publicassembly.law.jsonable import jsonable
from publicassembly.law.jsonable import number as law_number
from publicassembly.law.labels import DOLLAR_KEYS
from publicassembly.law.messages import translate

STATUS_ORDER = ("not_met", "missing", "needs_review", "met", "not_applicable")


def tr(value: Any) -> Any:
    """`value` in the active language when it holds law-core messages (a message, or a list, tuple or dict of
    them); anything else unchanged."""
    return translate(value, gettext)


def label(key: str) -> str:
    """A JSON key or a missing item's id as words in the active language (`labels.phrase`):
    ``insurance_bodily_injury_min`` → "insurance bodily injury min"; dotted ids join their words with " · " and
    name a list's item by its number from 1: ``petition.2.properties[0].record_owner`` → "petition · 2 ·
    property 1 · record owner" ("petición · 2 · propiedad 1 · propietario registrado" in Spanish)."""
    return str(tr(labels.phrase(key)))


def missing_item(key: str) -> str:
    """A missing item's id as words a member of the public understands, in the active language
    (`labels.missing_item`): ``petition.2.dates`` → "dates, in item (2) of the petition" ("fechas, en el punto
    (2) de la petición" in Spanish)."""
    return str(tr(labels.missing_item(key)))


def correction_note(problem: Any) -> str:
    """The words that mark a record whose facts the law core refuses (a `ValidationFailed`), in the active
    language, with the field named in words rather than by its key: "facts need correction: board decision
    on: …" ("los hechos deben corregirse: fecha de la decisión de la Junta: …"). The pages' form of
    `permits.services.correction_note`."""
    return (gettext("facts need correction: %(field)s: %(message)s")
            % {"field": label(str(problem.field).removeprefix("facts.")), "message": str(tr(problem.detail))})


def condition(n: Any) -> str:
    """A condition of Carmel ch. 31, permit requirements ¶ C(1)-(10), by its number, as "¶ C(n)" (the law's
    own citation) and the facility in the active language: 2 → "¶ C(2) toilets" ("¶ C(2) sanitarios")."""
    from publicassembly.permits.models import CONDITIONS

    field = CONDITIONS.get(int(n))
    if field is None:
        return f"¶ C({n})"
    return f"¶ C({int(n)}) {label(field)}"


def issuer(name: str, town: str) -> str:
    """Who issued a certificate (Mount Pleasant § 164-9: the Building Inspector), as the page's language writes it:
    the name as written and his office in the page's language, "R. Dwyer, Inspector de Edificios"; the office
    once, when the name already says it ("R. Dwyer, building inspector"). A user named after his office and
    town, as the demo's are ("Building Inspector Town of Mount Pleasant, New York"), is named by the office alone,
    in the page's language ("Inspector de Edificios": the town is on the page already). No name: the office."""
    office = "Building Inspector"
    said = " ".join(name.split()).casefold()
    rest = said.replace(office.casefold(), "").replace(" ".join(town.split()).casefold(), "")
    if not rest.strip(" ,"):
        return gettext("Building Inspector")
    return name.strip() if office.casefold() in said else f"{name.strip()}, {gettext('Building Inspector')}"


@dataclass(frozen=True)
class Row:
    """A requirement as a page shows it (``web/_requirements.html``), in the active language: its `label` and
    either its value shown (`value`), the rows of a mapping under it (`rows`: the certificate's "required",
    "issued by" …) or the entries of a list of mappings (`entries`: each a label — the room's name, else "room 1" —
    and its rows)."""

    label: str
    value: str = ""
    rows: tuple[Row, ...] = ()
    entries: tuple[tuple[str, tuple[Row, ...]], ...] = ()


#: The key of an item of a list of requirements that names it (a sign's room): its value labels the item.
_ITEM_NAMES = ("room", "name")


def rows(value: Any) -> list[Row]:
    """The requirements as a person reads them, in the active language: a mapping's keys as words with its
    values, a nested mapping as the rows under its name (the certificate: required, issued by, …), a list of
    mappings as its entries each under its own name (a sign's rooms: "Hall", its lawful occupancy), an answer
    left to an official as "needs review" and an identifier of the law core (an officer, where a count of
    persons comes from, the sign's colours and weight) as words (`labels.value`), money as dollars, yes or no.
    A value not given (null, an empty list or mapping) is left out."""
    if not isinstance(value, dict):
        return []
    out: list[Row] = []
    for k, v in value.items():
        name = label(k)
        if isinstance(v, dict):
            nested = rows(v)
            if nested:
                out.append(Row(name, rows=tuple(nested)))
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            entries = []
            for i, item in enumerate(v, 1):
                by = next((n for n in _ITEM_NAMES if isinstance(item.get(n), str) and item[n]), None)
                each = item[by] if by is not None else str(tr(labels.item(k, i)))
                entries.append((each, tuple(rows({key: x for key, x in item.items() if key != by}))))
            out.append(Row(name, entries=tuple(entries)))
        elif v is not None and v != [] and k in DOLLAR_KEYS and not isinstance(v, bool):
            out.append(Row(name, money(v)))
        elif v is not None and v != []:
            out.append(Row(name, shown(labels.value(k, v))))
    return out


def money(value: Any) -> str:
    """An amount of US dollars (a Decimal, int, float or decimal string) as a page shows it in its language,
    grouped by Django's number format of the active language: "$500,000" and "$1,250.50" in English and in
    Spanish as written in the United States (site/formats/es). Whole dollars are shown without cents."""
    amount = Decimal(str(value))
    places = 0 if amount == amount.to_integral_value() else 2
    grouped = number_format(amount, decimal_pos=places, use_l10n=True, force_grouping=True)
    return gettext("$%(amount)s") % {"amount": grouped}


def number(value: Any) -> str:
    """A count or a measure of the page's own (persons, toilets, parking spaces, inches of a letter) as the
    page's language writes it, with Django's number format of the active language: grouped in thousands and
    with the decimals it was given — 1800 → "1,800", 0.375 → "0.375" (English, and Spanish as written in the
    United States: site/formats/es). A value that is not a number (text, "—") unchanged."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return shown(value)
    try:
        amount = Decimal(str(value))
    except ArithmeticError:
        return str(value)
    if not amount.is_finite():
        return str(value)
    whole = amount == amount.to_integral_value()
    amount = amount.quantize(Decimal(1)) if whole else amount.normalize()
    return number_format(amount, use_l10n=True, force_grouping=True)


def area(value: Any) -> str:
    """An area (square feet or square metres: a Decimal as stored with four places, or the law core's JSON
    number) with the digits the law core shows (`jsonable.number`: at most four places, rounded half to even,
    no trailing zeros; interpretation B-3), written as the page's language writes a number (`number`): grouped
    in thousands — 3000.0000 → "3,000", 4650.5 → "4,650.5", 0.0001 → "0.0001" (English and US Spanish alike).
    None as "—"."""
    if value is None or value == "":
        return "—"
    return number(law_number(Decimal(str(value))))


def shown(value: Any) -> str:
    """A value as shown on a page: "—" for none, yes or no (in the active language), numbers in the page's
    language (`number`), lists joined by commas, law-core messages translated."""
    if value is None:
        return "—"
    if value is True:
        return gettext("yes")
    if value is False:
        return gettext("no")
    if isinstance(value, list):
        return ", ".join(shown(v) for v in value) if value else "—"
    if isinstance(value, (int, float, Decimal)):
        return number(value)
    return str(tr(value))


def deadlines(data: dict[str, Any], as_of: date | None = None) -> list[dict[str, Any]]:
    """The deadlines in date order, each ``{name, label, date, citation, counted, office_closed, act_by, past,
    pos}`` (the citation is that of the finding whose values hold the deadline);
    ``pos`` is its place on the timeline in percent between the earliest and the latest date."""
    items = []
    cites = {}
    for f in data.get("findings", []):
        for key in f.get("values") or {}:
            cites.setdefault(key, f["citation"])
    for name, d in (data.get("deadlines") or {}).items():
        items.append({"name": name, "label": label(name), "date": date.fromisoformat(d["date"]),
                      "citation": cites.get(name, ""),
                      "counted": d.get("counted", ""), "office_closed": d.get("office_closed"),
                      "act_by": date.fromisoformat(d["act_by"]) if d.get("act_by") else None})
    items.sort(key=lambda x: x["date"])
    today = as_of or (date.fromisoformat(data["as_of"]) if data.get("as_of") else date.today())
    if items:
        first, last = min(items[0]["date"], today), max(items[-1]["date"], today)
        span = max((last - first).days, 1)
        for x in items:
            x["past"] = x["date"] < today
            x["pos"] = round(100 * (x["date"] - first).days / span)
    return items


def findings(data: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Findings grouped by status, in `STATUS_ORDER`, each keeping rule, citation, reason and values."""
    groups: dict[str, list[dict[str, Any]]] = {s: [] for s in STATUS_ORDER}
    for f in data.get("findings", []):
        groups.setdefault(f["status"], []).append(f)
    return {s: fs for s, fs in groups.items() if fs}


def _translated_json(determination: Any) -> dict[str, Any]:
    """`determination.to_json()` with the law core's words in the active language (the JSON's own strings are
    English; the determination's objects keep the messages)."""
    data: dict[str, Any] = determination.to_json()
    data["verdict"] = str(tr(determination.verdict))
    for out, finding in zip(data.get("findings", []), determination.findings, strict=True):
        out["reason"] = str(tr(finding.reason))
    for name, legal in (determination.deadlines or {}).items():
        out = data["deadlines"][name]
        out["counted"] = str(tr(legal.counted))
        if "office_closed" in out:
            out["office_closed"] = str(tr(legal.closed))
    if data.get("penalty") and determination.penalty is not None:
        data["penalty"]["classification"] = str(tr(determination.penalty.classification))
    data["requirements"] = jsonable(tr(dict(determination.requirements)))
    return data


def context(determination: Any, leave_out: Any = None) -> dict[str, Any]:
    """Everything the result partial shows, from a `Determination` (its words in the active language) or its
    JSON (shown as it is). `leave_out` (a test of a law-core `Finding`, e.g. Mount Pleasant's `awaits_inspection`) drops the
    findings it holds true for from a `Determination`'s findings; their citations are given as
    ``left_out`` (in the law's order, each once)."""
    data = _translated_json(determination) if hasattr(determination, "to_json") else jsonable(determination)
    left_out: list[str] = []
    if leave_out is not None and hasattr(determination, "to_json"):
        kept = []
        for out, finding in zip(data.get("findings", []), determination.findings, strict=True):
            if leave_out(finding):
                if out["citation"] not in left_out:
                    left_out.append(out["citation"])
            else:
                kept.append(out)
        data["findings"] = kept
    return {
        "left_out": left_out,
        "d": data,
        "requirements": rows(data.get("requirements") or {}),
        "deadlines": deadlines(data),
        "findings": findings(data),
        "missing": [missing_item(m) for m in data.get("missing", [])],
    }
