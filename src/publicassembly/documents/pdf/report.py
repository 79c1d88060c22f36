"""The determination report: what the law core found of one case, as a PDF — the verdict, the deadlines on a
timeline, the occupant load of each space as a bar chart, the missing items, every finding with its citation,
and the penalty range."""

from __future__ import annotations

from datetime import date
from typing import Any

from reportlab.graphics.charts.barcharts import HorizontalBarChart
from reportlab.graphics.shapes import Circle, Drawing, Line, String
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.platypus import Spacer

from publicassembly.documents.pdf._common import (
    CONTENT_WIDTH,
    build,
    esc,
    fit_line,
    long_date,
    money,
    p,
    table,
)
from publicassembly.law.determination import Determination

REQUIRED_KEYS = ("jurisdiction", "as_of", "subject", "verdict", "findings")


def _as_json(determination: Determination | dict[str, Any]) -> dict[str, Any]:
    data = determination.to_json() if isinstance(determination, Determination) else determination
    if not isinstance(data, dict):
        raise ValueError(f"determination: expected a Determination or its to_json() object, "
                         f"got {type(data).__name__}")
    for key in REQUIRED_KEYS:
        if key not in data:
            raise ValueError(f"determination.{key}: is required (the keys of Determination.to_json())")
    return data


def deadline_timeline(deadlines: dict[str, dict[str, Any]], as_of: date, width: float = CONTENT_WIDTH) -> Drawing:
    """The deadlines on a time axis, each a dot with its name and date; the determination's date marked."""
    items = sorted(((date.fromisoformat(v["date"]), name) for name, v in deadlines.items()))
    row = 26
    height = 40 + row * len(items)
    d = Drawing(width, height)
    days = [when for when, _ in items] + [as_of]
    first, last = min(days), max(days)
    span = max((last - first).days, 1)
    left, right = 10.0, width - 10.0
    axis_y = height - 20

    def x(when: date) -> float:
        return left + (right - left) * (when - first).days / span

    d.add(Line(left, axis_y, right, axis_y, strokeColor=colors.black, strokeWidth=1))
    d.add(Line(x(as_of), axis_y - 6, x(as_of), axis_y + 6, strokeColor=colors.blue, strokeWidth=2))
    d.add(String(x(as_of), axis_y + 8, f"as of {as_of.isoformat()}", fontSize=7, fillColor=colors.blue,
                 textAnchor="middle"))
    for i, (when, name) in enumerate(items):
        cx = x(when)
        y = axis_y - row * (i + 1)
        d.add(Line(cx, axis_y, cx, y + 4, strokeColor=colors.grey, strokeWidth=0.5))
        d.add(Circle(cx, axis_y, 3, fillColor=colors.red, strokeColor=colors.red))
        anchor = "end" if cx > width * 0.6 else "start"
        d.add(String(cx, y, f"{name}: {when.isoformat()}", fontSize=8, textAnchor=anchor))
    return d


def occupancy_chart(spaces: list[dict[str, Any]], width: float = CONTENT_WIDTH) -> Drawing:
    """The occupant load (persons) of each space as a horizontal bar chart, each bar labelled with its
    number."""
    bar = 22
    height = 40 + bar * len(spaces)
    d = Drawing(width, height)
    chart = HorizontalBarChart()
    chart.x, chart.y = 150, 20
    chart.width, chart.height = width - 200, bar * len(spaces)
    chart.data = [[s["occupant_load"] for s in spaces]]
    # a long name is cut with "..." to the labels' 140 points (the table below states it whole)
    chart.categoryAxis.categoryNames = [fit_line(str(s["name"]), "Helvetica", 8, chart.x - 10) for s in spaces]
    chart.categoryAxis.labels.fontSize = 8
    chart.valueAxis.valueMin = 0
    chart.valueAxis.labels.fontSize = 7
    chart.bars[0].fillColor = colors.HexColor("#4a7ab0")
    chart.barLabelFormat = "%d"
    chart.barLabels.nudge = 10
    chart.barLabels.fontSize = 8
    d.add(chart)
    d.add(String(width / 2, height - 10, "Occupant load (persons)", fontSize=9, textAnchor="middle"))
    return d


def answer(value: Any) -> str:
    """A determination's value in words: yes / no / needs review / not asked by this chapter; a mapping or list
    as "key: value" lines (nested values likewise), with the keys' underscores read as spaces."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "not asked by this chapter"
    if value == "needs_review":
        return "needs review by an official"
    if isinstance(value, dict):
        return "; ".join(f"{str(k).replace('_', ' ')}: {answer(v) if v is not None else '—'}"
                         for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(answer(v) for v in value) or "none"
    return str(value)


def render_report(determination: Determination | dict[str, Any], *, title: str = "") -> bytes:
    """The report of a determination (a `Determination` or its ``to_json()`` object) as PDF bytes.

    Raises ValueError naming a missing key of the JSON form."""
    data = _as_json(determination)
    as_of = date.fromisoformat(data["as_of"])
    heading = title or f"Determination of the {data['subject']} case"
    story: list[Any] = [
        p(heading, "title"),
        p(f"{esc(data['jurisdiction'])}<br/>as of {long_date(as_of)}", "subtitle"),
        table([["Verdict", str(data["verdict"])],
               ["Permit required", answer(data.get("permit_required"))],
               ["Certificate required", answer(data.get("certificate_required"))],
               ["Exemption", (f"{data['exemption'].get('rule')} ({data['exemption'].get('citation')})"
                              if data.get("exemption") else "none")]],
              widths=[1.8 * inch, 5.2 * inch], header=False),
    ]
    deadlines = data.get("deadlines") or {}
    if deadlines:
        story += [p("Deadlines", "h2"), deadline_timeline(deadlines, as_of)]
        rows: list[list[object]] = [["Deadline", "Last day", "How it was counted"]]
        for name, v in sorted(deadlines.items(), key=lambda kv: kv[1]["date"]):
            last = v["date"]
            if v.get("act_by") and v["act_by"] != v["date"]:
                last += f" (office closed: act by {v['act_by']})"
            rows.append([name, last, v.get("counted", "")])
        story.append(table(rows, widths=[1.6 * inch, 1.5 * inch, 3.9 * inch]))
    occupancy = data.get("occupancy")
    if occupancy:
        story += [p("Occupancy", "h2")]
        if occupancy.get("spaces"):
            story.append(occupancy_chart(occupancy["spaces"]))
            rows = [["Space", "Use group", "Floor area (sq ft)", "Occupant load"]]
            for s in occupancy["spaces"]:
                area = "" if s.get("area_sq_ft") is None else str(s["area_sq_ft"])
                rows.append([p(esc(s["name"]), "small"), str(s["use_group"]), area, str(s["occupant_load"])])
            story.append(table(rows, widths=[2.2 * inch, 2.3 * inch, 1.3 * inch, 1.2 * inch]))
        story.append(p(f"<b>Lawful occupancy: {occupancy['lawful_occupancy']} persons</b>"))
        if occupancy.get("overcrowded") is not None:
            story.append(p(f"Overcrowded: {'yes' if occupancy['overcrowded'] else 'no'}"))
    if data.get("requirements"):
        story.append(p("Requirements", "h2"))
        story.append(table([["Requirement", "Value"]] + [[str(k).replace("_", " "), answer(v) if v is not None else "—"]
                                                   for k, v in data["requirements"].items()],
                           widths=[2.5 * inch, 4.5 * inch]))
    missing = data.get("missing") or []
    story.append(p("Missing items", "h2"))
    story.append(p(esc(", ".join(missing)) if missing else "No item is missing."))
    penalty = data.get("penalty")
    if penalty:
        jail = ", ".join(x for x in (f"{penalty['max_jail_days']} days" if penalty.get("max_jail_days") else "",
                                     f"{penalty['max_jail_months']} months" if penalty.get("max_jail_months")
                                     else "") if x) or "none"
        story += [p("Penalty", "h2"),
                  table([["Offense number", str(penalty.get("offense_number"))],
                         ["Violations", str(penalty.get("violations"))],
                         ["Fine", f"{money(_dec(penalty['min_fine']))} to {money(_dec(penalty['max_fine']))}"],
                         ["Imprisonment (maximum)", jail],
                         ["Classification", str(penalty.get("classification"))],
                         ["Citation", str(penalty.get("citation"))]],
                        widths=[1.8 * inch, 5.2 * inch], header=False)]
    story += [p("Findings", "h2")]
    rows = [["Rule", "Status", "Citation", "Reason"]]
    for f in data["findings"]:
        rows.append([str(f["rule"]), str(f["status"]), str(f["citation"]), str(f.get("reason", ""))])
    story.append(table(rows, widths=[1.6 * inch, 0.9 * inch, 1.6 * inch, 2.9 * inch]))
    story.append(Spacer(1, 8))
    story.append(p("A determination applies the law to the facts given; where a finding says needs_review the "
                   "law leaves the question to an official.", "small"))
    return build(story, title=heading, subject=str(data["jurisdiction"]))


def _dec(value: Any) -> Any:
    from decimal import Decimal

    return Decimal(str(value))
