"""`publicassembly serve` on a port another program listens on: exit 2 naming the port, before anything is
announced or prepared (no "serving ..." line, no data directory, no migration)."""

from __future__ import annotations

import socket

import pytest
from typer.testing import CliRunner

from publicassembly.cli import app
from publicassembly.cli.serve_commands import check_port


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
