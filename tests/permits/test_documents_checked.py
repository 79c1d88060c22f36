"""Attachments (Carmel ch. 31: the maps, plans, approvals and certificates of the petition and ¶¶ C-F): none
to a case where nothing more can be filed, and only whole PDF, PNG and JPEG files."""

from __future__ import annotations

from io import BytesIO

import pytest
from PIL import Image

from publicassembly.permits import services as sv
from publicassembly.permits.models import Document, State
from publicassembly.workflow.errors import ValidationFailed

from .conftest import PDF, PNG


def jpeg() -> bytes:
    out = BytesIO()
    Image.new("RGB", (2, 2), (200, 10, 10)).save(out, "JPEG")
    return out.getvalue()


@pytest.mark.parametrize("state", [State.DENIED, State.WITHDRAWN, State.CLOSED])
def test_no_document_after_nothing_more_can_be_filed(walk, state):
    """Denied (only the Clerk's closing is left), withdrawn and closed (final): refused naming ``state``."""
    if state == State.WITHDRAWN:
        app = walk.submitted()
        sv.withdraw(walk.applicant, app)
    elif state == State.CLOSED:
        app = walk.to(State.DENIED)
        sv.close(walk.clerk, app)
    else:
        app = walk.to(state)
    with pytest.raises(ValidationFailed) as e:
        sv.attach_document(walk.applicant, app, kind="late map", filename="m.pdf", content=PDF)
    assert e.value.field == "state" and str(app.state) in e.value.detail
    assert not Document.objects.filter(application=app, kind="late map").exists()


def test_no_document_to_a_revoked_permit(walk):
    """¶ G: a revoked permit is final."""
    app = walk.issued()
    sv.revoke(walk.board, app, grounds=["facilities_not_provided_as_specified"], reason="No toilets on site")
    with pytest.raises(ValidationFailed) as e:
        sv.attach_document(walk.clerk, app, kind="report", filename="r.pdf", content=PDF)
    assert e.value.field == "state"


@pytest.mark.parametrize("state", [State.HEARING_HELD, State.ISSUED, State.CLEANUP_INSPECTED])
def test_documents_still_attach_while_the_case_goes_on(walk, state):
    """The other side: up to the hearing, after issuance and at the cleanup (¶ F) documents are still filed."""
    app = walk.to(state)
    doc = sv.attach_document(walk.clerk, app, kind="report", filename="r.pdf", content=PDF)
    assert doc.application_id == app.pk


def test_the_png_signature_alone_is_not_a_png(walk):
    app = walk.draft()
    with pytest.raises(ValidationFailed) as e:
        sv.attach_document(walk.applicant, app, kind="map", filename="m.png", content=b"\x89PNG\r\n\x1a\n")
    assert e.value.field == "file" and "PNG" in e.value.detail
    with pytest.raises(ValidationFailed) as e:
        sv.attach_document(walk.applicant, app, kind="map", filename="m.png", content=PNG[:-12])  # no IEND
    assert e.value.field == "file"
    assert sv.attach_document(walk.applicant, app, kind="map", filename="m.png", content=PNG).content_type == \
        "image/png"


def test_a_jpeg_is_read_to_its_end(walk):
    app = walk.draft()
    good = jpeg()
    assert sv.attach_document(walk.applicant, app, kind="photo", filename="p.jpg", content=good).content_type \
        == "image/jpeg"
    with pytest.raises(ValidationFailed) as e:
        sv.attach_document(walk.applicant, app, kind="photo", filename="p.jpg", content=b"\xff\xd8\xff\xe0" + b"\0" * 20)
    assert e.value.field == "file"


def test_a_pdf_needs_its_end_of_file_marker(walk):
    app = walk.draft()
    with pytest.raises(ValidationFailed) as e:
        sv.attach_document(walk.applicant, app, kind="plan", filename="p.pdf", content=b"%PDF-1.4\n1 0 obj\n")
    assert e.value.field == "file" and "%%EOF" in e.value.detail
    assert sv.attach_document(walk.applicant, app, kind="plan", filename="p.pdf", content=PDF).size == len(PDF)


def test_one_wording_for_another_type(walk):
    with pytest.raises(ValidationFailed) as e:
        sv.attach_document(walk.applicant, walk.draft(), kind="x", filename="x.gif", content=b"GIF89a....")
    assert e.value.detail == sv.ONLY_PDF_PNG_JPEG == "Only PDF, PNG and JPEG files are accepted."
