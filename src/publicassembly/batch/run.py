"""One batch run: read chunks, evaluate them, write them, show progress; in constant memory."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import BinaryIO

import pyarrow.compute as pc

from publicassembly.batch.evaluate import OUTPUT_SCHEMA, Setting, evaluate_chunk
from publicassembly.batch.readers import Chunk, ReadError, open_reader
from publicassembly.batch.writers import open_writer, output_format
from publicassembly.law.parameters import ParameterSet


class OutputError(Exception):
    """The output cannot be written (exists without --force, a directory, not writable); exit status 2."""


@dataclass
class Summary:
    """What a run did: rows written, rows ``ok`` and in ``error``, seconds, and the columns ignored."""

    rows: int = 0
    ok: int = 0
    errors: int = 0
    seconds: float = 0.0
    ignored: list[str] = field(default_factory=list)
    stopped: str | None = None  # why reading stopped before the end, if it did

    @property
    def rows_per_second(self) -> float:
        return self.rows / self.seconds if self.seconds > 0 else 0.0


def run_batch(
    source: Path,
    target: Path | None,
    as_of: date,
    *,
    input_format: str | None = None,
    out_format: str | None = None,
    force: bool = False,
    progress: bool = False,
    per_row: bool = False,
    parameters: ParameterSet | None = None,
    on_chunk: Callable[[int], None] | None = None,
) -> Summary:
    """Evaluate every row of `source` and write one output row per input row to `target` (standard output
    when None).

    Raises `InputError` (the input cannot be read at all, also when that shows only as its reading starts),
    `OutputError`, ValueError (an unknown format) and the law core's `ParameterNotInForce` (no values on
    `as_of`), all before anything is written (no output file, nothing on standard output). A row that
    cannot be evaluated becomes an error row; reading that stops part-way (a broken file) is recorded in
    ``Summary.stopped`` after the rows read so far are written."""
    fmt = output_format(target, out_format)
    reader = open_reader(source, input_format)
    setting = Setting.on(as_of, parameters)
    if target is not None:
        _check_target(source, target, force)
    summary = Summary()
    started = time.perf_counter()
    chunks = iter(reader)
    try:
        # The first chunk is read before the output is opened: a file refused as a whole only once its reading
        # starts (`InputError`) leaves no output at all, not even the header row on standard output.
        first: list[Chunk] = []
        try:
            first.append(next(chunks))
        except StopIteration:
            pass
        except ReadError as exc:
            summary.stopped = str(exc)
        with _sink(target) as sink:
            writer = open_writer(sink, fmt, OUTPUT_SCHEMA)
            bar = _progress(reader.total, reader.progress_unit) if progress else nullcontext(None)
            with bar as shown:
                task = shown.add_task("evaluating", total=reader.total, rows=0) if shown is not None else None
                try:
                    for chunk in _then(first, chunks):
                        table = evaluate_chunk(chunk, setting, per_row=per_row)
                        writer.write(table)
                        errors = int(pc.sum(pc.equal(table.column("status"), "error")).as_py() or 0)
                        summary.rows += table.num_rows
                        summary.errors += errors
                        summary.ok += table.num_rows - errors
                        if shown is not None:
                            shown.update(task, completed=chunk.done, rows=summary.rows)
                        if on_chunk is not None:
                            on_chunk(summary.rows)
                except ReadError as exc:
                    summary.stopped = str(exc)
            writer.close()
    finally:
        if isinstance(chunks, Generator):  # the reader's file and threads go now, whatever happened
            chunks.close()
    summary.seconds = time.perf_counter() - started
    summary.ignored = list(reader.ignored)
    return summary


def _then(first: list[Chunk], rest: Iterator[Chunk]) -> Iterator[Chunk]:
    """The chunk already read (taken out of `first`, so that it is not held to the end), then the others."""
    while first:
        yield first.pop()
    yield from rest


def _check_target(source: Path, target: Path, force: bool) -> None:
    if target.exists() and target.is_dir():
        raise OutputError(f"{target}: is a directory; give a file name for the output")
    try:
        same = target.exists() and os.path.samefile(source, target)
    except OSError:
        same = False
    if same:
        raise OutputError(f"{target}: is the input file; write the output to another file")
    if target.exists() and not force:
        raise OutputError(f"{target}: already exists; give --force to overwrite it")
    if not target.parent.exists():
        raise OutputError(f"{target}: its folder {target.parent} does not exist")


class _sink:
    """The output file, written to a temporary file beside it and renamed at the end (an interrupted run
    leaves no half file under the output's name); standard output when the target is None."""

    def __init__(self, target: Path | None) -> None:
        self.target = target
        self.tmp: str | None = None
        self.fh: BinaryIO | None = None

    def __enter__(self) -> BinaryIO:
        if self.target is None:
            return sys.stdout.buffer
        try:
            fd, self.tmp = tempfile.mkstemp(prefix=f".{self.target.name}.", suffix=".part",
                                            dir=self.target.parent)
        except OSError as exc:
            raise OutputError(f"{self.target}: cannot be written ({exc.strerror or exc})") from None
        # mkstemp makes the file readable by its owner alone; the results get the mode any file the user writes
        # gets (0666 less the umask), as the PDFs do.
        umask = os.umask(0o022)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        self.fh = os.fdopen(fd, "wb", buffering=1 << 20)
        return self.fh

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if self.target is None:
            sys.stdout.buffer.flush()
            return
        assert self.fh is not None and self.tmp is not None
        self.fh.close()
        if kind is None:
            os.replace(self.tmp, self.target)
        else:
            os.unlink(self.tmp)


def _progress(total: int | None, unit: str):  # type: ignore[no-untyped-def]
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    done_column = DownloadColumn() if unit == "bytes" else MofNCompleteColumn()
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), done_column,
                    TextColumn("{task.fields[rows]:,} rows"), TimeElapsedColumn(), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=False, refresh_per_second=4)
