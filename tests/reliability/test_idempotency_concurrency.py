"""Two requests with one ``Idempotency-Key`` at once (interpretation W-13): one is answered and recorded, the
other is refused 409 naming the header while the first is being answered (PostgreSQL: the key's advisory lock),
or waits and is given the first answer again (SQLite: its writers take turns) — never a second record. The stop
order of Mount Pleasant § 164-5, whose ``expected_version`` the client leaves out.

Three ways: threads of this test process, each with its own database connection (SQLite or PostgreSQL as the
suite runs); a request sent while another transaction holds the key (PostgreSQL); and two processes of a served
deployment (gunicorn with two workers, on a SQLite file and on PostgreSQL), sent the same request at once."""

from __future__ import annotations

import json
import os
import threading
import urllib.error
import urllib.request
import uuid

import pytest
from django.db import connection, transaction
from django.test import Client
from tests.reliability.conftest import PYTHON, ROOT  # noqa: F401
from tests.reliability.test_concurrency import _python, _threads_share_a_real_database
from tests.web.conftest import _documents_dir, hall, mount_pleasant, mu  # noqa: F401 - fixtures

from publicassembly.api.idempotency import HEADER, REPLAYED, _claimed
from publicassembly.api.models import ApiToken, IdempotentRequest
from publicassembly.enforcement.models import StopOrder

BODY = {"performance": "Saturday dance", "persons_present": 400}  # (the hall holds 310: a ground, § 164-5)


def _post(raw_token: str, url: str, key: str, body: dict | None = None):
    client = Client(HTTP_AUTHORIZATION=f"Bearer {raw_token}")
    return client.post(url, body or BODY, content_type="application/json", headers={HEADER: key})


def _race(raw_tokens: list[str], url: str, key: str, body: dict | None = None) -> list:
    """The same request with the same key from two threads released together; their answers."""
    barrier = threading.Barrier(len(raw_tokens))
    out: list = [None] * len(raw_tokens)

    def run(i: int, raw: str) -> None:
        try:
            barrier.wait(timeout=30)
            out[i] = _post(raw, url, key, body)
        except Exception as e:  # noqa: BLE001 - reported by the test
            out[i] = e
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, raw)) for i, raw in enumerate(raw_tokens)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return out


def _one_answered(answers: list) -> None:
    """One 201; the other 409 naming the header (refused while the first was answered) or the same 201 replayed."""
    assert all(not isinstance(a, Exception) for a in answers), answers
    first, other = sorted(answers, key=lambda a: (a.status_code, REPLAYED in a))
    assert first.status_code == 201 and REPLAYED not in first, first.content
    if other.status_code == 409:
        assert other.json()["field"] == HEADER and other["Retry-After"] == "1", other.content
        assert "still being answered" in other.json()["detail"]
    else:
        assert (other.status_code, other[REPLAYED], other.content) == (201, "true", first.content)


@pytest.mark.django_db(transaction=True)
def test_w13_164_5_two_stop_orders_with_one_key_at_once_are_recorded_once(mu, hall):  # noqa: F811
    _threads_share_a_real_database()
    officer = mu["enforcement_officer"]
    raw = [ApiToken.objects.issue(officer, f"device {i}")[1] for i in range(2)]  # (one officer, two devices)
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/stop-orders"
    for round_ in range(4):
        key = str(uuid.uuid4())  # (a performance each round: one in force is not stopped again, W-40)
        _one_answered(_race(raw, url, key, {**BODY, "performance": f"Saturday dance, set {round_ + 1}"}))
        assert StopOrder.objects.count() == round_ + 1
        assert IdempotentRequest.objects.filter(key=key).count() == 1


@pytest.mark.django_db(transaction=True)
def test_w13_a_request_whose_key_another_transaction_is_answering_is_409_and_records_nothing(mu, hall):  # noqa: F811
    """PostgreSQL: while another transaction holds the key (the first request, not yet answered), the second is
    refused at once, 409 naming ``Idempotency-Key`` with ``Retry-After``; once the first is done, the key is free."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite takes its writers in turn (BEGIN IMMEDIATE): a second request waits for the first "
                    "and is given its answer (test_w13_164_5_two_stop_orders_with_one_key_at_once_are_recorded_once)")
    officer = mu["enforcement_officer"]
    raw = ApiToken.objects.issue(officer, "tests")[1]
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/stop-orders"
    key = str(uuid.uuid4())
    holding, release = threading.Event(), threading.Event()
    held: list = []

    def first_request() -> None:
        try:
            with transaction.atomic():
                held.append(_claimed(officer, key))
                holding.set()
                release.wait(timeout=60)
        finally:
            connection.close()

    t = threading.Thread(target=first_request)
    t.start()
    try:
        assert holding.wait(timeout=30) and held == [True]
        refused = _post(raw, url, key)
        assert refused.status_code == 409, refused.content
        assert refused.json()["field"] == HEADER and refused["Retry-After"] == "1"
        assert refused.json()["detail"].startswith(f"{HEADER}: a request with this key is still being answered")
        assert StopOrder.objects.count() == 0 and not IdempotentRequest.objects.exists()
        other = _post(raw, url, str(uuid.uuid4()), {**BODY, "performance": "Sunday brunch"})  # another key is another
        # request: not held up (another performance: the first, once recorded, is not stopped again, W-40)
        assert other.status_code == 201
    finally:
        release.set()
        t.join(timeout=60)
    assert _post(raw, url, key).status_code == 201
    assert StopOrder.objects.count() == 2


# --- Two processes of a served deployment --------------------------------------------------------------------------

SETUP = r"""
import django, json, sys
django.setup()
from publicassembly.accounts.models import Membership, Town, User
from publicassembly.api.models import ApiToken
from publicassembly.venues import services as vs
town = Town.objects.for_jurisdiction("mount-pleasant-ny")
bi = User.objects.create(username="inspector")
Membership.objects.create(user=bi, town=town, role="building_inspector")
venue = vs.create_venue(bi, town, name="Kensico Manor", address="25 Lakeview Avenue, Valhalla", commercial=True,
                        toilets_provided=6)
vs.add_space(bi, venue, name="Ballroom", kind="room", use_group="assembly_without_fixed_seats", area="4650")
print(json.dumps({"venue": venue.pk, "tokens": [ApiToken.objects.issue(bi, f"device {i}")[1] for i in range(2)]}))
"""


def _http(base: str, raw: str, method: str, path: str, key: str | None = None, body: object = None):
    headers = {"Authorization": f"Bearer {raw}", "Content-Type": "application/json"}
    if key is not None:
        headers[HEADER] = key
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def test_w13_two_app_servers_given_one_key_at_once_record_once(deployment):
    """gunicorn with two worker processes on one SQLite file (WAL) or one PostgreSQL database: the same stop
    order sent twice at once with one key, five times; each time one record."""
    env = dict(deployment.env, PYTHONPATH=deployment.env["PYTHONPATH"] + os.pathsep + str(ROOT))
    setup = _python(env, SETUP)
    deployment.start(workers=2)
    path = f"/api/v1/towns/mount-pleasant-ny/venues/{setup['venue']}/stop-orders"
    for round_ in range(5):
        key = str(uuid.uuid4())
        barrier = threading.Barrier(2)
        answers: list = [None, None]

        body = {**BODY, "performance": f"Saturday dance, set {round_ + 1}"}  # (one in force is not stopped again: W-40)

        def send(i: int, barrier: threading.Barrier = barrier, key: str = key, answers: list = answers,
                 body: dict = body) -> None:
            barrier.wait(timeout=30)
            answers[i] = _http(deployment.base, setup["tokens"][i], "POST", path, key, body)

        threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        statuses = sorted((status, headers.get(REPLAYED, "")) for status, headers, _body in answers)
        assert statuses in ([(201, ""), (201, "true")], [(201, ""), (409, "")]), answers
        if statuses[1][0] == 201:
            assert answers[0][2] == answers[1][2]
        status, _h, listed = _http(deployment.base, setup["tokens"][0], "GET", "/api/v1/towns/mount-pleasant-ny/"
                                   "stop-orders")
        assert status == 200 and len(json.loads(listed)) == round_ + 1
