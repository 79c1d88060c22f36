"""`check`'s text report shows the law core's identifiers in words, as the PDF report and the pages do
(`law.labels`): the officer who issues the certificate (Mount Pleasant § 164-9: "issued by: the Building
Inspector", not "building_inspector"), the officers of § 164-12, where the count of persons comes from (§ 164-6),
the use groups of § 164-7, the missing items of the Carmel petition (ch. 31 ¶ B) and the findings' statuses."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from publicassembly.cli import app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def _check(path: Path | str, *args: str) -> str:
    result = CliRunner().invoke(app, ["check", str(path), *args], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.stdout


def _rows(out: str) -> str:
    """The report without its tables' borders: each cell's text, one row a line."""
    return "\n".join(" ".join(cell.strip() for cell in re.split(r"[│┃]", line) if cell.strip())
                     for line in out.splitlines())


def test_officers_and_counts_are_in_words_164_9_164_12():
    """§ 164-9: the certificate is issued by the Building Inspector; § 164-12: the fire district's inspector
    who observed the violation must file a complaint with the Building Inspector; § 164-6: the persons are those
    counted at the inspection."""
    out = _rows(_check(ROOT / "examples" / "mount-pleasant-blocked-exits-second-offense.yaml"))
    assert "issued by: the Building Inspector" in out
    assert "summons issued by: the Building Inspector" in out
    assert "observed by: a Fire Department inspector of the fire district" in out
    assert "must file complaint with: the Building Inspector" in out
    assert "number of persons from: the persons counted at the inspection" in out
    assert "Dance hall dance hall or lodge room" in out  # § 164-7's use group, in words
    assert "lettering colour: red" in out and "letter weight: bold" in out  # (§ 164-9: words already)


def test_use_groups_are_in_words_164_7_164_8():
    """§§ 164-7, 164-8: the occupancy table names each space's use group in words."""
    out = _rows(_check(ROOT / "examples" / "mount-pleasant-catering-hall.yaml"))
    assert "Ballroom assembly without fixed seats" in out
    assert "Terrace unenclosed open-air area" in out
    assert "number of persons from: the attendance stated" in out


def test_missing_petition_items_are_said_in_words_carmel_b():
    """Carmel ch. 31 ¶ B: a missing item of the petition is said after what is wanted, in item (n)."""
    out = _check(ROOT / "examples" / "carmel-unpermitted-concert.yaml")
    missing = out[out.index("Missing items"):out.index("Findings")]
    assert "• admission fee, in item (2) of the petition" in missing
    assert "petition.2." not in missing and "_" not in missing


def test_statuses_are_in_words():
    """The findings' statuses read "not applicable", "needs review", "not met", not their JSON ids."""
    out = _rows(_check(ROOT / "examples" / "carmel-county-fair.yaml"))
    assert "needs review Carmel Code ch. 31" in out and "not met Carmel Code ch. 31" in out
    assert "not applicable Carmel Code ch. 31" in out


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_no_identifier_of_the_law_core_is_printed_raw(example):
    """Outside the rule ids (printed under each citation, dim, and with an exemption) and the file's name, no
    word of the text report is an identifier with underscores."""
    out = _check(example)
    words = re.findall(r"[a-z]+(?:_[a-z]+)+", out)
    assert words == [], sorted(set(words))
