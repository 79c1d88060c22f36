"""Every page for every role: who may see it, and another town's official refused (403, or 404 for a record,
never shown)."""

from __future__ import annotations

import pytest
from tests.web.conftest import client_for

from publicassembly.accounts.models import Role

pytestmark = pytest.mark.django_db

#: Those who see every application of Carmel (the enforcement officer too, read only: W-35).
CARMEL_OFFICIALS = {Role.TOWN_CLERK, Role.TOWN_BOARD_MEMBER, Role.BUILDING_INSPECTOR,
                    Role.HEALTH_DEPARTMENT_REVIEWER, Role.ENFORCEMENT_OFFICER, Role.ADMINISTRATOR}


@pytest.mark.parametrize("role", list(Role.values))
def test_carmel_pages_by_role(role, cu, mu, hearing_app):
    c = client_for(cu[role])
    pk = hearing_app.pk
    assert c.get("/dashboard/").status_code == 200
    assert c.get("/carmel-ny/apply/").status_code == (200 if role == Role.APPLICANT else 403)
    assert c.get("/carmel-ny/apply/new/").status_code == (200 if role == Role.APPLICANT else 403)
    queue = c.get("/carmel-ny/applications/").status_code
    assert queue == (200 if role in CARMEL_OFFICIALS else 403)
    assert c.get("/carmel-ny/hearings/").status_code == (200 if role in CARMEL_OFFICIALS else 403)
    detail = c.get(f"/carmel-ny/applications/{pk}/").status_code
    assert detail == (200 if role in CARMEL_OFFICIALS or role == Role.APPLICANT else 404)
    # another town's person with the same role sees nothing of Carmel
    other = client_for(mu[role])
    assert other.get(f"/carmel-ny/applications/{pk}/").status_code == 404
    assert other.get("/carmel-ny/applications/").status_code == 403
    assert other.get(f"/carmel-ny/applications/{pk}/permit.pdf").status_code == 404


@pytest.mark.parametrize("role", list(Role.values))
def test_mount_pleasant_pages_by_role(role, cu, mu, hall, violation):
    c = client_for(mu[role])
    may_venues = role in (Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER)
    may_enforce = role in (Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER, Role.TOWN_CLERK)
    owner = role == Role.APPLICANT  # (an applicant's list has the places they own; the hall is not one: W-14)
    assert c.get("/mount-pleasant-ny/venues/").status_code == (200 if may_venues or owner else 403)
    assert c.get(f"/mount-pleasant-ny/venues/{hall.pk}/").status_code == (
        200 if may_venues else 404 if owner else 403)
    assert c.get("/mount-pleasant-ny/enforcement/").status_code == (200 if may_enforce else 403)
    other = client_for(cu[role])
    assert other.get(f"/mount-pleasant-ny/venues/{hall.pk}/").status_code == 403
    assert other.get("/mount-pleasant-ny/enforcement/").status_code == 403
    # another town's URL prefix does not reach Mount Pleasant's records, even for its own inspector
    assert client_for(cu[Role.BUILDING_INSPECTOR]).get(f"/carmel-ny/venues/{hall.pk}/").status_code == 404


def test_anonymous_is_sent_to_sign_in(hearing_app):
    r = client_for(None).get(f"/carmel-ny/applications/{hearing_app.pk}/")
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")


def test_unknown_town_is_404(cu):
    assert client_for(cu[Role.TOWN_CLERK]).get("/springfield/applications/").status_code == 404


def test_other_applicant_cannot_see_or_download(carmel, cu, draft_app):
    from publicassembly.accounts.models import Membership, User

    stranger = User.objects.create(username="stranger")
    Membership.objects.create(user=stranger, town=carmel, role=Role.APPLICANT)
    c = client_for(stranger)
    assert c.get(f"/carmel-ny/applications/{draft_app.pk}/").status_code == 404
    assert c.post(f"/carmel-ny/applications/{draft_app.pk}/withdraw/").status_code == 404


def test_admin_requires_staff(cu):
    assert client_for(cu[Role.ADMINISTRATOR]).get("/admin/").status_code == 302
