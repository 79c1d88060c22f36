"""CSV formula injection: clerks open the batch's CSV results in a spreadsheet, so a text cell that a spreadsheet
would read as a formula — beginning with ``=``, ``+``, ``-``, ``@`` or another form of them (full-width ``＝``
...), also after white space, or with a tab, a carriage return, a line feed or a NUL (the rule of
`publicassembly.documents.csv_cells`) — is written after a single quote (OWASP, "CSV Injection"), in the text
columns only (jurisdiction, venue_id, space, use_group, status, error); numbers are never changed, and JSON Lines
output gives every text as it was. (A new-user trial: a ``space`` of ``=cmd|' /C calc'!A0`` was written unchanged
to results.csv; a review then found ``"  =1+1"``, a line feed and ``＝`` let through.)"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from publicassembly.batch import run_batch
from publicassembly.batch.writers import CsvWriter, neutralised
from publicassembly.cli import app
from publicassembly.documents.csv_cells import (
    BLANKS,
    CONTROL_STARTS,
    FORMULA_CHARACTERS,
    RULE_IN_WORDS,
    neutralised_text,
    starts_a_formula,
)

from .helpers import AS_OF

HEADER = "venue_id,space,use_group,area,area_unit,alleys,commercial,attendance\n"
CMD = "=cmd|' /C calc'!A0"


def _input(tmp_path: Path) -> Path:
    src = tmp_path / "in.csv"
    rows = [["@SUM(1+1)", CMD, "assembly_without_fixed_seats", "1500", "", "", "true", "-0"],
            ["+1", "-2", "=x", "100", "", "", "", ""],
            ["v3", "\tTab", "business", "-5", "", "", "", ""],
            ["v4", "\rReturn", "business", "100", "", "", "", ""],
            ["v5", "Hall - east", "business", "100", "", "", "", "120"],
            ["  =1+1", "\n=1+1", "business", "100", "", "", "", ""],
            ["＝1+1", "\u3000＠SUM(1)", "business", "100", "", "", "", ""],
            ["a=1", "-5", "business", "100", "", "", "", ""]]
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
    assert (rows[5]["venue_id"], rows[5]["space"]) == ("'  =1+1", "'\n=1+1")
    assert (rows[6]["venue_id"], rows[6]["space"]) == ("'＝1+1", "'\u3000＠SUM(1)")
    assert (rows[7]["venue_id"], rows[7]["space"]) == ("a=1", "'-5")  # (-5 given as a space's name is text)
    assert all(not starts_a_formula(v) for row in rows for v in row.values()), rows


def test_numbers_are_never_changed(tmp_path):
    out = tmp_path / "results.csv"
    run_batch(_input(tmp_path), out, AS_OF)
    rows = _rows(out)
    assert rows[0]["area_sq_ft"] == "1500" and rows[0]["occupant_load"] == "100"
    assert rows[0]["row"] == "1" and rows[0]["status"] == "ok"
    assert rows[2]["status"] == "error" and "got -5" in rows[2]["error"]  # (the message, not changed: "area: …")
    assert rows[4]["overcrowded"] == "true"
    assert rows[7]["area_sq_ft"] == "100" and rows[7]["toilets_required"] == "1"


def test_a_negative_number_in_a_number_column_stays_a_number():
    """Only the text columns go through the rule: a number column holding -5 is written -5 (the batch's own
    number columns hold no negative number, so the writer is given one)."""
    sink = io.BytesIO()
    schema = pa.schema([("row", pa.int64()), ("area_sq_ft", pa.string()), ("space", pa.string())])
    writer = CsvWriter(sink, schema)
    writer.write(pa.table({"row": [-5, 1], "area_sq_ft": ["-5", "-0.5"], "space": ["-5", "Hall"]}, schema=schema))
    writer.close()
    assert sink.getvalue().decode().splitlines()[1:] == ['-5,"-5","\'-5"', '1,"-0.5","Hall"']


def test_json_lines_output_gives_the_text_as_it_was(tmp_path):
    out = tmp_path / "results.jsonl"
    run_batch(_input(tmp_path), out, AS_OF)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows[0]["space"] == CMD and rows[0]["venue_id"] == "@SUM(1+1)"
    assert (rows[1]["venue_id"], rows[1]["space"], rows[1]["use_group"]) == ("+1", "-2", "=x")
    assert (rows[5]["venue_id"], rows[5]["space"]) == ("  =1+1", "\n=1+1")
    assert (rows[6]["venue_id"], rows[6]["space"]) == ("＝1+1", "\u3000＠SUM(1)")
    assert rows[7]["space"] == "-5"


def test_csv_to_standard_output_is_neutralised_too(tmp_path):
    result = CliRunner().invoke(app, ["batch", str(_input(tmp_path)), "-o", "-", "--quiet"])
    assert "'" + CMD in result.stdout or '"\'=cmd' in result.stdout, result.stdout
    assert "\n1,mount-pleasant-ny,'@SUM" in result.stdout.replace('"', "")


@pytest.mark.parametrize(("given", "written"), [
    (["=1", "+1", "-1", "@a", "\tx", "\rx", "\nx", "\x00x", "a=1", " =1", "\n=", "＝1", "", None, "'=1"],
     ["'=1", "'+1", "'-1", "'@a", "'\tx", "'\rx", "'\nx", "'\x00x", "a=1", "' =1", "'\n=", "'＝1", "", None,
      "'=1"]),
    (["Hall", None], ["Hall", None]),
    ([None, None], [None, None]),
    ([], []),
])
def test_neutralised_cell_by_cell(given, written):
    assert neutralised(pa.array(given, pa.string())).to_pylist() == written


def test_neutralised_of_a_slice_reads_its_own_cells():
    """An array that is a slice of another (offsets not from 0) is read from its own first cell."""
    whole = pa.array(["=1", "Hall", " x", "a"], pa.string())
    assert neutralised(whole.slice(1)).to_pylist() == ["Hall", " x", "a"]
    assert neutralised(whole.slice(0, 1)).to_pylist() == ["'=1"]


#: Cells built as the rule reads them (white space, a first character, the rest), and any text.
TRICKY = st.builds(lambda blanks, first, rest: blanks + first + rest,
                   st.text(alphabet=st.sampled_from(BLANKS), max_size=3),
                   st.sampled_from([*FORMULA_CHARACTERS, *CONTROL_STARTS, "", "'", "a", "1", "\u2212", "\u200b", "é"]),
                   st.text(max_size=3)) | st.text(max_size=6)


def test_the_arrow_path_and_the_rule_agree_on_every_pair():
    """Every character of the rule alone, and every white space character before every character of the rule
    and a few others: the Arrow kernels and the rule's Python function write the same."""
    firsts = FORMULA_CHARACTERS + CONTROL_STARTS + BLANKS + "'a1é\u2212\u200b"
    cells = [*firsts, *(b + f for b in BLANKS for f in firsts), *(b + b + "=" for b in BLANKS)]
    assert neutralised(pa.array(cells, pa.string())).to_pylist() == [neutralised_text(c) for c in cells]


@given(st.lists(st.none() | TRICKY, max_size=8))
def test_the_arrow_path_and_the_rule_agree(cells):
    """The batch's Arrow kernels (`neutralised`, `FORMULA_START` in RE2) write each cell as the rule's Python
    function (`neutralised_text`) does."""
    assert neutralised(pa.array(cells, pa.string())).to_pylist() == [neutralised_text(c) for c in cells]


def test_the_help_and_the_docs_say_it():
    shown = " ".join(CliRunner().invoke(app, ["batch", "--help"], env={"COLUMNS": "200"}).output.split())
    assert " ".join(RULE_IN_WORDS.split()) in shown
    docs = (Path(__file__).resolve().parents[2] / "docs" / "performance.md").read_text(encoding="utf-8")
    said = " ".join(docs.split())
    assert "written after a single quote" in said and "full-width" in said and "line feed" in said
