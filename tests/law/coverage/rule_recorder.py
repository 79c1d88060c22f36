"""A pytest plugin that records which rule produced which statuses while the law tests run.

Loaded only by `test_every_rule_is_exercised.py`, in a pytest subprocess over tests/law; it writes
``{rule id: [statuses]}`` as JSON to the file named by PUBLICASSEMBLY_RULE_LOG. Each rule's function is
wrapped (the determinations call ``rule.func`` directly, not the `Rule` itself).
"""

from __future__ import annotations

import functools
import json
import os
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from publicassembly.law import jurisdictions
from publicassembly.law.core import Finding, Rule

_seen: dict[str, set[str]] = defaultdict(set)
_originals: list[tuple[Rule, Callable[..., Finding]]] = []


def _recording(rule: Rule, func: Callable[..., Finding]) -> Callable[..., Finding]:
    @functools.wraps(func)
    def call(*args: Any, **kwargs: Any) -> Finding:
        finding = func(*args, **kwargs)
        _seen[rule.id].add(finding.status.value)
        return finding
    return call


def pytest_configure(config):  # type: ignore[no-untyped-def]
    for jurisdiction in jurisdictions.all_jurisdictions():
        for rule in jurisdiction.rules:
            _originals.append((rule, rule.func))
            object.__setattr__(rule, "func", _recording(rule, rule.func))  # (a frozen dataclass)


def pytest_sessionfinish(session, exitstatus):  # type: ignore[no-untyped-def]
    for rule, func in _originals:
        object.__setattr__(rule, "func", func)
    path = os.environ.get("PUBLICASSEMBLY_RULE_LOG")
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump({rule: sorted(statuses) for rule, statuses in _seen.items()}, fh)
