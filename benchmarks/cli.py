"""CLI benchmark: wall time of ``publicassembly check`` on one example against the start-up of
``python -c "import pydantic"``, both measured in the same run (median of N alternating runs)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.machine import ROOT

EXAMPLE = ROOT / "examples" / "mount-pleasant-catering-hall.yaml"
TARGET_RATIO = 3.0


def _wall(cmd: list[str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0,):
        raise RuntimeError(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.decode()[:500]}")
    return elapsed


def run(runs: int = 9) -> dict[str, Any]:
    exe = Path(sys.executable).with_name("publicassembly")
    check = [str(exe), "check", str(EXAMPLE)]
    baseline = [sys.executable, "-c", "import pydantic"]
    _wall(check)  # warm the file cache
    _wall(baseline)
    check_times, base_times = [], []
    for _ in range(runs):  # alternate, so both see the same machine load
        base_times.append(_wall(baseline))
        check_times.append(_wall(check))
    check_s, base_s = statistics.median(check_times), statistics.median(base_times)
    ratio = check_s / base_s
    print(f"cli check {check_s * 1000:.0f} ms, import pydantic {base_s * 1000:.0f} ms, ratio {ratio:.1f}x",
          flush=True)
    return {"example": str(EXAMPLE.relative_to(ROOT)), "runs": runs, "check_s": round(check_s, 4),
            "import_pydantic_s": round(base_s, 4), "ratio": round(ratio, 2), "target_ratio": TARGET_RATIO,
            "check_all_s": [round(t, 4) for t in check_times],
            "import_pydantic_all_s": [round(t, 4) for t in base_times]}
