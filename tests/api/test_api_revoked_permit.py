"""The permit of a revoked application says "REVOKED ... NOT VALID" on every door — the API, the web page and
the CLI — as the certificate of a revoked place of assembly does (Carmel ch. 31 ¶ G); the permit of an issued
one does not."""

from __future__ import annotations

import datetime as dt
import io

import pdfplumber
import pytest
from django.test import Client
from tests.web.conftest import fair_facts
from typer.testing import CliRunner

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def _issued(carmel, cu):
    """The county fair (120 days ahead) filed 60 days ago, heard 30 days ago, approved and issued today."""
    clerk, board, health = cu["town_clerk"], cu["town_board_member"], cu["health_department_reviewer"]
    day = lambda n: TODAY - dt.timedelta(days=n)  # noqa: E731
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=day(60))
    sv.accept(clerk, app, today=day(58))
    sv.schedule_hearing(clerk, app, hearing_on=day(30), place="Town Hall", notice_published_on=day(45),
                        newspaper="Putnam County Courier", today=day(45))
    sv.record_hearing_held(clerk, app)
    sv.approve(board, app, decided_on=day(30), bond_amount="5000.00", bodily_injury_limit="300000.00")
    doc = sv.attach_document(cu["applicant"], app, kind="written approvals", filename="ok.pdf", content=PDF)
    sv.set_fee_schedule(clerk, carmel, year=TODAY.year, amount="250.00", resolution_date=dt.date(TODAY.year, 1, 1))
    for n in range(1, 11):
        sv.record_approval(health, app, condition=n, agency="health_department", approved_on=TODAY, document=doc)
        sv.record_approval(board, app, condition=n, agency="town_board", approved_on=TODAY, document=doc)
    sv.record_authorization(clerk, app, party="owner", name="County of Putnam", given_on=TODAY, document=doc)
    sv.record_insurance(clerk, app, insurer="Hudson Mutual", policy_number="GL-1", bodily_injury_limit="300000.00",
                        property_damage_limit="500000.00", cancellation_notice_days=30, document=doc)
    sv.post_bond(clerk, app, amount="5000.00", posted_on=TODAY)
    sv.record_fee_payment(clerk, app, amount="250.00", paid_on=TODAY)
    sv.issue(clerk, app, today=TODAY)
    app.refresh_from_db()
    assert app.state == "issued"
    return app


def _text(content: bytes) -> str:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return " ".join((page.extract_text() or "").replace("\n", " ") for page in pdf.pages)


def _doors(app, cu, api, monkeypatch, tmp_path) -> list[str]:
    """The permit's text from the API, the web page and the CLI."""
    from publicassembly.cli import document_commands
    from publicassembly.cli.app import app as cli

    r = api(cu["applicant"]).get(f"/api/v1/towns/carmel-ny/applications/{app.pk}/permit.pdf")
    assert r.status_code == 200
    web = Client()
    web.force_login(cu["applicant"])
    page = web.get(f"/carmel-ny/applications/{app.pk}/permit.pdf")
    assert page.status_code == 200
    monkeypatch.setattr(document_commands, "_db", lambda data_dir: None)
    out = tmp_path / f"permit-{app.state}.pdf"
    result = CliRunner().invoke(cli, ["permit", "--application", str(app.pk), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return [_text(r.content), _text(page.content), _text(out.read_bytes())]


def test_issued_permit_is_in_force_on_every_door_paragraph_a(carmel, cu, api, monkeypatch, tmp_path):
    app = _issued(carmel, cu)
    for text in _doors(app, cu, api, monkeypatch, tmp_path):
        assert app.permit_number in text and "NOT VALID" not in text and "in force" in text


def test_revoked_permit_says_revoked_not_valid_on_every_door_paragraph_g(carmel, cu, api, monkeypatch, tmp_path):
    app = _issued(carmel, cu)
    app = sv.revoke(cu["town_board_member"], app, grounds=["facilities_not_provided_as_specified"],
                    reason="No toilets on site at inspection")
    day = app.revoked_on
    for text in _doors(app, cu, api, monkeypatch, tmp_path):
        assert text.startswith(f"REVOKED ON {day:%B} {day.day}, {day.year} - NOT VALID".upper()), text[:80]
        assert app.permit_number in text and "revoked (¶ G)" in text
