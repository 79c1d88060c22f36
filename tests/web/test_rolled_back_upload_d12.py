"""D-12 on the application page's upload form: a refused upload, or one whose recording fails, leaves no file in
the documents folder; an upload that succeeds keeps its file."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from publicassembly.permits import services as sv
from publicassembly.permits.models import Document

from .conftest import client_for

pytestmark = pytest.mark.django_db(transaction=True)

PDF = b"%PDF-1.4\n%%EOF\n"


def stored() -> list[str]:
    folder = sv.documents_dir()
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def post(c, app, content: bytes = PDF, name: str = "map.pdf"):
    return c.post(f"/carmel-ny/applications/{app.pk}/documents/",
                  {"kind": "site map", "file": SimpleUploadedFile(name, content, "application/pdf")})


def test_an_upload_that_succeeds_keeps_its_file_and_a_refused_one_leaves_none(cu, draft_app):
    c = client_for(cu["applicant"])
    assert post(c, draft_app).status_code == 302
    doc = Document.objects.get()
    assert stored() == [doc.storage_name]
    assert post(c, draft_app, PDF[:-6], "cut.pdf").status_code == 422  # no end-of-file marker
    assert stored() == [doc.storage_name] and Document.objects.count() == 1


def test_an_upload_whose_record_cannot_be_written_leaves_no_file(cu, draft_app, monkeypatch):
    c = client_for(cu["applicant"])
    assert post(c, draft_app).status_code == 302
    before = stored()

    def fail(*args, **kwargs):
        raise RuntimeError("history table gone")

    monkeypatch.setattr(sv, "save_with_history", fail)
    c.raise_request_exception = False
    assert post(c, draft_app).status_code == 500
    assert stored() == before and Document.objects.count() == 1
