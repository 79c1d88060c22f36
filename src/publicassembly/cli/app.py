"""The `publicassembly` command: the Typer application every command module registers its commands on."""

from __future__ import annotations

from typing import Annotated, NoReturn

import typer

import publicassembly

#: Exit codes, the same for every command.
EXIT_OK = 0  # every file was determined (whatever the determination says)
EXIT_ERROR = 1  # the law core could not decide (a rule conflict) or an internal error
EXIT_BAD_INPUT = 2  # bad input: a file, a field, an option or a date the law has no value for

app = typer.Typer(
    name="publicassembly",
    help=(
        "Town laws on public assemblies, run as code: Carmel (NY) Code ch. 31, the Public Assembly Ordinance "
        "(permits for assemblies of more than 500 persons), and Mount Pleasant (NY) Code ch. 164, Places of "
        "Assembly (certificates, occupant load, lawful occupancy, signs, penalties).\n\n"
        "Exit codes: 0 when every case was determined (whatever the determination says); 2 for bad input "
        "(a file, field, option or date), with one message on standard error naming the file, the field or "
        "line, and what is allowed; 1 when the law core could not decide (a rule conflict) or failed."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"publicassembly {publicassembly.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Town laws on public assemblies, run as code."""


def error(message: str) -> None:
    """Print one error line on standard error (``publicassembly: error: ...``)."""
    typer.echo(f"publicassembly: error: {message}", err=True)


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print one error line on standard error and exit with `code` (2, bad input, unless told)."""
    error(message)
    raise typer.Exit(code)
