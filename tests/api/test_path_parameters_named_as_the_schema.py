"""A path parameter that cannot be read is refused naming it as the OpenAPI schema names it.

A new-user trial found ``POST /api/v1/towns/carmel-ny/violations/None/summons`` answered 422 naming ``id`` while
the schema (``/api/openapi.json``) named the parameter ``pk``: a client reading the schema could not tell which
parameter was meant. The record's number is ``{id}`` in the schema, the refusal and docs/api.md alike (as the
record's JSON names it, ``"id"``); every other path parameter (``space``, ``doc``, ``year``, ``town``, ``number``,
``dataset``) is named as the schema names it. Checked over every path of the schema."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db

#: A value each path parameter of the schema reads (the record need not exist: 404 is not a refusal of it).
GOOD = {"town": "carmel-ny", "id": "999999", "space": "999999", "doc": "999999", "year": "2026",
        "number": "MP-2025-9999", "dataset": "permits"}


def _schema() -> dict:
    from publicassembly.api.urls import api

    return api.get_openapi_schema()


def _operations() -> list[tuple[str, str, dict[str, str]]]:
    """Every (method, path, {path parameter: its type}) of the schema."""
    out = []
    for path, operations in _schema()["paths"].items():
        for method, operation in operations.items():
            params = {p["name"]: p["schema"].get("type", "string") for p in operation.get("parameters", [])
                      if p["in"] == "path"}
            out.append((method, path, params))
    return out


def _send(client, method: str, url: str):
    body = "{}" if method in ("post", "put", "patch") else None
    send = getattr(client, method)
    if method == "post" and url.endswith("/documents"):  # an upload: a multipart form (W-17)
        return send(url, {})
    return send(url, body, content_type="application/json") if body is not None else send(url)


def test_every_path_parameter_of_the_schema_is_one_the_tests_know():
    """(So that a path parameter added later is checked too: the test below gives each a value.)"""
    names = {name for _m, _p, params in _operations() for name in params}
    assert names == set(GOOD), names
    assert not any("{pk}" in path for _m, path, _params in _operations())


@pytest.mark.parametrize(("method", "path", "param"), [
    (m, p, name) for m, p, params in _operations() for name, kind in params.items() if kind == "integer"])
def test_a_whole_number_in_the_path_that_is_none_is_refused_naming_it_as_the_schema(cu, api, method, path, param):
    """``…/violations/None/summons``: 422 naming the parameter as the schema does (``id``, ``space``, ``doc``,
    ``year``), never the view's own name (``pk``)."""
    url = "/api/v1" + re.sub(r"\{(\w+)\}", lambda m: "None" if m.group(1) == param else GOOD[m.group(1)],
                             path.removeprefix("/api/v1"))
    r = _send(api(cu["town_clerk"]), method, url)
    assert r.status_code == 422, (method, url, r.content[:300])
    fields = [e["field"] for e in r.json()["errors"]]
    assert param in fields, (method, url, r.json())
    assert "pk" not in fields and not r.json()["detail"].startswith("pk:")
    assert {"field": param, "msg": "must be a whole number"} in r.json()["errors"]


@pytest.mark.parametrize(("method", "path"), [(m, p) for m, p, params in _operations() if params])
def test_the_path_read_is_never_refused_for_its_parameters(cu, api, method, path):
    """The other side: with every path parameter a value it reads, no refusal names a path parameter (a record
    that does not exist is 404; a body missing is named ``body``)."""
    url = "/api/v1" + re.sub(r"\{(\w+)\}", lambda m: GOOD[m.group(1)], path.removeprefix("/api/v1"))
    r = _send(api(cu["town_clerk"]), method, url)
    if r.status_code == 422 and r.get("Content-Type", "").startswith("application/json"):
        names = {"pk", *GOOD}
        assert not names & {e["field"] for e in r.json()["errors"]}, (method, url, r.json())


def test_a_violations_summons_with_none_for_its_number_names_id(cu, mu, api):
    """The trial's own request."""
    r = api(mu["building_inspector"]).post("/api/v1/towns/mount-pleasant-ny/violations/None/summons", "{}",
                                           content_type="application/json")
    assert r.status_code == 422 and r.json()["detail"].startswith("id: must be a whole number")
