"""Helpers of the batch tests: chunks built from rows of text, and both evaluation paths side by side."""

from __future__ import annotations

from datetime import date
from typing import Any

import numpy as np
import pyarrow as pa

from publicassembly.batch.columns import INPUT_NAMES
from publicassembly.batch.evaluate import Setting, evaluate_chunk
from publicassembly.batch.readers import Chunk

AS_OF = date(2025, 1, 1)


def setting() -> Setting:
    return Setting.on(AS_OF)


def chunk_of(rows: list[dict[str, Any]], columns: tuple[str, ...] = INPUT_NAMES) -> Chunk:
    """A chunk of text cells (None: no value), rows numbered from 1."""
    cols = {c: pa.array([r.get(c) for r in rows], type=pa.string()) for c in columns}
    return Chunk(cols, np.arange(1, len(rows) + 1, dtype=np.int64))


def both_paths(rows: list[dict[str, Any]], s: Setting | None = None) -> tuple[list[dict], list[dict]]:
    """The output rows of the bulk path and of the per-row path for the same input rows."""
    s = s or setting()
    chunk = chunk_of(rows)
    return evaluate_chunk(chunk, s).to_pylist(), evaluate_chunk(chunk, s, per_row=True).to_pylist()
