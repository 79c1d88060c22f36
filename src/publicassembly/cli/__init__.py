"""The command-line interface, `publicassembly` (Typer + Rich): a thin translator that reads files and
options, calls the law core or a service, and renders the result. It holds no legal logic.

Command modules register their commands on the one Typer `app` (cli/app.py) with ``@app.command()``.
To add a module: create ``cli/<name>_commands.py`` that does ``from publicassembly.cli.app import app`` and
defines its commands, then add ``"<name>_commands"`` to `COMMAND_MODULES` below (and its commands to
`COMMANDS`, so that running one of them imports only that module).

The modules are imported when needed, not here (`app.LazyCommandGroup`): running a command imports only its
own module; ``--help`` imports them all, so every command is listed with its help text.

Start-up (`main`, `app.start_up`): the day is the Towns' (``TZ``, `app.towns_clock`); pydantic is told not to
search the installed distributions for plugins (``PYDANTIC_DISABLE_PLUGINS=__all__``, unless set: the project
uses none; set it to an empty string to have them loaded), and Python's cyclic garbage collector waits until
the command's own code starts. ``serve`` takes the variable out again before it becomes the web server.
"""

from __future__ import annotations

import os
import sys

from publicassembly.cli.app import EXIT_READER_GONE, app, start_up, towns_clock

#: The command modules; their commands appear in --help in this order.
COMMAND_MODULES: tuple[str, ...] = (
    "law_commands",  # check, schema, rules, parameters
    "document_commands",  # sign, report, area, certificate, permit, petition, notice, summons, calendar, export
    "batch_commands",  # batch (many spaces in bulk)
    "workflow_commands",  # migrate, backup, restore (Django, configured inside each command)
    "permit_commands",  # remind, applications, refuse-exemption
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
    **dict.fromkeys(("remind", "applications", "refuse-exemption"), "permit_commands"),
    "demo": "demo_commands",
    "serve": "serve_commands",
}


def main() -> None:
    """The console script `publicassembly` (see "Start-up" above). The day is the Towns' (`towns_clock`). A reader
    that stops reading the output ends the command with `EXIT_READER_GONE`, where Click and Rich end it with 1
    (which says the law core failed) after their own catch of the broken pipe (`_reader_gone`)."""
    towns_clock()
    output = _stdout_stat()
    with start_up():
        try:
            app()
        except SystemExit as exit_:
            if exit_.code == 1 and _reader_gone(output):
                raise SystemExit(EXIT_READER_GONE) from None
            raise


def _stdout_stat() -> os.stat_result | None:
    try:
        return os.fstat(sys.stdout.fileno())
    except (OSError, ValueError):
        return None


def _reader_gone(output: os.stat_result | None) -> bool:
    """Whether the command ended with 1 because the reader of standard output stopped reading: Click then wraps
    standard output (`PacifyFlushWrapper`), and Rich (Typer's help) points it at the null device."""
    from typer._click.utils import PacifyFlushWrapper

    if isinstance(sys.stdout, PacifyFlushWrapper):
        return True
    now, devnull = _stdout_stat(), os.stat(os.devnull)
    return (output is not None and now is not None and os.path.samestat(now, devnull)
            and not os.path.samestat(output, devnull))


__all__ = ["app", "main"]
