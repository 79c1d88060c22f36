"""The determination report: what the law core found of one case, as a PDF — the verdict, the deadlines on a
timeline, the occupant load of each space as a bar chart, the missing items, every finding with its citation,
and the penalty range."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from reportlab.graphics.charts.barcharts import HorizontalBarChart
from reportlab.graphics.shapes import Circle, Drawing, Line, String
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer

from publicassembly.documents.pdf import typeface
from publicassembly.documents.pdf._common import (
    CONTENT_WIDTH,
    FONT,
    build,
    esc,
    fit_line,
    long_date,
    p,
    table,
)
from publicassembly.law.determination import Determination
from publicassembly.law.labels import DOLLAR_KEYS


def _as_json(determination: Determination | dict[str, Any]) -> dict[str, Any]:
    if isinstance(determination, Determination):
        return determination.to_json()
    from publicassembly.documents.determination_json import check_determination_json

    return check_determination_json(determination)


class RowsDrawing(Flowable):
    """A drawing of rows — a timeline's deadlines, a bar chart's spaces — that is split between its rows across
    pages, as a table is: each part drawn by `make` (``make(start, end)``: the `Drawing` of rows ``start`` to
    ``end - 1``), as many rows on a page as fit there (at least one: a single row always fits a page). A
    ReportLab `Drawing` is laid out whole, so a chart of more rows than a page holds made the report fail
    (interpretation D-13)."""

    def __init__(self, count: int, make: Callable[[int, int], Drawing], *, base: float, row: float,
                 start: int = 0, end: int | None = None) -> None:
        super().__init__()
        self.count, self.make, self.base, self.row = count, make, base, row
        self.start, self.end = start, count if end is None else end
        self._drawing: Drawing | None = None

    def height_of(self, rows: int) -> float:
        """The height (points) of a part of `rows` rows."""
        return self.base + self.row * rows

    def drawing(self) -> Drawing:
        """The drawing of this part's rows."""
        if self._drawing is None:
            self._drawing = self.make(self.start, self.end)
        return self._drawing

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803 (ReportLab's names)
        d = self.drawing()
        self.width, self.height = d.width, d.height
        return d.width, d.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        rows = int((availHeight - self.base) // self.row) if availHeight > self.base else 0
        rows = min(rows, self.end - self.start - 1)
        if rows < 1:
            return []
        middle = self.start + rows
        return [RowsDrawing(self.count, self.make, base=self.base, row=self.row, start=self.start, end=middle),
                RowsDrawing(self.count, self.make, base=self.base, row=self.row, start=middle, end=self.end)]

    def draw(self) -> None:
        self.drawing().drawOn(self.canv, 0, 0)


def part_title(title: str, start: int, end: int, count: int, what: str = "") -> str:
    """The title of a part of a drawing split across pages: ``Occupant load (persons): spaces 26 to 50 of
    1,000`` (`what` the items), ``Deadlines 1 to 20 of 40`` (without); of the whole, `title` alone."""
    if start == 0 and end == count:
        return title
    return f"{title}{': ' + what if what else ''} {start + 1:,} to {end:,} of {count:,}"


def deadline_timeline(deadlines: dict[str, dict[str, Any]], as_of: date, width: float = CONTENT_WIDTH,
                      ) -> RowsDrawing:
    """The deadlines on a time axis, each a dot with its name and date; the determination's date marked. Split
    across pages between deadlines (`RowsDrawing`), each part on the same axis (the same first and last day)
    and saying which deadlines it holds."""
    items = sorted(((date.fromisoformat(v["date"]), name) for name, v in deadlines.items()))
    days = [when for when, _ in items] + [as_of]
    first, last = min(days), max(days)
    span = max((last - first).days, 1)
    left, right = 10.0, width - 10.0
    row, titled = 26, 14  # (a part's title above the axis: the whole timeline has none)

    def x(when: date) -> float:
        return left + (right - left) * (when - first).days / span

    def make(start: int, end: int) -> Drawing:
        part = items[start:end]
        whole = start == 0 and end == len(items)
        height = 40 + row * len(part) + (0 if whole else titled)
        d = Drawing(width, height)
        if not whole:
            d.add(String(width / 2, height - 10, part_title("Deadlines", start, end, len(items)),
                         fontName=FONT, fontSize=9, textAnchor="middle"))
        axis_y = height - 20 - (0 if whole else titled)
        d.add(Line(left, axis_y, right, axis_y, strokeColor=colors.black, strokeWidth=1))
        d.add(Line(x(as_of), axis_y - 6, x(as_of), axis_y + 6, strokeColor=colors.blue, strokeWidth=2))
        d.add(String(x(as_of), axis_y + 8, f"as of {as_of.isoformat()}", fontName=FONT, fontSize=7,
                     fillColor=colors.blue, textAnchor="middle"))
        for i, (when, name) in enumerate(part):
            cx = x(when)
            y = axis_y - row * (i + 1)
            d.add(Line(cx, axis_y, cx, y + 4, strokeColor=colors.grey, strokeWidth=0.5))
            d.add(Circle(cx, axis_y, 3, fillColor=colors.red, strokeColor=colors.red))
            anchor = "end" if cx > width * 0.6 else "start"
            d.add(String(cx, y, typeface.one_line(f"{words(name)}: {when.isoformat()}"), fontName=FONT,
                         fontSize=8, textAnchor=anchor))
        return d

    return RowsDrawing(len(items), make, base=40 + titled, row=row)


def occupancy_chart(spaces: list[dict[str, Any]], width: float = CONTENT_WIDTH) -> RowsDrawing:
    """The occupant load (persons) of each space as a horizontal bar chart, each bar labelled with its
    number, the spaces from the top in the order of the case. Split across pages between spaces
    (`RowsDrawing`), each part on the same scale (the same greatest value) and saying which spaces it holds."""
    bar = 22
    greatest = max((s["occupant_load"] for s in spaces), default=0)

    def make(start: int, end: int) -> Drawing:
        part = spaces[start:end]
        height = 40 + bar * len(part)
        d = Drawing(width, height)
        chart = HorizontalBarChart()
        chart.x, chart.y = 150, 20
        chart.width, chart.height = width - 200, bar * len(part)
        chart.data = [[s["occupant_load"] for s in part]]
        # a long name is cut with "..." to the labels' 140 points (the table below states it whole)
        chart.categoryAxis.categoryNames = [fit_line(typeface.one_line(str(s["name"])), FONT, 8, chart.x - 10)
                                            for s in part]
        chart.categoryAxis.reverseDirection = 1  # the first space at the top, the next part below it
        chart.categoryAxis.labels.fontName = FONT
        chart.categoryAxis.labels.fontSize = 8
        chart.valueAxis.valueMin = 0
        if greatest > 0:  # (every part on one scale)
            chart.valueAxis.valueMax = greatest
        chart.valueAxis.labels.fontName = FONT
        chart.valueAxis.labels.fontSize = 7
        chart.bars[0].fillColor = colors.HexColor("#4a7ab0")
        chart.barLabelFormat = "%d"
        chart.barLabels.nudge = 10
        chart.barLabels.fontName = FONT
        chart.barLabels.fontSize = 8
        d.add(chart)
        d.add(String(width / 2, height - 10,
                     part_title("Occupant load (persons)", start, end, len(spaces), "spaces"),
                     fontName=FONT, fontSize=9, textAnchor="middle"))
        return d

    return RowsDrawing(len(spaces), make, base=40, row=bar)


#: The parts of a determination's JSON the report prints (with each finding's status, reason, citation and
#: rule; not its ``values``).
PRINTED = ("jurisdiction", "subject", "verdict", "permit_required", "certificate_required", "exemption",
           "requirements", "occupancy", "deadlines", "missing", "penalty")

#: What each subject of the law core is, for the report's title.
SUBJECT_WORDS = {"event": "an assembly", "venue": "a place of assembly"}

#: A finding's status in words.
STATUS_WORDS = {"met": "met", "not_met": "not met", "missing": "missing", "needs_review": "needs review",
                "not_applicable": "not applicable"}


def dollars(value: Any) -> str:
    """An amount of US dollars as ``$500,000`` (whole dollars) or ``$1,250.50``."""
    from decimal import Decimal

    amount = Decimal(str(value))
    if amount == amount.to_integral_value():
        return f"${amount.quantize(Decimal(1)):,}"
    return f"${amount.quantize(Decimal('0.01')):,}"


def shown(value: Any) -> str:
    """A number grouped in thousands (``1,000``; a measure keeps its decimals: ``0.375``; a zero of either sign,
    ``-0.0``, is ``0``), or the value's text."""
    from decimal import Decimal

    if isinstance(value, bool):
        return answer(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float | Decimal):
        number = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
        return "0" if number.is_zero() else f"{number.normalize():,f}"
    return str(value)


def _stated(value: Any, absent: str = "not stated", then: Any = shown) -> str:
    """A penalty's value in words (`then`), or `absent` for null: never Python's "None" (Carmel counts no offense
    number; an edited determination may lack a classification or citation)."""
    return absent if value is None else str(then(value))


def words(key: str) -> str:
    """A key of the law core as words (`publicassembly.law.labels.phrase`): ``insurance_bodily_injury_min`` →
    "insurance bodily injury min"."""
    from publicassembly.law import labels

    return str(labels.phrase(str(key)))


def answer(value: Any) -> str:
    """A determination's value in words: yes / no / needs review / not asked by this chapter; a mapping or list
    as "key: value" lines (nested values likewise), with the keys in words."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "not asked by this chapter"
    if value == "needs_review":
        return "needs review by an official"
    if isinstance(value, dict):
        return "; ".join(f"{words(k)}: {answer(v) if v is not None else '—'}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(answer(v) for v in value) or "none"
    return shown(value)


def requirement_rows(value: Any, prefix: str = "") -> list[list[object]]:
    """The requirements as (name, value) rows in words: nested mappings join their keys with " · ", a list of
    mappings gives each item's rows under its name ("sign · room 1 · room"), money is ``$500,000``, an
    identifier of the law core (an officer, the sign's colour) is its words (`publicassembly.law.labels.value`)."""
    from publicassembly.law import labels

    out: list[list[object]] = []
    for k, v in (value or {}).items():
        name = f"{prefix} · {words(k)}" if prefix else words(k)
        if isinstance(v, dict):
            out += requirement_rows(v, name)
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for i, item in enumerate(v, 1):
                each = str(labels.item(k, i))
                out += requirement_rows(item, f"{prefix} · {each}" if prefix else each)
        elif v is None or v == []:
            out.append([name, "—"])
        elif k in DOLLAR_KEYS and not isinstance(v, bool):
            out.append([name, dollars(v)])
        elif isinstance(v, list):
            out.append([name, ", ".join(str(labels.value(k, x)) for x in v)])
        else:
            out.append([name, shown(labels.value(k, v))])
    return out


#: The width (points) of a rule's id in the findings' table (its cell's padding aside).
RULE_WIDTH = 2.1 * inch - 12


def rule_lines(rule: str, width: float, size: float = 7) -> str:
    """A rule's id (``mount-pleasant/164-9/certificate-lawful-occupancy``) as Paragraph markup broken only after
    its slashes, so that no line is wider than `width` points where a segment allows it: a table cell then
    never breaks it inside a word."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines: list[str] = []
    for segment in rule.split("/"):
        piece = segment if not lines else "/" + segment
        if lines and stringWidth(lines[-1] + piece, FONT, size) <= width:
            lines[-1] += piece
        elif lines:
            lines[-1] += "/"
            lines.append(segment)
        else:
            lines.append(segment)
    return "<br/>".join(esc(line) for line in lines)


def _town(jurisdiction: str) -> tuple[str, str]:
    """The jurisdiction's name and code (``Town of Carmel, New York``, ``Carmel Code ch. 31, ...``), else the
    id as given."""
    from publicassembly.law import jurisdictions

    try:
        j = jurisdictions.get(jurisdiction)
    except Exception:  # an unknown id is shown as given
        return jurisdiction, ""
    return j.name, j.code


def _exemption(exemption: Any, findings: list[dict[str, Any]]) -> str:
    """The exemption in words: its finding's reason and citation (``none`` without one)."""
    if not exemption:
        return "none"
    reason = next((str(f.get("reason") or "") for f in findings if f.get("rule") == exemption.get("rule")), "")
    citation = str(exemption.get("citation") or "")
    return f"{reason} ({citation})" if reason else citation or str(exemption.get("rule"))


def render_report(determination: Determination | dict[str, Any], *, title: str = "", case_name: str = "",
                  unnamed: str = "not named in the case file") -> bytes:
    """The report of a determination (a `Determination` or its ``to_json()`` object) as PDF bytes, headed by
    `case_name` (the event's or the venue's name, as the case file gives it; `unnamed` says why there is none)
    and the town's name; ids of the law core are in words, money in dollars (``$500,000``), areas in square feet
    and loads in persons.

    Raises ValueError naming each field of the JSON form that is missing or wrong, one per line, and
    `typeface.UnprintableText` (a ValueError) naming each text printed that the typeface cannot print."""
    from publicassembly.documents.pdf.certificate import use_group_name

    data = _as_json(determination)
    typeface.check({"title": title, "case_name": case_name, **{k: data.get(k) for k in PRINTED},
                    "findings": [{k: f.get(k) for k in ("status", "reason", "citation", "rule")}
                                 for f in data["findings"]]})
    as_of = date.fromisoformat(data["as_of"])
    subject = SUBJECT_WORDS.get(str(data["subject"]), words(str(data["subject"])))
    name = (case_name or "").strip()
    heading = title or (f"Determination: {name}" if name else f"Determination of the case of {subject}")
    town, code = _town(str(data["jurisdiction"]))
    exemption = data.get("exemption")
    story: list[Any] = [
        p(esc(heading), "title"),
        p(f"{esc(subject[:1].upper() + subject[1:])} under the law of the "
          f"{esc(town)}{' (' + esc(code) + ')' if code else ''}<br/>as of {long_date(as_of)}", "subtitle"),
        table([["Case", name or unnamed],
               ["Verdict", str(data["verdict"])],
               ["Permit required", answer(data.get("permit_required"))],
               ["Certificate required", answer(data.get("certificate_required"))],
               ["Exemption", _exemption(exemption, data["findings"])]],
              widths=[1.8 * inch, 5.2 * inch], header=False),
    ]
    deadlines = data.get("deadlines") or {}
    if deadlines:
        story += [p("Deadlines", "h2"), deadline_timeline(deadlines, as_of)]
        rows: list[list[object]] = [["Deadline", "Last day", "How it was counted"]]
        for key, v in sorted(deadlines.items(), key=lambda kv: kv[1]["date"]):
            last = v["date"]
            if v.get("act_by") and v["act_by"] != v["date"]:
                last += f" (office closed: act by {v['act_by']})"
            rows.append([words(key), last, v.get("counted", "")])
        story.append(table(rows, widths=[1.6 * inch, 1.5 * inch, 3.9 * inch]))
    occupancy = data.get("occupancy")
    if occupancy:
        story += [p("Occupancy", "h2")]
        if occupancy.get("spaces"):
            story.append(occupancy_chart(occupancy["spaces"]))
            rows = [["Space", "Use group", "Floor area (sq ft)", "Occupant load (persons)"]]
            for s in occupancy["spaces"]:
                area = "" if s.get("area_sq_ft") is None else shown(s["area_sq_ft"])
                rows.append([p(esc(s["name"]), "small"), use_group_name(str(s["use_group"])), area,
                             shown(s["occupant_load"])])
            story.append(table(rows, widths=[2.2 * inch, 2.3 * inch, 1.3 * inch, 1.2 * inch]))
        if occupancy.get("lawful_occupancy") is None:
            story.append(p("<b>Lawful occupancy: not yet computable</b> (a space's floor area, or a bowling alley's "
                           "number of alleys, is missing)"))
        else:
            story.append(p(f"<b>Lawful occupancy: {shown(occupancy['lawful_occupancy'])} persons</b>"))
        if occupancy.get("overcrowded") is not None:
            story.append(p(f"Overcrowded: {'yes' if occupancy['overcrowded'] else 'no'}"))
    if data.get("requirements"):
        story.append(p("Requirements", "h2"))
        story.append(table([["Requirement", "Value"], *requirement_rows(data["requirements"])],
                           widths=[2.5 * inch, 4.5 * inch]))
    missing = data.get("missing") or []
    story.append(p("Missing items", "h2"))
    if missing:
        from publicassembly.law import labels

        story.append(p(esc("; ".join(str(labels.missing_item(str(m))) for m in missing))))
    else:
        story.append(p("No item is missing."))
    penalty = data.get("penalty")
    if penalty:
        jail = ", ".join(x for x in (f"{penalty['max_jail_days']} days" if penalty.get("max_jail_days") else "",
                                     f"{penalty['max_jail_months']} months" if penalty.get("max_jail_months")
                                     else "") if x) or "none"
        story += [p("Penalty", "h2"),
                  table([["Offense number", _stated(penalty.get("offense_number"), "not counted by this chapter")],
                         ["Violations", _stated(penalty.get("violations"))],
                         ["Fine", f"{dollars(penalty['min_fine'])} to {dollars(penalty['max_fine'])}"],
                         ["Imprisonment (maximum)", jail],
                         ["Classification", _stated(penalty.get("classification"), then=words)],
                         ["Citation", _stated(penalty.get("citation"))]],
                        widths=[1.8 * inch, 5.2 * inch], header=False)]
    story += [p("Findings", "h2")]
    rows = [["Status", "Finding", "Citation and rule"]]
    for f in data["findings"]:
        status = str(f["status"])
        rows.append([STATUS_WORDS.get(status, words(status)), str(f.get("reason", "")),
                     p(f"{esc(f['citation'])}<br/><font size=7 color='#555555'>"
                       f"{rule_lines(str(f['rule']), RULE_WIDTH)}</font>", "cell")])
    # the status column holds "not applicable" on one line (9-point DejaVu Sans, its padding aside)
    story.append(table(rows, widths=[1.1 * inch, 3.8 * inch, RULE_WIDTH + 12]))
    story.append(Spacer(1, 8))
    story.append(p("A determination applies the law to the facts given; where a finding says \"needs review\" "
                   "the law leaves the question to an official.", "small"))
    return build(story, title=heading, subject=town)


def _dec(value: Any) -> Any:
    from decimal import Decimal

    return Decimal(str(value))
