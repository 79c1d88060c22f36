"""An error row echoes the ``venue_id``, ``space`` and ``use_group`` its input row gives, where the row can be read,
so that it can be found in the output (``batch --help``): a CSV row of MORE fields than the header's columns (each by
its place in the header; before, nothing was echoed), and a JSON Lines row refused for a key given twice or a value
that is not a cell (before, venue_id and space were null though given). A column given twice is not echoed (which
value was meant is not known).

And a JSON number or boolean in a column of text (``{"venue_id": 1, "space": true}``, taken and written "1" and
"true") is an error row naming each such column, as case files and ``--from-json`` refuse a number where text
belongs; a number or boolean where one belongs (area, alleys, commercial, attendance) is taken as before. Both
evaluation paths say the same (the reader refuses it, before either path)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from publicassembly.batch import run_batch

from .helpers import AS_OF

HEADER = "venue_id,space,use_group,area\n"


def _csv(tmp_path: Path, content: str) -> list[dict[str, str]]:
    src, out = tmp_path / "in.csv", tmp_path / "out.csv"
    src.write_text(content, encoding="utf-8")
    run_batch(src, out, AS_OF)
    return list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))


def _jsonl(tmp_path: Path, lines: list[str], per_row: bool = False) -> list[dict]:
    src, out = tmp_path / "in.jsonl", tmp_path / f"out-{per_row}.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run_batch(src, out, AS_OF, per_row=per_row)
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


# --- CSV: a row of more fields than the header -----------------------------------------------------------------


def test_a_csv_row_of_more_fields_echoes_its_ids_by_their_place_in_the_header(tmp_path):
    rows = _csv(tmp_path, HEADER + "v1,Hall,business,100,extra\n"  # 5 of 4
                                   "v2,Room,business,100\n"  # 4 of 4: the boundary, evaluated
                                   '"v3,x","Room ""B""",business,100,,,\n')  # 7 of 4, quoted cells
    assert [(r["venue_id"], r["space"], r["use_group"], r["status"]) for r in rows] == [
        ("v1", "Hall", "business", "error"), ("v2", "Room", "business", "ok"),
        ("v3,x", 'Room "B"', "business", "error")]
    assert rows[0]["error"] == "(row): has 5 fields where the header has 4 columns"


def test_a_long_csv_row_echoes_by_the_headers_order(tmp_path):
    rows = _csv(tmp_path, "area,space,use_group,venue_id\n100,Lobby,business,v9,more\n")
    assert (rows[0]["venue_id"], rows[0]["space"], rows[0]["use_group"]) == ("v9", "Lobby", "business")


# --- JSON Lines: a row refused by the reader --------------------------------------------------------------------


def test_a_json_row_with_a_key_given_twice_echoes_its_ids(tmp_path):
    rows = _jsonl(tmp_path, [
        '{"venue_id": "v1", "space": "Hall", "use_group": "business", "area": 1, "area": 2}',
        '{"venue_id": "v2", "space": "A", "Space": "B", "use_group": "business", "area": 100}',
        '{"venue_id": "v3", "venue_id": "v4", "space": "C", "use_group": "business", "area": 100}'])
    assert [(r["venue_id"], r["space"], r["use_group"], r["error"]) for r in rows] == [
        ("v1", "Hall", "business", "area: given twice in the row"),
        ("v2", None, "business", "space: given twice in the row"),  # (which space was meant is not known)
        (None, "C", "business", "venue_id: given twice in the row")]


def test_a_json_row_with_a_value_not_a_cell_or_bytes_not_utf8_echoes_what_can_be_read(tmp_path):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_bytes(b'{"venue_id": "v1", "space": "S", "use_group": "business", "area": {"x": 1}}\n'
                    b'{"venue_id": "v2", "space": "Sp\xe9ce", "use_group": "business", "area": 100}\n'
                    b'["v3", "S"]\n')
    run_batch(src, out, AS_OF)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["venue_id"], r["space"], r["use_group"]) for r in rows] == [
        ("v1", "S", "business"), ("v2", None, "business"), (None, None, None)]
    assert rows[1]["error"] == "space: is not UTF-8 text"


# --- JSON Lines: a number or boolean where text belongs --------------------------------------------------------

ROW = {"venue_id": "v1", "space": "Hall", "use_group": "business", "area": 100}


@pytest.mark.parametrize(("column", "value", "written", "kind"), [
    ("venue_id", 1, "1", "number"), ("venue_id", 1.5, "1.5", "number"), ("space", True, "true", "boolean"),
    ("space", False, "false", "boolean"), ("use_group", 7, "7", "number"), ("area_unit", 1, "1", "number"),
    ("jurisdiction", 0, "0", "number")])
def test_a_json_number_or_boolean_where_text_belongs_is_an_error_naming_the_column(tmp_path, column, value,
                                                                                   written, kind):
    line = json.dumps({**ROW, column: value})
    bulk, per_row = _jsonl(tmp_path, [line]), _jsonl(tmp_path, [line], per_row=True)
    assert bulk == per_row
    assert bulk[0]["status"] == "error"
    assert bulk[0]["error"] == (f'{column}: must be text, a JSON string (or null), got the JSON {kind} {written}; '
                                f'write it in quotes: "{written}"')


def test_each_text_column_given_a_number_is_told_and_the_others_echoed(tmp_path):
    rows = _jsonl(tmp_path, ['{"venue_id": 1, "space": true, "use_group": "business", "area": 100}'])
    assert (rows[0]["venue_id"], rows[0]["space"], rows[0]["use_group"]) == (None, None, "business")
    assert rows[0]["error"].split(" | ") == [
        'venue_id: must be text, a JSON string (or null), got the JSON number 1; write it in quotes: "1"',
        'space: must be text, a JSON string (or null), got the JSON boolean true; write it in quotes: "true"']


def test_the_same_as_text_and_numbers_where_numbers_belong_are_taken(tmp_path):
    """The boundary: "1" and "true" as JSON strings, null, and a number or boolean in area, alleys, commercial and
    attendance (§ 164-7 business, 100 sq ft per person) are taken, on both paths."""
    lines = ['{"venue_id": "1", "space": "true", "use_group": "business", "area": 100}',
             '{"venue_id": null, "space": null, "use_group": "business", "area": 100.0, "commercial": true, '
             '"attendance": 2, "alleys": 0}',
             '{"venue_id": "v", "use_group": "business", "area": 100, "commercial": 1}']
    bulk, per_row = _jsonl(tmp_path, lines), _jsonl(tmp_path, lines, per_row=True)
    assert bulk == per_row
    assert [(r["status"], r["venue_id"], r["space"], r["occupant_load"]) for r in bulk] == [
        ("ok", "1", "true", 1), ("ok", None, None, 1), ("ok", "v", None, 1)]
    assert bulk[1]["overcrowded"] is True


# --- use_group: read on an ok row, as given on an error row (batch --help says which) ---------------------------


def test_use_group_is_the_group_read_on_an_ok_row_and_as_given_on_an_error_row(tmp_path):
    """§ 164-7 business (100 sq ft per person): " Business " and "BOWLING_ALLEY" are read as business and
    bowling_alley; an ok row gives the use group read, an error row the cell as given (not trimmed or lower-cased,
    so that the row can be found in the input), by both paths."""
    lines = [json.dumps(r) for r in (
        {"venue_id": "v1", "use_group": " Business ", "area": 1000},
        {"venue_id": "v2", "use_group": " Business ", "area": -1},
        {"venue_id": "v3", "use_group": "BOWLING_ALLEY", "area": 1000, "alleys": 12},
        {"venue_id": "v4", "use_group": "BOWLING_ALLEY", "area": 1000})]
    bulk, per_row = _jsonl(tmp_path, lines), _jsonl(tmp_path, lines, per_row=True)
    assert bulk == per_row
    assert [(r["status"], r["use_group"]) for r in bulk] == [
        ("ok", "business"), ("error", " Business "), ("ok", "bowling_alley"), ("error", "BOWLING_ALLEY")]
    assert bulk[0]["occupant_load"] == 10 and bulk[2]["occupant_load"] == 160


def test_batch_help_says_what_use_group_holds_on_ok_and_on_error_rows():
    from typer.testing import CliRunner

    from publicassembly.cli import app

    result = CliRunner().invoke(app, ["batch", "--help"], env={"COLUMNS": "400", "TERM": "dumb"})
    text = " ".join(result.output.split())
    assert "use_group: as given (trimmed, lower case)" not in text
    assert ("use_group: on an ok row, the use group read (trimmed, lower case: ' Business ' is business); on an "
            "error row, as given, so that the row can be found") in text
