"""``release-bond`` and ``forfeit-bond`` take the day the Town Board acted (Carmel ch. 31 ¶¶ F, G; interpretation
P-38): ``released_on`` / ``forfeited_on``, default today, recorded as the application's ``bond_disposition_on``;
a day after today or before the act it follows (here the permit's revocation, today) is 422 naming the field,
told in one answer with the other refusals of the body (the schema's and the service's: W-32, P-30). The trial
found no day taken: the act was stamped with the day it was recorded."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from tests.api.conftest import application_url, issued_permit, post_json
from tests.refused import fields, told

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


def revoked_today(carmel, cu):
    return sv.revoke(cu["town_board_member"], issued_permit(carmel, cu), grounds=["facilities_not_provided_as_specified"],
                     reason="No toilets on site")


def test_release_bond_takes_the_boards_day_not_before_the_revocation_nor_after_today_p38(carmel, cu, api):
    app = revoked_today(carmel, cu)
    today = timezone.localdate()
    board = api(cu["town_board_member"])
    url = application_url(app, "release-bond")
    yesterday, tomorrow = (today - dt.timedelta(days=1)).isoformat(), (today + dt.timedelta(days=1)).isoformat()
    errors = told(post_json(board, url, {"released_on": yesterday, "reason": "No assembly took place"}))
    assert errors == [("released_on", f"{yesterday} is before the permit was revoked ({today.isoformat()}): the Town "
                                      "Board cannot have released the bond before that day (interpretation P-38)")]
    errors = told(post_json(board, url, {"released_on": tomorrow}))  # (and no reason: both told at once)
    assert fields(errors) == ["released_on", "reason"], errors
    assert errors[0][1].startswith(f"{tomorrow} is in the future")
    r = post_json(board, url, {"released_on": today.isoformat(), "reason": "No assembly took place"})
    assert r.status_code == 200, r.content
    assert (r.json()["bond_disposition"], r.json()["bond_disposition_on"]) == ("released", today.isoformat())


def test_forfeit_bond_tells_the_schemas_reason_with_the_services_day_in_one_answer_w32_p38(carmel, cu, api):
    """A reason left empty (the schema's refusal) and a day to come (the service's, before the state: the act
    itself is not possible before ¶ F's days from the fair's first day) in one 422; nothing recorded."""
    app = revoked_today(carmel, cu)
    tomorrow = (timezone.localdate() + dt.timedelta(days=1)).isoformat()
    errors = told(post_json(api(cu["town_board_member"]), application_url(app, "forfeit-bond"),
                            {"forfeited_on": tomorrow, "reason": ""}))
    assert fields(errors) == ["reason", "forfeited_on"], errors
    errors = told(post_json(api(cu["town_board_member"]), application_url(app, "forfeit-bond"),
                            {"forfeited_on": "2026-02-30", "reason": "Trash left"}))
    assert fields(errors) == ["forfeited_on"], errors
    app.refresh_from_db()
    assert (app.bond_disposition, app.bond_disposition_on) == ("", None)


def test_the_applications_json_says_no_day_while_the_bond_is_posted_p38(carmel, cu, api):
    app = revoked_today(carmel, cu)
    body = api(cu["town_clerk"]).get(f"/api/v1/towns/carmel-ny/applications/{app.pk}").json()
    assert (body["bond_disposition"], body["bond_disposition_on"]) == ("", None)
