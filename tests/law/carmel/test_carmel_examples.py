"""The examples in examples/carmel-*.yaml, each determined through `publicassembly.law.evaluate` and compared
whole with its expected determination (tests/law/carmel/expected/), which was checked by hand against ch. 31:

- county fair (Veterans Memorial Park): 4,000 at one time → permit (permit requirements ¶ A), 1,000 parking
  spaces (¶ C(6)), 8 nurses (¶ C(9)), housing (¶ C(7)), hearing notice due on a Saturday (¶ B), bond unposted (¶ F);
- theatre tent: 540 persons → permit; 135 spaces needed, 225 given; 2 nurses; filed on the last day;
- unpermitted concert: 3 days → 3 violations, up to $750 and 45 days (penalties ¶¶ A, B), injunction (¶ C);
- church assembly: exempt (exemptions ¶ B).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from carmel_helpers import load_example

from publicassembly.law import evaluate

EXPECTED = Path(__file__).parent / "expected"
NAMES = ("carmel-county-fair", "carmel-theatre-tent", "carmel-unpermitted-concert", "carmel-church-assembly")


@pytest.mark.parametrize("name", NAMES)
def test_example_determination_matches_the_expected_legal_answer(name: str) -> None:
    """Whole determination of each example, against the hand-checked expected JSON."""
    expected = json.loads((EXPECTED / f"{name}.json").read_text(encoding="utf-8"))
    actual = json.loads(json.dumps(evaluate(load_example(name)).to_json()))
    assert actual == expected


def test_county_fair_key_answers_permit_requirements_a_b_c() -> None:
    """The legal numbers of the county fair, stated outright (¶ A, ¶ B, ¶ C(6), ¶ C(9), ¶ F)."""
    d = evaluate(load_example("carmel-county-fair")).to_json()
    assert d["permit_required"] is True
    assert d["requirements"]["parking_spaces"] == 1000
    assert d["requirements"]["registered_nurses"] == 8
    assert d["requirements"]["housing_required"] is True
    assert d["requirements"]["permit_holders"] == ["County of Putnam"]
    assert d["deadlines"]["application_due"]["date"] == "2026-06-15"
    assert d["deadlines"]["decision_due"]["date"] == "2026-07-09"
    assert d["deadlines"]["hearing_notice_due"] == {
        "date": "2026-06-27", "office_closed": "Saturday", "act_by": "2026-06-26",
        "counted": d["deadlines"]["hearing_notice_due"]["counted"]}
    assert d["deadlines"]["cleanup_due"]["date"] == "2026-08-21"


def test_theatre_tent_540_persons_135_spaces_two_nurses_permit_requirements_c6_c9() -> None:
    d = evaluate(load_example("carmel-theatre-tent"))
    assert d.permit_required is True
    assert d.requirements["parking_spaces"] == 135
    assert d.requirements["registered_nurses"] == 2
    assert d.finding("carmel/conditions/c6-parking").status.value == "met"
    assert d.missing == []


def test_unpermitted_concert_three_days_penalties_a_b() -> None:
    p = evaluate(load_example("carmel-unpermitted-concert")).penalty
    assert p is not None
    assert (p.violations, p.max_fine, p.max_jail_days) == (3, 750, 45)


def test_church_assembly_exempt_exemptions_b() -> None:
    d = evaluate(load_example("carmel-church-assembly"))
    assert d.permit_required is False
    assert d.exemption == {"rule": "carmel/exemptions/b-church", "citation": "Carmel Code ch. 31, exemptions ¶ B"}
