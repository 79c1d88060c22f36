"""One place, two ways in, one answer (interpretation M-27): the rooms East and West of 600 sq ft of school use (40
sq ft per occupant, § 164-7: 15 persons each) in a commercial place, West connecting with "  east " through a
common entrance (§ 164-4: one place of assembly of 30 ≥ 25), and an inspection that found East's sign, named
"EAST", not posted and West's, named "west", stating 14 instead of 15 (§ 164-9). Given as a case file to
`publicassembly check`, and entered through the API and the venue page, the law core reads the rooms' names the
same way and gives the same determination: before M-27 the case file was refused ("no space is named '  east '").
"""

from __future__ import annotations

import json

import pytest
import yaml
from django.test import Client
from typer.testing import CliRunner

from publicassembly.cli import app
from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection
from publicassembly.workflow.dates import today

from .conftest import api_client, post_json

pytestmark = pytest.mark.django_db

MP = "/api/v1/towns/mount-pleasant-ny"
SIGN = "mount-pleasant/164-9/sign"


def _space(name: str, **kw) -> dict:
    return {"name": name, "use_group": "school", "area": 600, "common_entrance": True, **kw}


def _case(**facts) -> dict:
    """The place as a case file states it, determined today (the API's and the page's day)."""
    return {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": today().isoformat(),
            "name": "Trial Rooms", "address": "1 Main Street, Valhalla", "commercial": True, "toilets_provided": 1,
            "spaces": [_space("East"), _space("West", connects_with=["  east "])], **facts}


def _check(tmp_path, case: dict) -> dict:
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(case), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path), "--format", "json"])
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)


@pytest.fixture
def place(mount_pleasant, mu):
    """The place through the API: East added, then West with ``connects_with: ["  east "]``."""
    bi = mu["building_inspector"]
    venue = vs.create_venue(bi, mount_pleasant, name="Trial Rooms", address="1 Main Street, Valhalla",
                            commercial=True, toilets_provided=1)
    client = api_client(bi)
    for body in (_space("East"), _space("West", connects_with=["  east "])):
        r = post_json(client, f"{MP}/venues/{venue.pk}/spaces", {**body, "kind": "room"})
        assert r.status_code == 201, r.content
    assert r.json()["connects_with"] == ["East"]
    venue.refresh_from_db()
    return venue


def test_164_4_the_case_file_and_the_api_give_one_place_of_assembly_of_30_m27(place, mu, tmp_path):
    checked = _check(tmp_path, _case())
    answered = api_client(mu["building_inspector"]).get(f"{MP}/venues/{place.pk}").json()["determination"]
    assert checked == answered
    assert checked["certificate_required"] is True
    groups = next(f for f in checked["findings"] if f["rule"] == "mount-pleasant/164-4/place-of-assembly")
    assert [(g["spaces"], g["occupant_load"]) for g in groups["values"]["groups"]] == [(["East", "West"], 30)]


def test_164_4_the_venue_page_shows_the_case_files_determination_m27(place, mu, tmp_path):
    client = Client()
    client.force_login(mu["building_inspector"])
    page = client.get(f"/mount-pleasant-ny/venues/{place.pk}/")
    assert page.status_code == 200
    checked, shown = _check(tmp_path, _case()), page.context["d"]
    # (the page leaves out the rules only an inspection answers, citing them below: the rest is the same)
    kept = {f["rule"] for f in shown["findings"]}
    assert shown == {**checked, "findings": [f for f in checked["findings"] if f["rule"] in kept]}
    assert "mount-pleasant/164-4/place-of-assembly" in kept and checked["certificate_required"] is True
    assert checked["verdict"] in page.content.decode()


def test_164_4_without_the_connection_both_ways_give_two_rooms_of_15_and_no_certificate_m27(place, mu, tmp_path):
    """The other side: the connection removed (the API's PATCH, [] ), and left out of the case file."""
    west = place.spaces.get(name="West")
    client = api_client(mu["building_inspector"])
    r = client.patch(f"{MP}/venues/{place.pk}/spaces/{west.pk}", json.dumps({"connects_with": []}),
                     content_type="application/json")
    assert r.status_code == 200, r.content
    case = _case()
    case["spaces"][1].pop("connects_with")
    checked = _check(tmp_path, case)
    assert checked == client.get(f"{MP}/venues/{place.pk}").json()["determination"]
    assert checked["certificate_required"] is False


def test_164_9_signs_named_in_other_cases_give_the_same_sign_finding_m27(place, mu, tmp_path):
    """East's sign not posted, West's stating 14 (its lawful occupancy is 15): not met, each fault naming the
    room as it is spelled, through the API's record of the inspection and in the case file alike."""
    bi = mu["building_inspector"]
    vs.schedule_inspection(bi, place, scheduled_for=today())
    insp = Inspection.objects.get(venue=place, state=Inspection.SCHEDULED)
    r = post_json(api_client(bi), f"{MP}/inspections/{insp.pk}/record", {
        "signs": {"EAST": {"posted": False}, "west": {"posted": True, "states": 14, "conforms_to_specification": True}}})
    assert r.status_code == 200, r.content
    insp.refresh_from_db()
    recorded = next(f for f in insp.determination["findings"] if f["rule"] == SIGN)
    checked = _check(tmp_path, _case(inspection={
        "date": today().isoformat(), "officer": "building_inspector",
        "signs": [{"room": "EAST", "posted": False},
                  {"room": "west", "posted": True, "states": 14, "conforms_to_specification": True}]}))
    from_file = next(f for f in checked["findings"] if f["rule"] == SIGN)
    assert from_file == recorded
    assert from_file["status"] == "not_met"
    assert from_file["reason"] == ("Occupancy signs: no sign is posted in East; the sign in West states 14, not its "
                                   "lawful occupancy 15.")
