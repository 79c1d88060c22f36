"""The command-line interface, `publicassembly` (Typer + Rich): a thin translator that reads files and
options, calls the law core or a service, and renders the result. It holds no legal logic.

Command modules register their commands on the one Typer `app` (cli/app.py) with ``@app.command()``.
To add a module: create ``cli/<name>_commands.py`` that does ``from publicassembly.cli.app import app`` and
defines its commands, then add ``"<name>_commands"`` to `COMMAND_MODULES` below (and its commands to
`COMMANDS`, so that running one of them imports only that module).

The modules are imported when needed, not here (`app.LazyCommandGroup`): running a command imports only its
own module; ``--help`` imports them all, so every command is listed with its help text.

Start-up (`main`, `app.start_up`): pydantic is told not to search the installed distributions for plugins
(``PYDANTIC_DISABLE_PLUGINS=__all__``, unless set: the project uses none; set it to an empty string to have
them loaded), and Python's cyclic garbage collector waits until the command's own code starts. ``serve`` takes
the variable out again before it becomes the web server.
"""

from __future__ import annotations

from publicassembly.cli.app import app, start_up

#: The command modules; their commands appear in --help in this order.
COMMAND_MODULES: tuple[str, ...] = (
    "law_commands",  # check, schema, rules, parameters
    "document_commands",  # sign, report, area, certificate, permit, petition, notice, summons, calendar, export
    "batch_commands",  # batch (many spaces in bulk)
    "workflow_commands",  # migrate, backup, restore (Django, configured inside each command)
    "permit_commands",  # remind, applications
    "demo_commands",  # demo
    "serve_commands",  # serve (gunicorn)
)

#: The module of each command (``export`` is a group of commands). Only for speed: a command not listed here
#: is found by importing every module of `COMMAND_MODULES`.
COMMANDS: dict[str, str] = {
    **dict.fromkeys(("check", "schema", "rules", "parameters"), "law_commands"),
    **dict.fromkeys(("sign", "report", "area", "certificate", "permit", "petition", "notice", "summons",
                     "calendar", "export"), "document_commands"),
    "batch": "batch_commands",
    **dict.fromkeys(("migrate", "backup", "restore"), "workflow_commands"),
    **dict.fromkeys(("remind", "applications"), "permit_commands"),
    "demo": "demo_commands",
    "serve": "serve_commands",
}


def main() -> None:
    """The console script `publicassembly` (see "Start-up" above)."""
    with start_up():
        app()


__all__ = ["app", "main"]
