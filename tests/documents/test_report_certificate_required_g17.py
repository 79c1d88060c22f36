"""``report`` reading ``check --format json`` back holds Mount Pleasant's answers to the law (interpretation G-17,
the way Carmel's ``permit_required`` is held, G-9): whether the place is a place of assembly (§ 164-4: each group's
answer from the occupant loads the law gives its spaces, 25 persons commercial, 75 noncommercial), whether a
certificate is required (§ 164-3: the deciding rule resolved by the law core's priorities, the religious-worship
exception's status from the approval), the certificate's ``required`` and ``keep_on_premises`` and the exemption.

A new-user trial set ``certificate_required``, ``requirements.place_of_assembly`` and
``requirements.certificate.required`` false and the verdict to "Not a place of assembly …" in Thornwood Lanes'
determination (420 persons, commercial): the report printed it (exit 0) while its findings said it is a place of
assembly; with ``certificate_required`` alone flipped, the one error said "the law gives 'Not a place of
assembly …'", which it does not."""

from __future__ import annotations

import copy
import json

import pytest
from tests.documents.conftest import determination_json as determination
from tests.documents.conftest import example_case as case
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.determination_json import check_determination_json
from publicassembly.law import evaluate, jurisdictions
from publicassembly.law.core import Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.places import (
    overall_answer,
    worship_exception_status,
)
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.rulebook import QUESTION, certificate_answer

runner = CliRunner()

PLACE = "mount-pleasant/164-4/place-of-assembly"
CERTIFICATE = "mount-pleasant/164-3/certificate"
EXCEPTION = "mount-pleasant/164-3/religious-worship-exception"
NOT_A_PLACE = ("Not a place of assembly: no certificate is required; lawful occupancy 420 persons (Mount Pleasant "
               "Code §§ 164-4, 164-7).")
#: What the message says of Thornwood Lanes' answer.
LANES_TRUE = ("certificate_required: the file states false; the law gives true (the finding of "
              "mount-pleasant/164-3/certificate decides whether a certificate is required by the law core's "
              "priorities: Mount Pleasant Code § 164-3; a place of assembly shall not be used as such without one, "
              "and whether the place is a place of assembly its groups in findings[3] "
              "(mount-pleasant/164-4/place-of-assembly) give true: Lanes, Snack bar and lounge: 420 persons, "
              "place_of_assembly true (25 or more persons in a commercial place make one); Mount Pleasant Code "
              "§ 164-4; in force on 2025-03-03)")


def refusals(data: dict) -> list[str]:
    with pytest.raises(ValueError) as refused:
        check_determination_json(data)
    return str(refused.value).splitlines()


def finding(data: dict, rule: str) -> dict:
    return next(f for f in data["findings"] if f["rule"] == rule)


def fields(told: list[str]) -> list[str]:
    return [line.split(": ")[0] for line in told]


@pytest.fixture(scope="module")
def lanes() -> dict:
    return determination(case("mount-pleasant-bowling-centre"))


def one_room(persons_area: int, *, commercial: bool | None, **facts: object) -> dict:
    """A venue of one room without fixed seats (15 sq ft per person, § 164-7) of `persons_area` sq ft."""
    return {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2025-03-03", "commercial": commercial,
            "spaces": [{"name": "Hall", "use_group": "assembly_without_fixed_seats", "area": persons_area}]} | facts


# --- the new user's file -------------------------------------------------------------------------------------

def test_the_trials_file_is_refused_naming_certificate_required_first_sections_164_3_164_4(lanes, tmp_path):
    forged = copy.deepcopy(lanes)
    forged["certificate_required"] = False
    forged["requirements"]["place_of_assembly"] = False
    forged["requirements"]["certificate"]["required"] = False
    forged["verdict"] = NOT_A_PLACE
    told = refusals(copy.deepcopy(forged))
    assert told[0] == LANES_TRUE
    assert fields(told) == ["certificate_required", "requirements.place_of_assembly",
                            "requirements.certificate.required", "verdict"]
    assert told[1].startswith("requirements.place_of_assembly: the file states false; the law gives true")
    assert told[2].startswith("requirements.certificate.required: the file states false; the law gives true")
    assert told[3].startswith(f"verdict: the file states {NOT_A_PLACE!r}; the law gives 'A place of assembly: a "
                              "certificate of the Building Inspector is required; lawful occupancy 420 persons")
    assert not any("the law gives 'Not a place" in line for line in told)
    source, out = tmp_path / "det.json", tmp_path / "x.pdf"
    source.write_text(json.dumps(forged, indent=2), encoding="utf-8")
    result = runner.invoke(app, ["report", str(source), "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert not out.exists() and "Traceback" not in result.output
    assert "certificate_required: the file states false; the law gives true" in " ".join(result.output.split())


@pytest.mark.parametrize(("stated", "shown"), [(False, "false"), (None, "null"), ("needs_review", "'needs_review'")])
def test_certificate_required_alone_flipped_is_the_one_error_section_164_3(lanes, stated, shown):
    """The verdict is the law core's for the answer the law gives, so it is not refused with the flag."""
    forged = copy.deepcopy(lanes) | {"certificate_required": stated}
    assert refusals(forged) == [LANES_TRUE.replace("the file states false", f"the file states {shown}")]


def test_the_findings_forged_too_are_refused_by_the_loads_the_law_gives_section_164_4(lanes):
    """Every answer of the file flipped, the § 164-4 group's and the § 164-3 finding's too: the group's 420 persons
    (the occupant loads of its spaces, § 164-7) reach the commercial threshold of 25; and its persons written as 20
    are refused as fewer than its occupant load."""
    forged = copy.deepcopy(lanes)
    forged["certificate_required"] = False
    forged["requirements"]["place_of_assembly"] = False
    forged["requirements"]["certificate"] |= {"required": False, "keep_on_premises": False}
    forged["verdict"] = NOT_A_PLACE
    finding(forged, CERTIFICATE)["values"]["place_of_assembly"] = False
    group = finding(forged, PLACE)["values"]["groups"][0]
    group["place_of_assembly"] = False
    told = refusals(copy.deepcopy(forged))
    assert told[0].startswith("certificate_required: the file states false; the law gives true")
    assert "findings[1].values.place_of_assembly" in fields(told)
    assert "requirements.certificate.keep_on_premises" in fields(told)
    assert ("findings[3].values.groups[0].place_of_assembly: the file states false; the law gives true (Lanes, "
            "Snack bar and lounge: 420 persons, 25 or more persons in a commercial place make a place of assembly; "
            "Mount Pleasant Code § 164-4, in force on 2025-03-03)") in told
    group["persons"] = 20
    told = refusals(copy.deepcopy(forged))
    assert ("findings[3].values.groups[0].persons: the file states 20; the law gives at least 420 (the larger of the "
            "occupant load and the attendance of Lanes, Snack bar and lounge, or the place attendance, "
            "interpretations M-3, M-4; Mount Pleasant Code § 164-4)") in told
    assert told[0].startswith("certificate_required: the file states false; the law gives true")
    group["occupant_load"] = 20
    assert refusals(copy.deepcopy(forged))[0].startswith("certificate_required: the file states false; the law "
                                                         "gives true")
    assert any(line.startswith("findings[3].values.groups[0].occupant_load: the file states 20; the law gives 420 ")
               for line in refusals(forged))


# --- § 164-4's thresholds, both sides ----------------------------------------------------------------------------

@pytest.mark.parametrize(("area", "commercial", "answer"), [
    (360, True, False),   # 24 persons, commercial: below 25
    (375, True, True),    # 25 persons, commercial
    (1110, False, False),  # 74 persons, noncommercial: below 75
    (1125, False, True),  # 75 persons, noncommercial
    (360, None, False),   # 24: below both
    (375, None, "needs_review"),  # 25 to 74 and whether commercial not stated
    (1110, None, "needs_review"),
    (1125, None, True),   # 75: a place of assembly either way
])
def test_each_side_of_the_thresholds_is_read_back_and_its_answer_flipped_refused_section_164_4(area, commercial,
                                                                                             answer):
    data = determination(one_room(area, commercial=commercial))
    assert data["certificate_required"] == answer and data["requirements"]["place_of_assembly"] == answer
    assert check_determination_json(copy.deepcopy(data)) == data
    persons = area // 15
    for other in (True, False, "needs_review", None):
        if other == answer and isinstance(other, bool) == isinstance(answer, bool):
            continue
        shown = {True: "true", False: "false", None: "null", "needs_review": "'needs_review'"}
        flipped = copy.deepcopy(data) | {"certificate_required": other}
        told = refusals(flipped)
        assert len(told) == 1 and told[0].startswith(
            f"certificate_required: the file states {shown[other]}; the law gives {shown[answer]} (the finding of "
            "mount-pleasant/164-3/certificate decides"), told
        assert f"Hall: {persons} persons, place_of_assembly {shown[answer]}" in told[0]
        group = copy.deepcopy(data)
        finding(group, PLACE)["values"]["groups"][0]["place_of_assembly"] = other
        assert f"findings[3].values.groups[0].place_of_assembly: the file states {shown[other]}; the law gives " \
               f"{shown[answer]} (Hall: {persons} persons" in "\n".join(refusals(group))


def test_a_threshold_stated_other_than_the_laws_is_refused_section_164_4():
    data = determination(one_room(375, commercial=True))
    forged = copy.deepcopy(data)
    finding(forged, PLACE)["values"]["threshold_persons"] = 20
    assert refusals(forged) == [
        "findings[3].values.threshold_persons: the file states 20; the law gives 25 (25 or more persons in a "
        "commercial place make a place of assembly; Mount Pleasant Code § 164-4, in force on 2025-03-03)"]


# --- the religious-worship exception (§ 164-3) ------------------------------------------------------------------

def test_the_exception_decides_over_the_certificate_and_is_held_to_the_approval_section_164_3():
    data = determination(case("mount-pleasant-church-hall"))
    assert data["certificate_required"] is False and data["exemption"]["rule"] == EXCEPTION
    assert check_determination_json(copy.deepcopy(data)) == data
    told = refusals(copy.deepcopy(data) | {"certificate_required": True})
    assert told == [
        "certificate_required: the file states true; the law gives false (the finding of "
        "mount-pleasant/164-3/religious-worship-exception decides whether a certificate is required by the law "
        "core's priorities: Mount Pleasant Code § 164-3; its status is met: every place of assembly used solely as "
        "a place of religious worship, approved by the Building Inspector: true; in force on 2025-03-03)"]
    no_exemption = copy.deepcopy(data) | {"exemption": None}
    assert refusals(no_exemption)[0].startswith("exemption: the file states null; the law gives {'rule': "
                                                "'mount-pleasant/164-3/religious-worship-exception'")
    # The exception's finding forged not to apply, and everything after it: its approval still gives met.
    forged = copy.deepcopy(data) | {"exemption": None, "certificate_required": True}
    finding(forged, EXCEPTION)["status"] = "not_applicable"
    told = refusals(forged)
    assert told[0].startswith("certificate_required: the file states true; the law gives false")
    assert ("findings[2].status: the file states 'not_applicable'; the law gives 'met' (the groups that may be "
            "places of assembly are all used solely for religious worship, approved by the Building Inspector: "
            "true; Mount Pleasant Code § 164-3)") in told


@pytest.mark.parametrize(("approved", "status", "answer"), [(True, "met", False), (None, "needs_review",
                                                                                    "needs_review"),
                                                           (False, "not_applicable", True)])
def test_the_approval_gives_the_exceptions_status_section_164_3(approved, status, answer):
    data = determination(case("mount-pleasant-church-hall", worship_use_approved_by_building_inspector=approved))
    assert finding(data, EXCEPTION)["status"] == status and data["certificate_required"] == answer
    assert check_determination_json(copy.deepcopy(data)) == data
    forged = copy.deepcopy(data)
    finding(forged, EXCEPTION)["values"]["approved_by_building_inspector"] = not approved if approved is not None \
        else True
    assert any(line.startswith("findings[2].status: the file states ") for line in refusals(forged))


# --- the law core's own answers ---------------------------------------------------------------------------------

def _variants() -> list[dict]:
    hall, church = case("mount-pleasant-catering-hall"), case("mount-pleasant-church-hall")
    no_area = copy.deepcopy(hall)
    del no_area["spaces"][1]["area"]
    no_area_crowd = copy.deepcopy(no_area)
    no_area_crowd["spaces"][1]["attendance"] = 80  # a yes known while a load is not
    unstated_entrance = copy.deepcopy(hall)
    for s in unstated_entrance["spaces"]:
        s["common_entrance"] = None
    two_rooms = {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2025-03-03", "commercial": True,
                 "attendance": 40,
                 "spaces": [{"name": "A", "use_group": "business", "area": 1000},
                            {"name": "B", "use_group": "business", "area": 1000, "attendance": 5}]}
    joined = {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2025-03-03", "commercial": True,
              "spaces": [{"name": "Front", "use_group": "assembly_without_fixed_seats", "area": 300,
                          "connects_with": ["Back"]},
                         {"name": "Back", "use_group": "assembly_without_fixed_seats", "area": 150}]}
    unmeasured = {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2025-03-03",
                  "commercial": True, "spaces": [{"name": "Hall", "use_group": "business"}]}
    return [joined, unmeasured, hall, church, case("mount-pleasant-bowling-centre"), case("mount-pleasant-festival-field"),
            case("mount-pleasant-blocked-exits-second-offense"), no_area, no_area_crowd, unstated_entrance,
            hall | {"commercial": None}, two_rooms, two_rooms | {"attendance": 20},
            church | {"worship_use_approved_by_building_inspector": None},
            church | {"worship_use_approved_by_building_inspector": False},
            one_room(375, commercial=None), one_room(360, commercial=True), one_room(1125, commercial=False)]


@pytest.mark.parametrize("data", _variants(), ids=lambda d: str(d.get("name") or d["spaces"][0]["name"]))
def test_every_answer_the_law_core_gives_is_read_back_and_is_certificate_answer_section_164_3(data):
    """`certificate_answer` and `worship_exception_status` are what the law core's rules give, and every
    determination it writes — a place of assembly or not, needing review (commercial not stated, a common entrance
    not stated, persons of the place not placed, M-5, M-15), not known (an area missing), exempt — is read back."""
    result = evaluate(data)
    rules = {r.id: r for r in jurisdictions.get("mount-pleasant-ny").rules}
    found = {f.rule: f for f in result.findings}
    place = found[PLACE].values["groups"]
    assert overall_answer([g["place_of_assembly"] for g in place]) == found[CERTIFICATE].values["place_of_assembly"]
    for f in result.findings:
        if rules[f.rule].decides == QUESTION and f.status is not Status.NOT_APPLICABLE:
            assert certificate_answer(rules[f.rule], f.status, found[CERTIFICATE].values["place_of_assembly"]) \
                == f.outcome, f.rule
    exception = found[EXCEPTION].values
    assert worship_exception_status(exception["used_solely_for_religious_worship"],
                                    exception["approved_by_building_inspector"]) is found[EXCEPTION].status
    written = determination(data)
    assert check_determination_json(copy.deepcopy(written)) == written


def test_a_group_naming_a_space_the_file_does_not_give_is_refused_naming_it_section_164_4(lanes):
    """A space renamed in ``occupancy`` and not in the § 164-4 group that counts it: the group's load is not the
    law's for any space of the file; the name is refused, once, rather than the group's load told null."""
    forged = copy.deepcopy(lanes)
    forged["occupancy"]["spaces"][1]["name"] = "Lounge"
    forged["requirements"]["sign"]["rooms"][1]["room"] = "Lounge"
    assert refusals(forged) == ["findings[3].values.groups[0].spaces: 'Snack bar and lounge' is not a space of "
                                "occupancy.spaces; its spaces: Lanes, Lounge"]
    finding(forged, PLACE)["values"]["groups"][0]["spaces"] = ["Lanes", "Lounge"]
    assert check_determination_json(forged) is forged
