"""Interpretation B-3: `batch` and `check` show an area in square feet to the same places — rounded half to even
to at most 4 decimal places (`check` showed 6: 129166.925001 sq ft for 12,000 m², where `batch` showed
129166.925) — while the occupant load of Mount Pleasant § 164-7/§ 164-8 is counted from the exact area."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from publicassembly.cli import app
from publicassembly.law.bulk import AREA_DIGITS
from publicassembly.law.jsonable import SHOWN_PLACES

from .helpers import AS_OF, both_paths

#: (area, unit, shown to 4 places, occupant load at 15 sq ft per person, § 164-8): 1 sq ft = 0.09290304 m².
AREAS = [
    ("12000", "sq_m", "129166.925", 8611),  # 129,166.92500103… sq ft
    ("10", "sq_m", "107.6391", 7),  # 107.63910416…
    ("9.290308645152", "sq_m", "100", 6),  # exactly 100.00005: half to even → 100.0000
    ("9.290317935456", "sq_m", "100.0002", 6),  # exactly 100.00015 → 100.0002
    ("139.35455999", "sq_m", "1500", 99),  # 1,499.99999989… sq ft: shown 1500, holds 99 (exact area)
    ("1499.99995", "sq_ft", "1500", 99),  # more than 4 places given: shown rounded, counted exact
    ("1499.9999", "sq_ft", "1499.9999", 99),
]


def test_one_precision_for_every_output() -> None:
    """The batch's fixed point and the places the JSON shows are one number, 4."""
    assert AREA_DIGITS == SHOWN_PLACES == 4


@pytest.mark.parametrize(("area", "unit", "shown", "load"), AREAS)
def test_check_and_batch_show_the_same_area_164_8(tmp_path: Path, area: str, unit: str, shown: str,
                                                   load: int) -> None:
    """§ 164-8 (open air, 15 sq ft per person): check's JSON and text report and batch's column show the area
    to the same 4 places; both give the load of the exact area."""
    bulk_rows, per_rows = both_paths([{"use_group": "open_air", "area": area, "area_unit": unit}])
    assert bulk_rows == per_rows
    assert (bulk_rows[0]["area_sq_ft"], bulk_rows[0]["occupant_load"]) == (shown, load)

    case = tmp_path / "field.yaml"
    case.write_text(f"jurisdiction: mount-pleasant-ny\nsubject: venue\nas_of: {AS_OF.isoformat()}\n"
                    f"spaces:\n  - name: Field\n    use_group: open_air\n    area: '{area}'\n    area_unit: {unit}\n",
                    encoding="utf-8")
    made = CliRunner().invoke(app, ["check", str(case), "--format", "json"])
    assert made.exit_code == 0, made.output
    space = json.loads(made.stdout, parse_float=Decimal)["occupancy"]["spaces"][0]
    assert (space["area_sq_ft"], space["occupant_load"]) == (Decimal(shown), load)
    text = CliRunner().invoke(app, ["check", str(case)], env={"COLUMNS": "200"})
    assert text.exit_code == 0, text.output
    row = next(line for line in text.stdout.splitlines() if "│ Field " in line)
    assert re.split(r"\s*│\s*", row.strip("│ "))[2] == shown
