"""A pytest plugin that records which rule produced which statuses while the law tests run.

Loaded only by `test_every_rule_is_exercised.py`, in a pytest subprocess over tests/law; it writes
``{rule id: [statuses]}`` as JSON to the file named by PUBLICASSEMBLY_RULE_LOG.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict

from publicassembly.law.core import Rule

_seen: dict[str, set[str]] = defaultdict(set)
_original_call = Rule.__call__


def _recording_call(self: Rule, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
    finding = _original_call(self, *args, **kwargs)
    _seen[self.id].add(finding.status.value)
    return finding


def pytest_configure(config):  # type: ignore[no-untyped-def]
    Rule.__call__ = _recording_call  # type: ignore[method-assign]


def pytest_sessionfinish(session, exitstatus):  # type: ignore[no-untyped-def]
    Rule.__call__ = _original_call  # type: ignore[method-assign]
    path = os.environ.get("PUBLICASSEMBLY_RULE_LOG")
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump({rule: sorted(statuses) for rule, statuses in _seen.items()}, fh)
