"""``report`` reading ``check --format json`` back holds ``permit_required`` to the findings that decide it
(Carmel Code ch. 31, permit requirements ¶ A and exemptions ¶¶ A-D, resolved by the law core's priorities:
`us_ny_carmel.determine.decide_permit`). A new-user trial set permit_required false with a verdict, requirements
and deadlines to match while ¶ A's finding still said 4,000 persons were in excess of 500: the report printed a
verdict contradicting its own findings; with permit_required alone flipped, 13 errors never named it and said
"the law gives" the false verdict. Interpretation G-9."""

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
from publicassembly.law.jurisdictions.us_ny_carmel.determine import permit_answer

runner = CliRunner()

#: What the message says of the fair's ¶ A finding.
FAIR_A = ("its findings give true (the finding of carmel/permit/a-required is met, and it decides whether a permit "
          "is required by the law core's priorities: Carmel Code ch. 31, permit requirements ¶ A; its reason: "
          "'4,000 persons at one time is in excess of 500: a written permit of the Town Board, issued through its "
          "Clerk, is required.')")


def refusals(data: dict) -> list[str]:
    with pytest.raises(ValueError) as refused:
        check_determination_json(data)
    return str(refused.value).splitlines()


@pytest.fixture(scope="module")
def fair() -> dict:
    return determination(case("carmel-county-fair"))


def test_permit_required_alone_flipped_is_the_one_error_permit_requirements_a(fair):
    for stated, shown in ((False, "false"), (None, "null"), ("needs_review", "'needs_review'")):
        forged = copy.deepcopy(fair) | {"permit_required": stated}
        assert refusals(forged) == [f"permit_required: the file states {shown}; {FAIR_A}"]


def test_the_trials_file_is_refused_naming_permit_required_first_permit_requirements_a(fair, tmp_path):
    forged = copy.deepcopy(fair)
    forged["permit_required"] = False
    forged["verdict"] = ("No permit is required: 4,000 persons at one time is not in excess of 500 (Carmel Code "
                         "ch. 31, permit requirements ¶ A).")
    forged["requirements"] = {k: None for k in forged["requirements"]} | {"permit_holders": []}
    forged["deadlines"] = {}
    told = refusals(forged)
    assert told[0] == f"permit_required: the file states false; {FAIR_A}"
    assert told[-1].startswith("verdict: the file states 'No permit is required: ")
    assert "the law gives 'A permit from the Town Board is required: 4,000 persons at one time is in excess of " \
           "500 (Carmel Code ch. 31, permit requirements ¶ A).'" in told[-1]
    assert not any("the law gives 'No permit" in line for line in told)
    fields = [line.split(": ")[0] for line in told]
    assert {"deadlines.application_due", "deadlines.cleanup_due", "requirements.parking_spaces"} <= set(fields)
    source = tmp_path / "d.json"
    source.write_text(json.dumps(forged), encoding="utf-8")
    result = runner.invoke(app, ["report", str(source), "-o", str(tmp_path / "r.pdf")])
    assert result.exit_code == 2 and not (tmp_path / "r.pdf").exists() and "Traceback" not in result.output


@pytest.mark.parametrize(("persons", "required"), [(500, False), (501, True)])
def test_500_persons_need_no_permit_and_501_do_both_sides_permit_requirements_a(persons, required):
    """On ¶ A's threshold: the determination is read back as it is, and its answer flipped is refused."""
    data = determination(case("carmel-county-fair", max_persons_at_one_time=persons, persons_collectively=persons))
    assert data["permit_required"] is required
    assert check_determination_json(copy.deepcopy(data)) == data
    flipped = copy.deepcopy(data) | {"permit_required": not required}
    assert refusals(flipped)[0].startswith(f"permit_required: the file states {str(not required).lower()}; its "
                                           f"findings give {str(required).lower()} (the finding of "
                                           "carmel/permit/a-required is ")


def test_an_exemption_decides_over_paragraph_a_exemptions_b():
    """The church's assembly: exempt (exemptions ¶ B) though in excess of 500; true is refused."""
    data = determination(case("carmel-church-assembly"))
    assert data["permit_required"] is False
    told = refusals(copy.deepcopy(data) | {"permit_required": True})
    assert told[0].startswith("permit_required: the file states true; its findings give false (the finding of "
                              "carmel/exemptions/b-church is met")


@pytest.mark.parametrize("example", ["carmel-county-fair", "carmel-church-assembly", "carmel-theatre-tent",
                                     "carmel-unpermitted-concert"])
@pytest.mark.parametrize(("persons", "collectively"), [(None, None), (500, 500), (501, 501), ("unknown", 12000),
                                                      ("unknown", None), (400, 12000)])
def test_the_answer_of_each_status_is_the_law_cores_outcome(example, persons, collectively):
    """`permit_answer` is the outcome the law core's deciding rules give with each status — ¶ A met, not met,
    needs review (only the persons collectively in excess of 500, C-4) and missing (no persons given) — and the
    decided determination's answer, so the report decides as `determine` does."""
    changes: dict = {} if persons is None else {"persons_collectively": collectively,
                                                "max_persons_at_one_time": None if persons == "unknown" else persons}
    result = evaluate(case(example, **changes))
    rules = {r.id: r for r in jurisdictions.get("carmel-ny").rules}
    seen = 0
    for f in result.findings:
        rule = rules[f.rule]
        if rule.decides == "permit_required" and f.status is not Status.NOT_APPLICABLE:
            assert permit_answer(rule, f.status) == f.outcome, (f.rule, f.status)
            seen += 1
    assert seen
    data = determination(case(example, **changes))
    assert check_determination_json(copy.deepcopy(data)) == data  # (read back as it is, whatever its answer)


def _a_finding(data: dict) -> dict:
    return next(f for f in data["findings"] if f["rule"] == "carmel/permit/a-required")


@pytest.mark.parametrize(("persons", "law"), [(500, "not_met"), (501, "met")])
@pytest.mark.parametrize("stated", ["met", "not_met", "needs_review", "missing"])
def test_paragraph_a_status_is_held_to_its_own_values_permit_requirements_a(persons, law, stated):
    """¶ A's finding says 4,000 persons and the threshold 500: its status is the law's from them, not the file's
    (a second new-user trial set it to not_met, permit_required false and every requirement null, and the report
    printed "Permit required: no" for 4,000 persons). 500 is not in excess of 500, 501 is; a status stated
    otherwise is refused naming ``findings[i].status`` with the law's."""
    data = determination(case("carmel-county-fair", max_persons_at_one_time=persons, persons_collectively=persons))
    edited = copy.deepcopy(data)
    _a_finding(edited)["status"] = stated
    if stated == law:
        check_determination_json(edited)
        return
    told = refusals(edited)
    place = next(i for i, f in enumerate(data["findings"]) if f["rule"] == "carmel/permit/a-required")
    assert told[0] == (f"findings[{place}].status: the file states '{stated}'; the law gives '{law}' "
                       f"({persons} persons at one time is {'' if law == 'met' else 'not '}in excess of 500; Carmel "
                       "Code ch. 31, permit requirements ¶ A)")


def test_the_second_trials_file_is_refused_permit_requirements_a(fair):
    """The trial's whole edit: ¶ A not_met, permit_required false, its verdict, no requirement, no deadline."""
    edited = copy.deepcopy(fair)
    _a_finding(edited)["status"] = "not_met"
    edited["permit_required"] = False
    edited["verdict"] = "No permit is required: 4,000 persons at one time is not in excess of 500"
    edited["requirements"] = {k: ([] if k == "permit_holders" else None) for k in edited["requirements"]}
    edited["deadlines"] = {}
    told = refusals(edited)
    assert any(line.startswith("findings[") and ".status: the file states 'not_met'; the law gives 'met'" in line
               for line in told), told
    assert any(line.startswith("permit_required: the file states false; its findings give true") for line in told)


@pytest.mark.parametrize("value", [True, False])
def test_a_carmel_file_stating_a_certificate_required_is_refused(fair, value):
    """Carmel ch. 31 asks no certificate of an event: ``certificate_required`` is always null in its
    determination; a file stating it is refused rather than printed ("Certificate required: yes")."""
    edited = dict(fair, certificate_required=value)
    assert refusals(edited) == [f"certificate_required: the file states {str(value).lower()}; the law gives null "
                                "(Carmel ch. 31 asks no certificate of an event: the question is not asked by this "
                                "chapter)"]


@pytest.mark.parametrize("value", [True, False, "needs_review"])
def test_a_mount_pleasant_file_stating_a_permit_required_is_refused(value):
    """Mount Pleasant ch. 164 asks no permit of a place: ``permit_required`` is always null in its
    determination (the second trial's "Permit required: yes" on a catering hall)."""
    hall = determination(case("mount-pleasant-catering-hall"))
    told = refusals(dict(hall, permit_required=value))
    assert told[0].startswith("permit_required: the file states ") and "the law gives null (Mount Pleasant ch. 164 " \
        "asks no permit of a place" in told[0], told
