"""What Click refuses before any value is converted — an unknown option or command, an option given without its
value, a required option or argument not given, an argument a command does not take — is one line on standard
error naming the option (or argument) and what is allowed, exit 2, for every command and the root alike: no
boxed panel, no "Usage:"/"Try ... -h" lines, never a traceback. ``--help`` and a group called without its
command (its help) are unchanged."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from publicassembly.cli import app

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("publicassembly")
FAIR = "examples/carmel-county-fair.yaml"
CHECK_OPTIONS = "--as-of, --format (-f), --help (-h)"


@pytest.mark.parametrize(("args", "said"), [
    # an unknown option: the command's options listed (Click's close matches first)
    (["check", FAIR, "--bogus"], f"--bogus: no such option of 'publicassembly check'; allowed: {CHECK_OPTIONS}"),
    (["check", FAIR, "--bogus=1"], f"--bogus: no such option of 'publicassembly check'; allowed: {CHECK_OPTIONS}"),
    (["check", FAIR, "-x"], f"-x: no such option of 'publicassembly check'; allowed: {CHECK_OPTIONS}"),
    (["check", FAIR, "--as-f", "2026-01-01"],
     f"--as-f: no such option of 'publicassembly check' (did you mean --as-of?); allowed: {CHECK_OPTIONS}"),
    (["rules", "--bogus"],
     "--bogus: no such option of 'publicassembly rules'; allowed: --jurisdiction (-j), --format (-f), --help (-h)"),
    (["export", "blds", "--bogus"],
     "--bogus: no such option of 'publicassembly export blds'; allowed: --town, --data-dir, --from-json, "
     "--dataset, --format, --output (-o), --force, --help (-h)"),
    (["--bogus"], "--bogus: no such option of 'publicassembly'; allowed: --version, --help (-h)"),
    # an option without its value
    (["check", FAIR, "--as-of"], "--as-of: given without its value; write --as-of YYYY-MM-DD"),
    (["check", FAIR, "-f"], "-f: given without its value; write -f text|json"),
    (["sign", "--certificate"], "--certificate: given without its value; write --certificate VALUE"),
    # a required argument or option not given
    (["check"], "FILE: missing; usage: publicassembly check [OPTIONS] FILE..."),
    (["check", "--as-of", "2026-01-01"], "FILE: missing; usage: publicassembly check [OPTIONS] FILE..."),
    (["batch", "spaces.csv"], "--output (-o): missing; 'publicassembly batch' requires --output OUTPUT"),
    # an argument the command does not take
    (["rules", "extra"], "extra: unexpected argument of 'publicassembly rules'; usage: publicassembly rules "
                         "[OPTIONS]"),
    # an unknown command, with the commands there are
    (["export", "nope"], "'nope': no such command of 'publicassembly export'; commands: blds"),
])
def test_a_usage_error_is_one_line_naming_the_option_exit_2(runner, args, said):
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr == f"publicassembly: error: {said}\n"
    assert result.stdout == ""


def test_an_unknown_command_is_one_line_with_close_matches_and_every_command(runner):
    result = runner.invoke(app, ["chek"])
    assert result.exit_code == 2
    line = result.stderr
    assert line.startswith("publicassembly: error: 'chek': no such command of 'publicassembly' "
                           "(did you mean 'check', 'schema'?); commands: check, schema, rules, parameters, ")
    assert line.count("\n") == 1 and "serve" in line and "export" in line


def test_help_and_a_group_without_its_command_are_unchanged(runner):
    result = runner.invoke(app, ["check", "--help"])
    assert result.exit_code == 0 and "Usage: publicassembly check [OPTIONS]" in result.output
    assert "publicassembly: error" not in result.output and result.stderr == ""
    for args in ([], ["export"]):  # no_args_is_help: the help, exit 2 as Click has it
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "Usage: publicassembly" in result.output
        assert "publicassembly: error" not in result.output


@pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script not installed at {SCRIPT}")
@pytest.mark.parametrize(("args", "said"), [
    (["check", FAIR, "--bogus"], f"--bogus: no such option of 'publicassembly check'; allowed: {CHECK_OPTIONS}"),
    (["check", FAIR, "--as-of"], "--as-of: given without its value; write --as-of YYYY-MM-DD"),
    (["check"], "FILE: missing; usage: publicassembly check [OPTIONS] FILE..."),
])
def test_the_console_script_prints_the_one_line_without_a_box(args, said):
    env = {k: v for k, v in os.environ.items() if k != "PUBLICASSEMBLY_TRACEBACK"}
    env["COLUMNS"] = "200"
    result = subprocess.run([str(SCRIPT), *args], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 2
    assert result.stderr == f"publicassembly: error: {said}\n"
    assert result.stdout == "" and "╭" not in result.stderr and "Traceback" not in result.stderr
