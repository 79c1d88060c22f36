"""The violation form (Mount Pleasant §§ 164-12/164-13, Carmel ch. 31 penalties) names each rule by its citation
and summary, never by the internal rule id; the submitted value stays the id."""

from __future__ import annotations

import pytest

from publicassembly.web.forms.enforcement import RULE_LABEL_CHARS, ViolationForm, rule_label


def test_rule_label_cites_the_section_and_summary():
    """§ 164-3: the town's code is left out of the citation; the summary follows a dash."""
    label = rule_label("Mount Pleasant Code § 164-3", "A place of assembly shall not be maintained without a "
                                                      "certificate (§ 164-3).")
    assert label == "§ 164-3 — A place of assembly shall not be maintained without a certificate (§ 164-3)."


def test_rule_label_of_carmel_keeps_the_paragraph_and_drops_markup():
    label = rule_label("Carmel Code ch. 31, permit requirements ¶ C(6)", "¶ C(6): parking: ``ceil(n / 4)``")
    assert label == "permit requirements ¶ C(6) — ¶ C(6): parking: ceil(n / 4)"


def test_rule_label_shortens_a_long_summary_at_a_word():
    words = "word " * 60
    label = rule_label("Mount Pleasant Code § 164-5", words)
    summary = label.removeprefix("§ 164-5 — ")
    assert len(summary) <= RULE_LABEL_CHARS and summary.endswith(" …")
    exact = "x" * RULE_LABEL_CHARS  # exactly at the limit: not shortened
    assert rule_label("Mount Pleasant Code § 164-5", exact) == f"§ 164-5 — {exact}"


@pytest.mark.django_db
def test_mount_pleasant_violation_form_labels_are_citations_not_ids(mount_pleasant):
    """§ 164-3 certificate: value 'mount-pleasant/164-3/certificate', label '§ 164-3 — A place of assembly …'."""
    choices = dict(ViolationForm(town=mount_pleasant).fields["rule_id"].choices)
    assert choices["mount-pleasant/164-3/certificate"].startswith("§ 164-3 — A place of assembly shall not be")
    assert all("mount-pleasant/" not in label and "Mount Pleasant Code" not in label for label in choices.values())
    assert "mount-pleasant/164-4/place-of-assembly" not in choices  # § 164-4 defines; it cannot be violated


@pytest.mark.django_db
def test_carmel_violation_form_labels_are_citations_not_ids(carmel):
    choices = dict(ViolationForm(town=carmel).fields["rule_id"].choices)
    assert choices["carmel/permit/a-required"].startswith("permit requirements ¶ A — A written permit of the Town")
    assert all("carmel/" not in label for label in choices.values())
