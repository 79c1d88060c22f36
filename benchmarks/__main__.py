"""``python -m benchmarks [--only batch,cli,http,load] [--sizes 10000,100000,1000000] [--databases sqlite]
[--endpoints queue]``: run, save, regenerate the docs."""

from __future__ import annotations

import argparse
import json
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
    parser.add_argument("--databases", default="sqlite,postgresql",
                        help="http: comma-separated databases, sqlite and/or postgresql (default: both)")
    parser.add_argument("--endpoints", default="trivial,check,queue",
                        help="http: comma-separated endpoints: trivial, check, queue (default: all); the others "
                             "keep their last results")
    parser.add_argument("--rounds", type=int, default=5, help="http: alternating rounds per measure (median kept)")
    parser.add_argument("--duration", type=int, default=6, help="http: seconds per wrk run")
    parser.add_argument("--applications", type=int, default=10_000, help="http: applications in the queue")
    args = parser.parse_args(argv)
    parts = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        parser.error(f"--only: unknown part {', '.join(unknown)}; allowed: {', '.join(PARTS)}")

    def _names(value: str, allowed: tuple[str, ...], option: str) -> tuple[str, ...]:
        names = tuple(x.strip() for x in value.split(",") if x.strip())
        bad = [x for x in names if x not in allowed]
        if bad or not names:
            parser.error(f"{option}: unknown {', '.join(bad) or '(none)'}; allowed: {', '.join(allowed)}")
        return names

    databases = _names(args.databases, ("sqlite", "postgresql"), "--databases")
    endpoints = _names(args.endpoints, ("trivial", "check", "queue"), "--endpoints")
    if args.rounds < 1 or args.duration < 1 or args.applications < 1:
        parser.error("--rounds, --duration and --applications: whole numbers of at least 1")
    if "batch" in parts:
        from benchmarks import batch

        sizes = tuple(int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip())
        print("results:", write_result("batch", batch.run(sizes, args.repeat)))
    if "cli" in parts:
        from benchmarks import cli

        print("results:", write_result("cli", cli.run(args.runs)))
    if "http" in parts:
        from benchmarks import http
        from benchmarks.machine import RESULTS

        old = RESULTS / "http.json"
        previous = json.loads(old.read_text(encoding="utf-8")) if old.exists() else None
        new = http.run(databases, args.applications, endpoints, args.rounds, args.duration)
        print("results:", write_result("http", http.merge(new, previous)))
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
