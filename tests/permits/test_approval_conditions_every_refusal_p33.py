"""The Town Board's conditions (permit requirements ¶ B; interpretation P-33) are refused each by its place in the
list, every one at once. A new-user trial approved with ``conditions`` ``["", "\\u0007"]``: only the empty one was
told (as the whole list, ``conditions``), and the bell, which the permit cannot print (G-6), only once the empty
one was removed. Now an empty condition and an unprintable one are told together, ``conditions[0]`` and
``conditions[1]``; nothing is stored."""

from __future__ import annotations

import pytest
from tests.permits.conftest import HEARING
from tests.refused import fields, refusals

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

pytestmark = pytest.mark.django_db

EMPTY = "give the condition as a non-empty text"
BELL = "must be text without control characters (it holds U+0007"


def test_an_empty_condition_and_an_unprintable_one_are_told_each_by_its_place_p33(walk):
    app = walk.hearing_held()
    version = app.version
    told = refusals(lambda: sv.approve(walk.board, app, conditions=["", "\u0007"], decided_on=HEARING))
    assert fields(told) == ["conditions[0]", "conditions[1]"], told
    assert told[0] == ("conditions[0]", EMPTY)
    assert told[1][1].startswith(BELL), told
    app.refresh_from_db()
    assert (app.state, app.version, app.conditions) == (State.HEARING_HELD, version, [])


def test_each_bad_condition_is_told_with_the_other_values_p33(walk):
    """A condition of spaces only, one that is no text, one holding a control character among good ones, with a
    bond of $0: every one told, the conditions in their order, the good ones not named."""
    app = walk.hearing_held()
    told = refusals(lambda: sv.approve(walk.board, app, decided_on=HEARING, bond_amount="0",
                                       conditions=["Gates close at 10 p.m.", " ", 7, "Music\u0007 off", "Exit"]))
    assert fields(told) == ["conditions[1]", "conditions[2]", "conditions[3]", "bond_amount"], told
    assert told[:2] == [("conditions[1]", EMPTY), ("conditions[2]", EMPTY)]
    assert told[2][1].startswith(BELL)
    # refused as a whole when it is no list of conditions
    told = refusals(lambda: sv.approve(walk.board, app, decided_on=HEARING, conditions="Gates close"))
    assert told == [("conditions", "give the conditions as a list of non-empty texts")]


def test_good_conditions_are_recorded_trimmed_p33(walk):
    """The other side: texts of one printable character and more, spaces around them trimmed."""
    app = walk.hearing_held()
    app = sv.approve(walk.board, app, decided_on=HEARING, conditions=[" x ", "Gates close at 10 p.m."])
    assert (app.state, app.conditions) == (State.APPROVED, ["x", "Gates close at 10 p.m."])
