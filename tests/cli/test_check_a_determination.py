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


def _two_determinations(runner, tmp_path) -> Path:
    made = runner.invoke(app, ["check", str(ROOT / "examples" / "carmel-county-fair.yaml"),
                               str(ROOT / "examples" / "mount-pleasant-catering-hall.yaml"), "--format", "json"])
    assert made.exit_code == 0, made.output
    path = tmp_path / "both.json"
    path.write_text(made.stdout, encoding="utf-8")
    return path


def test_the_list_check_writes_for_several_files_is_named_by_check_and_report(runner, tmp_path):
    """What ``check A B --format json`` writes (a list of determinations, each with its file) given back to
    check or report is told as such, with its count and what to give instead, not as "a list" of unknown sense."""
    path = _two_determinations(runner, tmp_path)
    for args in (["check", str(path)], ["report", str(path), "-o", str(tmp_path / "r.pdf")]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert result.stderr.strip().splitlines() == [
            f"publicassembly: error: {path}, line 1: the file holds a list of 2 determinations, what check writes "
            "with --format json for several files, not a case file; give one case file (report also takes one "
            "determination: check FILE --format json writes one)"], result.stderr
    assert not (tmp_path / "r.pdf").exists()


def test_a_list_of_other_mappings_is_still_told_as_a_list(runner, tmp_path):
    path = tmp_path / "list.json"
    path.write_text(json.dumps([{"verdict": "x"}, {"file": "a.yaml"}]), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "the file holds a list, not a mapping" in result.stderr


def test_a_list_of_one_determination_is_said_in_the_singular(runner, tmp_path):
    made = runner.invoke(app, ["check", str(ROOT / "examples" / "carmel-county-fair.yaml"), "--format", "json"])
    path = tmp_path / "one.json"
    path.write_text(json.dumps([{**json.loads(made.stdout), "file": "fair.yaml"}]), encoding="utf-8")
    result = runner.invoke(app, ["report", str(path), "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 2 and "a list of 1 determination," in result.stderr
