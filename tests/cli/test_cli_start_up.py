"""How the console script starts (`publicassembly.cli.main`, `app.start_up`): pydantic's search for plugins is
off unless the user set its variable, the garbage collector waits until the command's own code runs (and then
collects as usual), and ``serve`` hands the web server an environment without the CLI's own setting."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator

import pytest
from tests.cli.conftest import VENUE_YAML

from publicassembly.cli.app import PLUGINS_ENV, LazyCommandGroup, environment_for_server, start_up

#: The module `publicassembly.cli.app` (the package's attribute `app` is the Typer application).
APP = sys.modules["publicassembly.cli.app"]


@pytest.fixture
def collector() -> Iterator[None]:
    """Leave the test process's garbage collector as it was (enabled, nothing frozen)."""
    was_enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if was_enabled:
        gc.enable()


def test_plugins_are_not_searched_unless_the_user_set_the_variable(monkeypatch, collector):
    monkeypatch.delenv(PLUGINS_ENV, raising=False)
    with start_up():
        assert os.environ[PLUGINS_ENV] == "__all__"
    monkeypatch.setenv(PLUGINS_ENV, "")  # the user's own choice: load every plugin
    with start_up():
        assert os.environ[PLUGINS_ENV] == ""


def test_serve_takes_out_only_what_start_up_set(monkeypatch, collector):
    monkeypatch.delenv(PLUGINS_ENV, raising=False)
    with start_up():
        environment_for_server()
        assert PLUGINS_ENV not in os.environ
    monkeypatch.setenv(PLUGINS_ENV, "some-plugin")
    with start_up():
        environment_for_server()
        assert os.environ[PLUGINS_ENV] == "some-plugin"


def test_collector_is_paused_until_the_command_runs(runner, write, monkeypatch, collector):
    """During start-up no collection; in the command's own code the collector runs again, start-up's objects
    frozen; after the command it is as it was."""
    from publicassembly.cli import app, law_commands

    seen: list[tuple[bool, int]] = []
    check_one = law_commands._check_one

    def probe(*args, **kwargs):
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        return check_one(*args, **kwargs)

    monkeypatch.setattr(law_commands, "_check_one", probe)
    path = write("venue.yaml", VENUE_YAML)
    assert gc.isenabled()
    with start_up():
        assert not gc.isenabled()
        result = runner.invoke(app, ["check", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert seen and seen[0][0] and seen[0][1] > 0
    assert gc.isenabled()


def test_a_collector_the_user_turned_off_stays_off(collector):
    gc.disable()
    with start_up():
        APP.resume_collector()
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_every_command_resumes_the_collector():
    """Every command (and subcommand) the root group loads calls `resume_collector` first."""
    import typer

    from publicassembly.cli import app

    group = typer.main.get_command(app)
    assert isinstance(group, LazyCommandGroup)
    ctx = group.make_context("publicassembly", ["--version"], resilient_parsing=True)
    names = group.list_commands(ctx)
    assert "check" in names and "serve" in names

    def callbacks(command) -> Iterator[object]:
        if command.callback is not None:
            yield command.callback
        for sub in getattr(command, "commands", {}).values():
            yield from callbacks(sub)

    for name in names:
        for callback in callbacks(group.commands[name]):
            assert getattr(callback, "resumes_collector", False), name


def test_running_a_command_builds_that_command_alone():
    """`LazyCommandGroup.get_command` builds only the command asked for, as Typer builds it in the full group
    (same parameters, same help); a group (``export``) and a listing still build every command."""
    import typer

    from publicassembly.cli import app

    group = LazyCommandGroup(name="publicassembly")
    ctx = group.make_context("publicassembly", [], resilient_parsing=True)
    check = group.get_command(ctx, "check")
    assert set(group.commands) == {"check"}
    full = typer.main.get_group(app).commands["check"]
    assert [p.name for p in check.params] == [p.name for p in full.params]
    assert check.help == full.help
    assert getattr(check.callback, "resumes_collector", False)
    assert group.get_command(ctx, "export") is not None
    assert {"check", "schema", "export", "serve"} <= set(group.commands)
