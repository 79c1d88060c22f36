"""A fact that may be one of two kinds (Carmel ¶ B(6): ``sound_equipment`` is a list of devices, or "none") is
refused in the words of the kind it was given as, under its own name: a list whose device has a bad number is
told that device's problems at ``petition.sound_equipment[0].number`` — not pydantic's member names
(``list[SoundDevice]``, ``literal['none']``) and not also "should be 'none'". A value of neither kind is told
both kinds."""

from __future__ import annotations

import pytest

from publicassembly.law.cases import parse_case
from publicassembly.law.errors import InvalidCase


def _errors(sound_equipment) -> list[tuple[str, str]]:
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-05-01", "max_persons_at_one_time": 600,
            "petition": {"sound_equipment": sound_equipment}}
    with pytest.raises(InvalidCase) as caught:
        parse_case(case)
    return [(field, str(message)) for field, message in caught.value.errors]


def test_a_list_is_told_its_devices_problems_only():
    errors = _errors([{"type": "loudspeaker", "number": 8.5}])
    assert errors == [("petition.sound_equipment[0].number",
                       "must be a whole number, without a fractional part (got 8.5)")]


def test_no_member_name_of_the_union_is_shown():
    errors = _errors([{"kind": "loudspeaker", "number": 8.5}])
    fields = [field for field, _message in errors]
    assert fields == ["petition.sound_equipment[0].type", "petition.sound_equipment[0].number",
                      "petition.sound_equipment[0].kind"]
    assert not any("[SoundDevice]" in f or "literal" in f for f in fields)


def test_a_value_of_neither_kind_is_told_both_kinds():
    errors = _errors(5)
    assert errors == [("petition.sound_equipment", "must be a list (got 5)"),
                      ("petition.sound_equipment", "must be one of: 'none' (got 5)")]


def test_the_words_of_either_kind_are_taken():
    for given in ("none", [{"type": "loudspeaker", "number": 8}]):
        case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-05-01",
                "max_persons_at_one_time": 600, "petition": {"sound_equipment": given}}
        assert parse_case(case).facts.petition.sound_equipment is not None


def test_a_files_own_key_is_named_whatever_it_looks_like():
    """An unknown key of the file is named as written, even one that looks like pydantic's name of a member
    (``list[x]``) or holds brackets."""
    errors = _errors([{"type": "loudspeaker", "number": 1, "list[x]": 2, "a[b": 3}])
    assert [field for field, _message in errors] == ["petition.sound_equipment[0].list[x]",
                                                     "petition.sound_equipment[0].a[b"]


def test_a_bad_as_of_is_told_with_the_facts_errors_not_instead_of_them():
    """A case whose date is not of the calendar and whose persons are negative is told both (the date first),
    not only the date."""
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-02-30", "max_persons_at_one_time": -4}
    with pytest.raises(InvalidCase) as caught:
        parse_case(case)
    assert [field for field, _message in caught.value.errors] == ["as_of", "max_persons_at_one_time"]
    assert caught.value.field == "as_of" and str(caught.value.message).endswith("(and 1 more error)")
    alone = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-02-30", "max_persons_at_one_time": 4}
    with pytest.raises(InvalidCase) as caught:
        parse_case(alone)
    assert caught.value.errors == (("as_of", caught.value.message),)
