"""`publicassembly report` of a determination's JSON refuses a deadline the chapter does not set (interpretation
G-9). A new-user trial added ``"deadlines": {"party_due": {"date": "2026-05-01"}}`` to what ``check --format
json`` wrote: the report printed "party due" among the legal deadlines of Carmel ch. 31, as if the law set it.
Carmel's deadlines are ¶ B's petition filing, Board decision and hearing notice and ¶ F's cleanup; Mount
Pleasant ch. 164 sets none. An unknown name is refused (exit 2) naming ``deadlines.<name>`` and the names allowed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.determination_json import check_determination_json
from publicassembly.law import evaluate, jurisdictions
from publicassembly.law.jsonable import jsonable

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
CARMEL_DEADLINES = ("application_due", "decision_due", "hearing_notice_due", "cleanup_due")


def determination_of(example: str) -> dict:
    case = yaml.safe_load((ROOT / "examples" / example).read_text(encoding="utf-8"))
    return jsonable(evaluate(case).to_json())


def report(tmp_path: Path, data: dict):
    source, out = tmp_path / "determination.json", tmp_path / "report.pdf"
    source.write_text(json.dumps(data), encoding="utf-8")
    return runner.invoke(app, ["report", str(source), "-o", str(out)]), source, out


def test_the_chapters_deadlines_are_the_law_cores_own():
    """The names allowed are those the law core's determinations give (Carmel ch. 31 ¶¶ B, F), no other."""
    assert jurisdictions.get("carmel-ny").deadlines == CARMEL_DEADLINES
    assert jurisdictions.get("mount-pleasant-ny").deadlines == ()
    fair = determination_of("carmel-county-fair.yaml")
    assert set(fair["deadlines"]) <= set(CARMEL_DEADLINES) and fair["deadlines"]


def test_an_invented_deadline_of_a_carmel_determination_is_refused_naming_it_and_the_allowed_g9(tmp_path):
    data = determination_of("carmel-county-fair.yaml")
    data["deadlines"] = data["deadlines"] | {"party_due": {"date": "2026-05-01", "counted": "by hand"}}
    result, source, out = report(tmp_path, data)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and not out.exists()
    told = " ".join(result.output.split())
    assert told.startswith(f"publicassembly: error: {source}, line 1, column "), told  # (where the file names it)
    assert told.endswith(": deadlines.party_due: is not a deadline of carmel-ny (Carmel Code ch. 31); allowed: "
                         "application_due, decision_due, hearing_notice_due, cleanup_due"), told


def test_a_mount_pleasant_determination_has_no_deadline_g9():
    data = determination_of("mount-pleasant-catering-hall.yaml")
    assert data["deadlines"] == {}
    check_determination_json(dict(data))  # (no deadline: as the law core writes it)
    with pytest.raises(ValueError) as refused:
        check_determination_json(data | {"deadlines": {"inspection_due": {"date": "2026-05-01"}}})
    assert str(refused.value).splitlines() == [
        "deadlines.inspection_due: is not a deadline of mount-pleasant-ny: Mount Pleasant Code ch. 164 sets no "
        'deadline; allowed: none ("deadlines": {})']


@pytest.mark.parametrize("name", CARMEL_DEADLINES)
def test_each_deadline_of_carmel_is_taken_by_its_name_g9(name):
    """The other side: a Carmel determination's deadlines under their own names are read (their days are then
    held to the law core's counting, G-9)."""
    data = determination_of("carmel-county-fair.yaml")
    data["deadlines"] = {name: data["deadlines"].get(name) or {"date": "2026-05-01"}}
    try:
        check_determination_json(data)
    except ValueError as exc:
        assert not any(line.startswith(f"deadlines.{name}: is not") for line in str(exc).splitlines()), exc


def test_every_unknown_deadline_is_told_with_the_files_other_problems_g13():
    data = determination_of("carmel-county-fair.yaml")
    data["deadlines"] = {"zz_due": {"date": "2026-05-01"}, "aa_due": {"date": "not a day"}}
    with pytest.raises(ValueError) as refused:
        check_determination_json(data)
    lines = str(refused.value).splitlines()
    allowed = "allowed: application_due, decision_due, hearing_notice_due, cleanup_due"
    assert f"deadlines.zz_due: is not a deadline of carmel-ny (Carmel Code ch. 31); {allowed}" in lines
    assert f"deadlines.aa_due: is not a deadline of carmel-ny (Carmel Code ch. 31); {allowed}" in lines
    assert any(line.startswith("deadlines.aa_due.date: ") for line in lines), lines
