"""Two stop orders of one performance at once (Mount Pleasant § 164-5; interpretation W-40), each a request of its
own (no ``Idempotency-Key``, no ``expected_version``): one is recorded, the other refused 422 naming
``performance`` and the order recorded — never a second order in force, never a 500. Threads of this test process
on PostgreSQL (the venue's row lock), and two processes of a served deployment on a SQLite file and on
PostgreSQL."""

from __future__ import annotations

import json
import os
import threading

import pytest
from django.db import connection
from django.test import Client
from tests.reliability.conftest import ROOT
from tests.reliability.test_concurrency import _python, _threads_share_a_real_database
from tests.reliability.test_idempotency_concurrency import SETUP, _http
from tests.web.conftest import _documents_dir, hall, mount_pleasant, mu  # noqa: F401 - fixtures

from publicassembly.api.models import ApiToken
from publicassembly.enforcement.models import StopOrder


def _refused_naming_the_order(status: int, body: bytes) -> None:
    assert status == 422, body
    said = json.loads(body)
    assert said["field"] == "performance", said
    assert "is already stopped by stop order" in said["detail"] and "lift stop order" in said["detail"], said


@pytest.mark.django_db(transaction=True)
def test_w40_164_5_two_orders_of_one_performance_at_once_record_one(mu, hall):  # noqa: F811
    _threads_share_a_real_database()
    raw = [ApiToken.objects.issue(mu["enforcement_officer"], f"device {i}")[1] for i in range(2)]
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/stop-orders"
    for round_ in range(3):
        body = {"performance": f"Saturday dance, set {round_ + 1}", "persons_present": 400}
        barrier = threading.Barrier(2)
        out: list = [None, None]

        def run(i: int, barrier: threading.Barrier = barrier, out: list = out, body: dict = body) -> None:
            try:
                barrier.wait(timeout=30)
                out[i] = Client(HTTP_AUTHORIZATION=f"Bearer {raw[i]}").post(url, body, content_type="application/json")
            except Exception as e:  # noqa: BLE001 - reported by the test
                out[i] = e
            finally:
                connection.close()

        threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        assert all(not isinstance(a, Exception) for a in out), out
        recorded, refused = sorted(out, key=lambda a: a.status_code)
        assert recorded.status_code == 201, recorded.content
        _refused_naming_the_order(refused.status_code, refused.content)
        assert f"stop order {recorded.json()['id']}," in refused.json()["detail"]
        assert StopOrder.objects.filter(performance=body["performance"]).count() == 1


def test_w40_two_app_servers_given_one_performance_at_once_record_one_order(deployment):
    """gunicorn with two worker processes on one SQLite file (WAL, IMMEDIATE transactions) or one PostgreSQL
    database: two stop orders of one performance sent at once, three times; each time one recorded, one 422."""
    env = dict(deployment.env, PYTHONPATH=deployment.env["PYTHONPATH"] + os.pathsep + str(ROOT))
    setup = _python(env, SETUP)
    deployment.start(workers=2)
    path = f"/api/v1/towns/mount-pleasant-ny/venues/{setup['venue']}/stop-orders"
    for round_ in range(3):
        body = {"performance": f"Saturday dance, set {round_ + 1}", "persons_present": 400}
        barrier = threading.Barrier(2)
        answers: list = [None, None]

        def send(i: int, barrier: threading.Barrier = barrier, answers: list = answers, body: dict = body) -> None:
            barrier.wait(timeout=30)
            answers[i] = _http(deployment.base, setup["tokens"][i], "POST", path, None, body)

        threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        (s1, _h1, b1), (s2, _h2, b2) = sorted(answers, key=lambda a: a[0])
        assert s1 == 201, (answers,)
        _refused_naming_the_order(s2, b2)
        status, _h, listed = _http(deployment.base, setup["tokens"][0], "GET",
                                   "/api/v1/towns/mount-pleasant-ny/stop-orders")
        assert status == 200 and len(json.loads(listed)) == round_ + 1
