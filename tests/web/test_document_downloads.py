"""Document downloads on the web and the API, with the permissions of the pages: the Town's hearings feed is
public (no sign-in); an application's calendar and petition only for its applicant and the Town's officials
(another town's official is refused); the BLDS export only for the Clerk, Building Inspector or
administrator of that town; the summons PDF only for the Town's enforcement readers."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from icalendar import Calendar

from publicassembly.documents.blds import PERMIT_FIELDS
from publicassembly.law.dates import next_business_day

from .conftest import client_for


def _day(moment):
    """The day of a DTSTART: a date-time's date, or the date of an all-day event (hearing time to be
    announced)."""
    return moment.date() if hasattr(moment, "date") and callable(moment.date) else moment

def test_town_feed_is_public_and_holds_the_hearing_carmel_31_b(hearing_app):
    response = client_for(None).get("/towns/carmel-ny/hearings.ics")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    cal = Calendar.from_ical(response.content)
    events = cal.walk("VEVENT")
    assert [_day(e["DTSTART"].dt) for e in events] == [hearing_app.hearing_on]
    assert str(events[0]["LOCATION"]) == "Town Hall"
    assert cal.walk("VTODO") == [], "the public feed holds hearings, not the deadlines (to-dos) of the Town"


def test_town_feed_leaves_out_applications_without_a_hearing(draft_app, carmel, cu):
    from publicassembly.permits import services as sv

    sv.submit(cu["applicant"], draft_app, verification_statement="Sworn.", today=dt.date.today())
    cal = Calendar.from_ical(client_for(None).get("/towns/carmel-ny/hearings.ics").content)
    assert cal.walk("VEVENT") == [] and cal.walk("VTODO") == []


def test_unknown_town_feed_is_404(db):
    assert client_for(None).get("/towns/springfield/hearings.ics").status_code == 404


def test_application_calendar_for_its_applicant_and_officials_only(hearing_app, cu, mu):
    url = f"/carmel-ny/applications/{hearing_app.pk}/calendar.ics"
    for who in (cu["applicant"], cu["town_clerk"]):
        response = client_for(who).get(url)
        assert response.status_code == 200, who
        assert Calendar.from_ical(response.content).walk("VEVENT")
    assert client_for(mu["town_clerk"]).get(url).status_code in (403, 404)  # another town's official
    assert client_for(None).get(url).status_code == 302  # to sign in


def test_petition_pdf_for_its_applicant(hearing_app, cu, mu):
    url = f"/carmel-ny/applications/{hearing_app.pk}/petition.pdf"
    response = client_for(cu["applicant"]).get(url)
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    assert client_for(mu["administrator"]).get(url).status_code in (403, 404)


def test_blds_export_for_the_clerk_with_spec_headers(hearing_app, cu, mu):
    url = "/carmel-ny/export/blds/permits.csv"
    response = client_for(cu["town_clerk"]).get(url)
    assert response.status_code == 200
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert tuple(rows[0]) == PERMIT_FIELDS
    assert rows[0]["StatusCurrent"] == "hearing_scheduled" and rows[0]["StatusCurrentMapped"] == "In Review"
    assert client_for(cu["applicant"]).get(url).status_code == 403
    assert client_for(mu["town_clerk"]).get(url).status_code == 403  # another town's Clerk
    assert client_for(cu["town_clerk"]).get("/carmel-ny/export/blds/permits.xml").status_code == 422


def test_blds_inspections_json_of_mount_pleasant(hall, mu):
    response = client_for(mu["building_inspector"]).get("/mount-pleasant-ny/export/blds/inspections.json")
    assert response.status_code == 200
    assert response.json()[0]["InspTypeMapped"] == "Building Final"


@pytest.fixture
def token_for():
    from publicassembly.api.models import ApiToken

    def make(user) -> dict[str, str]:
        _, token = ApiToken.objects.issue(user, name="documents test")
        return {"HTTP_AUTHORIZATION": f"Bearer {token}"}

    return make


def test_api_town_feed_is_public(hearing_app):
    response = client_for(None).get("/api/v1/towns/carmel-ny/hearings.ics")
    assert response.status_code == 200
    assert len(Calendar.from_ical(response.content).walk("VEVENT")) == 1


def test_api_blds_export_needs_the_towns_official(hearing_app, cu, mu, token_for):
    url = "/api/v1/towns/carmel-ny/blds/permits?format=json"
    assert client_for(None).get(url).status_code == 401
    assert client_for(None).get(url, **token_for(mu["town_clerk"])).status_code == 403
    response = client_for(None).get(url, **token_for(cu["town_clerk"]))
    assert response.status_code == 200
    assert response.json()[0]["PermitNum"] == f"carmel-ny/{hearing_app.pk}"


def test_api_certificate_pdf_public_and_summons_pdf_for_readers(violation, mount_pleasant, mu, cu, token_for):
    from publicassembly.enforcement import services as es
    from publicassembly.venues.models import Certificate

    cert = Certificate.objects.get(town=mount_pleasant)
    response = client_for(None).get(f"/api/v1/towns/mount-pleasant-ny/certificates/{cert.number}/certificate.pdf")
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    assert client_for(None).get("/api/v1/towns/carmel-ny/certificates/"
                                f"{cert.number}/certificate.pdf").status_code == 404
    s = es.issue_summons(mu["building_inspector"], violation, return_date=next_business_day(dt.date.today() + dt.timedelta(days=14)))
    url = f"/api/v1/towns/mount-pleasant-ny/summonses/{s.number}/summons.pdf"
    assert client_for(None).get(url, **token_for(mu["building_inspector"])).content.startswith(b"%PDF")
    assert client_for(None).get(url, **token_for(mu["applicant"])).status_code == 403
    assert client_for(None).get(url, **token_for(cu["building_inspector"])).status_code == 403


def test_api_permit_pdf_not_issued_is_409_and_other_town_refused(hearing_app, cu, mu, token_for):
    url = f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}/permit.pdf"
    assert client_for(None).get(url, **token_for(cu["applicant"])).status_code == 409
    assert client_for(None).get(url, **token_for(mu["town_clerk"])).status_code in (403, 404)


def test_hearing_without_a_time_is_an_all_day_event_and_with_one_a_timed_event(hearing_app):
    cal = Calendar.from_ical(client_for(None).get("/towns/carmel-ny/hearings.ics").content)
    start = cal.walk("VEVENT")[0]["DTSTART"].dt
    if hearing_app.hearing_time is None:
        assert not isinstance(start, dt.datetime) and start == hearing_app.hearing_on
    else:
        assert isinstance(start, dt.datetime) and start.time() == hearing_app.hearing_time
