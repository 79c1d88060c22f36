"""The Building Inspector's inspection page records, room by room, what the API's record body takes: the persons
present in each room or area (``persons_by_space``: compared with its lawful occupancy, §§ 164-5, 164-7) and the
findings about its occupancy sign (``signs``: posted, the number it states, its form, § 164-9). The venues service
checks them (one source): each refusal is shown beside its room's field, 422, nothing stored."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from tests.api.conftest import api_client, venue_json
from tests.web.conftest import client_for

from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
OVERCROWDING = "mount-pleasant/164-5/overcrowding"
SIGN = "mount-pleasant/164-9/sign"
#: Every fact of the exits stated compliant (M-22), so that the result is the rooms' and signs' alone.
EXITS = {"exits_blocked": False, "exit_access_clear": True, "fire_exits_designated": True,
         "fire_exits_comply_with_uniform_code": True}


@pytest.fixture
def two_rooms(hall, mu):
    """The catering hall's Ballroom (4,650 sq ft without fixed seats: 310 persons, § 164-7) and a Lounge of 600 sq ft
    (40 persons), its certificate issued again for the two (adding the Lounge made it stale)."""
    bi = mu["building_inspector"]
    vs.add_space(bi, hall, name="Lounge", kind="room", use_group="assembly_without_fixed_seats", area="600")
    hall.refresh_from_db()
    vs.issue_certificate(bi, hall)
    hall.refresh_from_db()
    return hall


def _rooms(venue):
    return {s.name: s for s in venue.spaces.all()}


def _page(venue, insp):
    return f"/mount-pleasant-ny/venues/{venue.pk}/inspections/{insp.pk}/"


def _scheduled(bi, venue):
    return vs.schedule_inspection(bi, venue, scheduled_for=TODAY)


def _web(bi, venue, answers):
    insp = _scheduled(bi, venue)
    exits = {"exits_blocked": "no", "exit_access_clear": "yes", "fire_exits_designated": "yes",
             "fire_exits_comply_with_uniform_code": "yes"}
    r = client_for(bi).post(_page(venue, insp), {"expected_version": str(insp.version),
                                                 "done_on": TODAY.isoformat(), **exits, **answers})
    insp.refresh_from_db()
    return r, insp


def _api(bi, venue, body):
    insp = _scheduled(bi, venue)
    r = api_client(bi).post(f"/api/v1/towns/mount-pleasant-ny/inspections/{insp.pk}/record",
                            {"done_on": TODAY.isoformat(), **EXITS, **body}, content_type="application/json")
    assert r.status_code == 200, r.json()
    insp.refresh_from_db()
    return insp


def _found(insp):
    return [(d.kind, d.rule_id, d.citation, d.space_name, d.detail) for d in insp.deficiencies.order_by("id")]


def _field_block(page, field_id):
    """The field's block on the page (its label, control and errors)."""
    start = page.index(f'<label for="{field_id}">')
    return page[page.rindex('<div class="field', 0, start):page.index(f'id="err-{field_id}"', start) + 400]


def test_one_row_per_room_labelled_with_its_name_and_lawful_occupancy_164_7(mu, two_rooms):
    bi = mu["building_inspector"]
    insp = Inspection.objects.get(venue=two_rooms, state=Inspection.SCHEDULED)
    page = client_for(bi).get(_page(two_rooms, insp)).content.decode()
    rooms = _rooms(two_rooms)
    ball, lounge = rooms["Ballroom"].pk, rooms["Lounge"].pk
    assert "Ballroom — lawful occupancy 310</legend>" in page and "Lounge — lawful occupancy 40</legend>" in page
    assert page.index("Ballroom — lawful") < page.index("Lounge — lawful")  # (the venue's order)
    for pk, name in ((ball, "Ballroom"), (lounge, "Lounge")):
        assert f'<label for="id_persons_by_space-{pk}">Persons present in {name}</label>' in page
        assert f'<label for="id_signs-{pk}-posted">Occupancy sign posted in {name}? (§ 164-9)</label>' in page
        assert f'<label for="id_signs-{pk}-states">Persons the sign in {name} states</label>' in page
        assert (f'<label for="id_signs-{pk}-conforms_to_specification">Sign in {name} red on white, in bold letters '
                f'1 inch high and 3/8 inch wide? (§ 164-9)</label>') in page
        assert f'id="id_persons_by_space-{pk}"' in page and f'name="signs-{pk}-posted"' in page
    # the sign's yes / no questions as the page's others: not stated, yes, no
    posted = page.split(f'name="signs-{ball}-posted"')[1].split("</select>")[0]
    assert re.findall(r'<option value="([^"]*)"', posted) == ["", "yes", "no"]


def test_a_venue_with_no_spaces_shows_no_rows(mount_pleasant, mu):
    bi = mu["building_inspector"]
    venue = vs.create_venue(bi, mount_pleasant, name="Empty Barn", address="1 Barn Lane", commercial=True)
    insp = _scheduled(bi, venue)
    page = client_for(bi).get(_page(venue, insp)).content.decode()
    assert "persons_by_space-" not in page and "signs-" not in page
    assert "No rooms or areas yet." in page.split('id="spaces"')[1].split("</fieldset>")[0]


def test_two_rooms_and_their_signs_on_the_page_stored_as_the_api_stores_them_164_9(mu, two_rooms):
    """The same counts and sign findings, once on the page and once as the API's body: the same observations,
    determination, result and deficiencies (the Lounge's sign states 50, not its 40, and is not of the form)."""
    bi = mu["building_inspector"]
    rooms = _rooms(two_rooms)
    ball, lounge = rooms["Ballroom"].pk, rooms["Lounge"].pk
    r, web = _web(bi, two_rooms, {
        "persons_present": "250", f"persons_by_space-{ball}": "200", f"persons_by_space-{lounge}": "40",
        f"signs-{ball}-posted": "yes", f"signs-{ball}-states": "310", f"signs-{ball}-conforms_to_specification": "yes",
        f"signs-{lounge}-posted": "yes", f"signs-{lounge}-states": "50",
        f"signs-{lounge}-conforms_to_specification": "no"})
    assert r.status_code == 302, r.content.decode()[-3000:]
    api = _api(bi, two_rooms, {
        "persons_present": 250, "persons_by_space": {"Ballroom": 200, "Lounge": 40},
        "signs": {"Ballroom": {"posted": True, "states": 310, "conforms_to_specification": True},
                  "Lounge": {"posted": True, "states": 50, "conforms_to_specification": False}}})
    assert web.state == api.state == Inspection.DONE
    assert web.result == api.result == Inspection.DEFICIENCIES
    assert web.observations == api.observations
    assert web.observations["persons_by_space"] == {"Ballroom": 200, "Lounge": 40}
    assert web.observations["signs"] == [{"room": "Ballroom", "posted": True, "states": 310,
                                          "conforms_to_specification": True},
                                         {"room": "Lounge", "posted": True, "states": 50,
                                          "conforms_to_specification": False}]
    assert web.determination == api.determination
    assert _found(web) == _found(api)
    assert [(k, rule, space) for k, rule, _c, space, _d in _found(web)] == [("wrong_sign", SIGN, "Lounge")]


def test_a_sign_partly_stated_and_a_room_not_counted_left_out_as_the_api_leaves_them_out(mu, two_rooms):
    """A count left empty and the questions left "Not stated" are not told the service (the API's body without
    them): a Lounge not counted is in no persons_by_space, a sign of which nothing is stated in no signs."""
    bi = mu["building_inspector"]
    ball = _rooms(two_rooms)["Ballroom"].pk
    r, web = _web(bi, two_rooms, {f"persons_by_space-{ball}": "0", f"signs-{ball}-posted": "no"})
    assert r.status_code == 302, r.content.decode()[-3000:]
    api = _api(bi, two_rooms, {"persons_by_space": {"Ballroom": 0}, "signs": {"Ballroom": {"posted": False}}})
    assert web.observations == api.observations
    assert web.observations["persons_by_space"] == {"Ballroom": 0}
    assert web.observations["signs"] == [{"room": "Ballroom", "posted": False}]
    assert web.result == api.result == Inspection.DEFICIENCIES
    assert _found(web) == _found(api)
    assert [(k, space) for k, _r, _c, space, _d in _found(web)] == [("missing_sign", "Ballroom")]


@pytest.mark.parametrize(("count", "overcrowded"), [(310, False), (311, True)])
def test_a_room_over_its_lawful_occupancy_is_overcrowding_as_the_api_records_it_164_5(mu, two_rooms, count,
                                                                                       overcrowded):
    """The Ballroom's lawful occupancy is 310 (§ 164-7): 310 persons in it are lawful, 311 overcrowding (§ 164-5),
    one deficiency naming the room, as the API records it. Overcrowding is the gathering's to correct: it does
    not stop the certificate (M-18, M-19)."""
    bi = mu["building_inspector"]
    ball = _rooms(two_rooms)["Ballroom"].pk
    r, web = _web(bi, two_rooms, {f"persons_by_space-{ball}": str(count)})
    assert r.status_code == 302, r.content.decode()[-3000:]
    api = _api(bi, two_rooms, {"persons_by_space": {"Ballroom": count}})
    assert web.observations == api.observations and _found(web) == _found(api)
    assert web.result == api.result
    crowding = [d for d in _found(web) if d[1] == OVERCROWDING]
    if overcrowded:
        assert crowding == [("overcrowding", OVERCROWDING, "Mount Pleasant Code § 164-5", "Ballroom",
                             "311 persons in Ballroom, occupant load 310 (§ 164-7).")]
        assert web.result == Inspection.DEFICIENCIES
    else:
        assert crowding == []
    assert venue_json(bi, two_rooms)["certificate_blockers"] == []


@pytest.mark.parametrize(("field", "given", "said"), [
    ("persons_by_space-{ball}", "-1", "must be at least 0 (got -1)"),  # (the service's, in the law core's words)
    ("persons_by_space-{ball}", "12 persons", "Give a whole number"),  # (not a number: the form's)
    ("persons_by_space-{ball}", "1000000001", "must be at most 1,000,000,000 (got 1000000001)"),  # (the law core's)
    ("signs-{ball}-states", "-1", "must be at least 0 (got -1)"),
    ("signs-{ball}-states", "ten", "Give a whole number"),
])
def test_a_bad_count_is_refused_beside_its_rooms_field_nothing_stored(mu, two_rooms, field, given, said):
    bi = mu["building_inspector"]
    rooms = _rooms(two_rooms)
    ball, lounge = rooms["Ballroom"].pk, rooms["Lounge"].pk
    field = field.format(ball=ball)
    insp = _scheduled(bi, two_rooms)
    version = insp.version
    r = client_for(bi).post(_page(two_rooms, insp), {
        "expected_version": str(version), "done_on": TODAY.isoformat(), f"persons_by_space-{lounge}": "12",
        f"signs-{lounge}-posted": "no", field: given})
    assert r.status_code == 422
    page = r.content.decode()
    block = _field_block(page, f"id_{field}")
    assert said in block and 'aria-invalid="true"' in block
    assert said not in _field_block(page, f"id_persons_by_space-{lounge}")  # (beside its own row's field only)
    assert f'<a href="#id_{field}">' in page  # (the summary above the form links to it)
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED and insp.version == version and not insp.deficiencies.exists()
    assert insp.observations in ({}, None)


@pytest.mark.parametrize(("in_rooms", "refused"), [(250, False), (251, True)])
def test_more_persons_in_the_rooms_than_present_refused_as_the_service_says_m7(mu, two_rooms, in_rooms, refused):
    bi = mu["building_inspector"]
    rooms = _rooms(two_rooms)
    r, insp = _web(bi, two_rooms, {"persons_present": "250", f"persons_by_space-{rooms['Ballroom'].pk}": "200",
                                   f"persons_by_space-{rooms['Lounge'].pk}": str(in_rooms - 200)})
    if not refused:
        assert r.status_code == 302 and insp.state == Inspection.DONE
        return
    assert r.status_code == 422 and insp.state == Inspection.SCHEDULED
    page = r.content.decode()
    assert "250 persons present is fewer than the 251 counted in the rooms" in _field_block(page, "id_persons_present")
    assert "the persons counted in the rooms, 251 in all, are more than the 250 persons present" in page


def test_a_room_removed_since_the_page_was_opened_is_refused_not_dropped(mu, two_rooms):
    bi = mu["building_inspector"]
    lounge = _rooms(two_rooms)["Lounge"]
    insp = _scheduled(bi, two_rooms)
    two_rooms.refresh_from_db()
    vs.remove_space(bi, lounge, reason="Wall taken down")
    r = client_for(bi).post(_page(two_rooms, insp), {"expected_version": str(insp.version),
                                                     f"persons_by_space-{lounge.pk}": "41"})
    assert r.status_code == 422
    assert "no longer one of this place&#x27;s" in r.content.decode()
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED


@pytest.mark.parametrize(("count", "recorded"), [(1_000_001, True), (1_000_000_000, True), (1_000_000_001, False)])
def test_the_api_counts_persons_to_the_law_cores_bound_as_the_page(mu, two_rooms, count, recorded):
    """A count of persons present is bounded by the law core's count (1,000,000,000; `units.MAX_COUNT`) on the API
    as on the page: the API's own bound was 1,000,000, so 1,000,001 persons counted (§§ 164-5, 164-7: more than the
    place's lawful occupancy, an overcrowding) was refused by the API and recorded by the page."""
    bi = mu["building_inspector"]
    insp = _scheduled(bi, two_rooms)
    body = {"done_on": TODAY.isoformat(), **EXITS, "persons_present": count, "persons_by_space": {"Lounge": count}}
    r = api_client(bi).post(f"/api/v1/towns/mount-pleasant-ny/inspections/{insp.pk}/record", body,
                            content_type="application/json")
    insp.refresh_from_db()
    if recorded:
        assert r.status_code == 200, r.json()
        assert insp.state == Inspection.DONE and insp.result == "deficiencies"
        assert any(d[1] == OVERCROWDING and d[3] == "Lounge" for d in _found(insp))
    else:
        assert r.status_code == 422, r.content
        assert {e["field"] for e in r.json()["errors"]} == {"persons_present", "persons_by_space.Lounge"}
        assert all("1000000000" in e["msg"].replace(",", "") for e in r.json()["errors"]), r.json()
        assert insp.state == Inspection.SCHEDULED
