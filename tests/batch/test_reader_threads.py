"""The CSV reader gives Arrow each block it reads as a buffer that only the interpreter can release; Arrow may
release the last ones on its own thread after the reading is over. Ending the command before that aborted the
whole process at exit (about 1 run in 300 of `batch` on a header-only file under load: "terminate called
without an active exception", exit 134, the output already written). The reader now counts the blocks Arrow
holds and, when the reading is over, waits until it holds none."""

from __future__ import annotations

import io
from pathlib import Path

import pyarrow.csv as pa_csv
import pytest

from publicassembly.batch import readers
from publicassembly.batch.readers import CsvReader


def test_arrow_holds_no_block_once_the_guard_is_drained(tmp_path: Path) -> None:
    path = tmp_path / "spaces.csv"
    path.write_text("use_group,area\n" + "assembly_without_fixed_seats,100\n" * 5000, encoding="utf-8")
    with path.open("rb") as raw:
        guard = readers._Utf8Guard(raw)
        reader = pa_csv.open_csv(guard, read_options=pa_csv.ReadOptions(use_threads=False, block_size=4096))
        first = reader.read_next_batch()
        guard.consumed()
        assert first.num_rows > 0
        rows = first.num_rows
        for batch in reader:
            guard.consumed()
            rows += batch.num_rows
        assert rows == 5000
        guard.unthrottle()
        del reader, first, batch  # the loop's last batch too: nothing of Arrow's is left here
        guard.drain(timeout=30.0)  # a bound, not a timing: under a loaded machine Arrow may let go late
        assert guard._held == 0 and not guard._watch


@pytest.mark.parametrize("body", ["", "assembly_without_fixed_seats,100\n", "x,1\n" * 3])
def test_every_reading_ends_with_no_block_held(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> None:
    """Through the reader itself: a header-only file, one row, bad rows — the guard, if any, is drained each
    time."""
    guards: list[readers._Utf8Guard] = []
    real = readers._Utf8Guard

    def watched(raw):  # type: ignore[no-untyped-def]
        guard = real(raw)
        guards.append(guard)
        return guard

    monkeypatch.setattr(readers, "_Utf8Guard", watched)
    path = tmp_path / "spaces.csv"
    path.write_text("use_group,area\n" + body, encoding="utf-8")
    rows = sum(len(chunk.rows) for chunk in CsvReader(path))
    assert rows == body.count("\n")  # every data row read (a bad use group is refused later, by the law)
    # a header-only file is not given to Arrow at all (it has no rows; Arrow refuses a lone header without a
    # line break): no guard, no block held
    assert len(guards) == (1 if body else 0)
    assert all(guard._held == 0 and not guard._watch for guard in guards)


@pytest.mark.parametrize("content", [b"", b"use_group,area\n" * 2])
def test_blocks_of_equal_bytes_are_each_counted_back(content: bytes) -> None:
    """Two blocks of equal bytes given out at once (two empty reads at the end of the file; two equal halves of a
    repetitive file) are each counted back when let go. A weak reference hashes and compares as its block does:
    kept in a set, the second was dropped with its callback, that block was never counted back, and `drain` waited
    its whole timeout (the CSV reading of a batch ended seconds late, and the test above failed now and then)."""
    guard = readers._Utf8Guard(io.BufferedReader(io.BytesIO(content)))  # type: ignore[arg-type]
    half = len(content) // 2
    first, second = guard.read(half), guard.read(half)
    assert first == second and first is not second
    assert guard._held == 2
    del first, second
    assert guard._held == 0 and not guard._watch
