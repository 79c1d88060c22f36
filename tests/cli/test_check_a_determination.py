"""`publicassembly check` given a determination (what ``check --format json`` writes) instead of a case file says
so in one line and how to print it (``publicassembly report``), rather than refusing each of its keys as a fact;
a case file with an unknown fact is still told field by field."""

from __future__ import annotations

import json
from pathlib import Path

from publicassembly.cli import app

ROOT = Path(__file__).resolve().parents[2]


def test_a_determination_given_to_check_is_named_and_sent_to_report(runner, tmp_path):
    made = runner.invoke(app, ["check", str(ROOT / "examples" / "carmel-county-fair.yaml"), "--format", "json"])
    assert made.exit_code == 0, made.output
    path = tmp_path / "fair-determination.json"
    path.write_text(made.stdout, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert lines == [f"publicassembly: error: {path}: this is a determination (it has verdict, findings, "
                     "requirements), what check --format json writes, not a case file; print it with: "
                     f"publicassembly report {path} -o report.pdf"], result.stderr


def test_a_case_with_an_unknown_fact_is_still_told_by_field(runner, tmp_path):
    path = tmp_path / "case.json"
    path.write_text(json.dumps({"jurisdiction": "carmel-ny", "subject": "event", "penalties": 1}), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "penalties: is not a field of this kind of case" in result.stderr
    assert "this is a determination" not in result.stderr
