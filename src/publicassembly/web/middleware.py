"""Middleware of the site: security headers (Content-Security-Policy, Permissions-Policy), the refusal of a body
sent in chunks (411), and the mapping of workflow and law errors raised in a view to a page with the right
status (never a 500 for a refusal)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from publicassembly.documents.unprintable import UnprintableText
from publicassembly.law.errors import LawError
from publicassembly.workflow.errors import WorkflowError


class SecurityHeadersMiddleware:
    """Adds the site's Content-Security-Policy (``settings.CONTENT_SECURITY_POLICY``) and a restrictive
    Permissions-Policy to every response that has none."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        response.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
        response.setdefault("Cross-Origin-Opener-Policy", "same-origin")
        return response


#: Methods Django's CSRF check lets through without a token (RFC 9110's safe methods).
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


class MethodNotAllowedMiddleware:
    """Before the CSRF check (listed before `CsrfViewMiddleware`): a request with a method that the page does not
    take (its view made with `web.views.errors.methods`, which names them in ``allowed_methods``) is answered
    405 with ``Allow`` and the page saying what it takes. Without it a PUT, DELETE or PATCH without a CSRF token
    was refused 403 "the form expired or came from another site", which is not what is wrong. A safe method
    (GET, HEAD) goes on to the view, so that a stranger is still sent to sign in first; a POST a page takes goes
    on to the CSRF check.

    First, a page that does not exist for the town of its address (a view carrying ``absent_in_town``: the
    permit pages of a town that runs no permits, `web.views.applications.no_permits_in`; the places-of-assembly
    pages of a town whose law has none, `web.views.venues.no_places_in`) is answered its 404 saying why, to
    anyone and whatever the method — not 405 for a method that page would not take, nor 403 for a form
    without a CSRF token (interpretation W-23)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Callable[..., HttpResponse], args: Any, kwargs: Any
                     ) -> HttpResponse | None:
        absent = getattr(view, "absent_in_town", None)
        if absent is not None and "town" in kwargs:
            # (a page that does not exist for the address's town is 404 whatever the method: W-23)
            try:
                absent(kwargs["town"])
            except WorkflowError as e:
                from publicassembly.web.views.errors import error_page, refusal

                return error_page(request, e.http_status, refusal(e))
        allowed = getattr(view, "allowed_methods", None)
        if allowed is None or request.method in allowed or request.method in _SAFE_METHODS:
            return None
        from publicassembly.web.views.errors import not_allowed

        return not_allowed(request, allowed)


def chunked_without_length(request: HttpRequest) -> bool:
    """True when the request's body comes in chunks (a ``Transfer-Encoding`` header) with no ``Content-Length``:
    Django reads a body by its Content-Length, so it would read such a body as empty."""
    return bool(request.META.get("HTTP_TRANSFER_ENCODING")) and not request.META.get("CONTENT_LENGTH")


#: The methods of the API's operations that read a body (every POST, PUT and PATCH, W-20): a GET or a DELETE
#: under /api/ reads none, so one sent with a body in chunks is answered as without it, not 411 (W-22).
API_BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


class LengthRequiredMiddleware:
    """A request whose body is sent in chunks without a ``Content-Length`` (`chunked_without_length`) is answered
    411 Length Required, before any view or form reads it: Django would read the body as empty and refuse it for
    a reason that is not so (an API check "is not valid JSON", a form's fields "required"). A page gets the
    error page in its language; the API its JSON error naming ``body`` (api/errors.py `ApiErrorsAsJson`). HTTP
    clients send a Content-Length for a body they hold (curl's ``--data``, browsers' forms); a chunked body is
    one streamed of unknown length. Under /api/ only a POST, PUT or PATCH is refused (`API_BODY_METHODS`): a GET or
    DELETE of the API reads no body, and its schema lists no 411 (interpretation W-22)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not chunked_without_length(request):
            return self.get_response(request)
        api = request.path.startswith("/api/")
        if api and request.method not in API_BODY_METHODS:
            return self.get_response(request)  # (an operation that reads no body: not refused, W-22)
        if api:
            return HttpResponse(status=411)  # ApiErrorsAsJson writes the API's error (it answers outside this)
        from django.utils.translation import gettext as _

        from publicassembly.web.views.errors import error_page

        return error_page(request, 411, _("The request's body was sent in chunks (Transfer-Encoding) without a "
                                          "Content-Length header, which this server does not read: send it "
                                          "again with its Content-Length."))


class WorkflowErrorMiddleware:
    """A `WorkflowError` (403, 404, 409, 422) or a law-core error escaping a page view becomes an error page
    saying what was refused, with its status; so does a document whose record holds text the documents cannot
    print (`UnprintableText`, 422, naming each field and its characters). The API handles its own errors
    (JSON)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> Any:
        if request.path.startswith("/api/"):
            return None
        from publicassembly.web.views.errors import error_page, refusal

        if isinstance(exception, WorkflowError):
            return error_page(request, exception.http_status, refusal(exception))
        if isinstance(exception, LawError):
            return error_page(request, 422, str(exception))
        if isinstance(exception, UnprintableText):
            from publicassembly.web.views.errors import unprintable

            return error_page(request, 422, unprintable(exception))
        return None
