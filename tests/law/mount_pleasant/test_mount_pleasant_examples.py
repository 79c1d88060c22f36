"""The Mount Pleasant ch. 164 examples (examples/mount-pleasant-*.yaml) evaluated through publicassembly.law.evaluate
and compared whole with their expected determinations (tests/law/mount_pleasant/expected/<name>.json), each checked
by hand against §§ 164-3 to 164-14."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from publicassembly.law import evaluate

ROOT = Path(__file__).resolve().parents[3]
EXPECTED = Path(__file__).resolve().parent / "expected"
EXAMPLES = sorted((ROOT / "examples").glob("mount-pleasant-*.yaml"))


def test_there_are_five_examples():
    """One per kind asked for: bowling (§ 164-7), catering hall (§ 164-4), open-air field (§ 164-8), church
    (§ 164-3), and a violation (§ 164-14)."""
    assert {p.stem for p in EXAMPLES} == {p.stem for p in EXPECTED.glob("*.json")}
    assert len(EXAMPLES) == 5


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_determination_matches_expected(path):
    """The whole determination (verdict, certificate, occupancy, findings, penalty) is the legal answer."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    got = json.loads(json.dumps(evaluate(data).to_json()))
    want = json.loads((EXPECTED / f"{path.stem}.json").read_text(encoding="utf-8"))
    assert got == want


def test_bowling_centre_holds_420_164_7():
    """§ 164-7: 24 alleys × 5 + 2,400 / 10 = 360; lounge 900 / 15 = 60; lawful occupancy 420."""
    want = json.loads((EXPECTED / "mount-pleasant-bowling-centre.json").read_text(encoding="utf-8"))
    assert [s["occupant_load"] for s in want["occupancy"]["spaces"]] == [360, 60]
    assert want["occupancy"]["lawful_occupancy"] == 420


def test_second_offense_of_blocked_exits_164_14():
    """§ 164-14: a second offense: $100–$250, up to 15 days, or both; a violation."""
    want = json.loads((EXPECTED / "mount-pleasant-blocked-exits-second-offense.json").read_text(encoding="utf-8"))
    assert want["penalty"] == {"offense_number": 2, "violations": 1, "min_fine": 100, "max_fine": 250,
                               "max_jail_days": 15, "max_jail_months": None, "classification": "violation",
                               "citation": "Mount Pleasant Code § 164-14"}


@pytest.mark.parametrize("space, field, words", [
    ({"name": "A", "use_group": "school", "area": -1}, "spaces[0].area", "negative"),
    ({"name": "A", "use_group": "theatre", "area": 100}, "spaces[0].use_group", "assembly_fixed_seats"),
    ({"name": "A", "use_group": "school", "area": 100, "area_unit": "acres"}, "spaces[0].area_unit", "sq_m"),
])
def test_bad_case_data_is_refused_naming_the_field_164_7(space, field, words):
    """§ 164-7 through evaluate: bad area, use group or unit → InvalidCase naming the field and what is allowed."""
    from publicassembly.law import InvalidCase
    with pytest.raises(InvalidCase) as info:
        evaluate({"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2025-03-03",
                  "spaces": [space]})
    assert info.value.field == field
    assert words in info.value.message
