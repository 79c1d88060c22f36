"""The ``batch`` command: evaluate many spaces (CSV, JSON Lines or Parquet) under Mount Pleasant Code ch. 164 in
one streaming run, one output row per input row. A thin translator over `publicassembly.batch`."""

from __future__ import annotations

import os
import sys
from datetime import date
from pathlib import Path
from typing import Annotated

import typer

from publicassembly.batch.columns import INPUT_COLUMNS, OUTPUT_COLUMNS
from publicassembly.cli.app import EXIT_BAD_INPUT, EXIT_OK, app, error, fail
from publicassembly.documents.csv_cells import RULE_IN_WORDS

_HELP = (
    "Evaluate many spaces of places of assembly (Mount Pleasant Code ch. 164) from INPUT — CSV with a header, "
    "JSON Lines or Parquet — and write one result per input row to OUTPUT (CSV or JSON Lines), streaming in "
    "constant memory with a progress bar on standard error.\n\n"
    "**Input columns** (one row per room or open-air area; names match ignoring case; other columns are "
    "ignored):\n\n"
    + "\n\n".join(f"* **{c.name}**{' (required)' if c.required else ''}: {c.help}" for c in INPUT_COLUMNS)
    + "\n\n**Output columns**:\n\n"
    + "\n\n".join(f"* **{c.name}**: {c.help}" for c in OUTPUT_COLUMNS)
    + "\n\nIn JSON Lines, jurisdiction, venue_id, space, use_group and area_unit are text: a JSON number or "
    "true/false there ({\"venue_id\": 1}) is an error of the row naming the column (write it in quotes, "
    "\"1\"). In Parquet, where the type is the column's, such a column must hold strings (string, "
    "large_string, binary of UTF-8 text, or only nulls): one of numbers or booleans refuses the file before "
    "any row is read, naming the column and its type (exit 2).\n\n"
    "A row that cannot be evaluated is written with status **error**, its input row number, its venue_id, "
    "space and use_group as given (use_group too: not trimmed or lower-cased), where the row can be read (a "
    "CSV row of too few or too many fields: each by its place in the header; a JSON Lines row: each given once "
    "as a JSON string), and a message naming the column and what is allowed; the other rows go on. They are "
    "left empty for a CSV row whose quote is never closed, a JSON line that is not a JSON object, a column "
    "given twice in the row, a cell that is not UTF-8 text, and a cell holding a control character (which the "
    "message names by its code point, U+001B: no output cell holds one, interpretation B-4). Exit codes: 0 "
    "when every row is ok; 2 when "
    "some rows are errors (the output is still complete), or the input, output or an option is bad (nothing "
    "is written); 1 when reading stopped part-way through a broken file (the rows before are written).\n\n"
    "**Spreadsheets**: in CSV output (columns jurisdiction, venue_id, space, use_group, status, error), "
    + RULE_IN_WORDS + "; numbers are written as they are. JSON Lines output gives every text as it was."
)


@app.command(help=_HELP)
def batch(
    input_path: Annotated[Path, typer.Argument(
        metavar="INPUT", show_default=False, help="Spaces to evaluate: .csv, .jsonl (.ndjson) or .parquet.")],
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="OUTPUT", show_default=False,
        help="Where to write the results: .csv or .jsonl; - for standard output (CSV unless --output-format).")],
    as_of: Annotated[str | None, typer.Option(
        "--as-of", metavar="YYYY-MM-DD", show_default=False,
        help="Evaluate under the law in force on this date. Default: today.")] = None,
    input_format: Annotated[str | None, typer.Option(
        "--format", metavar="csv|jsonl|parquet", show_default=False,
        help="The input format, when the file's ending does not say it.")] = None,
    output_format: Annotated[str | None, typer.Option(
        "--output-format", metavar="csv|jsonl", show_default=False,
        help="The output format, when the output's ending does not say it.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite OUTPUT if it exists.")] = False,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="No progress bar and no summary (errors still on standard error).")] = False,
    per_row: Annotated[bool, typer.Option(
        "--per-row", help="Evaluate every row with the per-row functions instead of in bulk (slower; the same "
                          "results — for checking).")] = False,
) -> None:
    # imported here, not at the top: numpy and pyarrow load only when a batch runs, not for every command
    from publicassembly.batch import InputError, OutputError, run_batch
    from publicassembly.cli.law_commands import parse_as_of
    from publicassembly.law import LawError

    when = parse_as_of(as_of) or date.today()
    target = None if output.strip() == "-" else Path(output)
    show = not quiet and sys.stderr.isatty() and os.environ.get("TERM") != "dumb"
    try:
        summary = run_batch(input_path, target, when, input_format=input_format, out_format=output_format,
                            force=force, progress=show, per_row=per_row)
    except (InputError, OutputError) as exc:
        fail(str(exc))
    except ValueError as exc:  # an unknown --format or --output-format
        fail(str(exc))
    except LawError as exc:  # e.g. no parameter values in force on --as-of
        fail(f"--as-of: {exc}")
    if summary.ignored and not quiet:
        error_free = ", ".join(repr(c) for c in summary.ignored)
        typer.echo(f"publicassembly: note: columns not used: {error_free}", err=True)
    if not quiet:
        rate = f" ({summary.rows_per_second:,.0f} rows/s)" if summary.seconds > 0 else ""
        typer.echo(f"publicassembly: {summary.rows:,} row{'s' if summary.rows != 1 else ''}: {summary.ok:,} ok, "
                   f"{summary.errors:,} error{'s' if summary.errors != 1 else ''}, "
                   f"{summary.seconds:.2f} s{rate}", err=True)
    if summary.stopped:
        error(f"{input_path}: {summary.stopped}")
        raise typer.Exit(1)
    if summary.errors:
        written = "standard output" if target is None else output
        error(f"{summary.errors:,} row{'s' if summary.errors != 1 else ''} could not be evaluated; see the "
              f"status and error columns of {written}")
        raise typer.Exit(EXIT_BAD_INPUT)
    raise typer.Exit(EXIT_OK)
