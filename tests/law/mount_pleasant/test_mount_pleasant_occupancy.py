"""Mount Pleasant Code § 164-7 (floor area per occupant by use group, bowling alleys), § 164-8 (open-air areas)
and § 164-5 (overcrowding, stop orders)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from publicassembly.law.cases import invalid_from
from publicassembly.law.core import Status
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import (
    JURISDICTION,
    USE_GROUPS,
    floor_area_per_occupant,
    occupant_load_of_space,
)
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import Space, VenueCase

# The table of § 164-7 (and § 164-8 for open air), square feet per occupant, as the text gives it.
TABLE = {
    "assembly_fixed_seats": 6, "assembly_without_fixed_seats": 15, "business": 100, "courtroom": 40,
    "dance_hall_lodge_room": 15, "hotel_lodging_house": 125, "institutional": 150, "mercantile_first_floor": 30,
    "mercantile_basement_sales_floor": 30, "mercantile_other_floors": 60, "school": 40, "storage": 300,
    "open_air": 15,
}
AREA_GROUPS = sorted(TABLE)
VALUES = JURISDICTION.parameters.at(date(2025, 3, 3))


def test_every_use_group_of_164_7_and_164_8_has_its_factor(values):
    """§§ 164-7, 164-8: the floor area per occupant of every use group is the table's number."""
    assert set(USE_GROUPS) == set(TABLE) | {"bowling_alley"}
    for group, factor in TABLE.items():
        assert floor_area_per_occupant(group, values) == factor
    assert floor_area_per_occupant("bowling_alley", values) == 10


@pytest.mark.parametrize("group", AREA_GROUPS)
def test_164_7_occupant_load_boundaries_for_each_use_group(group, values):
    """§ 164-7/164-8: floor(area / factor): just under one factor → 0, one factor → 1, just under two → 1,
    two factors → 2 (a fraction of a person is not admitted)."""
    f = Decimal(TABLE[group])
    cent = Decimal("0.01")
    assert occupant_load_of_space(group, f - cent, None, values) == 0
    assert occupant_load_of_space(group, f, None, values) == 1
    assert occupant_load_of_space(group, 2 * f - cent, None, values) == 1
    assert occupant_load_of_space(group, 2 * f, None, values) == 2
    assert occupant_load_of_space(group, Decimal(0), None, values) == 0


def test_164_7_assembly_without_fixed_seats_15_sq_ft_examples(values):
    """§ 164-7: 15 sq ft → 1, 29.99 → 1, 30 → 2 at 15 sq ft per person."""
    g = "assembly_without_fixed_seats"
    assert occupant_load_of_space(g, Decimal("15"), None, values) == 1
    assert occupant_load_of_space(g, Decimal("29.99"), None, values) == 1
    assert occupant_load_of_space(g, Decimal("30"), None, values) == 2


def test_bowling_12_alleys_and_1000_sq_ft_hold_160(values):
    """§ 164-7: 5 persons for each alley (with its 15 ft of runway) + the additional area at 10 sq ft:
    12 × 5 + 1000 / 10 = 160."""
    assert occupant_load_of_space("bowling_alley", Decimal(1000), 12, values) == 160


def test_bowling_additional_area_boundaries_164_7(values):
    """§ 164-7: the additional area rounds down: 9.99 sq ft adds nobody, 10 adds one; no alleys, no persons."""
    assert occupant_load_of_space("bowling_alley", Decimal("9.99"), 24, values) == 120
    assert occupant_load_of_space("bowling_alley", Decimal("10"), 24, values) == 121
    assert occupant_load_of_space("bowling_alley", Decimal("0"), 0, values) == 0


def test_square_metres_convert_exactly_164_7(values):
    """§ 164-7 with areas in m²: 1.3935456 m² is exactly 15 sq ft (1 person); 1.3935455 m² is just under."""
    exact = Space(name="Room", use_group="assembly_without_fixed_seats", area="1.3935456", area_unit="sq_m")
    under = Space(name="Room", use_group="assembly_without_fixed_seats", area="1.3935455", area_unit="sq_m")
    assert exact.area_sq_ft == Decimal(15)
    assert occupant_load_of_space(exact.use_group, exact.area_sq_ft, None, values) == 1
    assert occupant_load_of_space(under.use_group, under.area_sq_ft, None, values) == 0


def test_open_air_12000_square_metres_hold_8611_164_8(determine):
    """§ 164-8: 12,000 m² = 129,166.925... sq ft; at 15 sq ft per person, 8,611 persons (rounded down)."""
    d = determine(commercial=True, spaces=[{"name": "Field", "use_group": "open_air", "area": 12000,
                                            "area_unit": "sq_m"}])
    assert d.occupancy is not None and d.occupancy.lawful_occupancy == 8611
    assert d.finding("mount-pleasant/164-8/open-air").status is Status.MET
    assert d.finding("mount-pleasant/164-7/occupant-load").status is Status.NOT_APPLICABLE


@pytest.mark.parametrize("bad, field", [
    (Decimal("-1"), "area_sq_ft"), (Decimal("NaN"), "area_sq_ft"), (Decimal("Infinity"), "area_sq_ft"),
])
def test_bad_area_is_refused_naming_the_field_164_7(bad, field, values):
    """§ 164-7: a negative or non-finite area is an error naming the field."""
    with pytest.raises(ValueError, match=field):
        occupant_load_of_space("school", bad, None, values)


def test_bad_use_group_and_alleys_are_refused_164_7(values):
    """§ 164-7: unknown use group (the allowed ids listed); bowling without alleys; alleys elsewhere."""
    with pytest.raises(ValueError, match="use_group: 'theatre'.*assembly_fixed_seats"):
        occupant_load_of_space("theatre", Decimal(100), None, values)
    with pytest.raises(ValueError, match="alleys"):
        occupant_load_of_space("bowling_alley", Decimal(100), None, values)
    with pytest.raises(ValueError, match="alleys"):
        occupant_load_of_space("school", Decimal(100), 3, values)


@pytest.mark.parametrize("area, message", [(-5, "negative"), ("inf", "finite"), ("nan", "finite"),
                                            ("lots", "expected a number")])
def test_case_with_bad_area_names_spaces_0_area(area, message):
    """§ 164-7: a case whose space has a bad area is refused naming ``spaces[0].area``."""
    with pytest.raises(ValidationError) as info:
        VenueCase.model_validate({"spaces": [{"name": "Hall", "use_group": "school", "area": area}]})
    error = invalid_from(info.value)
    assert error.field == "spaces[0].area"
    assert message in error.message


def test_missing_area_is_a_missing_fact_164_7(determine):
    """§ 164-7: a space without its measure is listed as missing and the place's lawful occupancy is not
    computable (interpretation M-10), not the other spaces' sum; those still count toward § 164-4."""
    d = determine(commercial=True, attendance=10, spaces=[
        {"name": "Shop", "use_group": "mercantile_first_floor", "area": 3000},
        {"name": "Lanes", "use_group": "bowling_alley", "area": 100}])
    assert d.finding("mount-pleasant/164-7/occupant-load").status is Status.MISSING
    assert "spaces[1].alleys" in d.missing
    assert d.occupancy is not None and d.occupancy.lawful_occupancy is None
    assert [(s.name, s.occupant_load) for s in d.occupancy.spaces] == [("Shop", 100)]
    assert d.occupancy.to_json()["lawful_occupancy"] is None
    # 100 persons ≥ 25 commercial: a place of assembly even before the lanes are counted (§ 164-4)
    assert d.certificate_required is True


@given(st.sampled_from(AREA_GROUPS), st.decimals(0, 10**7, places=2), st.decimals(0, 10**5, places=2))
def test_more_area_never_lowers_the_occupant_load_164_7(group, area, more):
    """§§ 164-7, 164-8: the occupant load is monotone in the area, for every use group."""
    assert occupant_load_of_space(group, area + more, None, VALUES) >= occupant_load_of_space(
        group, area, None, VALUES)


@given(st.integers(0, 200), st.integers(0, 50), st.decimals(0, 10**6, places=2), st.decimals(0, 10**4, places=2))
def test_more_alleys_or_area_never_lowers_the_bowling_load_164_7(alleys, extra, area, more):
    """§ 164-7: a bowling space's load never falls with more alleys or more additional area."""
    base = occupant_load_of_space("bowling_alley", area, alleys, VALUES)
    assert occupant_load_of_space("bowling_alley", area + more, alleys + extra, VALUES) >= base


# --- § 164-5 overcrowding ----------------------------------------------------------------------------------

HALL = [{"name": "Hall", "use_group": "dance_hall_lodge_room", "area": 3000}]  # 200 persons


def test_attendance_at_lawful_occupancy_is_not_overcrowding_164_5(determine):
    """§ 164-5: 200 persons in a place whose lawful occupancy is 200 is lawful."""
    d = determine(commercial=True, attendance=200, spaces=HALL)
    assert d.finding("mount-pleasant/164-5/overcrowding").status is Status.MET
    assert d.occupancy is not None and d.occupancy.overcrowded is False


def test_one_above_lawful_occupancy_is_overcrowding_164_5(determine):
    """§ 164-5: 201 persons against 200 is overcrowding (not_met)."""
    d = determine(commercial=True, attendance=201, spaces=HALL)
    assert d.finding("mount-pleasant/164-5/overcrowding").status is Status.NOT_MET
    assert d.occupancy is not None and d.occupancy.overcrowded is True
    assert "overcrowded" in d.verdict


def test_no_attendance_leaves_overcrowding_unknown_164_5(determine):
    """§ 164-5: without an attendance, overcrowding is missing and Occupancy.overcrowded is None."""
    d = determine(commercial=True, spaces=HALL)
    assert d.finding("mount-pleasant/164-5/overcrowding").status is Status.MISSING
    assert d.occupancy is not None and d.occupancy.overcrowded is None


def test_certified_number_below_computed_is_the_approved_number_164_5(determine):
    """§ 164-5 "approved number": a certificate stating 180 binds even though 200 is computed (the smaller)."""
    d = determine(commercial=True, attendance=190, spaces=HALL,
                  certificate={"number": "PA-1", "lawful_occupancy": 180})
    assert d.finding("mount-pleasant/164-5/overcrowding").status is Status.NOT_MET
    assert d.finding("mount-pleasant/164-9/certificate-lawful-occupancy").status is Status.NEEDS_REVIEW


FORMER = {"number": "PA-1", "issued": "2024-05-01", "lawful_occupancy": 100}  # of the Hall before it grew


@pytest.mark.parametrize(("attendance", "overcrowded"), [(100, False), (101, True)])
def test_former_certificate_s_number_bounds_the_approved_number_164_5_m29(determine, attendance, overcrowded):
    """§ 164-5 "approved number", M-29: no certificate in force, the last one (stale: the Hall enlarged to hold
    200 by § 164-7 since) stated 100: the approved number is 100 — the rooms' 200 were never approved. 100
    persons are within it, 101 overcrowding; the place still has no certificate in force (§ 164-3)."""
    d = determine(commercial=True, attendance=attendance, spaces=HALL, former_certificate=FORMER)
    f = d.finding("mount-pleasant/164-5/overcrowding")
    assert f.values["approved_number"] == 100
    assert f.status is (Status.NOT_MET if overcrowded else Status.MET)
    assert f.reason.endswith("It is the number the last certificate issued (PA-1) states: that certificate is no "
                             "longer in force, and the rooms are approved for no more until a new certificate "
                             "prescribes their number (§ 164-9).")
    assert d.finding("mount-pleasant/164-3/certificate").status is not Status.MET


def test_former_certificate_above_the_rooms_load_does_not_raise_it_164_5_m29(determine):
    """The other side: a former certificate of 300 (the rooms made smaller since) leaves the computed 200."""
    d = determine(commercial=True, attendance=201, spaces=HALL,
                  former_certificate={**FORMER, "lawful_occupancy": 300})
    f = d.finding("mount-pleasant/164-5/overcrowding")
    assert f.values["approved_number"] == 200 and f.status is Status.NOT_MET
    assert f.reason == "Overcrowded: 201 persons against an approved number of 200."  # (the rooms' own number)


def test_certificate_in_force_is_read_before_the_former_one_164_5_m29(determine):
    """A certificate in force (180) is the one read; a former one (100) beside it changes nothing."""
    d = determine(commercial=True, attendance=150, spaces=HALL, former_certificate=FORMER,
                  certificate={"number": "PA-2", "lawful_occupancy": 180})
    f = d.finding("mount-pleasant/164-5/overcrowding")
    assert f.values["approved_number"] == 180 and f.status is Status.MET


ROOMS = [{"name": "Main hall", "use_group": "assembly_without_fixed_seats", "area": 3000},  # 200 persons now
         {"name": "Lobby", "use_group": "assembly_without_fixed_seats", "area": 300}]     # 20
#: The certificate issued when the Main hall was 1,500 sq ft (100 persons) and the Lobby 300 (20): stale since.
OLD = {"number": "MP-1", "issued": "2024-05-01", "lawful_occupancy": 120, "spaces": {"Main hall": 100, "Lobby": 20}}


@pytest.mark.parametrize(("in_hall", "overcrowded"), [(100, False), (101, True)])
def test_a_room_enlarged_since_its_certificate_is_approved_for_its_certified_number_164_5_m29(
        determine, in_hall, overcrowded):
    """§§ 164-5, 164-9, M-29 (a new-user trial): the Main hall enlarged to hold 200 (§ 164-7) since the certificate
    stating 100 for it: 101 persons in the hall are overcrowding of that room, though the place's approved number
    (120) is not passed; 100 are not. The finding names the certified number and the occupant load now."""
    d = determine(commercial=True, attendance=in_hall, former_certificate=OLD,
                  spaces=[{**ROOMS[0], "attendance": in_hall}, ROOMS[1]])
    f = d.finding("mount-pleasant/164-5/overcrowding")
    assert (f.status is Status.NOT_MET) is overcrowded
    if overcrowded:
        assert f.values["overcrowded_spaces"] == [{"space": "Main hall", "attendance": 101, "occupant_load": 200,
                                                   "approved_number": 100}]
        assert f.reason == ("Overcrowded: more persons than a space is approved for in Main hall (101 persons, "
                            "approved number 100: the number the last certificate states for it, though its "
                            "occupant load is now 200).")


def test_a_room_made_smaller_since_its_certificate_is_held_to_its_load_now_164_5_m29(determine):
    """The other side: a certificate stating 300 for a room that now holds 200 does not raise it: 201 persons
    are overcrowding, told against the occupant load."""
    d = determine(commercial=True, attendance=201, spaces=[{**ROOMS[0], "attendance": 201}, ROOMS[1]],
                  former_certificate={**OLD, "lawful_occupancy": 320, "spaces": {"main  HALL": 300, "Lobby": 20}})
    f = d.finding("mount-pleasant/164-5/overcrowding")
    assert f.values["overcrowded_spaces"] == [{"space": "Main hall", "attendance": 201, "occupant_load": 200}]
    assert f.reason == ("Overcrowded: more persons than a space's occupant load in Main hall (201 persons, occupant "
                        "load 200).")


def test_a_certificate_naming_a_room_no_longer_the_places_is_read_for_the_others_164_5_m29(determine):
    """A room the certificate names that the place no longer has ("Annex") is left out; the rest are read."""
    d = determine(commercial=True, attendance=101, spaces=[{**ROOMS[0], "attendance": 101}, ROOMS[1]],
                  former_certificate={**OLD, "spaces": {"Main hall": 100, "Annex": 5}})
    assert d.finding("mount-pleasant/164-5/overcrowding").values["overcrowded_spaces"][0]["approved_number"] == 100


def test_a_room_above_its_own_occupant_load_is_overcrowded_164_7(determine):
    """§§ 164-5, 164-7: 70 persons in a 900 sq ft lounge (60) is overcrowding even when the place has room."""
    d = determine(commercial=True, attendance=100, spaces=[
        *HALL, {"name": "Lounge", "use_group": "assembly_without_fixed_seats", "area": 900, "attendance": 70}])
    f = d.finding("mount-pleasant/164-5/overcrowding")
    assert f.status is Status.NOT_MET
    assert f.values["overcrowded_spaces"] == [{"space": "Lounge", "attendance": 70, "occupant_load": 60}]


@pytest.mark.parametrize("present, egress, menace, stop", [
    (200, False, False, False), (201, False, False, True), (150, True, False, True), (150, False, True, True),
])
def test_stop_performance_164_5(determine, present, egress, menace, stop):
    """§ 164-5: an officer finding overcrowding, obstructed egress or a serious menace stops the performance."""
    d = determine(commercial=True, spaces=HALL, inspection={
        "persons_present": present, "egress_obstructed": egress, "serious_menace": menace})
    f = d.finding("mount-pleasant/164-5/stop-performance")
    assert f.values["stop_performance"] is stop
    assert f.status is (Status.NOT_MET if stop else Status.MET)
    assert d.requirements["stop_performance"] is stop


@pytest.mark.parametrize("present", [120, None])
def test_stop_performance_for_a_room_above_its_occupant_load_164_5(determine, present):
    """§ 164-5: "upon finding overcrowding conditions ... shall cause the performance ... to be stopped". A room
    holding 40 persons against its occupant load of 10 (§ 164-7) is overcrowding (the § 164-5 overcrowding
    finding says so) even when the place as a whole has room (120 of 210): the stop order is due, never
    "the performance may go on"."""
    d = determine(commercial=True, spaces=[
        *HALL, {"name": "Side room", "use_group": "assembly_without_fixed_seats", "area": 150, "attendance": 40}],
        inspection={"persons_present": present, "egress_obstructed": False, "serious_menace": False})
    assert d.finding("mount-pleasant/164-5/overcrowding").status is Status.NOT_MET
    f = d.finding("mount-pleasant/164-5/stop-performance")
    assert f.status is Status.NOT_MET
    assert f.values["overcrowding"] is True and f.values["stop_performance"] is True
    assert d.requirements["stop_performance"] is True
    # the other side: the room at its occupant load (10 of 10) calls for no stop order
    d = determine(commercial=True, spaces=[
        *HALL, {"name": "Side room", "use_group": "assembly_without_fixed_seats", "area": 150, "attendance": 10}],
        inspection={"persons_present": 120, "egress_obstructed": False, "serious_menace": False})
    assert d.finding("mount-pleasant/164-5/stop-performance").status is Status.MET


def test_stop_performance_needs_an_inspection_164_5(determine):
    """§ 164-5: no inspection, no stop order (not_applicable); an inspection silent on egress → missing."""
    assert determine(commercial=True, spaces=HALL).finding(
        "mount-pleasant/164-5/stop-performance").status is Status.NOT_APPLICABLE
    d = determine(commercial=True, spaces=HALL, inspection={"persons_present": 10})
    f = d.finding("mount-pleasant/164-5/stop-performance")
    assert f.status is Status.MISSING
    assert f.missing == ("inspection.egress_obstructed", "inspection.serious_menace")


def test_all_spaces_measured_give_the_lawful_occupancy_164_7(determine):
    """The other side: once the lanes' alleys are given, the lawful occupancy is the sum (100 + 4 × 5 + 10)."""
    d = determine(commercial=True, attendance=10, spaces=[
        {"name": "Shop", "use_group": "mercantile_first_floor", "area": 3000},
        {"name": "Lanes", "use_group": "bowling_alley", "area": 100, "alleys": 4}])
    assert not [m for m in d.missing if m.startswith("spaces")]
    assert d.occupancy is not None and d.occupancy.lawful_occupancy == 130


@pytest.mark.parametrize("use_group", sorted(USE_GROUPS))
def test_only_a_bowling_alley_may_have_no_floor_area_section_164_7(use_group):
    """§ 164-7: a bowling alley's area is the additional area beyond its alleys (it may be none); any other room
    or area of 0 sq ft holds no one and its sign would state 0 (D-8): refused where a space is recorded."""
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.occupancy import may_have_no_floor_area

    assert may_have_no_floor_area(use_group) is (use_group == "bowling_alley")
