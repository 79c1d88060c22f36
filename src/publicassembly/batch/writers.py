"""Streaming writers of batch output: CSV (with a header) or JSON Lines (one object per row), chunk by chunk.

CSV cells: numbers and decimals as written, booleans ``true``/``false``, blank for no value; a text cell that a
spreadsheet would read as a formula (the rule of `publicassembly.documents.csv_cells`: beginning with ``=``,
``+``, ``-``, ``@`` or their full-width forms, also after white space, or with a tab, a carriage return, a line
feed or a NUL) is written after a single quote (`neutralised`). JSON Lines: decimal quantities (``area_sq_ft``,
``floor_area_per_occupant_sq_ft``) are JSON numbers written exactly as their decimal text; ``place_of_assembly``
is ``true``, ``false`` or ``"needs_review"``; no value is ``null``; text as given. Both are built column-wise
with Arrow kernels (no Python loop per row).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import BinaryIO

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from publicassembly.documents import csv_cells
from publicassembly.documents.csv_cells import FORMULA_START, QUOTE

OUTPUT_FORMATS: tuple[str, ...] = ("csv", "jsonl")
_BY_SUFFIX = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl"}

#: How each output column is written in JSON: "text" (quoted), "number" (decimal text, unquoted), "int",
#: "bool", "tristate" (true/false unquoted, anything else quoted).
_JSON_KIND = {
    "row": "int", "jurisdiction": "text", "venue_id": "text", "space": "text", "use_group": "text",
    "area_sq_ft": "number", "floor_area_per_occupant_sq_ft": "number", "occupant_load": "int",
    "place_of_assembly": "tristate", "toilets_required": "int", "overcrowded": "bool", "status": "text",
    "error": "text",
}


def output_format(path: Path | None, given: str | None) -> str:
    """The output format: `given` or the ending of `path` (CSV when writing to standard output). Raises
    ValueError naming the allowed formats."""
    if given:
        fmt = given.strip().lower()
        if fmt not in OUTPUT_FORMATS:
            raise ValueError(f"--output-format: {given!r} is not an output format; allowed: "
                             f"{', '.join(OUTPUT_FORMATS)}")
        return fmt
    if path is None:
        return "csv"
    fmt_by_suffix = _BY_SUFFIX.get(path.suffix.lower())
    if fmt_by_suffix is None:
        raise ValueError(f"{path}: cannot tell the output format from the ending {path.suffix!r}; use .csv or "
                         ".jsonl, or give --output-format csv|jsonl")
    return fmt_by_suffix


def neutralised(array: pa.Array) -> pa.Array:
    """The text cells of `array` (Arrow strings) as a CSV for a spreadsheet writes them, column-wise: a cell that
    `csv_cells.starts_a_formula` (matched by `csv_cells.FORMULA_START`) after a single quote
    (``=cmd|' /C calc'!A0`` → ``'=cmd|' /C calc'!A0``, ``  =1+1`` → ``'  =1+1``, shown as written and never
    run); every other cell, and no value, as it is — cell by cell what `csv_cells.neutralised_text` gives."""
    if not _may_start_a_formula(array):
        return array
    starts = pc.match_substring_regex(array, FORMULA_START)
    if not pc.any(starts).as_py():
        return array
    return pc.if_else(starts, pc.binary_join_element_wise(QUOTE, array, ""), array)


#: The first bytes (UTF-8) of the characters a cell that `csv_cells.starts_a_formula` can begin with
#: (`CONTROL_STARTS`, `BLANKS`, `FORMULA_CHARACTERS`), by byte value.
_FIRST_BYTES = np.zeros(256, dtype=bool)
_FIRST_BYTES[[c.encode("utf-8")[0] for c in csv_cells.CONTROL_STARTS + csv_cells.BLANKS
              + csv_cells.FORMULA_CHARACTERS]] = True


def _may_start_a_formula(array: pa.Array) -> bool:
    """Whether any cell of `array` begins with a byte in `_FIRST_BYTES` (one pass of numpy over the first bytes,
    much faster than the regular expression; most columns hold none, and then the expression is not run)."""
    from publicassembly.batch.numbers import _buffers

    if len(array) == 0:
        return False
    data, offsets = _buffers(array)
    starts = offsets[:-1][offsets[1:] > offsets[:-1]]
    return bool(_FIRST_BYTES[data[starts]].any())


class CsvWriter:
    """CSV output with a header row; strings quoted only when needed. The text columns (`_JSON_KIND` "text":
    jurisdiction, venue_id, space, use_group, status, error, which echo what the input gave) are `neutralised`
    against formulas; numbers, booleans and ``place_of_assembly`` are written as they are."""

    def __init__(self, sink: BinaryIO, schema: pa.Schema) -> None:
        import pyarrow.csv as pa_csv

        self._writer = pa_csv.CSVWriter(sink, schema, write_options=pa_csv.WriteOptions(include_header=True))
        self._texts = [i for i, name in enumerate(schema.names) if _JSON_KIND.get(name) == "text"]

    def write(self, table: pa.Table) -> None:
        for i in self._texts:
            table = table.set_column(i, table.schema.field(i), neutralised(table.column(i).combine_chunks()))
        self._writer.write_table(table)

    def close(self) -> None:
        self._writer.close()


class JsonLinesWriter:
    """JSON Lines output: one object per row with every output column, in order."""

    def __init__(self, sink: BinaryIO, schema: pa.Schema) -> None:
        self._sink = sink
        self._names = schema.names
        self._keys = [json.dumps(name) for name in self._names]

    def write(self, table: pa.Table) -> None:
        if table.num_rows == 0:
            return
        parts: list[pa.Array | str] = []
        for i, name in enumerate(self._names):
            parts.append(("{" if i == 0 else ",") + self._keys[i] + ":")
            parts.append(_json_values(table.column(name).combine_chunks(), _JSON_KIND[name]))
        parts.append("}\n")
        lines = pc.binary_join_element_wise(*parts, "")
        offsets = np.frombuffer(lines.buffers()[1], dtype=np.int32)[lines.offset: lines.offset + len(lines) + 1]
        data = lines.buffers()[2]
        self._sink.write(memoryview(data)[int(offsets[0]): int(offsets[-1])])

    def close(self) -> None:
        self._sink.flush()


def _json_values(array: pa.Array, kind: str) -> pa.Array:
    """The JSON text of each cell (``null`` for none)."""
    if kind in ("int", "number"):
        text = array.cast(pa.string()) if kind == "int" else array
    elif kind == "bool":
        text = pc.if_else(array, "true", "false")
    else:
        text = _quoted(array) if kind == "text" else pc.if_else(
            pc.is_in(array, value_set=pa.array(["true", "false"])), array, _quoted(array))
    return text.fill_null("null") if array.null_count else text


def _quoted(array: pa.Array) -> pa.Array:
    """JSON strings: quoted, with backslash, quote and control characters escaped."""
    if array.null_count == len(array):
        return array
    if not _has_special_bytes(array):
        return pc.binary_join_element_wise('"', array, '"', "")
    values = array.to_pylist()
    return pa.array([None if v is None else json.dumps(v, ensure_ascii=False) for v in values], pa.string())


def _has_special_bytes(array: pa.Array) -> bool:
    """Whether any cell holds a quote, a backslash or a control character (one pass over the bytes)."""
    from publicassembly.batch.numbers import _buffers

    data, offsets = _buffers(array)
    chunk = data[int(offsets[0]): int(offsets[-1])]
    return bool(((chunk < 0x20) | (chunk == 0x22) | (chunk == 0x5C) | (chunk == 0x7F)).any())


def open_writer(sink: BinaryIO, fmt: str, schema: pa.Schema) -> CsvWriter | JsonLinesWriter:
    """A writer of `fmt` (csv or jsonl) on `sink`."""
    return CsvWriter(sink, schema) if fmt == "csv" else JsonLinesWriter(sink, schema)
