"""CSV formula injection: clerks open the batch's CSV results in a spreadsheet, so a text cell that a spreadsheet
would read as a formula — beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return — is written after
a single quote (OWASP, "CSV Injection"), in the text columns only (jurisdiction, venue_id, space, use_group,
status, error); numbers are never changed, and JSON Lines output gives every text as it was. (A new-user trial:
a ``space`` of ``=cmd|' /C calc'!A0`` was written unchanged to results.csv.)"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pyarrow as pa
import pytest
from typer.testing import CliRunner

from publicassembly.batch import run_batch
from publicassembly.batch.writers import neutralised
from publicassembly.cli import app

from .helpers import AS_OF

HEADER = "venue_id,space,use_group,area,area_unit,alleys,commercial,attendance\n"
CMD = "=cmd|' /C calc'!A0"


def _input(tmp_path: Path) -> Path:
    src = tmp_path / "in.csv"
    rows = [["@SUM(1+1)", CMD, "assembly_without_fixed_seats", "1500", "", "", "true", "-0"],
            ["+1", "-2", "=x", "100", "", "", "", ""],
            ["v3", "\tTab", "business", "-5", "", "", "", ""],
            ["v4", "\rReturn", "business", "100", "", "", "", ""],
            ["v5", "Hall - east", "business", "100", "", "", "", "120"]]
    with src.open("w", encoding="utf-8", newline="") as f:
        f.write(HEADER)
        csv.writer(f).writerows(rows)
    return src


def _rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_bytes().decode("utf-8"), newline="")))


def test_a_formula_in_a_text_cell_is_written_after_a_single_quote(tmp_path):
    out = tmp_path / "results.csv"
    run_batch(_input(tmp_path), out, AS_OF)
    rows = _rows(out)
    assert rows[0]["space"] == "'" + CMD
    assert rows[0]["venue_id"] == "'@SUM(1+1)"
    assert (rows[1]["venue_id"], rows[1]["space"], rows[1]["use_group"]) == ("'+1", "'-2", "'=x")
    assert rows[2]["space"] == "'\tTab"
    assert rows[3]["space"] == "'\rReturn"
    assert rows[4]["space"] == "Hall - east" and rows[4]["venue_id"] == "v5"  # (a - inside is no formula)
    assert all(not v.startswith(("=", "+", "-", "@", "\t", "\r")) for row in rows for v in row.values()), rows


def test_numbers_are_never_changed(tmp_path):
    out = tmp_path / "results.csv"
    run_batch(_input(tmp_path), out, AS_OF)
    rows = _rows(out)
    assert rows[0]["area_sq_ft"] == "1500" and rows[0]["occupant_load"] == "100"
    assert rows[0]["row"] == "1" and rows[0]["status"] == "ok"
    assert rows[2]["status"] == "error" and "got -5" in rows[2]["error"]  # (the message, not changed: "area: …")
    assert rows[4]["overcrowded"] == "true"


def test_json_lines_output_gives_the_text_as_it_was(tmp_path):
    out = tmp_path / "results.jsonl"
    run_batch(_input(tmp_path), out, AS_OF)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows[0]["space"] == CMD and rows[0]["venue_id"] == "@SUM(1+1)"
    assert (rows[1]["venue_id"], rows[1]["space"], rows[1]["use_group"]) == ("+1", "-2", "=x")


def test_csv_to_standard_output_is_neutralised_too(tmp_path):
    result = CliRunner().invoke(app, ["batch", str(_input(tmp_path)), "-o", "-", "--quiet"])
    assert "'" + CMD in result.stdout or '"\'=cmd' in result.stdout, result.stdout
    assert "\n1,mount-pleasant-ny,'@SUM" in result.stdout.replace('"', "")


@pytest.mark.parametrize(("given", "written"), [
    (["=1", "+1", "-1", "@a", "\tx", "\rx", "a=1", " =1", "", None, "'=1"],
     ["'=1", "'+1", "'-1", "'@a", "'\tx", "'\rx", "a=1", " =1", "", None, "'=1"]),
    (["Hall", None], ["Hall", None]),
])
def test_neutralised_cell_by_cell(given, written):
    assert neutralised(pa.array(given, pa.string())).to_pylist() == written


def test_the_help_and_the_docs_say_it():
    shown = " ".join(CliRunner().invoke(app, ["batch", "--help"], env={"COLUMNS": "200"}).output.split())
    assert "begins with =, +, -, @, a tab or a carriage return is written after a single quote" in shown
    docs = (Path(__file__).resolve().parents[2] / "docs" / "performance.md").read_text(encoding="utf-8")
    assert "written after a single quote" in " ".join(docs.split())
