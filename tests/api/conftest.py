"""Fixtures of the API tests: the web tests' towns, people and records, and bearer tokens."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client
from tests.issuance import record_every_precondition
from tests.web.conftest import (  # noqa: F401
    _documents_dir,
    carmel,
    cu,
    draft_app,
    fair_facts,
    hall,
    hearing_app,
    mount_pleasant,
    mu,
)

from publicassembly.api.models import ApiToken
from publicassembly.law.dates import no_public_hearing_because
from publicassembly.permits import services as sv


def post_json(client: Client, url: str, body: object):
    """POST `body` as JSON to `url`."""
    return client.post(url, json.dumps(body), content_type="application/json")


def application_url(app, action: str) -> str:
    """The API's URL of `action` (e.g. ``schedule-hearing``) on the Carmel application `app`."""
    return f"/api/v1/towns/carmel-ny/applications/{app.pk}/{action}"


def api_client(user) -> Client:
    _token, raw = ApiToken.objects.issue(user, "tests")
    return Client(HTTP_AUTHORIZATION=f"Bearer {raw}")


def venue_json(user, venue) -> dict:
    """The API's answer of GET venue (Mount Pleasant) for `user`: its spaces, certificate and ``certificate_blockers``."""
    return api_client(user).get(f"/api/v1/towns/mount-pleasant-ny/venues/{venue.pk}").json()


def issue_certificate_api(user, venue):
    """POST the venue's certificate through the API with the venue's version as it is now (a fresh read)."""
    venue.refresh_from_db()
    return api_client(user).post(f"/api/v1/towns/mount-pleasant-ny/venues/{venue.pk}/certificates",
                                 {"expected_version": venue.version}, content_type="application/json")


@pytest.fixture
def api():
    return api_client


#: A whole PDF (header and end-of-file marker), as an upload must be.
PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def approved_application(town, people):
    """The county fair (120 days ahead) taken through Carmel's services (`town`, with its officials and applicant
    `people`) to the Board's approval: filed 60 days ago, heard and approved about 30 days ago with a bond of
    $5,000 and a bodily injury limit of $300,000 — no clock moved. Returns the application."""
    clerk, board = people["town_clerk"], people["town_board_member"]
    today = dt.date.today()
    day = lambda n: today - dt.timedelta(days=n)  # noqa: E731
    app = sv.create_draft(people["applicant"], town, fair_facts())
    sv.submit(people["applicant"], app, verification_statement="Sworn before a notary.", today=day(60))
    sv.accept(clerk, app, today=day(58))
    # about 30 days ago, on a day the Board may hold a hearing (P-8: not a Sunday or a public holiday)
    heard = next(day(n) for n in range(30, 35) if no_public_hearing_because(day(n)) is None)
    sv.schedule_hearing(clerk, app, hearing_on=heard, place="Town Hall", notice_published_on=day(45),
                        newspaper="Putnam County Courier", today=day(45))
    sv.record_hearing_held(clerk, app)
    sv.approve(board, app, decided_on=heard, bond_amount="5000.00", bodily_injury_limit="300000.00")
    app.refresh_from_db()
    return app


def issued_permit(town, people):
    """The county fair (120 days ahead) taken through Carmel's services (`town`, with its officials and applicant
    `people`) to an issued permit (¶¶ A-F and the fee): filed 60 days ago, heard and approved 30 days ago
    (`approved_application`), every precondition recorded and issued today — no clock moved."""
    clerk, board, health = people["town_clerk"], people["town_board_member"], people["health_department_reviewer"]
    today = dt.date.today()
    day = lambda n: today - dt.timedelta(days=n)  # noqa: E731
    app = approved_application(town, people)
    doc = sv.attach_document(people["applicant"], app, kind="written approvals", filename="ok.pdf", content=PDF)
    for year in sorted({day(60).year, today.year}):  # the filing year's schedule (early January: last year's too)
        sv.set_fee_schedule(clerk, town, year=year, amount="250.00", resolution_date=dt.date(year, 1, 1))
    record_every_precondition(app, clerk=clerk, board=board, health=health, on=today, doc=doc)
    sv.issue(clerk, app, today=today)
    app.refresh_from_db()
    assert app.state == "issued"
    return app
