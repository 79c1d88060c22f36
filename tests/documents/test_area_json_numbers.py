"""`publicassembly area --format json` gives its areas as JSON numbers, as `check`'s JSON gives its quantities
(`law.jsonable.number`: exact, a whole number without a point): ``"area_sq_ft": 108496.35``, where it wrote the
string ``"108496.35"`` and a program reading both had to treat the same quantity two ways. Mount Pleasant § 164-8:
an open-air area at 15 sq ft per person; the areas are rounded down to 0.01 (D-3)."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "examples" / "site.geojson"
runner = CliRunner()


def _area_json(site: Path, *more: str) -> str:
    result = runner.invoke(app, ["area", str(site), "--format", "json", "--as-of", "2025-06-01", *more])
    assert result.exit_code == 0, result.output
    return result.stdout


def _square_in_utm(tmp_path: Path, side_m: str) -> Path:
    """A square of `side_m` metres in UTM zone 18N (EPSG:32618), measured planar: its area is exact."""
    x0, y0, side = 600000, 4550000, float(side_m)
    site = tmp_path / "square.geojson"
    site.write_text(json.dumps({
        "type": "Polygon", "crs": {"type": "name", "properties": {"name": "EPSG:32618"}},
        "coordinates": [[[x0, y0], [x0 + side, y0], [x0 + side, y0 + side], [x0, y0 + side], [x0, y0]]]}))
    return site


def test_the_areas_are_json_numbers_to_the_cent_section_164_8():
    text = _area_json(SITE)
    data = json.loads(text, parse_float=Decimal)
    assert (data["area_sq_ft"], data["area_sq_m"], data["occupant_load"]) == (
        Decimal("108496.35"), Decimal("10079.64"), 7233)  # 108,496.35 / 15, rounded down
    assert '"area_sq_ft": 108496.35,' in text and '"area_sq_m": 10079.64,' in text


def test_a_whole_area_is_written_without_a_point_and_a_cent_without_trailing_zero(tmp_path):
    """30.48 m square is 10,000 sq ft exactly (1 ft = 0.3048 m): ``10000``, as check writes a whole area (not
    ``10000.0`` or ``"10000.00"``), holding 666 persons (§ 164-8); 929.0304 m² is rounded down to 929.03. A square
    of 100 m is 107,639.104… sq ft: ``107639.1`` (the cent 107,639.10, without its trailing zero)."""
    text = _area_json(_square_in_utm(tmp_path, "30.48"), "--method", "planar")
    assert re.search(r'"area_sq_ft": 10000,', text) and '"area_sq_m": 929.03,' in text
    assert json.loads(text)["occupant_load"] == 666
    text = _area_json(_square_in_utm(tmp_path, "100"), "--method", "planar")
    assert '"area_sq_ft": 107639.1,' in text and '"area_sq_m": 10000,' in text
    assert json.loads(text)["occupant_load"] == 7175


def test_the_area_is_written_as_check_writes_the_same_area_of_an_open_air_space(tmp_path):
    """The site's area given to check as an open-air space's area: both JSONs write the number alike."""
    case = tmp_path / "field.json"
    case.write_text(json.dumps({"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2025-06-01",
                                "commercial": True, "spaces": [{"name": "Field", "use_group": "open_air",
                                                                "area": "108496.35"}]}))
    checked = runner.invoke(app, ["check", str(case), "--format", "json"])
    assert checked.exit_code == 0, checked.output
    check_area = re.search(r'"area_sq_ft": ([^,\n]+)', checked.stdout)
    area_area = re.search(r'"area_sq_ft": ([^,\n]+)', _area_json(SITE))
    assert check_area and area_area and check_area.group(1) == area_area.group(1) == "108496.35"
    assert json.loads(checked.stdout)["occupancy"]["lawful_occupancy"] == 7233


def test_area_help_says_the_json_gives_numbers():
    text = " ".join(runner.invoke(app, ["area", "--help"], env={"COLUMNS": "400", "TERM": "dumb"}).output.split())
    assert ("With --format json: area_sq_ft and area_sq_m are JSON numbers, rounded down to 0.01 and written as "
            "check writes its numbers (108496.35; 10000 for a whole number)") in text
