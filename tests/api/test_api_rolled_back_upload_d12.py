"""D-12 on the API: an upload whose request is rolled back after the document was recorded — its answer cannot
be stored under its ``Idempotency-Key`` (another request stored one first: 409), or the operation fails (500) —
leaves no file in the documents folder; an upload that is answered 201 keeps its file."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError
from django.test import Client

from publicassembly.api import attachments
from publicassembly.api.models import ApiToken, IdempotentRequest
from publicassembly.permits import services as sv
from publicassembly.permits.models import Document

from .conftest import PDF

pytestmark = pytest.mark.django_db(transaction=True)


def stored() -> list[str]:
    folder = sv.documents_dir()
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def client(user, **extra) -> Client:
    _token, raw = ApiToken.objects.issue(user, "tests")
    return Client(HTTP_AUTHORIZATION=f"Bearer {raw}", **extra)


def upload(c: Client, app, key: str):
    return c.post(f"/api/v1/towns/carmel-ny/applications/{app.pk}/documents",
                  {"kind": "site map", "file": SimpleUploadedFile("map.pdf", PDF, content_type="application/pdf")},
                  HTTP_IDEMPOTENCY_KEY=key)


def test_an_upload_whose_answer_another_request_stored_first_leaves_no_file(cu, draft_app, monkeypatch):
    c = client(cu["applicant"])
    kept = upload(c, draft_app, "first")
    assert kept.status_code == 201, kept.json()
    before = stored()
    assert before == [Document.objects.get().storage_name]

    def taken(**kwargs):
        raise IntegrityError("UNIQUE constraint failed: api_idempotentrequest.user_id, api_idempotentrequest.key")

    monkeypatch.setattr(IdempotentRequest.objects, "create", taken)
    r = upload(c, draft_app, "second")
    assert r.status_code == 409 and r.json()["field"] == "Idempotency-Key"
    assert "was answered while this one was being answered" in r.json()["detail"]
    assert Document.objects.count() == 1
    assert stored() == before


def test_an_upload_whose_operation_fails_after_recording_leaves_no_file(cu, draft_app, monkeypatch):
    def broken(doc):
        raise RuntimeError("the answer could not be made")

    monkeypatch.setattr(attachments, "_document", broken)
    r = upload(client(cu["applicant"], raise_request_exception=False), draft_app, "k-1")
    assert r.status_code == 500
    assert not Document.objects.exists()
    assert stored() == []


def test_an_upload_answered_201_keeps_its_file(cu, draft_app):
    r = upload(client(cu["applicant"]), draft_app, "k-2")
    assert r.status_code == 201
    doc = Document.objects.get(pk=r.json()["id"])
    assert stored() == [doc.storage_name]
    assert (sv.documents_dir() / doc.storage_name).read_bytes() == PDF
