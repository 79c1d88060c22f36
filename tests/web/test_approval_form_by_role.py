"""Carmel ch. 31 ¶ C(1)-(10): each condition is approved in writing by the Putnam County Health Department and by
the Town Board, each recording its own (`permits.services.record_approval`). The application page offers the
approval form only to them, each for its own body: the Clerk was offered a form every use of which was refused,
and a Board member's form defaulted to the Health Department (found by a new-user trial)."""

from __future__ import annotations

import re

import pytest
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def _agencies(page: str) -> list[str]:
    select = re.search(r'<select[^>]*name="record_approval-agency"[^>]*>(.*?)</select>', page, re.S)
    return re.findall(r'<option value="([^"]+)"', select.group(1)) if select else []


@pytest.mark.parametrize(("role", "agencies"), [("town_clerk", []), ("town_board_member", ["town_board"]),
                                                ("health_department_reviewer", ["health_department"])])
def test_the_approval_form_is_offered_for_the_users_own_body_paragraph_c(cu, hearing_app, role, agencies):
    page = client_for(cu[role]).get(f"/carmel-ny/applications/{hearing_app.pk}/").content.decode()
    assert _agencies(page) == agencies
    assert ("Record a written approval" in page) == bool(agencies)


def test_a_board_member_posting_the_health_departments_approval_is_told_beside_the_field_paragraph_c(
        cu, hearing_app):
    r = client_for(cu["town_board_member"]).post(
        f"/carmel-ny/applications/{hearing_app.pk}/record_approval/",
        {"expected_version": hearing_app.version, "record_approval-condition": "1",
         "record_approval-agency": "health_department", "record_approval-approved_on": "2026-01-02"})
    assert r.status_code == 422 and not hearing_app.approvals.exists()
