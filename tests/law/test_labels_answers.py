"""An answer the law core leaves to an official (Mount Pleasant §§ 164-3, 164-4: whether a place is a place of
assembly, and so whether a certificate is required; Carmel ch. 31 ¶ C(7): whether housing is required) is the
value ``"needs_review"``: every door shows it in words, "needs review" (a message, translated on the pages), as a
finding's status is named; a room or other text of the case that happens to read so is shown as given."""

from __future__ import annotations

import pytest

from publicassembly.law import labels
from publicassembly.law.messages import Message


@pytest.mark.parametrize("key", ["place_of_assembly", "required", "housing_required"])
def test_needs_review_of_an_answer_reads_in_words(key):
    said = labels.value(key, "needs_review")
    assert isinstance(said, Message) and str(said) == "needs review"


@pytest.mark.parametrize(("key", "value"), [("required", True), ("required", False), ("required", 1),
                                            ("room", "needs_review"), ("location", "needs_review")])
def test_other_values_are_shown_as_given(key, value):
    assert labels.value(key, value) == value
