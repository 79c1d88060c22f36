"""A room named by a user is read as the check of a name taken reads it, everywhere (interpretation M-26, after
M-23): an inspection's ``persons_by_space`` and ``signs`` (§§ 164-5, 164-7, 164-9) and a stop order's
``persons_by_space`` (§ 164-5) take "ballroom" as the room "Ballroom", and the record keeps the room's own
spelling. A new-user trial was refused ``{"main hall": 40}`` "no space of Trial Lanes is named 'main hall'; spaces:
Lanes, Lounge, Main Hall". A name read otherwise is still no room; one room named twice in two spellings is
refused as given twice; a name that reads as two rooms' (a pair stored before two rooms could not be so named) is
refused naming both. Each refusal is told once, every refusal at once."""

from __future__ import annotations

import pytest
from tests.refused import refusals

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import StopOrder
from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection, Space
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

SPACES = "Ballroom, Cocktail room, Terrace"


def _no_room(name: str, spaces: str = SPACES) -> str:
    return f"no space of Kensico Manor is named {name!r}; spaces: {spaces}"


@pytest.fixture
def insp(hall, bi, day):
    return vs.schedule_inspection(bi, hall, scheduled_for=day)


@pytest.mark.parametrize("written", ["Ballroom", "ballroom", "BALLROOM", " Ballroom ", "ballROOM\t", "  BALLROOM  "])
def test_164_5_an_inspection_counts_a_room_named_in_any_case_or_spacing_in_its_own_spelling_m26(
        hall, bi, day, insp, written):
    """311 in the Ballroom (310 lawful: 4,650 sq ft at 15 sq ft per person, § 164-7): overcrowded, the deficiency
    and the record naming "Ballroom" however it was written."""
    vs.record_inspection(bi, insp, done_on=day, persons_present=311, persons_by_space={written: 311},
                         signs={written.lower(): {"posted": False}})
    insp.refresh_from_db()
    assert insp.result == Inspection.DEFICIENCIES
    assert insp.observations["persons_by_space"] == {"Ballroom": 311}
    assert [s["room"] for s in insp.observations["signs"]] == ["Ballroom"]
    assert sorted((d.kind, d.space_name) for d in insp.deficiencies.exclude(space_name="")) == [
        ("missing_sign", "Ballroom"), ("overcrowding", "Ballroom")]
    assert insp.deficiencies.get(kind="overcrowding").detail == \
        "311 persons in Ballroom, occupant load 310 (§ 164-7)."


def test_164_5_the_boundary_310_in_the_ballroom_written_otherwise_is_no_overcrowding_m26(hall, bi, day, insp):
    vs.record_inspection(bi, insp, done_on=day, persons_present=310, persons_by_space={"BALLROOM": 310})
    insp.refresh_from_db()
    assert not insp.deficiencies.filter(kind="overcrowding").exists()
    assert insp.observations["persons_by_space"] == {"Ballroom": 310}


@pytest.mark.parametrize("written", ["Ballroom 2", "Balroom", "Ball room", "Dance floor"])
def test_a_name_read_otherwise_is_still_no_room_of_the_place_m26(hall, bi, day, insp, written):
    """The other side: a word more, a letter less, a space inside a word, another room."""
    told = refusals(lambda: vs.record_inspection(bi, insp, done_on=day, persons_by_space={written: 5},
                                                 signs={written: {"posted": True}}))
    assert told == [("signs", _no_room(written)), ("persons_by_space", _no_room(written))], told
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED


def test_one_room_named_twice_in_two_spellings_is_refused_as_given_twice_once_m26(hall, bi, day, insp):
    """{"Ballroom": 40, "ballroom": 50}: which count is the room's? Both refused, told once, with the signs'
    same question and an unknown room told beside them; nothing written."""
    told = refusals(lambda: vs.record_inspection(
        bi, insp, done_on=day, persons_by_space={"Ballroom": 40, "ballroom": 50, " BALLROOM": 60, "Stage": 1},
        signs={"terrace": {"posted": True}, "Terrace": {"posted": False}}))
    assert told == [
        ("signs", "the space 'Terrace' of Kensico Manor is named more than once ('terrace', 'Terrace'); give it "
                  "once"),
        ("persons_by_space", _no_room("Stage")),
        ("persons_by_space", "the space 'Ballroom' of Kensico Manor is named more than once ('Ballroom', "
                             "'ballroom', ' BALLROOM'); give it once"),
    ], told
    assert vs.inspection_refusals(bi, insp, done_on=day, persons_by_space={"Ballroom": 40, "ballroom": 50}) == [
        ("persons_by_space", "the space 'Ballroom' of Kensico Manor is named more than once ('Ballroom', "
                             "'ballroom'); give it once")]
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED and not insp.deficiencies.exists()


def test_two_rooms_each_named_once_in_another_case_are_both_counted_m26(hall, bi, day, insp):
    """The other side of "given twice": two rooms, each once."""
    vs.record_inspection(bi, insp, done_on=day, persons_present=100,
                         persons_by_space={"ballroom": 60, "COCKTAIL ROOM": 40})
    insp.refresh_from_db()
    assert insp.observations["persons_by_space"] == {"Ballroom": 60, "Cocktail room": 40}


def test_a_name_of_no_room_given_in_two_spellings_is_told_once_m26(hall, bi, day, insp):
    told = refusals(lambda: vs.record_inspection(bi, insp, done_on=day,
                                                 persons_by_space={"Stage": 1, "STAGE": 2}))
    assert told == [("persons_by_space", _no_room("Stage"))], told


def test_a_rooms_bad_count_is_named_as_given_and_m7_judged_on_the_rooms_as_stored_m26(hall, bi, day, insp):
    """A count refused names the room as the officer wrote it (the field of the body); M-7 adds the rooms read."""
    told = refusals(lambda: vs.record_inspection(bi, insp, done_on=day, persons_present=100,
                                                 persons_by_space={"ballroom": 101, "cocktail room": -1}))
    assert [f for f, _m in told] == ["persons_by_space[cocktail room]", "persons_by_space", "persons_present"]


@pytest.fixture
def legacy(hall):
    """The Terrace renamed "BALLROOM" in the database, as a place stored before two rooms could not be named
    alike may be (the services refuse it now)."""
    Space.objects.filter(venue=hall, name="Terrace").update(name="BALLROOM")
    return hall


@pytest.mark.parametrize("written", ["Ballroom", "BALLROOM", "ballroom"])
def test_a_name_of_two_stored_rooms_is_refused_naming_both_even_spelled_as_one_m26(legacy, bi, day, written):
    insp = vs.schedule_inspection(bi, legacy, scheduled_for=day)
    two = (f"{written!r} names more than one space of Kensico Manor: 'Ballroom', 'BALLROOM' (their names differ "
           "only in letter case or spaces); give each its own name first")
    told = refusals(lambda: vs.record_inspection(bi, insp, done_on=day, persons_by_space={written: 5},
                                                 signs={written: {"posted": True}}))
    assert told[:2] == [("signs", two), ("persons_by_space", two)], told
    assert vs.persons_by_space_refusals(legacy, {written: 5, written.swapcase(): 6}) == [("persons_by_space", two)]


def test_the_legacy_pair_other_room_is_read_alike_still_m26(legacy):
    assert vs.persons_by_space_refusals(legacy, {"cocktail ROOM": 5}) == []


def test_connects_with_a_name_of_two_stored_rooms_is_refused_naming_both_m26(legacy, bi):
    with pytest.raises(ValidationFailed) as e:
        vs.add_space(bi, legacy, name="Lounge", kind="room", use_group="assembly_without_fixed_seats", area=600,
                     common_entrance=True, connects_with=["ballroom", "Ballroom"])
    assert list(e.value.errors) == [
        ("connects_with", "'ballroom' names more than one space of Kensico Manor: 'Ballroom', 'BALLROOM' (their "
                          "names differ only in letter case or spaces); give each its own name first")]


def test_164_5_a_stop_order_counts_a_room_named_in_another_case_in_its_own_spelling_m26(hall, mp):
    police = mp["enforcement_officer"]
    order = es.record_stop_order(police, hall, performance="Wedding", persons_present=311,
                                 persons_by_space={"  BALLROOM ": 311})
    assert order.persons_by_space == {"Ballroom": 311} and order.overcrowding is True
    order.refresh_from_db()
    assert order.persons_by_space == {"Ballroom": 311}


def test_164_5_a_stop_order_refuses_one_room_named_twice_and_a_name_of_no_room_at_once_m26(hall, mp):
    police = mp["enforcement_officer"]
    told = refusals(lambda: es.record_stop_order(police, hall, performance="Wedding", persons_present=400,
                                                 persons_by_space={"Ballroom": 311, "ballroom": 311, "Stage": 1}))
    assert told == [("persons_by_space", _no_room("Stage")),
                    ("persons_by_space", "the space 'Ballroom' of Kensico Manor is named more than once "
                                         "('Ballroom', 'ballroom'); give it once")], told
    assert not StopOrder.objects.exists()
