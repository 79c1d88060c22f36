"""Carmel ch. 31, permit requirements ¶ B(1), interpretation P-18: the directors and officers are a corporation's;
stated for an applicant who is not one, the case is refused naming ``applicant.directors_and_officers``."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from carmel_helpers import Determine

from publicassembly.law.errors import InvalidCase

OFFICERS = [{"name": "Ann Ferris (president)", "address": "1 Main St, Carmel NY"}]


@pytest.mark.parametrize("is_corporation", [False, None])
def test_officers_of_an_individual_are_refused_permit_requirements_b1_p18(
        determine: Determine, case: dict[str, Any], is_corporation: bool | None) -> None:
    """¶ B(1): an individual (is_corporation false, or not said: false by default) with officers is refused."""
    case = copy.deepcopy(case)
    case["applicant"].pop("is_corporation", None)
    if is_corporation is not None:
        case["applicant"]["is_corporation"] = is_corporation
    case["applicant"]["directors_and_officers"] = OFFICERS
    with pytest.raises(InvalidCase) as e:
        determine(case)
    assert e.value.field == "applicant.directors_and_officers"
    assert "named only when the applicant is a corporation (permit requirements ¶ B(1))" in e.value.message
    assert "is_corporation: true" in e.value.message


def test_officers_of_a_corporation_are_taken_permit_requirements_b1_p18(
        determine: Determine, case: dict[str, Any]) -> None:
    case = copy.deepcopy(case)
    case["applicant"].update(is_corporation=True, directors_and_officers=OFFICERS)
    d = determine(case)
    assert "petition.1.directors_and_officers" not in d.missing


@pytest.mark.parametrize("none_stated", [[], None])
def test_an_individual_stating_no_officers_is_taken_permit_requirements_b1_p18(
        determine: Determine, case: dict[str, Any], none_stated: list[Any] | None) -> None:
    """An empty list, or null, states no officers: nothing disagrees."""
    case = copy.deepcopy(case)
    case["applicant"].update(is_corporation=False, directors_and_officers=none_stated)
    determine(case)
