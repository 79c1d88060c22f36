"""Interpretation W-22 (with W-20): the OpenAPI schema lists the 411 Length Required and the 413 Content Too Large
that every operation reading a body answers — a body sent in chunks without a ``Content-Length``
(`web.middleware.LengthRequiredMiddleware`), a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` — in the API's error
shape (``ErrorOut``), as it lists the 415; before, only ``POST /check`` listed them. The upload's 413 says its own
limits: its fields other than the file are held to ``DATA_UPLOAD_MAX_MEMORY_SIZE``, its file to
``PUBLICASSEMBLY_MAX_DOCUMENT_BYTES`` (422 naming ``file``). An operation that reads no body (a GET, a DELETE)
lists neither and answers neither."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from tests.api.conftest import PDF, api_client

from publicassembly.api.errors import CHUNKED, too_big_message

pytestmark = pytest.mark.django_db

ERROR_OUT = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
UPLOAD = ("/api/v1/towns/{town}/applications/{id}/documents", "post")
JSON_DESCRIPTION = ("Content Too Large: the body is larger than the limit of 2,097,152 bytes (2 MiB, "
                    "`DATA_UPLOAD_MAX_MEMORY_SIZE`); the error names the field `body` and the limit, and nothing was "
                    "stored (interpretation W-22).")
UPLOAD_DESCRIPTION = ("Content Too Large: the form fields of the upload other than its file (`kind`) are larger than "
                      "the limit of 2,097,152 bytes (2 MiB, `DATA_UPLOAD_MAX_MEMORY_SIZE`); the error names the "
                      "field `body` and the limit, and nothing was stored. The file is not counted in it: a file "
                      "larger than 10,485,760 bytes (`PUBLICASSEMBLY_MAX_DOCUMENT_BYTES`) is 422 naming `file` "
                      "(interpretation W-22).")
LENGTH_DESCRIPTION = ("Length Required: the body was sent in chunks (`Transfer-Encoding`) without a "
                      "`Content-Length` header, which this server does not read (it would be read as empty); the "
                      "error names the field `body`, and nothing ran: send it again with its Content-Length "
                      "(interpretation W-22).")
#: The answers themselves (`api.errors`): the JSON error naming ``body``.
TOO_BIG = {"detail": f"body: {too_big_message()}", "field": "body",
           "errors": [{"field": "body", "msg": too_big_message()}]}
LENGTH = {"detail": f"body: {CHUNKED}", "field": "body", "errors": [{"field": "body", "msg": CHUNKED}]}


@pytest.fixture
def schema(client):
    r = client.get("/api/openapi.json")
    assert r.status_code == 200
    return r.json()


def _operations(schema):
    return [(method.upper(), path, op) for path, ops in schema["paths"].items() for method, op in ops.items()]


def test_w22_every_operation_with_a_request_body_lists_411_and_413_in_the_error_shape(schema):
    with_body = [(m, p, op) for m, p, op in _operations(schema) if "requestBody" in op]
    assert len(with_body) >= 50  # (every POST, PUT, PATCH of the API: not a test of nothing)
    for method, path, op in with_body:
        for status in ("411", "413"):
            answer = op["responses"].get(status)
            assert answer is not None, (method, path, status)
            assert answer["content"] == ERROR_OUT, (method, path, status)
        assert op["responses"]["411"]["description"] == LENGTH_DESCRIPTION, (method, path)
        expected = UPLOAD_DESCRIPTION if (path, method.lower()) == UPLOAD else JSON_DESCRIPTION
        assert op["responses"]["413"]["description"] == expected, (method, path)


def test_w22_check_lists_them_as_every_other_operation(schema):
    """``POST /check`` listed 411 and 413 of its own (ninja's bare descriptions): now as the others."""
    responses = schema["paths"]["/api/v1/check"]["post"]["responses"]
    assert responses["411"]["description"] == LENGTH_DESCRIPTION
    assert responses["413"]["description"] == JSON_DESCRIPTION


def test_w22_operations_without_a_body_list_neither(schema):
    without = [(m, p, op) for m, p, op in _operations(schema) if "requestBody" not in op]
    assert {m for m, _p, _op in without} == {"GET", "DELETE"}
    assert sum(m == "GET" for m, _p, _op in without) >= 20
    for method, path, op in without:
        assert "411" not in op["responses"] and "413" not in op["responses"], (method, path)


def test_w22_the_upload_limit_said_is_the_setting_in_force(client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
    settings.PUBLICASSEMBLY_MAX_DOCUMENT_BYTES = 5_000_000
    responses = client.get("/api/openapi.json").json()["paths"][UPLOAD[0]]["post"]["responses"]
    assert "limit of 1,048,576 bytes (1 MiB," in responses["413"]["description"]
    assert "larger than 5,000,000 bytes" in responses["413"]["description"]


# --- the answers listed are the answers given ---------------------------------------------------------------


def _chunked(client: Client, method: str, path: str, content_type: str = "application/json"):
    # The test client sets CONTENT_LENGTH only for a body it is given: no body, as Django sees a chunked one.
    return client.generic(method, path, b"", content_type=content_type, HTTP_TRANSFER_ENCODING="chunked")


def _big_json() -> str:
    """A JSON body one byte over DATA_UPLOAD_MAX_MEMORY_SIZE."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    data = json.dumps({"facts": {"note": "a" * (limit + 1 - len(json.dumps({"facts": {"note": ""}})))}})
    assert len(data) == limit + 1
    return data


def test_w22_a_json_operation_answers_411_and_413_as_listed(cu, draft_app):
    """PUT of an application (a JSON operation): chunked → 411, one byte over the limit → 413, each the JSON
    error naming ``body``; the application is unchanged."""
    c = api_client(cu["applicant"])
    url = f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}"
    version = draft_app.version
    r = _chunked(c, "PUT", url)
    assert r.status_code == 411 and r.json() == LENGTH
    r = c.put(url, _big_json(), content_type="application/json")
    assert r.status_code == 413 and r.json() == TOO_BIG
    draft_app.refresh_from_db()
    assert draft_app.version == version


def _upload(c: Client, url: str, *, kind: str, content: bytes, **headers: str):
    return c.post(url, {"kind": kind, "file": SimpleUploadedFile("map.pdf", content, "application/pdf")}, **headers)


@pytest.mark.parametrize("headers", [{}, {"HTTP_IDEMPOTENCY_KEY": "upload-over-the-limit-1"}])
def test_w22_the_upload_answers_411_and_413_as_listed(cu, draft_app, headers):
    """The upload: chunked → 411; its ``kind`` one byte over the fields' limit → 413 naming ``body``, with an
    ``Idempotency-Key`` too (it was 422 "kind: is required", the fields cut off by the limit read again as
    none); nothing attached."""
    c = api_client(cu["applicant"])
    url = f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}/documents"
    r = _chunked(c, "POST", url, content_type="multipart/form-data; boundary=x")
    assert r.status_code == 411 and r.json() == LENGTH
    r = _upload(c, url, kind="k" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1), content=PDF, **headers)
    assert r.status_code == 413 and r.json() == TOO_BIG
    assert draft_app.documents.count() == 0


@pytest.mark.parametrize("headers", [{}, {"HTTP_IDEMPOTENCY_KEY": "upload-of-a-large-file-1"}])
def test_w22_the_upload_file_is_held_to_its_own_limit_not_the_413(cu, draft_app, settings, headers):
    """The file is not counted in the 2 MiB: a file above it and at the documents' limit is attached (201); one
    byte over the documents' limit is 422 naming ``file``, not 413."""
    settings.PUBLICASSEMBLY_MAX_DOCUMENT_BYTES = limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1024
    c = api_client(cu["applicant"])
    url = f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}/documents"
    head, tail = b"%PDF-1.4\n", b"\n%%EOF\n"
    whole = head + b"0" * (limit - len(head) - len(tail)) + tail
    r = _upload(c, url, kind="map", content=whole + b"0", **headers)
    assert r.status_code == 422 and r.json()["field"] == "file"
    assert r.json()["detail"] == f"file: the file is {limit + 1:,} bytes; the limit is {limit:,} bytes"
    r = _upload(c, url, kind="map", content=whole, **{k: v + "-b" for k, v in headers.items()})
    assert r.status_code == 201, r.content[:300]
    assert r.json()["size"] == limit


def test_w22_a_get_or_delete_answers_neither(client, mu, hall):
    """A GET and a DELETE read no body: one sent in chunks, or over the limit, is answered as without it."""
    r = _chunked(client, "GET", "/api/v1/rules")
    assert r.status_code == 200 and r.json()
    r = client.generic("GET", "/api/v1/rules", _big_json().encode(), content_type="application/json")
    assert r.status_code == 200
    c = api_client(mu["building_inspector"])
    space = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces/999999"
    r = _chunked(c, "DELETE", space + "?reason=gone")
    assert r.status_code == 404, r.content  # (the space that is not there, as without the body)
    r = c.generic("DELETE", space, _big_json().encode(), content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "reason", r.content[:300]
    assert "the body of a DELETE is not read" in r.json()["detail"]


def test_w22_a_page_sent_in_chunks_is_still_411(db):
    """The pages are not the API's: a body in chunks to a page is refused as before, whatever the method."""
    for method in ("GET", "POST"):
        r = _chunked(Client(), method, "/accounts/login/")
        assert r.status_code == 411 and r["Content-Type"].startswith("text/html"), method
