"""Places of assembly (Mount Pleasant ch. 164) through the services: venues and spaces, lawful occupancy from the
law core (§§ 164-7, 164-8), certificates (§§ 164-3, 164-9) going stale when a space changes, the religious-worship
exemption (§ 164-3), inspections and their deficiencies tied to rules, history and optimistic locking."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from publicassembly.accounts.models import Role
from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate, Deficiency, Inspection, Space, SpaceConnection, Venue
from publicassembly.workflow.blocked import Blocked
from publicassembly.workflow.errors import (
    InvalidTransition,
    NotAllowed,
    NotFound,
    StaleUpdate,
    ValidationFailed,
)

pytestmark = pytest.mark.django_db


# --- occupancy from the law core ---------------------------------------------------------------------------


def test_catering_hall_lawful_occupancy_is_540_by_164_7_and_164_8(hall, day):
    det = vs.compute_occupancy(hall, as_of=day)
    loads = {s.name: s.occupant_load for s in det.occupancy.spaces}
    # 4,650 / 15 = 310; 1,200 / 15 = 80; open air 2,250 / 15 = 150
    assert loads == {"Ballroom": 310, "Cocktail room": 80, "Terrace": 150}
    assert det.occupancy.lawful_occupancy == 540
    assert det.certificate_required is True


def test_bowling_12_alleys_and_1000_sq_ft_hold_160_by_164_7(bi, mount_pleasant, day):
    venue = vs.create_venue(bi, mount_pleasant, name="Lanes", address="1 Lane Rd", commercial=True)
    vs.add_space(bi, venue, name="Lanes", kind="room", use_group="bowling_alley", area=1000, alleys=12)
    assert vs.compute_occupancy(venue, as_of=day).occupancy.lawful_occupancy == 12 * 5 + 100


def test_area_in_square_metres_is_converted_exactly_then_rounded_down(bi, mount_pleasant, day):
    venue = vs.create_venue(bi, mount_pleasant, name="Hall", address="2 Main St", commercial=False)
    # 100 m² = 1,076.39... sq ft; / 15 = 71.76 → 71 persons (a fraction of a person is not admitted)
    vs.add_space(bi, venue, name="Hall", kind="room", use_group="assembly_without_fixed_seats", area="100",
                 area_unit="sq_m")
    assert vs.compute_occupancy(venue, as_of=day).occupancy.lawful_occupancy == 71


def test_boundary_of_one_person_164_7(bi, mount_pleasant, day):
    venue = vs.create_venue(bi, mount_pleasant, name="Room", address="3 Main St", commercial=True)
    s = vs.add_space(bi, venue, name="Room", kind="room", use_group="assembly_without_fixed_seats", area="14.9999")
    assert vs.compute_occupancy(venue, as_of=day).occupancy.lawful_occupancy == 0
    vs.update_space(bi, s, area=15)
    assert vs.compute_occupancy(venue, as_of=day).occupancy.lawful_occupancy == 1


def test_overcrowding_judged_by_the_law_core_164_5(hall, day):
    assert vs.compute_occupancy(hall, as_of=day, attendance=540).occupancy.overcrowded is False
    assert vs.compute_occupancy(hall, as_of=day, attendance=541).occupancy.overcrowded is True


def test_connections_are_kept_both_ways_164_4(hall):
    ballroom = hall.spaces.get(name="Ballroom")
    assert [s.name for s in ballroom.connected_spaces()] == ["Cocktail room", "Terrace"]
    data = vs.venue_case_data(hall)
    assert {s["name"]: s["connects_with"] for s in data["spaces"]}["Ballroom"] == ["Cocktail room", "Terrace"]
    assert SpaceConnection.objects.count() == 2


# --- bad input names the field -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"area": -1}, "area"),
        ({"area": "ten"}, "area"),
        ({"area": "1.00001"}, "area"),
        ({"area_unit": "acres"}, "area_unit"),
        ({"use_group": "nightclub"}, "use_group"),
        ({"kind": "tent"}, "kind"),
        ({"kind": "open_air"}, "use_group"),
        ({"use_group": "bowling_alley"}, "alleys"),
        ({"alleys": 3}, "alleys"),
        ({"name": " "}, "name"),
        ({"name": "Ballroom"}, "name"),
        ({"connects_with": ["Kitchen"]}, "connects_with"),
    ],
)
def test_bad_space_is_refused_naming_the_field(hall, bi, kwargs, field):
    values = {"name": "Lounge", "kind": "room", "use_group": "assembly_without_fixed_seats", "area": 300, **kwargs}
    before = Space.objects.count()
    with pytest.raises(ValidationFailed) as e:
        vs.add_space(bi, hall, **values)
    assert e.value.field == field
    assert Space.objects.count() == before


def test_no_venues_under_carmel_ch_31(carmel, other):
    with pytest.raises(ValidationFailed) as e:
        vs.create_venue(other[Role.BUILDING_INSPECTOR], carmel, name="Field", address="x")
    assert e.value.field == "town"


def test_occupancy_of_a_venue_without_spaces_names_spaces(bi, mount_pleasant):
    venue = vs.create_venue(bi, mount_pleasant, name="Empty", address="4 Main St")
    with pytest.raises(ValidationFailed) as e:
        vs.compute_occupancy(venue)
    assert e.value.field == "spaces"


# --- certificates ----------------------------------------------------------------------------------------------


def test_certificate_states_each_space_and_the_total_164_9(hall, bi, day):
    cert = vs.issue_certificate(bi, hall, issued_on=day)
    assert cert.number == "MP-2025-0001" and cert.status == Certificate.VALID
    assert cert.lawful_occupancy == 540 and cert.issued_by == bi
    assert [(s["name"], s["occupant_load"]) for s in cert.space_loads] == [
        ("Ballroom", 310), ("Cocktail room", 80), ("Terrace", 150)]
    found = vs.lookup_certificate("mp-2025-0001")
    assert (found.town, found.venue_name, found.lawful_occupancy, found.in_force) == (
        "Town of Mount Pleasant, New York", "Kensico Manor", 540, True)
    assert found.spaces[0].area_sq_ft == Decimal("4650.0000")
    from publicassembly.venues.documents import certificate_record

    record = certificate_record(cert)
    assert record.lawful_occupancy == 540 and record.status == "valid"


def test_lookup_of_an_unknown_number_is_not_found(mount_pleasant):
    with pytest.raises(NotFound):
        vs.lookup_certificate("MP-1999-0001")
    with pytest.raises(ValidationFailed) as e:
        vs.lookup_certificate("  ")
    assert e.value.field == "number"


@pytest.mark.parametrize("change", ["add", "update", "remove", "connect"])
def test_changing_a_space_makes_the_certificate_stale_until_reissued(hall, bi, day, change):
    cert = vs.issue_certificate(bi, hall, issued_on=day)
    terrace = hall.spaces.get(name="Terrace")
    if change == "add":
        vs.add_space(bi, hall, name="Lounge", kind="room", use_group="assembly_without_fixed_seats", area=300)
    elif change == "update":
        vs.update_space(bi, terrace, area=3000, reason="terrace enlarged")
    elif change == "remove":
        vs.remove_space(bi, terrace, reason="terrace closed")
    else:
        vs.update_space(bi, terrace, connects_with=["Ballroom", "Cocktail room"])
    cert.refresh_from_db()
    assert cert.status == Certificate.STALE
    assert not vs.lookup_certificate(cert.number).in_force
    assert "re-certified" in cert.history.latest().history_change_reason
    again = vs.issue_certificate(bi, hall, issued_on=day + dt.timedelta(days=1))
    cert.refresh_from_db()
    assert (cert.status, cert.superseded_by_id, again.status, again.number) == (
        Certificate.SUPERSEDED, again.pk, Certificate.VALID, "MP-2025-0002")
    assert vs.lookup_certificate(cert.number).superseded_by == again.number


def test_remove_space_takes_its_connections_and_keeps_their_history(hall, bi):
    ballroom = hall.spaces.get(name="Ballroom")
    vs.remove_space(bi, ballroom, reason="ballroom demolished")
    assert not Space.objects.filter(name="Ballroom").exists() and SpaceConnection.objects.count() == 0
    gone = Space.history.filter(name="Ballroom", history_type="-").get()
    assert (gone.history_user, gone.history_change_reason) == (bi, "ballroom demolished")
    assert SpaceConnection.history.filter(history_type="-").count() == 2
    with pytest.raises(ValidationFailed) as e:
        vs.remove_space(bi, hall.spaces.get(name="Terrace"), reason=" ")
    assert e.value.field == "reason"


def test_revoke_then_nothing_more(hall, bi, day):
    cert = vs.issue_certificate(bi, hall, issued_on=day)
    vs.revoke_certificate(bi, cert, reason="fire damage")
    assert cert.status == Certificate.REVOKED
    with pytest.raises(InvalidTransition):
        vs.revoke_certificate(bi, cert, reason="again")
    vs.add_space(bi, hall, name="Lounge", kind="room", use_group="assembly_without_fixed_seats", area=300)
    cert.refresh_from_db()
    assert cert.status == Certificate.REVOKED  # a revoked certificate does not become stale


def test_religious_worship_exemption_164_3(bi, mount_pleasant, mp, day):
    church = vs.create_venue(mp[Role.APPLICANT], mount_pleasant, name="St. Mary's", address="5 Church St",
                             commercial=False, used_solely_for_religious_worship=True)
    vs.add_space(mp[Role.APPLICANT], church, name="Nave", kind="room", use_group="assembly_fixed_seats", area=3000)
    assert vs.compute_occupancy(church, as_of=day).certificate_required == "needs_review"
    vs.approve_religious_worship_exemption(bi, church, approved_on=day)
    assert church.certificate_exempt and church.worship_approved_by == bi
    det = vs.compute_occupancy(church, as_of=day)
    assert det.certificate_required is False and det.exemption["rule"].endswith("religious-worship-exception")
    assert det.occupancy.lawful_occupancy == 500  # 3,000 / 6: the occupancy rules still apply
    with pytest.raises(Blocked) as e:  # (its exemption, the blocker `certificate_blockers` lists: W-5)
        vs.issue_certificate(bi, church, issued_on=day)
    assert [b.rule for b in e.value.blockers] == ["mount-pleasant/164-3/religious-worship-exception"]
    vs.update_venue(mp[Role.APPLICANT], church, used_solely_for_religious_worship=False, reason="now rented out")
    church.refresh_from_db()
    assert not church.certificate_exempt and church.worship_approved_by is None


# --- optimistic locking and history -----------------------------------------------------------------------------


def test_stale_update_of_a_venue_fails_and_overwrites_nothing(hall, bi, mp):
    seen_by_owner = Venue.objects.get(pk=hall.pk)
    vs.update_venue(bi, hall, expected_version=hall.version, name="Kensico Manor Hall", reason="sign name")
    with pytest.raises(StaleUpdate) as e:
        vs.update_venue(bi, seen_by_owner, expected_version=seen_by_owner.version, address="26 Lakeview Avenue")
    assert "reload and try again" in str(e.value)
    stored = Venue.objects.get(pk=hall.pk)
    assert (stored.name, stored.address) == ("Kensico Manor Hall", "25 Lakeview Avenue, Valhalla, NY 10595")


def test_stale_update_of_a_space_fails_and_leaves_the_certificate_valid(hall, bi, day):
    cert = vs.issue_certificate(bi, hall, issued_on=day)
    terrace = hall.spaces.get(name="Terrace")
    with pytest.raises(StaleUpdate):
        vs.update_space(bi, terrace, expected_version=terrace.version - 1 or 99, area=1)
    with pytest.raises(StaleUpdate):
        vs.remove_space(bi, terrace, expected_version=terrace.version + 1, reason="x")
    cert.refresh_from_db()
    terrace.refresh_from_db()
    assert cert.status == Certificate.VALID and terrace.area == 2250


def test_every_change_is_in_the_history_with_who_and_why(hall, bi, day):
    cert = vs.issue_certificate(bi, hall, issued_on=day)
    vs.update_space(bi, hall.spaces.get(name="Ballroom"), area=4800, reason="wall moved")
    insp = vs.schedule_inspection(bi, hall, scheduled_for=day)
    vs.record_inspection(bi, insp, done_on=day, exits_blocked=True)
    for model in (Venue, Space, SpaceConnection, Certificate, Inspection, Deficiency):
        rows = model.history.all()
        assert rows.exists(), model
        assert all(r.history_user_id == bi.pk and r.history_change_reason for r in rows), model
    entries = vs.venue_timeline(hall)
    text = "\n".join(str(e) for e in entries)
    assert "area: 4,650 → 4,800" in text and "wall moved" in text  # (an area as a page writes it, no 4650.0000)
    assert "status: valid → stale" in text and "blocked exit" in text
    assert "commercial place of assembly: yes" in text and ": True" not in text and ": False" not in text
    assert entries == sorted(entries, key=lambda e: e.when)
    assert cert.history.count() == 2


# --- inspections ---------------------------------------------------------------------------------------------------


def test_inspection_deficiencies_are_tied_to_their_rules(hall, bi, mp, day):
    vs.issue_certificate(bi, hall, issued_on=day)
    officer = mp[Role.ENFORCEMENT_OFFICER]
    insp = vs.schedule_inspection(bi, hall, scheduled_for=day, inspector=officer)
    vs.record_inspection(
        officer, insp, done_on=day, persons_present=480, persons_by_space={"Cocktail room": 95},
        exits_blocked=True, exit_access_clear=False, toilets_provided=5, certificate_on_premises=False,
        fire_exits_designated=True, fire_exits_comply_with_uniform_code=True,
        signs={"Ballroom": {"posted": False}, "Cocktail room": {"posted": True, "states": 100,
                                                                "conforms_to_specification": True},
               "Terrace": {"posted": True, "states": 150, "conforms_to_specification": True}})
    insp.refresh_from_db()
    assert (insp.state, insp.result, insp.done_by) == ("done", "deficiencies", officer)
    got = {(d.kind, d.space_name, d.rule_id, d.citation) for d in insp.deficiencies.all()}
    assert got == {
        ("overcrowding", "Cocktail room", "mount-pleasant/164-5/overcrowding", "Mount Pleasant Code § 164-5"),
        ("blocked_exit", "", "mount-pleasant/164-10/exits-not-blocked", "Mount Pleasant Code § 164-10"),
        ("exit_access", "", "mount-pleasant/164-11/exit-access", "Mount Pleasant Code § 164-11"),
        ("missing_sign", "Ballroom", "mount-pleasant/164-9/sign", "Mount Pleasant Code § 164-9"),
        ("wrong_sign", "Cocktail room", "mount-pleasant/164-9/sign", "Mount Pleasant Code § 164-9"),
        # 480 persons need ceil(480 / 75) = 7 toilets; 5 provided
        ("too_few_toilets", "", "mount-pleasant/164-6/toilets", "Mount Pleasant Code § 164-6"),
        ("certificate_not_on_premises", "", "mount-pleasant/164-9/certificate-on-premises",
         "Mount Pleasant Code § 164-9"),
    }
    assert insp.determination["jurisdiction"].endswith("place:mount_pleasant")
    with pytest.raises(InvalidTransition):
        vs.record_inspection(bi, insp, done_on=day)


def test_toilets_boundary_75_and_76_persons_164_6(hall, bi, day):
    a = vs.schedule_inspection(bi, hall, scheduled_for=day)
    vs.record_inspection(bi, a, done_on=day, persons_present=75, toilets_provided=1)
    assert not a.deficiencies.filter(kind="too_few_toilets").exists()
    b = vs.schedule_inspection(bi, hall, scheduled_for=day)
    vs.record_inspection(bi, b, done_on=day, persons_present=76, toilets_provided=1)
    assert b.deficiencies.filter(kind="too_few_toilets").exists()


def test_place_without_certificate_is_a_no_certificate_deficiency_164_3(hall, bi, day):
    insp = vs.schedule_inspection(bi, hall, scheduled_for=day)
    vs.record_inspection(bi, insp, done_on=day, persons_present=100, exits_blocked=False, exit_access_clear=True)
    assert list(insp.deficiencies.values_list("kind", "citation")) == [("no_certificate", "Mount Pleasant Code § 164-3")]


def test_clean_inspection_passes(hall, bi, day):
    """Passed: no deficiency, and every fact of the exits stated compliant (§§ 164-2, 164-10, 164-11; M-22)."""
    vs.issue_certificate(bi, hall, issued_on=day)
    insp = vs.schedule_inspection(bi, hall, scheduled_for=day)
    vs.record_inspection(bi, insp, done_on=day, persons_present=540, exits_blocked=False, exit_access_clear=True,
                         fire_exits_designated=True, fire_exits_comply_with_uniform_code=True,
                         toilets_provided=8, certificate_on_premises=True)
    assert insp.result == "passed" and not insp.deficiencies.exists()


def test_cancelled_inspection_cannot_be_recorded(hall, bi, day):
    insp = vs.schedule_inspection(bi, hall, scheduled_for=day)
    vs.cancel_inspection(bi, insp, reason="venue closed for repairs")
    with pytest.raises(InvalidTransition):
        vs.record_inspection(bi, insp, done_on=day)


def test_inspector_must_be_an_inspector_of_the_town(hall, bi, mp, other, day):
    for who in (mp[Role.TOWN_CLERK], other[Role.BUILDING_INSPECTOR]):
        with pytest.raises(ValidationFailed) as e:
            vs.schedule_inspection(bi, hall, scheduled_for=day, inspector=who)
        assert e.value.field == "inspector"


def test_sign_of_an_unknown_room_names_the_field(hall, bi, day):
    insp = vs.schedule_inspection(bi, hall, scheduled_for=day)
    with pytest.raises(ValidationFailed) as e:
        vs.record_inspection(bi, insp, done_on=day, signs={"Kitchen": {"posted": True}})
    assert "signs" in e.value.field
    insp.refresh_from_db()
    assert insp.state == "scheduled"


# --- every action against every role and another town's user --------------------------------------------------


def _actions(day):
    def space(v):
        return v.spaces.get(name="Terrace")

    return {
        "create_venue": ((Role.BUILDING_INSPECTOR, Role.APPLICANT),
                         lambda u, v: vs.create_venue(u, v.town, name="New", address="9 Main St")),
        "update_venue": ((Role.BUILDING_INSPECTOR,), lambda u, v: vs.update_venue(u, v, name="Renamed")),
        "add_space": ((Role.BUILDING_INSPECTOR,), lambda u, v: vs.add_space(
            u, v, name="Lounge", kind="room", use_group="assembly_without_fixed_seats", area=10)),
        "update_space": ((Role.BUILDING_INSPECTOR,), lambda u, v: vs.update_space(u, space(v), area=10)),
        "remove_space": ((Role.BUILDING_INSPECTOR,), lambda u, v: vs.remove_space(u, space(v), reason="closed")),
        "approve_religious_worship_exemption": (
            (Role.BUILDING_INSPECTOR,), lambda u, v: vs.approve_religious_worship_exemption(u, v)),
        "issue_certificate": ((Role.BUILDING_INSPECTOR,), lambda u, v: vs.issue_certificate(u, v, issued_on=day)),
        "revoke_certificate": ((Role.BUILDING_INSPECTOR,),
                               lambda u, v: vs.revoke_certificate(u, v.certificates.get(), reason="r")),
        "schedule_inspection": ((Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER),
                                lambda u, v: vs.schedule_inspection(u, v, scheduled_for=day)),
        "record_inspection": ((Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER),
                              lambda u, v: vs.record_inspection(u, v.inspections.get(), done_on=day)),
        "cancel_inspection": ((Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER),
                              lambda u, v: vs.cancel_inspection(u, v.inspections.get(), reason="r")),
    }


ACTIONS = sorted(_actions(None))
#: What an owner may do to their own place (W-14): to another's, the place is not found.
OWNERS_EDITS = {"update_venue", "add_space", "update_space", "remove_space"}


@pytest.fixture
def prepared(hall, bi, day):
    vs.issue_certificate(bi, hall, issued_on=day)
    vs.schedule_inspection(bi, hall, scheduled_for=day)
    return hall


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("role", sorted(Role.values))
def test_action_by_role(prepared, mp, day, action, role):
    allowed, run = _actions(day)[action]
    if role in allowed:
        run(mp[role], prepared)
    elif role == Role.APPLICANT and action in OWNERS_EDITS:
        with pytest.raises(NotFound):  # another owner's place is not found to an owner, as one that does not exist
            run(mp[role], prepared)
    else:
        with pytest.raises(NotAllowed):
            run(mp[role], prepared)


@pytest.mark.parametrize("action", ACTIONS)
def test_action_by_another_towns_official_is_refused(prepared, other, day, action):
    allowed, run = _actions(day)[action]
    for role in allowed:
        with pytest.raises(NotAllowed):
            run(other[role], prepared)


def test_an_applicant_may_change_only_a_venue_they_own(hall, mp, mount_pleasant):
    owner = mp[Role.APPLICANT]
    own = vs.create_venue(owner, mount_pleasant, name="Barn", address="7 Farm Rd")
    assert own.owner == owner
    vs.update_venue(owner, own, commercial=True)
    with pytest.raises(NotFound):  # (another's place: not found, as one that does not exist: W-14)
        vs.update_venue(owner, hall, commercial=False)
