"""The README's bundled inputs for `batch` and `area` give the law's numbers (Mount Pleasant §§ 164-6 to 164-8)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from typer.testing import CliRunner

from publicassembly.cli import app

ROOT = Path(__file__).resolve().parents[2]


def test_examples_spaces_csv_gives_each_space_its_occupant_load_164_7_164_8() -> None:
    result = CliRunner().invoke(app, ["batch", str(ROOT / "examples" / "spaces.csv"), "-o", "-", "--quiet"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["status"] for r in rows] == ["ok"] * 6
    # 4650/15, 1200/15, 12 alleys x 5 + 1000/10, 800/100, 12000 m² / 0.09290304 / 15, 2700/6
    assert [int(r["occupant_load"]) for r in rows] == [310, 80, 160, 8, 8611, 450]
    assert [int(r["toilets_required"]) for r in rows] == [4, 2, 3, 1, 120, 6]  # § 164-6: one per 75


def test_examples_site_geojson_area_and_open_air_load_164_8() -> None:
    result = CliRunner().invoke(app, ["area", str(ROOT / "examples" / "site.geojson"), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert '"occupant_load"' in result.stdout and "7233" in result.stdout.replace(",", "")
