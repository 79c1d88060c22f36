"""The text report of a determination (Rich): verdict first, then requirements, occupancy, deadlines as a
timeline, missing items, findings and penalty. Pure rendering: every value comes from the determination."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from decimal import Decimal
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from publicassembly.cli.app import printable
from publicassembly.law import Determination, Status, labels
from publicassembly.law.jsonable import jsonable
from publicassembly.law.labels import DOLLAR_KEYS

STATUS_STYLE = {
    Status.MET: "green",
    Status.NOT_MET: "bold red",
    Status.MISSING: "yellow",
    Status.NEEDS_REVIEW: "magenta",
    Status.NOT_APPLICABLE: "dim",
}

_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

def _text(value: object, **style: Any) -> Text:
    """`value` as Rich text with its control characters shown as escapes (`printable`)."""
    return Text(printable(str(value)), **style)



def _label(key: str) -> str:
    """A key in words, as the PDF report and the pages name it (`labels.label`): ``permit_required`` →
    ``Permit required``, ``letter_height_in`` → ``Letter height (inches)``."""
    text = str(labels.label(key)).strip()
    return text[:1].upper() + text[1:]


def _answer(value: object) -> Text:
    if value is True:
        return _text("yes", style="bold")
    if value is False:
        return _text("no", style="bold")
    if value == "needs_review":
        return _text("needs review (left to an official)", style="magenta")
    return _text(str(value))


def _value(value: Any, indent: str = "", key: str = "") -> str:
    """A requirement's value as plain text: exact numbers, ISO dates, yes/no; an identifier of the law core
    under `key` (an officer, where a count of persons comes from, the sign's colours) in words
    (`labels.value`: ``issued_by: building_inspector`` → "the Building Inspector"), as the PDF report and the
    pages show it; a mapping one "key: value" per line and a list of mappings one "• ..." per item (nested
    values indented)."""
    data = jsonable(value)
    if isinstance(data, bool):
        return "yes" if data else "no"
    if data is None:
        return "—"
    if isinstance(data, list):
        if not data:
            return "none"
        if all(not isinstance(v, dict | list) for v in data):
            return ", ".join(_value(v, key=key) for v in data)
        return "\n".join(f"{indent}• {_value(v, indent + '  ').lstrip()}" for v in data)
    if isinstance(data, dict):
        if not data:
            return "none"
        if all(not isinstance(v, dict | list) for v in data.values()) and len(data) <= 3 and indent:
            return ", ".join(f"{_label(str(k)).lower()}: {_value(v, key=str(k))}" for k, v in data.items())
        lines = []
        for k, v in data.items():
            inner = _value(v, indent + "  ", str(k))
            sep = "\n" if "\n" in inner else " "
            lines.append(f"{indent}{_label(str(k)).lower()}:{sep}{inner}")
        return "\n".join(lines)
    if isinstance(data, int) and not isinstance(data, bool):
        return f"{data:,}"  # (persons, spaces, days: grouped as the law's sentences write them)
    return str(labels.value(key, data))


def dollars(value: Any) -> str:
    """An amount of US dollars as ``$500,000`` (whole dollars) or ``$1,250.50``; None as ``—``."""
    if value is None:
        return "—"
    amount = Decimal(str(jsonable(value)))
    if amount == amount.to_integral_value():
        return f"${amount.quantize(Decimal(1)):,}"
    return f"${amount.quantize(Decimal('0.01')):,}"


def _day(d: date) -> str:
    return f"{_WEEKDAYS[d.weekday()]} {d.isoformat()}"


def _verdict(det: Determination, title: str) -> Panel:
    lines = _text(det.verdict, style="bold")
    facts = []
    if det.permit_required is not None:
        facts.append(Text.assemble("Permit required: ", _answer(det.permit_required)))
    if det.certificate_required is not None:
        facts.append(Text.assemble("Certificate required: ", _answer(det.certificate_required)))
    if det.exemption:
        facts.append(_text(f"Exempt: {det.exemption.get('citation', '')} ({det.exemption.get('rule', '')})"))
    style = "red" if det.with_status(Status.NOT_MET) else ("yellow" if det.missing else "green")
    return Panel(Group(lines, *facts), title=_text(title), title_align="left", border_style=style)


def _requirements(requirements: Mapping[str, Any]) -> Table | None:
    if all(value is None or value == [] or value == {} for value in requirements.values()):  # e.g. exempt
        return None
    table = Table(title="Requirements", title_justify="left", show_header=False, expand=False)
    table.add_column("requirement", style="bold")
    table.add_column("value", overflow="fold")
    for key, value in requirements.items():
        shown = dollars(value) if key in DOLLAR_KEYS and not isinstance(value, bool) else _value(value, key=key)
        table.add_row(_text(_label(key)), _text(shown))
    return table


def _occupancy(det: Determination) -> RenderableType | None:
    occ = det.occupancy
    if occ is None:
        return None
    table = Table(title="Occupancy", title_justify="left")
    table.add_column("space")
    table.add_column("use group")
    table.add_column("area (sq ft)", justify="right")
    table.add_column("occupant load", justify="right")
    for s in occ.spaces:
        # (to the places the JSON shows, B-3, written as batch writes it: 1500, not 1500.0)
        area = "—" if s.area_sq_ft is None else f"{Decimal(str(jsonable(s.area_sq_ft))).normalize():f}"
        load = "—" if s.occupant_load is None else f"{s.occupant_load:,}"
        table.add_row(_text(s.name), _text(labels.phrase(s.use_group)), _text(area), _text(load))
    summary = (Text.assemble("Lawful occupancy: ", (f"{occ.lawful_occupancy:,} persons", "bold"))
               if occ.lawful_occupancy is not None else
               Text.assemble("Lawful occupancy: ", ("not yet computable", "bold"),
                             " (a space's floor area, or a bowling alley's number of alleys, is missing)"))
    if occ.overcrowded is not None:
        summary.append("  overcrowded: ")
        summary.append("yes" if occ.overcrowded else "no", style="bold red" if occ.overcrowded else "green")
    return Group(table, summary)


def _timeline(det: Determination) -> Table | None:
    if not det.deadlines:
        return None
    table = Table(title="Deadlines (in date order)", title_justify="left")
    table.add_column("date", no_wrap=True)
    table.add_column("deadline", style="bold")
    table.add_column("how it was counted", overflow="fold")
    for name, legal in sorted(det.deadlines.items(), key=lambda item: (item[1].date, item[0])):
        when = _text(_day(legal.date))
        if legal.closed:
            when.append(f"\noffice closed ({legal.closed})", style="bold yellow")
            if legal.act_by and legal.act_by != legal.date:
                when.append(f"\nact by {_day(legal.act_by)}", style="bold")
        table.add_row(when, _text(_label(name)), _text(legal.counted))
    return table


def _missing(items: Iterable[str]) -> RenderableType | None:
    items = list(items)
    if not items:
        return None
    text = _text("Missing items", style="bold yellow")
    for item in items:
        text.append(printable(f"\n  • {labels.missing_item(item)}"), style="")  # in words, as the pages say it
    return text


def _findings(det: Determination) -> Table | None:
    if not det.findings:
        return None
    table = Table(title="Findings", title_justify="left")
    table.add_column("status", no_wrap=True)
    table.add_column("citation · rule", overflow="fold", ratio=2)
    table.add_column("reason", overflow="fold", ratio=3)
    for f in det.findings:
        where = _text(f.citation)
        where.append(f"\n{f.rule}", style="dim")
        table.add_row(_text(_label(f.status.value).lower(), style=STATUS_STYLE.get(f.status, "")), where,
                      _text(f.reason))
    return table


def _penalty(det: Determination) -> Text | None:
    p = det.penalty
    if p is None:
        return None
    text = _text("Penalty", style="bold")
    if p.offense_number is not None:
        text.append(f"\n  offense number: {p.offense_number}")
    text.append(f"\n  separate violations: {p.violations}")
    text.append(f"\n  fine: {dollars(p.min_fine)} to {dollars(p.max_fine)}")
    if p.max_jail_days is not None:
        text.append(f"\n  imprisonment: up to {p.max_jail_days} days")
    if p.max_jail_months is not None:
        text.append(f"\n  imprisonment: up to {p.max_jail_months} months")
    text.append(f"\n  classification: {p.classification}")
    if p.citation:
        text.append(f"\n  {p.citation}")
    return text


def render(det: Determination, *, source: str, jurisdiction_name: str, as_of_source: str) -> list[RenderableType]:
    """The parts of the report of one determination, in order. `source` is the file name; `as_of_source`
    says where the date came from (``--as-of``, ``the case file``, ``today``)."""
    parts: list[RenderableType] = [
        Rule(style="dim"),
        _text(source, style="bold", no_wrap=True, overflow="ignore"),  # the whole file name, never cut or folded
        _text(jurisdiction_name),
        _text(f"{_label(det.subject)}, as of {_day(det.as_of)} (the date from {as_of_source})"),
        _verdict(det, "Verdict"),
    ]
    for part in (_requirements(det.requirements), _occupancy(det), _timeline(det), _missing(det.missing),
                 _findings(det), _penalty(det)):
        if part is not None:
            parts.append(part)
    return parts


def print_report(console: Console, det: Determination, **kwargs: str) -> None:
    """Print the report of `det` on `console` (see `render` for the keyword arguments)."""
    for part in render(det, **kwargs):
        # soft wrap for plain lines, so a long file name is printed whole rather than folded mid-name
        console.print(part, soft_wrap=isinstance(part, Text))
    console.print()
