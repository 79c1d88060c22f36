"""Batch input and output: CSV, JSON Lines and Parquet in; CSV and JSON Lines out; error rows with their input row
numbers; whole-file problems as clear errors (exit 2); the CLI."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from publicassembly.batch import InputError, OutputError, run_batch
from publicassembly.cli import app

from .helpers import AS_OF

HEADER = "venue_id,space,use_group,area,area_unit,alleys,commercial,attendance\n"


def _csv_rows(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def test_csv_in_csv_out_with_error_rows_numbered_by_record(tmp_path: Path) -> None:
    src = tmp_path / "in.csv"
    src.write_text(HEADER +
                   "v1,Hall,assembly_without_fixed_seats,1500,,,true,\n"
                   "v1,Lanes,bowling_alley,1000,,12,yes,200\n"
                   "\n"  # a blank line is not a row
                   "v2,short,business\n"
                   '"v3","Two\nlines",business,100,,,,\n'
                   "v4,Neg,business,-5,,,,\n"
                   "v5,Gym,gym,100,,,,\n"
                   "v6,Far,business,1,sq_m,,,\n", encoding="utf-8")
    out = tmp_path / "out.csv"
    summary = run_batch(src, out, AS_OF)
    rows = _csv_rows(out)
    assert [r["row"] for r in rows] == ["1", "2", "3", "4", "5", "6", "7"]
    assert [r["status"] for r in rows] == ["ok", "ok", "error", "ok", "error", "error", "ok"]
    assert rows[0]["occupant_load"] == "100" and rows[0]["place_of_assembly"] == "true"
    assert rows[1]["occupant_load"] == "160" and rows[1]["overcrowded"] == "true"
    assert rows[2]["error"] == "(row): has 3 fields where the header has 8 columns"
    assert rows[3]["space"] == "Two\nlines"
    assert rows[4]["error"].startswith("area: an area cannot be negative")
    assert rows[5]["error"].startswith("use_group: 'gym' is not a use group") and "allowed:" in rows[5]["error"]
    assert rows[6]["area_sq_ft"] == "10.7639"
    assert (summary.rows, summary.ok, summary.errors) == (7, 4, 3)


def test_jsonl_in_jsonl_out_numbers_kept_exact(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(
        json.dumps({"use_group": "assembly_without_fixed_seats", "area": 30, "venue_id": "a\"b"}) + "\n"
        '{"use_group": "assembly_fixed_seats", "area": 0.3, "commercial": true}\n'
        "\n"
        "not json\n"
        '["a list"]\n'
        '{"use_group": "business", "area": {"x": 1}}\n'
        '{"USE_GROUP": "school", "Area": "400", "colour": "red"}\n', encoding="utf-8")
    out = tmp_path / "out.jsonl"
    summary = run_batch(src, out, AS_OF)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["row"] for r in rows] == [1, 2, 4, 5, 6, 7]
    assert rows[0]["occupant_load"] == 2 and rows[0]["venue_id"] == 'a"b'
    assert rows[1]["area_sq_ft"] == 0.3 and rows[1]["occupant_load"] == 0
    assert rows[1]["place_of_assembly"] is False and rows[1]["overcrowded"] is None
    assert rows[2]["status"] == "error" and rows[2]["error"].startswith("(row): is not a JSON object")
    assert rows[3]["error"].startswith("(row): must be a JSON object")
    assert rows[4]["error"].startswith("area: must be a number, text")
    assert rows[5]["occupant_load"] == 10 and rows[5]["use_group"] == "school"
    assert summary.ignored == ["colour"]


def test_parquet_in_with_numbers_and_booleans(tmp_path: Path) -> None:
    src = tmp_path / "in.parquet"
    pq.write_table(pa.table({
        "use_group": ["business", "open_air", "bowling_alley", None],
        "area": [1000.0, 0.30000000000000004, 1000.5, 5.0],
        "alleys": pa.array([None, None, 2, None], pa.int32()),
        "commercial": [True, False, None, True],
        "attendance": pa.array([11, None, 1, None], pa.int64()),
    }), src)
    out = tmp_path / "out.csv"
    summary = run_batch(src, out, AS_OF)
    rows = _csv_rows(out)
    assert [r["occupant_load"] for r in rows[:3]] == ["10", "0", "110"]
    assert rows[0]["overcrowded"] == "true"
    assert rows[1]["area_sq_ft"] == "0.3"  # the float's area, counted exact, shown to 4 places (B-3)
    assert rows[3]["row"] == "4" and rows[3]["error"].startswith("use_group: is required")
    assert summary.errors == 1


def test_rows_of_many_chunks_keep_their_numbers(tmp_path: Path) -> None:
    from publicassembly.batch import readers

    src = tmp_path / "in.csv"
    lines = [HEADER]
    for i in range(1, 3001):
        lines.append("v,s,business\n" if i % 997 == 0 else f"v,s,business,{i},,,,\n")
    src.write_text("".join(lines), encoding="utf-8")
    reader = readers.CsvReader(src, block_bytes=4096)
    seen: list[int] = []
    errors: list[int] = []
    for chunk in reader:
        seen += chunk.rows.tolist()
        errors += [r for r, _ in chunk.errors]
    assert errors == [997, 1994, 2991]
    assert sorted(seen + errors) == list(range(1, 3001))


def test_whole_file_problems_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        run_batch(tmp_path / "missing.csv", tmp_path / "o.csv", AS_OF)
    (tmp_path / "x.txt").write_text("a", encoding="utf-8")
    with pytest.raises(InputError, match="cannot tell the format"):
        run_batch(tmp_path / "x.txt", tmp_path / "o.csv", AS_OF)
    (tmp_path / "nocol.csv").write_text("use_group,size\nbusiness,3\n", encoding="utf-8")
    with pytest.raises(InputError, match="no column 'area'"):
        run_batch(tmp_path / "nocol.csv", tmp_path / "o.csv", AS_OF)
    (tmp_path / "empty.csv").write_text("", encoding="utf-8")
    with pytest.raises(InputError, match="empty"):
        run_batch(tmp_path / "empty.csv", tmp_path / "o.csv", AS_OF)
    (tmp_path / "bad.parquet").write_bytes(b"PAR1 not really")
    with pytest.raises(InputError, match="Parquet"):
        run_batch(tmp_path / "bad.parquet", tmp_path / "o.csv", AS_OF)
    (tmp_path / "folder.csv").mkdir()
    with pytest.raises(InputError, match="is a folder; give one input file"):
        run_batch(tmp_path / "folder.csv", tmp_path / "o.csv", AS_OF)


def test_unclosed_quote_is_named_as_the_cause(tmp_path: Path) -> None:
    """A quote opened and never closed swallows the rest of the file into one field: the error row says so
    rather than only blaming the number of columns."""
    src = tmp_path / "q.csv"
    src.write_text('use_group,area\n"assembly_unconcentrated,1000\nbusiness,200\n', encoding="utf-8")
    run_batch(src, tmp_path / "o.csv", AS_OF)
    rows = list(csv.DictReader(io.StringIO((tmp_path / "o.csv").read_text(encoding="utf-8"))))
    assert [r["status"] for r in rows] == ["error"]
    assert rows[0]["row"] == "1"
    assert "never closed" in rows[0]["error"] and "has 1 field where the header has 2 columns" in rows[0]["error"]


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_output_file_gets_the_mode_of_any_file_the_user_writes(tmp_path: Path, umask: int) -> None:
    """The results are written to a temporary file and renamed: they get 0666 less the umask (0644 under the
    usual 022), as the PDFs do, not the temporary file's owner-only 0600."""
    import os
    import stat

    src = tmp_path / "in.csv"
    src.write_text(HEADER + "v,s,business,100,,,,\n", encoding="utf-8")
    out = tmp_path / "out.csv"
    before = os.umask(umask)
    try:
        run_batch(src, out, AS_OF)
    finally:
        os.umask(before)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~umask


def test_output_is_not_overwritten_without_force(tmp_path: Path) -> None:
    src = tmp_path / "in.csv"
    src.write_text(HEADER + "v,s,business,100,,,,\n", encoding="utf-8")
    out = tmp_path / "out.csv"
    out.write_text("keep", encoding="utf-8")
    with pytest.raises(OutputError, match="--force"):
        run_batch(src, out, AS_OF)
    assert out.read_text(encoding="utf-8") == "keep"
    run_batch(src, out, AS_OF, force=True)
    assert _csv_rows(out)[0]["occupant_load"] == "1"


def test_cli_batch_exit_codes_and_messages(tmp_path: Path) -> None:
    runner = CliRunner()
    src = tmp_path / "in.csv"
    src.write_text(HEADER + "v,s,business,100,,,,\n", encoding="utf-8")
    result = runner.invoke(app, ["batch", str(src), "-o", str(tmp_path / "o.jsonl"), "--as-of", "2025-01-01"])
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "o.jsonl").read_text(encoding="utf-8"))["occupant_load"] == 1
    again = runner.invoke(app, ["batch", str(src), "-o", str(tmp_path / "o.jsonl")])
    assert again.exit_code == 2 and "already exists" in again.output
    missing = runner.invoke(app, ["batch", str(tmp_path / "nope.csv"), "-o", str(tmp_path / "p.csv")])
    assert missing.exit_code == 2 and "no such file" in missing.output
    src.write_text(HEADER + "v,s,business,-100,,,,\n", encoding="utf-8")
    bad = runner.invoke(app, ["batch", str(src), "-o", str(tmp_path / "q.csv"), "-q"])
    assert bad.exit_code == 2 and "1 row could not be evaluated" in bad.output
    early = runner.invoke(app, ["batch", str(src), "-o", str(tmp_path / "r.csv"), "--as-of", "1900-01-01"])
    assert early.exit_code == 2 and "--as-of" in early.output
    assert "Input columns" in runner.invoke(app, ["batch", "--help"]).output


@pytest.mark.parametrize(("output", "named"), [("-", "standard output"), (" - ", "standard output"),
                                              ("q.csv", "q.csv")])
def test_cli_batch_error_rows_name_where_they_were_written(tmp_path: Path, monkeypatch, output, named) -> None:
    """``-o -`` ended with "see the status and error columns of -": standard output is named in words."""
    monkeypatch.chdir(tmp_path)
    src = tmp_path / "in.csv"
    src.write_text(HEADER + "v,s,business,-100,,,,\n", encoding="utf-8")
    bad = CliRunner().invoke(app, ["batch", str(src), "-o", output, "-q", "--as-of", "2025-01-01"])
    assert bad.exit_code == 2
    assert bad.stderr == ("publicassembly: error: 1 row could not be evaluated; see the status and error columns "
                          f"of {named}\n")


def test_csv_cell_that_is_not_utf8_is_an_error_of_its_row_and_column(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 (``caf\\xe9``, Latin-1) are never replaced by U+FFFD and evaluated: the row is an
    error naming the column, as `check` refuses them; valid UTF-8 (``oké``, a genuine U+FFFD) and the rows
    around it are still evaluated."""
    src = tmp_path / "latin1.csv"
    src.write_bytes(b"venue_id,space,use_group,area\n"
                    b"v1,caf\xe9,business,1000\n"
                    b"v2,hall,business,300\n"
                    b"v3,ok\xc3\xa9 \xef\xbf\xbd,business,150\n"
                    b"v4,x,busin\xffess,150\n")
    out = tmp_path / "o.csv"
    summary = run_batch(src, out, AS_OF)
    rows = _csv_rows(out)
    assert [r["row"] for r in rows] == ["1", "2", "3", "4"]
    assert [r["status"] for r in rows] == ["error", "ok", "ok", "error"]
    assert rows[0]["error"] == "space: is not UTF-8 text" and rows[0]["venue_id"] == "v1"
    assert "\ufffd" not in rows[0]["space"]
    assert rows[1]["occupant_load"] == "3"
    assert rows[2]["space"] == "oké \ufffd" and rows[2]["occupant_load"] == "1"
    assert rows[3]["error"] == "use_group: is not UTF-8 text"
    assert (summary.ok, summary.errors) == (2, 2)


def test_csv_bytes_not_utf8_late_in_a_file_of_many_blocks(tmp_path: Path) -> None:
    """Rows read before the first bytes that are not UTF-8 keep the fast path; the row holding them, and only
    it, is an error, whichever block it falls in."""
    src = tmp_path / "late.csv"
    lines = [b"use_group,area,space\n"]
    for i in range(1, 3001):
        lines.append(b"business,100,caf\xe9\n" if i in (1500, 2999) else b"business,100,s\xc3\xa9\n")
    src.write_bytes(b"".join(lines))
    from publicassembly.batch import readers
    from publicassembly.batch.evaluate import Setting, evaluate_chunk

    s = Setting.on(AS_OF)
    statuses: dict[int, tuple[str, str | None]] = {}
    for chunk in readers.CsvReader(src, block_bytes=4096):
        for r in evaluate_chunk(chunk, s).to_pylist():
            statuses[r["row"]] = (r["status"], r["error"])
    assert sorted(statuses) == list(range(1, 3001))
    assert {r for r, (st, _) in statuses.items() if st == "error"} == {1500, 2999}
    assert statuses[1500] == ("error", "space: is not UTF-8 text")


def test_jsonl_line_that_is_not_utf8_names_its_column(tmp_path: Path) -> None:
    src = tmp_path / "latin1.jsonl"
    src.write_bytes(b'{"space": "caf\xe9", "use_group": "business", "area": 10}\n'
                    b'{"space": "x", "use_group": "business", "area": 300}\n'
                    b'{"sp\xe9": "x", "use_group": "business", "area": 10}\n'
                    b'{"space": "caf\xe9", "use_group": "business", "area": 10\n')
    out = tmp_path / "o.csv"
    run_batch(src, out, AS_OF)
    rows = _csv_rows(out)
    assert [(r["row"], r["status"], r["error"]) for r in rows] == [
        ("1", "error", "space: is not UTF-8 text"), ("2", "ok", ""),
        ("3", "error", "(row): is not UTF-8 text"), ("4", "error", "(row): is not UTF-8 text")]


def test_cli_batch_of_bytes_not_utf8_exits_2_and_names_the_row(tmp_path: Path) -> None:
    src = tmp_path / "latin1.csv"
    src.write_bytes(b"use_group,area,space\nbusiness,100,caf\xe9\nbusiness,100,hall\n")
    out = tmp_path / "o.csv"
    result = CliRunner().invoke(app, ["batch", str(src), "-o", str(out), "--as-of", AS_OF.isoformat()])
    assert result.exit_code == 2, result.output
    rows = _csv_rows(out)
    assert rows[0]["error"] == "space: is not UTF-8 text" and rows[1]["status"] == "ok"


def test_csv_row_with_too_few_fields_and_bytes_not_utf8_is_one_error_row(tmp_path: Path) -> None:
    """A short row holding bytes that are not UTF-8 is reported by its field count; the next row is evaluated
    (Arrow's handler of bad rows reads the row as text, so it must never be given bytes that are not UTF-8)."""
    src = tmp_path / "short.csv"
    src.write_bytes(b"use_group,area,space\nbusiness\xe9\nbusiness,100,ok\n")
    out = tmp_path / "o.csv"
    run_batch(src, out, AS_OF)
    rows = _csv_rows(out)
    assert [(r["row"], r["status"]) for r in rows] == [("1", "error"), ("2", "ok")]
    assert rows[0]["error"] == "(row): has 1 field where the header has 3 columns"


def test_csv_cell_holding_the_noncharacter_mark_is_refused_like_bytes_not_utf8(tmp_path: Path) -> None:
    """U+FDD0 is a noncharacter (reserved for internal use) and marks bytes that are not UTF-8: a cell holding it
    is refused with the same message; U+FDCF and U+FDF0 beside it are ordinary text."""
    src = tmp_path / "mark.csv"
    src.write_text("use_group,area,space\nbusiness,100,a\ufdd0\nbusiness,100,\ufdcf\ufdf0\n", encoding="utf-8")
    out = tmp_path / "o.csv"
    run_batch(src, out, AS_OF)
    rows = _csv_rows(out)
    assert [(r["status"], r["error"]) for r in rows] == [("error", "space: is not UTF-8 text"), ("ok", "")]
    assert rows[1]["space"] == "\ufdcf\ufdf0"
