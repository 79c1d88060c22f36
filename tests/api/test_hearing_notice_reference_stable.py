"""The notice of public hearing (Carmel ch. 31, permit requirements ¶ B: "notice published at least once in the
official newspaper 10 days prior to such hearing") keeps the reference it was published with. A new-user trial
found its "Reference" changing from ``carmel-ny/12`` to the permit number once the permit was issued: the notice
the newspaper printed no longer matched the Town's. It is the application's reference, ``<town alias>/<id>``
(`permits.documents.calendar_reference`), before and after issuance — on the public page, the API and the CLI."""

from __future__ import annotations

import datetime as dt
import io

import pdfplumber
import pytest
from django.test import Client
from tests.api.conftest import PDF, approved_application
from tests.issuance import record_every_precondition

from publicassembly.permits import documents as permit_docs
from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


def _text(content: bytes) -> str:
    with pdfplumber.open(io.BytesIO(content)) as pdf:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)


def _notices(app) -> list[str]:
    """The notice's text on the public page and from the API."""
    out = []
    for url in (f"/hearings/{app.pk}/notice.pdf", f"/api/v1/towns/carmel-ny/hearings/{app.pk}/notice.pdf"):
        r = Client().get(url)
        assert r.status_code == 200, url
        out.append(_text(r.content))
    return out


def test_the_notices_reference_is_the_applications_before_and_after_the_permit_is_issued_b(carmel, cu):
    app = approved_application(carmel, cu)
    reference = f"carmel-ny/{app.pk}"
    assert app.permit_number in ("", None)
    before = _notices(app)
    for text in before:
        assert f"Reference {reference}." in text and f"Application {reference}." in text
    assert permit_docs.hearing_notice_record(app).application_reference == reference

    clerk, board, health = cu["town_clerk"], cu["town_board_member"], cu["health_department_reviewer"]
    today = dt.date.today()
    doc = sv.attach_document(cu["applicant"], app, kind="written approvals", filename="ok.pdf", content=PDF)
    for year in sorted({(today - dt.timedelta(days=60)).year, today.year}):
        sv.set_fee_schedule(clerk, carmel, year=year, amount="250.00", resolution_date=dt.date(year, 1, 1))
    record_every_precondition(app, clerk=clerk, board=board, health=health, on=today, doc=doc)
    sv.issue(clerk, app, today=today)
    app.refresh_from_db()
    assert app.state == "issued" and app.permit_number

    after = _notices(app)
    assert after == before  # (the same notice, word for word)
    assert not any(app.permit_number in text for text in after)
    assert permit_docs.hearing_notice_record(app).application_reference == reference
