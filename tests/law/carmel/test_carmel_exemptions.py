"""Carmel ch. 31, exemptions ¶¶ A-D: exceptions that override permit requirements ¶ A by declared priority, and
the conflict raised when two rules of one priority decide the same question."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from carmel_helpers import Determine, bare

from publicassembly.law import Finding, RuleBook, RuleConflict, Status, decide
from publicassembly.law.jurisdictions.us_ny_carmel import JURISDICTION, RULES
from publicassembly.law.jurisdictions.us_ny_carmel.context import Context

FIRST_DAY = "2026-09-12"


def _case(**sponsor: Any) -> dict[str, Any]:
    full = {"name": "Sponsor", "sponsored": True, "organized": True, "authorized": True, **sponsor}
    return bare(max_persons_at_one_time=2000, dates={"first_day": FIRST_DAY}, sponsor=full)


def test_private_school_located_in_the_town_is_exempt_exemptions_a(determine: Determine) -> None:
    d = determine(_case(kind="private_school", located_in_town=True))
    assert d.permit_required is False
    assert d.exemption == {"rule": "carmel/exemptions/a-school", "citation": "Carmel Code ch. 31, exemptions ¶ A"}
    assert d.verdict.startswith("No permit is required: the chapter does not apply")


def test_parochial_school_outside_the_town_is_not_exempt_exemptions_a(determine: Determine) -> None:
    d = determine(_case(kind="parochial_school", located_in_town=False))
    assert d.permit_required is True and d.exemption is None


def test_public_school_is_not_listed_and_not_exempt_exemptions_a(determine: Determine) -> None:
    d = determine(_case(kind="public_school", located_in_town=True))
    assert d.permit_required is True
    f = d.finding("carmel/exemptions/a-school")
    assert f.status is Status.NOT_APPLICABLE
    assert "A public school is not among the exempt sponsors" in f.reason


def test_church_with_a_place_of_worship_in_the_town_is_exempt_exemptions_b(determine: Determine) -> None:
    assert determine(_case(kind="church", established=True, place_of_worship_in_town=True)).permit_required is False


@pytest.mark.parametrize(("established", "worship", "permit", "missing"), [
    (True, True, False, ()),
    (False, True, True, ()),
    (None, True, "needs_review", ("sponsor.established",)),
    (None, None, "needs_review", ("sponsor.established", "sponsor.place_of_worship_in_town")),
    (False, None, True, ()),
    (None, False, True, ()),
])
def test_only_an_established_church_is_exempt_and_unstated_is_not_decided_exemptions_b_interpretation_c14(
        determine: Determine, established: bool | None, worship: bool | None, permit: object,
        missing: tuple[str, ...]) -> None:
    """Exemptions ¶ B, C-14: "any established church maintaining a place of worship within the Town". Both are
    stated facts: either one false and the chapter applies to 2,000 persons (permit required); either unstated
    (and neither false) and whether a permit is required is left for review, naming what is missing."""
    sponsor = {k: v for k, v in (("established", established), ("place_of_worship_in_town", worship))
               if v is not None}
    d = determine(_case(kind="church", **sponsor))
    f = d.finding("carmel/exemptions/b-church")
    assert d.permit_required == permit
    assert f.missing == missing
    if established is False:
        assert f.status is Status.NOT_APPLICABLE and f.reason == "The sponsor is not an established church."


def test_church_without_a_place_of_worship_in_the_town_is_not_exempt_exemptions_b(determine: Determine) -> None:
    assert determine(_case(kind="church", place_of_worship_in_town=False)).permit_required is True


@pytest.mark.parametrize(("kind", "rule"), [("veterans_organization", "carmel/exemptions/c-veterans"),
                                             ("civic_group", "carmel/exemptions/d-civic-group")])
def test_chapter_maintained_exactly_one_year_is_exempt_exemptions_c_d(determine: Determine, kind: str,
                                                                     rule: str) -> None:
    d = determine(_case(kind=kind, chapter_in_town_since="2025-09-12"))
    assert d.permit_required is False and d.exemption is not None and d.exemption["rule"] == rule


@pytest.mark.parametrize("kind", ["veterans_organization", "civic_group"])
def test_chapter_one_year_less_a_day_is_not_exempt_exemptions_c_d(determine: Determine, kind: str) -> None:
    d = determine(_case(kind=kind, chapter_in_town_since="2025-09-13"))
    assert d.permit_required is True
    assert "has not been maintained for 1 year prior to" in " ".join(f.reason for f in d.findings)


def test_chapter_date_absent_is_missing_and_needs_review_exemptions_c(determine: Determine) -> None:
    d = determine(_case(kind="veterans_organization"))
    assert d.permit_required == "needs_review"
    assert "sponsor.chapter_in_town_since" in d.missing


def test_assembly_not_authorized_by_the_church_is_not_exempt_exemptions_b(determine: Determine) -> None:
    """Sponsored and organized but not authorized: all three are needed."""
    d = determine(_case(kind="church", established=True, place_of_worship_in_town=True, authorized=False))
    assert d.permit_required is True
    assert "not authorized by an established church" in d.finding("carmel/exemptions/b-church").reason


def test_authorization_unknown_is_missing_exemptions_b(determine: Determine) -> None:
    d = determine(_case(kind="church", established=True, place_of_worship_in_town=True, authorized=None))
    assert d.permit_required == "needs_review"
    assert d.finding("carmel/exemptions/b-church").missing == ("sponsor.authorized",)


def test_exemption_of_an_assembly_of_500_still_says_the_chapter_does_not_apply_exemptions_b(
        determine: Determine) -> None:
    data = _case(kind="church", established=True, place_of_worship_in_town=True)
    data["max_persons_at_one_time"] = 500
    assert determine(data).exemption is not None


@pytest.mark.parametrize(("kind", "facts"), [("church", {}), ("veterans_organization", {}),
                                              ("private_school", {}), ("civic_group", {"organized": None})])
def test_exemption_facts_missing_do_not_unsettle_an_assembly_of_500_exemptions_and_permit_requirements_a(
        determine: Determine, kind: str, facts: dict[str, Any]) -> None:
    """Carmel ch. 31, exemptions ¶¶ A-D and permit requirements ¶ A: a permit is needed only "in excess of 500
    persons". An exemption whose facts are missing can only take away a permit ¶ A requires, so for 500 persons
    no permit is required whatever they are, and a violation described carries no penalty (it was "needs
    review", with up to $250 and 15 days a day, before)."""
    data = _case(kind=kind, **facts)
    data["max_persons_at_one_time"] = 500
    data["violation"] = {"days_of_continued_violation": 2}
    d = determine(data)
    assert d.permit_required is False and d.exemption is None and d.penalty is None
    assert d.verdict.startswith("No permit is required: 500 persons at one time is not in excess of 500")
    data["max_persons_at_one_time"] = 501
    d = determine(data)
    assert d.permit_required == "needs_review" and d.penalty is not None and d.penalty.violations == 2


def test_exemptions_are_declared_exceptions_of_the_permit_rule_exemptions_and_permit_requirements_a() -> None:
    by_id = {r.id: r for r in RULES}
    base = by_id["carmel/permit/a-required"]
    exemptions = [r for r in RULES if r.id.startswith("carmel/exemptions/")]
    assert len(exemptions) == 4
    assert all(r.decides == base.decides == "permit_required" and r.priority > base.priority
               for r in exemptions)


def test_two_rules_of_one_priority_deciding_the_permit_raise_rule_conflict_exemptions_b() -> None:
    """A rival rule registered at the exemptions' priority collides with the church exemption: the core refuses
    to pick one by the order of evaluation."""
    book = RuleBook("test")
    rival_priority = RULES["carmel/exemptions/b-church"].priority

    @book.rule("test/rival-exemption", cites="Carmel Code ch. 31, exemptions ¶ B", decides="permit_required",
               priority=rival_priority)
    def rival(ctx: Context) -> Finding:
        """A rival reading: every religious observance is exempt."""
        return Finding("test/rival-exemption", Status.MET, "Carmel Code ch. 31, exemptions ¶ B", "rival",
                       outcome=False)

    data = _case(kind="church", established=True, place_of_worship_in_town=True)
    facts = JURISDICTION.subjects["event"].model_validate(
        {k: v for k, v in data.items() if k not in ("jurisdiction", "subject", "as_of")})
    ctx = Context(facts, JURISDICTION.parameters.at(date(2026, 5, 1)))  # type: ignore[arg-type]
    pairs = [(r, r(ctx)) for r in [*RULES, *book] if r.decides == "permit_required"]
    with pytest.raises(RuleConflict) as err:
        decide("permit_required", pairs)
    assert set(err.value.rules) == {"carmel/exemptions/b-church", "test/rival-exemption"}
    # Without the rival, the church exemption wins over ¶ A by priority.
    winner = decide("permit_required", [p for p in pairs if p[0].id != "test/rival-exemption"])
    assert winner is not None and winner[0].id == "carmel/exemptions/b-church"
