"""The application page's forms of the Town Board's approval, a written approval of ¶ C and an authorization to
inspect of ¶ D show every refusal at once, each beside its field (interpretation P-33, as P-30 for the Clerk's
other forms): the approval form told a day before the hearing and, only once that was corrected, a bodily injury
limit below ¶ E's $250,000; a written approval whose document was not chosen was shown that alone, the service
never asked about its day. The page is 422 and nothing is stored."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
from tests.web.conftest import client_for, fair_facts, version_of

from publicassembly.law.dates import no_public_hearing_because
from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
TOMORROW = (TODAY + dt.timedelta(days=1)).isoformat()
REQUIRED = "This field is required."


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


def beside(r, prefix: str) -> dict[str, list[str]]:
    """Every field of the form `prefix` with the errors shown beside it (`web/_field_errors.html`)."""
    assert r.status_code == 422, r.status_code
    page = r.content.decode()
    out = {}
    for field, inner in re.findall(rf'<div class="errors" id="err-id_{prefix}-(\w+)"[^>]*>(.*?)</div>', page, re.S):
        said = [html.unescape(e) for e in re.findall(r'<p class="error">(.*?)</p>', inner, re.S)]
        if said:
            out[field] = said
    return out


def post(user, app, action: str, values: dict[str, str]):
    return client_for(user).post(f"/carmel-ny/applications/{app.pk}/{action}/",
                                 {**{f"{action}-{k}": v for k, v in values.items()}, **version_of(app)})


def test_the_approval_form_shows_the_limit_with_the_day_before_the_hearing_p33(cu, heard):
    before = (heard.hearing_held_on - dt.timedelta(days=1)).isoformat()
    r = post(cu["town_board_member"], heard, "approve", {"bodily_injury_limit": "100000", "decided_on": before})
    errors = beside(r, "approve")
    assert set(errors) == {"decided_on", "bodily_injury_limit"}, errors
    assert errors["bodily_injury_limit"][0].startswith("$100,000 is outside the range the Town Board may set")
    assert "more error" not in errors["decided_on"][0]
    heard.refresh_from_db()
    assert heard.state == "hearing_held"


def test_the_approval_forms_own_refusal_is_shown_with_the_services_p33(cu, heard):
    """The form refuses a bond of $0 itself; the service is asked of the day and the limit it took."""
    r = post(cu["town_board_member"], heard, "approve",
             {"bond_amount": "0", "bodily_injury_limit": "100000", "decided_on": TOMORROW})
    errors = beside(r, "approve")
    assert set(errors) == {"bond_amount", "decided_on", "bodily_injury_limit"}, errors
    assert errors["decided_on"][0].startswith(f"{TOMORROW} is in the future")
    r = post(cu["town_board_member"], heard, "approve",
             {"bond_amount": "5000", "bodily_injury_limit": "250000", "decided_on": TODAY.isoformat()})
    assert r.status_code == 302
    heard.refresh_from_db()
    assert heard.state == "approved"


def test_a_written_approval_without_its_document_shows_its_day_refused_too_p33(cu, heard):
    r = post(cu["health_department_reviewer"], heard, "record_approval",
             {"condition": "2", "agency": "health_department", "approved_on": TOMORROW})
    errors = beside(r, "record_approval")
    assert set(errors) == {"document", "approved_on"}, errors
    assert errors["document"] == [REQUIRED]
    assert not heard.approvals.exists()


def test_an_authorization_shows_the_petitions_refusals_with_the_forms_p33(cu, heard):
    r = post(cu["town_clerk"], heard, "record_authorization",
             {"property_index": "0", "party": "owner", "name": "Somebody Else", "given_on": day(70).isoformat()})
    errors = beside(r, "record_authorization")
    assert set(errors) == {"document", "name", "given_on"}, errors
    assert errors["name"][0].startswith("the petition names County of Putnam as the owner")
    assert not heard.authorizations.exists()


def test_the_revocation_form_refuses_a_ground_sent_twice_naming_it_p33(carmel, cu):
    """A hand-made form (the page's checkboxes send each ground once) with a ground twice: refused beside the
    grounds, naming it; nothing revoked."""
    from tests.api.conftest import issued_permit

    app = issued_permit(carmel, cu)
    r = client_for(cu["town_board_member"]).post(
        f"/carmel-ny/applications/{app.pk}/revoke/",
        {"revoke-grounds": ["facilities_not_provided_as_specified", "facilities_not_provided_as_specified"],
         "revoke-reason": "No toilets on site", **version_of(app)})
    errors = beside(r, "revoke")
    assert errors == {"grounds": ["facilities_not_provided_as_specified is given twice; give each ground of ¶ G "
                                  "once"]}, errors
    app.refresh_from_db()
    assert app.state == "issued"
