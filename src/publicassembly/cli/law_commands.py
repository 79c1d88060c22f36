"""The law commands of the CLI: ``check`` (determine case files), ``schema``, ``rules``, ``parameters``.

They read files and options, call the law core (`publicassembly.law`) and render what it returns; no rule
or number of law is here. Bad input exits 2 with one message on standard error (see cli/app.py).
"""

from __future__ import annotations

import inspect
import json
import os
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Annotated, Any

import typer

from publicassembly.cli.app import EXIT_BAD_INPUT, EXIT_ERROR, EXIT_OK, app, error, fail, parse_date_option
from publicassembly.cli.casefile import STDIN, CaseFile, CaseFileError, read_case_file
from publicassembly.law import (
    InvalidCase,
    LawError,
    ParameterNotInForce,
    Rule,
    RuleConflict,
    UnknownJurisdiction,
    case_schema,
    evaluate,
    jurisdictions,
)
from publicassembly.law.cases import first_of
from publicassembly.law.jsonable import jsonable
from publicassembly.law.parameters import NULL_MEANS

if TYPE_CHECKING:
    from rich.console import Console

FORMATS = ("text", "json")
#: Set to 1 to let an internal error (a bug, never bad input) end with its Python traceback.
TRACEBACK_ENV = "PUBLICASSEMBLY_TRACEBACK"

FormatOption = Annotated[str, typer.Option(
    "--format", "-f", metavar="text|json",
    help="Output: **text** (a report for people) or **json** (for programs).")]
JurisdictionOption = Annotated[str | None, typer.Option(
    "--jurisdiction", "-j", metavar="NAME", show_default=False,
    help="Only this jurisdiction: carmel-ny, mount-pleasant-ny or an Open Civic Data id. Default: all.")]


def parse_format(value: str) -> str:
    """The --format value, or exit 2 listing the allowed ones."""
    key = value.strip().lower()
    if key not in FORMATS:
        fail(f"--format: {value!r} is not a format; allowed: {', '.join(FORMATS)}")
    return key


def parse_as_of(value: str | None) -> date | None:
    """The --as-of date (YYYY-MM-DD, 1778-2099), or exit 2 naming --as-of (`app.parse_date_option`)."""
    return parse_date_option(value, "--as-of")


def selected_jurisdictions(name: str | None) -> tuple[jurisdictions.Jurisdiction, ...]:
    """Every jurisdiction, or the one named (alias or OCD id); exit 2 listing the allowed names."""
    if name is None:
        return jurisdictions.all_jurisdictions()
    try:
        return (jurisdictions.get(name),)
    except UnknownJurisdiction as exc:
        fail(f"--jurisdiction: {exc}")


def _console() -> Console:
    # Created per command so it writes to the stdout of the moment (tests swap it); no syntax highlighting
    # of numbers and dates in the law's text, and no console markup: every text printed is shown as written
    # (the reports style with Text objects; a "[...]" in a title or a name is never read as a style). Rich is
    # imported here, not with the module, so that JSON output never pays for it.
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False, emoji=False, markup=False)


def _emit_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


# --- check -------------------------------------------------------------------------------------------------


#: The errors of one file listed after the first (a file broken everywhere is not listed to its end).
MAX_MORE_ERRORS = 20


def _invalid(case_file: CaseFile, exc: InvalidCase) -> str:
    """The file's errors in the order of the file (by line and column; an error of no place in it — a field
    missing, the case as a whole — after those, in the law core's order): the first on one line (its message
    saying how many more), then each other on a line of its own, indented, with its line and column where they
    can be found."""
    def one(field: str, message: str) -> str:
        position = case_file.locate(field)
        line, column = position if position else (None, None)
        named = None if field == "(case)" else field
        return CaseFileError(case_file.path, message, field=named, line=line, column=column).describe()

    errors = list(exc.errors) or [(exc.field, exc.message)]
    nowhere = (float("inf"), float("inf"))
    errors.sort(key=lambda e: case_file.locate(e[0]) or nowhere)  # (stable: the law core's order otherwise)
    first_field, first_message = first_of(errors)  # (its message saying how many more, as the law core's does)
    more = errors[1:]
    lines = [one(first_field, first_message), *("  " + one(f, m) for f, m in more[:MAX_MORE_ERRORS])]
    if len(more) > MAX_MORE_ERRORS:
        lines.append(f"  ... and {len(more) - MAX_MORE_ERRORS} more")
    return "\n".join(lines)


@app.command()
def check(
    files: Annotated[list[str], typer.Argument(
        metavar="FILE", show_default=False,
        help="Case files: YAML (.yaml, .yml) or JSON (.json); another extension is read by its content; - "
             "reads one case file from standard input (not check's JSON: report reads that).",
    )],
    as_of: Annotated[str | None, typer.Option(
        "--as-of", metavar="YYYY-MM-DD", show_default=False,
        help="Determine every case under the law in force on this date. Default: the case's own as_of, "
             "else today's date.",
    )] = None,
    output_format: FormatOption = "text",
) -> None:
    """Determine case files: what the law says of each event or venue on a date.

    A case file is a mapping with **jurisdiction** (carmel-ny, mount-pleasant-ny, or an Open Civic
    Data id), **subject** (event for Carmel, venue for Mount Pleasant), optionally
    **as_of** (YYYY-MM-DD), and the facts of the case; `publicassembly schema` lists every field. FILE - reads
    one case file from standard input: a case file only, not what check --format json writes (a
    determination, refused with exit 2: print it with publicassembly report - -o report.pdf).

    The text report leads with the verdict, then the requirements, occupancy, deadlines in date order (each
    with how it was counted under the General Construction Law, and a mark when the Town Clerk's office is
    closed that day), missing items, the findings (status, rule, citation, reason) and the penalty, if any.
    With --format json: one file gives its determination as a JSON object; several files give a JSON array
    in the order given, each object with a "file" key.

    Exit code 0 when every file was determined, whatever the determination says. A file that cannot be
    read or validated is reported on standard error (file, field or line, and what is allowed; each bad fact of
    the file on a line of its own), the other files are still checked, and the exit code is 2.
    """
    fmt = parse_format(output_format)
    when = parse_as_of(as_of)
    if files.count(STDIN) > 1:
        fail(f"FILE: - (standard input) is given {files.count(STDIN)} times; standard input holds one case file")
    console = _console() if fmt == "text" else None
    outputs: list[dict[str, Any]] = []
    worst = EXIT_OK
    for name in files:
        code, determination = _check_one(name, when, fmt, console)
        worst = max(worst, code)
        if determination is not None:
            outputs.append({**determination, "file": name})
    if fmt == "json":
        if len(files) == 1:
            if outputs:
                _emit_json({k: v for k, v in outputs[0].items() if k != "file"})
        else:
            _emit_json(outputs)
    raise typer.Exit(worst)


def _a_determination(name: str, data: object) -> str:
    """A line telling that `data` is a determination (what ``check --format json`` writes), not a case, and
    how to print it (said instead of its keys refused one by one as facts); empty for anything else."""
    if not isinstance(data, Mapping):
        return ""
    from publicassembly.documents.determination_json import keys_of_a_determination

    keys = keys_of_a_determination(data)
    if not keys:
        return ""
    return (f"{name}: this is a determination (it has {', '.join(keys[:3])}), what check --format json "
            f"writes, not a case file; print it with: publicassembly report {name} -o report.pdf")


def _check_one(name: str, when: date | None, fmt: str,
               console: Console | None) -> tuple[int, dict[str, Any] | None]:
    """Read and determine one file; report errors on stderr. Returns the exit code for this file and, in
    JSON mode, the determination's JSON (the text report is printed here)."""
    try:
        case_file = read_case_file(name)
    except CaseFileError as exc:
        error(exc.describe())
        return EXIT_BAD_INPUT, None
    data = case_file.data
    case_date = isinstance(data, Mapping) and data.get("as_of") is not None
    on = when if when is not None else (None if case_date else date.today())
    source = "--as-of" if when is not None else ("the case file" if case_date else "today's date")
    try:
        determination = evaluate(data, on)
    except InvalidCase as exc:
        error(_a_determination(name, data) or _invalid(case_file, exc))
        return EXIT_BAD_INPUT, None
    except ParameterNotInForce as exc:
        error(f"{name}: no law in force on {exc.as_of} (the date from {source}): {exc}")
        return EXIT_BAD_INPUT, None
    except RuleConflict as exc:
        error(f"{name}: the law core cannot decide this case: {exc}")
        return EXIT_ERROR, None
    except LawError as exc:
        error(f"{name}: {exc}")
        return EXIT_BAD_INPUT, None
    except Exception as exc:  # a bug, not bad input: one line, unless the traceback is asked for
        if os.environ.get(TRACEBACK_ENV):
            raise
        error(f"{name}: internal error ({type(exc).__name__}: {exc}); please report it "
              f"(set {TRACEBACK_ENV}=1 to see where)")
        return EXIT_ERROR, None
    if fmt == "json":
        return EXIT_OK, determination.to_json()
    j = jurisdictions.get(determination.jurisdiction)
    from publicassembly.cli.report import print_report

    assert console is not None  # text format
    print_report(console, determination, source=case_file.path, jurisdiction_name=f"{j.name} ({j.alias}), {j.code}",
                 as_of_source=source)
    return EXIT_OK, None


# --- schema ------------------------------------------------------------------------------------------------


@app.command()
def schema() -> None:
    """Print the JSON Schema of a case file (JSON, on standard output).

    One alternative per jurisdiction and subject, each with jurisdiction, subject, as_of and the facts of
    the case with their types, allowed values (e.g. Mount Pleasant's use groups) and descriptions.
    """
    _emit_json(case_schema())


# --- rules -------------------------------------------------------------------------------------------------


def _summary(rule: Rule) -> str:
    """The first paragraph of the rule's docstring on one line (`Rule.summary` holds only its first line,
    which cuts a wrapped sentence short)."""
    paragraph = inspect.cleandoc(rule.func.__doc__ or "").split("\n\n")[0]
    return " ".join(paragraph.split()) or rule.summary


@app.command()
def rules(jurisdiction: JurisdictionOption = None, output_format: FormatOption = "text") -> None:
    """List every rule in the order of its chapter: jurisdiction, rule id, citation and summary."""
    fmt = parse_format(output_format)
    selected = selected_jurisdictions(jurisdiction)
    rows: list[dict[str, Any]] = [{"jurisdiction": j.alias, "id": r.id, "citation": r.citation, "summary": _summary(r),
             "decides": r.decides, "priority": r.priority}
            for j in selected for r in j.rules]
    if fmt == "json":
        _emit_json(rows)
        return
    from rich.table import Table
    from rich.text import Text

    console = _console()
    for j in selected:
        table = Table(title=Text(f"{j.name} ({j.alias}), {j.code}: rules in chapter order"), title_justify="left")
        table.add_column("citation · rule", overflow="fold", ratio=2)
        table.add_column("summary", overflow="fold", ratio=3)
        for row in (r for r in rows if r["jurisdiction"] == j.alias):
            where = Text(row["citation"])
            where.append(f"\n{row['id']}", style="dim")
            table.add_row(where, Text(row["summary"]))
        console.print(table)


# --- parameters --------------------------------------------------------------------------------------------


def _parameter_rows(selected: tuple[jurisdictions.Jurisdiction, ...], when: date | None) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for j in selected:
        for p in j.parameters:
            row: dict[str, Any] = {"jurisdiction": j.alias, "name": p.name, "unit": p.unit, "cite": p.cite,
                                   "description": p.description, "null_means": p.null_said}
            if when is None:
                row["values"] = [{"effective": start.isoformat(), "value": jsonable(value)}
                                 for start, value in p.values]
            else:
                row["as_of"] = when.isoformat()
                try:
                    row["value"] = jsonable(p.at(when))
                    row["in_force"] = True
                except ParameterNotInForce:
                    row["value"] = None
                    row["in_force"] = False
                since = p.effective_since(when)
                row["effective_since"] = since.isoformat() if since else None
                row["first_effective"] = p.values[0][0].isoformat() if p.values else None
            rows.append(row)
    return rows


#: The unit of one (a value of exactly 1): "1 year", "1 inch", "1 physician", not "1 years".
_UNIT_OF_ONE = {"years": "year", "months": "month", "days": "day", "calendar days": "calendar day",
                "inches": "inch", "feet": "foot", "persons": "person", "physicians": "physician",
                "registered nurses": "registered nurse", "US dollars": "US dollar"}


#: The unit of a value that is words ("red", "violation", a court's name): shown alone, without the unit.
_WORDS = "text"
#: The unit of a value that is the number of an offense (Mount Pleasant § 164-14): shown "the 3rd offense".
_OFFENSE_NUMBER = "offense number"


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st, ..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _shown(value: Any, unit: str, null_means: str | None = NULL_MEANS) -> str:
    """A parameter's value with its unit, in the singular for exactly one; a text as it is (not "red text"),
    and an offense number as the offense ("the 3rd offense", not "3 offense number"), US dollars as money
    ("$250,000"); a null value as what the
    parameter says it means (`Parameter.null_said`: "none: § 164-14 sets no imprisonment for a first offense
    …"), by default "not fixed by the chapter (unit)"."""
    if value is None:
        if null_means and null_means != NULL_MEANS:
            return null_means
        return NULL_MEANS + ("" if unit == _WORDS else f" ({unit})")
    if unit == _WORDS:
        return str(value)
    whole = isinstance(value, int | Decimal) and not isinstance(value, bool)
    if unit == _OFFENSE_NUMBER and whole and value == int(value) and value > 0:
        return f"the {_ordinal(int(value))} offense"
    if unit == "US dollars" and whole:  # as money is written everywhere else: $250,000, not 250000 US dollars
        from publicassembly.cli.report import dollars

        return dollars(value)
    if whole and value == 1:
        unit = _UNIT_OF_ONE.get(unit, unit)
    return f"{value} {unit}"


@app.command()
def parameters(
    jurisdiction: JurisdictionOption = None,
    as_of: Annotated[str | None, typer.Option(
        "--as-of", metavar="YYYY-MM-DD", show_default=False,
        help="Show the value in force on this date and since when. Default: every dated value.",
    )] = None,
    output_format: FormatOption = "text",
) -> None:
    """List every number of the law: parameter, value, unit, effective dates and citation.

    Without --as-of, every value with the date it took effect; with it, the value in force on that date
    (or that none was yet). A value the chapter leaves to be set elsewhere (e.g. Carmel's filing fee,
    established annually by the Town Board) shows as "not fixed by the chapter"; one the chapter sets as none
    says so (Mount Pleasant § 164-14: no imprisonment for a first offense): null in JSON, with `null_means`
    saying which.
    """
    fmt = parse_format(output_format)
    when = parse_as_of(as_of)
    selected = selected_jurisdictions(jurisdiction)
    rows = _parameter_rows(selected, when)
    if fmt == "json":
        _emit_json(rows)
        return
    from rich.table import Table
    from rich.text import Text

    console = _console()
    for j in selected:
        title = (f"{j.name} ({j.alias}), {j.code}: parameters"
                 + (f" in force on {when.isoformat()}" if when else ", every dated value"))
        table = Table(title=Text(title), title_justify="left")
        table.add_column("parameter · citation", overflow="fold", ratio=3)
        table.add_column("value", overflow="fold", ratio=2)
        table.add_column("effective", no_wrap=True)
        for row in (r for r in rows if r["jurisdiction"] == j.alias):
            name = Text(row["name"], style="bold")
            name.append(f"\n{row['cite']}", style="dim")
            if when is None:
                value = "\n".join(_shown(v["value"], row["unit"], row["null_means"]) for v in row["values"])
                effective = "\n".join(f"from {v['effective']}" for v in row["values"])
            elif row["in_force"]:
                value, effective = _shown(row["value"], row["unit"], row["null_means"]), f"since {row['effective_since']}"
            else:
                value, effective = "not in force", f"first from {row['first_effective']}"
            table.add_row(name, Text(value), Text(effective))
        console.print(table)
