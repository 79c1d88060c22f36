"""The command-line interface, `publicassembly` (Typer + Rich): a thin translator that reads files and
options, calls the law core or a service, and renders the result. It holds no legal logic.

Command modules register their commands on the one Typer `app` (cli/app.py) with ``@app.command()``.
To add a module: create ``cli/<name>_commands.py`` that does ``from publicassembly.cli.app import app`` and
defines its commands, then add ``"<name>_commands"`` to `COMMAND_MODULES` below.
"""

from __future__ import annotations

import importlib

from publicassembly.cli.app import app

#: The command modules, imported in this order (their commands appear in --help in this order).
COMMAND_MODULES: tuple[str, ...] = (
    "law_commands",  # check, schema, rules, parameters
    "document_commands",  # sign, report, area, certificate, permit, petition, notice, summons, calendar, export
    "batch_commands",  # batch (many spaces in bulk)
    "workflow_commands",  # migrate, backup, restore (Django, configured inside each command)
    "permit_commands",  # remind, applications
    "demo_commands",  # demo
    "serve_commands",  # serve (gunicorn)
)

for _module in COMMAND_MODULES:
    importlib.import_module(f"{__name__}.{_module}")


def main() -> None:
    """The console script `publicassembly`."""
    app()


__all__ = ["app", "main"]
