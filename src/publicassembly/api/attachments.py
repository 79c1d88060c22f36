"""The documents attached to a permit application (Carmel ch. 31: the maps, plans, written approvals and
certificates the petition and ¶¶ C-F call for), over HTTP with the limits and permissions of the pages:

- ``GET  /towns/{town}/applications/{id}/documents`` — the list (whoever may see the application);
- ``POST /towns/{town}/applications/{id}/documents`` — upload, ``multipart/form-data`` with the fields ``kind``
  (what it is, 1-60 characters without control characters) and ``file`` (a PDF, PNG or JPEG by its own
  signature, named ``.pdf``, ``.png``, ``.jpg`` or ``.jpeg``, not empty, at most
  ``PUBLICASSEMBLY_MAX_DOCUMENT_BYTES``): the applicant of the application or an official of its town (`permits.services.attach_document`). Stored outside every static
  root under a random name with its SHA-256;
- ``GET  /towns/{town}/applications/{id}/documents/{doc}`` — the file itself, as an attachment, to those who
  may see the application (`permits.services.read_document`).

A bad ``kind``, type or size, or a file that is not whole (an image Pillow cannot read, a PDF without its
``%%EOF``), is 422 naming the field (``kind`` or ``file``); an application closed, withdrawn, revoked or
denied takes no more documents (422 naming ``state``); another town's application or document is 404.
"""

from __future__ import annotations

from typing import Annotated, Any

from django.conf import settings
from django.http import HttpResponse
from ninja import Field, File, Form, Router, Status
from ninja.files import UploadedFile

from publicassembly.api.auth import token_auth
from publicassembly.api.inputs import RecordId
from publicassembly.api.resources import ERRORS, _no_nul, _town
from publicassembly.workflow.bounds import MAX_DOCUMENT_KIND
from publicassembly.workflow.errors import ValidationFailed

router = Router(tags=["documents"], auth=token_auth)

#: File names the upload accepts (as the web's upload form); the type itself is checked by the file's signature.
EXTENSIONS = (".pdf", ".png", ".jpg", ".jpeg")
#: A declared type that says nothing: the file's signature decides.
_UNDECLARED = ("", "application/octet-stream")

Kind = Annotated[str, Field(min_length=1, max_length=MAX_DOCUMENT_KIND,
                            description="what the document is, e.g. site map, insurance certificate")]


def _document(d: Any) -> dict[str, Any]:
    return {"id": d.pk, "application": d.application_id, "kind": d.kind, "file_name": d.original_name,
            "content_type": d.content_type, "size": d.size, "sha256": d.sha256,
            "uploaded_by": d.uploaded_by.get_username(), "uploaded_at": d.uploaded_at.isoformat(),
            "url": f"/api/v1/towns/{d.town.jurisdiction_alias}/applications/{d.application_id}/documents/{d.pk}"}


def _application(request: Any, town: str, pk: int) -> Any:
    from publicassembly.permits import services as sv

    return sv.get_application(request.user, _town(town), pk)


@router.get("/towns/{town}/applications/{id}/documents", response={200: list[dict[str, Any]], **ERRORS},
            operation_id="list_documents", summary="The documents attached to an application")
def list_documents(request: Any, town: str, pk: RecordId) -> Any:
    """Each document's id, kind, file name, type, size (bytes), SHA-256, who uploaded it and when, and the URL
    of its content; oldest first. For the applicant and the Town's officials (as the application page)."""
    app = _application(request, town, pk)
    return [_document(d) for d in app.documents.select_related("uploaded_by", "town").order_by("uploaded_at", "id")]


@router.post("/towns/{town}/applications/{id}/documents", response={201: dict[str, Any], **ERRORS},
             operation_id="upload_document", summary="Attach a document (PDF, PNG or JPEG) to an application")
def upload_document(request: Any, town: str, pk: RecordId, kind: Form[Kind], file: File[UploadedFile]) -> Any:
    """Multipart upload of ``file`` with its ``kind``, by the application's applicant or an official of its
    town (else 403). 422 naming ``file``: empty, larger than the limit, not a PDF/PNG/JPEG by its signature or
    by its name, or declared as another type than it is, or a second file; naming ``kind``: empty, longer than 60
    characters or holding a control character (the words of a case's text, `law.units.controls_refused`);
    naming any other form field sent (only ``kind`` and ``file`` are taken)."""
    from publicassembly.permits import services as sv

    _no_nul(kind, "kind")
    _only_kind_and_one_file(request)
    app = _application(request, town, pk)
    limit = int(getattr(settings, "PUBLICASSEMBLY_MAX_DOCUMENT_BYTES", sv.DEFAULT_MAX_DOCUMENT_BYTES))
    if file.size is not None and file.size > limit:
        raise ValidationFailed("file", f"the file is {file.size:,} bytes; the limit is {limit:,} bytes")
    name = "".join(c for c in (file.name or "") if c.isprintable())
    if not name.lower().endswith(EXTENSIONS):
        raise ValidationFailed("file", f"{sv.ONLY_PDF_PNG_JPEG[:-1]} (named {', '.join(EXTENSIONS)}); got "
                                       f"{name!r}")
    declared = (file.content_type or "").split(";")[0].strip().lower()
    try:
        doc = sv.attach_document(request.user, app, kind=kind, filename=name, content=file.read(),
                                 content_type=None if declared in _UNDECLARED else declared)
    except ValidationFailed as e:
        raise e.renamed({"content": "file", "content_type": "file"}) from None
    return Status(201, _document(doc))


def _only_kind_and_one_file(request: Any) -> None:
    """Refuse an upload's form field other than ``kind`` and ``file`` (a misspelt ``kind`` would otherwise be
    dropped unseen), a second file under ``file`` (only the first would be kept) and ``kind`` given twice (only
    the last would be kept): `ValidationFailed` naming each field refused."""
    extra = [name for name in (*request.POST, *request.FILES) if name not in ("kind", "file")]
    refused = [(name, "is not a field of a document upload; allowed: kind, file") for name in extra]
    if len(request.FILES.getlist("file")) > 1:
        refused.append(("file", "one file per upload; send each document on its own"))
    if len(request.POST.getlist("kind")) > 1:
        refused.append(("kind", f"is given {len(request.POST.getlist('kind'))} times; give it once"))
    if refused:
        raise ValidationFailed.of_all(refused)


@router.get("/towns/{town}/applications/{id}/documents/{doc}", response=ERRORS, operation_id="download_document",
            summary="The content of one attached document")
def download_document(request: Any, town: str, pk: RecordId, doc: int) -> HttpResponse:
    """The file as stored (its own type, as an attachment, never cached), for those who may see the
    application; another application's or town's document is 404."""
    from publicassembly.permits import services as sv
    from publicassembly.permits.models import Document

    app = _application(request, town, pk)
    document = Document.objects.get_in_town(app.town, pk=doc, application=app)
    data = sv.read_document(request.user, document)
    response = HttpResponse(data, content_type=document.content_type)
    safe = "".join(c for c in document.original_name if c.isalnum() or c in "._- ")[:100] or "document"
    response["Content-Disposition"] = f'attachment; filename="{safe}"'
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response
