"""The Building Inspector's certificate (Mount Pleasant §§ 164-3, 164-9) is issued once per form: the issue form
sent twice (a double click) issued two certificates, the first superseded at once. The form carries the venue's
version and issuing moves it, so the second form is stale (409, the page as the API) and nothing more is
issued; a client of the services or the API without a version is not checked, a form of the page without one is
refused (422 naming ``expected_version``)."""

from __future__ import annotations

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for

from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate
from publicassembly.workflow.errors import StaleUpdate

pytestmark = pytest.mark.django_db

V = "/mount-pleasant-ny/venues"


def test_the_issue_form_sent_twice_issues_one_certificate(mu, hall):
    hall.refresh_from_db()
    c = client_for(mu["building_inspector"])
    page = c.get(f"{V}/{hall.pk}/").content.decode()
    assert f'name="expected_version" value="{hall.version}"' in page
    before = Certificate.objects.filter(venue=hall).count()
    data = {"expected_version": hall.version}
    assert c.post(f"{V}/{hall.pk}/certificates/", data).status_code == 302
    again = c.post(f"{V}/{hall.pk}/certificates/", data)
    assert again.status_code == 409 and "has been changed since you opened this page" in again.content.decode()
    assert Certificate.objects.filter(venue=hall).count() == before + 1


def test_issuing_moves_the_venue_version_and_a_stale_one_is_refused(mu, hall):
    bi = mu["building_inspector"]
    hall.refresh_from_db()
    seen = hall.version
    vs.issue_certificate(bi, hall, expected_version=seen)
    hall.refresh_from_db()
    assert hall.version == seen + 1
    with pytest.raises(StaleUpdate):
        vs.issue_certificate(bi, hall, expected_version=seen)
    vs.issue_certificate(bi, hall)  # no version given: not checked (the demo, the command line)


def test_the_api_refuses_a_stale_issue_with_409(mu, hall):
    hall.refresh_from_db()
    c = api_client(mu["building_inspector"])
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/certificates"
    first = c.post(url, {"expected_version": hall.version}, content_type="application/json")
    assert first.status_code == 201, first.content
    again = c.post(url, {"expected_version": hall.version}, content_type="application/json")
    assert again.status_code == 409, again.content


def test_a_room_added_in_another_tab_makes_the_certificate_form_stale(mu, hall):
    """A tab showing the venue (and its lawful occupancy) before a room was added in another tab does not issue
    a certificate for rooms it never showed: adding the room moved the venue's version (second new-user trial)."""
    hall.refresh_from_db()
    shown = hall.version
    vs.add_space(mu["building_inspector"], hall, name="Side room", kind="room",
                 use_group="assembly_fixed_seats", area="300")
    hall.refresh_from_db()
    assert hall.version == shown + 1
    before = Certificate.objects.filter(venue=hall).count()
    r = client_for(mu["building_inspector"]).post(f"{V}/{hall.pk}/certificates/", {"expected_version": shown})
    assert r.status_code == 409 and "has been changed since you opened this page" in r.content.decode()
    assert "Please correct the fields marked below" not in r.content.decode()
    assert f'name="expected_version" value="{hall.version}"' in r.content.decode()  # as it is now: sent again
    assert Certificate.objects.filter(venue=hall).count() == before


def test_an_issue_form_without_its_version_is_refused_naming_it(mu, hall):
    before = Certificate.objects.filter(venue=hall).count()
    r = client_for(mu["building_inspector"]).post(f"{V}/{hall.pk}/certificates/", {})
    assert r.status_code == 422 and "expected_version: the form was sent without the version" in r.content.decode()
    assert Certificate.objects.filter(venue=hall).count() == before


def test_the_api_answer_of_an_issue_carries_the_venues_new_version(mu, hall):
    hall.refresh_from_db()
    r = api_client(mu["building_inspector"]).post(f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/certificates",
                                                  {"expected_version": hall.version}, content_type="application/json")
    assert r.status_code == 201 and r.json()["venue_version"] == hall.version + 1
