"""The application page of a revoked permit whose bond is posted (Carmel ch. 31 ¶¶ F, G; interpretation P-32):
the Town Board is offered "Release the bond" with a reason required (the page re-shown, 422, the refusal beside
the reason), and once released the page offers nothing more; the permit stays revoked."""

from __future__ import annotations

import pytest
from django.test import Client
from tests.api.conftest import issued_permit

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


def test_the_board_releases_a_revoked_permits_bond_on_the_page_with_its_reason_p32(carmel, cu):
    app = sv.revoke(cu["town_board_member"], issued_permit(carmel, cu), grounds=["facilities_not_provided_as_specified"],
                    reason="No toilets on site")
    board = Client()
    board.force_login(cu["town_board_member"])
    page = board.get(f"/carmel-ny/applications/{app.pk}/")
    assert 'id="action-release_revoked_bond"' in page.content.decode()
    url = f"/carmel-ny/applications/{app.pk}/release_revoked_bond/"
    r = board.post(url, {"expected_version": app.version, "release_revoked_bond-reason": " "})
    assert r.status_code == 422
    form = next(x["form"] for x in r.context["actions"] if x["action"].name == "release_revoked_bond")
    assert form.errors["reason"] == ["This field is required."], form.errors
    app.refresh_from_db()
    assert app.bond_disposition == ""
    r = board.post(url, {"expected_version": app.version, "release_revoked_bond-reason": "No assembly took place"})
    assert r.status_code == 302, r.content[:500]
    app.refresh_from_db()
    assert (app.state, app.bond_disposition) == ("revoked", "released")
    page = board.get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert 'id="action-release_revoked_bond"' not in page and 'id="action-forfeit_revoked_bond"' not in page
