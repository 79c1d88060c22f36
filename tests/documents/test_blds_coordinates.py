"""A BLDS permit's point (``latitude``, ``longitude``: WGS 84 decimal degrees) is signed: every place in New York
has a negative longitude (Carmel about -73.79). ``export blds --from-json`` took coordinates by the bounds of money
and areas (0 or more) and refused them; they are read within the globe's bounds, -90 to 90 and -180 to 180, both
ends included, and the --help says so."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from publicassembly.cli import app
from publicassembly.documents import blds
from publicassembly.documents.records import record_from_json

BASE = {"permit_num": "PA-1", "description": "County fair", "status": "issued", "issued_date": "2025-07-01"}


@pytest.mark.parametrize(("field", "value"), [
    ("latitude", "-90"), ("latitude", "90"), ("latitude", "41.3920"), ("latitude", 0),
    ("longitude", "-180"), ("longitude", "180"), ("longitude", "-73.7949"), ("longitude", -73.7949),
])
def test_a_coordinate_within_the_globe_is_taken_exactly(field, value):
    row = record_from_json(blds.BldsPermitRow, {**BASE, field: value})
    assert getattr(row, field) == Decimal(repr(value) if isinstance(value, float) else str(value))


@pytest.mark.parametrize(("field", "value", "told"), [
    ("latitude", "-90.0001", "latitude: must be from -90 to 90 (degrees); got '-90.0001'"),
    ("latitude", "90.0001", "latitude: must be from -90 to 90 (degrees); got '90.0001'"),
    ("longitude", "-180.0001", "longitude: must be from -180 to 180 (degrees); got '-180.0001'"),
    ("longitude", 181, "longitude: must be from -180 to 180 (degrees); got 181"),
])
def test_a_coordinate_beyond_the_globe_is_refused_naming_the_field_and_bounds(field, value, told):
    with pytest.raises(ValueError) as caught:
        record_from_json(blds.BldsPermitRow, {**BASE, field: value})
    assert told in str(caught.value)


def test_money_and_areas_stay_never_negative():
    """The signed bounds are the coordinates' alone: a negative fee or area is still refused."""
    for field in ("fee", "total_sq_ft"):
        with pytest.raises(ValueError, match=f"{field}: must be from 0 to"):
            record_from_json(blds.BldsPermitRow, {**BASE, field: "-5"})


def test_export_writes_a_new_york_point(tmp_path: Path):
    src = tmp_path / "blds.json"
    src.write_text(json.dumps({"permits": [{**BASE, "latitude": "41.392", "longitude": "-73.7949"}]}),
                   encoding="utf-8")
    out = tmp_path / "permits.csv"
    result = CliRunner().invoke(app, ["export", "blds", "--from-json", str(src), "-o", str(out)])
    assert result.exit_code == 0, result.output
    row = next(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"), newline="")))
    assert (row["Latitude"], row["Longitude"]) == ("41.392", "-73.7949")


def test_help_states_the_coordinates_bounds():
    result = CliRunner().invoke(app, ["export", "blds", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.output.replace("│", " ").split())
    assert "latitude (degrees from -90 to 90 or null)" in text
    assert "longitude (degrees from -180 to 180 or null)" in text
