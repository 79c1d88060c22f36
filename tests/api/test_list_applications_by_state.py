"""GET /api/v1/towns/{town}/applications?state=…: a clerk's list of the applications in one state or several
(comma-separated), as the Clerk's queue shows them by state; a state that does not exist is 422 naming
``state`` and every state allowed, never an empty or unfiltered list."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

URL = "/api/v1/towns/carmel-ny/applications"


def _ids(response):
    assert response.status_code == 200, response.content
    return {a["id"] for a in response.json()}


def test_state_filters_the_list(cu, api, draft_app, hearing_app):
    clerk = api(cu["town_clerk"])
    assert _ids(clerk.get(URL)) == {draft_app.pk, hearing_app.pk}
    assert _ids(clerk.get(URL, {"state": "draft"})) == {draft_app.pk}
    assert _ids(clerk.get(URL, {"state": "hearing_scheduled"})) == {hearing_app.pk}
    assert _ids(clerk.get(URL, {"state": "draft,hearing_scheduled"})) == {draft_app.pk, hearing_app.pk}
    assert _ids(clerk.get(URL, {"state": "submitted"})) == set()  # a state no application is in: none


def test_an_applicant_filters_only_their_own(cu, api, draft_app):
    assert _ids(api(cu["applicant"]).get(URL, {"state": "draft"})) == {draft_app.pk}


@pytest.mark.parametrize("value", ["pending", "draft,pending", "draft,", "Draft"])
def test_a_state_that_does_not_exist_is_refused_naming_the_states(cu, api, draft_app, value):
    r = api(cu["town_clerk"]).get(URL, {"state": value})
    assert r.status_code == 422
    out = r.json()
    assert out["field"] == "state"
    assert "is not a state of an application" in out["detail"]
    assert "draft, submitted, incomplete" in out["detail"] and "revoked" in out["detail"]
