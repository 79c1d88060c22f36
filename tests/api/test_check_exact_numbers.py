"""POST /api/v1/check reads a case's numbers as `publicassembly check` reads a case file (exact decimals): the same
case gives the same occupant load over HTTP and on the command line. Mount Pleasant § 164-7: 1,499.99999999999999999
sq ft of assembly without fixed seats at 15 sq ft per person is 99 persons (a fraction of a person is not
admitted); read as a binary float the area was 1,500.0 and the API answered 100 while the command line said 99."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from typer.testing import CliRunner

from publicassembly.cli import app


def _venue(area: str) -> str:
    """A venue case as JSON text with `area` written as it is (not through a float)."""
    return ('{"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2026-04-01", "name": "Hall", '
            '"commercial": true, "spaces": [{"name": "Main", "use_group": "assembly_without_fixed_seats", '
            f'"area": {area}, "area_unit": "sq_ft"}}]}}')


def _api(area: str) -> dict:
    r = Client().post("/api/v1/check", data=_venue(area), content_type="application/json")
    assert r.status_code == 200, r.content
    return r.json()


def _cli(area: str, tmp_path) -> dict:
    path = tmp_path / "case.json"
    path.write_text(_venue(area), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize(("area", "persons"), [
    ("1499.99999999999999999", 99),  # just below 100 × 15
    ("1500", 100), ("1500.0", 100),  # on it
    ("1500.00000000000000001", 100),  # just above
    ("1514.99999999999999999", 100), ("1515", 101),
])
def test_the_api_and_the_command_line_give_the_same_occupant_load_164_7(db, tmp_path, area, persons):
    api, cli = _api(area), _cli(area, tmp_path)
    assert api["occupancy"]["spaces"][0]["occupant_load"] == persons
    assert api["occupancy"] == cli["occupancy"]


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_a_non_standard_constant_is_refused_as_not_json_422(db, constant):
    r = Client().post("/api/v1/check", data=_venue(constant), content_type="application/json")
    assert r.status_code == 422
    assert r.json()["field"] == "body" and r.json()["detail"].startswith("body: is not valid JSON")
