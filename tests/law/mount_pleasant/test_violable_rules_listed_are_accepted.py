"""§ 164-14 "any of the requirements": a violation's ``rule`` (law core facts) is a section with a requirement
(§§ 164-2 to 164-11) or one of the rule ids of those requirements, and a refused one is told both lists, every
entry of which is taken: not the exception of § 164-3 (a place used solely for religious worship needs no
certificate), nor §§ 164-4, 164-12, 164-13, 164-14 (a definition, the enforcement, the correction, the
penalties)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from publicassembly.law.jurisdictions.us_ny_mount_pleasant import JURISDICTION
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import (
    NOT_A_PERSONS_REQUIREMENT,
    VIOLABLE_RULES,
    VIOLABLE_SECTIONS,
    Violation,
)

EXCEPTION = "mount-pleasant/164-3/religious-worship-exception"


def _violation(rule: str) -> Violation:
    return Violation(rule=rule, offender="J. Doe", prior_offenses=0, date="2025-03-03")


def test_164_14_the_violable_rules_are_the_rule_books_requirements_of_164_2_to_164_11_in_order():
    in_sections = [r.id for r in JURISDICTION.rules if r.id.split("/")[1] in VIOLABLE_SECTIONS]
    assert list(VIOLABLE_RULES) == [r for r in in_sections if r not in NOT_A_PERSONS_REQUIREMENT]
    assert EXCEPTION in NOT_A_PERSONS_REQUIREMENT


def test_164_14_every_rule_id_and_section_listed_in_a_refusal_is_accepted():
    with pytest.raises(ValidationError) as e:
        _violation("mount-pleasant/164-99/none")
    message = str(e.value)
    for listed in (*VIOLABLE_SECTIONS, *VIOLABLE_RULES):
        assert listed in message
    for section in VIOLABLE_SECTIONS:
        assert _violation(section).section == section
    for rule_id in VIOLABLE_RULES:
        assert _violation(rule_id).section == rule_id.split("/")[1]
    assert _violation("§ 164-10").section == "164-10"


@pytest.mark.parametrize("rule_id", [EXCEPTION, "mount-pleasant/164-4/place-of-assembly",
                                     "mount-pleasant/164-12/enforcement", "mount-pleasant/164-13/correction",
                                     "mount-pleasant/164-14/penalty", "mount-pleasant/164-10/made-up"])
def test_164_3_exception_and_164_4_12_13_14_rule_ids_are_refused_and_not_listed(rule_id):
    with pytest.raises(ValidationError, match="allowed sections") as e:
        _violation(rule_id)
    listed = str(e.value).split("rule ids ", 1)[1]
    assert f"{rule_id}," not in listed and not listed.rstrip().endswith(rule_id)
