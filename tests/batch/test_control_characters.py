"""A batch's texts hold no control character (interpretation B-4, as G-6 for every other input): an escape, a bell,
DEL, a C1 control or a direction control (U+202A-U+202E, U+2066-U+2069) in ``venue_id`` or ``space`` makes the row
an error row naming its row number, the column and what is allowed (the words ``check`` refuses a case's text
in), in CSV, JSON Lines and Parquet alike; the other rows go on. No output cell holds one: an error row leaves a
``venue_id``, ``space`` or ``use_group`` holding one empty, and says why. Before, they went into the output as
given (an escape sequence colouring the terminal that shows the CSV, a U+202E turning a name around).

The boundary: a tab, a line break, the separators U+001C-U+001F and U+0085, which are white space (G-6), and the
characters beside the direction controls (U+2029, U+202F, U+2065, U+206A, U+200F the right-to-left mark) are
taken; the bulk path and the per-row path say the same of every row."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from publicassembly.batch import run_batch
from publicassembly.batch.columns import PROBLEMS_SEPARATOR
from publicassembly.cli import app
from publicassembly.law.units import controls

from .helpers import AS_OF, both_paths
from .test_agreement import CONTROLS_AND_NEIGHBOURS

ESC, BEL, DEL, CSI, RLO, LRI = "\x1b", "\x07", "\x7f", "\x9b", "\u202e", "\u2066"


def told(column: str, *characters: str) -> str:
    named = ", ".join(f"U+{ord(c):04X}" for c in characters)
    return (f"{column}: must be text without control characters (it holds {named}, which no document prints and "
            "which would act on the screen showing them)")


def no_control_in(text: str) -> bool:
    return not controls(text)


# --- every input format ---------------------------------------------------------------------------------------

ROWS = [
    {"venue_id": f"v{ESC}[31m1", "space": "Hall", "use_group": "business", "area": "1000"},
    {"venue_id": "v2", "space": f"Hall{BEL}", "use_group": "business", "area": "1000"},
    {"venue_id": "v3", "space": f"Ro{RLO}om", "use_group": "business", "area": "1000"},
    {"venue_id": "v4", "space": "Lobby", "use_group": "business", "area": "1000"},  # ok
    {"venue_id": f"{LRI}v5", "space": f"A{DEL}{CSI}", "use_group": "business", "area": "1000"},
]


def _write(tmp_path: Path, fmt: str) -> Path:
    src = tmp_path / f"in.{fmt}"
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, ["venue_id", "space", "use_group", "area"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(ROWS)
        src.write_text(buffer.getvalue(), encoding="utf-8")
    elif fmt == "jsonl":
        src.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    else:
        pq.write_table(pa.table({k: [r[k] for r in ROWS] for k in ROWS[0]}), src)
    return src


def _read(out: Path) -> list[dict]:
    text = out.read_text(encoding="utf-8")
    if out.suffix == ".csv":
        return [dict(r) for r in csv.DictReader(io.StringIO(text))]
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize("out_fmt", ["csv", "jsonl"])
@pytest.mark.parametrize("fmt", ["csv", "jsonl", "parquet"])
@pytest.mark.parametrize("per_row", [False, True], ids=["bulk", "per-row"])
def test_a_control_character_in_venue_id_or_space_is_an_error_row_in_every_format(tmp_path, fmt, out_fmt, per_row):
    src, out = _write(tmp_path, fmt), tmp_path / f"out.{out_fmt}"
    summary = run_batch(src, out, AS_OF, per_row=per_row)
    assert (summary.rows, summary.ok, summary.errors) == (5, 1, 4)
    assert no_control_in(out.read_text(encoding="utf-8"))
    rows = _read(out)
    empty = "" if out_fmt == "csv" else None
    assert [(str(r["row"]), r["status"], r["venue_id"], r["space"], r["use_group"]) for r in rows] == [
        ("1", "error", empty, "Hall", "business"),
        ("2", "error", "v2", empty, "business"),
        ("3", "error", "v3", empty, "business"),
        ("4", "ok", "v4", "Lobby", "business"),
        ("5", "error", empty, empty, "business")]
    assert [r["error"] for r in rows] == [
        told("venue_id", ESC), told("space", BEL), told("space", RLO), empty,
        told("venue_id", LRI) + PROBLEMS_SEPARATOR + told("space", DEL, CSI)]
    assert rows[3]["occupant_load"] in (10, "10")  # § 164-7 business: 100 sq ft per person


def test_the_batch_command_exits_2_and_writes_no_control_character_to_standard_output(tmp_path):
    result = CliRunner().invoke(app, ["batch", str(_write(tmp_path, "csv")), "-o", "-", "-q", "--as-of",
                                      AS_OF.isoformat()])
    assert result.exit_code == 2
    assert no_control_in(result.stdout)
    assert [r["status"] for r in csv.DictReader(io.StringIO(result.stdout))] == ["error"] * 3 + ["ok", "error"]
    assert "4 rows could not be evaluated" in result.stderr


# --- the boundary: what is taken ---------------------------------------------------------------------------------

TAKEN = ["Main\thall", "Two\nlines", "A\x1cB\x1fC", "Next\x85line", "Para\u2029graph", "Narrow\u202fspace",
         "Un\u2065assigned", "Old\u206aform", "\u200fRLM", "Dvořák Łódź Ζωή Зал", "O’Brien – hall"]
REFUSED = ["\x00", "\x08", "\x0e", "\x1b", "\x7f", "\x80", "\x84", "\x86", "\x9f", "\u202a", "\u202e", "\u2066",
           "\u2069"]


@pytest.mark.parametrize("text", TAKEN)
def test_white_space_and_the_characters_beside_the_controls_are_taken_by_both_paths(text):
    bulk, per_row = both_paths([{"venue_id": text, "space": text, "use_group": "business", "area": "100"}])
    assert bulk == per_row
    assert (bulk[0]["status"], bulk[0]["venue_id"], bulk[0]["space"]) == ("ok", text, text)


@pytest.mark.parametrize("control", REFUSED, ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize("column", ["venue_id", "space"])
def test_each_control_is_refused_by_both_paths(control, column):
    row = {"venue_id": "v", "space": "Hall", "use_group": "business", "area": "100", column: f"x{control}y"}
    bulk, per_row = both_paths([row])
    assert bulk == per_row
    assert (bulk[0]["status"], bulk[0]["error"], bulk[0][column]) == ("error", told(column, control), None)


def test_a_control_is_told_with_the_rows_other_problems_in_the_order_of_the_columns():
    """jurisdiction, venue_id, space, use_group, area_unit, area, …: every problem at once (the use group's
    refusal quotes its text with the control escaped, and the use group is not echoed)."""
    row = {"jurisdiction": "carmel-ny", "venue_id": "v\x1b", "space": "S\u202e", "use_group": "gym\x07",
           "area": "-1"}
    bulk, per_row = both_paths([row])
    assert bulk == per_row
    problems = bulk[0]["error"].split(PROBLEMS_SEPARATOR)
    assert [p.split(":")[0] for p in problems] == ["jurisdiction", "venue_id", "space", "use_group", "area"]
    assert problems[1:3] == [told("venue_id", ESC), told("space", RLO)]
    assert problems[3].startswith("use_group: 'gym\\x07' is not a use group")
    assert (bulk[0]["venue_id"], bulk[0]["space"], bulk[0]["use_group"]) == (None, None, None)
    assert no_control_in(json.dumps(bulk[0], ensure_ascii=False))


def test_a_use_group_holding_a_control_is_not_echoed_by_an_error_row():
    bulk, per_row = both_paths([{"venue_id": "v", "use_group": "business\x1b[2j", "area": "100"}])
    assert bulk == per_row
    assert (bulk[0]["status"], bulk[0]["venue_id"], bulk[0]["use_group"]) == ("error", "v", None)
    assert bulk[0]["error"].startswith("use_group: 'business\\x1b[2j' is not a use group")


# --- rows the reader refuses: their echoes ------------------------------------------------------------------------

def test_a_short_csv_row_does_not_echo_a_control_and_says_why(tmp_path):
    src, out = tmp_path / "in.csv", tmp_path / "out.csv"
    src.write_text("venue_id,space,use_group,area\nv1,Hall\x07\nv2,Hall,busi\u202eness\n", encoding="utf-8")
    run_batch(src, out, AS_OF)
    rows = _read(out)
    assert no_control_in(out.read_text(encoding="utf-8"))
    assert [(r["venue_id"], r["space"], r["use_group"]) for r in rows] == [("v1", "", ""), ("v2", "Hall", "")]
    assert rows[0]["error"] == ("(row): has 2 fields where the header has 4 columns" + PROBLEMS_SEPARATOR
                                + told("space", BEL))
    assert rows[1]["error"] == ("(row): has 3 fields where the header has 4 columns" + PROBLEMS_SEPARATOR
                                + told("use_group", RLO))


def test_a_json_row_the_reader_refuses_does_not_echo_a_control_and_says_why(tmp_path):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text('{"venue_id": 1, "space": "Hall\\u001b", "use_group": "business", "area": 100}\n'
                   '{"venue_id": "v2", "space": "S\\u2067", "use_group": "business", "area": 1, "area": 2}\n',
                   encoding="utf-8")
    run_batch(src, out, AS_OF)
    rows = _read(out)
    assert no_control_in(out.read_text(encoding="utf-8"))
    assert [(r["venue_id"], r["space"], r["use_group"]) for r in rows] == [(None, None, "business"),
                                                                          ("v2", None, "business")]
    assert rows[0]["error"].split(PROBLEMS_SEPARATOR)[1:] == [told("space", ESC)]
    assert rows[1]["error"] == "area: given twice in the row" + PROBLEMS_SEPARATOR + told("space", "\u2067")


def test_a_row_with_a_cell_not_utf8_tells_a_control_beside_it(tmp_path):
    src, out = tmp_path / "in.csv", tmp_path / "out.csv"
    src.write_bytes(b"venue_id,space,use_group,area\nv\xff,Hall\x1b,business,100\n")
    run_batch(src, out, AS_OF)
    [row] = _read(out)
    assert (row["venue_id"], row["space"], row["use_group"]) == ("", "", "business")
    assert row["error"] == "venue_id: is not UTF-8 text" + PROBLEMS_SEPARATOR + told("space", ESC)


# --- the bulk check is the law core's -----------------------------------------------------------------------------

def test_the_bulk_check_finds_exactly_the_law_cores_controls_in_every_character():
    """`holding_controls` (numpy over the UTF-8 bytes) marks a cell exactly when `law.units.controls` finds a
    control in it, for every character of Unicode (surrogates aside)."""
    from publicassembly.batch.evaluate import holding_controls

    characters = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    marked = holding_controls(pa.array([f"a{ch}b" for ch in characters]))
    assert marked is not None
    found = [ch for ch, m in zip(characters, marked.tolist(), strict=True) if m]
    assert found == [ch for ch in characters if controls(ch)]
    assert holding_controls(pa.array(["plain", None, "Dvořák – O’Brien", "\t\n"])) is None


@given(st.lists(st.one_of(st.none(), st.text(st.sampled_from(list(CONTROLS_AND_NEIGHBOURS + "aé’Ζ")), max_size=5)),
                max_size=12), st.integers(0, 12), st.integers(0, 12))
def test_the_bulk_check_marks_the_cells_holding_one_in_a_slice_with_nulls_and_empty_cells(cells, start, length):
    from publicassembly.batch.evaluate import holding_controls

    array = pa.array(cells, pa.string()).slice(start, length)
    marked = holding_controls(array)
    expected = [bool(c and controls(c)) for c in array.to_pylist()]
    assert (marked.tolist() if marked is not None else [False] * len(array)) == expected
    assert marked is None or any(expected)


def test_batch_help_says_venue_id_and_space_take_no_control_character():
    result = CliRunner().invoke(app, ["batch", "--help"], env={"COLUMNS": "400", "TERM": "dumb"})
    text = " ".join(result.output.split())
    assert "venue_id: your id of the place of assembly (echoed): text without control characters" in text
    assert "space: as given (on an error row, empty when it holds a control character)" in text
    assert "a cell holding a control character (which the message names by its code point" in text


def test_the_help_says_what_is_taken_as_the_reader_takes_it_b4():
    """(a trial: `batch --help` said "a C1 control" is refused while U+0085, a C1 control that is a line break,
    is taken: the help names it)"""
    from publicassembly.batch.columns import INPUT_COLUMNS

    (venue_id,) = [c for c in INPUT_COLUMNS if c.name == "venue_id"]
    assert "a C1 control other than U+0085" in venue_id.help and "U+0085 included, is taken" in venue_id.help
    assert "Next\x85line" in TAKEN
