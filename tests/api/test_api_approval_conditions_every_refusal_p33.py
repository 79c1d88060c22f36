"""``POST …/approve`` tells every bad condition by its place in one 422 (interpretations P-33, W-32). A new-user
trial sent ``"conditions": ["", "\\u0007"]``: the schema refused the empty one (``conditions[0]``) and left the
whole list out of what the service judged, so the bell (``conditions[1]``, which the permit cannot print: G-6)
was told only once the empty one was removed. Now the service judges the conditions the schema took, each in its
place, and both are told; nothing is stored."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import application_url, fair_facts, post_json
from tests.refused import fields, told

from publicassembly.law.dates import no_public_hearing_because
from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
BELL = "must be text without control characters (it holds U+0007"
TOO_LOW = ("$100,000 is outside the range the Town Board may set: not less than $250,000 nor more than $500,000 "
           "(Carmel Code ch. 31, permit requirements ¶ E)")


def day(n: int) -> dt.date:
    return TODAY - dt.timedelta(days=n)


@pytest.fixture
def heard(carmel, cu):
    """The county fair, filed 60 days ago, its public hearing held about 30 days ago."""
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=day(60))
    sv.accept(cu["town_clerk"], app, today=day(58))
    held = next(day(n) for n in range(30, 35) if no_public_hearing_because(day(n)) is None)
    sv.schedule_hearing(cu["town_clerk"], app, hearing_on=held, place="Town Hall", notice_published_on=day(45),
                        newspaper="Putnam County Courier", today=day(45))
    sv.record_hearing_held(cu["town_clerk"], app)
    app.refresh_from_db()
    return app


def test_an_empty_condition_and_an_unprintable_one_are_both_told_p33(api, cu, heard):
    r = post_json(api(cu["town_board_member"]), application_url(heard, "approve"), {"conditions": ["", "\u0007"]})
    errors = told(r)
    assert fields(errors) == ["conditions[0]", "conditions[1]"], errors
    assert errors[0] == ("conditions[0]", "must not be empty")
    assert errors[1][1].startswith(BELL), errors
    heard.refresh_from_db()
    assert (heard.state, heard.conditions) == ("hearing_held", [])


def test_the_conditions_refused_each_once_with_the_other_values_p33(api, cu, heard):
    """The schema's words for what it refuses (an empty text, a number), the service's for what the schema took
    (a condition of spaces only, a bell), each place once, with a limit below ¶ E; the good conditions unnamed."""
    r = post_json(api(cu["town_board_member"]), application_url(heard, "approve"),
                  {"conditions": ["Gates close at 10 p.m.", "", " ", 5, "Music\u0007 off"],
                   "bodily_injury_limit": "100000", "decided_on": TODAY.isoformat()})
    errors = told(r)
    assert fields(errors) == ["conditions[1]", "conditions[3]", "conditions[2]", "conditions[4]",
                              "bodily_injury_limit"], errors
    assert errors[0] == ("conditions[1]", "must not be empty")
    assert errors[2] == ("conditions[2]", "give the condition as a non-empty text")
    assert errors[3][1].startswith(BELL) and errors[4] == ("bodily_injury_limit", TOO_LOW)


def test_a_list_refused_whole_is_told_once_p33(api, cu, heard):
    """201 conditions (at most 200): the list named once, as the schema refuses it; its items not judged."""
    r = post_json(api(cu["town_board_member"]), application_url(heard, "approve"),
                  {"conditions": ["\u0007"] * 201})
    assert fields(told(r)) == ["conditions"]
    r = post_json(api(cu["town_board_member"]), application_url(heard, "approve"),
                  {"conditions": ["Gates close at 10 p.m."] * 200, "decided_on": TODAY.isoformat()})
    assert r.status_code == 200 and r.json()["state"] == "approved", r.content
    heard.refresh_from_db()
    assert len(heard.conditions) == 200


def test_a_nul_in_a_condition_is_told_once_with_the_others_p33(api, cu, heard):
    """A NUL character (PostgreSQL cannot keep it) in two conditions beside an empty one: each place told once —
    the NUL's words, not the NUL again as a control character — and the bell of another told with them."""
    r = post_json(api(cu["town_board_member"]), application_url(heard, "approve"),
                  {"conditions": ["a\u0000", "", "\u0007", "b\u0000"]})
    errors = told(r)
    assert errors == [("conditions[1]", "must not be empty"),
                      ("conditions[0]", "must not contain NUL characters"),
                      ("conditions[3]", "must not contain NUL characters"),
                      ("conditions[2]", errors[3][1])], errors
    assert errors[3][1].startswith(BELL)
