"""Seeded inputs for the benchmarks: spaces of places of assembly as CSV, JSON Lines or Parquet."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyarrow as pa

from publicassembly.law.jurisdictions.us_ny_mount_pleasant import USE_GROUPS

SEED = 20240611


def spaces_table(rows: int, seed: int = SEED) -> pa.Table:
    """`rows` spaces, deterministic for a seed: every use group, areas with 0-2 decimals (a fifth in square
    metres), bowling alleys with alleys, commercial true/false/blank, attendance on half the rows."""
    rng = np.random.default_rng(seed)
    groups = rng.integers(0, len(USE_GROUPS), rows)
    cents = rng.integers(0, 2_000_000, rows)  # up to 20,000.00
    decimals = rng.integers(0, 3, rows)
    whole = cents // 100
    area = np.where(decimals == 0, whole.astype(str),
                    np.where(decimals == 1, np.char.add(np.char.add(whole.astype(str), "."), ((cents % 100) // 10).astype(str)),
                             np.char.add(np.char.add(whole.astype(str), "."), np.char.zfill((cents % 100).astype(str), 2))))
    unit = np.where(rng.random(rows) < 0.2, "sq_m", "sq_ft")
    bowling = groups == USE_GROUPS.index("bowling_alley")
    alleys = np.where(bowling, rng.integers(0, 40, rows).astype(str), "")
    commercial = rng.choice(np.array(["true", "false", ""]), rows)
    attendance = np.where(rng.random(rows) < 0.5, rng.integers(0, 2000, rows).astype(str), "")
    venue = np.char.add("v", (np.arange(rows) // 4).astype(str))
    space = np.char.add("room ", (np.arange(rows) % 4 + 1).astype(str))
    return pa.table({
        "jurisdiction": pa.array(np.full(rows, "mount-pleasant-ny")),
        "venue_id": pa.array(venue), "space": pa.array(space),
        "use_group": pa.array(np.asarray(USE_GROUPS)[groups]), "area": pa.array(area),
        "area_unit": pa.array(unit), "alleys": pa.array(alleys), "commercial": pa.array(commercial),
        "attendance": pa.array(attendance),
    })


def write_input(path: Path, rows: int, seed: int = SEED) -> Path:
    """Write `rows` spaces to `path` in the format of its ending (.csv, .jsonl, .parquet), in chunks."""
    step = 250_000
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        writer = None
        for start in range(0, rows, step):
            table = spaces_table(min(step, rows - start), seed + start)
            writer = writer or pq.ParquetWriter(path, table.schema)
            writer.write_table(table)
        if writer:
            writer.close()
        return path
    with open(path, "w", encoding="utf-8", newline="") as fh:
        for start in range(0, rows, step):
            table = spaces_table(min(step, rows - start), seed + start)
            if path.suffix == ".csv":
                import csv

                out = csv.writer(fh, lineterminator="\n")
                if start == 0:
                    out.writerow(table.column_names)
                out.writerows(zip(*(table.column(c).to_pylist() for c in table.column_names), strict=True))
            else:
                names = table.column_names
                for values in zip(*(table.column(c).to_pylist() for c in names), strict=True):
                    fh.write(json.dumps({k: v for k, v in zip(names, values, strict=True) if v != ""}) + "\n")
    return path
