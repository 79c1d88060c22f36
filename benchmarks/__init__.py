"""Benchmarks of publicassembly (`make bench`, or ``python -m benchmarks --only batch,cli``).

Each part writes ``benchmarks/results/<name>.json`` (numbers, machine, date) and the summary table in
docs/performance.md is regenerated from those files. Benchmarks are never run as timed assertions in the tests.
"""
