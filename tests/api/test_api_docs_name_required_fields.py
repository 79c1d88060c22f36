"""docs/api.md names every required field of every JSON request body, in that operation's own entry.

A new-user trial found docs/api.md silent on many required fields (a venue's ``address``; an approval's
``condition``, ``agency``, ``document``; an authorization's ``party``, ``given_on``; the insurance certificate's
fields; a bond's ``posted_on``, a fee payment's ``paid_on``, an inspection's ``scheduled_for``, a disposition's
``outcome``, a stop order's ``correction``): a client found them only from a 422. Checked over the schema the app
serves (``/api/openapi.json``): for every operation whose request body is JSON, each property its body schema
lists as required (``$ref`` resolved) is named in backticks — ``field``, or ``"field"`` in a JSON shape such as
``{"amount", "resolution_date"}`` — in the entry of docs/api.md that documents the operation: the table row
giving its method and path (a path written under the table's ``Path under `…``` prefix, a sibling abbreviated to
its last segment as in ```/{id}/submit`, `/withdraw``), or, for an operation no table lists, the paragraph
naming it as ``METHOD /path``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.django_db

DOCS = Path(__file__).parents[2] / "docs" / "api.md"
PREFIX = "/api/v1"
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
CODE = re.compile(r"`([^`]*)`")
MENTION = re.compile(r"`(GET|POST|PUT|PATCH|DELETE) (/[^`\s?]*)")


@pytest.fixture
def schema(client) -> dict:
    r = client.get("/api/openapi.json")
    assert r.status_code == 200
    return r.json()


def _resolve(schema: dict, node: dict) -> dict:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def required_fields(schema: dict) -> dict[tuple[str, str], list[str]]:
    """(method, path under /api/v1) -> the required properties of its JSON request body."""
    out = {}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            for media_type, body in content.items():
                if media_type == "application/json" or media_type.endswith("+json"):
                    out[(method.upper(), path.removeprefix(PREFIX))] = list(
                        _resolve(schema, body["schema"]).get("required", []))
    return out


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _paths_of_cell(cell: str, prefix: str) -> list[str]:
    """The paths a table's path cell lists: ```/{id}/submit`, `/withdraw``` is ``/{id}/submit`` and
    ``/{id}/withdraw`` (a one-segment sibling of a longer first path); ```` ```` is the prefix itself."""
    spans = [s.split("?")[0].strip() for s in CODE.findall(cell)]
    if cell.strip() == "``":
        spans = [""]
    paths: list[str] = []
    for span in spans:
        if span and not span.startswith("/"):
            continue
        if paths and span.count("/") == 1 and paths[0].count("/") > 1 + prefix.count("/"):
            paths.append(paths[0].rsplit("/", 1)[0] + span)
        else:
            paths.append(prefix + span)
    return paths


def entries(text: str) -> list[tuple[set[str], set[str], str]]:
    """Each entry of docs/api.md: (its methods, its paths under /api/v1, its text) — a row of a table with a
    Method and a Path column, or a paragraph (a block or a list item) naming ``METHOD /path`` in backticks."""
    out = []
    lines = text.splitlines()
    i = 0
    block: list[str] = []

    def end_block() -> None:
        if block:
            para = "\n".join(block)
            for method, path in MENTION.findall(para):
                out.append(({method}, {path.removeprefix(PREFIX)}, para))
            block.clear()

    while i < len(lines):
        line = lines[i]
        if line.startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            end_block()
            header = _cells(line)
            method_col = header.index("Method")
            path_col = next(n for n, h in enumerate(header) if h.startswith("Path"))
            under = re.search(r"Path under `([^`]*)`", header[path_col])
            prefix = under.group(1) if under else ""
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                row = _cells(lines[i])
                methods = {m.strip() for m in row[method_col].split(",")}
                out.append((methods, set(_paths_of_cell(row[path_col], prefix)), lines[i]))
                i += 1
            continue
        if not line.strip() or line.startswith("#") or line.startswith("- ") or line.startswith("```"):
            end_block()
        if line.strip():
            block.append(line)
        i += 1
    end_block()
    return out


def named(field: str, text: str) -> bool:
    """``field`` is named in backticks in ``text``: ```field``` or ``"field"`` in a code span."""
    return any(span.strip() == field or f'"{field}"' in span for span in CODE.findall(text))


def missing(schema: dict, text: str) -> list[str]:
    """Each (operation, field) whose field docs/api.md does not name in the operation's entry; an operation
    with no entry at all is listed as such."""
    found = entries(text)
    out = []
    for (method, path), fields in required_fields(schema).items():
        texts = [t for methods, paths, t in found if method in methods and path in paths]
        if not texts:
            out.append(f"{method} {path}: no entry in docs/api.md")
            continue
        out += [f"{method} {path}: {field}" for field in fields if not any(named(field, t) for t in texts)]
    return out


def test_docs_api_md_names_every_required_field_of_every_json_body(schema):
    not_named = missing(schema, DOCS.read_text(encoding="utf-8"))
    assert not_named == [], "docs/api.md does not name:\n" + "\n".join(not_named)


def test_the_check_reads_the_entries_and_the_schema_it_is_meant_to(schema):
    """(Not a test of nothing: the operations are there, each row is found under its table's prefix, and a field
    taken out of its entry is reported, with the operation.)"""
    fields = required_fields(schema)
    assert len(fields) >= 50
    assert fields[("POST", "/towns/{town}/venues")] == ["name", "address"]
    assert fields[("POST", "/towns/{town}/stop-orders/{id}/lift")] == ["correction"]
    assert ("POST", "/towns/{town}/applications/{id}/documents") not in fields  # (multipart: its own paragraph)
    text = DOCS.read_text(encoding="utf-8")
    found = entries(text)
    rows = [(m, p) for m, p, _t in found]
    assert ({"POST"}, {"/towns/{town}/applications/{id}/submit", "/towns/{town}/applications/{id}/withdraw",
                       "/towns/{town}/applications/{id}/amend"}) in rows
    assert ({"GET", "POST"}, {"/towns/{town}/applications"}) in rows
    assert ({"POST"}, {"/towns/{town}/violations/{id}/summons", "/towns/{town}/violations/{id}/disposition",
                       "/towns/{town}/violations/{id}/payment", "/towns/{town}/violations/{id}/close"}) in rows
    assert ({"GET"}, {"/towns/{town}/venues/{id}", "/towns/{town}/venues/{id}/timeline"}) in rows
    assert ({"POST"}, {"/auth/token"}) in rows
    assert ({"POST"}, {"/towns/{town}/venues/{id}/religious-worship-approval"}) in rows

    lift = next(t for _m, p, t in found if "/towns/{town}/stop-orders/{id}/lift" in p)
    assert named("correction", lift)
    assert missing(schema, text.replace(lift, lift.replace("`correction`", "correction"))) == [
        "POST /towns/{town}/stop-orders/{id}/lift: correction"]
    assert "POST /towns/{town}/stop-orders/{id}/lift: no entry in docs/api.md" in missing(
        schema, text.replace(lift, ""))
    assert named("amount", '`{"amount", "resolution_date"}`') and not named("amount", "the amount, `amounts`")
