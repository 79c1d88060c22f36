"""The Town Board's ``approve``, a written approval (``approvals``) and an authorization to inspect
(``authorizations``) through the API tell every refusal of a body in one 422 (interpretations P-33, W-32): the
schema's, then the service's of the values the schema took, each field once. A new-user trial sent
``{"bodily_injury_limit": "100000", "decided_on": …}`` with a day before the hearing and was told only of the day:
the $100,000 limit (below ¶ E's $250,000) was refused only when sent alone. The approvals and authorizations
looked up ``document`` before their services, which then told one value at a time. Nothing is stored."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import application_url, fair_facts, post_json
from tests.refused import fields, told

from publicassembly.law.dates import no_public_hearing_because
from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
LATER = (TODAY + dt.timedelta(days=3)).isoformat()
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


def test_the_trials_approval_tells_the_limit_with_the_day_before_the_hearing_p33(api, cu, heard):
    before = (heard.hearing_held_on - dt.timedelta(days=1)).isoformat()
    r = post_json(api(cu["town_board_member"]), application_url(heard, "approve"),
                  {"bodily_injury_limit": "100000", "decided_on": before})
    errors = told(r)
    assert errors == [("decided_on", f"the Town Board acts after the public hearing (held on "
                                     f"{heard.hearing_held_on.isoformat()}); {before} is before it"),
                      ("bodily_injury_limit", TOO_LOW)], errors
    heard.refresh_from_db()
    assert (heard.state, heard.bodily_injury_limit) == ("hearing_held", None)


def test_the_approvals_schema_refusals_are_told_with_the_services_p33(api, cu, heard):
    r = post_json(api(cu["town_board_member"]), application_url(heard, "approve"),
                  {"bond_amount": "lots", "bodily_injury_limit": "100000", "decided_on": LATER,
                   "conditions": ["Gates close at 10 p.m.", "\u0645\u0631\u062d\u0628\u0627"]})
    errors = told(r)
    assert fields(errors) == ["bond_amount", "conditions[1]", "decided_on", "bodily_injury_limit"], errors
    assert errors[0] == ("bond_amount", "must be a decimal number")
    assert errors[2][1].startswith(f"{LATER} is in the future")
    r = post_json(api(cu["town_board_member"]), application_url(heard, "approve"),
                  {"bodily_injury_limit": "250000", "bond_amount": "5000", "decided_on": TODAY.isoformat()})
    assert r.status_code == 200 and r.json()["state"] == "approved", r.content


def test_a_written_approval_tells_every_refusal_at_once_p33(api, cu, heard):
    r = post_json(api(cu["health_department_reviewer"]), application_url(heard, "approvals"),
                  {"condition": 11, "agency": "health_department", "approved_on": LATER, "document": 999})
    errors = told(r)
    assert fields(errors) == ["condition", "approved_on", "document"], errors
    assert errors[0] == ("condition", "must be at most 10")
    assert errors[2] == ("document", "no document #999 is attached to this permit application")
    r = post_json(api(cu["health_department_reviewer"]), application_url(heard, "approvals"),
                  {"condition": 2, "agency": "health_department", "approved_on": day(70).isoformat(),
                   "document": 999})
    assert fields(told(r)) == ["approved_on", "document"]
    assert not heard.approvals.exists()


def test_an_authorization_tells_every_refusal_at_once_p33(api, cu, heard):
    clerk = api(cu["town_clerk"])
    r = post_json(clerk, application_url(heard, "authorizations"),
                  {"party": "owner", "name": "Somebody Else", "given_on": day(70).isoformat(), "document": 999})
    errors = told(r)
    assert fields(errors) == ["name", "given_on", "document"], errors
    r = post_json(clerk, application_url(heard, "authorizations"),
                  {"party": "landlord", "name": "County of Putnam", "given_on": LATER, "document": 999})
    errors = told(r)
    assert fields(errors) == ["party", "given_on", "document"], errors
    assert errors[0][1] == "must be one of: 'owner' or 'tenant'"
    assert not heard.authorizations.exists()
    doc = sv.attach_document(cu["applicant"], heard, kind="owner's authorization", filename="a.pdf",
                             content=b"%PDF-1.4\n%%EOF\n")
    r = post_json(clerk, application_url(heard, "authorizations"),
                  {"party": "owner", "name": "County of Putnam", "given_on": TODAY.isoformat(), "document": doc.pk})
    assert r.status_code == 201, r.content


def test_another_users_body_is_told_the_schemas_refusals_alone_p33(api, cu, heard):
    """The service's refusals are added only for a user who may act (W-32): the applicant is told the schema's."""
    r = post_json(api(cu["applicant"]), application_url(heard, "approve"),
                  {"bond_amount": "lots", "bodily_injury_limit": "100000"})
    assert fields(told(r)) == ["bond_amount"]
