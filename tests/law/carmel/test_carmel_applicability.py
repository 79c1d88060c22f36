"""Carmel ch. 31, permit requirements ¶ A (an assembly in excess of 500 persons; portions on several properties
counted in the aggregate; each owner letting property needs the permit) and the definitions ¶ B (an assembly
within the Town)."""

from __future__ import annotations

from typing import Any

import pytest
from carmel_helpers import Determine, bare

from publicassembly.law import Status


def test_500_persons_needs_no_permit_permit_requirements_a(determine: Determine) -> None:
    d = determine(bare(max_persons_at_one_time=500, dates={"first_day": "2026-09-12"}))
    assert d.permit_required is False
    assert d.verdict == ("No permit is required: 500 persons at one time is not in excess of 500 "
                         "(Carmel Code ch. 31, permit requirements ¶ A).")
    assert d.deadlines == {}
    assert d.requirements["parking_spaces"] is None and d.requirements["permit_holders"] == []
    assert d.finding("carmel/petition/b1-applicant").status is Status.NOT_APPLICABLE
    assert d.missing == []


def test_501_persons_needs_a_permit_permit_requirements_a(determine: Determine) -> None:
    d = determine(bare(max_persons_at_one_time=501, dates={"first_day": "2026-09-12"}))
    assert d.permit_required is True
    assert d.verdict == ("A permit from the Town Board is required: 501 persons at one time is in excess of 500 "
                         "(Carmel Code ch. 31, permit requirements ¶ A).")
    assert d.finding("carmel/permit/a-required").status is Status.MET


def _two(a: int, b: int) -> list[dict[str, Any]]:
    return [{"address": "1 North Field", "record_owner": "Ann Owner", "max_persons_at_one_time": a},
            {"address": "2 South Field", "record_owner": "Bob Owner", "max_persons_at_one_time": b}]


def test_portions_on_two_properties_counted_in_the_aggregate_301_plus_200_permit_requirements_a(
        determine: Determine) -> None:
    """Neither portion alone exceeds 500; together 501 do: each owner needs the permit."""
    d = determine(bare(properties=_two(301, 200)))
    assert d.permit_required is True
    assert d.requirements["permit_holders"] == ["Ann Owner", "Bob Owner"]
    assert "in the aggregate" in d.verdict
    assert "Ann Owner, Bob Owner" in d.finding("carmel/permit/a-required").reason


def test_portions_on_two_properties_300_plus_200_need_no_permit_permit_requirements_a(
        determine: Determine) -> None:
    assert determine(bare(properties=_two(300, 200))).permit_required is False


def _one_unknown(a: int) -> list[dict[str, Any]]:
    return [{"address": "1 North Field", "record_owner": "Ann Owner", "max_persons_at_one_time": a},
            {"address": "2 South Field", "record_owner": "Bob Owner"}]


def test_known_portions_already_over_500_require_a_permit_though_another_is_unknown_permit_requirements_a(
        determine: Determine) -> None:
    """¶ A counts the portions in the aggregate: 501 persons on one property, the other's number not given, is
    already in excess of 500 — a permit is required (found by a legal audit); the other number is still missing."""
    d = determine(bare(properties=_one_unknown(501)))
    assert d.permit_required is True
    f = d.finding("carmel/permit/a-required")
    assert f.status is Status.MET and "already in excess of 500" in f.reason
    assert "petition.2.max_persons_at_one_time" in d.missing


def _known(*numbers: int | None) -> list[dict[str, Any]]:
    return [{"address": f"{i} Field", "record_owner": f"Owner {i}"}
            | ({} if n is None else {"max_persons_at_one_time": n}) for i, n in enumerate(numbers, 1)]


@pytest.mark.parametrize("numbers, known", [((320, 300, None), 620), ((501, None), 501), ((None, 250, 251), 501)])
def test_known_portions_verdict_states_the_known_total_permit_requirements_a(
        determine: Determine, numbers: tuple[int | None, ...], known: int) -> None:
    """¶ A, C-4: the properties whose numbers are given already exceed 500 in the aggregate (501 and more): the
    verdict states how many they hold ("at least 620 persons"), not "the number of persons"; ¶ A's finding keeps
    it in its values."""
    d = determine(bare(properties=_known(*numbers)))
    assert d.permit_required is True
    assert d.verdict == (f"A permit from the Town Board is required: at least {known:,} persons at one time in the "
                         "aggregate, counting only the properties whose numbers are given, is in excess of 500 "
                         "(Carmel Code ch. 31, permit requirements ¶ A).")
    assert d.finding("carmel/permit/a-required").values["persons_known_at_one_time"] == known
    assert "the number of persons" not in d.verdict


def test_known_portions_at_500_state_no_total_permit_requirements_a(determine: Determine) -> None:
    """¶ A, C-4: 250 + 250 known, a third not given: not in excess of 500 yet, so no permit answer and no known
    total in the verdict or the finding (the answer waits for the missing number)."""
    d = determine(bare(properties=_known(250, 250, None)))
    assert d.permit_required is None
    assert "persons_known_at_one_time" not in d.finding("carmel/permit/a-required").values
    assert "at least" not in d.verdict


def test_known_portions_at_500_with_another_unknown_cannot_be_determined_permit_requirements_a(
        determine: Determine) -> None:
    """500 known persons are not in excess of 500; with another property's number unknown, ¶ A is missing."""
    d = determine(bare(properties=_one_unknown(500)))
    assert d.permit_required is None
    assert d.finding("carmel/permit/a-required").status is Status.MISSING


def test_collective_count_alone_over_500_needs_review_permit_requirements_a(determine: Determine) -> None:
    """400 at one time on each of three days, 1,200 collectively: interpretation C-4."""
    d = determine(bare(max_persons_at_one_time=400, persons_collectively=1200,
                       dates={"first_day": "2026-09-11", "last_day": "2026-09-13"}))
    assert d.permit_required == "needs_review"
    assert d.verdict.startswith("Whether a permit from the Town Board is required needs review: at most 400 "
                                "persons at one time is not in excess of 500, but 1,200 persons collectively over "
                                "the assembly is")  # (the reason quoted mid-sentence, its first letter lowered)
    assert d.deadlines["application_due"].date.isoformat() == "2026-07-13"


def test_collective_count_of_500_needs_no_permit_permit_requirements_a(determine: Determine) -> None:
    d = determine(bare(max_persons_at_one_time=400, persons_collectively=500))
    assert d.permit_required is False


def test_no_count_of_persons_cannot_be_determined_and_is_missing_permit_requirements_a(
        determine: Determine) -> None:
    d = determine(bare())
    assert d.permit_required is None
    assert d.finding("carmel/permit/a-required").status is Status.MISSING
    assert d.missing[:2] == ["petition.2.max_persons_at_one_time", "petition.verified"]
    assert d.verdict.startswith("Whether a permit from the Town Board is required cannot be determined")


def test_place_outside_the_town_needs_no_permit_definitions_b(determine: Determine) -> None:
    d = determine(bare(max_persons_at_one_time=5000, within_town=False))
    assert d.permit_required is False
    assert d.finding("carmel/definitions/assembly").status is Status.NOT_MET
    assert "not within the Town of Carmel" in d.verdict


def test_gathering_without_a_stated_purpose_needs_review_definitions_b(determine: Determine) -> None:
    d = determine(bare(max_persons_at_one_time=600))
    assert d.finding("carmel/definitions/assembly").status is Status.NEEDS_REVIEW
    d = determine(bare(max_persons_at_one_time=600, purpose="Festival"))
    assert d.finding("carmel/definitions/assembly").status is Status.MET
