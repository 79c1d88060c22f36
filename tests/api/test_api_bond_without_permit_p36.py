"""A bond posted on an application that ends without a permit, through the API and the application page (Carmel
ch. 31 ¶ F; interpretation P-36): the Board approves with a bond amount, the Clerk records the bond, the applicant
withdraws — ``release-bond`` answered 409 "nothing more (this is a final state)" and the money stayed posted. Now
the Town Board releases it with its reason (422 naming ``reason`` without one, 403 to anyone else); the
application stays withdrawn, ``bond_disposition`` ``released``; ``forfeit-bond`` is 409 citing ¶ F."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from tests.api.conftest import application_url, approved_application, post_json

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


def approved_with_bond(town, people):
    """The county fair approved about 30 days ago with a bond of $5,000 (`approved_application`), the bond posted
    with the Town Clerk on the day of the decision; no permit issued."""
    app = approved_application(town, people)
    sv.post_bond(people["town_clerk"], app, amount="5000.00", posted_on=app.decided_on, surety="Empire Surety")
    app.refresh_from_db()
    return app


def test_a_withdrawn_applications_bond_is_released_through_the_api_p36(carmel, cu, api):
    app = approved_with_bond(carmel, cu)
    r = post_json(api(cu["applicant"]), application_url(app, "withdraw"), {"reason": "The fair moved"})
    assert r.status_code == 200 and r.json()["state"] == "withdrawn", r.content
    board = api(cu["town_board_member"])
    r = post_json(board, application_url(app, "release-bond"), {})
    assert r.status_code == 422 and r.json()["field"] == "reason", r.content
    r = post_json(api(cu["town_clerk"]), application_url(app, "release-bond"), {"reason": "Withdrawn"})
    assert r.status_code == 403
    r = post_json(board, application_url(app, "forfeit-bond"), {"reason": "Trash left"})
    assert r.status_code == 409 and r.json()["blockers"][0]["citation"].endswith("¶ F"), r.content
    assert "No permit was issued on this application" in r.json()["detail"]
    r = post_json(board, application_url(app, "release-bond"), {"reason": "Withdrawn before issuance"})
    assert r.status_code == 200, r.content
    assert (r.json()["state"], r.json()["bond_disposition"]) == ("withdrawn", "released")
    r = post_json(board, application_url(app, "release-bond"), {"reason": "again"})
    assert r.status_code == 409 and "The bond has already been released" in r.json()["detail"], r.content


def test_the_board_releases_a_withdrawn_applications_bond_on_the_page_p36(carmel, cu):
    app = sv.withdraw(cu["applicant"], approved_with_bond(carmel, cu), reason="The fair moved")
    board = Client()
    board.force_login(cu["town_board_member"])
    page = board.get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert 'id="action-release_unissued_bond"' in page
    url = f"/carmel-ny/applications/{app.pk}/release_unissued_bond/"
    r = board.post(url, {"expected_version": app.version, "release_unissued_bond-reason": " "})
    assert r.status_code == 422
    form = next(x["form"] for x in r.context["actions"] if x["action"].name == "release_unissued_bond")
    assert form.errors["reason"] == ["This field is required."], form.errors
    r = board.post(url, {"expected_version": app.version, "release_unissued_bond-reason": "Withdrawn; returned"})
    assert r.status_code == 302, r.content[:500]
    app.refresh_from_db()
    assert (app.state, app.bond_disposition) == ("withdrawn", "released")
    page = board.get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert 'id="action-release_unissued_bond"' not in page
    # the bonds section says what became of it, the day and the Board's reason (P-35, P-36), not "posted" alone
    said = page[page.index('id="bond-settled"'):]
    said = said[:said.index("</p>")]
    assert f"The Town Board released the bond on {dt.date.today().isoformat()}." in said
    assert "Reason: Withdrawn; returned" in said
    clerk = Client()
    clerk.force_login(cu["town_clerk"])
    assert 'id="action-release_unissued_bond"' not in clerk.get(f"/carmel-ny/applications/{app.pk}/").content.decode()
