"""`publicassembly report` of a determination's JSON checks the legal values it states against the law core: a
file edited to say a lawful occupancy of 99,999 persons (new user: exit 0, the PDF said 99,999) is refused
(exit 2, nothing written) naming each field, the value the file states and the value the law gives — Mount
Pleasant §§ 164-7, 164-8 occupant loads and their sum, § 164-9 the certificate's and the signs' numbers, § 164-6
toilets, the verdict; Carmel ch. 31 ¶¶ C(6), C(9) parking, nurses and physicians, the exemption and the verdict.
Every determination the law core writes is still reported."""

from __future__ import annotations

import copy
import json
from decimal import Decimal
from pathlib import Path

import pytest
from tests.documents.conftest import determination_json as determination
from tests.documents.conftest import example_case as case
from tests.happened import as_it_stood
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.determination_json import check_determination_json

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()



def refusals(data: dict) -> list[str]:
    with pytest.raises(ValueError) as refused:
        check_determination_json(data)
    return str(refused.value).splitlines()


def finding(data: dict, rule: str) -> dict:
    return next(f for f in data["findings"] if f["rule"] == rule)


@pytest.fixture(scope="module")
def hall() -> dict:
    """Kensico Manor on 2025-03-03: Ballroom 4,650 sq ft (310), Cocktail room 1,200 sq ft (80), Terrace open air
    2,250 sq ft (150): lawful occupancy 540."""
    return determination(case("mount-pleasant-catering-hall"))


@pytest.fixture(scope="module")
def fair() -> dict:
    """Putnam County Fair: 4,000 persons at one time, 1,000 parking spaces, 8 nurses, 1 physician."""
    return determination(case("carmel-county-fair"))


def edited(data: dict) -> dict:
    return copy.deepcopy(data)


# --- the new user's file -------------------------------------------------------------------------------------

def test_a_forged_lawful_occupancy_is_refused_naming_each_field_sections_164_7_164_8(tmp_path, hall):
    forged = edited(hall)
    forged["occupancy"]["spaces"][0]["occupant_load"] = 99999
    forged["occupancy"]["lawful_occupancy"] = 99999
    forged["verdict"] = "Not a place of assembly: no certificate is required."
    source, out = tmp_path / "det.json", tmp_path / "forged.pdf"
    source.write_text(json.dumps(forged, indent=2), encoding="utf-8")
    result = runner.invoke(app, ["report", str(source), "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert not out.exists()
    lines = result.output.splitlines()
    assert lines[0].startswith("publicassembly: error: ") and lines[0].endswith("(and 2 more errors)")
    told = " ".join(result.output.split())
    assert ("occupancy.spaces[0].occupant_load: the file states 99,999; the law gives 310 (4,650 sq ft of "
            "assembly without fixed seats at 15 sq ft per person, rounded down; Mount Pleasant Code § 164-7, in "
            "force on 2025-03-03)") in told
    assert ("occupancy.lawful_occupancy: the file states 99,999; the law gives 540 (the sum of the spaces' "
            "occupant loads; Mount Pleasant Code §§ 164-7, 164-8") in told
    assert ("verdict: the file states 'Not a place of assembly: no certificate is required.'; the law gives 'A "
            "place of assembly: a certificate of the Building Inspector is required; lawful occupancy 540 persons "
            "(Mount Pleasant Code §§ 164-3, 164-7, 164-8).'") in told
    assert "det.json, line " in told  # each where the file has it


# --- Mount Pleasant ch. 164 -----------------------------------------------------------------------------------

def test_an_open_air_load_is_the_area_at_15_sq_ft_per_person_section_164_8(hall):
    forged = edited(hall)
    forged["occupancy"]["spaces"][2]["occupant_load"] = 151
    forged["occupancy"]["lawful_occupancy"] = 541
    assert refusals(forged)[0] == (
        "occupancy.spaces[2].occupant_load: the file states 151; the law gives 150 (2,250 sq ft of unenclosed "
        "open-air area (§ 164-8) at 15 sq ft per person, rounded down; Mount Pleasant Code § 164-8, in force on "
        "2025-03-03)")


def test_a_larger_area_with_its_load_is_checked_not_the_load_alone_section_164_7(hall):
    """The area is a fact the file states: with it changed, the load the law gives for it is taken."""
    forged = edited(hall)
    forged["occupancy"]["spaces"][0]["area_sq_ft"] = 4665
    for key in ("occupancy", "requirements"):
        forged[key] = edited(forged[key])
    forged["occupancy"]["spaces"][0]["occupant_load"] = 311
    forged["occupancy"]["lawful_occupancy"] = 541
    forged["requirements"]["certificate"]["lawful_occupancy"] = 541
    forged["requirements"]["sign"]["rooms"][0]["lawful_occupancy"] = 311
    forged["verdict"] = forged["verdict"].replace("540", "541")
    refused = refusals(edited(forged))  # the § 164-4 group of the three rooms states their load too (G-17)
    assert [line.split(":")[0] for line in refused] == ["findings[3].values.groups[0].occupant_load",
                                                       "findings[3].values.groups[0].persons"]
    assert "the law gives 541 (the sum of the occupant loads of Ballroom, Cocktail room, Terrace" in refused[0]
    group = finding(forged, "mount-pleasant/164-4/place-of-assembly")["values"]["groups"][0]
    group["occupant_load"] = group["persons"] = 541
    assert check_determination_json(forged) is forged


@pytest.mark.parametrize(("path", "value", "told"), [
    (("occupancy", "lawful_occupancy"), 600, "occupancy.lawful_occupancy: the file states 600; the law gives 540"),
    (("requirements", "certificate", "lawful_occupancy"), 600,
     "requirements.certificate.lawful_occupancy: the file states 600; the law gives 540 (the lawful occupancy the "
     "certificate states; Mount Pleasant Code § 164-9"),
    (("requirements", "sign", "rooms", 1, "lawful_occupancy"), 800,
     "requirements.sign.rooms[1].lawful_occupancy: the file states 800; the law gives 80 (the occupant load of the "
     "room's space, Mount Pleasant Code § 164-9"),
    (("requirements", "toilets", "required"), 2,
     "requirements.toilets.required: the file states 2; the law gives 6 (one toilet per 75 of 420 persons, rounded "
     "up; Mount Pleasant Code § 164-6"),
    (("occupancy", "spaces", 1, "use_group"), "ballroom",
     "occupancy.spaces[1].use_group: 'ballroom' is not a use group of §§ 164-7, 164-8; allowed: "),
])
def test_each_number_the_law_gives_is_checked_sections_164_6_to_164_9(hall, path, value, told):
    forged = edited(hall)
    where = forged
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    assert refusals(forged)[0].startswith(told), refusals(forged)


def test_a_bowling_alleys_load_counts_its_alleys_from_the_finding_section_164_7():
    """Thornwood Lanes: 24 alleys at 5 persons and 2,400 sq ft at 10 sq ft per person: 360 persons. Without the
    alleys in the file, a load of the area's 240 plus a whole number of alleys (5 persons each) is taken."""
    data = determination(case("mount-pleasant-bowling-centre"))
    assert data["occupancy"]["spaces"][0]["occupant_load"] == 360
    forged = edited(data)
    forged["occupancy"]["spaces"][0]["occupant_load"] = 365
    assert refusals(forged)[0].startswith(
        "occupancy.spaces[0].occupant_load: the file states 365; the law gives 360 (24 alleys at 5 persons each and "
        "2,400 sq ft of bowling")
    no_alleys = edited(data)
    del finding(no_alleys, "mount-pleasant/164-7/occupant-load")["values"]["spaces"][0]["alleys"]
    assert check_determination_json(no_alleys) is no_alleys
    no_alleys["occupancy"]["spaces"][0]["occupant_load"] = 362
    assert refusals(no_alleys)[0].startswith(
        "occupancy.spaces[0].occupant_load: the file states 362; the law gives 240 for 2,400 sq ft of bowling")


@pytest.mark.parametrize("alleys", [24.5, "24", -1, True, [24]])
@pytest.mark.parametrize("in_space", [False, True])
def test_alleys_that_are_no_whole_number_are_refused_not_read_as_unstated_section_164_7(alleys, in_space):
    """§ 164-7 counts a bowling alley's persons by its alleys: a file stating alleys of 24.5, "24", -1 or true
    (in the space or in the § 164-7 finding) is refused naming where, not read as alleys left unstated (which
    takes any whole number of them); 24, and 0 alleys with the area's load, are taken."""
    data = determination(case("mount-pleasant-bowling-centre"))
    forged = edited(data)
    if in_space:
        forged["occupancy"]["spaces"][0]["alleys"] = alleys
        where = "occupancy.spaces[0].alleys"
    else:
        finding(forged, "mount-pleasant/164-7/occupant-load")["values"]["spaces"][0]["alleys"] = alleys
        where = "findings[7].values.spaces['Lanes'].alleys"
    told = refusals(forged)
    assert told[0].startswith(f"{where}: expected a whole number of alleys (0 or more), got "), told
    assert "§ 164-7" in told[0]
    taken = edited(data)
    (taken["occupancy"]["spaces"][0] if in_space else
     finding(taken, "mount-pleasant/164-7/occupant-load")["values"]["spaces"][0])["alleys"] = 24
    assert check_determination_json(taken) is taken
    none = edited(data)
    (none["occupancy"]["spaces"][0] if in_space else
     finding(none, "mount-pleasant/164-7/occupant-load")["values"]["spaces"][0])["alleys"] = 0
    assert refusals(none)[0].startswith(
        "occupancy.spaces[0].occupant_load: the file states 360; the law gives 240 (0 alleys at 5 persons each")


def test_a_lawful_occupancy_is_null_while_a_spaces_area_is_missing_section_164_7():
    data = case("mount-pleasant-catering-hall")
    del data["spaces"][1]["area"]
    written = determination(data)
    assert written["occupancy"]["lawful_occupancy"] is None and "spaces[1].area" in written["missing"]
    assert check_determination_json(written) is written
    forged = edited(written)
    forged["occupancy"]["lawful_occupancy"] = 460
    assert refusals(forged)[0] == (
        "occupancy.lawful_occupancy: the file states 460; the law gives null (not computable while spaces[1].area "
        "is missing (§ 164-7), in force on 2025-03-03)")
    forged = edited(written)
    forged["missing"] = [m for m in forged["missing"] if m != "spaces[1].area"]
    assert refusals(forged)[0].startswith("occupancy.lawful_occupancy: the file states null; the law gives 460")


def test_an_area_shown_to_four_places_may_hold_one_person_less_not_more_section_164_7():
    """§ 164-7: 1,499.99999999999999999 sq ft at 15 sq ft per person hold 99 persons; the JSON shows the area to
    four places (B-3), 1500.0, for which the law gives 100. The determination is still taken (interpretation
    G-9): an area written with a fraction may have been up to half a ten-thousandth of a square foot more than the one
    counted, so one person less is taken — never more, and never for an area written as a whole number."""
    data = {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2026-03-02",
            "spaces": [{"name": "Hall", "use_group": "assembly_without_fixed_seats",
                        "area": Decimal("1499.99999999999999999")}]}
    written = determination(data)
    assert written["occupancy"]["spaces"][0] | {"area_sq_ft": 1500.0} == written["occupancy"]["spaces"][0]
    assert written["occupancy"]["lawful_occupancy"] == 99
    read_back = json.loads(json.dumps(written), parse_float=Decimal)  # as the report reads the file
    assert check_determination_json(read_back) is read_back
    forged = edited(read_back)
    forged["occupancy"]["spaces"][0]["occupant_load"] = 98
    assert refusals(forged)[0].startswith("occupancy.spaces[0].occupant_load: the file states 98; the law gives "
                                          "100 (1,500.0 sq ft")
    whole = edited(read_back)
    whole["occupancy"]["spaces"][0]["area_sq_ft"] = 1500
    assert refusals(whole)[0].startswith("occupancy.spaces[0].occupant_load: the file states 99; the law gives 100")


def test_a_verdict_of_a_violation_is_the_sentence_of_its_offense_section_164_14():
    data = determination(case("mount-pleasant-blocked-exits-second-offense"))
    assert check_determination_json(data) is data
    forged = edited(data)
    forged["verdict"] = forged["verdict"].replace("second", "first")
    assert refusals(forged)[0].startswith("verdict: the file states 'A first offense against Mount Pleasant Code "
                                          "§ 164-10: ")


def test_a_determination_dated_before_the_chapter_is_refused(hall):
    forged = edited(hall) | {"as_of": "1975-01-02"}
    assert refusals(forged) == ["as_of: 1975-01-02 is before 1976-02-24, the day Mount Pleasant Code ch. 164, "
                                "Public Assembly, Places of took effect; no law of the chapter is in force on it"]


# --- Carmel ch. 31 --------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("key", "value", "told"), [
    ("parking_spaces", 100, "the law gives 1,000 (one car for every 4 persons, rounded up, for 4,000 persons at one "
                            "time; Carmel Code ch. 31, permit requirements ¶ C(6), in force on 2026-07-01)"),
    ("registered_nurses", 1, "the law gives 8 (one for each 500 persons, rounded up, at least 1, for 4,000 persons "
                             "at one time; Carmel Code ch. 31, permit requirements ¶ C(9), in force on 2026-07-01)"),
    ("physicians", 0, "the law gives 1 (doctors in attendance at all times; Carmel Code ch. 31, permit requirements "
                      "¶ C(9), in force on 2026-07-01)"),
])
def test_requirements_from_the_persons_are_the_laws_paragraphs_c6_c9(fair, key, value, told):
    forged = edited(fair)
    forged["requirements"][key] = value
    assert refusals(forged) == [f"requirements.{key}: the file states {value}; {told}"]


def test_every_finding_states_the_same_persons(fair):
    forged = edited(fair)
    where = next(i for i, f in enumerate(forged["findings"]) if f["rule"] == "carmel/conditions/c6-parking")
    forged["findings"][where]["values"]["persons_at_one_time"] = 400
    assert refusals(forged)[0].startswith(f"findings[{where}].values.persons_at_one_time: the file states 400; the "
                                          "law gives 4,000 (the persons at one time findings[5] "
                                          "(carmel/permit/a-required) states")


def test_forged_persons_in_every_finding_give_the_laws_parking_for_them(fair):
    """The persons are a fact the file states: with every finding saying 400, 1,000 parking spaces is refused."""
    forged = edited(fair)
    for f in forged["findings"]:
        if "persons_at_one_time" in f["values"]:
            f["values"]["persons_at_one_time"] = 400
    told = refusals(forged)
    assert any(line.startswith("requirements.parking_spaces: the file states 1,000; the law gives 100")
               for line in told), told
    # (and ¶ A's status, met for 400 persons at one time and 12,000 collectively, is the law's needs_review: G-9)
    assert told[0].startswith("findings[5].status: the file states 'met'; the law gives 'needs_review'")


def test_a_verdict_contradicting_permit_required_is_refused(fair):
    forged = edited(fair) | {"verdict": "No permit is required: 4,000 persons at one time is not in excess of 500 "
                                        "(Carmel Code ch. 31, permit requirements ¶ A)."}
    assert refusals(forged) == [
        "verdict: the file states 'No permit is required: 4,000 persons at one time is not in excess of 500 (Carmel "
        "Code ch. 31, permit requirements ¶ A).'; the law gives 'A permit from the Town Board is required: 4,000 "
        "persons at one time is in excess of 500 (Carmel Code ch. 31, permit requirements ¶ A).' (permit_required "
        "true, decided by carmel/permit/a-required, for 4,000 persons at one time, in force on 2026-07-01)"]
    answer = edited(fair) | {"permit_required": False}
    assert [line.split(": ")[0] for line in refusals(answer)] == ["permit_required"]


def test_an_exempt_assembly_has_no_requirements_and_its_exemption_is_the_laws():
    data = determination(case("carmel-church-assembly"))
    assert data["exemption"] is not None and check_determination_json(data) is data
    forged = edited(data)
    forged["requirements"]["registered_nurses"] = 2
    assert refusals(forged)[0].startswith("requirements.registered_nurses: the file states 2; the law gives null "
                                          "(no permit is required")
    forged = edited(data) | {"exemption": None}
    assert refusals(forged)[0].startswith("exemption: the file states null; the law gives {'rule': "
                                          "'carmel/exemptions/b-church'")


def test_a_carmel_verdict_with_its_penalty_is_checked():
    data = determination(case("carmel-unpermitted-concert"))
    assert check_determination_json(data) is data
    forged = edited(data)
    forged["verdict"] = forged["verdict"].replace("$750", "$75")
    assert refusals(forged)[0].startswith("verdict: the file states ")


# --- every determination the law core writes is taken -----------------------------------------------------------

def _carmel_variants() -> list[dict]:
    fair = case("carmel-county-fair")
    no_persons = {k: v for k, v in fair.items() if k != "max_persons_at_one_time"}
    return [fair, fair | {"max_persons_at_one_time": 500}, fair | {"max_persons_at_one_time": 501},
            fair | {"max_persons_at_one_time": 1}, no_persons, no_persons | {"persons_collectively": 400},
            fair | {"max_persons_at_one_time": 400, "persons_collectively": 1200}, fair | {"within_town": False},
            case("carmel-church-assembly"), case("carmel-theatre-tent"), case("carmel-unpermitted-concert"),
            case("carmel-unpermitted-concert", max_persons_at_one_time=300)]


def _mount_pleasant_variants() -> list[dict]:
    hall = case("mount-pleasant-catering-hall")
    out = [case(name) for name in ("mount-pleasant-catering-hall", "mount-pleasant-bowling-centre",
                                   "mount-pleasant-church-hall", "mount-pleasant-festival-field",
                                   "mount-pleasant-blocked-exits-second-offense")]
    no_area = copy.deepcopy(hall)
    del no_area["spaces"][2]["area"]
    crowded = hall | {"attendance": 900}
    bowling = case("mount-pleasant-bowling-centre")
    del bowling["spaces"][0]["alleys"]
    return [*out, no_area, crowded, bowling, hall | {"attendance": 10}]


@pytest.mark.parametrize("data", [*_carmel_variants(), *_mount_pleasant_variants()],
                         ids=lambda d: f"{d['jurisdiction']}-{d.get('name')}")
@pytest.mark.parametrize("as_of", ["2025-03-03", "2026-07-01"])
def test_every_determination_the_law_core_writes_is_taken(data, as_of):
    violation = data.get("violation") or {}
    if str(violation.get("first_day") or violation.get("date") or "") > as_of:
        data = {k: v for k, v in data.items() if k != "violation"}  # not yet committed that day: refused
    data = as_it_stood(data, as_of)  # nor anything else done after that day (G-10)
    written = determination(data | {"as_of": as_of})
    assert check_determination_json(written) is written


def test_assembly_of_500_with_exemption_facts_missing_is_reported_carmel_31_exemptions_and_permit_requirements_a():
    """Carmel ch. 31, exemptions ¶¶ A-D and permit requirements ¶ A: for 500 persons no permit is required
    whatever an exemption's missing facts (the law core's `decide_permit`). The determination says so, with no
    exemption, and report reads it back without finding a problem; a file claiming the exemption is refused."""
    data = case("carmel-church-assembly", max_persons_at_one_time=500,
                sponsor={"name": "St. X", "kind": "church", "sponsored": True, "organized": True,
                         "authorized": True})
    written = determination(data)
    assert written["permit_required"] is False and written["exemption"] is None
    assert check_determination_json(written) is written
    forged = copy.deepcopy(written)
    forged["exemption"] = {"rule": "carmel/exemptions/b-church", "citation": "Carmel Code ch. 31, exemptions ¶ B"}
    assert any(line.startswith("exemption:") for line in refusals(forged))
