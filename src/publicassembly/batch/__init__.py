"""Bulk evaluation: many spaces (CSV, JSON Lines, Parquet) streamed through the law core in chunks, one result
per row (CSV or JSON Lines), in constant memory. Entry point: `run_batch`; columns: `batch.columns`."""

from publicassembly.batch.readers import InputError, ReadError
from publicassembly.batch.run import OutputError, Summary, run_batch

__all__ = ["InputError", "OutputError", "ReadError", "Summary", "run_batch"]
