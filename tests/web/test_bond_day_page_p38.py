"""The application page's "Release the bond" and "Forfeit the bond" ask the day the Town Board acted (Carmel ch. 31
¶¶ F, G; interpretation P-38): left empty, today; a day before the act it follows (here the permit's revocation,
today) or after today is refused beside the field, told at once with the reason's refusal (P-30); once released,
the page says the day recorded."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone
from tests.api.conftest import issued_permit

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


def _form(r, name):
    return next(x["form"] for x in r.context["actions"] if x["action"].name == name)


def test_the_board_releases_a_revoked_permits_bond_on_the_page_on_its_day_p38(carmel, cu):
    app = sv.revoke(cu["town_board_member"], issued_permit(carmel, cu), grounds=["facilities_not_provided_as_specified"],
                    reason="No toilets on site")
    today = timezone.localdate()
    board = Client()
    board.force_login(cu["town_board_member"])
    page = board.get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert 'name="release_revoked_bond-released_on"' in page  # (forfeiting is not offered: the fair is to come)
    url = f"/carmel-ny/applications/{app.pk}/release_revoked_bond/"
    yesterday = today - dt.timedelta(days=1)
    r = board.post(url, {"expected_version": app.version, "release_revoked_bond-released_on": yesterday.isoformat(),
                         "release_revoked_bond-reason": "No assembly took place"})
    assert r.status_code == 422
    assert _form(r, "release_revoked_bond").errors["released_on"] == [
        f"{yesterday.isoformat()} is before the permit was revoked ({today.isoformat()}): the Town Board cannot have "
        "released the bond before that day (interpretation P-38)"]
    # (a day to come and the reason left empty: the form's refusal of the reason with the service's of the day)
    r = board.post(url, {"expected_version": app.version,
                         "release_revoked_bond-released_on": (today + dt.timedelta(days=1)).isoformat(),
                         "release_revoked_bond-reason": ""})
    errors = _form(r, "release_revoked_bond").errors
    assert r.status_code == 422 and set(errors) == {"released_on", "reason"}, errors
    app.refresh_from_db()
    assert app.bond_disposition == ""
    r = board.post(url, {"expected_version": app.version, "release_revoked_bond-released_on": today.isoformat(),
                         "release_revoked_bond-reason": "No assembly took place"})
    assert r.status_code == 302, r.content[:500]
    app.refresh_from_db()
    assert (app.bond_disposition, app.bond_disposition_on) == ("released", today)
    page = board.get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert f"The Town Board released the bond on {today.isoformat()}." in page
