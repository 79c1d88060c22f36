"""``certificate --from-json`` checks what a certificate states against Mount Pleasant ch. 164 (new user: a
space's occupant load of 5,000 for 1,500 sq ft, a lawful occupancy of 5 for a room of 100, a use group
"spaceship", no spaces, two rooms named alike, the number "../../etc" and a date of 1900 were all printed, exit
0): refused with exit 2, every error listed, naming the field, the value in the file and what the law gives or
allows — § 164-7 occupant loads (under the values in force on issued_date), §§ 164-7, 164-9 the lawful occupancy
as their sum, the rooms' names told apart (§ 164-9 signs), the certificate number's format, the chapter's first
day (interpretation M-1)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.records import CertificateRecord, record_from_json

runner = CliRunner()


def base(**changes) -> dict:
    """One 1,500 sq ft room of assembly without fixed seats: 100 persons at 15 sq ft each (§ 164-7)."""
    return {"number": "MP-2025-0001", "issued_date": "2025-03-03", "venue_name": "Grange Hall",
            "venue_address": "1 Main Street, Pleasantville, NY", "lawful_occupancy": 100, "inspector_name": "R. Dwyer",
            "spaces": [{"name": "hall", "use_group": "assembly_without_fixed_seats", "area_sq_ft": 1500,
                        "occupant_load": 100}]} | changes


def space(**changes) -> dict:
    return base()["spaces"][0] | changes


def refusals(data: dict) -> list[str]:
    with pytest.raises(ValueError) as refused:
        record_from_json(CertificateRecord, data)
    return str(refused.value).splitlines()


def run(tmp_path: Path, data: dict):
    source = tmp_path / "cert.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    return runner.invoke(app, ["certificate", "--from-json", str(source), "-o", str(tmp_path / "c.pdf"), "--force"])


def test_the_base_record_is_printed_section_164_7(tmp_path):
    result = run(tmp_path, base())
    assert result.exit_code == 0, result.output


def test_a_spaces_occupant_load_is_the_laws_section_164_7(tmp_path):
    result = run(tmp_path, base(spaces=[space(occupant_load=5000)], lawful_occupancy=5000))
    assert result.exit_code == 2 and not (tmp_path / "c.pdf").exists()
    told = " ".join(result.output.split())
    assert ("spaces[0].occupant_load: the file states 5,000; the law gives 100 (1,500 sq ft of assembly without "
            "fixed seats at 15 sq ft per person, rounded down; Mount Pleasant Code § 164-7, in force on issued_date "
            "2025-03-03)") in told
    assert "lawful_occupancy: the file states 5,000; the law gives 100" in told


def test_the_lawful_occupancy_is_the_sum_of_the_loads_sections_164_7_164_9():
    assert refusals(base(lawful_occupancy=5)) == [
        "lawful_occupancy: the file states 5; the law gives 100 (the sum of the spaces' occupant loads; Mount "
        "Pleasant Code §§ 164-7, 164-9, in force on issued_date 2025-03-03)"]


def test_a_use_group_is_one_of_sections_164_7_164_8():
    told = refusals(base(spaces=[space(use_group="spaceship")]))
    assert len(told) == 1 and told[0].startswith("spaces[0].use_group: 'spaceship' is not a use group of §§ 164-7, "
                                                 "164-8; allowed: assembly_fixed_seats,")


def test_a_certificate_states_its_spaces_sections_164_7_164_9():
    assert refusals(base(spaces=[])) == [
        "spaces: a certificate states each room or area with its occupant load, whose sum is the lawful occupancy "
        "(Mount Pleasant Code §§ 164-7, 164-9); got none, with a lawful occupancy of 100"]


@pytest.mark.parametrize(("second", "told"), [
    ("Hall ", "spaces[1].name: 'Hall ' is the name of spaces[0] ('hall') written differently; each room or area "
              "needs its own name (its sign, § 164-9, must tell them apart)"),
    ("hall", "spaces[1].name: 'hall' is also the name of spaces[0]; each room or area needs its own name (its "
             "sign, § 164-9, must tell them apart)")])
def test_two_rooms_are_not_named_alike_section_164_9(second, told):
    assert refusals(base(spaces=[space(), space(name=second)], lawful_occupancy=200)) == [told]


def test_the_number_is_a_certificate_number(tmp_path):
    result = run(tmp_path, base(number="../../etc"))
    assert result.exit_code == 2
    assert ("number: a certificate number is letters and digits joined by hyphens, at most 40 characters, e.g. "
            "MP-2025-0001; got '../../etc'") in " ".join(result.output.split())


@pytest.mark.parametrize("day", ["1900-01-01", "1976-02-23", "1778-01-01"])
def test_a_certificate_is_not_issued_before_the_chapter_section_164_9(day):
    assert refusals(base(issued_date=day)) == [
        f"issued_date: {day} is before 1976-02-24, the day Mount Pleasant Code ch. 164 took effect; no certificate "
        "of the chapter is issued on it (interpretation M-1)"]
    assert record_from_json(CertificateRecord, base(issued_date="1976-02-24")).issued_date.isoformat() == "1976-02-24"


def test_every_error_is_listed_each_naming_its_field(tmp_path):
    """The fields' own problems (a use group, the number: `field_problems`), then the law's loads and names, in
    one run: every field read, a wrong one no longer hides the law's (the number and the use group, which the
    law finds again, told once). The lawful occupancy is not compared while a room's use group is unknown."""
    data = base(number="../../etc", lawful_occupancy=5,
                spaces=[space(occupant_load=5000), space(name="Hall ", use_group="spaceship")])
    fields = [line.split(": ")[0] for line in refusals(data)]
    assert fields == ["spaces[1].use_group", "number", "spaces[0].occupant_load", "spaces[1].name"]
    result = run(tmp_path, data)
    assert result.exit_code == 2 and all(f"{field}: " in result.output for field in fields)
    data["number"], data["spaces"][1]["use_group"] = "MP-C-2025-0042", "assembly_without_fixed_seats"
    assert [line.split(": ")[0] for line in refusals(data)] == [
        "spaces[0].occupant_load", "spaces[1].name", "lawful_occupancy"]


def test_a_use_group_out_of_sections_164_7_164_8_is_told_with_the_other_fields_problems():
    """The trial's file: an unknown use group, a date still to come and a superseded_by on a valid certificate,
    with a load given as text, are told in one run, one line each (§§ 164-7, 164-8, 164-9; G-10)."""
    data = base(issued_date="2099-01-01", superseded_by="MP-C-2025-0043",
                spaces=[space(use_group="nonsense"), space(name="Side", occupant_load="many")])
    assert [line.split(": ")[0] for line in refusals(data)] == [
        "spaces[0].use_group", "spaces[1].occupant_load", "issued_date", "superseded_by"]


def test_an_area_shown_to_four_places_may_hold_one_person_less_not_more_section_164_7():
    """G-9's tolerance: 1,499.9999999 sq ft shown as 1,500.0 by four places is 1,499.9999.. of the law core: a
    load of 99 is taken for an area written 1500.0000001; never for one written as a whole number."""
    assert record_from_json(CertificateRecord, base(spaces=[space(area_sq_ft=1500.0000001, occupant_load=99)],
                                                    lawful_occupancy=99)).lawful_occupancy == 99
    assert refusals(base(spaces=[space(area_sq_ft=1500.0000001, occupant_load=101)], lawful_occupancy=101))[0] \
        .startswith("spaces[0].occupant_load: the file states 101; the law gives 100")
    assert refusals(base(spaces=[space(occupant_load=99)], lawful_occupancy=99))[0] \
        .startswith("spaces[0].occupant_load: the file states 99; the law gives 100")


def test_the_loads_are_those_in_force_on_issued_date_section_164_7():
    """A space whose load is the law's: the factors of § 164-7 by use group, open air § 164-8, a bowling alley's
    its alleys' (5 persons each) plus its additional area's."""
    ok = base(spaces=[space(), space(name="Lawn", use_group="open_air", area_sq_ft=1500, occupant_load=100),
                      space(name="Lanes", use_group="bowling_alley", area_sq_ft=100, alleys=12, occupant_load=70)],
              lawful_occupancy=270)
    assert record_from_json(CertificateRecord, ok).lawful_occupancy == 270
    told = refusals(ok | {"spaces": ok["spaces"][:2] + [space(name="Lanes", use_group="bowling_alley",
                                                              area_sq_ft=100, alleys=12, occupant_load=75)]})
    assert told[0] == ("spaces[2].occupant_load: the file states 75; the law gives 70 for 100 sq ft of bowling "
                       "alleys at 10 sq ft per person plus 12 alleys at 5 persons for each alley (Mount Pleasant "
                       "Code § 164-7, in force on issued_date 2025-03-03)")
    assert refusals(base(spaces=[space(area_sq_ft=None)]))[0].startswith(
        "spaces[0].area_sq_ft: is required for use group 'assembly_without_fixed_seats'")


def lanes(**changes) -> dict:
    """A bowling centre of 12 alleys and 1,000 sq ft of additional area: 60 + 100 = 160 persons (§ 164-7)."""
    return base(spaces=[space(name="Lanes", use_group="bowling_alley", area_sq_ft=1000, alleys=12,
                              occupant_load=160) | changes], lawful_occupancy=changes.get("occupant_load", 160))


def test_bowling_12_alleys_and_1000_sq_ft_hold_160_section_164_7():
    assert record_from_json(CertificateRecord, lanes()).spaces[0].alleys == 12
    assert refusals(lanes(occupant_load=161))[0].startswith("spaces[0].occupant_load: the file states 161; the law "
                                                            "gives 160")
    assert refusals(lanes(occupant_load=159))[0].startswith("spaces[0].occupant_load: the file states 159; the law "
                                                            "gives 160")
    assert record_from_json(CertificateRecord, lanes(alleys=0, occupant_load=100)).lawful_occupancy == 100


def test_the_trials_bowling_alley_of_5000_persons_is_refused_section_164_7():
    """1,000 sq ft stated to hold 5,000 persons, no alleys given: refused naming alleys (interpretation D-8),
    and, with its 12 alleys, naming the load the law gives."""
    trial = base(spaces=[space(name="Lanes", use_group="bowling_alley", area_sq_ft=1000, occupant_load=5000)],
                 lawful_occupancy=5000)
    assert refusals(trial) == [
        "spaces[0].alleys: is required for use group 'bowling_alley': Mount Pleasant Code § 164-7 allows a number "
        "of persons for each alley, its runway included, and by floor area for the additional area; give "
        "the number of alleys (0 or more) and, as area_sq_ft, the additional area (interpretation D-8)"]
    trial["spaces"][0]["alleys"] = 12
    assert [line.split(": ")[0] for line in refusals(trial)] == ["spaces[0].occupant_load", "lawful_occupancy"]


@pytest.mark.parametrize(("alleys", "told"), [
    (24.5, "spaces[0].alleys: expected a whole number from 0 to 1,000,000,000, without a fractional part, got 24.5"),
    ("24.5", "spaces[0].alleys: expected a whole number from 0 to 1,000,000,000, without a fractional part, got "
             "24.5"),
    ("12", "spaces[0].alleys: expected a whole number from 0 to 1,000,000,000 (a JSON number, not text), got '12'"),
    (-1, "spaces[0].alleys: expected a whole number from 0 to 1,000,000,000, got -1"),
    ("1e999", "spaces[0].alleys: expected a whole number from 0 to 1,000,000,000, got 1e999"),
    (True, "spaces[0].alleys: expected a whole number from 0 to 1,000,000,000, got true"),
])
def test_a_bowling_alleys_alleys_that_are_not_a_number_of_alleys_are_told_once_d8(tmp_path, alleys, told):
    """Interpretation D-8, § 164-7 (5 persons for each alley): alleys given as 24.5 were told twice, as not a
    whole number and as "is required" — the file gives them; they are told once, naming the field, what it takes
    and the value as written (``24.5`` and ``1e999`` as in the file: a JSON number with a point or an
    exponent is written into the file as its text)."""
    data = lanes(alleys=alleys)
    if isinstance(alleys, str) and alleys != "12":  # (a number as the file writes it, not as text)
        source = tmp_path / "cert.json"
        source.write_text(json.dumps(data).replace(f'"alleys": "{alleys}"', f'"alleys": {alleys}'), encoding="utf-8")
        result = runner.invoke(app, ["certificate", "--from-json", str(source), "-o", str(tmp_path / "c.pdf")])
        assert result.exit_code == 2 and not (tmp_path / "c.pdf").exists()
        assert result.stderr == f"publicassembly: error: {source}: {told}\n"
        return
    assert refusals(data) == [told]


@pytest.mark.parametrize("alleys", [None, "absent"])
def test_a_bowling_alley_without_alleys_is_still_told_they_are_required_d8(alleys):
    """The other side: alleys left out, or null, are required of a bowling alley (D-8), told once."""
    data = lanes(alleys=alleys)
    if alleys == "absent":
        del data["spaces"][0]["alleys"]
    assert refusals(data) == [
        "spaces[0].alleys: is required for use group 'bowling_alley': Mount Pleasant Code § 164-7 allows a number "
        "of persons for each alley, its runway included, and by floor area for the additional area; give "
        "the number of alleys (0 or more) and, as area_sq_ft, the additional area (interpretation D-8)"]


@pytest.mark.parametrize(("alleys", "load"), [(0, 100), (12, 160), (Decimal("12.0"), 160), (Decimal("1.2e1"), 160)])
def test_a_bowling_alleys_whole_number_of_alleys_is_taken_d8(alleys, load):
    record = record_from_json(CertificateRecord, lanes(alleys=alleys, occupant_load=load))
    assert record.spaces[0].alleys == int(alleys) and record.lawful_occupancy == load


def test_alleys_belong_to_a_bowling_alley_alone_section_164_7():
    assert refusals(base(spaces=[space(alleys=3)]))[0].startswith(
        "spaces[0].alleys: only a space of use group 'bowling_alley' has alleys")


def test_a_certificate_issued_today_is_taken_and_tomorrow_refused_g10(monkeypatch):
    """Interpretation G-10: a certificate dated after the Town's today has not been issued yet."""
    from datetime import date

    from publicassembly.documents import records

    monkeypatch.setattr(records, "town_today", lambda: date(2026, 6, 1))
    assert record_from_json(CertificateRecord, base(issued_date="2026-06-01")).issued_date == date(2026, 6, 1)
    assert refusals(base(issued_date="2026-06-02")) == [
        "issued_date: 2026-06-02 is after today (2026-06-01): a certificate dated then cannot have been issued yet; "
        "give the day the Building Inspector issued it (interpretation G-10)"]


@pytest.mark.parametrize("status", ["valid", "revoked", "stale"])
def test_superseded_by_only_with_status_superseded_section_164_9(status):
    assert refusals(base(status=status, superseded_by="MP-2025-0002"))[0].startswith(
        f"superseded_by: 'MP-2025-0002' is given for a certificate whose status is {status!r}")
    assert record_from_json(CertificateRecord, base(status="superseded", superseded_by="MP-2025-0002")) \
        .superseded_by == "MP-2025-0002"
    assert record_from_json(CertificateRecord, base(status=status)).superseded_by == ""


@pytest.mark.parametrize("area", [0, 0.0, -0.0])
@pytest.mark.parametrize("group", ["assembly_without_fixed_seats", "open_air"])
def test_a_room_of_no_floor_area_is_refused_as_the_workflow_refuses_it_sections_164_7_164_8(area, group):
    """A room or area of 0 sq ft holds no one and its sign (§ 164-9) would say 0: refused naming its area, as
    adding such a room to a venue is (venues.services); 0.0001 sq ft (a load of 0 rounded down) is a floor area."""
    zero = space(name="Cloakroom", use_group=group, area_sq_ft=area, occupant_load=0)
    assert refusals(base(spaces=[space(), zero])) == [
        "spaces[1].area_sq_ft: a room or area has a floor area of more than 0 (Mount Pleasant Code "
        f"§ {'164-8' if group == 'open_air' else '164-7'}): one of 0 holds no one and its sign would say 0; only a "
        "bowling alley's additional area (beyond its alleys) may be 0"]
    small = base(spaces=[space(), zero | {"area_sq_ft": 0.0001}])
    assert record_from_json(CertificateRecord, small).lawful_occupancy == 100


def test_a_bowling_alleys_additional_area_may_be_0_section_164_7():
    assert record_from_json(CertificateRecord, lanes(area_sq_ft=0, occupant_load=60)).lawful_occupancy == 60


@pytest.mark.parametrize(("name", "line"), [
    ("R. Dwyer", "R. Dwyer, Building Inspector, Town of Mount Pleasant"),
    ("Building Inspector Town of Mount Pleasant, New York", "Building Inspector Town of Mount Pleasant, New York"),
])
def test_the_signature_line_says_the_office_and_town_once_section_164_9(tmp_path, name, line):
    """The certificate's signature line, as the summons's: a signer named after the office (the demo's Building
    Inspector) was printed "Building Inspector Town of Mount Pleasant, New York, Building Inspector, Town of Mount
    Pleasant"."""
    from tests.documents.conftest import pdf_text

    from publicassembly.documents.pdf import render_certificate

    text = " ".join(pdf_text(render_certificate(record_from_json(CertificateRecord, base(inspector_name=name))))
                    .split())
    assert f"______________________________________ {line}" in text, text
    assert text.count("Building Inspector, Town of Mount Pleasant") == (1 if name == "R. Dwyer" else 0)
