"""An option that takes one value, given twice, is refused (exit 2, naming it and the values), as the web and the
API refuse a field given twice: Click would keep the last silently (``sign --occupancy 15 --occupancy 20``
printed a sign of 20). Once is taken; options that take several values and flags are not concerned."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from publicassembly.cli import app

ROOT = Path(__file__).resolve().parents[2]
FAIR = str(ROOT / "examples" / "carmel-county-fair.yaml")


@pytest.mark.parametrize(("args", "said"), [
    (["sign", "--certificate", "MP-C-1", "--occupancy", "15", "--occupancy", "20", "--room", "X", "-o", "{d}/s.pdf"],
     "--occupancy: given 2 times ('15', '20'); give it once"),
    (["check", FAIR, "--as-of", "2026-01-01", "--as-of=2026-07-01"],
     "--as-of: given 2 times ('2026-01-01', '2026-07-01'); give it once"),
    (["batch", str(ROOT / "examples" / "spaces.csv"), "-o", "q1.csv", "-oq2.csv"],
     "-o: given 2 times ('q1.csv', 'q2.csv'); give it once"),
])
def test_an_option_given_twice_is_refused_naming_it(runner, tmp_path, args, said):
    d = str(tmp_path)
    result = runner.invoke(app, [a.format(d=d) for a in args], env={"PUBLICASSEMBLY_DATA_DIR": d})
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == f"publicassembly: error: {said.format(d=d)}"
    assert not any(tmp_path.glob("*.pdf")) and not Path("q1.csv").exists() and not Path("q2.csv").exists()


def test_an_option_given_once_is_taken(runner, tmp_path):
    result = runner.invoke(app, ["sign", "--certificate", "MP-C-1", "--occupancy", "15", "--room", "X",
                                 "-o", str(tmp_path / "s.pdf")], env={"PUBLICASSEMBLY_DATA_DIR": str(tmp_path)})
    assert result.exit_code == 0, result.output
    assert (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF")


def test_a_value_that_looks_like_the_option_is_a_value(runner, tmp_path):
    """``--room --occupancy``: the room is named "--occupancy" (a value, not the option again)."""
    result = runner.invoke(app, ["sign", "--certificate", "MP-C-1", "--occupancy", "15", "--room", "--occupancy",
                                 "-o", str(tmp_path / "s.pdf")], env={"PUBLICASSEMBLY_DATA_DIR": str(tmp_path)})
    assert result.exit_code == 0, result.output
    assert "given 2 times" not in result.output
    with pdfplumber.open(tmp_path / "s.pdf") as pdf:
        assert "Room or area: --occupancy" in (pdf.pages[0].extract_text() or "")
