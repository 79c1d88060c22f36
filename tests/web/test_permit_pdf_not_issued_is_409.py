"""The permit PDF of an application on which no permit has been issued (Carmel ch. 31, permit requirements ¶ A:
the permit is issued by the Town Board through its Clerk) is a wrong state, not a value entered wrong: 409 on the
API and the page (the page titled "Conflict", never "Check what was entered"), naming the application's state and
what must happen first — or, denied or withdrawn, that none will be issued. The OpenAPI schema lists the 409."""

from __future__ import annotations

import datetime as dt

from django.test import Client

from publicassembly.api.models import ApiToken
from publicassembly.permits import services as sv

from .conftest import client_for


def _api(app, user):
    _, token = ApiToken.objects.issue(user, name="permit pdf test")
    return Client().get(f"/api/v1/towns/carmel-ny/applications/{app.pk}/permit.pdf",
                        HTTP_AUTHORIZATION=f"Bearer {token}")


def test_permit_pdf_before_issuance_is_409_naming_the_state_and_what_first_paragraph_a(hearing_app, cu):
    for user in (cu["town_clerk"], cu["applicant"]):
        r = _api(hearing_app, user)
        assert r.status_code == 409, r.content
        body = r.json()
        assert body["field"] is None
        assert f"application {hearing_app.pk}" in body["detail"] and "hearing scheduled" in body["detail"]
        assert "once the Town Board has approved" in body["detail"] and "¶ A" in body["detail"]
    page = client_for(cu["town_clerk"]).get(f"/carmel-ny/applications/{hearing_app.pk}/permit.pdf")
    assert page.status_code == 409 and not page.content.startswith(b"%PDF")
    html = page.content.decode()
    assert "Conflict" in html and "Check what was entered" not in html
    assert "hearing scheduled" in html and "once the Town Board has approved" in html


def test_permit_pdf_of_a_withdrawn_application_is_409_none_will_be_issued_paragraph_a(hearing_app, cu):
    sv.withdraw(cu["applicant"], hearing_app, today=dt.date.today())
    r = _api(hearing_app, cu["town_clerk"])
    assert r.status_code == 409
    assert "none will be" in r.json()["detail"] and "withdrawn" in r.json()["detail"]
    page = client_for(cu["applicant"]).get(f"/carmel-ny/applications/{hearing_app.pk}/permit.pdf")
    assert page.status_code == 409 and "none will be" in page.content.decode()


def test_openapi_lists_409_for_the_permit_pdf(db):
    schema = Client().get("/api/openapi.json").json()
    op = schema["paths"]["/api/v1/towns/{town}/applications/{id}/permit.pdf"]["get"]
    assert "409" in op["responses"] and "422" in op["responses"]
