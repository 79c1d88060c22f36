"""``publicassembly demo``: a demo of both towns with users of every role, venues, permit applications in every
state and a violation history (see publicassembly.permits.demo)."""

from __future__ import annotations

from typing import Annotated

import typer

from publicassembly.cli.app import app
from publicassembly.cli.workflow_commands import DataDirOption, _fail, _setup_django


@app.command("demo")
def demo(
    reset: Annotated[bool, typer.Option("--reset", help="Delete the demo applications and build them again.")]
    = False,
    data_dir: DataDirOption = None,
) -> None:
    """Load the demo data (migrating the database first); running it again adds nothing."""
    _setup_django(data_dir, create=True)
    from publicassembly.permits import demo as permits_demo
    from publicassembly.workflow import dbadmin
    from publicassembly.workflow.errors import WorkflowError

    try:
        dbadmin.migrate(verbosity=0)
        result = permits_demo.load(reset=reset)
    except WorkflowError as e:
        _fail(e)
    typer.echo(f"demo users (password for all: {permits_demo.DEMO_PASSWORD}):")
    width = max((len(name) for name in result.users), default=0)
    for name, what in result.users.items():
        typer.echo(f"  {name:<{width}}  {what}")
    typer.echo("Carmel permit applications:" + (" (created)" if result.created else ""))
    for name, state in result.applications.items():
        typer.echo(f"  {state:<18} {name}")
    for note in result.notes:
        typer.echo(note)
