"""``permit --from-json`` and ``petition --from-json`` are held to Carmel ch. 31 as ``notice`` is (a new-user
trial printed a "Permit for a Public Assembly ... Carmel Code ch. 31" headed "mount-pleasant-ny", "Springfield"
or "=cmd", with insurance of $1/$1 "as ¶ E requires" and for 400 persons; a petition "To the Town Board of the
Town of Mount Pleasant"): the town is Carmel's (permit requirements ¶¶ A, B), the persons in excess of ¶ A's
500, the insurance limits at least ¶ E's, a bond posted (¶ F, its amount the Board's: interpretation P-13).
Each refusal names the field, the value in the file and what the law gives; every problem is listed."""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.records import PermitRecord, PetitionRecord, record_from_json
from publicassembly.law.jsonable import jsonable

from .conftest import pdf_text

runner = CliRunner()


def data_of(record, **changes) -> dict:
    return json.loads(json.dumps(jsonable(asdict(replace(record, **changes)))))


def refusals(cls, data: dict) -> list[str]:
    with pytest.raises(ValueError) as refused:
        record_from_json(cls, data)
    return str(refused.value).splitlines()


def run(tmp_path: Path, command: str, data: dict):
    source = tmp_path / "record.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    return runner.invoke(app, [command, "--from-json", str(source), "-o", str(tmp_path / "out.pdf"), "--force"])


@pytest.mark.parametrize("town", ["mount-pleasant-ny", "Town of Mount Pleasant", "Springfield", "=cmd"])
def test_a_permit_of_another_town_is_refused_permit_requirements_a(tmp_path, permit_record, town):
    result = run(tmp_path, "permit", data_of(permit_record, town=town))
    told = " ".join(result.output.split())
    assert result.exit_code == 2 and "Traceback" not in result.output and not (tmp_path / "out.pdf").exists()
    assert "record.json: town: " in told and "Carmel Code ch. 31, permit requirements ¶ A; allowed: carmel-ny" in told
    if "ount" in town:
        assert "is the Town of Mount Pleasant, whose law (Mount Pleasant Code ch. 164) issues no permit" in told


@pytest.mark.parametrize(("town", "printed"), [("carmel-ny", "Town of Carmel"), ("Town of Carmel", "Town of Carmel"),
                                               ("Town of Carmel, New York", "Town of Carmel, New York")])
def test_a_permit_of_carmel_is_printed_with_the_towns_name_permit_requirements_a(tmp_path, permit_record, town,
                                                                                  printed):
    result = run(tmp_path, "permit", data_of(permit_record, town=town))
    assert result.exit_code == 0, result.output
    text = pdf_text((tmp_path / "out.pdf").read_bytes())
    assert text.startswith(f"{printed} Permit for a Public Assembly") and "carmel-ny" not in text


@pytest.mark.parametrize(("persons", "refused"), [(500, True), (501, False), (400, True)])
def test_a_permit_is_for_more_than_500_persons_permit_requirements_a(permit_record, persons, refused):
    data = data_of(permit_record, maximum_persons=persons)
    if not refused:
        assert record_from_json(PermitRecord, data).maximum_persons == persons
        return
    assert refusals(PermitRecord, data) == [
        f"maximum_persons: the file states {persons}; a permit is required only for an assembly in excess of 500 "
        "persons (Carmel Code ch. 31, permit requirements ¶ A, in force on issued_date 2025-07-01): an assembly of "
        f"{persons} needs none, and no permit is issued for it; give more than 500"]


@pytest.mark.parametrize("field", ["bodily_injury_limit", "property_damage_limit"])
@pytest.mark.parametrize(("limit", "refused"), [("249999.99", True), ("250000", False), ("1", True),
                                                ("1000000", False)])
def test_the_insurance_limits_are_at_least_paragraph_e_minimums(permit_record, field, limit, refused):
    """¶ E: "not less than $250,000" for bodily injury or death, and for property damage; a limit above the
    $500,000 the Board may demand is taken (interpretation C-9)."""
    data = data_of(permit_record, insurance=replace(permit_record.insurance, **{field: Decimal(limit)}))
    if not refused:
        assert getattr(record_from_json(PermitRecord, data).insurance, field) == Decimal(limit)
        return
    words = "bodily injury or death" if field.startswith("bodily") else "property damage"
    assert refusals(PermitRecord, data) == [
        f"insurance.{field}: the file states ${Decimal(limit):,.2f}; the law gives at least $250,000.00 for {words} "
        "(Carmel Code ch. 31, permit requirements ¶ E, in force on issued_date 2025-07-01; a higher limit is taken, "
        "interpretation C-9)"]


@pytest.mark.parametrize(("bond", "refused"), [("0", True), ("0.01", False), ("1", False), ("15000.005", True)])
def test_a_bond_is_posted_in_the_amount_the_board_fixes_paragraph_f(permit_record, bond, refused):
    """¶ F: the bond is "in an amount fixed by the Town Board": any amount of a bond is taken (the chapter sets
    none), but not no bond, nor an amount the permit cannot print to the cent (interpretation P-13)."""
    data = data_of(permit_record, bond_amount=Decimal(bond))
    if not refused:
        assert record_from_json(PermitRecord, data).bond_amount == Decimal(bond)
        return
    assert [line.split(": ")[0] for line in refusals(PermitRecord, data)] == ["bond_amount"]


def test_the_trials_permit_lists_every_problem_at_once(tmp_path, permit_record):
    data = data_of(permit_record, town="Springfield", maximum_persons=400, bond_amount=Decimal(0),
                   insurance=replace(permit_record.insurance, bodily_injury_limit=Decimal(1),
                                     property_damage_limit=Decimal(1)))
    assert [line.split(": ")[0] for line in refusals(PermitRecord, data)] == [
        "town", "bond_amount", "maximum_persons", "insurance.bodily_injury_limit", "insurance.property_damage_limit"]
    result = run(tmp_path, "permit", data)
    assert result.exit_code == 2 and "Traceback" not in result.output


@pytest.mark.parametrize("town", ["Town of Mount Pleasant", "mount-pleasant-ny", "Springfield", ""])
def test_a_petition_to_another_towns_board_is_refused_permit_requirements_b(tmp_path, town):
    result = run(tmp_path, "petition", {"town": town, "applicant_name": "A. Applicant"})
    told = " ".join(result.output.split())
    assert result.exit_code == 2 and "Traceback" not in result.output and not (tmp_path / "out.pdf").exists()
    assert "record.json: town: " in told
    assert "the verified petition is for a permit under Carmel Code ch. 31, permit requirements ¶ B" in told


@pytest.mark.parametrize(("town", "printed"), [("carmel-ny", "Town of Carmel"), (None, "Town of Carmel"),
                                               ("Town of Carmel, New York", "Town of Carmel, New York")])
def test_a_petition_to_carmels_board_is_printed_permit_requirements_b(tmp_path, town, printed):
    data = {"applicant_name": "A. Applicant"} | ({} if town is None else {"town": town})
    assert record_from_json(PetitionRecord, data).town == printed
    result = run(tmp_path, "petition", data)
    assert result.exit_code == 0, result.output
    assert f"To the Town Board of the {printed}, filed" in pdf_text((tmp_path / "out.pdf").read_bytes())
