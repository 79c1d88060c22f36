"""`publicassembly serve` on a port another program listens on: exit 2 naming the port, before anything is
announced or prepared (no "serving ..." line, no data directory, no migration)."""

from __future__ import annotations

import socket
import subprocess

import pytest
from typer.testing import CliRunner

from publicassembly.cli import app
from publicassembly.cli.serve_commands import check_port, gunicorn_argv


@pytest.fixture
def busy_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield s.getsockname()[1]


def test_busy_port_exits_2_before_announcing_anything(tmp_path, busy_port):
    data = tmp_path / "data"
    result = CliRunner().invoke(app, ["serve", "--port", str(busy_port), "--data-dir", str(data)])
    assert result.exit_code == 2
    assert result.output == (f"publicassembly: error: port {busy_port} is in use (on 127.0.0.1); stop what uses "
                             "it or give another --port\n")
    assert "serving" not in result.output
    assert not data.exists()


def test_free_port_passes_the_check():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    check_port("127.0.0.1", port)  # returns: nothing listens there any more


def test_host_that_is_not_an_address_exits_2_naming_host(tmp_path):
    result = CliRunner().invoke(app, ["serve", "--host", "no-such-host.invalid", "--data-dir", str(tmp_path / "d")])
    assert result.exit_code == 2
    assert result.output.startswith("publicassembly: error: --host: cannot listen on 'no-such-host.invalid'")
    assert not (tmp_path / "d").exists()


def test_gunicorn_runs_without_a_control_socket_that_a_second_server_would_take_over():
    """gunicorn (25.1 and later) makes one control socket per user, ``~/.gunicorn/gunicorn.ctl``: a second
    server on the machine took it over (a new-user trial). `serve` runs without it; the installed gunicorn
    accepts the whole command line (``--check-config``)."""
    argv = gunicorn_argv("127.0.0.1", 8000, 2)
    assert "--no-control-socket" in argv
    done = subprocess.run([*argv, "--check-config"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


def test_gunicorn_takes_the_occupancy_checks_fifty_rooms_in_its_request_line():
    """The public occupancy check (§§ 164-7, 164-8) asks its rooms in the address, up to 50
    (`MAX_SPACES`): gunicorn's default request line of 4,094 bytes refused 30 rooms with its own "414 URI Too
    Long" (a second new-user trial); `serve` gives gunicorn its largest, 8,190, which 50 rooms of short names
    fit."""
    from urllib.parse import urlencode

    from publicassembly.cli.serve_commands import REQUEST_LINE_BYTES
    from publicassembly.web.forms.public import MAX_SPACES

    argv = gunicorn_argv("127.0.0.1", 8000, 2)
    assert argv[argv.index("--limit-request-line") + 1] == str(REQUEST_LINE_BYTES) == "8190"
    rooms = {"form-TOTAL_FORMS": MAX_SPACES, "form-INITIAL_FORMS": 0, "as_of": "2026-12-02", "commercial": "on"}
    for i in range(MAX_SPACES):
        rooms |= {f"form-{i}-name": f"Conference room {i}", f"form-{i}-use_group": "assembly_without_fixed_seats",
                  f"form-{i}-area": "1500.00", f"form-{i}-area_unit": "sq_ft", f"form-{i}-alleys": ""}
    line = f"GET /occupancy/?{urlencode(rooms)} HTTP/1.1"
    assert 4094 < len(line) <= REQUEST_LINE_BYTES, len(line)
