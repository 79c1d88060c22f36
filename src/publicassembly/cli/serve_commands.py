"""``publicassembly serve``: run the web application and the JSON API with a production server (gunicorn).

Before serving: make sure a secret key exists (``PUBLICASSEMBLY_SECRET_KEY``, else the key file in the data
directory, created on first start with mode 600), apply the migrations, load the demo data once when
``--demo`` is given and the database has no users yet, and collect the static files (served by WhiteNoise).
Then the process becomes gunicorn (``publicassembly.site.wsgi``). The database is SQLite in the data directory
unless ``DATABASE_URL`` names PostgreSQL; every other setting comes from the environment (see
`publicassembly.site.settings`).
"""

from __future__ import annotations

import errno
import os
import secrets
import socket
import subprocess
import sys
from pathlib import Path
from typing import Annotated

import typer

from publicassembly.cli.app import (
    EXIT_BAD_INPUT,
    EXIT_ERROR,
    app,
    environment_for_server,
    fail,
    whole_number_in,
)
from publicassembly.site.paths import DATA_DIR_ENV, data_dir

SECRET_ENV = "PUBLICASSEMBLY_SECRET_KEY"
SECRET_FILE_ENV = "PUBLICASSEMBLY_SECRET_KEY_FILE"


def ensure_secret_key() -> Path | None:
    """When no secret key is given in the environment, make sure the key file exists (a new random key,
    readable by this user only). Returns the file used, or None when the environment gives the key."""
    if os.environ.get(SECRET_ENV, "").strip():
        return None
    path = Path(os.environ.get(SECRET_FILE_ENV, "") or data_dir() / "secret_key")
    if not path.exists() or not path.read_text(encoding="utf-8").strip():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(secrets.token_urlsafe(64) + "\n")
    return path


def check_port(host: str, port: int) -> None:
    """Exit 2 when gunicorn could not listen on `host`:`port` — the port is in use, or the address is not one of
    this machine — before anything is prepared or announced. Binds a socket the way gunicorn does
    (``SO_REUSEADDR``, so a port left in TIME_WAIT by a stopped server is free) and closes it at once."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        fail(f"--host: cannot listen on {host!r} ({e.strerror})", EXIT_BAD_INPUT)
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                fail(f"port {port} is in use (on {host}); stop what uses it or give another --port",
                     EXIT_BAD_INPUT)
            if e.errno == errno.EACCES:
                fail(f"--port: port {port} is not allowed for this user (ports below 1024 need privileges)",
                     EXIT_BAD_INPUT)
            fail(f"--host: cannot listen on {host}:{port} ({e.strerror or e})", EXIT_BAD_INPUT)


def _run_demo() -> int:
    """Load the demo data with ``publicassembly demo`` (its output lists the demo logins)."""
    code = ("import sys; from publicassembly.cli import app; "
            "sys.exit(app(['demo'], standalone_mode=False) or 0)")
    return subprocess.call([sys.executable, "-c", code])


def _demo_loaded() -> bool:
    """Whether the demo's users are in the database (then ``demo`` adds nothing and lists the logins)."""
    from django.contrib.auth import get_user_model

    from publicassembly.permits import demo as permits_demo

    return get_user_model().objects.filter(username=permits_demo.username("carmel", "town_clerk")).exists()


@app.command("serve")
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", parser=whole_number_in(1, 65535),
                                      help="Port to listen on, 1 to 65535.")] = 8000,
    workers: Annotated[int, typer.Option("--workers", parser=whole_number_in(1, 64),
                                         help="gunicorn worker processes, 1 to 64.")] = 2,
    demo: Annotated[bool, typer.Option("--demo", help="Load the demo towns, people and cases once (not "
                                                      "into a database of real users) and list the demo logins.")] = False,
    data_dir_option: Annotated[Path | None, typer.Option(
        "--data-dir", file_okay=False,
        help="Folder of the SQLite database, secret key and uploads (default: $PUBLICASSEMBLY_DATA_DIR or "
             "~/.local/share/publicassembly).")] = None,
    check_only: Annotated[bool, typer.Option("--check-only", hidden=True,
                                             help="Prepare everything, then exit instead of serving.")] = False,
) -> None:
    """Serve the web pages and the JSON API on http://HOST:PORT with gunicorn (static files by WhiteNoise).

    Checks first that HOST:PORT is free (exit 2 when the port is in use), then migrates the database, loads
    the demo once with --demo, collects static files, and prints where to go. Behind HTTPS set PUBLICASSEMBLY_SECURE=1, PUBLICASSEMBLY_ALLOWED_HOSTS and, for PostgreSQL,
    DATABASE_URL.
    """
    check_port(host, port)
    if data_dir_option is not None:
        os.environ[DATA_DIR_ENV] = str(data_dir_option.expanduser().resolve())
    try:
        data_dir().mkdir(parents=True, exist_ok=True)
        key_file = ensure_secret_key()
    except OSError as e:
        fail(f"--data-dir: cannot use {data_dir()}: {e.strerror or e}", EXIT_BAD_INPUT)
    if key_file is not None:
        os.environ[SECRET_FILE_ENV] = str(key_file)
    hosts = {"localhost", "127.0.0.1", "[::1]"}
    if host not in ("0.0.0.0", "::"):
        hosts.add(host if ":" not in host else f"[{host}]")
    os.environ.setdefault("PUBLICASSEMBLY_ALLOWED_HOSTS", ",".join(sorted(hosts)))
    os.environ.setdefault("PUBLICASSEMBLY_STATIC_ROOT", str(data_dir() / "static"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "publicassembly.site.settings")

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from publicassembly.workflow import dbadmin
    from publicassembly.workflow.errors import WorkflowError

    try:
        dbadmin.migrate(verbosity=0)
    except WorkflowError as e:
        fail(str(e), EXIT_ERROR)
    typer.echo(f"database: {dbadmin.describe()} (migrated)")
    if demo:
        if get_user_model().objects.exists() and not _demo_loaded():
            typer.echo("demo: the database already holds real users; the demo is not loaded into it")
        elif _run_demo() != 0:  # loads once; run again it adds nothing and lists the demo logins
            fail("demo: loading the demo data failed (see above)", EXIT_ERROR)
    call_command("collectstatic", interactive=False, verbosity=0)
    url = f"http://{host if ':' not in host else f'[{host}]'}:{port}/"
    typer.echo(f"serving publicassembly on {url} with {workers} gunicorn worker{'s' if workers > 1 else ''} "
               f"(Ctrl-C to stop); API docs at {url}api/docs")
    if check_only:
        return
    sys.stdout.flush()
    environment_for_server()  # the server's own environment, not the CLI's start-up settings
    os.execv(sys.executable, gunicorn_argv(host, port, workers))


def gunicorn_argv(host: str, port: int, workers: int) -> list[str]:
    """The command line `serve` runs gunicorn with: sync workers on HOST:PORT, the access log on standard output,
    the forwarded headers trusted from ``FORWARDED_ALLOW_IPS`` (default the loopback address), and no control
    socket — gunicorn's is one path per user (``~/.gunicorn/gunicorn.ctl``), which a second server on the
    machine (another checkout, another town) would take over; nothing here uses it. A request line of up to
    `REQUEST_LINE_BYTES` (gunicorn's largest; its default, 4,094, answered the occupancy check of 30 rooms with
    its own "414 URI Too Long")."""
    return [sys.executable, "-m", "gunicorn", "publicassembly.site.wsgi:application",
            "--bind", f"{host if ':' not in host else f'[{host}]'}:{port}", "--workers", str(workers),
            "--access-logfile", "-", "--forwarded-allow-ips", os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1"),
            "--no-control-socket", "--limit-request-line", str(REQUEST_LINE_BYTES)]


#: The longest request line gunicorn takes here, in bytes: its own largest. The public occupancy check asks its
#: rooms in the address (a check that can be bookmarked and shared), about 140 bytes a room: its 50 rooms
#: (`web.forms.public.MAX_SPACES`) with short names fit; gunicorn's default of 4,094 took about 28.
REQUEST_LINE_BYTES = 8190
