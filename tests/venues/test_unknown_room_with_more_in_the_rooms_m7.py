"""More persons counted in the rooms than present (§§ 164-5, 164-6; register M-7) is told with a room the place
does not have. A new-user trial recorded an inspection of Kensico Manor with ``persons_present`` 100 and
``persons_by_space`` ``{"Ballroom": 150, "Dance floor": 20}``: only the unknown "Dance floor" was told; once it
was removed, the 150 in the Ballroom against 100 present was refused. M-7 is now judged on the rooms the place
has whose counts are read (a room refused counts no one: the others' sum is already more than present, whatever
the room refused holds), and told with the rooms refused; nothing is written."""

from __future__ import annotations

import pytest
from tests.refused import fields, refusals

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import StopOrder
from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection

pytestmark = pytest.mark.django_db

NO_DANCE_FLOOR = ("no space of Kensico Manor is named 'Dance floor'; spaces: Ballroom, Cocktail room, Terrace")
MORE_IN_THE_KNOWN_ROOMS = ("the persons counted in the rooms not refused here, 150 in all, are already more than the "
                           "100 persons present (persons_present): a room's persons are among those present; "
                           "correct one count or the other")
FEWER_PRESENT = ("100 persons present is fewer than the 150 counted in the rooms not refused here "
                 "(persons_by_space); correct one count or the other")


@pytest.fixture
def insp(hall, bi, day):
    return vs.schedule_inspection(bi, hall, scheduled_for=day)


def test_an_unknown_room_and_more_in_the_rooms_than_present_are_both_told_m7(hall, bi, day, insp):
    told = refusals(lambda: vs.record_inspection(bi, insp, done_on=day, persons_present=100,
                                                 persons_by_space={"Ballroom": 150, "Dance floor": 20}))
    assert told == [("persons_by_space", NO_DANCE_FLOOR), ("persons_by_space", MORE_IN_THE_KNOWN_ROOMS),
                    ("persons_present", FEWER_PRESENT)], told
    assert vs.inspection_refusals(bi, insp, done_on=day, persons_present=100,
                                  persons_by_space={"Ballroom": 150, "Dance floor": 20}) == told
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED and not insp.deficiencies.exists()


def test_a_room_whose_count_is_refused_is_not_counted_the_others_judged_m7(hall, bi, day, insp):
    """The Cocktail room's count of -1 refused; the Ballroom's 101 against 100 present: both told."""
    told = refusals(lambda: vs.record_inspection(bi, insp, done_on=day, persons_present=100,
                                                 persons_by_space={"Ballroom": 101, "Cocktail room": -1}))
    assert fields(told) == ["persons_by_space[Cocktail room]", "persons_by_space", "persons_present"], told
    assert told[1][1].startswith("the persons counted in the rooms not refused here, 101 in all, are already more "
                                 "than the 100 persons present")


def test_the_known_rooms_as_many_as_present_leave_the_unknown_room_alone_m7(hall, bi, day, insp):
    """The boundary: the rooms the place has hold 100, as many as present — no contradiction in them; the unknown
    room alone is told. Without it, recorded."""
    told = refusals(lambda: vs.record_inspection(bi, insp, done_on=day, persons_present=100,
                                                 persons_by_space={"Ballroom": 100, "Dance floor": 20}))
    assert told == [("persons_by_space", NO_DANCE_FLOOR)], told
    vs.record_inspection(bi, insp, done_on=day, persons_present=100, persons_by_space={"Ballroom": 100})
    insp.refresh_from_db()
    assert insp.state == Inspection.DONE


def test_every_room_known_is_told_in_the_words_of_all_the_rooms_m7(hall, bi, day, insp):
    """No room refused: M-7 as before, the rooms' persons "in all"."""
    told = refusals(lambda: vs.record_inspection(bi, insp, done_on=day, persons_present=100,
                                                 persons_by_space={"Ballroom": 101}))
    assert told[0] == ("persons_by_space", "the persons counted in the rooms, 101 in all, are more than the 100 "
                                           "persons present (persons_present): a room's persons are among those "
                                           "present; correct one count or the other"), told


def test_a_stop_order_tells_the_unknown_room_with_more_in_the_rooms_than_present_m7(hall, mp, day):
    police = mp["enforcement_officer"]
    told = refusals(lambda: es.record_stop_order(police, hall, performance="Wedding", persons_present=100,
                                                 persons_by_space={"Ballroom": 150, "Dance floor": 20}))
    assert told == [("persons_by_space", NO_DANCE_FLOOR), ("persons_by_space", MORE_IN_THE_KNOWN_ROOMS),
                    ("persons_present", FEWER_PRESENT)], told
    assert not StopOrder.objects.exists()
