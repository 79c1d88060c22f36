"""A summons read with ``--from-json`` is for a rule a person can violate (interpretation W-19: Mount Pleasant
§ 164-14 "every person violating any of the requirements"; Carmel ch. 31 penalties ¶ A): a rule of the rule book
that states no person's duty — § 164-4's definition, § 164-3's exception for religious worship, § 164-5's
stopping of the performance, § 164-12's enforcement, § 164-14's penalty; Carmel's exemptions, the Town Board's
acts — is refused (exit 2, no PDF) naming ``rule_id`` and listing the law core's `violable_rules`, as a case
file's ``violation.rule`` is. Each rule a person can violate is written."""

from __future__ import annotations

import pytest

from publicassembly.law import jurisdictions

from .test_records_summons_law import CARMEL_1, MP_FIRST, _data, _refused, _written

MP = jurisdictions.get("mount-pleasant-ny")
CARMEL = jurisdictions.get("carmel-ny")
MP_RULES = {r.id: r for r in MP.rules}
CARMEL_RULES = {r.id: r for r in CARMEL.rules}

MP_NOT_VIOLABLE = ["mount-pleasant/164-4/place-of-assembly", "mount-pleasant/164-12/enforcement",
                   "mount-pleasant/164-14/penalty", "mount-pleasant/164-3/religious-worship-exception",
                   "mount-pleasant/164-5/stop-performance", "mount-pleasant/164-9/certificate-lawful-occupancy",
                   "mount-pleasant/164-13/correction"]


def _mp(summons_record, rule_id: str) -> dict:
    return _data(summons_record, **MP_FIRST, rule_id=rule_id, citation=MP_RULES[rule_id].citation)


@pytest.mark.parametrize("rule_id", MP_NOT_VIOLABLE)
def test_a_mount_pleasant_rule_no_person_violates_is_refused_w19_164_14(tmp_path, summons_record, rule_id):
    assert rule_id in MP_RULES and rule_id not in MP.violable_rules
    line = _refused(tmp_path, _mp(summons_record, rule_id), "rule_id", repr(rule_id), "a person can violate",
                    "W-19", ", ".join(MP.violable_rules))
    assert "mount-pleasant/164-10/exits-not-blocked" in line


@pytest.mark.parametrize("rule_id", MP.violable_rules)
def test_each_mount_pleasant_requirement_a_person_can_violate_is_written_164_14(tmp_path, summons_record, rule_id):
    _written(tmp_path, _mp(summons_record, rule_id))


@pytest.mark.parametrize("rule_id", ["carmel/exemptions/b-church", "carmel/permit/b-board-action",
                                     "carmel/penalties/c-injunction", "carmel/definitions/assembly"])
def test_a_carmel_rule_no_person_violates_is_refused_w19_penalties_a(tmp_path, summons_record, rule_id):
    assert rule_id not in CARMEL.violable_rules
    data = _data(summons_record, **(CARMEL_1 | {"rule_id": rule_id, "citation": CARMEL_RULES[rule_id].citation}))
    _refused(tmp_path, data, "rule_id", repr(rule_id), "a person can violate", "carmel/permit/a-required")


@pytest.mark.parametrize("rule_id", CARMEL.violable_rules)
def test_each_carmel_rule_a_person_can_violate_is_written_penalties_a(tmp_path, summons_record, rule_id):
    data = _data(summons_record, **(CARMEL_1 | {"rule_id": rule_id, "citation": CARMEL_RULES[rule_id].citation}))
    _written(tmp_path, data)
