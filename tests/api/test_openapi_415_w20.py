"""Interpretation W-20 (with W-17): the OpenAPI schema lists the 415 Unsupported Media Type that every operation
reading a body answers to a body of another Content-Type, in the API's error shape (``ErrorOut``, as its 422),
and only there: an operation that reads no body (a GET, a DELETE) neither refuses a body's media type nor lists
a 415."""

from __future__ import annotations

import json

import pytest
from tests.api.conftest import api_client

pytestmark = pytest.mark.django_db

ERROR_OUT = {"$ref": "#/components/schemas/ErrorOut"}


@pytest.fixture
def schema(client):
    r = client.get("/api/openapi.json")
    assert r.status_code == 200
    return r.json()


def _operations(schema):
    return [(method.upper(), path, op) for path, ops in schema["paths"].items() for method, op in ops.items()]


def test_w20_every_operation_with_a_request_body_lists_415_in_the_error_shape(schema):
    with_body = [(m, p, op) for m, p, op in _operations(schema) if "requestBody" in op]
    assert len(with_body) >= 50  # (every POST, PUT, PATCH of the API: not a test of nothing)
    for method, path, op in with_body:
        assert method in ("POST", "PUT", "PATCH"), (method, path)
        answer = op["responses"].get("415")
        assert answer is not None, (method, path)
        assert answer["content"] == {"application/json": {"schema": ERROR_OUT}}, (method, path)
        assert answer["description"].startswith("Unsupported Media Type"), (method, path)
        assert op["responses"]["422"]["content"]["application/json"]["schema"] == ERROR_OUT  # (the same shape)
    assert "ErrorOut" in schema["components"]["schemas"]


def test_w20_every_post_put_and_patch_takes_a_body(schema):
    """The test above covers every unsafe operation but DELETE: none of them is left without its 415."""
    for method, path, op in _operations(schema):
        if method in ("POST", "PUT", "PATCH"):
            assert "requestBody" in op and "415" in op["responses"], (method, path)


def test_w20_operations_without_a_body_list_no_415(schema):
    without = [(m, p, op) for m, p, op in _operations(schema) if "requestBody" not in op]
    assert {m for m, _p, _op in without} == {"GET", "DELETE"}
    for method, path, op in without:
        assert "415" not in op["responses"], (method, path)


def test_w20_the_upload_415_says_multipart_and_the_json_ones_json(schema):
    upload = schema["paths"]["/api/v1/towns/{town}/applications/{id}/documents"]["post"]["responses"]["415"]
    assert "(it reads multipart/form-data)" in upload["description"]
    check = schema["paths"]["/api/v1/check"]["post"]["responses"]["415"]
    assert "(it reads application/json (or application/*+json), with or without charset=utf-8)" in check["description"]


def test_w20_the_415_listed_is_the_415_answered(client):
    """The schema's 415 is the answer's shape: ``detail``, ``field`` ``Content-Type``, ``errors``."""
    r = client.post("/api/v1/check", json.dumps({"jurisdiction": "carmel-ny", "subject": "event"}),
                    content_type="text/plain")
    assert r.status_code == 415
    assert set(r.json()) == {"detail", "field", "errors"} and r.json()["field"] == "Content-Type"


def test_w20_a_get_or_delete_sent_with_a_body_of_another_type_is_not_415(client, mu, hall):
    """A GET and a DELETE read no body: one sent with them, of any type, is not read, nor refused (the schema
    lists no 415 for them)."""
    r = client.generic("GET", "/api/v1/rules", b"hello", content_type="text/plain")
    assert r.status_code == 200, r.content
    c = api_client(mu["building_inspector"])
    r = c.generic("GET", "/api/v1/towns/mount-pleasant-ny/venues", b"<a/>", content_type="application/xml")
    assert r.status_code == 200, r.content
    r = c.generic("DELETE", f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces/999999?reason=gone", b"x",
                  content_type="text/plain")
    assert r.status_code == 404, r.content  # (the space that is not there, as without the body)


def test_w20_the_operations_checked_are_those_listed(schema):
    """`reads_body` (the operations whose body's media type is checked) is true of exactly the operations the
    schema gives a ``requestBody``, and so a 415."""
    from publicassembly.api.media_type import reads_body
    from publicassembly.api.urls import api

    listed = {op["operationId"] for _m, _p, op in _operations(schema) if "415" in op["responses"]}
    checked, every = set(), set()
    for _prefix, router in api._routers:
        for path_view in router.path_operations.values():
            for operation in path_view.operations:
                every.add(operation.operation_id)
                if reads_body(operation):
                    checked.add(operation.operation_id)
    assert every == {op["operationId"] for _m, _p, op in _operations(schema)}
    assert checked == listed and "check" in checked and "upload_document" in checked
