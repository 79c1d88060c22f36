"""The installed console script `.venv/bin/publicassembly`, run as a real process: exit codes, standard
streams, and never a Python traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("publicassembly")

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script not installed at {SCRIPT}")


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PUBLICASSEMBLY_TRACEBACK"}
    env["COLUMNS"] = "200"
    return subprocess.run([str(SCRIPT), *args], cwd=cwd, capture_output=True, text=True, env=env, timeout=120)


def test_examples_are_determined_exit_0():
    """Every bundled example is determined (`make run`); exit 0 and nothing on standard error."""
    examples = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples").glob("*.yaml"))
    assert examples
    result = _run("check", *examples, "--format", "json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    data = json.loads(result.stdout)
    assert [d["file"] for d in data] == examples


def test_bad_inputs_exit_2_with_one_line_each_and_no_traceback(tmp_path):
    """Missing file, directory, binary, empty, duplicate key, unknown use group (§ 164-7), and a good file:
    the good one is determined, each bad one gets one line on standard error, exit code 2."""
    (tmp_path / "binary.yaml").write_bytes(b"\x00\x01\x02")
    (tmp_path / "empty.json").write_text("")
    (tmp_path / "dup.yaml").write_text("subject: venue\nsubject: event\n")
    (tmp_path / "ug.yaml").write_text("jurisdiction: mount-pleasant-ny\nsubject: venue\nas_of: 2026-03-02\n"
                                      "spaces:\n  - {name: Hall, use_group: ballroom, area: 10}\n")
    (tmp_path / "good.yaml").write_text("jurisdiction: carmel-ny\nsubject: event\nas_of: 2026-03-02\n"
                                        "max_persons_at_one_time: 501\n")
    names = ["missing.yaml", ".", "binary.yaml", "empty.json", "dup.yaml", "ug.yaml", "good.yaml"]
    result = _run("check", *names, "--format", "json", cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 6
    assert all(line.startswith("publicassembly: error: ") for line in lines)
    for name, line in zip(names, lines, strict=False):
        assert name in line
    assert [d["file"] for d in json.loads(result.stdout)] == ["good.yaml"]


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["--help"], 0),
        (["schema"], 0),
        (["rules", "-j", "nowhere"], 2),
        (["parameters", "--as-of", "2026-02-30"], 2),
        (["check", "x.yaml", "--format", "xml"], 2),
        (["check"], 2),
        (["no-such-command"], 2),
    ],
)
def test_exit_codes(args, code):
    result = _run(*args)
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr


def test_text_report_of_an_example():
    """The text report of Carmel's county fair leads with the verdict: a permit is required (ch. 31 ¶ A)."""
    result = _run("check", "examples/carmel-county-fair.yaml")
    assert result.returncode == 0, result.stderr
    assert result.stdout.index("Verdict") < result.stdout.index("Findings")
    assert "permit from the Town Board is required" in result.stdout


@pytest.mark.parametrize("args", [
    ("rules",), ("parameters",), ("check", "examples/carmel-county-fair.yaml"), ("--help",), ("rules", "--help"),
    ("check", "examples/carmel-county-fair.yaml", "--format", "json"),
])
def test_a_reader_that_stopped_reading_exits_141_quietly(args):
    """`publicassembly rules | head`: the reader closed the pipe before the command wrote (here: before it
    started). The command stops quietly with 141 (128 + SIGPIPE, what a shell shows for a command ended by a
    broken pipe) and nothing on standard error — not 1, which says the law core failed."""
    read, write = os.pipe()
    os.close(read)
    env = {k: v for k, v in os.environ.items() if k != "PUBLICASSEMBLY_TRACEBACK"}
    try:
        result = subprocess.run([str(SCRIPT), *args], cwd=ROOT, stdout=write, stderr=subprocess.PIPE, text=True,
                                env=env, timeout=120)
    finally:
        os.close(write)
    assert (result.returncode, result.stderr) == (141, "")


def test_today_is_the_towns_day_whatever_the_machines_time_zone(tmp_path):
    """A case without ``as_of`` is determined as of the Towns' day (America/New_York), as the web and the API
    take it, not the machine's: on a machine at UTC+14 the date is a day ahead of New York's most of the day."""
    import datetime as dt
    from zoneinfo import ZoneInfo

    import yaml

    case = yaml.safe_load((ROOT / "examples" / "mount-pleasant-catering-hall.yaml").read_text(encoding="utf-8"))
    case.pop("as_of")
    (tmp_path / "case.yaml").write_text(yaml.safe_dump(case), encoding="utf-8")
    towns = {dt.datetime.now(ZoneInfo("America/New_York")).date().isoformat()}
    env = {**{k: v for k, v in os.environ.items() if k != "PUBLICASSEMBLY_TRACEBACK"}, "TZ": "Pacific/Kiritimati"}
    result = subprocess.run([str(SCRIPT), "check", str(tmp_path / "case.yaml"), "--format", "json"], cwd=ROOT,
                            capture_output=True, text=True, env=env, timeout=120)
    towns.add(dt.datetime.now(ZoneInfo("America/New_York")).date().isoformat())  # (run across midnight)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["as_of"] in towns
