"""Who issued a certificate (Mount Pleasant § 164-9: the Building Inspector), in the public look-up's JSON, the PDF
and the page: a user named after his office and town, as the demo's are (first name "Building Inspector", last
name the town's), is "Building Inspector, Town of Mount Pleasant, New York" — not Django's full name "Building
Inspector Town of Mount Pleasant, New York", without its comma; another name as written."""

from __future__ import annotations

import pytest
from django.test import Client
from tests.api.conftest import api_client
from tests.documents.conftest import pdf_text

from publicassembly.venues import services as vs

pytestmark = pytest.mark.django_db


def _certificate(mu, hall, first: str, last: str):
    bi = mu["building_inspector"]
    bi.first_name, bi.last_name = first, last
    bi.save()
    return vs.issue_certificate(bi, hall)


def test_164_9_an_inspector_named_after_office_and_town_is_written_with_its_comma(mu, hall, mount_pleasant):
    cert = _certificate(mu, hall, "Building Inspector", mount_pleasant.name)
    said = "Building Inspector, Town of Mount Pleasant, New York"
    assert api_client(mu["building_inspector"]).get(f"/api/v1/certificates/{cert.number}").json()["issued_by"] == said
    pdf = " ".join(pdf_text(Client().get(f"/certificates/{cert.number}/certificate.pdf").content).split())
    assert f"______________________________________ {said}" in pdf and "Inspector Town" not in pdf
    page = Client().get(f"/certificates/{cert.number}/").content.decode()
    assert "— Building Inspector</dd>" in page  # (the page: the office alone, the town is on it already)


def test_164_9_an_inspector_named_otherwise_is_written_as_his_name(mu, hall):
    cert = _certificate(mu, hall, "Robert", "Dwyer")
    assert vs.lookup_certificate(cert.number).issued_by == "Robert Dwyer"
    page = Client().get(f"/certificates/{cert.number}/").content.decode()
    assert "Robert Dwyer, Building Inspector" in page
