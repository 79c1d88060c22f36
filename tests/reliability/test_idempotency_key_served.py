"""Served by gunicorn as `publicassembly serve` runs it, an ``Idempotency-Key`` sent as the UTF-8 bytes of "é" is
named as the character sent, U+00E9, not U+00C3, the first of its bytes as WSGI reads them (Latin-1; new-user
trial, interpretation W-13; tests/api/test_api_idempotency_key_as_sent.py has the cases through Django's test
client)."""

from __future__ import annotations

import http.client
import json

import pytest


@pytest.mark.parametrize("deployment", ["sqlite"], indirect=True)
def test_served_by_gunicorn_a_utf8_key_is_named_by_the_character_sent(deployment):
    deployment.start(workers=1)
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-07-01",
            "event": {"name": "Fair", "max_persons_at_one_time": 600}}
    conn = http.client.HTTPConnection("127.0.0.1", deployment.port, timeout=30)
    try:
        conn.request("POST", "/api/v1/check", body=json.dumps(case).encode(),
                     headers={"Content-Type": "application/json", "Idempotency-Key": "é".encode()})
        r = conn.getresponse()
        answer = json.loads(r.read())
        assert r.status == 422 and answer["field"] == "Idempotency-Key"
        assert answer["detail"].startswith("Idempotency-Key: holds U+00E9 (character 1), which is not ASCII; ")
    finally:
        conn.close()
