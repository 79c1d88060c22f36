"""HTTP benchmark of the served application: requests per second and p50/p99 latency of a trivial endpoint,
``POST /api/v1/check`` and the Town Clerk's queue page holding 10,000 applications, on SQLite and PostgreSQL.

Each database gets a fresh deployment: a temporary data directory (SQLite) or a database created for the run
and dropped after it (PostgreSQL, from ``DATABASE_URL`` or ``postgres://postgres@127.0.0.1:5432/postgres``);
``publicassembly migrate``; applications filed in bulk (``python -m benchmarks.http seed N``, one bulk insert);
then ``publicassembly serve`` (gunicorn, its default two sync workers, access log on) on a free loopback port.
The load comes from ``wrk`` (Debian package ``wrk``) on the same machine, so server and client share the CPUs.

- *trivial*: ``GET /api/v1/jurisdictions`` (no database, the same middleware and API framework as the others;
  there is no health endpoint yet).
- *check*: ``POST /api/v1/check`` with ``examples/carmel-county-fair.yaml`` as JSON (the law core, no database).
- *queue*: ``GET /carmel-ny/applications/`` signed in as the Town Clerk, N applications in the town.

A request counts as an error when it is not answered 200/201 (wrk: non-2xx/3xx, socket errors, timeouts; a
Lua hook also counts 3xx, e.g. a redirect to the sign-in page). Targets (the issue): check ≥ half the trivial
endpoint's requests per second; queue p99 < 100 ms.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from benchmarks.machine import ROOT

#: Rows on one page of the Clerk's queue (the web view's constant; read here without setting up Django).
QUEUE_PAGE_SIZE = 50

BIN = Path(sys.executable).parent
SECRET = "benchmark-only-secret-key-" + "x" * 40
TRIVIAL = "/api/v1/jurisdictions"
CHECK = "/api/v1/check"
QUEUE = "/carmel-ny/applications/"
EXAMPLE = ROOT / "examples" / "carmel-county-fair.yaml"
TARGETS = {"check_vs_trivial_rps": 0.5, "queue_p99_ms": 100}


# --- Deployments --------------------------------------------------------------------------------------------


@dataclass
class Deployment:
    """A migrated database and the environment of the processes that use it."""

    kind: str  # "sqlite" | "postgresql"
    data_dir: Path
    env: dict[str, str]

    def run(self, *args: str, timeout: float = 900) -> str:
        """``publicassembly ARGS`` or ``python ARGS`` (when args[0] is "-m" or "-c") in this deployment."""
        cmd = [sys.executable, *args] if args[0] in ("-m", "-c") else [str(BIN / "publicassembly"), *args]
        done = subprocess.run(cmd, env=self.env, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd[:4])} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout


def _pg_base() -> str:
    url = os.environ.get("DATABASE_URL", "").strip()
    return url if url.startswith(("postgres://", "postgresql://")) else "postgres://postgres@127.0.0.1:5432/postgres"


def _with_db(url: str, name: str) -> str:
    p = urlsplit(url)
    return urlunsplit((p.scheme, p.netloc, "/" + name, p.query, p.fragment))


def _pg_admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(_with_db(_pg_base(), "postgres"), autocommit=True) as con:
        con.execute(sql)


@contextlib.contextmanager
def deployment(kind: str) -> Iterator[Deployment]:
    """A fresh, migrated deployment on `kind` ("sqlite" or "postgresql"), removed afterwards."""
    data_dir = Path(tempfile.mkdtemp(prefix=f"pa-bench-{kind}-"))
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    env.update({"PUBLICASSEMBLY_DATA_DIR": str(data_dir), "PUBLICASSEMBLY_SECRET_KEY": SECRET,
                "PUBLICASSEMBLY_DEBUG": "0", "DJANGO_SETTINGS_MODULE": "publicassembly.site.settings",
                "PYTHONPATH": str(ROOT) + os.pathsep + str(ROOT / "src")})
    db_name = None
    if kind == "postgresql":
        db_name = f"pa_bench_{uuid.uuid4().hex[:10]}"
        _pg_admin(f'CREATE DATABASE "{db_name}"')
        env["DATABASE_URL"] = _with_db(_pg_base(), db_name)
    try:
        dep = Deployment(kind, data_dir, env)
        dep.run("migrate", "--quiet")
        yield dep
    finally:
        if db_name is not None:
            _pg_admin(f'DROP DATABASE IF EXISTS "{db_name}" WITH (FORCE)')
        shutil.rmtree(data_dir, ignore_errors=True)


def seed(applications: int) -> dict[str, Any]:
    """(Run inside a deployment: ``python -m benchmarks.http seed N``.) Carmel with a Town Clerk and an
    applicant, `applications` submitted applications of the county fair in one bulk insert (every fifth one
    accepted, submissions over the last 60 days), a signed-in session of the Clerk and an API token of the
    applicant. Returns {"session": cookie value, "token": bearer token, "facts": the applicant's facts,
    "applications": count}."""
    import datetime as dt

    import django
    import yaml

    django.setup()
    from django.test import Client

    from publicassembly.accounts.models import Membership, Town, User
    from publicassembly.api.models import ApiToken
    from publicassembly.permits import services as sv
    from publicassembly.permits.models import PermitApplication, State

    town = Town.objects.for_jurisdiction("carmel-ny")
    clerk = User.objects.create(username="bench_clerk", first_name="Town", last_name="Clerk")
    applicant = User.objects.create(username="bench_applicant", first_name="Fair", last_name="Organizer")
    Membership.objects.create(user=clerk, town=town, role="town_clerk")
    Membership.objects.create(user=applicant, town=town, role="applicant")
    facts = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    for key in ("jurisdiction", "subject", "as_of", *sv.TOWN_FACTS):
        facts.pop(key, None)
    facts["petition"].pop("verified", None)
    for facility in facts["conditions"].values():
        facility.pop("health_department_approved_on", None)
        facility.pop("town_board_approved_on", None)
    for prop in facts["properties"]:
        prop.pop("owner_authorization_to_inspect", None)
        prop.pop("tenant_authorization_to_inspect", None)
    facts = sv.validate_facts(facts)
    today = dt.date.today()
    PermitApplication.objects.bulk_create(
        [PermitApplication(town=town, applicant=applicant, facts=dict(facts, name=f"Assembly {i}"),
                           state=State.ACCEPTED if i % 5 == 0 else State.SUBMITTED,
                           submitted_on=today - dt.timedelta(days=i % 60),
                           verification_statement="Sworn before a notary.")
         for i in range(applications)], batch_size=1000)
    client = Client()
    client.force_login(clerk)
    _token, raw = ApiToken.objects.issue(applicant, "benchmark")
    return {"session": client.cookies["sessionid"].value, "token": raw, "facts": facts,
            "applications": PermitApplication.objects.for_town(town).count()}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def served(dep: Deployment, workers: int = 2) -> Iterator[str]:
    """``publicassembly serve`` on a free loopback port (its own process group, stopped with SIGTERM, then
    SIGKILL); yields the base URL once it answers."""
    port = free_port()
    log = (dep.data_dir / "serve.log").open("wb")
    proc = subprocess.Popen([str(BIN / "publicassembly"), "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--workers", str(workers)], env=dep.env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(base + TRIVIAL, timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("publicassembly serve did not start:\n"
                                   + (dep.data_dir / "serve.log").read_text(errors="replace"))
            time.sleep(0.2)
        yield base
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()


# --- The load generator: wrk --------------------------------------------------------------------------------

#: wrk's Lua: the requests to send in turn (method, path, headers, body), a count of answers other than 200/201
#: per thread, and a JSON line of the totals and latency percentiles at the end.
LUA = r"""
local spec = dofile(os.getenv("WRK_SPEC"))
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  not_ok = 0
  n = 0
  reqs = {}
  for i, r in ipairs(spec) do reqs[i] = wrk.format(r.method, r.path, r.headers, r.body) end
end
function request()
  n = n + 1
  return reqs[(n - 1) % #reqs + 1]
end
function response(status, headers, body)
  if status ~= 200 and status ~= 201 then not_ok = not_ok + 1 end
end
function done(summary, latency, requests)
  local bad = 0
  for _, t in ipairs(threads) do bad = bad + t:get("not_ok") end
  local e = summary.errors
  io.write(string.format(
    '@@{"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
    '"not_200":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout, bad,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
"""


def _lua_string(s: str) -> str:
    return "[==[" + s + "]==]"


def wrk(base: str, requests: list[dict[str, Any]], *, duration: int, connections: int, threads: int = 2,
        timeout: int = 30) -> dict[str, Any]:
    """Run wrk against `base` with `requests` (each {method, path, headers, body}) sent in turn by every
    connection. Returns rps, p50/p90/p99/max (ms), requests, errors (every request not answered 200/201, socket
    errors and timeouts included) and the raw counts."""
    exe = shutil.which("wrk")
    if exe is None:
        raise RuntimeError("wrk is not installed: apt-get install -y wrk")
    with tempfile.TemporaryDirectory(prefix="pa-wrk-") as tmp:
        spec = Path(tmp) / "spec.lua"
        items = []
        for r in requests:
            headers = ", ".join(f"[ {_lua_string(k)} ] = {_lua_string(v)}" for k, v in (r.get("headers") or {}).items())
            body = _lua_string(r["body"]) if r.get("body") else "nil"
            items.append(f"{{method = {_lua_string(r['method'])}, path = {_lua_string(r['path'])}, "
                         f"headers = {{{headers}}}, body = {body}}}")
        spec.write_text("return {" + ",\n".join(items) + "}\n", encoding="utf-8")
        script = Path(tmp) / "run.lua"
        script.write_text(LUA, encoding="utf-8")
        done = subprocess.run([exe, "-t", str(threads), "-c", str(connections), "-d", f"{duration}s",
                               "--timeout", f"{timeout}s", "-s", str(script), base],
                              env=dict(os.environ, WRK_SPEC=str(spec)), capture_output=True, text=True,
                              timeout=duration + timeout + 60)
    line = next((x for x in done.stdout.splitlines() if x.startswith("@@")), None)
    if done.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed:\n{done.stdout}\n{done.stderr}")
    raw = json.loads(line[2:])
    socket_errors = raw["connect"] + raw["read"] + raw["write"] + raw["timeout"]
    seconds = raw["duration_us"] / 1e6
    return {
        "connections": connections, "duration_s": round(seconds, 2), "requests": raw["requests"],
        "rps": round(raw["requests"] / seconds, 1) if seconds else 0.0,
        "p50_ms": round(raw["p50_us"] / 1000, 2), "p90_ms": round(raw["p90_us"] / 1000, 2),
        "p99_ms": round(raw["p99_us"] / 1000, 2), "max_ms": round(raw["max_us"] / 1000, 2),
        "errors": raw["not_200"] + socket_errors,
        "error_detail": {k: raw[k] for k in ("not_200", "status", "connect", "read", "write", "timeout")},
    }


def probe(base: str, req: dict[str, Any]) -> tuple[int, float, bytes]:
    """One request with urllib: (status, seconds, body). Raises on anything but 200/201."""
    r = urllib.request.Request(base + req["path"], data=(req.get("body") or "").encode() or None,
                               method=req["method"], headers=req.get("headers") or {})
    start = time.perf_counter()
    with urllib.request.urlopen(r, timeout=600) as response:
        body = response.read()
        status = response.status
    took = time.perf_counter() - start
    if status not in (200, 201):
        raise RuntimeError(f"{req['method']} {req['path']}: HTTP {status}")
    return status, took, body


def endpoints(seeded: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The three requests measured."""
    import yaml

    case = json.dumps(yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")), default=str)
    return {
        "trivial": {"method": "GET", "path": TRIVIAL},
        "check": {"method": "POST", "path": CHECK, "headers": {"Content-Type": "application/json"}, "body": case},
        "queue": {"method": "GET", "path": QUEUE, "headers": {"Cookie": f"sessionid={seeded['session']}"}},
    }


def _measure(base: str, name: str, req: dict[str, Any], duration: int, connections: int,
             expect_rows: int | None = None, log: Path | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"path": req["path"], "method": req["method"]}
    start = time.perf_counter()
    try:
        _status, took, body = probe(base, req)
    except (OSError, RuntimeError, http.client.HTTPException) as e:
        # e.g. gunicorn's worker timeout (30 s): the worker is aborted and the request answered 500
        after = time.perf_counter() - start
        timed_out = log is not None and "WORKER TIMEOUT" in log.read_text(errors="replace")
        out.update({"failed": f"{type(e).__name__}: {e} after {after:.1f} s"
                              + (" (gunicorn: WORKER TIMEOUT)" if timed_out else ""),
                    "rps": 0.0, "p50_ms": None, "p99_ms": None, "errors": 1, "requests": 0, "connections": 1})
        print(f"  {name:8} not served: {out['failed']}", flush=True)
        return out
    out.update({"single_request_ms": round(took * 1000, 1), "response_bytes": len(body)})
    if expect_rows is not None:
        # the queue is paged: its first page holds QUEUE_PAGE_SIZE rows and counts all of them
        rows = len(re.findall(rb"<tr><td>\d+</td>", body))
        shown = min(expect_rows, QUEUE_PAGE_SIZE)
        if rows != shown or (expect_rows > shown and f"({expect_rows} applications)".encode() not in body):
            raise RuntimeError(f"{req['path']} shows {rows} rows; expected {shown} of {expect_rows} applications")
    # A page slower than the run itself gets a run long enough for a few answers, one connection.
    if took * 4 > duration:
        out.update(wrk(base, [req], duration=int(took * 6) + 1, connections=1, threads=1,
                       timeout=int(took * 3) + 30))
    else:
        out.update(wrk(base, [req], duration=duration, connections=connections))
    print(f"  {name:8} {out['rps']:>9} req/s  p50 {out['p50_ms']:>9} ms  p99 {out['p99_ms']:>9} ms  "
          f"errors {out['errors']}  ({out['requests']} requests, {out['connections']} connections)", flush=True)
    return out


def run(databases: tuple[str, ...] = ("sqlite", "postgresql"), applications: int = 10_000, duration: int = 15,
        connections: int = 8) -> dict[str, Any]:
    """The three endpoints on each database. Returns the data of benchmarks/results/http.json."""
    results = []
    for kind in databases:
        print(f"http: {kind}, {applications:,} applications", flush=True)
        with deployment(kind) as dep:
            start = time.perf_counter()
            seeded = json.loads(dep.run("-m", "benchmarks.http", "seed", str(applications)).splitlines()[-1])
            seed_s = time.perf_counter() - start
            with served(dep) as base:
                measured = {name: _measure(base, name, req, duration, connections,
                                           expect_rows=applications if name == "queue" else None,
                                           log=dep.data_dir / "serve.log")
                            for name, req in endpoints(seeded).items()}
        ratio = measured["check"]["rps"] / measured["trivial"]["rps"] if measured["trivial"]["rps"] else 0.0
        results.append({
            "database": kind, "applications": applications, "seed_s": round(seed_s, 1), "server_workers": 2,
            "endpoints": measured, "check_vs_trivial_rps": round(ratio, 3),
            "targets_met": {"check_vs_trivial_rps": ratio >= TARGETS["check_vs_trivial_rps"],
                            "queue_p99_ms": measured["queue"]["p99_ms"] is not None
                            and measured["queue"]["p99_ms"] < TARGETS["queue_p99_ms"]
                            and measured["queue"]["errors"] == 0},
        })
    return {"tool": "wrk " + _wrk_version(), "targets": TARGETS, "duration_s": duration,
            "connections": connections, "results": results}


def _wrk_version() -> str:
    exe = shutil.which("wrk")
    if exe is None:
        return "(not installed)"
    out = subprocess.run([exe, "-v"], capture_output=True, text=True)
    m = re.search(r"wrk (\S+)", out.stdout + out.stderr)
    return m.group(1) if m else "?"


# --- docs/performance.md: the HTTP section's table ---------------------------------------------------------

DOC = ROOT / "docs" / "performance.md"
BEGIN = "<!-- http results: generated by `python -m benchmarks --only http,load`; do not edit -->"
END = "<!-- end of http results -->"


def _load(name: str) -> dict[str, Any] | None:
    from benchmarks.machine import RESULTS

    path = RESULTS / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def table() -> str:
    lines: list[str] = []
    http = _load("http")
    if http:
        m = http["machine"]
        lines += [f"Measured {http['date']} on {m['cpu']} ({m['cpus']} CPUs shared by server and load generator), "
                  f"Python {m['python']}, commit {m['commit']}; wrk {http['tool'].split()[-1]}, "
                  f"{http['connections']} connections for {http['duration_s']} s per endpoint (a page slower than "
                  "that: one connection, long enough for a few answers); `publicassembly serve`, 2 gunicorn sync "
                  "workers.", "",
                  "| database | endpoint | applications | req/s | p50 (ms) | p99 (ms) | errors | requests |",
                  "|---|---|---:|---:|---:|---:|---:|---:|"]
        for r in http["results"]:
            for name, e in r["endpoints"].items():
                label = {"trivial": f"trivial `GET {e['path']}`", "check": f"`POST {e['path']}`",
                         "queue": f"Clerk's queue `GET {e['path']}`"}[name]
                if e.get("failed"):
                    lines.append(f"| {r['database']} | {label} | {r['applications']:,} | — | — | "
                                 f"not served: {e['failed']} | {e['errors']} | 0 |")
                    continue
                lines.append(f"| {r['database']} | {label} | {r['applications']:,} | {e['rps']:,} | {e['p50_ms']:,} | "
                             f"{e['p99_ms']:,} | {e['errors']} | {e['requests']:,} |")
        lines.append("")
        for r in http["results"]:
            e = r["endpoints"]
            lines.append(f"- {r['database']}: check / trivial throughput {r['check_vs_trivial_rps']:.2f} (target ≥ "
                         f"{http['targets']['check_vs_trivial_rps']}) — "
                         f"{'met' if r['targets_met']['check_vs_trivial_rps'] else '**missed**'}; queue p99 "
                         f"{str(e['queue']['p99_ms']) + ' ms' if e['queue']['p99_ms'] is not None else '— (not served)'} with {r['applications']:,} applications (target < "
                         f"{http['targets']['queue_p99_ms']} ms) — "
                         f"{'met' if r['targets_met']['queue_p99_ms'] else '**missed**'}.")
        lines.append("")
    load = _load("load")
    if load:
        lines += [f"Load, measured {load['date']}: {load['clients']} concurrent clients for {load['duration_s']} s "
                  f"(wrk, client timeout {load['client_timeout_s']} s), every client sending in turn: "
                  + ", ".join(f"`{r['method']} {r['path']}`" for r in load["mix"]) + ".", "",
                  "| database | requests | req/s | p50 (ms) | p99 (ms) | max (ms) | errors |",
                  "|---|---:|---:|---:|---:|---:|---:|"]
        for r in load["results"]:
            lines.append(f"| {r['database']} | {r['requests']:,} | {r['rps']:,} | {r['p50_ms']:,} | {r['p99_ms']:,} | "
                         f"{r['max_ms']:,} | {r['errors']} |")
        lines += ["", "- Zero errors required: " + "; ".join(
            f"{r['database']} {r['errors']} — {'met' if r['errors'] == 0 else '**missed**'}"
            for r in load["results"]) + ".", ""]
    return "\n".join(lines) or "No HTTP results yet: run `python -m benchmarks --only http,load`.\n"


def regenerate() -> Path:
    """Rewrite the HTTP table of docs/performance.md (between its own markers, appended at the end of the file
    the first time); the rest of the page is left as it is."""
    text = DOC.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        text = text.rstrip("\n") + f"\n\n{BEGIN}\n{END}\n"
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOC.write_text(f"{head}{BEGIN}\n\n{table()}\n{END}{tail}", encoding="utf-8")
    return DOC


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "seed":
        print(json.dumps(seed(int(argv[1]))))
        return 0
    print("usage: python -m benchmarks.http seed N   (inside a deployment; see python -m benchmarks)",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
