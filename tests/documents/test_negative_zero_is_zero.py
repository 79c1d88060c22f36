"""A number of 0 written with a minus sign (``-0.0``) is 0 wherever a file gives one: a certificate's floor area
(§ 164-7: a bowling alley's additional area may be none) was printed "12 alleys and -0.0 additional", a petition's
sound level "-0.0 dB", a determination's area "-0" in its report. Each is now 0, printed "0", and refused exactly
where 0 is refused (a bond of $0, Carmel ch. 31 ¶ F); just below 0 is still refused."""

from __future__ import annotations

import json
from dataclasses import asdict
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.pdf.report import shown
from publicassembly.documents.records import CertificateRecord, PermitRecord, PetitionRecord, record_from_json
from publicassembly.law.jsonable import jsonable
from publicassembly.law.units import area_sq_ft, to_decimal

from .conftest import pdf_text

runner = CliRunner()


def _json_with(data: dict, key: str, written: str) -> str:
    """`data` as JSON text with the first value of `key` (a number) written as `written`: -0.0 as the file has it
    (Python's json writes the float -0.0, and this keeps it)."""
    text = json.dumps(data)
    marker = f'"{key}": '
    start = text.index(marker) + len(marker)
    end = start
    while text[end] not in ",}":
        end += 1
    return text[:start] + written + text[end:]


def _run(tmp_path: Path, command: str, text: str, out: str = "doc.pdf"):
    source = tmp_path / "record.json"
    source.write_text(text, encoding="utf-8")
    return runner.invoke(app, [command, "--from-json", str(source), "-o", str(tmp_path / out), "--force"])


def _lanes(area: str) -> str:
    """A bowling centre of 12 alleys (60 persons, § 164-7) whose additional area is written `area`."""
    data = {"number": "MP-2025-0001", "issued_date": "2025-03-03", "venue_name": "Thornwood Lanes",
            "venue_address": "1 Main Street, Thornwood, NY", "lawful_occupancy": 60, "inspector_name": "R. Dwyer",
            "spaces": [{"name": "Lanes", "use_group": "bowling_alley", "area_sq_ft": 0, "alleys": 12,
                        "occupant_load": 60}]}
    return _json_with(data, "area_sq_ft", area)


@pytest.mark.parametrize("written", ["-0.0", "-0", "0.0", "0", "-0e3", "0.00"])
def test_a_bowling_alleys_additional_area_of_zero_is_printed_0_section_164_7(tmp_path, written):
    """§ 164-7, interpretation D-8: 12 alleys and no additional area hold 60, printed "12 alleys and 0
    additional" however the zero is written."""
    result = _run(tmp_path, "certificate", _lanes(written))
    assert result.exit_code == 0, result.output
    text = pdf_text((tmp_path / "doc.pdf").read_bytes())
    assert "12 alleys and 0 " in text and "-0.0" not in text and "and -0" not in text


def test_just_below_zero_is_still_refused_section_164_7(tmp_path):
    result = _run(tmp_path, "certificate", _lanes("-0.0001"))
    assert result.exit_code == 2 and not (tmp_path / "doc.pdf").exists()
    assert "spaces[0].area_sq_ft: must be from 0 to 1,000,000,000,000,000; got -0.0001" in result.stderr


def test_a_room_of_minus_zero_sq_ft_is_refused_as_a_room_of_0_section_164_7(certificate_record):
    """A room of 0 sq ft holds no one and is refused naming its area (as the workflow refuses it); written -0.0,
    -0 or "-0.0" it is refused in the same words, and a bowling alley's additional area of -0.0 is 0 (below)."""
    def with_area(area: object) -> dict:
        data = jsonable(asdict(certificate_record))
        data["spaces"].append({"name": "Cloakroom", "use_group": "assembly_without_fixed_seats",
                               "area_sq_ft": area, "occupant_load": 0})
        return data

    with pytest.raises(ValueError) as zero:
        record_from_json(CertificateRecord, with_area(0))
    assert "area_sq_ft: a room or area has a floor area of more than 0" in str(zero.value)
    for written in (Decimal("-0.0"), Decimal("-0"), -0.0, "-0.0"):
        with pytest.raises(ValueError) as refused:
            record_from_json(CertificateRecord, with_area(written))
        assert str(refused.value) == str(zero.value)


def test_a_petitions_sound_level_of_minus_zero_is_printed_0_db(tmp_path, petition_record):
    data = json.loads(json.dumps(jsonable(asdict(petition_record))))
    result = _run(tmp_path, "petition", _json_with(data, "max_noise_decibels", "-0.0"))
    assert result.exit_code == 0, result.output
    text = pdf_text((tmp_path / "doc.pdf").read_bytes())
    assert " 0 dB" in text and "-0.0" not in text
    assert record_from_json(PetitionRecord, data | {"max_noise_decibels": Decimal("-0.0")}).max_noise_decibels == 0


def test_a_bond_of_minus_zero_is_refused_as_a_bond_of_0_paragraph_f(permit_record):
    """Carmel ch. 31 ¶ F (interpretation P-13): no bond is refused, written 0 or -0.0, in the same words."""
    data = json.loads(json.dumps(jsonable(asdict(permit_record))))

    def refused(bond: object) -> list[str]:
        with pytest.raises(ValueError) as told:
            record_from_json(PermitRecord, data | {"bond_amount": bond})
        return str(told.value).splitlines()

    assert refused(Decimal("-0.0")) == refused(Decimal("-0")) == refused(0)
    assert refused(0)[0].startswith("bond_amount: the file states $0.00")


def test_a_reports_area_of_minus_zero_is_printed_0(tmp_path):
    """`report` prints a determination's numbers as it reads them: an area of -0.0 was printed "-0"."""
    assert shown(Decimal("-0.0")) == shown(-0.0) == shown(Decimal("0E+3")) == shown(0) == "0"
    assert shown(Decimal("1500.50")) == "1,500.5" and shown(Decimal("-0.5")) == "-0.5"
    # (a bowling alley's additional area of 0: the one space whose area may be 0, D-8, M-31)
    case = Path(__file__).parents[2] / "examples" / "mount-pleasant-bowling-centre.yaml"
    source = tmp_path / "lanes.yaml"
    source.write_text(case.read_text(encoding="utf-8").replace("area: 2400", "area: -0.0"), encoding="utf-8")
    result = runner.invoke(app, ["check", str(source), "--format", "json"])
    assert result.exit_code == 0, result.output
    determination = tmp_path / "d.json"
    determination.write_text(result.stdout.replace('"area_sq_ft": 0,', '"area_sq_ft": -0.0,'), encoding="utf-8")
    assert '"area_sq_ft": -0.0' in determination.read_text(encoding="utf-8")
    made = runner.invoke(app, ["report", str(determination), "-o", str(tmp_path / "r.pdf")])
    assert made.exit_code == 0, made.output
    text = pdf_text((tmp_path / "r.pdf").read_bytes())
    assert "Lanes Bowling alleys 0 120" in text and "alleys -0" not in text  # (24 alleys × 5, § 164-7)


@pytest.mark.parametrize("written", ["-0.0", "-0", "0.0", "-0e0", "0"])
def test_a_case_files_area_of_minus_zero_is_the_area_0_section_164_7(tmp_path, written):
    """`check`: a bowling alley's additional area written -0.0 (YAML or JSON) is the area 0, the same
    determination (§ 164-7: 24 alleys hold 120); a room's written so is refused as a room of 0 sq ft is, in the
    same words with the zero as written (M-31)."""
    case = Path(__file__).parents[2] / "examples" / "mount-pleasant-bowling-centre.yaml"
    answers, refusals = [], []
    for area in (written, "0"):
        source = tmp_path / "lanes.yaml"
        source.write_text(case.read_text(encoding="utf-8").replace("area: 2400", f"area: {area}"),
                          encoding="utf-8")
        result = runner.invoke(app, ["check", str(source), "--format", "json"])
        assert result.exit_code == 0, result.output
        answers.append(result.stdout)
        source.write_text(case.read_text(encoding="utf-8").replace("area: 900", f"area: {area}"),
                          encoding="utf-8")
        result = runner.invoke(app, ["check", str(source), "--format", "json"])
        assert result.exit_code == 2
        refusals.append(result.stderr.replace(f"(got {area})", "(got 0)"))
    assert answers[0] == answers[1]
    assert '"area_sq_ft": 0,' in answers[0]
    assert refusals[0] == refusals[1] and "spaces[1].area: must be more than 0 sq ft" in refusals[0]


@pytest.mark.parametrize("value", ["-0.0", "-0", Decimal("-0.00"), -0.0, "-0e5"])
def test_the_law_core_reads_minus_zero_as_zero(value):
    """`units.to_decimal` and `units.area_sq_ft`: a zero without its sign; below zero is still refused."""
    assert to_decimal(value) == 0 and not to_decimal(value).is_signed()
    assert area_sq_ft(value) == 0 and not area_sq_ft(value).is_signed()
    assert not area_sq_ft(value, "sq_m").is_signed()
    with pytest.raises(ValueError, match="an area cannot be negative"):
        area_sq_ft("-0.0001")
