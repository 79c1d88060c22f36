"""The grammar of rules as code (law/core.py): fact states, rule books, and exceptions by priority.

The discipline is Catala's: among rules that decide the same question, an exception is declared by a higher
priority, and two applicable rules with no priority between them are a conflict, never an accident of order.
The example rule book below mirrors Carmel ch. 31: a permit above 500 persons, and the exemptions of the
applicability section (a school or church sponsor) as exceptions of higher priority.
"""

from __future__ import annotations

import pytest

from publicassembly.law import FactState, Finding, RuleBook, RuleConflict, Status, decide, fact_state

CITE_THRESHOLD = "Carmel Code ch. 31, permit requirements ¶ A"
CITE_SCHOOL = "Carmel Code ch. 31, exemptions ¶ A"
CITE_CHURCH = "Carmel Code ch. 31, exemptions ¶ B"


def _book(church_priority: int = 10) -> RuleBook:
    """A test rule book: the base rule (priority 0) and two exemptions (school at 10, church as given)."""
    book = RuleBook("test")

    @book.rule("test/threshold", cites=CITE_THRESHOLD, decides="permit_required")
    def threshold(persons: int, sponsor: str | None) -> Finding:
        """A permit is required for an assembly in excess of 500 persons.

        Second line, not part of the summary."""
        return Finding("test/threshold", Status.MET, CITE_THRESHOLD, "over 500" if persons > 500 else "500 or less",
                       values={"persons": persons}, outcome=persons > 500)

    @book.rule("test/exempt-school", cites=CITE_SCHOOL, decides="permit_required", priority=10)
    def school(persons: int, sponsor: str | None) -> Finding:
        """A school's assembly is exempt."""
        if sponsor != "school":
            return Finding("test/exempt-school", Status.NOT_APPLICABLE, CITE_SCHOOL, "not a school")
        return Finding("test/exempt-school", Status.MET, CITE_SCHOOL, "school", outcome=False)

    @book.rule("test/exempt-church", cites=CITE_CHURCH, decides="permit_required", priority=church_priority)
    def church(persons: int, sponsor: str | None) -> Finding:
        """A church's assembly is exempt."""
        if sponsor not in ("church", "both"):
            return Finding("test/exempt-church", Status.NOT_APPLICABLE, CITE_CHURCH, "not a church")
        return Finding("test/exempt-church", Status.MET, CITE_CHURCH, "church", outcome=False)

    @book.rule("test/hearing", cites="Carmel Code ch. 31, permit requirements ¶ B")
    def hearing(persons: int, sponsor: str | None) -> Finding:
        """A rule that decides no question."""
        return Finding("test/hearing", Status.NEEDS_REVIEW, "Carmel Code ch. 31, permit requirements ¶ B", "x")

    return book


def _apply(book: RuleBook, persons: int, sponsor: str | None):
    return [(rule, rule(persons, sponsor)) for rule in book]


def test_rule_book_keeps_chapter_order_and_first_docstring_line_as_summary():
    """Rules are listed in the order they are registered (the chapter's order), with their citation and the
    first line of their docstring as summary (Carmel ch. 31, permit requirements ¶ A)."""
    book = _book()
    assert [r.id for r in book] == ["test/threshold", "test/exempt-school", "test/exempt-church", "test/hearing"]
    assert len(book) == 4
    assert book["test/threshold"].summary == "A permit is required for an assembly in excess of 500 persons."
    assert book["test/threshold"].citation == CITE_THRESHOLD
    assert book["test/hearing"].decides is None


def test_rule_id_registered_twice_is_refused():
    """A rule id names one provision; registering it twice is an error, not a silent replacement."""
    book = RuleBook("test")
    book.rule("x", cites="c")(lambda: Finding("x", Status.MET, "c", "r"))
    with pytest.raises(ValueError, match="'x' is registered twice"):
        book.rule("x", cites="c")(lambda: Finding("x", Status.MET, "c", "r"))


@pytest.mark.parametrize(("persons", "required"), [(500, False), (501, True)])
def test_base_rule_decides_when_no_exception_applies(persons, required):
    """Carmel ch. 31 ¶ A: with no exemption applicable (both are not_applicable and are ignored), the base
    rule of priority 0 decides: 500 persons need no permit, 501 do."""
    rule, finding = decide("permit_required", _apply(_book(), persons, None))
    assert rule.id == "test/threshold"
    assert finding.outcome is required


def test_exception_of_higher_priority_overrides_base_rule():
    """Carmel ch. 31, exemptions ¶ A: a school's assembly of 10,000 persons is exempt: the exemption
    (priority 10) wins over the threshold rule (priority 0) that would require a permit."""
    rule, finding = decide("permit_required", _apply(_book(), 10_000, "school"))
    assert rule.id == "test/exempt-school"
    assert finding.outcome is False


def test_highest_of_three_priorities_wins():
    """With the church exemption declared an exception of the school exemption (priority 20 > 10), the
    church rule decides even when all three apply."""
    book = _book(church_priority=20)
    rule, _ = decide("permit_required", _apply(book, 600, "church"))
    assert rule.id == "test/exempt-church"


def test_two_applicable_rules_of_equal_priority_raise_rule_conflict():
    """Two exceptions at the same priority that both apply, with no priority declared between them, raise
    RuleConflict naming both rules and the question; the lower-priority base rule does not hide the conflict."""
    book = RuleBook("test")
    for rid in ("test/a", "test/b"):
        book.rule(rid, cites="c", decides="permit_required", priority=10)(
            lambda rid=rid: Finding(rid, Status.MET, "c", "applies", outcome=False))
    book.rule("test/base", cites="c", decides="permit_required")(
        lambda: Finding("test/base", Status.MET, "c", "applies", outcome=True))
    with pytest.raises(RuleConflict) as info:
        decide("permit_required", [(r, r()) for r in book])
    assert info.value.rules == ["test/a", "test/b"]
    assert info.value.decision == "permit_required"
    assert "test/a, test/b" in str(info.value)


def test_equal_priority_is_no_conflict_when_only_one_applies():
    """Equal priorities conflict only when both rules apply: the not_applicable one is ignored."""
    book = _book(church_priority=10)
    rule, _ = decide("permit_required", _apply(book, 600, "church"))
    assert rule.id == "test/exempt-church"


def test_decide_returns_none_when_no_rule_applies_or_none_decides_the_question():
    """A question no applicable rule decides has no answer (None), rather than a default."""
    book = RuleBook("test")
    book.rule("x", cites="c", decides="permit_required")(lambda: Finding("x", Status.NOT_APPLICABLE, "c", "r"))
    assert decide("permit_required", [(r, r()) for r in book]) is None
    assert decide("certificate_required", _apply(_book(), 600, None)) is None


@pytest.mark.parametrize(
    ("value", "state"),
    [
        ("Jane Doe", FactState.PROVIDED),
        (0, FactState.PROVIDED),  # zero persons is a fact, not an absence
        (False, FactState.PROVIDED),  # "no food will be served" is a statement
        ([1], FactState.PROVIDED),
        (None, FactState.ABSENT),
        ("", FactState.ABSENT),
        ("   ", FactState.ABSENT),
        ([], FactState.ABSENT),
        ({}, FactState.ABSENT),
        ((), FactState.ABSENT),
        (set(), FactState.ABSENT),
        ("not_applicable", FactState.NOT_APPLICABLE),
        ("n/a", FactState.NOT_APPLICABLE),
        ("N/A", FactState.NOT_APPLICABLE),
        (" Not_Applicable ", FactState.NOT_APPLICABLE),
    ],
)
def test_fact_state(value, state):
    """A fact is provided, absent or not applicable (the completeness of a Carmel verified petition, ch. 31
    permit requirements ¶ B(1)-(15), follows from it): "n/a" and "not_applicable" in any case are not
    applicable; None, blank text and empty collections are absent; anything else, zero and false included,
    is provided."""
    assert fact_state(value) is state


def test_fact_state_not_applicable_when_the_case_makes_it_so():
    """Carmel ch. 31 ¶ B(14): the housing statement applies only when the assembly continues from one day into
    another; `applies=False` makes the fact not applicable whatever its value."""
    assert fact_state(None, applies=False) is FactState.NOT_APPLICABLE
    assert fact_state("tents for 200", applies=False) is FactState.NOT_APPLICABLE


def test_finding_to_json_is_plain_data():
    """A finding's JSON has the stable keys rule, status, citation, reason, values (Decimal made exact)."""
    from decimal import Decimal

    f = Finding("r", Status.NOT_MET, "Mount Pleasant Code § 164-7", "why", values={"area_sq_ft": Decimal("1500.5")})
    assert f.to_json() == {"rule": "r", "status": "not_met", "citation": "Mount Pleasant Code § 164-7",
                           "reason": "why", "values": {"area_sq_ft": 1500.5}}


def test_a_derived_number_is_computed_once_and_kept():
    """`derived` (the contexts' numbers derived from the facts, e.g. Carmel's deadlines): computed on first use,
    then read from the instance without computing it again; the class gives the descriptor and its docstring."""
    from publicassembly.law.core import derived

    class Ctx:
        calls = 0

        @derived
        def persons(self) -> int:
            """Persons at one time."""
            type(self).calls += 1
            return 501

    ctx = Ctx()
    assert ctx.persons == 501 and ctx.persons == 501 and Ctx.calls == 1
    assert Ctx().persons == 501 and Ctx.calls == 2  # each context its own
    assert isinstance(Ctx.__dict__["persons"], derived) and Ctx.persons.__doc__ == "Persons at one time."
