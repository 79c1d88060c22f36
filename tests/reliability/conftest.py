"""Fixtures of the reliability tests: Carmel with a clerk, a Board member and an applicant, permit applications
filed in bulk, and a served application (gunicorn in a subprocess on a free loopback port, its own data
directory) that a test may kill with SIGKILL.

These tests start real processes and real databases: SQLite files in a temporary folder, and PostgreSQL when
``DATABASE_URL`` names it (a separate database is created and dropped for the served application).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
#: The installed command (the console script beside the interpreter).
PUBLICASSEMBLY = str(Path(sys.executable).with_name("publicassembly"))
SECRET = "reliability-tests-only-secret-key-not-for-production-0123456789"


def fair_facts(first_day: dt.date | None = None) -> dict:
    """The county fair of the examples as an applicant gives it (without the Town's own acts), its first day
    120 days ahead unless given."""
    from publicassembly.permits import services as sv

    data = yaml.safe_load((ROOT / "examples" / "carmel-county-fair.yaml").read_text())
    for key in ("jurisdiction", "subject", "as_of", *sv.TOWN_FACTS):
        data.pop(key, None)
    data["petition"].pop("verified", None)
    for facility in data["conditions"].values():
        facility.pop("health_department_approved_on", None)
        facility.pop("town_board_approved_on", None)
    for prop in data["properties"]:
        prop.pop("owner_authorization_to_inspect", None)
        prop.pop("tenant_authorization_to_inspect", None)
    first = first_day or dt.date.today() + dt.timedelta(days=120)
    data["dates"] = {"first_day": first.isoformat(), "last_day": (first + dt.timedelta(days=2)).isoformat(),
                     "daily_hours": "10:00-22:00"}
    return data


def make_user(username: str, town, *roles: str):
    from publicassembly.accounts.models import Membership, User

    user = User(username=username, email=f"{username}@example.org", first_name=username)
    user.set_unusable_password()
    user.save()
    for role in roles:
        Membership.objects.create(user=user, town=town, role=role)
    return user


@pytest.fixture
def carmel(db):
    from publicassembly.accounts.models import Town

    return Town.objects.for_jurisdiction("carmel-ny")


@pytest.fixture
def officials(carmel) -> dict:
    """Carmel's Town Clerk, two Town Board members and an applicant."""
    return {
        "clerk": make_user("carmel_clerk", carmel, "town_clerk"),
        "board_a": make_user("carmel_board_a", carmel, "town_board_member"),
        "board_b": make_user("carmel_board_b", carmel, "town_board_member"),
        "applicant": make_user("carmel_applicant", carmel, "applicant"),
    }


def file_applications(town, applicant, n: int, *, start: int = 0) -> None:
    """`n` submitted applications of `applicant` in `town`, written with one bulk insert (the queue page's
    load, not the service path: submissions spread over the last 60 days, every fifth one accepted)."""
    from publicassembly.permits.models import PermitApplication, State

    facts = fair_facts()
    today = dt.date.today()
    apps = []
    for i in range(start, start + n):
        f = dict(facts, name=f"Assembly {i}")
        apps.append(PermitApplication(town=town, applicant=applicant, facts=f,
                                      state=State.ACCEPTED if i % 5 == 0 else State.SUBMITTED,
                                      submitted_on=today - dt.timedelta(days=i % 60),
                                      verification_statement="Sworn before a notary."))
    PermitApplication.objects.bulk_create(apps, batch_size=500)


# --- Served application --------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def postgres_url() -> str | None:
    url = os.environ.get("DATABASE_URL", "").strip()
    return url if url.startswith(("postgres://", "postgresql://")) else None


def _with_db(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


def _pg_admin(url: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(_with_db(url, "postgres"), autocommit=True) as con:
        con.execute(sql)


@dataclass
class Served:
    """The application served by gunicorn in its own process group."""

    data_dir: Path
    env: dict[str, str]
    port: int = 0
    proc: subprocess.Popen | None = None
    log: Path | None = None
    database_url: str | None = None
    extra: dict = field(default_factory=dict)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def run(self, *args: str, input: str | None = None) -> str:
        """Run ``publicassembly ARGS`` (or ``python -c`` when args[0] == "-c") with this deployment's
        environment; returns stdout; fails the test on a non-zero exit."""
        cmd = [PYTHON, *args] if args[0] == "-c" else [PUBLICASSEMBLY, *args]
        done = subprocess.run(cmd, env=self.env, capture_output=True, text=True, input=input, timeout=300)
        assert done.returncode == 0, f"{cmd[:3]} failed:\n{done.stdout}\n{done.stderr}"
        return done.stdout

    def start(self, workers: int = 2) -> None:
        """gunicorn on a new free loopback port (sync workers, as `publicassembly serve` runs it); waits until
        it answers."""
        self.port = free_port()
        self.log = self.data_dir / f"gunicorn-{self.port}.log"
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [PYTHON, "-m", "gunicorn", "publicassembly.site.wsgi:application", "--bind",
                 f"127.0.0.1:{self.port}", "--workers", str(workers), "--graceful-timeout", "1",
                 "--no-control-socket"],
                env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        import urllib.request

        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(self.base + "/api/v1/jurisdictions", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start:\n{self.log.read_text()}")
            time.sleep(0.2)

    def kill(self) -> None:
        """SIGKILL to the whole process group (the gunicorn master and every worker), as a power cut would."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=30)
        self.proc = None


@pytest.fixture(params=["sqlite", "postgresql"])
def deployment(request, tmp_path) -> Iterator[Served]:
    """A migrated deployment in a fresh data directory: SQLite there, or a fresh PostgreSQL database when
    ``DATABASE_URL`` names PostgreSQL (skipped otherwise). Killed and removed at the end."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    env.update({"PUBLICASSEMBLY_DATA_DIR": str(tmp_path), "PUBLICASSEMBLY_SECRET_KEY": SECRET,
                "PUBLICASSEMBLY_DEBUG": "0", "PUBLICASSEMBLY_ALLOWED_HOSTS": "127.0.0.1,localhost",
                "PUBLICASSEMBLY_STATIC_ROOT": str(tmp_path / "static"), "PUBLICASSEMBLY_MANIFEST_STATIC": "0",
                "DJANGO_SETTINGS_MODULE": "publicassembly.site.settings", "PYTHONPATH": str(ROOT / "src")})
    db_name = None
    pg = postgres_url()
    if request.param == "postgresql":
        if pg is None:
            pytest.skip("PostgreSQL crash/concurrency run needs DATABASE_URL=postgres://... (not set)")
        db_name = f"pa_reliability_{uuid.uuid4().hex[:10]}"
        _pg_admin(pg, f'CREATE DATABASE "{db_name}"')
        env["DATABASE_URL"] = _with_db(pg, db_name)
    served = Served(tmp_path, env, database_url=env.get("DATABASE_URL"))
    try:
        served.run("migrate", "--quiet")
        yield served
    finally:
        served.kill()
        if db_name is not None:
            _pg_admin(pg, f'DROP DATABASE IF EXISTS "{db_name}" WITH (FORCE)')


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]
