"""`publicassembly report` refuses a case file or a determination's JSON with several bad fields listing each on
a line of its own with its line and column, the first saying how many more follow ("(and N more errors)"), as
`check` does (the report named only the first bad fact of a case file); and names the case, or says why not."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from tests.documents.conftest import determination_json as determination
from tests.documents.conftest import example_case as case
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()



@pytest.fixture(scope="module")
def hall() -> dict:
    """Kensico Manor on 2025-03-03."""
    return determination(case("mount-pleasant-catering-hall"))


def edited(data: dict) -> dict:
    return copy.deepcopy(data)


# --- every error listed --------------------------------------------------------------------------------------

def test_a_case_file_with_several_bad_facts_is_refused_listing_each(tmp_path):
    text = (ROOT / "examples" / "carmel-county-fair.yaml").read_text(encoding="utf-8")
    text = text.replace("max_persons_at_one_time: 4000", "max_persons_at_one_time: -4").replace(
        "vehicles_at_one_time: 950", "vehicles_at_one_time: lots")
    source = tmp_path / "bad.yaml"
    source.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["report", str(source), "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert lines[0].endswith("(and 1 more error)"), lines
    assert "max_persons_at_one_time: must be at least 0 (got -4)" in result.output
    assert lines[1].startswith("  ") and "bad.yaml, line " in lines[1]
    assert "vehicles_at_one_time: must be a whole number (got 'lots')" in result.output


def test_a_determination_with_several_bad_fields_lists_each_after_the_first(tmp_path, hall):
    bad = edited(hall) | {"as_of": "yesterday", "permit_required": "maybe"}
    bad["findings"][0]["status"] = "bad"
    source = tmp_path / "d.json"
    source.write_text(json.dumps(bad, indent=1), encoding="utf-8")
    result = runner.invoke(app, ["report", str(source), "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert "as_of: must be a date" in lines[0] and lines[0].endswith("(and 2 more errors)"), lines
    assert lines[1].startswith("  ") and "permit_required: " in lines[1]
    assert lines[2].startswith("  ") and "findings[0].status: " in lines[2]


# --- the case's name -----------------------------------------------------------------------------------------

def test_a_determination_given_a_name_is_reported_with_it_and_without_one_says_why(tmp_path, hall):
    """`check --format json` writes no name (the determination's JSON has no key for it): the report said "not
    named in the case file" of a case file that had one; it says why, and prints a name added to the file."""
    from .conftest import pdf_text

    source = tmp_path / "d.json"
    source.write_text(json.dumps(hall | {"name": "Kensico Manor"}), encoding="utf-8")
    result = runner.invoke(app, ["report", str(source), "-o", str(tmp_path / "named.pdf")])
    assert result.exit_code == 0, result.output
    assert "Determination: Kensico Manor" in pdf_text((tmp_path / "named.pdf").read_bytes())
    source.write_text(json.dumps(hall), encoding="utf-8")
    result = runner.invoke(app, ["report", str(source), "-o", str(tmp_path / "unnamed.pdf")])
    assert result.exit_code == 0, result.output
    text = " ".join(pdf_text((tmp_path / "unnamed.pdf").read_bytes()).split())
    assert "not named in the case file" not in text
    assert "a determination's JSON does not carry the case's name" in text


def test_as_of_with_a_determination_is_refused_not_ignored(tmp_path):
    """--as-of determines a case file on a date; a determination's JSON was made on its own as_of, which the
    report prints: --as-of with it is refused (exit 2, nothing written), not silently ignored. Without --as-of
    it is printed; a case file takes --as-of."""
    made = tmp_path / "det.json"
    made.write_text(json.dumps(determination(case("mount-pleasant-catering-hall"))), encoding="utf-8")
    r = runner.invoke(app, ["report", str(made), "--as-of", "2025-01-01", "-o", str(tmp_path / "a.pdf")])
    assert r.exit_code == 2, r.output
    assert r.output.strip() == (f"publicassembly: error: --as-of: {made} is a determination, made on its own as_of "
                                "('2025-03-03'); --as-of determines a case file: give the case file, or leave "
                                "--as-of out"), r.output
    assert not (tmp_path / "a.pdf").exists()
    assert runner.invoke(app, ["report", str(made), "-o", str(tmp_path / "b.pdf")]).exit_code == 0
    source = ROOT / "examples" / "mount-pleasant-catering-hall.yaml"
    assert runner.invoke(app, ["report", str(source), "--as-of", "2025-01-01", "-o",
                               str(tmp_path / "c.pdf")]).exit_code == 0
