"""Mount Pleasant Code § 164-4 (place of assembly: 25 commercial, 75 noncommercial, connecting rooms) and
§ 164-3 (certificate of the Building Inspector; exception for a place used solely for religious worship)."""

from __future__ import annotations

from datetime import date

import pytest

from publicassembly.law.core import Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import connected_groups, meets_threshold


def room(name, persons, **kw):
    """A 'school' room holding `persons` (40 sq ft each, § 164-7)."""
    return {"name": name, "use_group": "school", "area": 40 * persons, **kw}


@pytest.mark.parametrize("persons, commercial, expected", [
    (24, True, False), (25, True, True), (74, False, False), (75, False, True),
    (24, None, False), (25, None, "needs_review"), (74, None, "needs_review"), (75, None, True),
])
def test_164_4_thresholds(determine, persons, commercial, expected):
    """§ 164-4: 25 or more persons (commercial), 75 or more (noncommercial); unknown kind between → review."""
    d = determine(commercial=commercial, spaces=[room("Room", persons)])
    assert d.finding("mount-pleasant/164-4/place-of-assembly").outcome == expected
    assert d.certificate_required == expected


def test_164_4_pure_threshold(values):
    """§ 164-4 as a pure function."""
    assert meets_threshold(25, True, values) is True
    assert meets_threshold(24, True, values) is False
    assert meets_threshold(75, False, values) is True
    assert meets_threshold(74, False, values) is False


def test_164_4_stated_attendance_counts_when_above_the_occupant_load(determine):
    """§ 164-4 "used for the gathering together of 25 or more": a room holding 20 but used for 30 is one."""
    d = determine(commercial=True, spaces=[room("Room", 20, attendance=30)])
    assert d.certificate_required is True
    d = determine(commercial=True, attendance=30, spaces=[room("Room", 20)])
    assert d.certificate_required is True


def test_164_4_two_15_person_rooms_connected_with_a_common_entrance_are_one_place(determine):
    """§ 164-4: two connecting rooms of 15 persons with a common entrance: 30 ≥ 25 commercial."""
    d = determine(commercial=True, spaces=[
        room("East", 15, connects_with=["West"], common_entrance=True),
        room("West", 15, common_entrance=True)])
    assert d.certificate_required is True
    groups = d.finding("mount-pleasant/164-4/place-of-assembly").values["groups"]
    assert [g["spaces"] for g in groups] == [["East", "West"]]
    assert groups[0]["occupant_load"] == 30


def test_164_4_two_15_person_rooms_not_connected_are_not(determine):
    """§ 164-4: the same rooms without a connection, or with separate entrances, are not a place of assembly."""
    assert determine(commercial=True, spaces=[room("East", 15, common_entrance=True),
                                              room("West", 15, common_entrance=True)]).certificate_required is False
    assert determine(commercial=True, spaces=[
        room("East", 15, connects_with=["West"], common_entrance=True),
        room("West", 15, common_entrance=False)]).certificate_required is False


def test_164_4_unstated_common_entrance_needs_review(determine):
    """§ 164-4: connecting rooms reaching the threshold only if their entrance is common, not stated → review."""
    d = determine(commercial=True, spaces=[room("East", 15, connects_with=["West"]), room("West", 15)])
    assert d.certificate_required == "needs_review"
    assert "spaces[0].common_entrance" in d.missing


def test_164_4_stories_above_and_below_join(determine):
    """§ 164-4: rooms on stories 1, 2 and 0 joined through a common entrance count together (60 ≥ 25...)."""
    d = determine(commercial=False, spaces=[
        room("Ground", 30, story=1, connects_with=["Upper", "Lower"], common_entrance=True),
        room("Upper", 30, story=2, common_entrance=True),
        room("Lower", 15, story=0, common_entrance=True)])
    assert d.certificate_required is True  # 75 ≥ 75 noncommercial


def test_connected_groups_union_find_is_transitive():
    """§ 164-4 groups: links 0–1 and 1–2 make one group; 3 stays alone."""
    assert connected_groups(4, [(0, 1), (2, 1)]) == [(0, 1, 2), (3,)]
    assert connected_groups(3, []) == [(0,), (1,), (2,)]
    with pytest.raises(IndexError):
        connected_groups(2, [(0, 5)])


def test_164_4_connection_to_an_unknown_space_is_refused(determine):
    """§ 164-4: connects_with must name another space of the case."""
    from pydantic import ValidationError
    with pytest.raises(ValidationError, match="no space is named 'Attic'"):
        determine(spaces=[room("East", 15, connects_with=["Attic"])])


@pytest.mark.parametrize("spaces, inspection, field, message", [
    ([room("Hall", 10), room("Hall", 20)], None, "spaces[1].name",
     "two spaces are named 'Hall'; each room or area needs its own name"),
    ([room("Hall", 10, connects_with=["Attic"])], None, "spaces[0].connects_with",
     "no space is named 'Attic'; spaces: Hall"),
    ([room("Hall", 10, connects_with=["Hall"])], None, "spaces[0].connects_with",
     "a space cannot connect with itself"),
    ([room("Hall", 10)], {"signs": [{"room": "Attic"}]}, "inspection.signs[0].room",
     "no space is named 'Attic'; spaces: Hall"),
])
def test_a_case_that_names_spaces_wrongly_is_refused_naming_the_fact(spaces, inspection, field, message):
    """§ 164-4 and § 164-9 read spaces by name: a repeated name or a name that is not a space is refused with
    the fact itself named (the second space's name, the connection, the sign's room), not the whole case."""
    from publicassembly.law import evaluate
    from publicassembly.law.errors import InvalidCase

    case = {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2026-07-01", "name": "Centre",
            "spaces": spaces, **({"inspection": inspection} if inspection else {})}
    with pytest.raises(InvalidCase) as refused:
        evaluate(case)
    assert (refused.value.field, refused.value.message) == (field, message)


# --- § 164-3 certificate and the religious-worship exception -------------------------------------------

SANCTUARY = {"name": "Sanctuary", "use_group": "assembly_fixed_seats", "area": 1800,
             "used_solely_for_religious_worship": True}


def test_164_3_worship_approved_is_exempt(determine):
    """§ 164-3: used solely for religious worship as approved by the Building Inspector → no certificate."""
    d = determine(commercial=False, worship_use_approved_by_building_inspector=True, spaces=[SANCTUARY])
    assert d.certificate_required is False
    assert d.exemption == {"rule": "mount-pleasant/164-3/religious-worship-exception",
                           "citation": "Mount Pleasant Code § 164-3"}
    assert "certificate" not in d.missing
    assert d.occupancy is not None and d.occupancy.lawful_occupancy == 300  # occupancy still applies


def test_164_3_worship_without_recorded_approval_needs_review(determine):
    """§ 164-3: worship use but no approval recorded → needs_review."""
    d = determine(commercial=False, spaces=[SANCTUARY])
    assert d.certificate_required == "needs_review"
    assert d.exemption is None
    assert "worship_use_approved_by_building_inspector" in d.missing


def test_164_3_worship_approval_refused_needs_a_certificate(determine):
    """§ 164-3: the Building Inspector has not approved → the exception does not apply."""
    d = determine(commercial=False, worship_use_approved_by_building_inspector=False, spaces=[SANCTUARY])
    assert d.certificate_required is True


def test_164_3_a_second_place_not_for_worship_still_needs_a_certificate(determine):
    """§ 164-3: a church hall with a separate 100-person banquet room (noncommercial) needs a certificate."""
    d = determine(commercial=False, worship_use_approved_by_building_inspector=True,
                  spaces=[SANCTUARY, room("Banquet room", 100)])
    assert d.certificate_required is True
    assert d.exemption is None


def test_164_3_certificate_recorded_is_compared_with_the_lawful_occupancy(determine):
    """§§ 164-3, 164-9: a certificate stating the computed number is met; another number needs review."""
    ok = determine(commercial=True, spaces=[room("Room", 50)],
                   certificate={"number": "PA-7", "issued": "2020-01-02", "lawful_occupancy": 50})
    assert ok.finding("mount-pleasant/164-3/certificate").status is Status.MET
    assert ok.finding("mount-pleasant/164-9/certificate-lawful-occupancy").status is Status.MET
    off = determine(commercial=True, spaces=[room("Room", 50)],
                    certificate={"number": "PA-7", "issued": "2020-01-02", "lawful_occupancy": 55})
    assert off.finding("mount-pleasant/164-9/certificate-lawful-occupancy").status is Status.NEEDS_REVIEW


def test_164_9_certificate_issued_before_the_factors_in_force_needs_review(determine):
    """§ 164-9: a certificate issued before the floor areas per occupant in force took effect (1976-02-24)."""
    d = determine(commercial=True, spaces=[room("Room", 50)],
                  certificate={"number": "PA-1", "issued": "1975-05-01", "lawful_occupancy": 50})
    f = d.finding("mount-pleasant/164-9/certificate-lawful-occupancy")
    assert f.status is Status.NEEDS_REVIEW
    assert f.values["factors_in_force_since"] == date(1976, 2, 24)


def test_164_3_no_certificate_for_a_place_of_assembly_is_missing(determine):
    """§ 164-3: a place of assembly without a recorded certificate lists it as missing."""
    d = determine(commercial=True, spaces=[room("Room", 25)])
    assert d.certificate_required is True
    assert d.missing[0] == "certificate"
    assert d.verdict == ("A place of assembly: a certificate of the Building Inspector is required; lawful "
                         "occupancy 25 persons (Mount Pleasant Code §§ 164-3, 164-7).")


def test_164_4_each_group_weighs_only_the_strict_groups_inside_it(determine):
    """§ 164-4 with several groups: a pair joined through a stated common entrance (30 ≥ 25) is a place of
    assembly; a pair joined only through an unstated entrance (30) needs review; a lone room of 10 is not. Each
    group is judged by the strictly joined spaces within it, never by another group's."""
    d = determine(commercial=True, spaces=[
        room("A", 15, connects_with=["B"], common_entrance=True), room("B", 15, common_entrance=True),
        room("C", 15, connects_with=["D"]), room("D", 15),
        room("E", 10, common_entrance=True)])
    groups = d.finding("mount-pleasant/164-4/place-of-assembly").values["groups"]
    assert [(g["spaces"], g["place_of_assembly"], g["common_entrance_assumed"]) for g in groups] == [
        (["A", "B"], True, False), (["C", "D"], "needs_review", True), (["E"], False, False)]
    assert d.certificate_required is True


def test_a_determination_reads_the_occupant_loads_by_name_from_one_table(values):
    """The loads by space name are made once per case (rules read them for every space: a venue of thousands
    of spaces stays linear)."""
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import Context
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import VenueCase

    ctx = Context(case=VenueCase.model_validate({"name": "Hall", "spaces": [room("A", 10)]}), values=values,
                  loads=(), loads_missing=())
    assert ctx.load_of is ctx.load_of and ctx.space_of is ctx.space_of


def test_an_unknown_connection_lists_at_most_ten_spaces():
    """The refusal lists the spaces a name could have meant, the first ten in order then "…", not every room
    of a large venue."""
    from publicassembly.law import evaluate
    from publicassembly.law.errors import InvalidCase

    spaces = [room(f"Room {n:02d}", 10) for n in range(12)]
    spaces[0]["connects_with"] = ["Attic"]
    with pytest.raises(InvalidCase) as refused:
        evaluate({"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2026-07-01", "name": "Inn",
                  "spaces": spaces})
    listed = ", ".join(f"Room {n:02d}" for n in range(10))
    assert refused.value.message == f"no space is named 'Attic'; spaces: {listed}, …"


# --- M-15: the place's attendance not stated space by space -------------------------------------------------


@pytest.mark.parametrize("attendance, expected", [(24, False), (25, "needs_review"), (100, "needs_review")])
def test_164_4_place_attendance_over_separate_rooms_needs_review_at_the_threshold_m15(determine, attendance,
                                                                                     expected):
    """§ 164-4, M-15: three separate rooms holding 1 person each (100 sq ft of business use, § 164-7), and a
    commercial place attended by `attendance` persons, none stated room by room. 25 or more gathered in any one
    room would make it a place of assembly: needs review (not "no certificate"), asking each room's attendance;
    24 in all cannot make any room one."""
    spaces = [{"name": n, "use_group": "business", "area": 100} for n in ("Hall", "Den", "Nook")]
    d = determine(commercial=True, attendance=attendance, spaces=spaces)
    assert d.certificate_required == expected
    assert d.finding("mount-pleasant/164-4/place-of-assembly").outcome == expected
    groups = d.finding("mount-pleasant/164-4/place-of-assembly").values["groups"]
    assert [g["unplaced_attendance"] for g in groups] == [attendance if expected else 0] * 3
    if expected:
        assert d.missing[:3] == ["spaces[0].attendance", "spaces[1].attendance", "spaces[2].attendance"]
        reason = d.finding("mount-pleasant/164-3/certificate").reason
        assert f"{attendance} of the {attendance} persons attending are not stated space by space" in reason
        assert "“Hall”, “Den” or “Nook”" in reason and "state the attendance of each space" in reason


@pytest.mark.parametrize("place, expected", [(34, [0, 0, 0]), (35, [0, 25, 25])])
def test_164_4_only_the_persons_not_placed_can_gather_in_rooms_whose_attendance_is_not_stated_m15(determine, place,
                                                                                                  expected):
    """§ 164-4, M-15: the Hall's attendance is stated (10); of a place attendance of 34, 24 are not placed and
    cannot make the Den or the Nook a place of assembly (24 < 25); of 35, 25 can (each needs review). The Hall,
    whose attendance is stated, receives none of them."""
    spaces = [{"name": "Hall", "use_group": "business", "area": 100, "attendance": 10},
              {"name": "Den", "use_group": "business", "area": 100}, {"name": "Nook", "use_group": "business",
                                                                     "area": 100}]
    d = determine(commercial=True, attendance=place, spaces=spaces)
    groups = d.finding("mount-pleasant/164-4/place-of-assembly").values["groups"]
    assert [g["unplaced_attendance"] for g in groups] == expected
    assert [g["place_of_assembly"] for g in groups] == [False] + (["needs_review"] * 2 if expected[1] else
                                                                  [False] * 2)
    assert d.certificate_required == ("needs_review" if expected[1] else False)


def test_164_4_every_room_stated_leaves_no_one_unplaced_m15(determine):
    """§ 164-4, M-15: every room's attendance stated (10 + 10 + 5 = the place's 25): nobody is unplaced, no
    room reaches 25: no certificate. A noncommercial place (75) of 74 unplaced persons: none either."""
    spaces = [{"name": n, "use_group": "business", "area": 100, "attendance": a}
              for n, a in (("Hall", 10), ("Den", 10), ("Nook", 5))]
    assert determine(commercial=True, attendance=25, spaces=spaces).certificate_required is False
    bare = [{"name": n, "use_group": "business", "area": 100} for n in ("Hall", "Den")]
    assert determine(commercial=False, attendance=74, spaces=bare).certificate_required is False
    assert determine(commercial=False, attendance=75, spaces=bare).certificate_required == "needs_review"


def test_164_4_one_group_counts_the_place_attendance_itself_m3(determine):
    """§ 164-4, M-3: a place of one room: its attendance is the room's (a place of assembly at 25, not a
    review): M-15 applies only to a place of several groups."""
    d = determine(commercial=True, attendance=25, spaces=[{"name": "Hall", "use_group": "business", "area": 100}])
    assert d.certificate_required is True
    assert d.finding("mount-pleasant/164-4/place-of-assembly").values["groups"][0]["unplaced_attendance"] == 0
