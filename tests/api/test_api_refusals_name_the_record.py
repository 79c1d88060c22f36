"""Refusals that say what is so (new-user trial): a room asked of another place of the same town is "no space N
in place of assembly M", not "no space N in mount-pleasant-ny" while the town holds a space N; a summons asked
twice for one violation (Mount Pleasant § 164-12) says that one was issued, its number and dates, 409 as the
API's other refusals of a record's state, nothing written a second time."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from tests.api.conftest import api_client

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Summons
from publicassembly.law.dates import next_business_day
from publicassembly.venues import services as vs
from publicassembly.web.views.errors import refusal
from publicassembly.workflow.errors import InvalidTransition

pytestmark = pytest.mark.django_db

V = "/api/v1/towns/mount-pleasant-ny/venues"
E = "/api/v1/towns/mount-pleasant-ny"
TODAY = dt.date.today()


@pytest.fixture
def field(mount_pleasant, mu):
    """A second place of the town, with its own room."""
    venue = vs.create_venue(mu["building_inspector"], mount_pleasant, name="Saw Mill River field",
                            address="1 Saw Mill River Road, Hawthorne", commercial=True)
    vs.add_space(mu["building_inspector"], venue, name="Lawn", kind="open_air", use_group="open_air",
                 area="20000", area_unit="sq_ft")
    return venue


def _patch(user, url: str, body: dict):
    return api_client(user).patch(url, json.dumps(body), content_type="application/json")


def test_a_room_of_another_place_is_not_found_in_the_place_asked_section_164_7(mu, hall, field):
    ballroom = hall.spaces.get()
    r = _patch(mu["building_inspector"], f"{V}/{field.pk}/spaces/{ballroom.pk}", {"name": "Terrace"})
    assert r.status_code == 404
    assert r.json()["detail"] == f"no space {ballroom.pk} in place of assembly {field.pk} of mount-pleasant-ny"
    ballroom.refresh_from_db()
    assert ballroom.name != "Terrace"
    r = api_client(mu["building_inspector"]).delete(f"{V}/{field.pk}/spaces/{ballroom.pk}?reason=gone")
    assert r.status_code == 404 and f"in place of assembly {field.pk} of" in r.json()["detail"]
    assert hall.spaces.filter(pk=ballroom.pk).exists()


def test_the_room_of_its_own_place_is_changed_section_164_7(mu, hall):
    ballroom = hall.spaces.get()
    r = _patch(mu["building_inspector"], f"{V}/{hall.pk}/spaces/{ballroom.pk}", {"name": "Terrace"})
    assert r.status_code == 200 and r.json()["name"] == "Terrace"


@pytest.mark.parametrize("venue", ["99999", "9223372036854775808"])
def test_a_room_of_a_place_the_town_does_not_hold_names_the_place(mu, hall, venue):
    """The place is looked up first: "no place of assembly 99999", also for a number beyond the database's
    (it was a server error, 500)."""
    ballroom = hall.spaces.get()
    r = _patch(mu["building_inspector"], f"{V}/{venue}/spaces/{ballroom.pk}", {"name": "Terrace"})
    assert r.status_code == 404
    assert r.json()["detail"] == f"no place of assembly {venue} in mount-pleasant-ny"


@pytest.fixture
def violation(mount_pleasant, mu, hall):
    """A violation of § 164-10 (an exit chained shut) the Building Inspector observed today."""
    bi = mu["building_inspector"]
    offender = es.register_offender(bi, mount_pleasant, kind="firm", name="Kensico Manor LLC")
    complaint = es.file_complaint(bi, mount_pleasant, description="Rear exit chained shut", observed_on=TODAY,
                                  offender=offender, venue=hall, in_presence=True)
    return es.record_violation(bi, complaint, rule_id="mount-pleasant/164-10/exits-not-blocked")


def _summons(user, violation, **body):
    body.setdefault("return_date", next_business_day(TODAY + dt.timedelta(days=14)).isoformat())
    return api_client(user).post(f"{E}/violations/{violation.pk}/summons", json.dumps(body),
                                 content_type="application/json")


def test_a_summons_asked_twice_says_it_was_issued_section_164_12(mu, violation):
    bi = mu["building_inspector"]
    first = _summons(bi, violation)
    assert first.status_code == 201
    s = Summons.objects.get(violation=violation)
    again = _summons(bi, violation)
    assert again.status_code == 409
    assert again.json()["detail"] == (f"a summons was already issued for this violation: summons {s.number}, "
                                      f"issued {s.issued_on.isoformat()}, returnable {s.return_date.isoformat()}; "
                                      "a violation is summoned once")
    assert "issue_summons" not in again.json()["detail"] and "→" not in again.json()["detail"]
    assert Summons.objects.filter(violation=violation).count() == 1
    # also with the version the client read before the first (a form sent twice): said the same way
    violation.refresh_from_db()
    stale = _summons(bi, violation, expected_version=violation.version - 1)
    assert stale.status_code == 409 and stale.json()["detail"].startswith("a summons was already issued")


def test_the_first_summons_of_a_violation_is_issued_section_164_12(mu, violation):
    r = _summons(mu["building_inspector"], violation)
    assert r.status_code == 201 and Summons.objects.filter(violation=violation).count() == 1


def test_a_summons_asked_twice_of_the_service_is_a_state_refusal_in_words_section_164_12(mu, violation):
    """The service's refusal is a conflict (409) the pages show in its words (`refusal`)."""
    bi = mu["building_inspector"]
    day = next_business_day(TODAY + dt.timedelta(days=14))
    es.issue_summons(bi, violation, return_date=day)
    violation.refresh_from_db()
    with pytest.raises(es.SummonsAlreadyIssued) as e:
        es.issue_summons(bi, violation, return_date=day)
    assert isinstance(e.value, InvalidTransition) and e.value.http_status == 409
    assert refusal(e.value).startswith("a summons was already issued for this violation: summons ")
