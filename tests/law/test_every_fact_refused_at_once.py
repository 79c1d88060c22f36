"""A model's own check of several facts tells every fact it refuses in one run (`FactErrors`), as pydantic tells
the errors of separate fields: a case with two rooms named alike and two connections to no room is told the
three (Mount Pleasant §§ 164-4, 164-9; M-27), a Carmel case with fewer persons and fewer vehicles collectively
than at one time and an end before its first day is told the three (Carmel ch. 31 ¶¶ B(2), F). One fact refused is
told as before."""

from __future__ import annotations

import pytest

from publicassembly.law import evaluate
from publicassembly.law.errors import FactError, FactErrors, InvalidCase


def room(name, **kw):
    return {"name": name, "use_group": "school", "area": 400, **kw}


def venue(spaces, **facts):
    return {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2025-03-03", "name": "Centre",
            "commercial": True, "spaces": spaces, **facts}


def refusals(data) -> list[tuple[str, str]]:
    with pytest.raises(InvalidCase) as caught:
        evaluate(data)
    return [(f, str(m)) for f, m in caught.value.errors]


def test_164_4_164_9_every_room_name_refused_at_once_m27():
    """Hall / hall (one name written differently), East connecting with "Lobby" and "Foyer" (no such rooms),
    a sign of "Stage" (no such room): four refusals, each naming its own fact, in the order of the facts."""
    got = refusals(venue([room("Hall"), room("hall"), room("East", connects_with=["Lobby", "Foyer"])],
                         inspection={"signs": [{"room": "Stage", "posted": True}]}))
    assert [f for f, _ in got] == ["spaces[1].name", "spaces[2].connects_with", "spaces[2].connects_with",
                                   "inspection.signs[0].room"], got
    assert "'hall' is the name of space 'Hall' written differently" in got[0][1]
    assert "no space is named 'Lobby'" in got[1][1] and "no space is named 'Foyer'" in got[2][1]
    assert "no space is named 'Stage'" in got[3][1]


def test_164_4_one_room_name_refused_is_told_alone_m27():
    assert [f for f, _ in refusals(venue([room("East", connects_with=["Lobby"])]))] == ["spaces[0].connects_with"]


def test_164_4_names_all_good_pass():
    """East (10 persons at 40 sq ft, § 164-7) joined to "west" with a common entrance: one place of 20, under
    the 25 of a commercial place of assembly (§ 164-4): no certificate."""
    d = evaluate(venue([room("East", connects_with=["west"], common_entrance=True),
                        room("West", common_entrance=True)]))
    groups = d.finding("mount-pleasant/164-4/place-of-assembly").values["groups"]
    assert [(g["spaces"], g["occupant_load"]) for g in groups] == [(["East", "West"], 20)]
    assert d.certificate_required is False


def carmel(**facts):
    import yaml

    with open("examples/carmel-county-fair.yaml") as f:
        data = yaml.safe_load(f)
    data.update(facts)
    return data


def test_carmel_b2_f_every_count_and_day_refused_at_once():
    """¶ B(2): 3,999 persons and 9 vehicles collectively beside 4,000 and 10 at one time; ¶ F: an end the day
    before the first day — three refusals in one run."""
    data = carmel()
    first = data["dates"]["first_day"]
    import datetime as dt

    day_before = (dt.date.fromisoformat(str(first)) - dt.timedelta(days=1)).isoformat()
    data.update(max_persons_at_one_time=4000, persons_collectively=3999, vehicles_at_one_time=10,
                vehicles_collectively=9, assembly_ended_on=day_before)
    got = refusals(data)
    assert [f for f, _ in got] == ["persons_collectively", "vehicles_collectively", "assembly_ended_on"], got


def test_carmel_b2_collectively_equal_to_at_one_time_is_taken():
    data = carmel()
    data.update(max_persons_at_one_time=4000, persons_collectively=4000)
    assert evaluate(data).permit_required is True  # (4,000 persons: in excess of 500)


def test_fact_errors_check_raises_what_was_found():
    FactErrors.check([])  # nothing refused: nothing raised
    one = FactError("a", "bad")
    with pytest.raises(FactError) as caught:
        FactErrors.check([one])
    assert caught.value is one and not isinstance(caught.value, FactErrors)
    with pytest.raises(FactErrors) as both:
        FactErrors.check([one, FactError("b", "worse")])
    assert [e.field for e in both.value.errors] == ["a", "b"]


@pytest.mark.parametrize("facts", [
    {"spaces": [room("Hall", connects_with=["hall"]), room("hall")]},
    {"spaces": [room("Hall"), room("hall", connects_with=["Hall"])]},
    {"spaces": [room("Hall"), room("hall")], "inspection": {"signs": [{"room": "Hall", "posted": True}]}},
])
def test_164_4_a_name_two_rooms_read_as_is_told_once_m27(facts):
    """Two rooms named alike ("Hall", "hall") are refused once, at the second room's name; a connection or a sign
    naming them is not told again ("cannot connect with itself", "given more than once": the review)."""
    got = refusals(venue(facts.pop("spaces"), **facts))
    assert [f for f, _ in got] == ["spaces[1].name"], got


def test_164_4_a_name_of_no_room_given_twice_in_one_list_is_told_once_m23():
    """``connects_with: [Nowhere, nowhere]``: one refusal (M-23: a name is told once), not two."""
    got = refusals(venue([room("East", connects_with=["Nowhere", "nowhere", "Elsewhere"])]))
    assert [m.split(";")[0] for _, m in got] == ["no space is named 'Nowhere'", "no space is named 'Elsewhere'"]


@pytest.mark.parametrize(("field", "count", "refused"), [
    ("attendance", 109, True), ("attendance", 110, False),
    ("inspection.persons_present", 109, True), ("inspection.persons_present", 110, False)])
def test_164_5_164_6_more_in_the_rooms_than_in_the_place_is_refused_m7(field, count, refused):
    """M-7 in a case file, as the workflow refuses an officer's counts: rooms stating 60 + 50 persons in attendance
    are among the place's; a place's attendance, or an inspection's count, of 109 contradicts them (refused naming
    the field; the toilets were counted for the smaller number, § 164-6), 110 is taken."""
    facts = {"attendance": count} if field == "attendance" else {"inspection": {"persons_present": count}}
    data = venue([room("East", attendance=60), room("West", attendance=50)], **facts)
    if refused:
        got = refusals(data)
        assert [f for f, _ in got] == [field]
        assert got[0][1].startswith(f"{count} is fewer than the 110 persons the rooms state in attendance")
    else:
        assert evaluate(data).finding("mount-pleasant/164-6/toilets").values["persons"] == 110
