"""Test helper: a case as it stood on an earlier day, without the facts of what happened after it (G-10)."""

from __future__ import annotations

import copy
import re
from typing import Any

from publicassembly.law.cases import happened_dates, parse_case

_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def as_it_stood(data: dict[str, Any], as_of: str) -> dict[str, Any]:
    """A copy of case `data` without each date of something that happened (`units.HappenedDate`) after `as_of`
    (``YYYY-MM-DD``): the law core refuses those on that day (interpretation G-10)."""
    out = copy.deepcopy(data)
    for field, day in happened_dates(parse_case(data).facts):
        if day.isoformat() > as_of:
            parts = [name if name else int(index) for name, index in _PART.findall(field)]
            node: Any = out
            for part in parts[:-1]:
                node = node[part]
            del node[parts[-1]]
    return out
