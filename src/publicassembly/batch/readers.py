"""Streaming readers of batch input (CSV, JSON Lines, Parquet): chunks of text columns with input row numbers.

Every reader yields `Chunk`s of at most a few tens of thousands of rows, so memory stays constant whatever the
size of the file. A cell is kept as text (a Parquet number is turned into its shortest decimal text), so that the
evaluation parses every number exactly, the same way for every format; a column of text (`TEXT_NAMES`) is never
made from numbers (a Parquet column of numbers there refuses the file). A row that cannot be read at all (a CSV
record with the wrong number of fields, a JSON line that is not an object) becomes an entry of
``Chunk.errors``; a problem with the whole file (missing, unreadable, no header, a required column absent)
raises `InputError`.
"""

from __future__ import annotations

import codecs
import csv
import gc
import io
import json
import os
import threading
import time
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

from publicassembly.batch.columns import INPUT_NAMES, PROBLEMS_SEPARATOR, REQUIRED_NAMES, TEXT_NAMES
from publicassembly.batch.encodings import SAMPLE_BYTES, wide_unicode
from publicassembly.law.cases import RepeatedKey, unique_keys

#: Formats by file-name ending.
FORMATS: dict[str, str] = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".parquet": "parquet",
                           ".pq": "parquet"}
INPUT_FORMATS: tuple[str, ...] = ("csv", "jsonl", "parquet")

#: Rows per chunk for JSON Lines and Parquet; CSV chunks follow `CSV_BLOCK_BYTES`.
CHUNK_ROWS = 65_536
CSV_BLOCK_BYTES = 4 << 20


class InputError(Exception):
    """The input file as a whole cannot be read (exit status 2): the message says what and what is allowed."""


class ReadError(Exception):
    """Reading stopped part-way through the file (e.g. a CSV quote never closed); ``row`` is the last row read."""

    def __init__(self, row: int, message: str) -> None:
        self.row = row
        super().__init__(message)


@dataclass
class Chunk:
    """Rows read together.

    - ``columns``: input column name → array of text (``pa.string()``, or ``pa.binary()`` not yet checked as
      UTF-8: from Parquet, and from CSV once bytes that are not UTF-8 were seen, see `_Utf8Guard`), one element per row read; a
      column absent from the file is absent here
    - ``rows``: the input row number of each element (int64, from 1)
    - ``errors``: ``(row, message)`` for rows that could not be read at all
    - ``done``: progress so far, in the reader's ``progress_unit`` (bytes or rows)
    - ``error_cells``: of such a row, what it gives of the columns its error row echoes (row → column →
      text; `ECHOED`), where it can be read: a CSV row of too few or too many fields (not one whose quote is
      never closed), a JSON Lines row that is an object (not one that is not JSON), each column given once as
      text
    """

    columns: dict[str, pa.Array]
    rows: np.ndarray
    errors: list[tuple[int, str]] = field(default_factory=list)
    done: int = 0
    error_cells: dict[int, dict[str, str]] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.rows)


#: The columns an error row echoes as the row gives them (`evaluate.error_fields`), so that it can be found.
ECHOED = ("venue_id", "space", "use_group")


def detect_format(path: Path, given: str | None) -> str:
    """The input format: `given` (csv, jsonl, parquet) or the file's ending. Raises `InputError`."""
    if given:
        fmt = given.strip().lower()
        if fmt not in INPUT_FORMATS:
            raise InputError(f"--format: {given!r} is not an input format; allowed: {', '.join(INPUT_FORMATS)}")
        return fmt
    if path.is_dir():
        raise InputError(f"{path}: is a folder; give one input file (.csv, .jsonl, .ndjson or .parquet)")
    fmt_by_suffix = FORMATS.get(path.suffix.lower())
    if fmt_by_suffix is None:
        raise InputError(f"{path}: cannot tell the format from the ending {path.suffix!r}; use .csv, .jsonl "
                         "(or .ndjson), .parquet, or give --format csv|jsonl|parquet")
    return fmt_by_suffix


def normalise(name: str) -> str:
    """A column name as matched: trimmed, lower case, a leading byte-order mark removed."""
    return name.lstrip("\ufeff").strip().lower()


def _check_header(path: Path, names: list[str]) -> tuple[dict[str, str], list[str]]:
    """Map known input columns to the file's own names; the other names. Raises `InputError`."""
    mapping: dict[str, str] = {}
    ignored: list[str] = []
    for original in names:
        key = normalise(original)
        if key in INPUT_NAMES:
            if key in mapping:
                raise InputError(f"{path}: the column {key!r} appears twice in the header")
            mapping[key] = original
        else:
            ignored.append(original)
    absent = [c for c in REQUIRED_NAMES if c not in mapping]
    if absent:
        raise InputError(f"{path}: no column {', '.join(repr(a) for a in absent)}; the input needs the columns "
                         f"{', '.join(REQUIRED_NAMES)} (others allowed: "
                         f"{', '.join(c for c in INPUT_NAMES if c not in REQUIRED_NAMES)})")
    return mapping, ignored


def _open(path: Path) -> io.BufferedReader:
    try:
        if path.is_dir():
            raise InputError(f"{path}: is a directory, not a file")
        return open(path, "rb")  # noqa: SIM115 - closed by the reader's iterator
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except PermissionError:
        raise InputError(f"{path}: not allowed to read it (permission denied)") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({exc.strerror or exc})") from None


def _refuse_wide_unicode(path: Path, fh: io.BufferedReader) -> None:
    """Raise `InputError` when the file is UTF-16 or UTF-32 text (the input must be UTF-8); `fh` is left at its
    start."""
    head = fh.read(SAMPLE_BYTES)
    fh.seek(0)
    name = wide_unicode(head)
    if name is not None:
        raise InputError(f"{path}: is {name} text; the input must be UTF-8; save it as UTF-8")


class Reader:
    """Base of the readers: ``columns`` (known columns present), ``ignored`` (other column names),
    ``total`` (progress total or None) and ``progress_unit``."""

    progress_unit = "bytes"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.columns: list[str] = []
        self.ignored: list[str] = []
        self.total: int | None = None

    def __iter__(self) -> Iterator[Chunk]:  # pragma: no cover - abstract
        raise NotImplementedError


class CsvReader(Reader):
    """CSV with a header row (UTF-8, optional byte-order mark; quoted fields may hold commas and line breaks).

    Rows are numbered from 1 by data record: the header and blank lines are not counted. A file of a header and
    nothing else but line breaks (``header_only``) has no rows, whether or not its header ends in a line break."""

    def __init__(self, path: Path, block_bytes: int = CSV_BLOCK_BYTES) -> None:
        super().__init__(path)
        self.block_bytes = block_bytes
        with _open(path) as fh:
            self.total = os.fstat(fh.fileno()).st_size
            _refuse_wide_unicode(path, fh)
            text = io.TextIOWrapper(fh, encoding="utf-8-sig", errors="replace", newline="")
            try:
                header = next(csv.reader(text), None)
            except csv.Error as exc:
                raise InputError(f"{path}: the header row cannot be read as CSV ({exc})") from None
            self.header_only = header is not None and _only_line_breaks(text)
        if not header or not any(h.strip() for h in header):
            what = "the file is empty" if header is None else "the first line names no column"
            raise InputError(f"{path}: no header row ({what}); the first row must name the columns "
                             f"({', '.join(INPUT_NAMES)})")
        if "\ufffd" in "".join(header):
            raise InputError(f"{path}: the header row is not UTF-8 text")
        self.mapping, self.ignored = _check_header(path, header)
        if len(set(header)) != len(header):
            dupes = sorted({h for h in header if header.count(h) > 1})
            raise InputError(f"{path}: the header names {', '.join(repr(d) for d in dupes)} more than once")
        self.columns = list(self.mapping)
        #: Where the header puts each echoed column (`ECHOED`) the file has: column → position from 0.
        self.echoed = {c: header.index(self.mapping[c]) for c in ECHOED if c in self.mapping}

    def __iter__(self) -> Iterator[Chunk]:
        import pyarrow.csv as pa_csv

        if self.header_only:  # no rows: nothing for Arrow, which refuses a lone header without a line break
            return
        bad: list[tuple[int, str]] = []  # (data record number, message), in file order
        given: dict[int, dict[str, str]] = {}  # (data record number → the echoed cells it gives)

        def invalid(row: Any) -> str:
            number = row.number - 1 if row.number is not None else -1
            message = (f"(row): has {row.actual_columns} field{'s' if row.actual_columns != 1 else ''} "
                       f"where the header has {row.expected_columns} columns")
            if (row.text or "").count('"') % 2 == 1:
                message += ('; a quote (") opened in this row is never closed, so the rows after it were read '
                            "as part of one field")
            else:
                given[number] = self._row_cells(row.text or "")
            bad.append((number, message))
            return "skip"

        originals = [self.mapping[c] for c in self.columns]
        with _open(self.path) as raw:
            fh = _Utf8Guard(raw)
            try:
                reader = pa_csv.open_csv(
                    fh,
                    read_options=pa_csv.ReadOptions(use_threads=False, block_size=self.block_bytes),
                    parse_options=pa_csv.ParseOptions(newlines_in_values=True, invalid_row_handler=invalid),
                    convert_options=pa_csv.ConvertOptions(
                        column_types={o: pa.binary() for o in originals}, include_columns=originals,
                        strings_can_be_null=False, quoted_strings_can_be_null=False),
                )
            except (pa.ArrowException, OSError) as exc:
                raise InputError(f"{self.path}: cannot be read as CSV ({_arrow_message(exc)})") from None
            try:
                for chunk in self._batches(reader, fh, raw, bad):
                    chunk.error_cells = {n: given.pop(n) for n, _ in chunk.errors if n in given}
                    yield chunk
            finally:
                fh.unthrottle()
                del reader  # Arrow's reader goes now, not when the interpreter exits
                fh.drain()

    def _row_cells(self, text: str) -> dict[str, str]:
        """The echoed columns (`ECHOED`) a CSV row of fewer or more fields than the header gives, by their place
        in the header (``v2,Hall`` under ``venue_id,space,use_group,area``: venue_id v2, space Hall; a row of
        more fields gives each column the cell at its place, the fields beyond the header's not read): its
        cells as written, each where the row has one (a cell holding bytes that are not UTF-8, `NOT_UTF8_MARK`,
        is left out, as the evaluation leaves such a cell)."""
        try:
            cells = next(csv.reader(io.StringIO(text)), [])
        except csv.Error:
            return {}
        return {c: cells[i] for c, i in self.echoed.items() if i < len(cells) and NOT_UTF8_MARK not in cells[i]}

    def _batches(self, reader: Any, fh: _Utf8Guard, raw: io.BufferedReader,
                 bad: list[tuple[int, str]]) -> Iterator[Chunk]:
        good = 0  # good records yielded so far
        settled = 0  # bad records emitted so far
        pending: list[tuple[int, str]] = []
        last_row = 0
        while True:
            try:
                batch = reader.read_next_batch()
            except StopIteration:
                break
            except (pa.ArrowException, OSError) as exc:
                raise ReadError(last_row, f"reading stopped after row {last_row}: the CSV cannot be "
                                          f"read further ({_arrow_message(exc)})") from None
            fh.consumed()
            pending.extend(bad)
            bad.clear()
            n = batch.num_rows
            rows = _good_rows(good, n, settled, [b for b, _ in pending])
            good += n
            if n:
                last_row = int(rows[-1])
            emit = [p for p in pending if p[0] < last_row or n == 0]
            pending = [p for p in pending if not (p[0] < last_row or n == 0)]
            settled += len(emit)
            # Read as binary (a cell is never refused by Arrow). While `_Utf8Guard` has seen only UTF-8, every
            # byte of this batch was checked: taken as text without a second check (a zero-copy view). After
            # it has seen bytes that are not UTF-8, the cells stay binary and the evaluation checks each one
            # (a cell that is not UTF-8 is an error of its row and column).
            if fh.invalid:
                columns = {c: _restore_not_utf8(batch.column(i)) for i, c in enumerate(self.columns)}
            else:
                columns = {c: batch.column(i).view(pa.string()) for i, c in enumerate(self.columns)}
            yield Chunk(columns, rows, emit, raw.tell())
        pending.extend(bad)
        if pending:
            yield Chunk({}, np.empty(0, dtype=np.int64), pending, self.total or 0)


def _only_line_breaks(text: io.TextIOWrapper) -> bool:
    """Whether `text` holds nothing from where it stands but line breaks (blank lines, which are no rows): read
    in blocks, stopping at the first other character, so a file of rows is hardly read."""
    while block := text.read(1 << 16):
        if block.strip("\r\n"):
            return False
    return True


#: What `_Utf8Guard` puts in place of bytes that are not UTF-8: a noncharacter, which Unicode reserves for
#: such internal use. A cell holding it is refused as not UTF-8 text (a genuine U+FDD0 in the input too).
NOT_UTF8_MARK = "\ufdd0"
_MARK_BYTES = NOT_UTF8_MARK.encode("utf-8")
_MARK_ERRORS = "publicassembly-not-utf8"
codecs.register_error(_MARK_ERRORS, lambda exc: (NOT_UTF8_MARK, exc.end))  # type: ignore[attr-defined]


def _restore_not_utf8(column: pa.Array) -> pa.Array:
    """A CSV column read after `_Utf8Guard` marked bytes that are not UTF-8: binary, each mark a byte that is not
    UTF-8 again (``\xff``), so that the evaluation refuses the cell ("space: is not UTF-8 text")."""
    import pyarrow.compute as pc

    return pc.replace_substring(column, _MARK_BYTES, b"\xff")


class _Utf8Guard(io.RawIOBase):
    """The CSV bytes as valid UTF-8 for Arrow: ASCII blocks pass unchanged (checked at memory speed); bytes that
    are not UTF-8 become `NOT_UTF8_MARK` and set ``invalid`` (for good: from then on the reader turns each mark
    back into bytes that are not UTF-8, so that the evaluation refuses the cell in its row and column, "space:
    is not UTF-8 text", while the rest of the file is still evaluated). Arrow is always given UTF-8: its handler
    of a row with the wrong number of fields decodes the row's text.

    It also keeps memory constant: Arrow's streaming CSV reader reads ahead on a background thread as fast as it
    can (the whole file, if let); here each read waits until the consumer is at most `AHEAD` blocks behind
    (`consumed` gives a permit back for each batch taken). A batch is returned only after the blocks holding its
    rows were read, so ``invalid`` still False when a batch arrives means that its cells hold no mark."""

    AHEAD = 4
    DRAIN_STEP = 0.1  # seconds `drain` waits before collecting garbage and waiting again

    def __init__(self, raw: io.BufferedReader) -> None:
        super().__init__()
        self._raw = raw
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors=_MARK_ERRORS)
        self._permits = threading.Semaphore(self.AHEAD)
        self._free = False
        self._held = 0  # blocks given to Arrow (read or being read) and not yet released by it
        # the weak references to the blocks given out, by their identity: a weak reference hashes and compares
        # as its block does, so in a set two blocks of equal bytes (two empty reads at the end of the file, two
        # equal lines' worth of a repetitive file) would keep one reference, the other would be dropped with
        # its callback, and that block would never be counted back
        self._watch: dict[int, weakref.ref[memoryview]] = {}
        self._idle = threading.Condition()
        self.invalid = False

    def consumed(self) -> None:
        """One batch was taken: one more block may be read."""
        self._permits.release()

    def unthrottle(self) -> None:
        """Reading is over (or abandoned): let any waiting read go on, and every later read."""
        self._free = True
        self._permits.release(2)  # Arrow reads from one thread at a time: one waiting read at most

    def drain(self, timeout: float = 5.0) -> None:
        """Wait (at most `timeout` seconds) until Arrow holds none of the blocks it read. Arrow keeps a block
        read from Python as a buffer that only the interpreter can release, and may release the last ones on one
        of its own threads after the reading is over; should the command end first, that thread would need the
        interpreter while it shuts down, be stopped by it, and abort the whole process ("terminate called
        without an active exception", exit 134, after all the output was written). Called when the reading is
        over. A block still held after a first short wait may be kept only by objects in a reference cycle:
        garbage is collected (outside the lock: a collected block calls back `_release`) before each further
        wait."""
        deadline = time.monotonic() + timeout
        while True:
            with self._idle:
                left = deadline - time.monotonic()
                if self._idle.wait_for(lambda: self._held == 0, max(0.0, min(left, self.DRAIN_STEP))) or left <= 0:
                    return
            gc.collect()

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> memoryview:
        with self._idle:
            self._held += 1
        try:
            view = memoryview(self._read(size))
        except BaseException:
            self._release(None)
            raise
        with self._idle:
            ref = weakref.ref(view, self._release)  # counted back when Arrow lets the block go
            self._watch[id(ref)] = ref
        return view

    def _release(self, ref: weakref.ref[memoryview] | None) -> None:
        with self._idle:
            self._watch.pop(id(ref), None)
            self._held -= 1
            self._idle.notify_all()

    def _read(self, size: int) -> bytes:
        if not self._free:
            self._permits.acquire(timeout=60)  # never a deadlock: after a minute, read anyway
        while True:
            block = self._raw.read(size)
            if block.isascii() and not self._decoder.getstate()[0]:
                return block
            text = self._decoder.decode(block, final=not block)
            if NOT_UTF8_MARK in text:
                self.invalid = True
            if text or not block:  # a block of only an unfinished character gives nothing yet: read on
                return text.encode("utf-8")

    def readinto(self, buffer: Any) -> int:  # pragma: no cover - Arrow calls read()
        data = self._read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _good_rows(good: int, n: int, settled: int, pending: list[int]) -> np.ndarray:
    """The record numbers of the next `n` good records, given `good` already seen, `settled` bad records all
    before them, and the numbers of the bad records not yet settled (increasing)."""
    k = np.arange(good, good + n, dtype=np.int64)
    if not pending:
        return k + 1 + settled
    b = np.asarray(pending, dtype=np.int64)
    adjusted = b - (settled + np.arange(len(b), dtype=np.int64)) - 1  # good records before each bad one
    return k + 1 + settled + np.searchsorted(adjusted, k, side="right")


def _arrow_message(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:300]


class JsonLinesReader(Reader):
    """JSON Lines: one JSON object per line (UTF-8). Rows are numbered by line; blank lines are skipped.

    Numbers are kept as written (``0.1`` stays the decimal 0.1); ``true``/``false`` become text; a nested object
    or list in a known column is an error of that row, and so is a number or ``true``/``false`` in a column of
    text (`TEXT_NAMES`: ``{"venue_id": 1}``), as a case file refuses a number where text belongs."""

    def __init__(self, path: Path, chunk_rows: int = CHUNK_ROWS) -> None:
        super().__init__(path)
        self.chunk_rows = chunk_rows
        with _open(path) as fh:
            self.total = os.fstat(fh.fileno()).st_size
            _refuse_wide_unicode(path, fh)
        self.columns = list(INPUT_NAMES)

    def __iter__(self) -> Iterator[Chunk]:
        names = INPUT_NAMES
        with _open(self.path) as fh:
            line_no = 0
            while True:
                cells: dict[str, list[str | None]] = {c: [] for c in names}
                rows: list[int] = []
                errors: list[tuple[int, str]] = []
                echoes: dict[int, dict[str, str]] = {}
                for raw in fh:
                    line_no += 1
                    parsed = _json_row(raw, line_no, errors, self.ignored, echoes)
                    if parsed is None:
                        continue
                    rows.append(line_no)
                    for c in names:
                        cells[c].append(parsed.get(c))
                    if len(rows) >= self.chunk_rows:
                        break
                else:
                    if not rows and not errors:
                        return
                    yield self._chunk(cells, rows, errors, fh.tell(), echoes)
                    return
                yield self._chunk(cells, rows, errors, fh.tell(), echoes)

    def _chunk(self, cells: dict[str, list[str | None]], rows: list[int], errors: list[tuple[int, str]],
               done: int, echoes: dict[int, dict[str, str]]) -> Chunk:
        columns = {c: pa.array(v, type=pa.string()) for c, v in cells.items()}
        return Chunk(columns, np.asarray(rows, dtype=np.int64), errors, done, echoes)


_MAX_IGNORED = 20


class _Number(str):
    """A JSON number (or ``NaN``, ``Infinity``), kept as written, told apart from a JSON string of the same
    text: a number is refused in a column of text (`TEXT_NAMES`)."""

    __slots__ = ()


def _echoed(pairs: list[tuple[Any, Any]]) -> dict[str, str]:
    """What an object's pairs (as read, repeated keys kept) give of the columns an error row echoes (`ECHOED`):
    each such column given once, as a JSON string of UTF-8 text; a column given twice (which value was meant is
    not known), or as a number, boolean, object or list, is not echoed."""
    counts: dict[str, int] = {}
    found: dict[str, str] = {}
    for key, value in pairs:
        name = normalise(key) if isinstance(key, str) else ""
        if name in ECHOED:
            counts[name] = counts.get(name, 0) + 1
            if type(value) is str and _is_utf8(value):
                found[name] = value
    return {c: v for c, v in found.items() if counts[c] == 1}


def _json_pairs(text: str) -> list[tuple[Any, Any]]:
    """The top-level pairs of a JSON object as written (repeated keys kept; numbers as `_Number`); empty when
    `text` is not a JSON object."""
    try:
        obj = json.loads(text, parse_float=_Number, parse_int=_Number, parse_constant=_Number,
                         object_pairs_hook=lambda pairs: pairs)
    except (ValueError, RecursionError):
        return []
    return obj if isinstance(obj, list) and all(isinstance(p, tuple) for p in obj) else []


def _json_row(raw: bytes, line_no: int, errors: list[tuple[int, str]], ignored: list[str],
              echoes: dict[int, dict[str, str]]) -> dict[str, str | None] | None:
    """One JSON line as text cells by input column; None (with an error appended, and in `echoes` what the row
    gives of the echoed columns where it can be read, `_echoed`) when it is not a row."""
    if not raw.strip():
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        errors.append((line_no, f"{_not_utf8_where(raw)}: is not UTF-8 text"))
        _echo(echoes, line_no, raw.decode("utf-8", errors="surrogateescape"))
        return None
    try:
        obj = json.loads(text, parse_float=_Number, parse_int=_Number, parse_constant=_Number,
                         object_pairs_hook=unique_keys)
    except RepeatedKey as exc:
        name = normalise(exc.key)
        errors.append((line_no, f"{name if name in INPUT_NAMES else repr(exc.key)}: given twice in the row"))
        _echo(echoes, line_no, text)
        return None
    except (ValueError, RecursionError) as exc:
        message = exc.msg if isinstance(exc, json.JSONDecodeError) else "is nested too deeply"
        errors.append((line_no, f"(row): is not a JSON object ({message})"))
        return None
    if not isinstance(obj, dict):
        errors.append((line_no, f"(row): must be a JSON object of columns, got a JSON {_json_kind(obj)}"))
        return None
    out: dict[str, str | None] = {}
    problems: list[str] = []
    for key, value in obj.items():
        name = normalise(key)
        if name not in INPUT_NAMES:
            if len(ignored) < _MAX_IGNORED and key not in ignored:
                ignored.append(key)
            continue
        if name in out:
            errors.append((line_no, f"{name}: given twice in the row"))
            _echo(echoes, line_no, text)
            return None
        kind = type(value)
        if value is None or kind is str:
            out[name] = value
        elif (kind is _Number or kind is bool) and name in TEXT_NAMES:
            written = ("true" if value else "false") if kind is bool else str(value)
            problems.append(f"{name}: must be text, a JSON string (or null), got the JSON "
                            f"{_json_kind(value)} {written}; write it in quotes: \"{written}\"")
            out[name] = None
        elif kind is _Number:
            out[name] = value  # (a `str`: Arrow takes it as the text written)
        elif kind is bool:
            out[name] = "true" if value else "false"
        else:
            errors.append((line_no, f"{name}: must be a number, text, true/false or null, got a JSON "
                                    f"{_json_kind(value)}"))
            _echo(echoes, line_no, text)
            return None
    if problems:
        errors.append((line_no, PROBLEMS_SEPARATOR.join(problems)))
        _echo(echoes, line_no, text)
        return None
    return out


def _echo(echoes: dict[int, dict[str, str]], line_no: int, text: str) -> None:
    """Note in `echoes` what the JSON line `text` (an error row) gives of the echoed columns (`_echoed`)."""
    cells = _echoed(_json_pairs(text))
    if cells:
        echoes[line_no] = cells


def _not_utf8_where(raw: bytes) -> str:
    """Where a JSON line's bytes are not UTF-8: the input column whose name or value holds them (the first in
    the row), else ``(row)``."""
    try:
        obj = json.loads(raw.decode("utf-8", errors="surrogateescape"), parse_float=str, parse_int=str,
                         parse_constant=str)
    except (ValueError, RecursionError):
        return "(row)"
    if isinstance(obj, dict):
        for key, value in obj.items():
            if not _is_utf8(key) or (isinstance(value, str) and not _is_utf8(value)):
                name = normalise(key)
                return name if _is_utf8(name) and name in INPUT_NAMES else "(row)"
    return "(row)"


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _json_kind(value: object) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean"}.get(type(value), "number") \
        if value is not None else "null"


class ParquetReader(Reader):
    """Parquet: columns of text, numbers (integers, decimals, floating point) or booleans. Rows are numbered by
    position from 1. A floating-point cell is read as its shortest decimal text (``0.1`` is 0.1).

    A column of text (`TEXT_NAMES`: venue_id, space, use_group, jurisdiction, area_unit) of another type (a
    ``venue_id`` of int64 or double) refuses the whole file up front, naming the column and its Arrow type, as a
    column of a nested type is refused: in Parquet the type is the column's, not a cell's, so every row would be
    refused alike (a JSON Lines row is refused alone, naming the column, since each value there has its own
    type); its numbers were taken as their digits ("1.5", "1e+16"), which is not the id written."""

    progress_unit = "rows"

    def __init__(self, path: Path, chunk_rows: int = CHUNK_ROWS) -> None:
        import pyarrow.parquet as pq

        super().__init__(path)
        self.chunk_rows = chunk_rows
        fh = _open(path)
        try:
            self._file = pq.ParquetFile(fh)
        except (pa.ArrowException, OSError, ValueError) as exc:
            fh.close()
            raise InputError(f"{path}: cannot be read as Parquet ({_arrow_message(exc)})") from None
        self._fh = fh
        schema = self._file.schema_arrow
        self.mapping, self.ignored = _check_header(path, list(schema.names))
        self.columns = list(self.mapping)
        for c in self.columns:
            kind = schema.field(self.mapping[c]).type
            if not _scalar_type(kind):
                fh.close()
                raise InputError(f"{path}: column {c!r} holds {kind}; allowed: text, numbers or booleans")
            if c in TEXT_NAMES and not _text_type(kind):
                fh.close()
                raise InputError(f"{path}: column {c!r} holds {kind} values; {c} is text: allowed a column of "
                                 "strings (string, large_string; binary holding UTF-8 text; or only nulls): "
                                 "store its values as strings")
        self.total = self._file.metadata.num_rows

    def __iter__(self) -> Iterator[Chunk]:
        originals = [self.mapping[c] for c in self.columns]
        start = 0
        try:
            batches = self._file.iter_batches(batch_size=self.chunk_rows, columns=originals, use_threads=False)
            while True:
                try:
                    batch = next(batches)
                except StopIteration:
                    break
                except (pa.ArrowException, OSError, ValueError) as exc:
                    raise ReadError(start, f"reading stopped after row {start}: the Parquet file cannot be "
                                           f"read further ({_arrow_message(exc)})") from None
                n = batch.num_rows
                columns = {c: _as_text(batch.column(i)) for i, c in enumerate(self.columns)}
                yield Chunk(columns, np.arange(start + 1, start + n + 1, dtype=np.int64), [], start + n)
                start += n
        finally:
            self._fh.close()


def _text_type(kind: pa.DataType) -> bool:
    """Whether a Parquet column of Arrow type `kind` holds text, as a column of `TEXT_NAMES` must: strings, or
    binary (UTF-8 checked cell by cell, as a CSV's), or only nulls (a column left empty); a dictionary of
    those."""
    if pa.types.is_dictionary(kind):
        return _text_type(kind.value_type)
    return bool(pa.types.is_string(kind) or pa.types.is_large_string(kind) or pa.types.is_string_view(kind)
                or pa.types.is_binary(kind) or pa.types.is_large_binary(kind) or pa.types.is_null(kind))


def _scalar_type(kind: pa.DataType) -> bool:
    if pa.types.is_dictionary(kind):
        return _scalar_type(kind.value_type)
    return bool(pa.types.is_string(kind) or pa.types.is_large_string(kind) or pa.types.is_integer(kind)
                or pa.types.is_floating(kind) or pa.types.is_decimal(kind) or pa.types.is_boolean(kind)
                or pa.types.is_null(kind) or pa.types.is_binary(kind) or pa.types.is_large_binary(kind)
                or pa.types.is_string_view(kind))


def _as_text(array: pa.Array | pa.ChunkedArray) -> pa.Array:
    if isinstance(array, pa.ChunkedArray):
        array = array.combine_chunks()
    kind = array.type
    if pa.types.is_dictionary(kind):
        array = array.dictionary_decode()
        kind = array.type
    if pa.types.is_binary(kind) or pa.types.is_large_binary(kind):
        return array.cast(pa.binary()) if pa.types.is_large_binary(kind) else array
    if pa.types.is_string(kind):
        return array
    if pa.types.is_boolean(kind):
        import pyarrow.compute as pc

        return pc.if_else(array, "true", "false")
    # numbers: integers and decimals exactly; floating point as its shortest decimal text (0.1 is "0.1"),
    # the reading `units.to_decimal` gives a float
    return array.cast(pa.string())


def open_reader(path: Path, fmt: str | None = None) -> Reader:
    """The reader of `path` in format `fmt` (or by its ending). Raises `InputError` for a missing or
    unreadable file, an unknown format, or a header without the required columns."""
    kind = detect_format(path, fmt)
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if kind == "csv":
        return CsvReader(path)
    if kind == "jsonl":
        return JsonLinesReader(path)
    return ParquetReader(path)
