"""The permit of a revoked application says "REVOKED ... NOT VALID" on every door — the API, the web page and
the CLI — as the certificate of a revoked place of assembly does (Carmel ch. 31 ¶ G); the permit of an issued
one does not."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from django.test import Client
from tests.api.conftest import issued_permit
from typer.testing import CliRunner

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db



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
    app = issued_permit(carmel, cu)
    for text in _doors(app, cu, api, monkeypatch, tmp_path):
        assert app.permit_number in text and "NOT VALID" not in text and "in force" in text


def test_revoked_permit_says_revoked_not_valid_on_every_door_paragraph_g(carmel, cu, api, monkeypatch, tmp_path):
    app = issued_permit(carmel, cu)
    app = sv.revoke(cu["town_board_member"], app, grounds=["facilities_not_provided_as_specified"],
                    reason="No toilets on site at inspection")
    day = app.revoked_on
    for text in _doors(app, cu, api, monkeypatch, tmp_path):
        assert text.startswith(f"REVOKED ON {day:%B} {day.day}, {day.year} NOT VALID".upper()), text[:80]
        assert app.permit_number in text and "revoked (¶ G)" in text
