"""The API's documents the pages also give: the Town's upcoming public hearings and each one's notice (public,
Carmel ch. 31 ¶ B), the verified petition as filed (the applicant and officials), and the occupancy sign of a
certificate (public, Mount Pleasant § 164-9). The PDFs are read back with pdfplumber."""

from __future__ import annotations

import datetime as dt
import io

import pdfplumber
import pytest
from django.test import Client

from publicassembly.law.dates import next_business_day
from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()


def _text(content: bytes) -> str:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def test_upcoming_hearings_and_their_notice_are_public(hearing_app, draft_app):
    """¶ B: the hearing scheduled 20 days ahead is listed without a token, with its notice naming the event;
    a draft has no public notice (404); another town's prefix shows none of Carmel's hearings."""
    r = Client().get("/api/v1/towns/carmel-ny/hearings")
    assert r.status_code == 200
    [row] = r.json()
    assert row["application"] == hearing_app.pk and row["event"] == hearing_app.facts["name"]
    assert row["hearing_on"] == next_business_day(TODAY + dt.timedelta(days=20)).isoformat() and row["hearing_time"] is None
    assert row["place"] == "Town Hall" and row["newspaper"] == "Putnam County Courier"
    assert row["notice_published_on"] == hearing_app.notice_published_on.isoformat()  # (G-10: null until then)
    notice = Client().get(row["notice"])
    assert notice.status_code == 200 and notice["Content-Type"] == "application/pdf"
    text = _text(notice.content)
    assert hearing_app.facts["name"] in text and "Town Hall" in text
    assert Client().get(f"/api/v1/towns/carmel-ny/hearings/{draft_app.pk}/notice.pdf").status_code == 404
    assert Client().get(f"/api/v1/towns/mount-pleasant-ny/hearings/{hearing_app.pk}/notice.pdf").status_code == 404
    # Mount Pleasant ch. 164 holds no such hearing: 404 saying so, not an empty list as if none were scheduled yet
    r = Client().get("/api/v1/towns/mount-pleasant-ny/hearings")
    assert r.status_code == 404 and "does not issue permits for public assemblies" in r.json()["detail"]
    assert Client().get("/api/v1/towns/atlantis/hearings").status_code == 404


def test_a_held_hearing_is_no_longer_upcoming_but_its_notice_stays(cu, hearing_app, travel_to):
    travel_to(hearing_app.hearing_on)
    sv.record_hearing_held(cu["town_clerk"], hearing_app)
    assert Client().get("/api/v1/towns/carmel-ny/hearings").json() == []
    assert Client().get(f"/api/v1/towns/carmel-ny/hearings/{hearing_app.pk}/notice.pdf").status_code == 200


def test_petition_pdf_for_the_applicant_and_officials_only(api, cu, mu, draft_app):
    """¶ B (1)-(15): the petition as filed; the applicant, the Clerk and Carmel's enforcement officer (W-35) read
    it, Mount Pleasant's Clerk does not see it (404); no token 401."""
    url = f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}/petition.pdf"
    for who in (cu["applicant"], cu["town_clerk"], cu["enforcement_officer"]):
        r = api(who).get(url)
        assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
        assert r["Cache-Control"] == "private, no-store"
    assert draft_app.facts["applicant"]["name"] in _text(api(cu["applicant"]).get(url).content)
    assert api(mu["town_clerk"]).get(url).status_code == 404
    assert Client().get(url).status_code == 401


def test_occupancy_sign_of_the_place_and_of_a_room(hall):
    """§ 164-9: the ballroom's sign states 310 persons; an unknown room is 422 naming the rooms there are; the
    certificate under another town is 404."""
    number = hall.certificates.get().number
    url = f"/api/v1/towns/mount-pleasant-ny/certificates/{number}/sign.pdf"
    whole = Client().get(url)
    assert whole.status_code == 200 and "310" in _text(whole.content)
    room = Client().get(url + "?room=Ballroom")
    assert room.status_code == 200 and "Ballroom" in _text(room.content)
    kitchen = Client().get(url + "?room=Kitchen")  # a value of the query, not a record: told with the rooms
    assert kitchen.status_code == 422 and kitchen.json()["field"] == "room"
    assert kitchen.json()["detail"] == (f"room: “Kitchen” is not a room of certificate {number}; give one of: "
                                        f"{', '.join(s['name'] for s in hall.certificates.get().space_loads)}, or "
                                        "no room for the signs of every room or area.")
    assert Client().get(f"/api/v1/towns/carmel-ny/certificates/{number}/sign.pdf").status_code == 404
