"""Bulk evaluation: many spaces (CSV, JSON Lines, Parquet) streamed through the law core in chunks, one result
per row (CSV or JSON Lines), in constant memory. Entry point: `run_batch`; columns: `batch.columns`.

The names below are imported on first use, so that `batch.columns` (for ``--help``) loads without numpy and
pyarrow.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from publicassembly.batch.readers import InputError, ReadError
    from publicassembly.batch.run import OutputError, Summary, run_batch

_LAZY = {"InputError": "readers", "ReadError": "readers", "OutputError": "run", "Summary": "run",
         "run_batch": "run"}

__all__ = ["InputError", "OutputError", "ReadError", "Summary", "run_batch"]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
