"""The served application killed with SIGKILL in the middle of writes: afterwards the database passes its
integrity check and every write the server acknowledged (HTTP 201 with the new id) is there, with its history.

The writes are real requests to the JSON API (``POST /api/v1/towns/carmel-ny/applications`` with an applicant's
token: a draft permit application and its history row in one transaction) from four client threads, against
gunicorn on a loopback port; the whole process group (master and workers) is killed while requests are in
flight, restarted on the same database, and killed again, three times. SQLite (a file in WAL mode, the
deployed settings) and, with ``DATABASE_URL``, PostgreSQL."""

from __future__ import annotations

import http.client
import json
import sqlite3
import threading
import time
import urllib.error
import urllib.request

from tests.reliability.conftest import Served, fair_facts

ROUNDS = 3
WRITERS = 4
#: Acknowledged writes to wait for before each kill (the kill then lands among requests in flight).
BEFORE_KILL = 25

SETUP = r"""
import django, json
django.setup()
from publicassembly.accounts.models import Membership, Town, User
from publicassembly.api.models import ApiToken
town = Town.objects.for_jurisdiction("carmel-ny")
user = User.objects.create(username="crash_applicant")
Membership.objects.create(user=user, town=town, role="applicant")
_token, raw = ApiToken.objects.issue(user, "crash test")
print(json.dumps({"token": raw}))
"""

STORED = r"""
import django, json, sys
django.setup()
from publicassembly.permits.models import PermitApplication
ids = list(PermitApplication.objects.values_list("id", flat=True))
with_history = list(PermitApplication.history.filter(history_type="+").values_list("id", flat=True))
print(json.dumps({"ids": ids, "with_history": with_history}))
"""

#: PostgreSQL's integrity check: amcheck's B-tree checks (heap included) on every index of the application's
#: tables. Prints the indexes checked; an inconsistency raises an error.
PG_CHECK = r"""
import django, json
django.setup()
from django.db import connection
with connection.cursor() as c:
    c.execute("CREATE EXTENSION IF NOT EXISTS amcheck")
    c.execute(
        "SELECT c.oid::regclass::text FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
        "JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE a.amname = 'btree' AND n.nspname = 'public' AND c.relpersistence = 'p'")
    names = [r[0] for r in c.fetchall()]
    for name in names:
        c.execute("SELECT bt_index_check(%s::regclass, true)", [name])
print(json.dumps({"checked": len(names)}))
"""


def _writers(served: Served, token: str, acknowledged: list[int], failures: list[str], stop: threading.Event,
             cut_off: list[str]) -> list[threading.Thread]:
    body = json.dumps({"facts": fair_facts()}).encode()
    url = served.base + "/api/v1/towns/carmel-ny/applications"

    def write() -> None:
        while not stop.is_set():
            request = urllib.request.Request(url, data=body, method="POST", headers={
                "Authorization": f"Bearer {token}", "Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    data = json.loads(response.read())
                    if response.status == 201:
                        acknowledged.append(int(data["id"]))
                    else:
                        failures.append(f"HTTP {response.status}: {data}")
            except urllib.error.HTTPError as e:
                failures.append(f"HTTP {e.code}: {e.read()[:300]!r}")
            except (OSError, ValueError, http.client.HTTPException) as e:
                # the server is gone (refused, reset, cut off mid-answer): not acknowledged
                cut_off.append(type(e).__name__)
                if stop.is_set() or served.proc is None or served.proc.poll() is not None:
                    return
                time.sleep(0.01)

    return [threading.Thread(target=write, daemon=True) for _ in range(WRITERS)]


def _sqlite_integrity(served: Served) -> list[str]:
    con = sqlite3.connect(served.data_dir / "publicassembly.sqlite3")
    try:
        return [r[0] for r in con.execute("PRAGMA integrity_check")] + [
            "fk:" + repr(r) for r in con.execute("PRAGMA foreign_key_check")]
    finally:
        con.close()


def test_sigkill_mid_writes_loses_no_acknowledged_write(deployment):
    token = json.loads(deployment.run("-c", SETUP).splitlines()[-1])["token"]
    acknowledged: list[int] = []
    cut_off: list[str] = []
    for round_ in range(ROUNDS):
        deployment.start(workers=2)
        before = len(acknowledged)
        failures: list[str] = []
        stop = threading.Event()
        threads = _writers(deployment, token, acknowledged, failures, stop, cut_off)
        for t in threads:
            t.start()
        deadline = time.monotonic() + 120
        while len(acknowledged) < before + BEFORE_KILL and time.monotonic() < deadline and not failures:
            time.sleep(0.01)
        deployment.kill()  # SIGKILL to master and workers while the writers are sending
        stop.set()
        for t in threads:
            t.join(timeout=60)
        assert not failures, f"round {round_}: the server refused writes before the kill: {failures[:3]}"
        assert len(acknowledged) >= before + BEFORE_KILL, f"round {round_}: too few writes acknowledged"

        if deployment.database_url is None:
            assert _sqlite_integrity(deployment) == ["ok"]
        else:
            assert json.loads(deployment.run("-c", PG_CHECK).splitlines()[-1])["checked"] > 0
        stored = json.loads(deployment.run("-c", STORED).splitlines()[-1])
        missing = sorted(set(acknowledged) - set(stored["ids"]))
        assert not missing, f"round {round_}: acknowledged writes lost: {missing[:20]}"
        no_history = sorted(set(acknowledged) - set(stored["with_history"]))
        assert not no_history, f"round {round_}: acknowledged writes without their history row: {no_history[:20]}"
        assert len(set(acknowledged)) == len(acknowledged)
    assert cut_off, "no request was in flight at any kill: the test did not test a crash mid-write"
