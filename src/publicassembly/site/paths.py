"""Where publicassembly keeps its data on this machine (no Django needed to import this module).

The data directory is, in order: ``$PUBLICASSEMBLY_DATA_DIR`` (set by the CLI's ``--data-dir``),
``$XDG_DATA_HOME/publicassembly``, or ``~/.local/share/publicassembly``.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA_DIR_ENV = "PUBLICASSEMBLY_DATA_DIR"
SQLITE_FILE_NAME = "publicassembly.sqlite3"


def data_dir() -> Path:
    """The data directory (not created here)."""
    explicit = os.environ.get(DATA_DIR_ENV, "").strip()
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME", "").strip()
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "publicassembly"


def sqlite_path() -> Path:
    """The default SQLite database file inside `data_dir()`."""
    return data_dir() / SQLITE_FILE_NAME


def sqlite_database_file() -> Path | None:
    """The SQLite file `publicassembly.site.settings` will open: ``DATABASE_URL``'s when it names a SQLite
    file, else `sqlite_path()`; None when ``DATABASE_URL`` names another database (PostgreSQL) or an in-memory
    SQLite. Read without configuring Django, so a command can tell that the file is missing before SQLite
    creates it."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return sqlite_path()
    import dj_database_url

    db = dj_database_url.parse(url)
    name = str(db.get("NAME") or "")
    if not db["ENGINE"].endswith("sqlite3") or name in ("", ":memory:") or name.startswith("file:"):
        return None
    return Path(name).expanduser()
