"""A CSV of a header and no rows is evaluated as zero rows (exit 0, a header-only output) whether or not its header
ends in a line break: Arrow refuses a lone header without one ("Empty CSV file or block"), which made the run
exit 2 after the output's header row was already on standard output. A file with no header row at all (0 bytes,
or a blank first line) is refused naming the file, exit 2, and nothing is written; nor is anything written when
the input is refused only once its reading starts."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from publicassembly.batch import InputError, readers
from publicassembly.batch.columns import INPUT_NAMES, OUTPUT_NAMES
from publicassembly.batch.readers import ReadError
from publicassembly.cli import app

from .helpers import AS_OF

#: The output's CSV header row, exactly as written (Arrow quotes every name).
OUTPUT_HEADER = ",".join(f'"{name}"' for name in OUTPUT_NAMES) + "\n"
NO_HEADER = ("no header row ({why}); the first row must name the columns (" + ", ".join(INPUT_NAMES) + ")")


def _batch(src: Path, *options: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, ["batch", str(src), "--as-of", AS_OF.isoformat(), "-q", *options])


HEADER_ONLY = [
    pytest.param(b"use_group,area", id="no-final-newline"),
    pytest.param(b"use_group,area\n", id="final-newline"),
    pytest.param(b"use_group,area\r\n", id="final-crlf"),
    pytest.param(b"use_group,area\r", id="final-cr"),
    pytest.param(b"use_group,area\n\n\r\n", id="blank-lines-after"),
    pytest.param(b"\xef\xbb\xbfuse_group,area", id="bom-no-final-newline"),
    pytest.param(b'"venue_id","use_group","area"', id="quoted-no-final-newline"),
]


@pytest.mark.parametrize("data", HEADER_ONLY)
def test_header_only_csv_to_standard_output_is_zero_rows_and_exit_0(tmp_path: Path, data: bytes) -> None:
    src = tmp_path / "spaces.csv"
    src.write_bytes(data)
    result = _batch(src, "-o", "-")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == OUTPUT_HEADER


@pytest.mark.parametrize("data", HEADER_ONLY)
def test_header_only_csv_to_a_file_is_zero_rows_and_exit_0(tmp_path: Path, data: bytes) -> None:
    src = tmp_path / "spaces.csv"
    src.write_bytes(data)
    out = tmp_path / "out.csv"
    result = _batch(src, "-o", str(out))
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert out.read_text(encoding="utf-8") == OUTPUT_HEADER


def test_header_only_csv_with_and_without_final_newline_give_the_same_summary(tmp_path: Path) -> None:
    summaries = []
    for name, data in (("a.csv", "use_group,area"), ("b.csv", "use_group,area\n")):
        (tmp_path / name).write_text(data, encoding="utf-8")
        result = CliRunner().invoke(app, ["batch", str(tmp_path / name), "-o", "-", "--output-format", "jsonl"])
        assert result.exit_code == 0, result.output
        assert result.stdout == ""  # JSON Lines has no header: no rows, nothing
        summaries.append(result.stderr.split(", ")[:2])
    assert summaries[0] == summaries[1] == ["publicassembly: 0 rows: 0 ok", "0 errors"]


def test_header_only_csv_is_not_given_to_arrow(tmp_path: Path) -> None:
    src = tmp_path / "spaces.csv"
    src.write_text("use_group,area", encoding="utf-8")
    reader = readers.CsvReader(src)
    assert reader.header_only and reader.columns == ["use_group", "area"]
    assert list(reader) == []
    src.write_text("use_group,area\nbusiness,100", encoding="utf-8")  # one row, no final newline: read
    reader = readers.CsvReader(src)
    assert not reader.header_only
    assert [chunk.rows.tolist() for chunk in reader] == [[1]]


def test_header_only_csv_still_needs_the_required_columns(tmp_path: Path) -> None:
    src = tmp_path / "spaces.csv"
    src.write_text("use_group,size", encoding="utf-8")
    result = _batch(src, "-o", "-")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(f"publicassembly: error: {src}: no column 'area'; the input needs the columns")


@pytest.mark.parametrize(("data", "why"), [
    (b"", "the file is empty"),
    (b"\xef\xbb\xbf", "the file is empty"),  # only a byte-order mark
    (b"\n", "the first line names no column"),
    (b"\r\n", "the first line names no column"),
    (b"\nuse_group,area\nbusiness,100\n", "the first line names no column"),
    (b" , \n", "the first line names no column"),
])
def test_csv_without_a_header_row_is_refused_naming_the_file_and_nothing_is_written(
        tmp_path: Path, data: bytes, why: str) -> None:
    src = tmp_path / "spaces.csv"
    src.write_bytes(data)
    to_stdout = _batch(src, "-o", "-")
    assert (to_stdout.exit_code, to_stdout.stdout) == (2, "")
    assert to_stdout.stderr == f"publicassembly: error: {src}: {NO_HEADER.format(why=why)}\n"
    out = tmp_path / "out.csv"
    to_file = _batch(src, "-o", str(out))
    assert (to_file.exit_code, to_file.stderr) == (2, to_stdout.stderr)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["spaces.csv"]  # no output, no temporary file


def _reading_refused(self: readers.CsvReader):  # type: ignore[no-untyped-def]
    raise InputError(f"{self.path}: cannot be read as CSV (refused as the reading starts)")
    yield  # a generator, as the readers are: the error comes when the first chunk is asked for


def _reading_stopped(self: readers.CsvReader):  # type: ignore[no-untyped-def]
    raise ReadError(0, "reading stopped after row 0: the CSV cannot be read further (broken)")
    yield


def test_input_refused_once_its_reading_starts_writes_nothing_to_standard_output(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever makes a reader refuse the file at its first chunk, the output is not begun: no header row on
    standard output, no output file."""
    src = tmp_path / "spaces.csv"
    src.write_text("use_group,area\nbusiness,100\n", encoding="utf-8")
    monkeypatch.setattr(readers.CsvReader, "__iter__", _reading_refused)
    result = _batch(src, "-o", "-")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"publicassembly: error: {src}: cannot be read as CSV (refused as the reading starts)\n"
    result = _batch(src, "-o", str(tmp_path / "out.csv"))
    assert result.exit_code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["spaces.csv"]


def test_reading_stopped_at_the_first_chunk_still_writes_the_rows_before_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file that breaks part-way (exit 1) is not refused as a whole: the rows before it (here none) are
    written, as before the first chunk was read ahead of the output."""
    src = tmp_path / "spaces.csv"
    src.write_text("use_group,area\nbusiness,100\n", encoding="utf-8")
    monkeypatch.setattr(readers.CsvReader, "__iter__", _reading_stopped)
    result = _batch(src, "-o", "-")
    assert (result.exit_code, result.stdout) == (1, OUTPUT_HEADER)
    assert result.stderr == (f"publicassembly: error: {src}: reading stopped after row 0: the CSV cannot be read "
                             "further (broken)\n")
