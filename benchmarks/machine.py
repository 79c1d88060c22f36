"""The machine a benchmark ran on, and writing its results."""

from __future__ import annotations

import json
import os
import platform
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine() -> dict[str, Any]:
    import numpy
    import pyarrow

    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, check=False).stdout.strip() or None
    except OSError:
        commit = None
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpu": cpu_model(),
        "cpus": os.cpu_count(),
        "numpy": numpy.__version__,
        "pyarrow": pyarrow.__version__,
        "commit": commit,
        "load_average": load_average(),
    }


def load_average() -> list[float] | None:
    """The 1, 5 and 15-minute load averages at the time (the development machine is shared)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def write_result(name: str, data: dict[str, Any]) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    payload = {"name": name, "date": datetime.now(UTC).isoformat(timespec="seconds"), "machine": machine(), **data}
    path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return path


def one_core() -> None:
    """Pin the calling process (and its children) to one CPU, where the platform allows."""
    if hasattr(os, "sched_setaffinity"):
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[-1]})
