"""The least a ``publicassembly check`` does, with the project's chosen libraries and none of its own code: a
Typer command of `check`'s shape that reads the case file with PyYAML's C loader, validates it against a
pydantic model of one field (``jurisdiction``) and prints that field in a Rich table on a Rich console. No
law, no chapter, no parameters. Its start-up is the floor under any `check` written with Typer, pydantic,
PyYAML and Rich (the first model built loads pydantic's schema machinery, which importing ``pydantic.main``
alone does not). It starts as the console script does (`publicassembly.cli.app.start_up`).

``python benchmarks/least_check.py check FILE`` (run by benchmarks/cli.py)."""

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
    """Read each file, validate its jurisdiction, print it in a table."""
    resume_collector()  # as every command of the console script does first
    import yaml
    from pydantic import BaseModel, ConfigDict
    from rich.console import Console
    from rich.table import Table

    class Case(BaseModel):
        model_config = ConfigDict(extra="ignore")
        jurisdiction: str

    console = Console(highlight=False, soft_wrap=False, emoji=False, markup=False)
    for name in files:
        with open(name, encoding="utf-8") as f:
            case = Case.model_validate(yaml.load(f, Loader=yaml.CSafeLoader))
        table = Table(title="Case", title_justify="left")
        table.add_column("file")
        table.add_column("jurisdiction")
        table.add_row(name, case.jurisdiction)
        console.print(table)


@app.command()
def schema() -> None:
    """A second command, so that the command is chosen by name as in the real application."""


if __name__ == "__main__":
    with start_up():
        app()
