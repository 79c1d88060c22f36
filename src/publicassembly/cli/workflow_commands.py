"""Database commands of the CLI: ``migrate``, ``backup FILE``, ``restore FILE``.

Django is configured inside each command, never when the CLI is imported (the law commands stay fast and
Django-free). The database is SQLite under the data directory (``--data-dir`` or ``PUBLICASSEMBLY_DATA_DIR``)
unless ``DATABASE_URL`` names PostgreSQL. Bad input exits 2 with a message naming what was wrong.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from publicassembly.cli.app import EXIT_BAD_INPUT, EXIT_ERROR, app, fail
from publicassembly.site.paths import DATA_DIR_ENV, sqlite_database_file

DataDirOption = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help="Folder of the SQLite database (default: $PUBLICASSEMBLY_DATA_DIR or ~/.local/share/publicassembly).",
        file_okay=False,
    ),
]


SETTINGS_MODULE = "publicassembly.site.settings"


def no_database(where: object) -> str:
    """The message of a command run on a database that does not exist (or holds no tables yet)."""
    return f"no database at {where}: run `publicassembly migrate` (or `make run`)"


def _setup_django(data_dir: Path | None, *, create: bool = False) -> None:
    """Point settings at `data_dir` (if given) and configure Django once.

    Unless `create` (``migrate``, ``restore`` and ``demo``, which make the database), the database must exist
    and hold every migration: a SQLite file that does not exist exits 2 before Django opens it (so nothing is
    created, not even the data directory), and a database without the tables, or older than this version,
    exits 2 saying to run ``publicassembly migrate``. The one check of every command that reads the database.
    """
    if data_dir is not None:
        os.environ[DATA_DIR_ENV] = str(data_dir.expanduser().resolve())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS_MODULE)
    from django.conf import settings

    if not create and not settings.configured and os.environ["DJANGO_SETTINGS_MODULE"] == SETTINGS_MODULE:
        file = sqlite_database_file()
        if file is not None and not file.is_file():
            fail(no_database(file))
    import django
    from django.core.exceptions import ImproperlyConfigured

    try:
        django.setup()
    except ImproperlyConfigured as exc:  # a setting from the environment that makes no sense (site/settings.py)
        fail(f"configuration: {exc}")
    if not create:
        _require_migrated()


def _require_migrated() -> None:
    """Exit 2 unless every migration is applied to the configured database (1 when it cannot be opened)."""
    from django.db import DatabaseError, connection
    from django.db.migrations.executor import MigrationExecutor

    from publicassembly.workflow import dbadmin

    try:
        executor = MigrationExecutor(connection)
        applied = executor.loader.applied_migrations
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError as e:
        fail(f"cannot open {dbadmin.describe()}: {e}", EXIT_ERROR)
    if not applied:
        fail(no_database(dbadmin._db()["NAME"] if dbadmin.engine() == "sqlite" else dbadmin.describe()))
    if plan:
        fail(f"{dbadmin.describe()} is older than this version ({len(plan)} migration"
             f"{'s' if len(plan) != 1 else ''} not applied): run `publicassembly migrate`")


def _fail(err: Exception) -> NoReturn:
    """Print the error (one line) and exit 2 for bad input, 1 for anything else."""
    from publicassembly.workflow.errors import NotFound, ValidationFailed

    fail(str(err), EXIT_BAD_INPUT if isinstance(err, ValidationFailed | NotFound) else EXIT_ERROR)


def no_application(pk: int, town: Any = None, *, draft: bool = False, option: str = "--application") -> str:
    """The one message of a permit application `pk` not there (Carmel ch. 31), for every command that takes
    ``--application``: whose applications were looked in — `town` (a Town) when the command was given one, else
    every town whose law issues permits (the jurisdiction registry's ``issues_permits``: the Town of Carmel) — and
    the command that lists them. With `draft`: the application is there but a draft, not filed, which the
    documents of a petition filed (its permit, petition and notice) do not take."""
    from publicassembly.law import jurisdictions

    towns = ([(str(town), town.jurisdiction_alias)] if town is not None else
             [(j.name, j.alias) for j in jurisdictions.all_jurisdictions() if j.issues_permits])
    lists = " or ".join(f"`publicassembly applications --town {alias}`" for _name, alias in towns)
    if not towns:  # (no law registered issues permits)
        return f"{option}: no permit application {pk}: no town here issues permits"
    if draft:
        return (f"{option}: {towns[0][0]} has no permit application {pk} filed: it is a draft, not a public record; "
                f"{lists} lists them with their states")
    if len(towns) == 1:
        return f"{option}: {towns[0][0]} has no permit application {pk}; {lists} lists them"
    return f"{option}: no permit application {pk} in {', '.join(name for name, _alias in towns)}; {lists} lists them"


def find_application(pk: int, *, town: Any = None, drafts: bool = False) -> Any:
    """The permit application numbered `pk`, with its town and applicant, for a command's ``--application``;
    of `town` (a Town) when the command was given ``--town``. Exit 2, nothing read further: when `town` issues no
    permits (`permits.services.NoPermits`, as ``applications --town`` says it); when there is no such
    application (of `town`), in `no_application`'s words; when it is a draft and `drafts` is not set (the
    permit, petition and notice are documents of a petition filed; a draft's own calendar is given, P-28)."""
    from publicassembly.permits import services as sv
    from publicassembly.permits.models import PermitApplication
    from publicassembly.workflow.errors import WorkflowError

    if town is not None:
        try:
            sv.require_permits(town)
        except WorkflowError as e:
            _fail(e)
    found = PermitApplication.objects.select_related("town", "applicant").filter(pk=pk).first()
    if found is None or (town is not None and found.town_id != town.pk):
        fail(no_application(pk, town))
    if found.state == "draft" and not drafts:
        fail(no_application(pk, found.town, draft=True))
    return found


@app.command("migrate")
def migrate(
    data_dir: DataDirOption = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only errors.")] = False,
) -> None:
    """Create or update the database tables (Django migrations) on the configured database."""
    _setup_django(data_dir, create=True)
    from publicassembly.workflow import dbadmin
    from publicassembly.workflow.errors import WorkflowError

    try:
        dbadmin.migrate(verbosity=0 if quiet else 1)
    except WorkflowError as e:
        _fail(e)
    if not quiet:
        typer.echo(f"migrated {dbadmin.describe()}")


@app.command("backup")
def backup(
    file: Annotated[Path, typer.Argument(help="Backup file to write.", dir_okay=False)],
    data_dir: DataDirOption = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
) -> None:
    """Back up the database to FILE (SQLite: online backup; PostgreSQL: pg_dump custom format)."""
    _setup_django(data_dir)
    from publicassembly.workflow import dbadmin
    from publicassembly.workflow.errors import WorkflowError

    try:
        out = dbadmin.backup(file, force=force)
    except WorkflowError as e:
        _fail(e)
    typer.echo(f"backed up {dbadmin.describe()} to {out}")


@app.command("restore")
def restore(
    file: Annotated[
        Path, typer.Argument(help="Backup file made by `publicassembly backup`.", dir_okay=False)
    ],
    data_dir: DataDirOption = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the records the database already holds "
                                        "(without it, a database holding records is refused, exit 2).")] = False,
) -> None:
    """Replace the database's contents with the backup FILE (checked before anything is written). A database
    that already holds records is replaced only with --force (back it up first), as backup overwrites a file
    only with --force."""
    if not file.is_file():  # before Django: its settings create the data directory
        fail(f"file: {file} does not exist or is not a file")
    _setup_django(data_dir, create=True)
    from publicassembly.workflow import dbadmin
    from publicassembly.workflow.errors import WorkflowError

    try:
        dbadmin.restore(file, force=force)
    except WorkflowError as e:
        _fail(e)
    typer.echo(f"restored {dbadmin.describe()} from {file}; run `publicassembly migrate` if it is older")
