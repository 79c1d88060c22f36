"""Every ``--from-json`` reader (certificate, permit, petition, summons, notice, calendar, export blds) reads a
JSON number exactly, as a case file's and a request body's are: one with a point or an exponent is a Decimal,
never a binary float. Before, only ``export blds`` did: ``1e999`` was refused as "got inf", a bond of
$100,000,000,000,000.01 printed as .02, an area of 1499.99999999999999999 sq ft was read as 1,500 and a count of
4200.0000000000000001 persons as 4,200. A whole number may be written 12, 12.0 or 1.2e1; 12.5, 1e999, NaN,
Infinity and -Infinity are refused naming the field and what it allows, exit 2, nothing written, no traceback."""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.cli.document_commands import read_json
from publicassembly.documents.records import (
    CertificateRecord,
    PermitRecord,
    PetitionRecord,
    SummonsRecord,
    record_from_json,
)
from publicassembly.law.jsonable import jsonable

from .conftest import pdf_text

runner = CliRunner()

#: Numbers no field of a record takes, as a JSON file writes them.
NOT_NUMBERS = ("NaN", "Infinity", "-Infinity")
#: How a field taking a whole number (persons, alleys, a revision) tells what it allows, before the value written.
WHOLE = "expected a whole number from 0 to 1,000,000,000"


def text_of(record, **numbers: str) -> str:
    """The JSON text of `record` with each field of `numbers` (a top-level field, or ``a.b`` / ``a[0].b``)
    written as the JSON number text given, exactly (``1e999``, ``NaN``), not as Python's json would."""
    data = json.loads(json.dumps(jsonable(asdict(record))))
    marks = {}
    for i, (path, _written) in enumerate(numbers.items()):
        where, keys = data, path.replace("[", ".").replace("]", "").split(".")
        for key in keys[:-1]:
            where = where[int(key)] if key.isdigit() else where[key]
        marks[f'"@{i}@"'] = _written
        where[keys[-1]] = f"@{i}@"
    text = json.dumps(data)
    for mark, written in marks.items():
        text = text.replace(mark, written)
    return text


def run(tmp_path: Path, command: str, text: str, out: str = "out.pdf"):
    source = tmp_path / "record.json"
    source.write_text(text, encoding="utf-8")
    result = runner.invoke(app, [command, "--from-json", str(source), "-o", str(tmp_path / out), "--force"])
    assert "Traceback" not in result.output
    return result


def read(tmp_path: Path, cls, text: str):
    """The record `cls` of the JSON `text` as the ``--from-json`` reader reads it (`read_json`, then
    `record_from_json`)."""
    source = tmp_path / "record.json"
    source.write_text(text, encoding="utf-8")
    return record_from_json(cls, read_json(source))


def refused(result, tmp_path: Path, line: str, out: str = "out.pdf") -> None:
    assert result.exit_code == 2, result.output
    assert f"record.json: {line}" in " ".join(result.output.split()), result.output
    assert not (tmp_path / out).exists()


# --- whole numbers: 12, 12.0 and 1.2e1 are twelve; 12.5, beyond 10^9 and the constants are refused -------------

@pytest.mark.parametrize("written", ["460", "460.0", "4.6e2", "460.00000000000000000000"])
def test_a_whole_number_written_with_a_point_or_an_exponent_is_read(tmp_path, certificate_record, written):
    record = read(tmp_path, CertificateRecord, text_of(certificate_record, lawful_occupancy=written))
    assert record.lawful_occupancy == 460 and type(record.lawful_occupancy) is int


@pytest.mark.parametrize(("written", "said"), [
    ("460.5", f"lawful_occupancy: {WHOLE}, without a fractional part, got 460.5"),
    # (a binary float reads this as 460.0, a whole number)
    ("460.0000000000000001", f"lawful_occupancy: {WHOLE}, without a fractional part, got "
                             "460.0000000000000001"),
    ("1e999", f"lawful_occupancy: {WHOLE}, got 1e999"),
    ("-1e999", f"lawful_occupancy: {WHOLE}, got -1e999"),
    ("NaN", f"lawful_occupancy: {WHOLE}, got NaN"),
    ("Infinity", f"lawful_occupancy: {WHOLE}, got Infinity"),
    ("-Infinity", f"lawful_occupancy: {WHOLE}, got -Infinity"),
])
def test_certificate_a_whole_number_that_is_not_one_is_refused_naming_the_field(tmp_path, certificate_record,
                                                                               written, said):
    refused(run(tmp_path, "certificate", text_of(certificate_record, lawful_occupancy=written)), tmp_path, said)


@pytest.mark.parametrize(("written", "ok"), [("1e9", True), ("1000000000.0", True), ("1.000000001e9", False),
                                             ("1000000000.5", False), ("999999999.5", False)])
def test_a_whole_number_at_the_bound_of_counts(tmp_path, certificate_record, written, ok):
    """10^9 (`law.units.MAX_COUNT`) is the largest count, however written; one more, or a fraction either side,
    is refused."""
    text = text_of(certificate_record, lawful_occupancy=written)
    with pytest.raises(ValueError) as told:
        read(tmp_path, CertificateRecord, text)
    if ok:  # read, then held to the law: the sum of the spaces' loads is 460 (§ 164-7)
        assert str(told.value).startswith("lawful_occupancy: the file states 1,000,000,000"), told.value
    else:
        assert str(told.value).startswith((f"lawful_occupancy: {WHOLE}",
                                           f"lawful_occupancy: {WHOLE}, without a fractional "
                                           "part")), told.value


def test_a_bowling_alleys_alleys_may_be_written_with_a_point(tmp_path, certificate_record):
    record = read(tmp_path, CertificateRecord, text_of(certificate_record, **{"spaces[1].alleys": "32.0"}))
    assert record.spaces[1].alleys == 32
    with pytest.raises(ValueError, match=rf"spaces\[1\]\.alleys: {WHOLE}, without a fractional "
                                         r"part, got 32.5"):
        read(tmp_path, CertificateRecord, text_of(certificate_record, **{"spaces[1].alleys": "32.5"}))


# --- amounts: exact Decimals end to end --------------------------------------------------------------------------

def test_certificate_an_area_is_read_exactly_not_rounded_to_a_float(tmp_path, certificate_record):
    """1499.99999999999999999 sq ft is a binary float's 1500.0; read exactly it is less than 1,500, and the
    open-air area holds 99 persons at 15 sq ft each (§ 164-8), not 100: the law core counts the Decimal read."""
    text = text_of(certificate_record, **{"spaces[2].area_sq_ft": "1499.99999999999999999"})
    with pytest.raises(ValueError, match=r"spaces\[2\]\.occupant_load: the file states 100; the law gives 99"):
        read(tmp_path, CertificateRecord, text)
    spaces = list(certificate_record.spaces)
    spaces[2] = replace(spaces[2], occupant_load=99)
    fixed = replace(certificate_record, spaces=tuple(spaces), lawful_occupancy=459)
    record = read(tmp_path, CertificateRecord, text_of(fixed, **{"spaces[2].area_sq_ft": "1499.99999999999999999"}))
    assert record.spaces[2].area_sq_ft == Decimal("1499.99999999999999999")
    result = run(tmp_path, "certificate", text_of(fixed, **{"spaces[2].area_sq_ft": "1499.99999999999999999"}))
    assert result.exit_code == 0, result.output
    text = pdf_text((tmp_path / "out.pdf").read_bytes())
    assert "1,499.9999999999" in text and "Lawful occupancy: 459 persons" in text  # (its cell wraps the digits)


@pytest.mark.parametrize("written", ["1e999", "1.000000000000001e15", *NOT_NUMBERS])
def test_certificate_an_area_that_is_no_amount_is_refused_naming_the_field(tmp_path, certificate_record, written):
    result = run(tmp_path, "certificate", text_of(certificate_record, **{"spaces[0].area_sq_ft": written}))
    said = ("expected a finite number, got" if written in NOT_NUMBERS
            else "must be from 0 to 1,000,000,000,000,000; got")
    refused(result, tmp_path, f"spaces[0].area_sq_ft: {said}")


def test_permit_money_is_exact_to_the_cent_on_the_permit(tmp_path, permit_record):
    """$100,000,000,000,000.01 is a binary float's 100000000000000.02: the permit printed another bond."""
    result = run(tmp_path, "permit", text_of(permit_record, bond_amount="100000000000000.01",
                                             maximum_persons="4200.0"))
    assert result.exit_code == 0, result.output
    assert "$100,000,000,000,000.01" in pdf_text((tmp_path / "out.pdf").read_bytes())
    record = read(tmp_path, PermitRecord, text_of(permit_record, bond_amount="0.30"))
    assert record.bond_amount == Decimal("0.30")


@pytest.mark.parametrize(("field", "written", "said"), [
    # (the bond is more than 0, ¶ F, as the --help says: the bound told in those words, W-36)
    ("bond_amount", "1e999", "bond_amount: must be more than 0, up to 1,000,000,000,000,000; got 1e999"),
    ("bond_amount", "1000000000000000.01", "bond_amount: must be more than 0, up to 1,000,000,000,000,000; got "
                                           "1000000000000000.01"),
    ("bond_amount", "-0.01", "bond_amount: must be more than 0, up to 1,000,000,000,000,000; got -0.01"),
    ("insurance.bodily_injury_limit", "NaN", "insurance.bodily_injury_limit: expected a finite number, got NaN"),
    ("insurance.property_damage_limit", "Infinity", "insurance.property_damage_limit: expected a finite number, got "
                                                    "Infinity"),
    ("maximum_persons", "4200.5", f"maximum_persons: {WHOLE}, without a fractional part, got 4200.5"),
    ("maximum_persons", "4200.0000000000000001", f"maximum_persons: {WHOLE}, without a fractional "
                                                 "part"),
])
def test_permit_a_number_that_is_not_allowed_is_refused_naming_the_field(tmp_path, permit_record, field, written,
                                                                         said):
    refused(run(tmp_path, "permit", text_of(permit_record, **{field: written})), tmp_path, said)


@pytest.mark.parametrize(("written", "ok"), [("15000.00000000000000000000", True), ("15000.00000000000000000001", None),
                                             ("15000.000000000000000000001", False), ("1e-99999999", False), ('"1e-99999999"', False)])
def test_permit_an_amount_of_more_than_20_decimal_places_is_refused_g4(tmp_path, permit_record, written, ok):
    """Interpretation G-4's 20 places (`law.units.MAX_PLACES`), as a case's amounts: read exactly, 1e-99999999
    was refused as not in whole cents in a message of a hundred million digits. A whole amount written with more
    places is taken."""
    if ok:
        assert read(tmp_path, PermitRecord, text_of(permit_record, bond_amount=written)).bond_amount == 15000
        return
    with pytest.raises(ValueError) as told:
        read(tmp_path, PermitRecord, text_of(permit_record, bond_amount=written))
    if ok is None:  # 20 places: read, then refused as the permit prints money, in whole cents
        assert str(told.value) == ("bond_amount: 15,000.00000000000000000001 is not in whole cents; the permit "
                                   "states money in dollars and cents: give it to the cent")
        return
    assert str(told.value).startswith("bond_amount: ") and "has more than 20 decimal places; give at most 20" in \
        str(told.value) and len(str(told.value)) < 200


def test_permit_bond_at_the_bound_of_amounts_is_taken(tmp_path, permit_record):
    record = read(tmp_path, PermitRecord, text_of(permit_record, bond_amount="1e15"))
    assert record.bond_amount == Decimal("1e15")
    # the other bound: a cent, the least amount more than 0 the permit states (¶ F; P-13, W-36), is taken
    assert read(tmp_path, PermitRecord, text_of(permit_record, bond_amount="0.01")).bond_amount == Decimal("0.01")


@pytest.mark.parametrize(("field", "written", "said"), [
    ("persons_at_one_time", "1e999", f"persons_at_one_time: {WHOLE}, got "
                                     "1e999"),
    ("vehicles_collectively", "2300.5", f"vehicles_collectively: {WHOLE}, without a fractional part"),
    ("admission_fee", "-Infinity", "admission_fee: expected a finite number, got -Infinity"),
    ("max_noise_decibels", "NaN", "max_noise_decibels: expected a finite number, got NaN"),
    ("applicant_age", "Infinity", f"applicant_age: {WHOLE}, got Infinity"),
])
def test_petition_a_number_that_is_not_allowed_is_refused_naming_the_field(tmp_path, petition_record, field,
                                                                           written, said):
    refused(run(tmp_path, "petition", text_of(petition_record, **{field: written})), tmp_path, said)


def test_petition_numbers_are_read_exactly(tmp_path, petition_record):
    record = read(tmp_path, PetitionRecord, text_of(petition_record, admission_fee="45.10",
                                                    max_noise_decibels="84.99999999999999999",
                                                    persons_at_one_time="4.2e3"))
    assert record.admission_fee == Decimal("45.10") and record.persons_at_one_time == 4200
    assert record.max_noise_decibels == Decimal("84.99999999999999999")  # (a float's 85.0)
    result = run(tmp_path, "petition", text_of(petition_record, admission_fee="45.10"))
    assert result.exit_code == 0 and "$45.10" in pdf_text((tmp_path / "out.pdf").read_bytes())


@pytest.mark.parametrize(("changes", "ok"), [({"offense_number": "2.0", "min_fine": "100.00", "max_fine": "2.5e2"},
                                              True),
                                             ({"offense_number": "2.5"}, False), ({"offense_number": "NaN"}, False),
                                             ({"min_fine": "99.99999999999999999"}, False)])
def test_summons_numbers_are_read_exactly(tmp_path, summons_record, changes, ok):
    """§ 164-14's second offense: $100 to $250. 99.99999999999999999 is a float's 100.0, so it passed as the
    law's least fine; read exactly it is not the law's."""
    result = run(tmp_path, "summons", text_of(summons_record, **changes))
    if ok:
        assert result.exit_code == 0, result.output
        record = read(tmp_path, SummonsRecord, text_of(summons_record, **changes))
        assert (record.offense_number, record.min_fine, record.max_fine) == (2, Decimal("100.00"), Decimal("250"))
    else:
        field = next(iter(changes))
        refused(result, tmp_path, f"{field}: ")


@pytest.mark.parametrize(("written", "ok"), [("1.0", True), ("1e0", True), ("1.5", False), ("1e999", False),
                                             ("Infinity", False)])
def test_notice_revision_is_a_whole_number_however_written(tmp_path, hearing_record, written, ok, travel_to):
    travel_to(hearing_record.latest_publication_date)
    result = run(tmp_path, "notice", text_of(hearing_record, revision=written))
    if ok:
        assert result.exit_code == 0, result.output
    else:
        refused(result, tmp_path, "revision: ")


def _calendar(hearing_record, **numbers: str) -> str:
    notice = json.loads(text_of(hearing_record))
    data = {"town": "carmel-ny", "hearings": [notice], "deadlines": [
        {"application_reference": hearing_record.application_reference, "name": "cleanup_due", "due": "2025-08-22"}]}
    text = json.dumps(data)
    for key, written in numbers.items():
        text = text.replace(f'"{key}": 0', f'"{key}": {written}', 1) if key == "revision" else \
            text.replace(f'"{key}": "carmel-ny"', f'"{key}": {written}')
    return text


@pytest.mark.parametrize(("written", "said"), [
    ("1.0", None), ("1.5", f"hearings[0].revision: {WHOLE}, without a fractional part, got 1.5"),
    ("1e999", f"hearings[0].revision: {WHOLE}, got 1e999"),
    ("NaN", f"hearings[0].revision: {WHOLE}, got NaN"),
])
def test_calendar_a_hearings_revision_is_read_exactly(tmp_path, hearing_record, travel_to, written, said):
    travel_to(hearing_record.latest_publication_date)
    result = run(tmp_path, "calendar", _calendar(hearing_record, revision=written), out="c.ics")
    if said is None:
        assert result.exit_code == 0, result.output
    else:
        refused(result, tmp_path, said, out="c.ics")


@pytest.mark.parametrize(("key", "written"), [("town", "12"), ("town", "NaN"), ("application", "12.5")])
def test_calendar_a_town_or_application_that_is_a_number_is_refused(tmp_path, hearing_record, key, written):
    data = {"town": "carmel-ny", "hearings": [], "deadlines": []}
    text = json.dumps(data)[:-1] + f', "{key}": {written}}}' if key == "application" else \
        json.dumps(data).replace('"carmel-ny"', written)
    result = run(tmp_path, "calendar", text, out="c.ics")
    refused(result, tmp_path, f"{key}: expected text", out="c.ics")


@pytest.mark.parametrize(("written", "said"), [
    ("NaN", "permits[0].fee: expected a finite number, got NaN"),
    ("Infinity", "permits[0].total_sq_ft: expected a finite number, got Infinity"),
    ("1e999", "permits[0].fee: must be from 0 to 1,000,000,000,000,000; got 1e999"),
])
def test_export_blds_a_number_that_is_not_allowed_is_refused_naming_the_field(tmp_path, written, said):
    field = said.split(":")[0].split(".")[1]
    row = {"permit_num": "P-3", "description": "ok", "status": "issued", "applied_date": "2026-01-01"}
    text = json.dumps({"permits": [row]})[:-3] + f', "{field}": {written}}}]}}'
    source = tmp_path / "b.json"
    source.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["export", "blds", "--from-json", str(source), "-o", str(tmp_path / "out.csv")])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert f"b.json: {said}" in result.output and not (tmp_path / "out.csv").exists()


def test_a_record_written_in_python_is_read_as_before(permit_record):
    """`record_from_json` still takes Python's own numbers (a float 4200.0 as a whole number, a Decimal as it
    is), as the workflow and the tests build records."""
    data = json.loads(json.dumps(jsonable(asdict(replace(permit_record)))))
    data["maximum_persons"] = 4200.0
    data["bond_amount"] = Decimal("15000.00")
    assert record_from_json(PermitRecord, data).maximum_persons == 4200
