"""Carmel ch. 31, permit requirements ¶ A (an assembly in excess of 500 persons; portions on several properties
counted in the aggregate; each owner letting property needs the permit) and the definitions ¶ B (an assembly
within the Town)."""

from __future__ import annotations

from typing import Any

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
    assert d.verdict.startswith("Whether a permit from the Town Board is required needs review")
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
