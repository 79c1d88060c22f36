"""Carmel ch. 31: an offense is an assembly held without a permit (¶ A; penalties). The Town's enforcement officer,
who cites it, sees every permit application of the Town and its permit — the list (API and the Clerk's queue), the
application, the permit's PDF — read only: no step of the process is offered to, or taken by, the officer. A
new-user trial found the officer refused with the untrue "'carmel_enforcement_officer' holds no role in Town of
Carmel"; a user with no such role is now told which roles see the applications."""

from __future__ import annotations

import pytest
from django.test import Client
from tests.api.conftest import application_url, issued_permit, post_json

from publicassembly.accounts.models import Membership

pytestmark = pytest.mark.django_db


def test_the_enforcement_officer_sees_the_applications_and_the_permit_chapter_31(carmel, cu, api):
    app = issued_permit(carmel, cu)
    officer = api(cu["enforcement_officer"])
    r = officer.get("/api/v1/towns/carmel-ny/applications")
    assert r.status_code == 200, r.content
    assert [a["id"] for a in r.json()] == [app.pk]
    assert officer.get(f"/api/v1/towns/carmel-ny/applications/{app.pk}").status_code == 200
    pdf = officer.get(f"/api/v1/towns/carmel-ny/applications/{app.pk}/permit.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    r = post_json(officer, application_url(app, "revoke"), {"grounds": ["setup_cannot_be_accomplished_in_time"],
                                                            "reason": "no"})
    assert r.status_code == 403, r.content  # (read only: the Board revokes)
    app.refresh_from_db()
    assert app.state == "issued"


def test_the_enforcement_officer_reads_the_clerks_queue_and_the_page_without_actions_chapter_31(carmel, cu):
    app = issued_permit(carmel, cu)
    web = Client()
    web.force_login(cu["enforcement_officer"])
    start = web.get("/dashboard/").content.decode()
    assert 'href="/carmel-ny/applications/"' in start and "Permit applications" in start
    assert web.get("/carmel-ny/applications/").status_code == 200
    page = web.get(f"/carmel-ny/applications/{app.pk}/")
    assert page.status_code == 200
    assert 'id="action-' not in page.content.decode()


def test_a_user_without_such_a_role_is_told_which_roles_see_the_applications(carmel, cu, api):
    Membership.objects.filter(user=cu["applicant"], town=carmel).delete()
    r = api(cu["applicant"]).get("/api/v1/towns/carmel-ny/applications")
    assert r.status_code == 403
    assert r.json()["detail"] == (
        "'carmel_applicant' holds no role in Town of Carmel, New York that sees its permit applications (an "
        "applicant sees their own; these roles see all: town clerk, town board member, health department reviewer, "
        "building inspector, enforcement officer, administrator)"), r.json()
