"""`publicassembly report` (interpretation G-9) checks the requirements a determination's JSON takes from the
parameters in force on its ``as_of`` alone, and the deadlines counted from a day the file states (new user: a
Carmel insurance minimum of $100, a cleanup of 50 days, notice of cancellation of 1 day, Mount Pleasant one toilet
per 10 persons and sign letters 2 inches high were printed, exit 0). Carmel ch. 31 permit requirements ¶ E
(insurance), ¶ F (cleanup), ¶ B (deadlines); Mount Pleasant §§ 164-6 (toilets), 164-9 (the sign)."""

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

runner = CliRunner()


def refusals(data: dict) -> list[str]:
    with pytest.raises(ValueError) as refused:
        check_determination_json(data)
    return [" ".join(line.split()) for line in str(refused.value).splitlines()]


def edited(data: dict, **requirements) -> dict:
    out = copy.deepcopy(data)
    out["requirements"].update(requirements)
    return out


@pytest.fixture(scope="module")
def fair() -> dict:
    """Putnam County Fair, 2026-08-14 to 16, as of 2026-07-01: the Board set a limit of $500,000."""
    return determination(case("carmel-county-fair"))


@pytest.fixture(scope="module")
def hall() -> dict:
    return determination(case("mount-pleasant-catering-hall"))


def test_the_new_users_file_is_refused_every_error_listed_carmel_paragraphs_e_f(tmp_path, fair):
    forged = edited(fair, insurance_bodily_injury_min=100, insurance_cancellation_notice_days=1, cleanup_days=50)
    source = tmp_path / "det.json"
    source.write_text(json.dumps(forged), encoding="utf-8")
    result = runner.invoke(app, ["report", str(source), "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 2 and not (tmp_path / "r.pdf").exists()
    told = " ".join(result.output.split())
    for field in ("requirements.insurance_bodily_injury_min: the file states 100; the law gives $500,000",
                  "requirements.insurance_cancellation_notice_days: the file states 1; the law gives 10",
                  "requirements.cleanup_days: the file states 50; the law gives 5"):
        assert field in told


@pytest.mark.parametrize(("key", "value", "told"), [
    ("insurance_bodily_injury_max", 600000, "requirements.insurance_bodily_injury_max: the file states 600,000; the "
                                            "law gives $500,000"),
    ("insurance_property_damage_min", 1, "requirements.insurance_property_damage_min: the file states 1; the law "
                                         "gives $250,000"),
    ("insurance_cancellation_notice_days", 1, "requirements.insurance_cancellation_notice_days: the file states 1; "
                                              "the law gives 10"),
    ("cleanup_days", 50, "requirements.cleanup_days: the file states 50; the law gives 5")])
def test_each_requirement_from_the_parameters_is_the_laws_paragraphs_e_f(fair, key, value, told):
    lines = refusals(edited(fair, **{key: value}))
    assert len(lines) == 1 and lines[0].startswith(told) and "in force on 2026-07-01" in lines[0]


def test_the_bodily_injury_minimum_is_the_boards_limit_in_range_paragraph_e_interpretation_c9(fair):
    """The Board's limit (in the ¶ E finding) raises the minimum within $250,000-$500,000; without it in the file
    any limit in that range may be the Board's, and one outside is refused."""
    assert refusals(edited(fair, insurance_bodily_injury_min=250000))[0].startswith(
        "requirements.insurance_bodily_injury_min: the file states 250,000; the law gives $500,000 (the Town Board's "
        "limit of $500,000, between $250,000 and $500,000")
    without = edited(fair, insurance_bodily_injury_min=300000)
    for f in without["findings"]:
        if f["rule"] == "carmel/issuance/e-insurance":
            del f["values"]["board_bodily_injury_limit"]
    assert check_determination_json(without) is without
    without["requirements"]["insurance_bodily_injury_min"] = 100
    assert refusals(without) == [
        "requirements.insurance_bodily_injury_min: the file states 100; the law gives $250,000, or the Town Board's "
        "limit when it set one between $250,000 and $500,000 (Carmel Code ch. 31, permit requirements ¶ E, in force "
        "on 2026-07-01)"]
    board = determination(case("carmel-county-fair") | {"town_board": {"bodily_injury_limit": 600000}})
    assert board["requirements"]["insurance_bodily_injury_min"] == 250000
    assert check_determination_json(board) is board


@pytest.mark.parametrize(("name", "forged"), [("application_due", "2026-06-16"), ("decision_due", "2026-07-10"),
                                              ("hearing_notice_due", "2026-06-28"), ("cleanup_due", "2026-08-31")])
def test_a_deadline_is_counted_from_the_day_the_file_states_paragraphs_b_f(fair, name, forged):
    data = copy.deepcopy(fair)
    data["deadlines"][name]["date"] = forged
    lines = refusals(data)
    assert len(lines) == 1 and lines[0].startswith(f"deadlines.{name}.date: the file states '{forged}'; the law "
                                                   f"gives '{fair['deadlines'][name]['date']}'")
    assert "counted from" in lines[0]


def test_a_deadline_stated_in_a_finding_is_the_same_paragraph_f(fair):
    data = copy.deepcopy(fair)
    index = next(i for i, f in enumerate(data["findings"]) if f["rule"] == "carmel/issuance/f-cleanup")
    data["findings"][index]["values"]["cleanup_due"] = "2026-09-30"
    assert refusals(data)[0].startswith(f"findings[{index}].values.cleanup_due: the file states '2026-09-30'; the law "
                                        "gives '2026-08-21'")


def test_no_permit_no_requirements_and_no_deadlines_paragraph_a():
    small = determination(case("carmel-county-fair") | {"max_persons_at_one_time": 400, "persons_collectively": 400})
    assert small["permit_required"] is False and check_determination_json(small) is small
    forged = edited(small, cleanup_days=5)
    forged["deadlines"] = {"cleanup_due": {"date": "2026-08-21", "counted": "5 days"}}
    lines = refusals(forged)
    assert lines[0].startswith("requirements.cleanup_days: the file states 5; the law gives null (no permit")
    assert lines[1].startswith("deadlines: the file states ['cleanup_due']; the law gives [] (no permit")


def test_one_toilet_per_75_persons_section_164_6(hall):
    data = copy.deepcopy(hall)
    data["requirements"]["toilets"]["persons_per_toilet"] = 10
    assert refusals(data) == [
        "requirements.toilets.persons_per_toilet: the file states 10; the law gives 75 (no fewer than one toilet per "
        "each 75 persons in attendance; Mount Pleasant Code § 164-6, in force on 2025-03-03)"]


@pytest.mark.parametrize(("key", "value", "law"), [("letter_height_in", 2, "1"), ("letter_width_in", 0.5, "0.375"),
                                                   ("lettering_colour", "blue", "'red'"),
                                                   ("background_colour", "black", "'white'"),
                                                   ("letter_weight", "light", "'bold'")])
def test_the_signs_specification_is_the_laws_section_164_9(hall, key, value, law):
    data = copy.deepcopy(hall)
    data["requirements"]["sign"][key] = value
    lines = refusals(data)
    assert len(lines) == 1 and lines[0].startswith(f"requirements.sign.{key}: the file states ") \
        and f"; the law gives {law} (the occupancy sign's" in lines[0] and "164-9" in lines[0]
    data["requirements"]["sign"]["letter_width_in"] = "0.3750"  # the same number written otherwise
    data["requirements"]["sign"][key] = hall["requirements"]["sign"][key]
    assert check_determination_json(data) is data


def test_a_known_portions_verdict_read_back_is_checked_against_its_known_total():
    """Carmel ch. 31 ¶ A (C-4): a determination whose properties' given numbers already exceed 500 (320 + 300, a
    third not given) is taken as check wrote it; its verdict, stating "at least 620 persons", is checked against
    the known total ¶ A's finding states, so a verdict edited to another total is refused."""
    data = case("carmel-county-fair")
    data.pop("max_persons_at_one_time", None)
    data["properties"] = [{"address": f"{i} Field", "record_owner": f"Owner {i}"} | n
                          for i, n in enumerate(({"max_persons_at_one_time": 320}, {"max_persons_at_one_time": 300},
                                                 {}), 1)]
    made = determination(data)
    assert "at least 620 persons at one time in the aggregate" in made["verdict"]
    assert check_determination_json(made) is made
    wrong = copy.deepcopy(made)
    wrong["verdict"] = made["verdict"].replace("620", "700")
    assert any(line.startswith("verdict:") for line in refusals(wrong))
