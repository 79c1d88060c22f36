"""A refusal quotes a number as the file wrote it (interpretation G-4's bounds, G-7's plain numbers): a case
file's or a ``--from-json`` record's ``1e999`` was echoed "got 1E+999" (Decimal's normal form), a YAML ``.nan``
"got NaN". The readers keep the text of a number with a point or an exponent (`law.units.WrittenNumber`), and
where no text was kept (a Decimal made otherwise, as the API's) the number is still quoted as people write it
(`law.units.as_written`: ``1000``, ``1e999``), never ``1E+999``."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from publicassembly.cli import app
from publicassembly.law.units import WrittenNumber, as_written, given

CASE = {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2025-03-03",
        "spaces": [{"name": "Hall", "use_group": "business", "area": 1500}]}


def _case_json(**numbers: str) -> str:
    """The case as JSON text with each of `numbers` (attendance, area …) written as given."""
    text = json.dumps(CASE)
    for key, written in numbers.items():
        if key == "area":
            text = text.replace('"area": 1500', f'"area": {written}')
        else:
            text = text[:-1] + f', "{key}": {written}}}'
    return text


@pytest.mark.parametrize(("written", "told"), [
    ("1e999", "attendance: must be at most 1,000,000,000 (got 1e999)"),
    ("1E999", "attendance: must be at most 1,000,000,000 (got 1E999)"),
    ("12.5e0", "attendance: must be a whole number, without a fractional part (got 12.5e0)"),
    ("-1e3", "attendance: must be at least 0 (got -1e3)"),
])
def test_a_json_case_files_count_is_quoted_as_written_g4(runner, tmp_path, written, told):
    source = tmp_path / "case.json"
    source.write_text(_case_json(attendance=written), encoding="utf-8")
    result = runner.invoke(app, ["check", str(source)])
    assert result.exit_code == 2
    assert told in result.stderr, result.stderr
    assert "E+" not in result.stderr


@pytest.mark.parametrize(("written", "told"), [
    ("1e999", "spaces[0].area: 1e999 sq_ft is larger than any room or site (at most 10,000,000,000 sq ft)"),
    ("-1.5e3", "spaces[0].area: an area cannot be negative (got -1.5e3)"),
    ("1e-30", "spaces[0].area: '1e-30' has more than 20 decimal places; give at most 20"),
])
def test_a_json_case_files_area_is_quoted_as_written_g4(runner, tmp_path, written, told):
    source = tmp_path / "case.json"
    source.write_text(_case_json(area=written), encoding="utf-8")
    result = runner.invoke(app, ["check", str(source)])
    assert result.exit_code == 2
    assert told in result.stderr, result.stderr


@pytest.mark.parametrize(("written", "told"), [
    ("1.0e+999", "attendance: must be at most 1,000,000,000 (got 1.0e+999)"),
    (".nan", "attendance: must be a whole number (got .nan)"),
    ("2.5", "attendance: must be a whole number, without a fractional part (got 2.5)"),
])
def test_a_yaml_case_files_count_is_quoted_as_written_g7(runner, tmp_path, written, told):
    source = tmp_path / "case.yaml"
    source.write_text("jurisdiction: mount-pleasant-ny\nsubject: venue\nas_of: 2025-03-03\nspaces:\n"
                      f"  - {{name: Hall, use_group: business, area: 1500}}\nattendance: {written}\n",
                      encoding="utf-8")
    result = runner.invoke(app, ["check", str(source)])
    assert result.exit_code == 2
    assert told in result.stderr, result.stderr


def test_a_number_of_a_case_file_that_is_taken_is_its_value(runner, tmp_path):
    """The other side: a number kept with its text is the number (1.5e3 sq ft of business hold 15, § 164-7)."""
    source = tmp_path / "case.json"
    source.write_text(_case_json(area="1.5e3", attendance="1.2e1"), encoding="utf-8")
    result = runner.invoke(app, ["check", str(source), "--format", "json"])
    assert result.exit_code == 0, result.output
    space = json.loads(result.stdout)["occupancy"]["spaces"][0]
    assert space["area_sq_ft"] == 1500 and space["occupant_load"] == 15


def test_a_from_json_records_number_is_quoted_as_written(runner, tmp_path):
    """``--from-json``: the same numbers of a certificate, as the file writes them (``1E3`` stays ``1E3``)."""
    data = {"number": "MP-2025-0001", "issued_date": "2025-03-03", "venue_name": "Grange Hall",
            "venue_address": "1 Main Street", "lawful_occupancy": 100, "inspector_name": "R. Dwyer",
            "spaces": [{"name": "hall", "use_group": "assembly_without_fixed_seats", "area_sq_ft": 1500,
                        "occupant_load": 100}]}
    text = json.dumps(data).replace('"area_sq_ft": 1500', '"area_sq_ft": -1E3').replace(
        '"lawful_occupancy": 100', '"lawful_occupancy": 1E999')
    source = tmp_path / "c.json"
    source.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["certificate", "--from-json", str(source), "-o", str(tmp_path / "c.pdf")])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"publicassembly: error: {source}: spaces[0].area_sq_ft: must be from 0 to 1,000,000,000,000,000; got -1E3",
        f"publicassembly: error: {source}: lawful_occupancy: expected a whole number from 0 to 1,000,000,000, "
        "got 1E999"]


@pytest.mark.parametrize(("value", "shown"), [
    (WrittenNumber("1e999"), "1e999"), (WrittenNumber("1.50"), "1.50"), (WrittenNumber("NaN", ".nan"), ".nan"),
    (Decimal("1E+999"), "1e999"), (Decimal("-2.5E-40"), "-2.5e-40"), (Decimal("1E+3"), "1000"),
    (Decimal("1.50"), "1.50"), (Decimal("Infinity"), "Infinity"), (12, "12"), (" 7 ", "7"),
])
def test_as_written_never_gives_decimals_normal_form(value, shown):
    assert as_written(value) == shown
    assert "E+" not in given(value)


def test_a_written_number_is_its_value():
    """`WrittenNumber`: the Decimal of its text, equal and hashed alike; arithmetic gives plain Decimals;
    formatted with a format of its own as the Decimal."""
    number = WrittenNumber("1.5e3")
    assert number == Decimal(1500) and hash(number) == hash(Decimal(1500))
    assert type(number + 1) is Decimal and str(number) == f"{number}" == "1.5e3"
    assert f"{WrittenNumber('1500.50'):,}" == "1,500.50"
