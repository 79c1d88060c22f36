"""A key that is not a field where a case gives it is refused, and told the field of that place it is likely
meant for: a misspelling (``nmae`` → ``name``), or a name whose words hold the field's or are held in them
(``floor_area`` → ``area``); nothing is suggested when no field is close or when two would be. The place is
followed through lists and unions (a device of Carmel's ``sound_equipment``, a list or "none")."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from publicassembly.law import jurisdictions
from publicassembly.law.cases import _fields_at, parse_case
from publicassembly.law.errors import InvalidCase

GENERIC = "is not a field of this kind of case (check the spelling; `publicassembly schema` lists them)"


def _told(case: dict) -> dict[str, str]:
    with pytest.raises(InvalidCase) as caught:
        parse_case(case)
    return {field: str(message) for field, message in caught.value.errors}


def _venue(**extra) -> dict:
    return {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2026-04-01", **extra}


def _suggests(name: str) -> str:
    return f"is not a field of this kind of case (did you mean {name!r}? `publicassembly schema` lists the fields)"


def test_a_misspelt_field_of_a_venue_is_told_its_likely_name():
    """Mount Pleasant ch. 164 venue case: ``nmae`` is one transposition from ``name``."""
    assert _told(_venue(nmae="Hall"))["nmae"] == _suggests("name")


def test_a_field_of_a_space_is_suggested_from_the_spaces_fields():
    """§ 164-7: a space's floor area is ``area``; ``floor_area`` holds its word and is told so, at the space."""
    told = _told(_venue(spaces=[{"name": "Hall", "use_group": "business", "floor_area": 500}]))
    assert told["spaces[0].floor_area"] == _suggests("area")


def test_no_suggestion_when_no_field_is_close():
    assert _told(_venue(colour="red"))["colour"] == GENERIC


def test_no_suggestion_when_two_fields_would_fit():
    """Carmel ch. 31: ``persons`` is a word of both ``max_persons_at_one_time`` (¶ A) and
    ``persons_collectively``: neither is guessed."""
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-05-01", "persons": 600}
    assert _told(case)["persons"] == GENERIC


def test_a_word_of_one_field_only_is_suggested():
    """§ 164-7: ``unit`` is a word of a space's ``area_unit`` only."""
    told = _told(_venue(spaces=[{"name": "Hall", "use_group": "business", "area": 500, "unit": "sq_ft"}]))
    assert told["spaces[0].unit"] == _suggests("area_unit")


def test_a_carmel_field_is_suggested_through_a_union_and_a_list():
    """Carmel ch. 31 ¶ B(6): a sound device of ``sound_equipment`` (a list of devices, or "none")."""
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-05-01",
            "petition": {"sound_equipment": [{"type": "loudspeaker", "numbr": 2}]}}
    assert _told(case)["petition.sound_equipment[0].numbr"] == _suggests("number")


def test_a_word_held_in_a_longer_field_name():
    """Carmel ¶ A: the persons at one time are ``max_persons_at_one_time``, whose words hold ``max_persons``'s."""
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-05-01", "max_persons": 600}
    assert _told(case)["max_persons"] == _suggests("max_persons_at_one_time")


@settings(max_examples=300, deadline=None)
@given(key=st.text(min_size=1, max_size=12).filter(lambda k: k not in {"jurisdiction", "subject", "as_of"}
                                                   and k not in _fields_at(
                                                       jurisdictions.get("mount-pleasant-ny").subjects["venue"], ())))
@example(key="s")  # (the end of "spaces", which is told "is required" beside it)
@example(key="Name")
def test_any_unknown_key_is_refused_with_a_suggestion_of_a_real_field_or_none(key):
    """Whatever the key, the refusal names it and suggests only a field the venue really has."""
    told = _told(_venue(**{key: 1}))
    message = told[key]  # (the key's own refusal: a key "s" must not be matched with "spaces: is required")
    fields = _fields_at(jurisdictions.get("mount-pleasant-ny").subjects["venue"], ())
    assert message == GENERIC or any(message == _suggests(f) for f in fields)
