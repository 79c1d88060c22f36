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


def restore(file: Path) -> None:
    """Replace the configured database's contents with the backup `file`.

    Checks first, writing nothing on failure (`ValidationFailed`, field ``file``): the file exists; for
    SQLite it is a SQLite database whose ``PRAGMA integrity_check`` is ``ok`` and which holds a migration
    table; for PostgreSQL it is a pg_dump custom archive that ``pg_restore --list`` can read.
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
        _sqlite_restore(file, Path(_db()["NAME"]))
    else:
        if not head.startswith(PGDUMP_MAGIC):
            raise ValidationFailed("file", f"{file} is not a pg_dump custom-format archive (made by backup)")
        probe = subprocess.run(["pg_restore", "--list", str(file)], capture_output=True, text=True)
        if probe.returncode != 0:
            raise ValidationFailed("file", f"{file} cannot be read by pg_restore: {probe.stderr.strip()}")
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
