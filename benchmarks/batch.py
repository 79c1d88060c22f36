"""Batch benchmark: spaces per second and peak memory at 10,000, 100,000 and 1,000,000 rows.

Measured, for seeded CSV input (and Parquet at the largest size):
- ``pipeline``: `run_batch` alone (read → evaluate → write, after the imports) in a child process pinned to one
  core: CPU and wall time, spaces per second;
- ``law_bulk``: `law.bulk.evaluate_spaces` alone on parsed columns (the vectorised law);
- ``command``: the whole command ``publicassembly batch INPUT -o OUTPUT --quiet`` (read → evaluate → write) in a
  child process pinned to one core: wall time, CPU time, spaces per second (by CPU time and by wall time) and
  the child's peak resident memory (``ru_maxrss`` from ``wait4``), which counts everything (Python, numpy,
  Arrow, the interpreter itself);
- ``python_peak``: in-process `run_batch` under tracemalloc (peak of Python and numpy allocations) and the
  Arrow memory pool's peak.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.data import write_input
from benchmarks.machine import ROOT, one_core

SIZES = (10_000, 100_000, 1_000_000)
AS_OF = date(2025, 1, 1)
TARGET_SPACES_PER_SECOND = 500_000
TARGET_PEAK_MB = 300


def _command(src: Path, out: Path) -> list[str]:
    exe = Path(sys.executable).with_name("publicassembly")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "publicassembly.cli"]
    return [*cmd, "batch", str(src), "-o", str(out), "--quiet", "--force", "--as-of", AS_OF.isoformat()]


def run_command(src: Path, out: Path) -> dict[str, Any]:
    """The batch command in a child process on one core: wall, CPU, peak RSS."""
    started = time.perf_counter()
    child = subprocess.Popen(_command(src, out), cwd=ROOT, preexec_fn=one_core,  # noqa: PLW1509
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    stderr = child.stderr.read().decode() if child.stderr else ""
    if child.returncode != 0:
        raise RuntimeError(f"batch failed ({child.returncode}): {stderr}")
    return {"wall_s": round(wall, 3), "cpu_s": round(usage.ru_utime + usage.ru_stime, 3),
            "peak_rss_mb": round(usage.ru_maxrss / 1024, 1)}


def run_pipeline(src: Path, out: Path) -> dict[str, Any]:
    """`run_batch` alone (after the imports) in a child process on one core."""
    done = subprocess.run([sys.executable, "-m", "benchmarks.pipeline", str(src), str(out)], cwd=ROOT,
                          preexec_fn=one_core, capture_output=True, text=True, check=True)  # noqa: PLW1509
    return json.loads(done.stdout)


def startup() -> dict[str, Any]:
    """The batch command on a one-row file: the fixed cost of starting the command."""
    with tempfile.TemporaryDirectory() as tmp:
        src = write_input(Path(tmp) / "one.csv", 1)
        return run_command(src, Path(tmp) / "out.csv")


def law_bulk(rows: int) -> dict[str, Any]:
    """`bulk.evaluate_spaces` on columns already parsed (median of 5)."""
    from publicassembly.batch.evaluate import Setting
    from publicassembly.law import bulk

    law = Setting.on(AS_OF).law
    rng = np.random.default_rng(7)
    g = rng.integers(0, len(law.use_groups), rows)
    area = rng.integers(0, 20_000 * bulk.AREA_SCALE, rows)
    unit = (rng.random(rows) < 0.2).astype(np.int64)
    alleys = rng.integers(0, 40, rows)
    commercial = rng.integers(-1, 2, rows).astype(np.int8)
    attendance = np.where(rng.random(rows) < 0.5, rng.integers(0, 2000, rows), -1)
    times = []
    for _ in range(5):
        t = time.process_time()
        bulk.evaluate_spaces(law, g, area, unit, alleys, commercial, attendance)
        times.append(time.process_time() - t)
    cpu = float(np.median(times))
    return {"cpu_s": round(cpu, 4), "spaces_per_s": round(rows / cpu) if cpu > 0 else None}


def python_peak(src: Path, out: Path) -> dict[str, Any]:
    """Peak Python/numpy allocations (tracemalloc) and Arrow pool peak of an in-process run."""
    import pyarrow as pa

    from publicassembly.batch import run_batch

    pool = pa.default_memory_pool()
    tracemalloc.start()
    run_batch(src, out, AS_OF, force=True)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"tracemalloc_peak_mb": round(peak / 2**20, 1), "arrow_pool_peak_mb": round(pool.max_memory() / 2**20, 1)}


def run(sizes: tuple[int, ...] = SIZES, repeat: int = 3) -> dict[str, Any]:
    results: list[dict[str, Any]] = []
    base = startup()
    with tempfile.TemporaryDirectory(prefix="pa-bench-") as tmp:
        for rows in sizes:
            for fmt in ("csv", "parquet") if rows == max(sizes) else ("csv",):
                src = write_input(Path(tmp) / f"spaces-{rows}.{fmt}", rows)
                out = Path(tmp) / f"out-{rows}.csv"
                runs = [run_command(src, out) for _ in range(repeat)]
                best = min(runs, key=lambda r: r["cpu_s"])
                pipes = [run_pipeline(src, out) for _ in range(repeat)]
                pipe = min(pipes, key=lambda r: r["cpu_s"])
                cpu = best["cpu_s"]
                entry = {
                    "rows": rows, "input": fmt, "output": "csv",
                    "input_mb": round(src.stat().st_size / 2**20, 1),
                    "pipeline": pipe,
                    "pipeline_spaces_per_s_cpu": round(rows / max(pipe["cpu_s"], 1e-9)),
                    "pipeline_spaces_per_s_wall": round(rows / max(pipe["wall_s"], 1e-9)),
                    "command": best, "runs": runs,
                    "spaces_per_s_cpu": round(rows / cpu),
                    "spaces_per_s_wall": round(rows / best["wall_s"]),
                    "law_bulk": law_bulk(rows),
                    **python_peak(src, out),
                }
                results.append(entry)
                print(f"batch {rows:>9,} {fmt:7} pipeline {entry['pipeline_spaces_per_s_cpu']:>10,}/s cpu; "
                      f"command {entry['spaces_per_s_cpu']:>10,}/s cpu {entry['spaces_per_s_wall']:>10,}/s wall; "
                      f"peak RSS {best['peak_rss_mb']} MB", flush=True)
    return {"targets": {"spaces_per_s": TARGET_SPACES_PER_SECOND, "peak_rss_mb_at_1m": TARGET_PEAK_MB},
            "startup": base, "results": results}
