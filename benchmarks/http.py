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

Two measures, each taken in rounds (default 5 rounds of 6 s; the endpoints measured in turn within a round,
so they see the same machine load; the median over rounds kept, each round's figure recorded):

- *latency*: as many wrk connections as server workers (2), so a request never waits in the server's queue
  behind another: p50/p99 are the time of a request itself on this machine. With more connections than
  workers, a sync worker serves one request at a time and the others queue in the socket's backlog, so p99
  is mostly waiting (with 8 connections and 2 workers, about 4× the service time): a measure of the
  configuration, not of the page.
- *throughput*: four times as many connections as workers (the workers never idle): requests per second.
  The check's target compares this throughput with the trivial endpoint's, round by round.

A request counts as an error when it is not answered 200/201 (wrk: non-2xx/3xx, socket errors, timeouts; a
Lua hook also counts 3xx, e.g. a redirect to the sign-in page). Targets (the issue): check ≥ half the trivial
endpoint's requests per second; queue p99 < 100 ms (at the latency concurrency).
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
import statistics
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
DATABASES = ("sqlite", "postgresql")
ENDPOINTS = ("trivial", "check", "queue")


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


def _check_page(base: str, name: str, req: dict[str, Any], expect_rows: int | None,
                log: Path | None) -> dict[str, Any]:
    """One request first: its time alone and its size, and for the queue that the page holds its rows.
    Returns {"single_request_ms", "response_bytes"} or {"failed": why} (e.g. gunicorn's worker timeout)."""
    start = time.perf_counter()
    try:
        _status, took, body = probe(base, req)
    except (OSError, RuntimeError, http.client.HTTPException) as e:
        after = time.perf_counter() - start
        timed_out = log is not None and "WORKER TIMEOUT" in log.read_text(errors="replace")
        print(f"  {name:8} not served: {e}", flush=True)
        return {"failed": f"{type(e).__name__}: {e} after {after:.1f} s"
                          + (" (gunicorn: WORKER TIMEOUT)" if timed_out else "")}
    if expect_rows is not None:
        # the queue is paged: its first page holds QUEUE_PAGE_SIZE rows and counts all of them
        rows = len(re.findall(rb"<tr><td>\d+</td>", body))
        shown = min(expect_rows, QUEUE_PAGE_SIZE)
        if rows != shown or (expect_rows > shown and f"({expect_rows:,} applications)".encode() not in body):
            raise RuntimeError(f"{req['path']} shows {rows} rows; expected {shown} of {expect_rows} applications")
    return {"single_request_ms": round(took * 1000, 1), "response_bytes": len(body)}


def _median(values: list[float]) -> float:
    return float(statistics.median(values)) if values else 0.0


def _rounds(base: str, reqs: dict[str, dict[str, Any]], *, rounds: int, duration: int, connections: int
            ) -> dict[str, list[dict[str, Any]]]:
    """`rounds` wrk runs of each request in turn (A, B, A, B, ...), so every request sees the same machine
    load; returns the runs of each."""
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in reqs}
    for _ in range(rounds):
        for name, req in reqs.items():
            runs[name].append(wrk(base, [req], duration=duration, connections=connections,
                                  threads=min(2, connections)))
    return runs


def _summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The median over rounds of throughput and percentiles, with the total of requests and errors."""
    return {"rounds": len(runs), "connections": runs[0]["connections"],
            "duration_s": round(sum(r["duration_s"] for r in runs), 1),
            "requests": sum(r["requests"] for r in runs), "errors": sum(r["errors"] for r in runs),
            "rps": round(_median([r["rps"] for r in runs]), 1),
            **{k: round(_median([r[k] for r in runs]), 2) for k in ("p50_ms", "p90_ms", "p99_ms")},
            "max_ms": max(r["max_ms"] for r in runs),
            "rps_each_round": [r["rps"] for r in runs], "p99_ms_each_round": [r["p99_ms"] for r in runs]}


def run(databases: tuple[str, ...] = DATABASES, applications: int = 10_000, endpoints_wanted: tuple[str, ...]
        = ENDPOINTS, rounds: int = 5, duration: int = 6, workers: int = 2) -> dict[str, Any]:
    """The endpoints on each database, measured two ways (see the module's docstring): *latency* with as many
    wrk connections as server workers, *throughput* with four times as many; each in `rounds` alternating
    rounds of `duration` seconds, the median kept. Returns the data of benchmarks/results/http.json (merged
    by `merge` with the entries of an earlier run for endpoints or databases not measured now)."""
    results = []
    for kind in databases:
        print(f"http: {kind}, {applications:,} applications", flush=True)
        with deployment(kind) as dep:
            start = time.perf_counter()
            seeded = json.loads(dep.run("-m", "benchmarks.http", "seed", str(applications)).splitlines()[-1])
            seed_s = time.perf_counter() - start
            with served(dep, workers) as base:
                reqs = {n: r for n, r in endpoints(seeded).items() if n in endpoints_wanted}
                measured: dict[str, dict[str, Any]] = {}
                for name, req in reqs.items():
                    measured[name] = {"path": req["path"], "method": req["method"], **_check_page(
                        base, name, req, applications if name == "queue" else None, dep.data_dir / "serve.log")}
                ok = {n: r for n, r in reqs.items() if "failed" not in measured[n]}
                for label, conns in (("latency", workers), ("throughput", 4 * workers)):
                    runs = _rounds(base, ok, rounds=rounds, duration=duration, connections=conns)
                    for name in ok:
                        measured[name][label] = _summary(runs[name])
                        m = measured[name][label]
                        print(f"  {name:8} {label:10} {m['rps']:>8} req/s  p50 {m['p50_ms']:>8} ms  p99 "
                              f"{m['p99_ms']:>8} ms  errors {m['errors']}  ({m['requests']} requests, "
                              f"{conns} connections, median of {rounds})", flush=True)
                    if {"trivial", "check"} <= set(ok):
                        ratios = [c["rps"] / t["rps"] for c, t in zip(runs["check"], runs["trivial"], strict=True)
                                  if t["rps"]]
                        measured["check"][label]["vs_trivial_each_round"] = [round(x, 3) for x in ratios]
                        measured["check"][label]["vs_trivial"] = round(_median(ratios), 3)
        for m in measured.values():
            m["measured"] = _now()
            m["commit"] = _commit()
            m["applications"] = applications  # what the database held then (kept with the figures by `merge`)
        results.append({"database": kind, "applications": applications, "seed_s": round(seed_s, 1),
                        "server_workers": workers, "endpoints": measured})
    return {"tool": "wrk " + _wrk_version(), "targets": TARGETS, "rounds": rounds, "duration_s": duration,
            "server_workers": workers, "results": results}


def _held(result: dict[str, Any], endpoint: dict[str, Any]) -> int:
    """The applications the database held when `endpoint` was measured (an endpoint kept from an earlier run by
    `merge` keeps its own count; results written before endpoints recorded it have the database's)."""
    return int(endpoint.get("applications", result["applications"]))


def merge(new: dict[str, Any], old: dict[str, Any] | None) -> dict[str, Any]:
    """`new` with the endpoints of `old` that `new` did not measure (a run of some endpoints or databases
    keeps the others' last figures, each with its own date and commit). Old results of the earlier format
    (one run at 8 connections) are dropped."""
    if not old or "server_workers" not in old:
        return new
    out = {**new, "results": []}
    kinds = [r["database"] for r in new["results"]] + [r["database"] for r in old["results"]
                                                       if r["database"] not in {x["database"] for x in new["results"]}]
    by_kind_new = {r["database"]: r for r in new["results"]}
    by_kind_old = {r["database"]: r for r in old["results"]}
    for kind in kinds:
        n, o = by_kind_new.get(kind), by_kind_old.get(kind)
        if n is None:
            out["results"].append(o)
            continue
        endpoints_ = {**(o["endpoints"] if o else {}), **n["endpoints"]}
        out["results"].append({**n, "endpoints": {k: endpoints_[k] for k in ENDPOINTS if k in endpoints_}})
    return out


def targets_met(r: dict[str, Any]) -> dict[str, bool | None]:
    """The issue's targets for one database's results: check ≥ 0.5 × trivial throughput (median of rounds at
    the throughput concurrency); queue p99 < 100 ms at the latency concurrency, with no errors. None when not
    measured."""
    e = r["endpoints"]
    check = e.get("check", {}).get("throughput", {}).get("vs_trivial")
    queue = e.get("queue", {}).get("latency")
    return {"check_vs_trivial_rps": None if check is None else check >= TARGETS["check_vs_trivial_rps"],
            "queue_p99_ms": None if queue is None else (queue["p99_ms"] < TARGETS["queue_p99_ms"]
                                                         and queue["errors"] == 0)}


def _now() -> str:
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat(timespec="seconds")


def _commit() -> str:
    from benchmarks.machine import machine

    return str(machine().get("commit", "?"))


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
    if http and "server_workers" in http:
        m = http["machine"]
        w = http["server_workers"]
        load = m.get("load_average")
        busy = (f", load average {' / '.join(str(x) for x in load)} (1/5/15 min) at the end of the run"
                if load else "")
        lines += [f"Measured {http['date']} on {m['cpu']} ({m['cpus']} CPUs shared by server, load generator "
                  f"and whatever else runs{busy}), Python {m['python']}; wrk {http['tool'].split()[-1]}; `publicassembly serve` with {w} gunicorn sync "
                  f"workers. Each figure is the median of {http['rounds']} rounds of {http['duration_s']} s, the "
                  f"endpoints measured in turn within each round. *Latency*: {w} connections (as many as workers: "
                  f"a request waits for no other); *throughput*: {4 * w} connections (the workers always busy).", "",
                  "| database | endpoint | applications | latency p50 (ms) | latency p99 (ms) | req/s at "
                  f"{w} conn. | req/s at {4 * w} conn. | p99 at {4 * w} conn. (ms) | errors | requests | measured "
                  "(commit) |",
                  "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
        for r in http["results"]:
            for name, e in r["endpoints"].items():
                label = {"trivial": f"trivial `GET {e['path']}`", "check": f"`POST {e['path']}`",
                         "queue": f"Clerk's queue `GET {e['path']}`"}[name]
                when = f"{e['measured'][:10]} ({e['commit']})"
                held = _held(r, e)
                if e.get("failed"):
                    lines.append(f"| {r['database']} | {label} | {held:,} | — | — | — | — | "
                                 f"not served: {e['failed']} | 1 | 0 | {when} |")
                    continue
                lat, thr = e["latency"], e["throughput"]
                lines.append(f"| {r['database']} | {label} | {held:,} | {lat['p50_ms']:,} | "
                             f"{lat['p99_ms']:,} | {lat['rps']:,} | {thr['rps']:,} | {thr['p99_ms']:,} | "
                             f"{lat['errors'] + thr['errors']} | {lat['requests'] + thr['requests']:,} | {when} |")
        lines.append("")
        for r in http["results"]:
            e, met = r["endpoints"], targets_met(r)
            parts = []
            if met["check_vs_trivial_rps"] is not None:
                c = e["check"]["throughput"]
                parts.append(f"check / trivial throughput {c['vs_trivial']:.3f} (median of the rounds' ratios "
                             f"{', '.join(f'{x:.2f}' for x in c['vs_trivial_each_round'])}; target ≥ "
                             f"{TARGETS['check_vs_trivial_rps']}) — "
                             f"{'met' if met['check_vs_trivial_rps'] else '**missed**'}")
            if met["queue_p99_ms"] is not None:
                q = e["queue"]["latency"]
                parts.append(f"queue p99 {q['p99_ms']} ms at {q['connections']} connections with "
                             f"{_held(r, e['queue']):,} applications (rounds: "
                             f"{', '.join(str(x) for x in q['p99_ms_each_round'])}; target < "
                             f"{TARGETS['queue_p99_ms']} ms) — {'met' if met['queue_p99_ms'] else '**missed**'}")
            if parts:
                lines.append(f"- {r['database']}: " + "; ".join(parts) + ".")
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
