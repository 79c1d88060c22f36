"""Presenting a determination on a page: the law core's JSON (`Determination.to_json`) arranged for reading —
deadlines in date order on a timeline, requirements as labelled rows, findings by status with citations.
Nothing is decided here; every value shown is the law core's."""

from __future__ import annotations

from datetime import date
from typing import Any

from publicassembly.law.jsonable import jsonable

STATUS_ORDER = ("not_met", "missing", "needs_review", "met", "not_applicable")


def label(key: str) -> str:
    """A JSON key as words: ``insurance_bodily_injury_min`` → ``insurance bodily injury min``."""
    return str(key).replace("_", " ").replace(".", " · ")


def rows(value: Any, prefix: str = "") -> list[tuple[str, str]]:
    """Flatten requirements into (label, shown value) rows; nested mappings join their keys."""
    out: list[tuple[str, str]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            name = f"{prefix} · {label(k)}" if prefix else label(k)
            if isinstance(v, dict):
                out += rows(v, name)
            elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
                for i, item in enumerate(v, 1):
                    out += rows(item, f"{name} {i}")
            elif v is not None and v != []:
                out.append((name, shown(v)))
    return out


def shown(value: Any) -> str:
    if value is None:
        return "—"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, list):
        return ", ".join(shown(v) for v in value) if value else "—"
    return str(value)


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


def context(determination: Any) -> dict[str, Any]:
    """Everything the result partial shows, from a `Determination` or its JSON."""
    data = determination.to_json() if hasattr(determination, "to_json") else jsonable(determination)
    return {
        "d": data,
        "requirements": rows(data.get("requirements") or {}),
        "deadlines": deadlines(data),
        "findings": findings(data),
        "missing": [label(m) for m in data.get("missing", [])],
    }
