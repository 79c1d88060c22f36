"""Commands that read the workflow's database, run as real processes on a data directory without a database
(or with an empty or outdated one): exit 2 with one line saying to run `publicassembly migrate`, no Python
traceback, and nothing created. `migrate` and `demo` are the commands that may create the database."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("publicassembly")

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script not installed at {SCRIPT}")

#: Every command that reads the database (a Carmel ch. 31 or Mount Pleasant ch. 164 record).
READING_COMMANDS = [
    ["applications"],
    ["certificate", "--number", "MP-2026-0001", "-o", "{out}/c.pdf"],
    ["permit", "--application", "1", "-o", "{out}/p.pdf"],
    ["petition", "--application", "1", "-o", "{out}/p.pdf"],
    ["notice", "--application", "1", "-o", "{out}/n.pdf"],
    ["summons", "--number", "1", "-o", "{out}/s.pdf"],
    ["sign", "--certificate", "MP-2026-0001", "-o", "{out}/s.pdf"],
    ["calendar", "--town", "carmel-ny", "-o", "{out}/c.ics"],
    ["export", "blds", "--town", "carmel-ny", "-o", "{out}/b.csv"],
    ["remind", "--dry-run"],
    ["refuse-exemption", "--application", "1", "--user", "carmel_town_board_member", "--reason", "x"],
    ["backup", "{out}/backup.sqlite3"],
]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    env["COLUMNS"] = "200"
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, env=env, timeout=120)


def _args(command: list[str], out: Path) -> list[str]:
    return [a.replace("{out}", str(out)) for a in command]


@pytest.mark.parametrize("command", READING_COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_missing_database_exits_2_saying_to_migrate_and_creates_nothing(tmp_path, command):
    data = tmp_path / "nonexistent"
    out = tmp_path / "out"
    out.mkdir()
    result = _run(*_args(command, out), "--data-dir", str(data))
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    file = data / "publicassembly.sqlite3"
    assert result.stderr == (f"publicassembly: error: no database at {file}: run `publicassembly migrate` "
                             "(or `make run`)\n")
    assert not data.exists()  # not the folder, not the SQLite file
    assert list(out.iterdir()) == []  # no backup, no document


def test_empty_database_file_is_no_database_and_backup_refuses_it(tmp_path):
    """A SQLite file without tables (what an earlier version left behind) is not backed up as a success."""
    file = tmp_path / "publicassembly.sqlite3"
    file.touch()
    result = _run("backup", str(tmp_path / "b.sqlite3"), "--data-dir", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr == (f"publicassembly: error: no database at {file}: run `publicassembly migrate` "
                             "(or `make run`)\n")
    assert not (tmp_path / "b.sqlite3").exists()


def test_outdated_database_says_how_many_migrations_are_missing(tmp_path):
    migrated = _run("migrate", "-q", "--data-dir", str(tmp_path))
    assert migrated.returncode == 0, migrated.stderr
    with sqlite3.connect(tmp_path / "publicassembly.sqlite3") as db:
        db.execute("DELETE FROM django_migrations WHERE app = 'permits'")
        missing = db.execute("SELECT changes()").fetchone()[0]
    assert missing >= 1
    result = _run("applications", "--data-dir", str(tmp_path))
    assert result.returncode == 2
    assert "is older than this version" in result.stderr
    assert f"({missing} migration{'s' if missing != 1 else ''} not applied)" in result.stderr
    assert result.stderr.rstrip().endswith("run `publicassembly migrate`")


def test_migrate_creates_the_database_then_applications_lists_none(tmp_path):
    """`migrate` may create the folder and the file; the reading commands then work (Carmel ch. 31 town)."""
    data = tmp_path / "new" / "dir"
    assert _run("migrate", "-q", "--data-dir", str(data)).returncode == 0
    assert (data / "publicassembly.sqlite3").is_file()
    result = _run("applications", "--data-dir", str(data))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("in Town of Carmel, New York")


def test_applications_of_an_unknown_town_name_the_option(tmp_path):
    """The refusal names --town, the option given, not the record's field (ocd_id)."""
    assert _run("migrate", "-q", "--data-dir", str(tmp_path)).returncode == 0
    result = _run("applications", "--town", "nowhere", "--data-dir", str(tmp_path))
    assert result.returncode == 2
    assert "error: --town: unknown jurisdiction 'nowhere'; allowed: carmel-ny" in result.stderr


@pytest.mark.parametrize(("command", "told"), [
    (["sign", "--certificate", "NOPE-1", "-o", "{out}/s.pdf"], "error: --certificate: no certificate 'NOPE-1'"),
    (["certificate", "--number", "MP-2026-0099", "-o", "{out}/c.pdf"], "error: --number: no certificate"),
    (["summons", "--number", "S-2026-099", "-o", "{out}/s.pdf"], "error: --number: no summons"),
    (["permit", "--application", "999", "-o", "{out}/p.pdf"],
     "error: --application: Town of Carmel, New York has no permit application 999;"),
])
def test_a_record_not_in_the_database_is_told_naming_the_option_that_gave_it(tmp_path, command, told):
    """A new-user trial's `sign --certificate NOPE` said "no certificate 'NOPE'" without the option (a stale
    certificate's refusal named it): each reading command names the option whose record is not there, exit 2."""
    assert _run("migrate", "-q", "--data-dir", str(tmp_path)).returncode == 0
    result = _run(*_args(command, tmp_path), "--data-dir", str(tmp_path))
    assert result.returncode == 2, result.stderr
    assert told in result.stderr, result.stderr
    assert not list(tmp_path.glob("*.pdf"))
