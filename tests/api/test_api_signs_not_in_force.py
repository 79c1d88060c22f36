"""An occupancy sign is posted on the wall and read by the public and officers as the lawful occupancy
(Mount Pleasant § 164-9): the API, the web page and the CLI refuse the sign of a certificate that is not in
force — revoked, stale (a space changed since issue) or superseded — with 409 (CLI exit 2) naming its state, and
give the sign of the valid certificate (310 persons in the Ballroom: 4,650 sq ft at 15 sq ft per person)."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from django.test import Client
from typer.testing import CliRunner

from publicassembly.venues import services as vs

pytestmark = pytest.mark.django_db


def _text(content: bytes) -> str:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def _api(number: str) -> str:
    return f"/api/v1/towns/mount-pleasant-ny/certificates/{number}/sign.pdf"


def _page(number: str) -> str:
    return f"/certificates/{number}/sign.pdf"


def _refused(number: str, word: str) -> None:
    for url in (_api(number), _api(number) + "?room=Ballroom"):
        r = Client().get(url)
        assert r.status_code == 409, (url, r.status_code)
        message = r.json()["detail"]
        assert number in message and word in message and "§ 164-9" in message, message
    page = Client().get(_page(number), {"room": "Ballroom"})
    assert page.status_code == 409 and not page.content.startswith(b"%PDF")
    assert word in page.content.decode()


def test_sign_of_the_valid_certificate_states_310_persons_section_164_9(hall):
    number = hall.certificates.get().number
    r = Client().get(_api(number) + "?room=Ballroom")
    assert r.status_code == 200 and "310" in _text(r.content)
    assert Client().get(_page(number), {"room": "Ballroom"}).status_code == 200


def test_sign_of_a_revoked_certificate_is_409_naming_revoked_section_164_9(hall, mu):
    cert = hall.certificates.get()
    vs.revoke_certificate(mu["building_inspector"], cert, reason="Exits blocked at inspection")
    _refused(cert.number, "revoked")


def test_sign_of_a_stale_certificate_is_409_naming_stale_section_164_9(hall, mu):
    cert = hall.certificates.get()
    vs.add_space(mu["building_inspector"], hall, name="Terrace", kind="room", use_group="assembly_without_fixed_seats",
                 area="1500")
    cert.refresh_from_db()
    assert cert.status == "stale"
    _refused(cert.number, "stale")


def test_sign_of_a_superseded_certificate_is_409_naming_its_successor_section_164_9(hall, mu):
    old = hall.certificates.get()
    new = vs.issue_certificate(mu["building_inspector"], hall, reason="re-issued")
    _refused(old.number, "superseded")
    body = Client().get(_api(old.number)).json()
    assert new.number in str(body)
    assert Client().get(_api(new.number) + "?room=Ballroom").status_code == 200


def test_cli_refuses_the_sign_of_a_revoked_certificate_exit_2_section_164_9(hall, mu, monkeypatch, tmp_path):
    """The CLI refuses with the same sentence (exit 2), and writes no file."""
    from publicassembly.cli import document_commands
    from publicassembly.cli.app import app

    monkeypatch.setattr(document_commands, "_db", lambda data_dir: None)
    cert = hall.certificates.get()
    vs.revoke_certificate(mu["building_inspector"], cert, reason="Exits blocked at inspection")
    out = tmp_path / "sign.pdf"
    result = CliRunner().invoke(app, ["sign", "--certificate", cert.number, "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert "--certificate" in result.output and "revoked" in result.output and "§ 164-9" in result.output
    assert not out.exists()
