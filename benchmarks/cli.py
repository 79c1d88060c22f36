"""CLI benchmark: wall time of ``publicassembly check`` on one example against the start-up of
``python -c "import pydantic"``, both measured in the same run (median of N alternating runs)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.machine import ROOT, load_average

EXAMPLE = ROOT / "examples" / "mount-pleasant-catering-hall.yaml"
#: Also timed, for information: a Carmel case counts deadlines under the General Construction Law (the
#: target is judged on `EXAMPLE`).
CARMEL_EXAMPLE = ROOT / "examples" / "carmel-county-fair.yaml"
TARGET_RATIO = 3.0
#: The libraries a check cannot run without (the project's mandated CLI, output and model libraries, and YAML for
#: its case files and parameters), imported alone: the floor under which no `check` can start.
LIBRARIES = "import typer, rich.console, rich.table, yaml, pydantic.main"
#: A Typer command of `check`'s shape doing nothing (benchmarks/bare_typer.py): what Typer costs any command.
BARE_TYPER = ROOT / "benchmarks" / "bare_typer.py"
#: The least a check does with those libraries (benchmarks/least_check.py): read the file, validate one field
#: with a pydantic model, print it in a Rich table. No project code: the floor of the chosen stack.
LEAST_CHECK = ROOT / "benchmarks" / "least_check.py"


def _wall(cmd: list[str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0,):
        raise RuntimeError(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.decode()[:500]}")
    return elapsed


def _compile() -> None:
    """Compile the project's modules to bytecode first, as `pip install` does for an installed package (an
    editable install, or PYTHONDONTWRITEBYTECODE=1, would otherwise recompile them on every run)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "src" / "publicassembly")],
                   stdout=subprocess.DEVNULL, check=True)


def run(runs: int = 9) -> dict[str, Any]:
    _compile()
    exe = Path(sys.executable).with_name("publicassembly")
    check = [str(exe), "check", str(EXAMPLE)]
    check_json = [*check, "--format", "json"]
    carmel = [str(exe), "check", str(CARMEL_EXAMPLE)]
    baseline = [sys.executable, "-c", "import pydantic"]
    floor = [sys.executable, "-c", LIBRARIES]
    bare = [sys.executable, str(BARE_TYPER), "check", str(EXAMPLE)]
    least = [sys.executable, str(LEAST_CHECK), "check", str(EXAMPLE)]
    for cmd in (check, check_json, carmel, baseline, floor, bare, least):  # warm the file cache
        _wall(cmd)
    load_before = load_average()
    check_times, json_times, carmel_times, base_times, floor_times, bare_times = [], [], [], [], [], []
    least_times: list[float] = []
    for _ in range(runs):  # alternate, so all see the same machine load
        base_times.append(_wall(baseline))
        floor_times.append(_wall(floor))
        bare_times.append(_wall(bare))
        least_times.append(_wall(least))
        check_times.append(_wall(check))
        json_times.append(_wall(check_json))
        carmel_times.append(_wall(carmel))
    load_after = load_average()
    check_s, base_s = statistics.median(check_times), statistics.median(base_times)
    json_s, carmel_s = statistics.median(json_times), statistics.median(carmel_times)
    floor_s, bare_s = statistics.median(floor_times), statistics.median(bare_times)
    least_s = statistics.median(least_times)
    ratio = check_s / base_s
    print(f"cli check {check_s * 1000:.0f} ms (json {json_s * 1000:.0f} ms, carmel {carmel_s * 1000:.0f} ms), "
          f"import pydantic {base_s * 1000:.0f} ms, ratio {ratio:.1f}x; the libraries alone {floor_s * 1000:.0f} ms "
          f"({floor_s / base_s:.1f}x), a bare Typer command {bare_s * 1000:.0f} ms ({bare_s / base_s:.1f}x), "
          f"the least check {least_s * 1000:.0f} ms ({least_s / base_s:.1f}x); "
          f"load {load_before} -> {load_after}", flush=True)
    return {"example": str(EXAMPLE.relative_to(ROOT)), "runs": runs, "check_s": round(check_s, 4),
            "import_pydantic_s": round(base_s, 4), "ratio": round(ratio, 2), "target_ratio": TARGET_RATIO,
            "check_json_s": round(json_s, 4),
            "libraries": LIBRARIES, "libraries_s": round(floor_s, 4), "libraries_ratio": round(floor_s / base_s, 2),
            "libraries_all_s": [round(t, 4) for t in floor_times],
            "bare_typer": str(BARE_TYPER.relative_to(ROOT)), "bare_typer_s": round(bare_s, 4),
            "bare_typer_ratio": round(bare_s / base_s, 2), "bare_typer_all_s": [round(t, 4) for t in bare_times],
            "least_check": str(LEAST_CHECK.relative_to(ROOT)), "least_check_s": round(least_s, 4),
            "least_check_ratio": round(least_s / base_s, 2), "least_check_all_s": [round(t, 4) for t in least_times],
            "carmel_example": str(CARMEL_EXAMPLE.relative_to(ROOT)), "check_carmel_s": round(carmel_s, 4),
            "load_average_before": load_before, "load_average_after": load_after,
            "check_all_s": [round(t, 4) for t in check_times],
            "check_json_all_s": [round(t, 4) for t in json_times],
            "check_carmel_all_s": [round(t, 4) for t in carmel_times],
            "import_pydantic_all_s": [round(t, 4) for t in base_times]}
