"""``python -m benchmarks [--only batch,cli] [--sizes 10000,100000,1000000]``: run, save, regenerate the docs."""

from __future__ import annotations

import argparse
import sys

from benchmarks import report
from benchmarks.machine import write_result

PARTS = ("batch", "cli", "http", "load")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--only", default=",".join(PARTS),
                        help=f"comma-separated parts to run: {', '.join(PARTS)} (default: all)")
    parser.add_argument("--sizes", default="10000,100000,1000000", help="batch sizes in rows")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the batch command per size (best kept)")
    parser.add_argument("--runs", type=int, default=9, help="runs of each CLI command (median kept)")
    args = parser.parse_args(argv)
    parts = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        parser.error(f"--only: unknown part {', '.join(unknown)}; allowed: {', '.join(PARTS)}")
    if "batch" in parts:
        from benchmarks import batch

        sizes = tuple(int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip())
        print("results:", write_result("batch", batch.run(sizes, args.repeat)))
    if "cli" in parts:
        from benchmarks import cli

        print("results:", write_result("cli", cli.run(args.runs)))
    if "http" in parts:
        from benchmarks import http

        print("results:", write_result("http", http.run()))
    if "load" in parts:
        from benchmarks import load

        print("results:", write_result("load", load.run()))
    if "http" in parts or "load" in parts:
        from benchmarks import http

        print("table:", http.regenerate())
    print("table:", report.regenerate())
    return 0


if __name__ == "__main__":
    sys.exit(main())
