"""A body sent in chunks (``Transfer-Encoding: chunked``, no ``Content-Length``) is answered 411 Length Required
(`web.middleware.LengthRequiredMiddleware`): Django reads a body by its Content-Length, so such a body was read
as empty and a valid case was refused as "not valid JSON" (a new-user trial). The API answers its JSON error
naming ``body``; a page answers the error page. A body with its Content-Length is read as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from django.test import Client

from publicassembly.api.errors import CHUNKED

ROOT = Path(__file__).resolve().parents[2]
FAIR = yaml.safe_load((ROOT / "examples" / "carmel-county-fair.yaml").read_text(encoding="utf-8"))


def _chunked(client: Client, method: str, path: str):
    # The test client sets CONTENT_LENGTH only for a body it is given: no body, as Django sees a chunked one.
    return client.generic(method, path, b"", content_type="application/json", HTTP_TRANSFER_ENCODING="chunked")


@pytest.mark.parametrize("path", ["/api/v1/check", "/api/v1/towns/carmel-ny/applications"])
def test_api_answers_411_naming_the_body(db, path):
    r = _chunked(Client(), "POST", path)
    assert r.status_code == 411 and r["Content-Type"].startswith("application/json")
    assert r.json() == {"detail": f"body: {CHUNKED}", "field": "body", "errors": [{"field": "body", "msg": CHUNKED}]}


def test_a_page_answers_the_411_error_page_in_its_language(db):
    r = _chunked(Client(), "POST", "/accounts/login/")
    assert r.status_code == 411 and r["Content-Type"].startswith("text/html")
    assert "Content-Length" in r.content.decode()
    r = Client().generic("POST", "/accounts/login/", b"", HTTP_TRANSFER_ENCODING="chunked", HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 411 and "Content-Length" in r.content.decode()
    assert "fragmentos" in r.content.decode()


def test_a_body_with_its_content_length_is_read_as_before(db):
    body = json.dumps(FAIR, default=str)
    r = Client().post("/api/v1/check", body, content_type="application/json", HTTP_TRANSFER_ENCODING="identity")
    assert r.status_code == 200 and r.json()["verdict"]


def test_openapi_lists_the_411_of_check(db):
    responses = Client().get("/api/openapi.json").json()["paths"]["/api/v1/check"]["post"]["responses"]
    assert {"411", "413", "422"} <= set(responses)
