"""The new-user trial's steps through the API (Carmel ch. 31 ¶¶ F, G; interpretation P-32): the Board approves
with a bond amount, the Clerk posts the bond (``POST …/bonds``) and issues the permit, the Board revokes it —
and then ``release-bond``, ``forfeit-bond`` and ``close`` all answered 409 "the permit has been revoked ... (this
is a final state)", the money left posted with the Town Clerk. Now the Board releases or forfeits it with its
reason; the application stays revoked and says so (``revoked_on``, ``revocation_grounds``, ``bond_disposition``)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from tests.api.conftest import application_url, issued_permit, post_json

pytestmark = pytest.mark.django_db

REVOKE = {"grounds": ["setup_cannot_be_accomplished_in_time"], "reason": "The stage cannot be built in time"}


def revoked(carmel, cu, api):
    app = issued_permit(carmel, cu)
    assert app.bonds.exists()  # (posted with the Clerk before issuance: ¶ F)
    r = post_json(api(cu["town_board_member"]), application_url(app, "revoke"), REVOKE)
    assert r.status_code == 200 and r.json()["state"] == "revoked", r.content
    assert r.json()["revoked_on"] == dt.date.today().isoformat()
    assert r.json()["revocation_grounds"] == ["setup_cannot_be_accomplished_in_time"]
    return app


def test_the_trials_revoked_permit_has_its_bond_released_with_a_reason_p32(carmel, cu, api):
    app = revoked(carmel, cu, api)
    board = api(cu["town_board_member"])
    r = post_json(board, application_url(app, "release-bond"), {})
    assert r.status_code == 422 and r.json()["field"] == "reason", r.content
    r = post_json(api(cu["town_clerk"]), application_url(app, "release-bond"), {"reason": "No assembly"})
    assert r.status_code == 403
    r = post_json(board, application_url(app, "release-bond"), {"reason": "The fair was called off"})
    assert r.status_code == 200, r.content
    body = r.json()
    assert (body["state"], body["bond_disposition"], body["revoked_on"]) == (
        "revoked", "released", dt.date.today().isoformat())
    r = post_json(board, application_url(app, "forfeit-bond"), {"reason": "Trash left"})
    assert r.status_code == 409, r.content
    assert "The bond has already been released after the permit's revocation" in r.json()["detail"]
    r = post_json(api(cu["town_clerk"]), application_url(app, "close"), {})
    assert r.status_code == 409 and r.json()["detail"].endswith("nothing more (this is a final state)")


def test_a_revoked_permits_bond_is_forfeited_once_paragraph_f_days_have_passed_p32(carmel, cu, api, monkeypatch):
    """The fair is 120 days ahead: forfeiting its bond today is 409 (no assembly can have ended); 30 days after
    its last day it is forfeited."""
    app = revoked(carmel, cu, api)
    board = api(cu["town_board_member"])
    r = post_json(board, application_url(app, "forfeit-bond"), {"reason": "Trash left"})
    assert r.status_code == 409, r.content
    assert r.json()["blockers"][0]["citation"].endswith("¶ F")
    assert "no cleanup can have failed before" in r.json()["detail"]
    later = dt.date.fromisoformat(app.facts["dates"]["last_day"]) + dt.timedelta(days=30)
    real = timezone.localdate
    monkeypatch.setattr(timezone, "localdate", lambda value=None, timezone=None:
                        later if value is None else real(value, timezone))
    r = post_json(board, application_url(app, "forfeit-bond"),
                  {"reason": "The fair was held anyway; its trash was never removed"})
    assert r.status_code == 200, r.content
    assert (r.json()["state"], r.json()["bond_disposition"]) == ("revoked", "forfeited")
