"""The inspection page (Mount Pleasant ch. 164: the persons present, room by room, §§ 164-5, 164-7, and each
room's occupancy sign, § 164-9) tells every refusal at once, each beside its field: its form's (a count that is not
a number) with the venues service's and the law core's of the values it took (a room's count below 0, a sign's
number below 0); they were told one after another — the form's first, then the service's first bad room, then the
next. One bound is said in one wording, the law core's ("must be at least 0 (got -1)"), for the persons present,
the toilets, each room's count and each sign's number. More persons counted in the rooms than present (M-7) is told
beside the rooms (their fieldset) and beside the persons present, not above the form. Nothing is stored."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.web.conftest import client_for

from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
AT_LEAST_0 = "must be at least 0 (got -1)"
NOT_WHOLE = "Give a whole number, e.g. 12 (got 'x')."


@pytest.fixture
def two_rooms(hall, mu):
    """The catering hall's Ballroom (310 persons, § 164-7) and a Lounge of 600 sq ft (40 persons)."""
    vs.add_space(mu["building_inspector"], hall, name="Lounge", kind="room", use_group="assembly_without_fixed_seats",
                 area="600")
    hall.refresh_from_db()
    return hall


def _ids(venue) -> tuple[int, int]:
    rooms = {s.name: s.pk for s in venue.spaces.all()}
    return rooms["Ballroom"], rooms["Lounge"]


def _post(bi, venue, answers: dict[str, str]):
    insp = Inspection.objects.get(venue=venue, state=Inspection.SCHEDULED)
    r = client_for(bi).post(f"/mount-pleasant-ny/venues/{venue.pk}/inspections/{insp.pk}/",
                            {"expected_version": str(insp.version), "done_on": TODAY.isoformat(), **answers})
    return r, insp


def _nothing_stored(insp: Inspection) -> None:
    version = insp.version
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED and insp.version == version and not insp.deficiencies.exists()


def test_a_count_not_a_number_and_the_rooms_bad_counts_are_told_at_once(mu, two_rooms):
    """The persons present "x" (the form's), the Ballroom's count -1 and the Lounge's sign stating -1 (the
    service's and the law core's): three refusals in one answer, each beside its own field."""
    ball, lounge = _ids(two_rooms)
    r, insp = _post(mu["building_inspector"], two_rooms, {
        "persons_present": "x", f"persons_by_space-{ball}": "-1", f"signs-{lounge}-states": "-1"})
    assert r.status_code == 422
    errors = r.context["form"].errors
    assert errors["persons_present"] == [NOT_WHOLE]
    assert errors[f"persons_by_space-{ball}"] == [AT_LEAST_0]
    assert errors[f"signs-{lounge}-states"] == [AT_LEAST_0]
    assert "__all__" not in errors
    _nothing_stored(insp)


def test_every_bad_room_is_told_not_only_the_first(mu, two_rooms):
    ball, lounge = _ids(two_rooms)
    r, insp = _post(mu["building_inspector"], two_rooms, {
        f"persons_by_space-{ball}": "-1", f"persons_by_space-{lounge}": "1000000001"})
    assert r.status_code == 422
    errors = r.context["form"].errors
    assert errors[f"persons_by_space-{ball}"] == [AT_LEAST_0]
    assert errors[f"persons_by_space-{lounge}"] == ["must be at most 1,000,000,000 (got 1000000001)"]
    _nothing_stored(insp)


@pytest.mark.parametrize("field", ["persons_present", "toilets_provided", "persons_by_space-{ball}",
                                   "signs-{lounge}-states"])
def test_a_count_below_0_is_told_in_one_wording_wherever_it_is_asked(mu, two_rooms, field):
    ball, lounge = _ids(two_rooms)
    field = field.format(ball=ball, lounge=lounge)
    r, insp = _post(mu["building_inspector"], two_rooms, {field: "-1"})
    assert r.status_code == 422
    assert dict(r.context["form"].errors) == {field: [AT_LEAST_0]}
    _nothing_stored(insp)


@pytest.mark.parametrize(("count", "recorded"), [("0", True), ("1000000000", True), ("1000000001", False)])
def test_the_persons_present_bounded_as_the_api_bounds_them(mu, two_rooms, count, recorded):
    """The other side of the bound: 0 and 1,000,000,000 persons present are recorded (the API's bound, the law
    core's count); one more is refused beside the field in the law core's words."""
    r, insp = _post(mu["building_inspector"], two_rooms, {"persons_present": count})
    if recorded:
        assert r.status_code == 302, r.content.decode()[-2000:]
        insp.refresh_from_db()
        assert insp.state == Inspection.DONE and insp.observations["persons_present"] == int(count)
    else:
        assert r.status_code == 422
        assert r.context["form"].errors["persons_present"] == ["must be at most 1,000,000,000 (got 1000000001)"]
        _nothing_stored(insp)


@pytest.mark.parametrize(("in_rooms", "refused"), [(250, False), (251, True)])
def test_more_persons_in_the_rooms_than_present_is_told_beside_the_rooms_not_above_the_form_m7(mu, two_rooms,
                                                                                              in_rooms, refused):
    ball, lounge = _ids(two_rooms)
    r, insp = _post(mu["building_inspector"], two_rooms, {
        "persons_present": "250", f"persons_by_space-{ball}": "200", f"persons_by_space-{lounge}": str(in_rooms - 200)})
    if not refused:
        assert r.status_code == 302
        return
    assert r.status_code == 422
    form = r.context["form"]
    rooms_said = ("the persons counted in the rooms, 251 in all, are more than the 250 persons present "
                  "(persons_present): a room's persons are among those present; correct one count or the other")
    assert form.group_errors["persons_by_space"] == [rooms_said]
    assert form.non_field_errors() == []  # (not above the form)
    assert form.errors["persons_present"] == [
        "250 persons present is fewer than the 251 counted in the rooms (persons_by_space); correct one count or "
        "the other"]
    page = r.content.decode()
    fieldset = page.split('<fieldset id="spaces"')[1].split('<fieldset class="space">')[0]
    assert 'aria-describedby="err-spaces"' in fieldset and 'class="has-error"' in fieldset
    assert 'id="err-spaces"' in fieldset and "the persons counted in the rooms, 251 in all" in fieldset
    assert '<a href="#spaces">Rooms and areas</a>: the persons counted in the rooms, 251 in all' in page
    assert '<div class="alert error" role="alert"><p>' not in page  # (nothing said above the form alone)
    _nothing_stored(insp)


def test_the_service_tells_every_bad_value_of_an_inspection_at_once(mu, two_rooms):
    """The service itself (the page's and the API's): two rooms' counts, the toilets, a yes / no fact and a sign's
    number, in one refusal, nothing recorded."""
    insp = Inspection.objects.get(venue=two_rooms, state=Inspection.SCHEDULED)
    with pytest.raises(ValidationFailed) as e:
        vs.record_inspection(mu["building_inspector"], insp, done_on=TODAY, toilets_provided=-1, exits_blocked=1,
                             persons_by_space={"Ballroom": -1, "Lounge": True},
                             signs={"Lounge": {"posted": True, "states": -1}})
    assert e.value.errors == (
        ("toilets_provided", AT_LEAST_0),
        ("exits_blocked", "true, false or empty (not observed); got 1"),
        ("persons_by_space[Ballroom]", AT_LEAST_0),
        ("persons_by_space[Lounge]", "expected a whole number, got true"),
        ("inspection.signs[0].states", AT_LEAST_0))
    _nothing_stored(insp)
    assert vs.inspection_refusals(mu["building_inspector"], insp, persons_by_space={"Ballroom": 3}) == []


def test_a_control_character_in_the_notes_is_told_with_a_bad_count(mu, two_rooms):
    """G-6: notes holding a direction override are refused with the other bad values (after the role, P-29), not
    alone before them."""
    insp = Inspection.objects.get(venue=two_rooms, state=Inspection.SCHEDULED)
    with pytest.raises(ValidationFailed) as e:
        vs.record_inspection(mu["building_inspector"], insp, done_on=TODAY, notes="late\u202e", persons_present=-1)
    assert [f for f, _m in e.value.errors] == ["notes", "persons_present"]
    assert e.value.errors[1] == ("persons_present", AT_LEAST_0)
    _nothing_stored(insp)
