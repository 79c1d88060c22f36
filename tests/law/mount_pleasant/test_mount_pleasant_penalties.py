"""Mount Pleasant § 164-14: how offense numbers are worded."""

import pytest


@pytest.mark.parametrize(("n", "words"), [(1, "a first"), (2, "a second"), (3, "a third"), (4, "a 4th"),
                                          (8, "an 8th"), (11, "an 11th"), (12, "a 12th"), (18, "an 18th"),
                                          (21, "a 21st"), (22, "a 22nd"), (23, "a 23rd"), (111, "a 111th")])
def test_164_14_offense_numbers_read_as_english(n, words):
    """§ 164-14 counts offenses: the wording of the offense number in reasons, verdicts and summonses."""
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.penalties import an_ordinal

    assert an_ordinal(n) == words
