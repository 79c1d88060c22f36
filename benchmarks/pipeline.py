"""``python -m benchmarks.pipeline INPUT OUTPUT``: time `run_batch` alone (read → evaluate → write) in this
process, after the imports, and print JSON: CPU seconds, wall seconds, rows, peak RSS of the process."""

from __future__ import annotations

import json
import resource
import sys
import time
from datetime import date
from pathlib import Path


def main() -> None:
    from publicassembly.batch import run_batch

    src, out = Path(sys.argv[1]), Path(sys.argv[2])
    cpu, wall = time.process_time(), time.perf_counter()
    summary = run_batch(src, out, date(2025, 1, 1), force=True)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(json.dumps({"rows": summary.rows, "errors": summary.errors, "cpu_s": round(cpu, 3),
                      "wall_s": round(wall, 3),
                      "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))


if __name__ == "__main__":
    main()
