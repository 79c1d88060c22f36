"""Batch cells and files the first trial got wrong: whole numbers written as decimals (``10.0``, as ``check``
takes them) and numbers beyond the law core's input bound (`MAX_COUNT`), by both paths; a JSON line naming a
key twice; an area written with an exponent; a UTF-16 file; the summary's singular."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from publicassembly.batch import InputError, run_batch
from publicassembly.batch.encodings import wide_unicode
from publicassembly.batch.evaluate import RowError, evaluate_row
from publicassembly.cli import app
from publicassembly.law.units import MAX_COUNT

from .helpers import AS_OF, both_paths, setting

HALL = {"use_group": "assembly_without_fixed_seats", "area": "1500"}  # § 164-7: 15 sq ft per person → 100


@pytest.mark.parametrize("written", ["10.0", "10.000", "10", "1e1"])
def test_attendance_of_whole_value_written_as_a_decimal_is_taken_by_both_paths(written):
    """§ 164-7 hall of 1,500 sq ft (load 100) used by 10 persons: not overcrowded, whatever the form of 10."""
    bulk_rows, per_rows = both_paths([{**HALL, "attendance": written}, {**HALL, "attendance": "10"}])
    assert bulk_rows == per_rows
    assert bulk_rows[0]["status"] == "ok", bulk_rows[0]["error"]
    assert {k: v for k, v in bulk_rows[0].items() if k != "row"} == {k: v for k, v in bulk_rows[1].items()
                                                                     if k != "row"}
    assert bulk_rows[0]["occupant_load"] == 100 and bulk_rows[0]["overcrowded"] is False


def test_alleys_written_as_a_decimal_of_whole_value_is_taken():
    """§ 164-7: a bowling alley of 12 alleys holds 160 persons (as in the boundary examples); ``12.0`` too."""
    bulk_rows, per_rows = both_paths([{"use_group": "bowling_alley", "area": "1000", "alleys": "12.0"}])
    assert bulk_rows == per_rows
    assert bulk_rows[0]["occupant_load"] == 160


@pytest.mark.parametrize(("written", "message"), [
    ("1e30", f"attendance: 1e30 is too large; at most {MAX_COUNT:,} persons"),
    (str(MAX_COUNT + 1), f"attendance: {MAX_COUNT + 1} is too large; at most 1,000,000,000 persons"),
    ("1" * 40, f"attendance: {'1' * 40} is too large; at most 1,000,000,000 persons"),
    ("10.5", "attendance: '10.5' is not a whole number; a whole number of persons, 0 or more"),
    ("-5.0", "attendance: cannot be negative (got -5.0); a whole number of persons, 0 or more"),
    ("NaN", "attendance: 'NaN' is not a whole number; a whole number of persons, 0 or more"),
    ("ten", "attendance: 'ten' is not a whole number; a whole number of persons, 0 or more"),
])
def test_attendance_refused_names_the_column_and_the_bound(written, message):
    with pytest.raises(RowError) as caught:
        evaluate_row({**HALL, "attendance": written}, setting())
    assert str(caught.value) == message
    bulk_rows, per_rows = both_paths([{**HALL, "attendance": written}])
    assert bulk_rows == per_rows and bulk_rows[0]["error"] == message


def test_attendance_at_the_bound_is_taken():
    bulk_rows, per_rows = both_paths([{**HALL, "attendance": str(MAX_COUNT)}])
    assert bulk_rows == per_rows
    assert bulk_rows[0]["status"] == "ok" and bulk_rows[0]["overcrowded"] is True


def test_alleys_above_the_bound_are_refused():
    with pytest.raises(RowError, match=r"^alleys: 2000000000 is too large; at most 1,000,000,000 alleys$"):
        evaluate_row({"use_group": "bowling_alley", "area": "1000", "alleys": "2000000000"}, setting())


def test_area_with_an_exponent_is_written_plainly_in_the_message():
    """The bound of the law core is ten billion square feet; 5e14 is shown as 500,000,000,000,000, not 5E+14."""
    with pytest.raises(RowError) as caught:
        evaluate_row({"use_group": "business", "area": "5e14"}, setting())
    assert str(caught.value).startswith("area: 500,000,000,000,000 sq_ft is larger than any room or site")
    assert "E+" not in str(caught.value)


def test_area_with_an_exponent_within_bounds_is_evaluated():
    """§ 164-7 business: 100 sq ft per person; 1e3 sq ft → 10 persons."""
    bulk_rows, per_rows = both_paths([{"use_group": "business", "area": "1e3"}])
    assert bulk_rows == per_rows
    assert bulk_rows[0]["area_sq_ft"] == "1000" and bulk_rows[0]["occupant_load"] == 10


def test_jsonl_row_naming_a_key_twice_is_refused_naming_the_key(tmp_path: Path):
    src = tmp_path / "in.jsonl"
    src.write_text('{"use_group": "business", "area": 1500, "area": 3000}\n'
                   '{"use_group": "business", "area": 100, "Mystery": 1, "Mystery": 2}\n'
                   '{"use_group": "business", "area": 100}\n', encoding="utf-8")
    out = tmp_path / "out.jsonl"
    summary = run_batch(src, out, AS_OF)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["status"] for r in rows] == ["error", "error", "ok"]
    assert rows[0]["error"] == "area: given twice in the row"
    assert rows[1]["error"] == "'Mystery': given twice in the row"
    assert rows[2]["occupant_load"] == 1  # § 164-7 business, 100 sq ft per person
    assert summary.errors == 2


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
@pytest.mark.parametrize(("name", "text"), [
    ("in.csv", "use_group,area\nbusiness,100\n"),
    ("in.jsonl", '{"use_group": "business", "area": 100}\n'),
])
def test_utf16_or_utf32_input_is_named_and_refused(tmp_path: Path, encoding, name, text):
    src = tmp_path / name
    src.write_bytes(text.encode(encoding))
    wide = "UTF-32" if encoding.startswith("utf-32") else "UTF-16"
    with pytest.raises(InputError, match=f"is {wide} text; the input must be UTF-8; save it as UTF-8"):
        run_batch(src, tmp_path / "out.csv", AS_OF)
    assert not (tmp_path / "out.csv").exists()


def test_wide_unicode_is_not_said_of_utf8_or_binary_files():
    assert wide_unicode("use_group,área\n".encode()) is None
    assert wide_unicode(b"\xef\xbb\xbfuse_group,area\n") is None  # UTF-8 with a byte-order mark
    assert wide_unicode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR") is None
    assert wide_unicode(b"PAR1\x15\x04\x15\x00\x15\x00") is None


def test_summary_says_row_and_error_in_the_singular(tmp_path: Path):
    src = tmp_path / "in.csv"
    src.write_text("use_group,area\nbusiness,-1\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["batch", str(src), "-o", str(tmp_path / "o.csv"), "--as-of", "2025-01-01"])
    assert result.exit_code == 2
    assert "publicassembly: 1 row: 0 ok, 1 error, " in result.output
    # whole words: the progress line's rate ("71 rows/s") is not a count
    assert not re.search(r"\b1 rows\b(?!/s)", result.output) and not re.search(r"\b1 errors\b", result.output)
