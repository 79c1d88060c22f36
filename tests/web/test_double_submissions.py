"""A form sent twice (a double click) records once (second new-user trial): the Building Inspector's "Schedule
an inspection" sends the venue's version and scheduling moves it; the add-offender form has no record of its own
to send the version of, so the same offender (kind, name and address) is refused the second time (one person is
one offender, whose prior offenses count, § 164-14); the API's bond and fee payment take the application's
version, required, so the same bond sent twice is 409 and not summed into ¶ F. The bonds posted are listed on
the application's page and in its API answer; a bond is not recorded before the Town Board fixes its amount."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Offender
from publicassembly.permits import services as sv
from publicassembly.venues import services as vs
from publicassembly.venues.models import Inspection
from publicassembly.workflow.errors import StaleUpdate, ValidationFailed

pytestmark = pytest.mark.django_db

V = "/mount-pleasant-ny/venues"
TODAY = dt.date.today()


# --- Schedule an inspection ------------------------------------------------------------------------------------


def test_the_schedule_form_sent_twice_schedules_one_inspection(mu, hall):
    hall.refresh_from_db()
    c = client_for(mu["building_inspector"])
    page = c.get(f"{V}/{hall.pk}/").content.decode()
    assert f'name="expected_version" value="{hall.version}"' in page
    before = Inspection.objects.filter(venue=hall).count()
    data = {"expected_version": hall.version, "scheduled_for": TODAY.isoformat()}
    assert c.post(f"{V}/{hall.pk}/inspections/", data).status_code == 302
    again = c.post(f"{V}/{hall.pk}/inspections/", data)
    assert again.status_code == 409 and "has been changed since you opened this page" in again.content.decode()
    assert Inspection.objects.filter(venue=hall).count() == before + 1


def test_a_schedule_form_without_the_version_is_refused_naming_it(mu, hall):
    before = Inspection.objects.filter(venue=hall).count()
    r = client_for(mu["building_inspector"]).post(f"{V}/{hall.pk}/inspections/",
                                                  {"scheduled_for": TODAY.isoformat()})
    assert r.status_code == 422 and "expected_version: the form was sent without the version" in r.content.decode()
    assert Inspection.objects.filter(venue=hall).count() == before


def test_scheduling_moves_the_venue_version_and_the_api_refuses_a_stale_one(mu, hall):
    hall.refresh_from_db()
    seen = hall.version
    c = api_client(mu["building_inspector"])
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/inspections"
    body = {"scheduled_for": TODAY.isoformat(), "expected_version": seen}
    first = c.post(url, body, content_type="application/json")
    assert first.status_code == 201, first.content
    assert first.json()["venue_version"] == seen + 1
    again = c.post(url, body, content_type="application/json")
    assert again.status_code == 409, again.content
    hall.refresh_from_db()
    with pytest.raises(StaleUpdate):
        vs.schedule_inspection(mu["building_inspector"], hall, scheduled_for=TODAY, expected_version=seen)
    vs.schedule_inspection(mu["building_inspector"], hall, scheduled_for=TODAY)  # none given: not checked


# --- Add an offender ------------------------------------------------------------------------------------------


def test_the_offender_form_sent_twice_records_one_offender(mu, mount_pleasant):
    c = client_for(mu["enforcement_officer"])
    data = {"o-kind": "person", "o-name": "Dup Name", "o-address": "1 Main St"}
    assert c.post("/mount-pleasant-ny/enforcement/offender/0/", data).status_code == 302
    again = c.post("/mount-pleasant-ny/enforcement/offender/0/", data)
    assert again.status_code == 422
    assert "is already recorded as offender" in again.content.decode()
    assert Offender.objects.filter(town=mount_pleasant, name="Dup Name").count() == 1


def test_the_same_offender_spaces_and_case_aside_is_refused_another_address_is_not(mu, mount_pleasant):
    bi = mu["building_inspector"]
    first = es.register_offender(bi, mount_pleasant, kind="person", name="Dup Name", address="1 Main St")
    with pytest.raises(ValidationFailed) as e:
        es.register_offender(bi, mount_pleasant, kind="person", name="  dup   NAME ", address="1 main st")
    assert e.value.field == "name" and f"offender {first.pk}" in e.value.detail
    # the other side of the boundary: another address, or a firm of the name, is another offender
    es.register_offender(bi, mount_pleasant, kind="person", name="Dup Name", address="2 Main St")
    es.register_offender(bi, mount_pleasant, kind="firm", name="Dup Name", address="1 Main St")
    assert Offender.objects.filter(town=mount_pleasant, name="Dup Name").count() == 3


def test_the_api_refuses_the_same_offender_twice_naming_name(mu):
    c = api_client(mu["enforcement_officer"])
    url = "/api/v1/towns/mount-pleasant-ny/offenders"
    body = {"kind": "person", "name": "Dup Name"}
    assert c.post(url, body, content_type="application/json").status_code == 201
    again = c.post(url, body, content_type="application/json")
    assert again.status_code == 422 and again.json()["field"] == "name"


# --- A bond (¶ F) -----------------------------------------------------------------------------------------------


BOND = {"amount": "5000.00", "posted_on": TODAY.isoformat(), "surety": "Acme Surety, bond no. 77"}


def _bonds(app) -> str:
    return f"/api/v1/towns/carmel-ny/applications/{app.pk}/bonds"


def test_a_bond_sent_twice_is_recorded_once_and_listed(cu, hearing_app):
    sv.set_bond_and_insurance_limit(cu["town_board_member"], hearing_app, bond_amount="10000.00")
    hearing_app.refresh_from_db()
    c = api_client(cu["town_clerk"])
    body = {**BOND, "expected_version": hearing_app.version}
    first = c.post(_bonds(hearing_app), body, content_type="application/json")
    assert first.status_code == 201, first.content
    again = c.post(_bonds(hearing_app), body, content_type="application/json")
    assert again.status_code == 409, again.content
    assert hearing_app.bonds.count() == 1
    got = c.get(f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}").json()
    assert got["bonds"] == [{"id": first.json()["id"], "amount": "5000.00", "posted_on": TODAY.isoformat(),
                             "surety": "Acme Surety, bond no. 77", "document": None}]
    bond = next(f for f in got["determination"]["findings"] if f["rule"] == "carmel/issuance/f-bond")
    assert bond["status"] != "met"  # $5,000 of the $10,000 fixed: not "a bond of $10,000 is posted"
    page = client_for(cu["town_clerk"]).get(f"/carmel-ny/applications/{hearing_app.pk}/").content.decode()
    assert "Bonds posted (¶ F)" in page and "Acme Surety, bond no. 77" in page


def test_a_bond_without_the_version_is_422_naming_it(cu, hearing_app):
    sv.set_bond_and_insurance_limit(cu["town_board_member"], hearing_app, bond_amount="5000.00")
    r = api_client(cu["town_clerk"]).post(_bonds(hearing_app), BOND, content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "expected_version", r.content
    assert hearing_app.bonds.count() == 0


def test_a_bond_before_the_board_fixes_its_amount_is_refused_then_accepted(cu, hearing_app):
    c = api_client(cu["town_clerk"])
    r = c.post(_bonds(hearing_app), {**BOND, "amount": "10.00", "expected_version": hearing_app.version},
               content_type="application/json")
    assert r.status_code == 409, r.content
    assert [b["rule"] for b in r.json()["blockers"]] == ["carmel/issuance/f-bond"]
    assert "has not yet fixed the amount" in r.json()["blockers"][0]["reason"]
    assert hearing_app.bonds.count() == 0
    sv.set_bond_and_insurance_limit(cu["town_board_member"], hearing_app, bond_amount="5000.00")
    hearing_app.refresh_from_db()
    r = c.post(_bonds(hearing_app), {**BOND, "expected_version": hearing_app.version},
               content_type="application/json")
    assert r.status_code == 201, r.content
