"""Two rooms of one place may not have names a reader takes for one (`same_name`: case and spaces not counted):
each room's sign names it (§ 164-9), and "Hall" beside "hall " could not be told apart. Refused in the law core
(a case file) and when a space is added or renamed (nothing stored); a space may be renamed to its own name
written differently."""

from __future__ import annotations

import pytest

from publicassembly.law.cases import parse_case
from publicassembly.law.errors import InvalidCase
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import same_name
from publicassembly.venues import services as vs
from publicassembly.workflow.errors import ValidationFailed


def test_same_name_ignores_case_and_spaces():
    assert same_name(" Grand  Ballroom ") == same_name("grand ballroom") == same_name("GRAND BALLROOM")
    assert same_name("Ballroom") != same_name("Ballroom 2")
    assert same_name("Caf\u00e9") == same_name("Cafe\u0301")  # é composed, and e with a combining acute accent


def _venue(*names: str) -> dict:
    return {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2026-11-30", "commercial": True,
            "spaces": [{"name": n, "use_group": "business", "area": 100} for n in names]}


@pytest.mark.parametrize("second", ["hall", "Hall ", " HALL", "hALL", "Hall\t", "H\u0041LL"])
def test_a_case_file_with_two_rooms_named_alike_is_refused_section_164_9(second):
    with pytest.raises(InvalidCase) as caught:
        parse_case(_venue("Hall", second))
    assert caught.value.field == "spaces[1].name"
    assert f"{second!r} is the name of space 'Hall' written differently" in str(caught.value)


def test_rooms_named_apart_and_a_name_of_spaces_only_section_164_9():
    assert len(parse_case(_venue("Hall", "Hall 2", "Hal")).facts.spaces) == 3
    with pytest.raises(InvalidCase) as caught:
        parse_case(_venue("Hall", "   "))
    assert caught.value.field == "spaces[1].name" and "a room or area needs a name" in str(caught.value)


@pytest.mark.django_db
def test_adding_or_renaming_a_space_to_a_name_read_alike_is_refused_and_changes_nothing(bi, hall):
    before = sorted((s.name, s.version) for s in hall.spaces.all())
    with pytest.raises(ValidationFailed) as e:
        vs.add_space(bi, hall, name="ballroom ", kind="room", use_group="assembly_without_fixed_seats", area=500)
    assert e.value.field == "name" and "already has a space named 'Ballroom'" in e.value.detail
    other = vs.add_space(bi, hall, name="Annex", kind="room", use_group="business", area=500)
    with pytest.raises(ValidationFailed) as e:
        vs.update_space(bi, other, name="BALLROOM", expected_version=other.version)
    assert e.value.field == "name"
    assert sorted((s.name, s.version) for s in hall.spaces.exclude(pk=other.pk)) == before
    ballroom = hall.spaces.get(name="Ballroom")
    renamed = vs.update_space(bi, ballroom, name="BALLROOM", expected_version=ballroom.version)
    assert renamed.name == "BALLROOM"


def test_a_name_encoded_two_ways_is_one_name_section_164_9():
    """"Café" with a composed é and with e and a combining accent print alike on two signs: refused."""
    with pytest.raises(InvalidCase) as caught:
        parse_case(_venue("Caf\u00e9", "Cafe\u0301"))
    assert caught.value.field == "spaces[1].name"


@pytest.mark.parametrize("second", ["Hall\u200b", "Hall\ufeff", "Hal\u00adl", "\u2060Hall", "Ｈａｌｌ", "ＨＡＬＬ"])
def test_a_name_with_a_character_that_shows_nothing_or_full_width_is_one_name_section_164_9_m30(second):
    """A zero-width space, a byte-order mark, a soft hyphen or a word joiner show nothing, and full-width letters
    read as the others: "Hall" and any of these would print as one name on two signs (§ 164-9; a new-user trial
    certified four rooms all signed "Hall"). Refused as written differently (M-30)."""
    with pytest.raises(InvalidCase) as caught:
        parse_case(_venue("Hall", second))
    assert caught.value.field == "spaces[1].name" and "written differently" in str(caught.value)


def test_names_that_differ_in_what_shows_stay_apart_m30():
    assert same_name("Hall 2") != same_name("Hall") != same_name("Hal")
    assert len(parse_case(_venue("Main Hall", "MainHall", "Hall")).facts.spaces) == 3


@pytest.mark.django_db
def test_adding_a_space_named_with_a_zero_width_space_is_refused_m30(bi, hall):
    before = sorted((s.name, s.version) for s in hall.spaces.all())
    with pytest.raises(ValidationFailed) as e:
        vs.add_space(bi, hall, name="Ballroom\u200b", kind="room", use_group="assembly_without_fixed_seats",
                     area=500)
    assert e.value.field == "name" and "already has a space named 'Ballroom'" in e.value.detail
    assert sorted((s.name, s.version) for s in hall.spaces.all()) == before
