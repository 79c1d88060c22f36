"""Load: 100 concurrent clients for 60 seconds against the served application on loopback, on SQLite and on
PostgreSQL; zero errors required (every request not answered 200/201 is an error: wrong status, refused, reset,
timed out).

Each client (a wrk connection) sends in turn the requests of a filing day: the public home page and hearing
calendar, the law core's check of the county fair (``POST /api/v1/check``), the list of jurisdictions, and an
applicant filing a new draft application through the API (``POST /api/v1/towns/carmel-ny/applications`` with a
bearer token: a database write with its history row). The deployment, server and load generator are those of
`benchmarks.http` (fresh database, ``publicassembly serve`` with 2 gunicorn sync workers, wrk). Clients wait up to
`CLIENT_TIMEOUT` seconds for an answer, as a browser would; gunicorn's own worker timeout is 30 s.
"""

from __future__ import annotations

import json
import time
from typing import Any

from benchmarks import http

CLIENTS = 100
DURATION = 60
CLIENT_TIMEOUT = 30


def mix(seeded: dict[str, Any]) -> list[dict[str, Any]]:
    """The requests every client sends in turn."""
    reqs = http.endpoints(seeded)
    return [
        {"method": "GET", "path": "/"},
        reqs["check"],
        {"method": "GET", "path": "/hearings/"},
        reqs["trivial"],
        {"method": "POST", "path": "/api/v1/towns/carmel-ny/applications",
         "headers": {"Content-Type": "application/json", "Authorization": f"Bearer {seeded['token']}"},
         "body": json.dumps({"facts": seeded["facts"]})},
    ]


def run(databases: tuple[str, ...] = ("sqlite", "postgresql"), clients: int = CLIENTS,
        duration: int = DURATION) -> dict[str, Any]:
    """The load run on each database. Returns the data of benchmarks/results/load.json."""
    results = []
    requests: list[dict[str, Any]] = []
    for kind in databases:
        print(f"load: {kind}, {clients} clients for {duration} s", flush=True)
        with http.deployment(kind) as dep:
            seeded = json.loads(dep.run("-m", "benchmarks.http", "seed", "0").splitlines()[-1])
            with http.served(dep) as base:
                requests = mix(seeded)
                for req in requests:  # every request of the mix answers 200/201 before the run
                    http.probe(base, req)
                start = time.perf_counter()
                out = http.wrk(base, requests, duration=duration, connections=clients, threads=2,
                               timeout=CLIENT_TIMEOUT)
                wall = time.perf_counter() - start
                filed = json.loads(dep.run("-c", COUNT).splitlines()[-1])
        out.update({"database": kind, "wall_s": round(wall, 1), "applications_filed": filed["applications"],
                    "history_rows": filed["history"]})
        print(f"  {out['rps']} req/s  p50 {out['p50_ms']} ms  p99 {out['p99_ms']} ms  max {out['max_ms']} ms  "
              f"errors {out['errors']} {out['error_detail']}  ({out['requests']} requests; "
              f"{filed['applications']} applications filed)", flush=True)
        results.append(out)
    return {"tool": "wrk " + http._wrk_version(), "clients": clients, "duration_s": duration,
            "client_timeout_s": CLIENT_TIMEOUT, "server_workers": 2,
            "mix": [{"method": r["method"], "path": r["path"]} for r in requests], "results": results}


#: Applications filed during the run and their history rows (each acknowledged filing is one of each).
COUNT = r"""
import django, json
django.setup()
from publicassembly.permits.models import PermitApplication
print(json.dumps({"applications": PermitApplication.objects.count(),
                  "history": PermitApplication.history.filter(history_type="+").count()}))
"""
