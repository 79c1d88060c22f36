"""The API refuses, when it is entered, text the documents cannot print (interpretation G-6): 422 naming the fact
as the permits service names it (``facts.<path>``), saying which characters and why; the stored application
is unchanged. A name they print is saved."""

from __future__ import annotations

import json

import pytest
from tests.web.conftest import fair_facts

pytestmark = pytest.mark.django_db

A = "/api/v1/towns/carmel-ny/applications"


def test_put_facts_with_a_name_the_documents_cannot_print_is_422_and_changes_nothing(api, cu, draft_app):
    c = api(cu["applicant"])
    url = f"{A}/{draft_app.pk}"
    before = c.get(url).json()
    facts = fair_facts()
    facts["name"] = "王小明的节日 🎉"
    r = c.put(url, json.dumps({"facts": facts, "expected_version": draft_app.version}),
              content_type="application/json")
    assert r.status_code == 422, r.content
    body = r.json()
    assert body["field"] == "facts.name"
    assert body["detail"].startswith("facts.name: the documents cannot print '王' (U+738B), '小' (U+5C0F)")
    assert "'🎉' (U+1F389)" in body["detail"] and "DejaVu Sans" in body["detail"]
    assert body["errors"][0]["field"] == "facts.name"
    assert body["errors"][0]["msg"].startswith("the documents cannot print")
    assert c.get(url).json() == before
    facts["name"] = "Dvořák Festival, Зал"
    r = c.put(url, json.dumps({"facts": facts, "expected_version": draft_app.version}),
              content_type="application/json")
    assert r.status_code == 200 and r.json()["facts"]["name"] == "Dvořák Festival, Зал", r.content
