"""The media type of a request body under /api/v1 (interpretation W-17): JSON, or ``multipart/form-data`` for an
operation that takes an upload; any other body is refused 415 before the operation runs. Only an operation that
reads a body checks it; the OpenAPI schema lists the 415 on exactly those (`document`, interpretation W-20), and
the 411 of a body sent in chunks and the 413 of one too large, which only those answer (W-22)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.http import parse_header_parameters

from publicassembly.api.errors import body, body_limit
from publicassembly.api.idempotency import takes_form

#: The sources of an operation's parameters that are read from the request body (ninja's ``Body``, ``Form`` and
#: ``File``): an operation with none of them reads no body.
BODY_SOURCES = frozenset({"body", "form", "file"})

#: The field a refusal names: the request header.
FIELD = "Content-Type"
#: The media type of an upload (a document of an application).
MULTIPART = "multipart/form-data"


def is_json(media_type: str) -> bool:
    """Whether `media_type` (lower case, without parameters) is JSON: ``application/json`` or a structured syntax
    suffix ``+json`` under ``application/`` (RFC 6839: ``application/merge-patch+json``,
    ``application/vnd.api+json``)."""
    kind, _, subtype = media_type.partition("/")
    return kind == "application" and (subtype == "json" or (subtype.endswith("+json") and len(subtype) > 5))


def _has_body(request: HttpRequest) -> bool:
    """Whether the request carries a body (a Content-Length above 0; a body sent in chunks without one is refused
    411 by `web.middleware.LengthRequiredMiddleware` before the API)."""
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0) > 0
    except ValueError:
        return False


def problem(header: str | None, *, form: bool) -> str | None:
    """What is wrong with a body of Content-Type `header` (None: not given) sent to an operation that takes JSON
    (`form` False) or a multipart upload (`form` True), or None when it is read.

    JSON: ``application/json`` or ``application/*+json``, with or without ``charset=utf-8`` (JSON is UTF-8, RFC
    8259 § 8.1: another charset is refused rather than misread). An upload: ``multipart/form-data`` (its
    boundary is the client's)."""
    allowed = (f"{MULTIPART} (the fields and the file of the upload)" if form
               else "application/json (or application/*+json), with or without charset=utf-8")
    if not header or not header.strip():
        return f"is not given for a request with a body; send it as {allowed}"
    media_type, params = parse_header_parameters(header)  # (Django's: lower case, parameters unquoted)
    if form:
        return None if media_type == MULTIPART else f"{media_type!r} is not read here; send {allowed}"
    if not is_json(media_type):
        if media_type in ("application/x-www-form-urlencoded", MULTIPART):
            return (f"{media_type!r} (a form) is not read here; send one JSON object with Content-Type: "
                    f"application/json (or application/*+json), with or without charset=utf-8")
        return f"{media_type!r} is not read here; send one JSON object with Content-Type: {allowed}"
    charset = params.get("charset")
    if charset is not None and charset.lower().replace("-", "") != "utf8":
        return (f"gives charset {charset!r}; JSON is read as UTF-8: send it in UTF-8, with charset=utf-8 or "
                "without a charset")
    return None


def reads_body(operation: Any) -> bool:
    """Whether the ninja `operation` reads its request body (a JSON body, or a form and its files): those are the
    operations whose OpenAPI entry has a ``requestBody`` (a parameter of ninja's, or one the operation documents
    itself in ``openapi_extra`` and reads from the request, as ``/check`` reads its case)."""
    if (getattr(operation, "openapi_extra", None) or {}).get("requestBody"):
        return True
    return any(getattr(m, "__ninja_param_source__", None) in BODY_SOURCES for m in operation.models)


def refuse_unsupported_media_type(run: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """ninja decorator (mode "view", the outermost, `NinjaAPI.add_decorator`): a request with a body whose
    Content-Type the operation does not read (`problem`) is answered 415 Unsupported Media Type naming the field
    ``Content-Type`` and what is allowed, before anything runs — its authentication, its ``Idempotency-Key``,
    its query parameters — so that a body of ``text/plain`` or ``application/xml`` that happens to hold JSON is
    not stored as if it had been sent as JSON. A request without a body is not asked for a Content-Type, nor is
    an operation that reads no body (a GET, a DELETE: one sent with it is not read, W-20), whose schema lists no
    415."""
    operation = inspect.unwrap(run).__self__  # type: ignore[attr-defined]  # the operation's bound `run`
    if not reads_body(operation):
        return run
    form = takes_form(operation)

    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if _has_body(request):
            wrong = problem(request.META.get("CONTENT_TYPE"), form=form)
            if wrong is not None:
                return operation.api.create_response(  # type: ignore[no-any-return]
                    request, body(f"{FIELD}: {wrong}", FIELD, [{"field": FIELD, "msg": wrong}]), status=415)
        return run(request, *args, **kwargs)

    checked.__wrapped__ = run  # type: ignore[attr-defined]
    return checked


#: The 415 as the OpenAPI schema documents it on every operation that reads a body.
_UNSUPPORTED = ("Unsupported Media Type: the body was sent with a Content-Type this operation does not read "
                "(it reads {allowed}), or with none; the error names the field `Content-Type` and what is allowed, "
                "and nothing ran (interpretation W-17).")
#: The 411 as the schema documents it on every operation that reads a body (`web.middleware.LengthRequiredMiddleware`,
#: interpretation W-22).
_LENGTH_REQUIRED = ("Length Required: the body was sent in chunks (`Transfer-Encoding`) without a `Content-Length` "
                    "header, which this server does not read (it would be read as empty); the error names the field "
                    "`body`, and nothing ran: send it again with its Content-Length (interpretation W-22).")


def _too_large_json() -> str:
    """The 413 of an operation that reads a JSON body, with the limit in force (``DATA_UPLOAD_MAX_MEMORY_SIZE``)."""
    limit, mib = body_limit()
    return (f"Content Too Large: the body is larger than the limit of {limit:,} bytes ({mib} MiB, "
            "`DATA_UPLOAD_MAX_MEMORY_SIZE`); the error names the field `body` and the limit, and nothing was "
            "stored (interpretation W-22).")


def _too_large_upload() -> str:
    """The 413 of the upload (a multipart body): its form fields other than the file are held to
    ``DATA_UPLOAD_MAX_MEMORY_SIZE``; the file is not, its own limit (``PUBLICASSEMBLY_MAX_DOCUMENT_BYTES``) is
    refused 422 naming ``file`` (`api.attachments.upload_document`)."""
    from django.conf import settings

    from publicassembly.permits.services import DEFAULT_MAX_DOCUMENT_BYTES

    limit, mib = body_limit()
    document = int(getattr(settings, "PUBLICASSEMBLY_MAX_DOCUMENT_BYTES", DEFAULT_MAX_DOCUMENT_BYTES))
    return (f"Content Too Large: the form fields of the upload other than its file (`kind`) are larger than the "
            f"limit of {limit:,} bytes ({mib} MiB, `DATA_UPLOAD_MAX_MEMORY_SIZE`); the error names the field `body` "
            f"and the limit, and nothing was stored. The file is not counted in it: a file larger than "
            f"{document:,} bytes (`PUBLICASSEMBLY_MAX_DOCUMENT_BYTES`) is 422 naming `file` (interpretation W-22).")


#: The error shape of every refusal (`api.law.ErrorOut`), as the schema's components name it.
ERROR_SCHEMA = "ErrorOut"


def document(schema: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI `schema` with the 411 Length Required, 413 Content Too Large and 415 Unsupported Media Type
    answers, in the API's error shape (``ErrorOut``, as its 422), among the responses of every operation that
    has a ``requestBody`` — those that `refuse_unsupported_media_type` checks, and that a body sent in chunks or
    too large reaches (changed in place; returned); the 413 says the limit of a JSON body, or of the upload's
    fields and of its file. An operation without a body (a GET, a DELETE) gets none of them: it does not read
    one (interpretations W-20, W-22)."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    if ERROR_SCHEMA not in components:
        from publicassembly.api.law import ErrorOut

        components[ERROR_SCHEMA] = ErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")
    for operations in schema.get("paths", {}).values():
        for op in operations.values():
            if not isinstance(op, dict) or not op.get("requestBody"):
                continue
            types = op["requestBody"].get("content", {})
            allowed = (MULTIPART if MULTIPART in types
                       else "application/json (or application/*+json), with or without charset=utf-8")
            responses = op.setdefault("responses", {})
            upload = MULTIPART in types
            for status, description in ((411, _LENGTH_REQUIRED),
                                        (413, _too_large_upload() if upload else _too_large_json()),
                                        (415, _UNSUPPORTED.format(allowed=allowed))):
                if status in responses or str(status) in responses:
                    continue
                responses[status] = {"description": description, "content": {
                    "application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR_SCHEMA}"}}}}
    return schema
