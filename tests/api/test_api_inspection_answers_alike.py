"""An inspection's deficiencies are told alike by ``GET …/inspections`` (the list) and by the record of one
(``POST …/inspections/{id}/record``'s answer): ``{kind, rule, citation, space, detail}``, ``space`` the room or
area a deficiency concerns (an overcrowded room, § 164-5; a room's sign, § 164-9) and ``""`` for the place as a
whole (a blocked exit, § 164-10). The list left ``space`` out: an overcrowded room could not be told from another.

A count given ``true`` (``persons_present``, a room's count, the toilets, a sign's number) is refused 422 naming the
field, in the law core's words (`law.units`: "expected a whole number, got true", as a case file's count is
refused), never read as 1 nor told in pydantic's own text."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import post_json

from publicassembly.venues.models import Inspection

pytestmark = pytest.mark.django_db

MP = "/api/v1/towns/mount-pleasant-ny"
TODAY = dt.date.today().isoformat()


def _record(client, insp, body: dict):
    return post_json(client, f"{MP}/inspections/{insp.pk}/record", {"done_on": TODAY, **body})


def test_the_list_tells_each_deficiency_with_the_keys_of_the_record_and_its_room_164_5(api, mu, hall):
    bi = api(mu["building_inspector"])
    insp = Inspection.objects.get(venue=hall, state=Inspection.SCHEDULED)
    r = _record(bi, insp, {"persons_by_space": {"Ballroom": 311}, "exits_blocked": True})  # (310 lawful: § 164-7)
    assert r.status_code == 200, r.content
    recorded = r.json()["deficiencies"]
    listed = next(i for i in bi.get(f"{MP}/inspections").json() if i["id"] == insp.pk)["deficiencies"]
    assert listed == recorded
    assert [set(d) for d in listed] == [{"kind", "rule", "citation", "space", "detail"}] * 2
    assert [(d["kind"], d["space"]) for d in listed] == [("overcrowding", "Ballroom"), ("blocked_exit", "")]


def test_an_inspection_without_deficiencies_lists_none(api, mu, hall):
    bi = api(mu["building_inspector"])
    insp = Inspection.objects.get(venue=hall, state=Inspection.SCHEDULED)
    listed = next(i for i in bi.get(f"{MP}/inspections").json() if i["id"] == insp.pk)
    assert listed["deficiencies"] == [] and listed["state"] == "scheduled"


@pytest.mark.parametrize(("bad", "good", "field", "given"), [
    ({"persons_present": True}, {"persons_present": 1}, "persons_present", "true"),
    ({"toilets_provided": True}, {"toilets_provided": 1}, "toilets_provided", "true"),
    ({"persons_by_space": {"Ballroom": True}}, {"persons_by_space": {"Ballroom": 1}}, "persons_by_space.Ballroom",
     "true"),
    ({"signs": {"Ballroom": {"states": False}}}, {"signs": {"Ballroom": {"states": 0}}}, "signs.Ballroom.states",
     "false"),
])
def test_a_count_given_true_is_refused_naming_the_field_in_the_law_cores_words(api, mu, hall, bad, good, field,
                                                                                given):
    bi = api(mu["building_inspector"])
    insp = Inspection.objects.get(venue=hall, state=Inspection.SCHEDULED)
    r = _record(bi, insp, bad)
    assert r.status_code == 422, r.content
    assert r.json()["errors"] == [{"field": field, "msg": f"expected a whole number, got {given}"}]
    assert r.json()["detail"] == f"{field}: expected a whole number, got {given}"
    insp.refresh_from_db()
    assert insp.state == Inspection.SCHEDULED
    assert _record(bi, insp, good).status_code == 200  # (the other side: a whole number there is recorded)
