"""The API tells a bad `reason` (the history's, G-6: a control character) as bad input, 422 naming ``reason``,
whatever the application's state, nothing stored (values before state: interpretations P-26, P-29). It was told
409 (the state) first in a wrong state, and 422 only once the state was right."""

from __future__ import annotations

import pytest
from tests.api.conftest import application_url, post_json

pytestmark = pytest.mark.django_db

BAD = "as agreed\u202e"
SAID = "must be text without control characters (it holds U+202E"


def test_accepting_a_draft_with_a_bad_reason_is_422_naming_reason_p29(api, cu, draft_app):
    clerk = api(cu["town_clerk"])
    body = {"expected_version": draft_app.version, "reason": BAD}
    r = post_json(clerk, application_url(draft_app, "accept"), body)
    assert r.status_code == 422, r.json()
    assert r.json()["field"] == "reason" and SAID in r.json()["detail"]
    assert [e["field"] for e in r.json()["errors"]] == ["reason"]
    draft_app.refresh_from_db()
    assert (draft_app.state, draft_app.version) == ("draft", 1)
    # the other side: a reason that can be recorded meets the state's refusal
    r = post_json(clerk, application_url(draft_app, "accept"), {**body, "reason": "as agreed"})
    assert r.status_code == 409, r.json()


def test_withdrawing_a_draft_with_a_bad_reason_is_422_and_with_a_good_one_withdrawn_p29(api, cu, draft_app):
    applicant = api(cu["applicant"])
    body = {"expected_version": draft_app.version, "reason": BAD}
    r = post_json(applicant, application_url(draft_app, "withdraw"), body)
    assert r.status_code == 422 and r.json()["field"] == "reason" and SAID in r.json()["detail"], r.json()
    draft_app.refresh_from_db()
    assert (draft_app.state, draft_app.version) == ("draft", 1)
    r = post_json(applicant, application_url(draft_app, "withdraw"), {**body, "reason": "plans changed"})
    assert r.status_code == 200 and r.json()["state"] == "withdrawn", r.json()
    draft_app.refresh_from_db()
    assert draft_app.history.first().history_change_reason == "plans changed"


def test_approving_before_the_hearing_is_held_with_a_bad_reason_is_422_p29(api, cu, hearing_app):
    """(The Town Board approves after the public hearing, ¶ B: a hearing only scheduled is a wrong state.)"""
    board = api(cu["town_board_member"])
    body = {"expected_version": hearing_app.version, "reason": BAD}
    r = post_json(board, application_url(hearing_app, "approve"), body)
    assert r.status_code == 422 and r.json()["field"] == "reason", r.json()
    hearing_app.refresh_from_db()
    assert hearing_app.state == "hearing_scheduled" and hearing_app.decided_on is None
    r = post_json(board, application_url(hearing_app, "approve"), {**body, "reason": "as agreed"})
    assert r.status_code == 409, r.json()
