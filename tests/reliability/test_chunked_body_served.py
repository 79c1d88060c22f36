"""Served by gunicorn as `publicassembly serve` runs it, a body sent in chunks (``Transfer-Encoding: chunked``, no
``Content-Length``) is answered 411 naming the body, not read as empty and refused as "not valid JSON"
(tests/site/test_chunked_body.py has the cases through Django's test client)."""

from __future__ import annotations

import http.client
import json
from pathlib import Path

import pytest
import yaml

from publicassembly.law.jurisdictions.us_ny_carmel.context import OCD_ID

ROOT = Path(__file__).resolve().parents[2]
FAIR = yaml.safe_load((ROOT / "examples" / "carmel-county-fair.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("deployment", ["sqlite"], indirect=True)
def test_served_by_gunicorn_a_chunked_check_is_411_not_invalid_json(deployment):
    """Through gunicorn as `publicassembly serve` runs it: the chunked body is refused 411 naming the body; the
    same case with its Content-Length is determined."""
    deployment.start(workers=1)
    body = json.dumps(FAIR, default=str).encode()
    conn = http.client.HTTPConnection("127.0.0.1", deployment.port, timeout=30)
    try:
        conn.request("POST", "/api/v1/check", body=iter([body[:100], body[100:]]),
                     headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
                     encode_chunked=True)
        r = conn.getresponse()
        assert r.status == 411, r.read()[:300]
        assert json.loads(r.read())["field"] == "body"
        conn.request("POST", "/api/v1/check", body=body, headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        assert r.status == 200 and json.loads(r.read())["jurisdiction"] == OCD_ID
    finally:
        conn.close()
