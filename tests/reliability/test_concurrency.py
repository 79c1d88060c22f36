"""Two officials update the same permit application at once: each loaded version N, both save with
``expected_version=N``. Exactly one wins; the other gets `StaleUpdate` (HTTP 409) and writes nothing: the stored
application holds the winner's values and none of the loser's, and its history has exactly one new row, the
winner's (optimistic locking of `publicassembly.workflow.models.Versioned`, locked reload in the permits
services).

Two ways: threads of this test process, each with its own database connection (pytest-django's
``transactional_db``: SQLite or PostgreSQL as configured), and two separate processes on a real deployment's
database (a SQLite file in WAL mode in a fresh data directory, or a fresh PostgreSQL database), released by the
test at the same moment."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from decimal import Decimal

import pytest
from django.db import connection
from tests.reliability.conftest import PYTHON, ROOT, fair_facts

from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication, State
from publicassembly.workflow.errors import StaleUpdate

#: The two Board members' edits: (bond amount, bodily injury limit) in US dollars, within ¶ E's range.
EDITS = {"board_a": ("10000.00", "300000.00"), "board_b": ("20000.00", "450000.00")}


def _threads_share_a_real_database() -> None:
    """Threads need a database where a second writer waits: SQLite's in-memory test database (shared cache)
    answers "database table is locked" at once instead, which a deployed SQLite file never does."""
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("the SQLite test database is in memory (shared cache: a second writer is refused with "
                    "'table is locked' instead of waiting); the race on a SQLite file is "
                    "test_two_processes_fix_the_bond_at_once_one_wins")


def _submitted(officials, carmel) -> PermitApplication:
    app = sv.create_draft(officials["applicant"], carmel, fair_facts())
    sv.submit(officials["applicant"], app, verification_statement="Sworn before a notary.")
    app.refresh_from_db()
    return app


def _race(funcs: dict) -> dict:
    """Run each callable in its own thread, all released together; {name: ("ok", value) | ("stale", error) |
    ("error", exception)}. Each thread closes its own database connection."""
    barrier = threading.Barrier(len(funcs))
    out: dict = {}

    def run(name, func):
        try:
            barrier.wait(timeout=30)
            out[name] = ("ok", func())
        except StaleUpdate as e:
            out[name] = ("stale", e)
        except Exception as e:  # noqa: BLE001 - reported by the test
            out[name] = ("error", e)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=item) for item in funcs.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return out


def _check_one_winner(results: dict, app_pk: int, version: int, history_before: int, officials) -> str:
    kinds = sorted(k for k, _v in results.values())
    assert kinds == ["ok", "stale"], f"expected one success and one StaleUpdate, got {results}"
    winner = next(n for n, (k, _v) in results.items() if k == "ok")
    loser = next(n for n, (k, _v) in results.items() if k == "stale")
    stale = results[loser][1]
    assert stale.http_status == 409
    assert stale.expected_version == version and stale.current_version == version + 1
    stored = PermitApplication.objects.get(pk=app_pk)
    assert stored.version == version + 1
    history = PermitApplication.history.filter(id=app_pk)
    assert history.count() == history_before + 1
    newest = history.order_by("-history_id").first()
    assert newest.history_user_id == officials[winner].pk
    return winner


@pytest.mark.django_db(transaction=True)
def test_two_board_members_fix_the_bond_at_once_one_wins(carmel, officials):
    """Carmel ch. 31 ¶¶ E, F: two Board members fix the bond and the insurance limit on the version they both
    saw; one wins, the other gets a conflict, and the stored values are all the winner's."""
    _threads_share_a_real_database()
    app = _submitted(officials, carmel)
    version, before = app.version, PermitApplication.history.filter(id=app.pk).count()

    def edit(name):
        mine = PermitApplication.objects.get(pk=app.pk)  # this official's own page load: version N
        bond, limit = EDITS[name]
        return lambda: sv.set_bond_and_insurance_limit(officials[name], mine, bond_amount=bond,
                                                       bodily_injury_limit=limit, expected_version=version)

    results = _race({name: edit(name) for name in EDITS})
    winner = _check_one_winner(results, app.pk, version, before, officials)
    stored = PermitApplication.objects.get(pk=app.pk)
    assert (stored.bond_amount, stored.bodily_injury_limit) == tuple(Decimal(v) for v in EDITS[winner])


@pytest.mark.django_db(transaction=True)
def test_clerk_accepts_while_another_clerk_returns_it_as_incomplete(carmel, officials):
    """Two clerks act on the same submitted petition at once (accept vs. return as incomplete, ¶ B): one state
    change is recorded, the other is refused with a conflict."""
    _threads_share_a_real_database()
    from tests.reliability.conftest import make_user

    officials["clerk_b"] = make_user("carmel_clerk_b", carmel, "town_clerk")
    app = _submitted(officials, carmel)
    version, before = app.version, PermitApplication.history.filter(id=app.pk).count()
    a = PermitApplication.objects.get(pk=app.pk)
    b = PermitApplication.objects.get(pk=app.pk)
    results = _race({
        "clerk": lambda: sv.accept(officials["clerk"], a, expected_version=version),
        "clerk_b": lambda: sv.mark_incomplete(officials["clerk_b"], b, missing_items=["a site map"],
                                              expected_version=version),
    })
    winner = _check_one_winner(results, app.pk, version, before, officials)
    stored = PermitApplication.objects.get(pk=app.pk)
    if winner == "clerk":
        assert stored.state == State.ACCEPTED and stored.missing_items == []
    else:
        assert stored.state == State.INCOMPLETE and stored.missing_items == ["a site map"]


# --- Two processes on a served deployment's database ----------------------------------------------------------

SETUP = r"""
import django, json, sys
django.setup()
from publicassembly.accounts.models import Membership, Town, User
from publicassembly.permits import services as sv
from tests.reliability.conftest import fair_facts
suffix = sys.argv[1]
town = Town.objects.for_jurisdiction("carmel-ny")
def user(name, role):
    u = User.objects.create(username=name + suffix)
    Membership.objects.create(user=u, town=town, role=role)
    return u
applicant = user("applicant", "applicant")
user("board_a", "town_board_member")
user("board_b", "town_board_member")
app = sv.create_draft(applicant, town, fair_facts())
sv.submit(applicant, app, verification_statement="Sworn before a notary.")
app.refresh_from_db()
print(json.dumps({"app": app.pk, "version": app.version}))
"""

EDITOR = r"""
import django, json, sys
django.setup()
from publicassembly.accounts.models import User
from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication
from publicassembly.workflow.errors import StaleUpdate
name, pk, version, bond, limit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
me = User.objects.get(username=name)
app = PermitApplication.objects.get(pk=pk)
assert app.version == version
print("loaded", flush=True)
sys.stdin.readline()  # the test releases both editors at once
try:
    sv.set_bond_and_insurance_limit(me, app, bond_amount=bond, bodily_injury_limit=limit, expected_version=version)
    print(json.dumps({"result": "ok", "version": app.version}), flush=True)
except StaleUpdate as e:
    print(json.dumps({"result": "stale", "status": e.http_status, "current": e.current_version}), flush=True)
"""

CHECK = r"""
import django, json, sys
django.setup()
from publicassembly.permits.models import PermitApplication
pk = int(sys.argv[1])
a = PermitApplication.objects.get(pk=pk)
h = list(PermitApplication.history.filter(id=pk).order_by("history_id")
         .values_list("history_user__username", flat=True))
print(json.dumps({"version": a.version, "bond": str(a.bond_amount), "limit": str(a.bodily_injury_limit),
                  "history": h}))
"""


def _python(env: dict, code: str, *args: str) -> dict:
    done = subprocess.run([PYTHON, "-c", code, *args], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_two_processes_fix_the_bond_at_once_one_wins(deployment):
    """The same race between two separate processes (as on two app servers) on one SQLite file in WAL mode or
    one PostgreSQL database, repeated three times."""
    env = dict(deployment.env, PYTHONPATH=deployment.env["PYTHONPATH"] + os.pathsep + str(ROOT))
    for round_ in range(3):
        suffix = f"_{round_}"
        setup = _python(env, SETUP, suffix)
        editors = {name: subprocess.Popen(
            [PYTHON, "-c", EDITOR, name + suffix, str(setup["app"]), str(setup["version"]), bond, limit],
            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for name, (bond, limit) in EDITS.items()}
        for name, p in editors.items():
            line = p.stdout.readline()
            assert line.strip() == "loaded", f"{name}: {line}{p.stderr.read()}"
        for p in editors.values():  # release both: each is waiting on its stdin
            p.stdin.write("go\n")
            p.stdin.flush()
        results = {}
        for name, p in editors.items():
            out, err = p.communicate(timeout=120)
            assert p.returncode == 0, err
            results[name] = json.loads(out.strip().splitlines()[-1])
        assert sorted(r["result"] for r in results.values()) == ["ok", "stale"], results
        winner = next(n for n, r in results.items() if r["result"] == "ok")
        loser = next(n for n, r in results.items() if r["result"] == "stale")
        assert results[loser]["status"] == 409 and results[loser]["current"] == setup["version"] + 1
        stored = _python(env, CHECK, str(setup["app"]))
        assert stored["version"] == setup["version"] + 1
        assert (stored["bond"], stored["limit"]) == EDITS[winner]
        assert len(stored["history"]) == setup["version"] + 1  # one history row per saved version: one new
        assert stored["history"][-1] == winner + suffix
        assert loser + suffix not in stored["history"]
