"""Mount Pleasant Code § 164-6 (toilets), § 164-9 (signs, certificate on the premises), § 164-2 (fire exits,
the opening paragraph), §§ 164-10, 164-11 (exits) and § 164-13 (correction forthwith)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from publicassembly.law.core import Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import (
    JURISDICTION,
    sign_specification,
    toilets_required,
)

VALUES = JURISDICTION.parameters.at(date(2025, 3, 3))
HALL = [{"name": "Hall", "use_group": "dance_hall_lodge_room", "area": 3000}]  # 200 persons


@pytest.mark.parametrize("persons, toilets", [(0, 0), (1, 1), (75, 1), (76, 2), (150, 2), (151, 3)])
def test_164_6_one_toilet_per_75_rounded_up(persons, toilets, values):
    """§ 164-6: no fewer than one toilet per each 75 persons: 75 → 1, 76 → 2."""
    assert toilets_required(persons, values) == toilets


def test_164_6_toilets_bad_input(values):
    """§ 164-6: a negative number of persons is refused, naming ``persons``."""
    with pytest.raises(ValueError, match="persons"):
        toilets_required(-1, values)


@given(st.integers(0, 10**6), st.integers(0, 10**4))
def test_164_6_more_persons_never_lower_the_toilets(persons, more):
    """§ 164-6: the toilet requirement is monotone in the persons present."""
    assert toilets_required(persons + more, VALUES) >= toilets_required(persons, VALUES)


@pytest.mark.parametrize("provided, status", [(2, Status.NOT_MET), (3, Status.MET)])
def test_164_6_toilets_provided_against_required(determine, provided, status):
    """§ 164-6: 151 persons need 3 toilets; 2 is not_met, 3 is met."""
    d = determine(commercial=True, attendance=151, toilets_provided=provided, spaces=HALL)
    assert d.finding("mount-pleasant/164-6/toilets").status is status
    assert d.requirements["toilets"]["required"] == 3


def test_164_6_toilets_from_lawful_occupancy_without_attendance(determine):
    """§ 164-6: without an attendance the lawful occupancy (200) is counted: 3 toilets."""
    d = determine(commercial=True, spaces=HALL)
    t = d.requirements["toilets"]
    assert (t["persons"], t["persons_from"], t["required"]) == (200, "lawful_occupancy", 3)
    assert "toilets_provided" in d.missing


@pytest.mark.parametrize("attendance, persons, persons_from, required, status", [
    (100, 100, "attendance", 2, Status.NOT_MET),  # 100 persons stated in a room of occupant load 10
    (76, 76, "attendance", 2, Status.NOT_MET),
    (75, 75, "attendance", 1, Status.MET),
    (5, 10, "lawful_occupancy", 1, Status.MET),  # below the load: the lawful occupancy, as before (M-9)
])
def test_164_6_toilets_never_fewer_than_for_the_persons_stated_in_the_spaces(
        determine, attendance, persons, persons_from, required, status):
    """§ 164-6 "in no event ... fewer ... than one toilet per each 75 persons in attendance": with no attendance
    of the place, the persons a room states in attendance count when they exceed the lawful occupancy (100
    persons in a 150 sq ft room, occupant load 10, need 2 toilets, not 1 — as `batch` counts that row)."""
    d = determine(commercial=True, toilets_provided=1, spaces=[
        {"name": "Room", "use_group": "assembly_without_fixed_seats", "area": 150, "attendance": attendance}])
    t = d.requirements["toilets"]
    assert (t["persons"], t["persons_from"], t["required"]) == (persons, persons_from, required)
    assert d.finding("mount-pleasant/164-6/toilets").status is status


def test_164_6_toilets_apply_to_a_place_of_worship(determine):
    """§§ 164-3, 164-6: an exempt place of worship still needs its toilets (240 persons → 4)."""
    d = determine(commercial=False, attendance=240, toilets_provided=3,
                  worship_use_approved_by_building_inspector=True,
                  spaces=[{"name": "Sanctuary", "use_group": "assembly_fixed_seats", "area": 1800,
                           "used_solely_for_religious_worship": True}])
    assert d.certificate_required is False
    assert d.finding("mount-pleasant/164-6/toilets").status is Status.NOT_MET


def test_164_9_sign_specification_is_data(values):
    """§ 164-9: red lettering on white, bold, 1 inch high and 3/8 inch wide."""
    spec = sign_specification(values)
    assert spec["letter_height_in"] == 1
    assert spec["letter_width_in"] == Decimal("0.375") and isinstance(spec["letter_width_in"], Decimal)
    assert (spec["lettering_colour"], spec["background_colour"], spec["letter_weight"]) == ("red", "white", "bold")


def test_164_9_sign_requirements_state_each_rooms_lawful_occupancy(determine):
    """§ 164-9: a sign in each room or area stating that room's lawful occupancy."""
    d = determine(commercial=True, spaces=[*HALL, {"name": "Lounge", "use_group": "assembly_without_fixed_seats",
                                                   "area": 900}])
    assert d.requirements["sign"]["rooms"] == [{"room": "Hall", "lawful_occupancy": 200},
                                               {"room": "Lounge", "lawful_occupancy": 60}]


@pytest.mark.parametrize("sign, status", [
    ({"posted": True, "states": 200, "conforms_to_specification": True}, Status.MET),
    ({"posted": True, "states": 250, "conforms_to_specification": True}, Status.NOT_MET),
    ({"posted": False}, Status.NOT_MET),
    ({"posted": True, "states": 200, "conforms_to_specification": False}, Status.NOT_MET),
    ({"posted": True, "states": 200}, Status.MISSING),
])
def test_164_9_sign_at_inspection(determine, sign, status):
    """§ 164-9: the sign posted in the room, stating its lawful occupancy, of the prescribed form."""
    d = determine(commercial=True, spaces=HALL, inspection={"signs": [{"room": "Hall", **sign}]})
    assert d.finding("mount-pleasant/164-9/sign").status is status


def test_164_9_certificate_kept_on_the_premises(determine):
    """§ 164-9: the certificate not on the premises at an inspection is not_met."""
    d = determine(commercial=True, spaces=HALL, certificate={"number": "PA-2", "lawful_occupancy": 200},
                  inspection={"certificate_on_premises": False})
    assert d.finding("mount-pleasant/164-9/certificate-on-premises").status is Status.NOT_MET


@pytest.mark.parametrize("facts, rule, status", [
    ({"exits_blocked": True}, "mount-pleasant/164-10/exits-not-blocked", Status.NOT_MET),
    ({"exits_blocked": False}, "mount-pleasant/164-10/exits-not-blocked", Status.MET),
    ({}, "mount-pleasant/164-10/exits-not-blocked", Status.MISSING),
    ({"exit_access_clear": False}, "mount-pleasant/164-11/exit-access", Status.NOT_MET),
    ({"exit_access_clear": True}, "mount-pleasant/164-11/exit-access", Status.MET),
    ({}, "mount-pleasant/164-11/exit-access", Status.MISSING),
    ({"fire_exits_designated": False, "fire_exits_comply_with_uniform_code": True},
     "mount-pleasant/164-2/fire-exits", Status.NOT_MET),
    ({"fire_exits_designated": True, "fire_exits_comply_with_uniform_code": True},
     "mount-pleasant/164-2/fire-exits", Status.MET),
    ({"fire_exits_designated": True}, "mount-pleasant/164-2/fire-exits", Status.MISSING),
])
def test_exits_164_2_164_10_164_11(determine, facts, rule, status):
    """§§ 164-2, 164-10, 164-11: what an inspection finds of the exits."""
    d = determine(commercial=True, spaces=HALL, inspection=facts)
    f = d.finding(rule)
    assert f.status is status
    if status is Status.NOT_MET:
        assert rule.split("/")[1] in f.citation


def test_exits_without_inspection_are_not_applicable(determine):
    """§§ 164-2, 164-10, 164-11: conditions at a gathering; without an inspection they are not judged."""
    d = determine(commercial=True, spaces=HALL)
    for rule in ("mount-pleasant/164-2/fire-exits", "mount-pleasant/164-10/exits-not-blocked",
                 "mount-pleasant/164-11/exit-access"):
        assert d.finding(rule).status is Status.NOT_APPLICABLE


@pytest.mark.parametrize("corrected, status", [(True, Status.MET), (False, Status.NOT_MET), (None, Status.NOT_MET)])
def test_164_13_violations_corrected_forthwith(determine, corrected, status):
    """§ 164-13: a violation found (a blocked exit) must be corrected forthwith — the exit (§ 164-10) and, the
    exit obstructing the means of egress, the performance stopped until it is (§ 164-5, M-16)."""
    d = determine(commercial=True, spaces=HALL, inspection={"exits_blocked": True, "corrected": corrected})
    f = d.finding("mount-pleasant/164-13/correction")
    assert f.status is status
    assert f.values["correct_forthwith"] == ["mount-pleasant/164-5/stop-performance",
                                             "mount-pleasant/164-10/exits-not-blocked"]


def test_164_13_nothing_to_correct(determine):
    """§ 164-13: an inspection finding no violation has nothing to correct."""
    d = determine(commercial=True, spaces=HALL, inspection={"exits_blocked": False})
    assert d.finding("mount-pleasant/164-13/correction").status is Status.MET
