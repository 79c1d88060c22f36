"""The ``area_sq_ft`` output column is what ``batch --help`` says it is: every area rounded half to even to at most
4 decimal places (interpretation B-3: as `check` shows it; exact for square feet given with no more), and every
area a plain decimal without trailing zeros or exponent (the help used to say "shown to 4 decimal places", which
the output never did: 100.5, not 100.5000)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from publicassembly.cli import app

from .helpers import AS_OF, both_paths

#: (area, area_unit, area_sq_ft shown): 1 sq ft = 0.09290304 m² exactly.
SHOWN = [
    ("100.5000", "sq_ft", "100.5"),  # trailing zeros dropped
    ("6.0", "sq_ft", "6"),
    ("1e3", "sq_ft", "1000"),  # no exponent
    ("600.0001", "sq_ft", "600.0001"),  # square feet with 4 places: exact
    ("600.00001", "sq_ft", "600"),  # more than 4 places: rounded as check shows it (B-3)
    ("600.00015", "sq_ft", "600.0002"),  # half to even
    ("600.00025", "sq_ft", "600.0002"),
    ("9.33675552", "sq_m", "100.5"),  # exactly 100.5 sq ft: not 100.5000
    ("10", "sq_m", "107.6391"),  # 107.63910416… sq ft
    ("9.290308645152", "sq_m", "100"),  # exactly 100.00005 sq ft: half to even → 100.0000, written 100
    ("9.290317935456", "sq_m", "100.0002"),  # exactly 100.00015 sq ft: half to even → 100.0002
]


@pytest.mark.parametrize(("area", "unit", "shown"), SHOWN)
def test_area_sq_ft_shown_by_both_paths(area: str, unit: str, shown: str) -> None:
    bulk_rows, per_rows = both_paths([{"use_group": "business", "area": area, "area_unit": unit}])
    assert bulk_rows == per_rows
    assert bulk_rows[0]["area_sq_ft"] == shown


def test_cli_output_and_help_say_the_same_of_area_sq_ft(tmp_path: Path) -> None:
    src = tmp_path / "spaces.csv"
    src.write_text("area,area_unit,use_group\n" + "".join(f"{a},{u},business\n" for a, u, _ in SHOWN),
                   encoding="utf-8")
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(app, ["batch", str(src), "-o", str(out), "-q", "--as-of", AS_OF.isoformat()])
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert [line.split('"area_sq_ft":')[1].split(",")[0] for line in lines] == [s for _, _, s in SHOWN]
    shown_help = " ".join(CliRunner().invoke(app, ["batch", "--help"]).output.split())
    assert ("the area in square feet (from square metres with 1 sq ft = 0.09290304 m²), rounded half to even to "
            "at most 4 decimal places, as check shows it (the occupant load uses the exact area); written as a "
            "plain decimal, without trailing zeros or exponent (100.5000 → 100.5, 1e3 → 1000)") in shown_help
    assert "shown to 4 decimal places" not in shown_help
