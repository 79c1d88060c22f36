"""Operating the database: migrate, back up, restore (SQLite or PostgreSQL, as configured).

- SQLite: the sqlite3 online backup API, safe while the site is running (WAL readers are not blocked).
- PostgreSQL: ``pg_dump -Fc`` and ``pg_restore --clean --if-exists --single-transaction``.

Needs a configured Django (settings decide which database). Bad input raises `ValidationFailed` (field
``file``); a failing tool raises `BackupFailed`.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from publicassembly.workflow.errors import ValidationFailed, WorkflowError

SQLITE_MAGIC = b"SQLite format 3\x00"
PGDUMP_MAGIC = b"PGDMP"


class BackupFailed(WorkflowError):
    """A backup or restore tool failed (message holds its error output)."""

    http_status = 500


def _db() -> dict[str, Any]:
    from django.conf import settings

    return settings.DATABASES["default"]


def engine() -> str:
    """``"sqlite"`` or ``"postgresql"`` (any other engine raises `BackupFailed`)."""
    e = _db()["ENGINE"]
    if e.endswith("sqlite3"):
        return "sqlite"
    if "postgresql" in e:
        return "postgresql"
    raise BackupFailed(f"backup and restore support SQLite and PostgreSQL, not {e}")


def describe() -> str:
    """Which database is configured, for messages (never shows a password)."""
    db = _db()
    if engine() == "sqlite":
        return f"SQLite database {db['NAME']}"
    return f"PostgreSQL database {db['NAME']!r} on {db.get('HOST') or 'localhost'}:{db.get('PORT') or 5432}"


def migrate(verbosity: int = 1) -> None:
    """Apply every migration to the configured database (creating the SQLite file if needed)."""
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=verbosity)


def backup(file: Path, *, force: bool = False) -> Path:
    """Copy the configured database to `file` (SQLite: a SQLite file; PostgreSQL: a pg_dump custom archive).

    Refuses (`ValidationFailed`, field ``file``) to overwrite an existing file unless `force`, or when the
    folder does not exist. The copy is written beside `file` and renamed into place, so a failed backup never
    leaves half a file. Returns `file`.
    """
    file = Path(file)
    if file.exists() and not force:
        raise ValidationFailed("file", f"{file} already exists; use --force to overwrite it")
    if file.is_dir():
        raise ValidationFailed("file", f"{file} is a folder; give a file name")
    if not file.parent.is_dir():
        raise ValidationFailed("file", f"folder {file.parent} does not exist")
    fd, tmp_name = tempfile.mkstemp(prefix=f".{file.name}.", dir=file.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        if engine() == "sqlite":
            _sqlite_backup(Path(_db()["NAME"]), tmp)
        else:
            _run(["pg_dump", "-Fc", "--no-owner", "-f", str(tmp), *_pg_args()], "pg_dump")
        os.replace(tmp, file)
    finally:
        tmp.unlink(missing_ok=True)
    return file


#: Tables Django fills by itself on `migrate` (no one's data): not counted by `records_held`.
_BOOKKEEPING = frozenset({("contenttypes", "contenttype"), ("auth", "permission"), ("sessions", "session"),
                          ("admin", "logentry")})


def records_held() -> list[tuple[str, int]]:
    """The records the configured database holds, by kind (the plural name of each model, its count), the kinds
    holding at least one, most first; empty for a database without tables (not migrated, or a new SQLite file)
    or holding only what Django fills by itself on `migrate` (content types, permissions, sessions)."""
    from django.apps import apps
    from django.db import DatabaseError, connection

    if engine() == "sqlite" and not Path(_db()["NAME"]).is_file():
        return []
    try:
        tables = set(connection.introspection.table_names())
    except DatabaseError:
        return []
    held: list[tuple[str, int]] = []
    for model in apps.get_models():
        meta = model._meta
        if (meta.app_label, meta.model_name) in _BOOKKEEPING or meta.db_table not in tables:
            continue
        try:
            n = model._default_manager.using("default").count()
        except DatabaseError:
            continue
        if n:
            held.append((str(meta.verbose_name if n == 1 else meta.verbose_name_plural), n))
    connection.close()  # (the restore writes the database next: no connection of ours left open on it)
    held.sort(key=lambda kind: (-kind[1], kind[0]))
    return held


def restore(file: Path, *, force: bool = False) -> None:
    """Replace the configured database's contents with the backup `file`.

    Checks first, writing nothing on failure (`ValidationFailed`, field ``file``): the file exists; for
    SQLite it is a SQLite database whose ``PRAGMA integrity_check`` is ``ok`` and which holds a migration
    table; for PostgreSQL it is a pg_dump custom archive that ``pg_restore --list`` can read. Then, unless
    `force`, that the database holds no records yet (`records_held`): replacing them all is asked for with
    ``--force`` (`ValidationFailed`, field ``--force``), as `backup` asks it to overwrite a file.
    """
    file = Path(file)
    if not file.is_file():
        raise ValidationFailed("file", f"{file} does not exist or is not a file")
    with file.open("rb") as fh:
        head = fh.read(16)
    if engine() == "sqlite":
        if head != SQLITE_MAGIC:
            raise ValidationFailed("file", f"{file} is not a SQLite database")
        _sqlite_check(file)
        _refuse_replacing_records(force)
        _sqlite_restore(file, Path(_db()["NAME"]))
    else:
        if not head.startswith(PGDUMP_MAGIC):
            raise ValidationFailed("file", f"{file} is not a pg_dump custom-format archive (made by backup)")
        probe = subprocess.run(["pg_restore", "--list", str(file)], capture_output=True, text=True)
        if probe.returncode != 0:
            raise ValidationFailed("file", f"{file} cannot be read by pg_restore: {probe.stderr.strip()}")
        _refuse_replacing_records(force)
        _run(
            [
                "pg_restore",
                "--clean",
                "--if-exists",
                "--no-owner",
                "--single-transaction",
                *_pg_args(),
                str(file),
            ],
            "pg_restore",
        )
    from django.db import connections

    connections.close_all()


def _refuse_replacing_records(force: bool) -> None:
    """`ValidationFailed` (field ``--force``) when the database holds records and `force` is not given: what it
    holds, that a restore replaces all of it, and how to go on."""
    if force:
        return
    held = records_held()
    if not held:
        return
    shown = ", ".join(f"{n:,} {kind}" for kind, n in held[:4]) + (", …" if len(held) > 4 else "")
    raise ValidationFailed("--force", f"the {describe()} already holds records ({shown}); restoring replaces all "
                           "of them with the backup's: give --force to replace them (back them up first with "
                           "`publicassembly backup FILE` to keep them)")


# --- SQLite -----------------------------------------------------------------------------------------------


def _sqlite_backup(source: Path, target: Path) -> None:
    if not source.is_file():
        raise ValidationFailed("database", f"{source} does not exist yet; run `publicassembly migrate` first")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")  # a backup is one self-contained file
    finally:
        dst.close()
        src.close()


def _sqlite_check(file: Path) -> None:
    try:
        con = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
        try:
            result = [r[0] for r in con.execute("PRAGMA integrity_check")]
            has_migrations = con.execute(
                "SELECT 1 FROM sqlite_master WHERE type='table' AND name='django_migrations'"
            ).fetchone()
        finally:
            con.close()
    except sqlite3.DatabaseError as e:
        raise ValidationFailed("file", f"{file} is not a readable SQLite database ({e})") from None
    if result != ["ok"]:
        raise ValidationFailed("file", f"{file} failed its integrity check: {'; '.join(result[:5])}")
    if not has_migrations:
        raise ValidationFailed("file", f"{file} is a SQLite database but not a publicassembly backup")


def _sqlite_restore(file: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
    dst = sqlite3.connect(target, timeout=20)
    try:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode=WAL")
    finally:
        dst.close()
        src.close()


# --- PostgreSQL ---------------------------------------------------------------------------------------------


def _pg_args() -> list[str]:
    db = _db()
    args = ["-d", db["NAME"]]
    if db.get("HOST"):
        args += ["-h", str(db["HOST"])]
    if db.get("PORT"):
        args += ["-p", str(db["PORT"])]
    if db.get("USER"):
        args += ["-U", str(db["USER"])]
    return args


def _run(cmd: list[str], tool: str) -> None:
    if shutil.which(tool) is None:
        raise BackupFailed(f"{tool} is not installed (PostgreSQL client tools are needed)")
    env = dict(os.environ)
    if _db().get("PASSWORD"):
        env["PGPASSWORD"] = str(_db()["PASSWORD"])
    done = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise BackupFailed(f"{tool} failed: {done.stderr.strip()}")
