"""What a request costs in one process, warm and cold: ``python -m benchmarks.inprocess [--runs N]``.

The HTTP benchmark (`benchmarks.http`) measures the served application; this one explains its figures. It
calls the WSGI application itself (``publicassembly.site.wsgi.application``, the same middleware, settled and
frozen as a gunicorn worker is) with the trivial endpoint's request and the check's, and times the parts of
the check (reading the body, validating the case, the determination, its JSON) alone, each two ways:

- *warm*: the same call again and again, as an in-process micro-benchmark runs it (the processor's caches
  hold everything it touches);
- *cold*: before each call, 16 MiB of memory are written, emptying the processor's caches as the kernel, the
  load generator, gunicorn and the other worker do between two requests of a served worker.

Each figure is CPU time per call in microseconds (best of 5 rounds). Served, a worker's CPU time per request
is about twice the *warm* figure (docs/performance.md, "The check served costs about twice its in-process
time"); the *cold* figures come near it when the host's shared cache is busy, and vary from run to run.
Nothing here is a test; it prints and exits 0.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "carmel-county-fair.yaml"
CACHE_FLUSH_BYTES = 16 * 1024 * 1024


def _environ(method: str, path: str, body: bytes = b"") -> dict[str, Any]:
    return {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000", "HTTP_HOST": "127.0.0.1:8000", "wsgi.url_scheme": "http",
            "REMOTE_ADDR": "127.0.0.1", "wsgi.input": io.BytesIO(body), "CONTENT_LENGTH": str(len(body)),
            "CONTENT_TYPE": "application/json", "wsgi.errors": sys.stderr, "SERVER_PROTOCOL": "HTTP/1.1"}


def _warm(call: Callable[[], object], n: int) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(n):
            call()
        best = min(best, (time.process_time() - start) / n)
    return best * 1e6


def _cold(call: Callable[[], object], n: int) -> float:
    junk = bytearray(CACHE_FLUSH_BYTES)
    zeros = bytes(len(junk[::64]))
    best = float("inf")
    for _ in range(5):
        total = 0.0
        for _ in range(n):
            junk[::64] = zeros  # one write per 64-byte cache line: the caches now hold this, not the request's
            start = time.process_time()
            call()
            total += time.process_time() - start
        best = min(best, total / n)
    return best * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.inprocess", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=400, help="calls per round (default 400; 5 rounds)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs: a whole number of at least 1")
    os.environ.update({"DJANGO_SETTINGS_MODULE": "publicassembly.site.settings",
                       "PUBLICASSEMBLY_DATA_DIR": tempfile.mkdtemp(prefix="pa-inprocess-"),
                       "PUBLICASSEMBLY_SECRET_KEY": "benchmark-" + "x" * 50, "PUBLICASSEMBLY_DEBUG": "0",
                       "PUBLICASSEMBLY_ALLOWED_HOSTS": "127.0.0.1", "PUBLICASSEMBLY_MANIFEST_STATIC": "0"})
    import warnings

    import yaml

    warnings.filterwarnings("ignore", message="No directory at")  # WhiteNoise: no collected static files here
    from publicassembly.api.parser import loads_unique
    from publicassembly.api.renderers import dumps_law
    from publicassembly.law.cases import evaluate, parse_case
    from publicassembly.law.jsonable import as_is
    from publicassembly.site.wsgi import application

    from django.core.management import call_command

    call_command("migrate", verbosity=0)  # (the check reads the Town's fee schedules, as served: C-13)
    body = json.dumps(yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")), default=str).encode()

    def request(method: str, path: str, data: bytes = b"") -> Callable[[], None]:
        def call() -> None:
            status: list[str] = []
            answer = application(_environ(method, path, data), lambda s, h, e=None: status.append(s))
            b"".join(answer)
            answer.close()  # type: ignore[attr-defined]
            if not status or not status[0].startswith("200"):
                raise RuntimeError(f"{method} {path}: {status}")
        return call

    data = json.loads(body)
    case = parse_case(data)
    determination = evaluate(data)
    calls: dict[str, Callable[[], object]] = {
        "trivial request (GET /api/v1/jurisdictions)": request("GET", "/api/v1/jurisdictions"),
        "check request (POST /api/v1/check)": request("POST", "/api/v1/check", body),
        "  reading the body (loads_unique)": lambda: loads_unique(body),
        "  validating the case (parse_case)": lambda: parse_case(data),
        "  the determination": lambda: case.jurisdiction.determine(case.facts, case.as_of),  # type: ignore[arg-type]
        "  its JSON (to_json, dumps_law)": lambda: dumps_law(determination.to_json(as_is)),
    }
    for call in calls.values():
        for _ in range(50):
            call()
    print(f"{'CPU time per call (µs)':46} {'warm':>8} {'cold':>8}")
    figures = {}
    for name, call in calls.items():
        figures[name] = (_warm(call, args.runs), _cold(call, args.runs))
        print(f"{name:46} {figures[name][0]:8.0f} {figures[name][1]:8.0f}", flush=True)
    (tw, tc), (cw, cc) = list(figures.values())[:2]
    print(f"check ÷ trivial, as requests per second: warm {tw / cw:.2f}, cold {tc / cc:.2f} "
          "(served, gunicorn's own work per request is added to both)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
