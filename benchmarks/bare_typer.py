"""A Typer command of the same shape as ``publicassembly check`` that does nothing: it reads no file, loads no
law and prints only the names it was given. Its start-up is what Typer itself costs any command (Typer ≥ 0.29
builds a pydantic TypeAdapter per parameter when the command runs), the floor under `check`'s own work. It
starts as the console script does (`publicassembly.cli.app.start_up`: no pydantic plugin search, the garbage
collector paused until the command runs), so that the floor is measured under the same settings as `check`.

``python benchmarks/bare_typer.py check FILE`` (run by benchmarks/cli.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from publicassembly.cli.app import resume_collector, start_up

app = typer.Typer(no_args_is_help=True)


@app.command()
def check(
    files: Annotated[list[str], typer.Argument(metavar="FILE")],
    as_of: Annotated[str | None, typer.Option("--as-of", metavar="YYYY-MM-DD")] = None,
    output_format: Annotated[str, typer.Option("--format")] = "text",
) -> None:
    """Print the files' names."""
    resume_collector()  # as every command of the console script does first
    print(*files)


@app.command()
def schema() -> None:
    """A second command, so that the command is chosen by name as in the real application."""


if __name__ == "__main__":
    with start_up():
        app()
