"""Carmel ch. 31 penalties ¶ A ("any person who … without first obtaining a written permit"; "any person who commits
or permits any act in violation of any provisions of this chapter"), interpretation W-19: the rules a violation
is recorded under are the duties a person has — the permit (¶ A), the facilities provided (¶ C(1)-(10)), the
cleanup (¶ F) and "any act in violation" (penalties ¶¶ A, B) — in the chapter's order; not the definitions, the
exemptions, the petition, the conditions of issuance, the fee nor the Town's own acts (an audit recorded a
conviction under "exemptions ¶ B" and the Board's 30 days)."""

from __future__ import annotations

from publicassembly.law.jurisdictions import get

CARMEL = get("carmel-ny")


def test_the_violable_rules_are_rules_of_the_chapter_in_its_order_penalties_a():
    ids = [r.id for r in CARMEL.rules]
    assert [r for r in ids if r in CARMEL.violable_rules] == list(CARMEL.violable_rules)


def test_a_persons_duties_only_penalties_a():
    listed = set(CARMEL.violable_rules)
    assert "carmel/permit/a-required" in listed and "carmel/issuance/f-cleanup" in listed
    assert {f"carmel/conditions/c{n}-" for n in range(1, 11)} == {
        r.split("-")[0] + "-" for r in listed if r.startswith("carmel/conditions/")}
    for not_a_duty in ("carmel/definitions/assembly", "carmel/exemptions/b-church", "carmel/permit/b-board-action",
                       "carmel/permit/b-hearing-notice", "carmel/permit/b-filing-deadline", "carmel/fee/filing",
                       "carmel/issuance/g-revocation", "carmel/penalties/c-injunction", "carmel/issuance/f-bond",
                       "carmel/petition/b1-applicant"):
        assert not_a_duty not in listed


def test_mount_pleasant_leaves_out_the_officials_duties_164_5_164_9():
    mp = get("mount-pleasant-ny").violable_rules
    assert "mount-pleasant/164-5/overcrowding" in mp and "mount-pleasant/164-9/sign" in mp
    assert "mount-pleasant/164-5/stop-performance" not in mp
    assert "mount-pleasant/164-9/certificate-lawful-occupancy" not in mp
