"""Every rule of both chapters is exercised by the law tests: each rule, run by some test, reaches a decision
(a status other than ``not_applicable``). The law tests run again in a subprocess with a recording plugin."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from publicassembly.law.jurisdictions import all_jurisdictions

LAW_TESTS = Path(__file__).resolve().parents[1]


def test_every_rule_of_both_chapters_is_exercised_by_some_test(tmp_path: Path) -> None:
    log = tmp_path / "rules.json"
    env = {**os.environ, "PUBLICASSEMBLY_RULE_LOG": str(log),
           "PYTHONPATH": os.pathsep.join([str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", str(LAW_TESTS), "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
         "-p", "rule_recorder", "--ignore", str(Path(__file__).parent), "-x"],
        capture_output=True, text=True, env=env, cwd=LAW_TESTS.parent.parent,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    seen: dict[str, list[str]] = json.loads(log.read_text())
    unexercised = []
    for jurisdiction in all_jurisdictions():
        for rule in jurisdiction.rules:
            decisive = set(seen.get(rule.id, [])) - {"not_applicable"}
            if not decisive:
                unexercised.append(f"{rule.id} ({rule.citation}): statuses seen {seen.get(rule.id, [])}")
    assert not unexercised, "rules no test brings to a decision:\n" + "\n".join(unexercised)


def test_every_parameter_carries_a_citation_unit_and_dated_value() -> None:
    for jurisdiction in all_jurisdictions():
        for parameter in jurisdiction.parameters:
            assert parameter.cite.startswith(("Carmel Code ch. 31", "Mount Pleasant Code")), parameter.name
            assert parameter.unit, parameter.name
            assert parameter.values, parameter.name
