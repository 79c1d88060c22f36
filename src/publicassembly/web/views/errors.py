"""Error pages: a refusal says what was refused and why, with its HTTP status."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.csrf import csrf_exempt

from publicassembly.web import present

#: The title of an error page by its status (translated when shown: `error_page`; marked for the catalog).
TITLES = {400: gettext_noop("Bad request"), 403: gettext_noop("Not allowed"), 404: gettext_noop("Not found"),
          405: gettext_noop("Method not allowed"), 409: gettext_noop("Conflict"),
          411: gettext_noop("Length required"),
          413: gettext_noop("Too much sent at once"), 422: gettext_noop("Check what was entered"),
          429: gettext_noop("Too many attempts"), 500: gettext_noop("Server error")}
#: What the services say they did not find (`NotFound.what`, the workflow layer's English), for the catalog: a
#: page says it in its language (`refusal`). A model's name is already its ``verbose_name`` in the language.
NOT_FOUND_WHAT = (gettext_noop("certificate"), gettext_noop("document"), gettext_noop("permit application"),
                  gettext_noop("public hearing"), gettext_noop("room or area"), gettext_noop("room"),
                  gettext_noop("summons"), gettext_noop("town"), gettext_noop("complaint"),
                  gettext_noop("deficiency"), gettext_noop("offender"), gettext_noop("place of assembly"))
#: The methods a page that is only read answers (`read_only`).
READ_METHODS = ("GET", "HEAD")


def methods(*allowed: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A view answering only the HTTP methods `allowed` (e.g. ``"GET", "HEAD", "POST"`` for a page with a form,
    ``"POST"`` for a step a form sends): any other is **405** with ``Allow`` and the site's error page saying
    what the page takes, in the page's language (a PUT or DELETE was answered as a GET, with the page; Django's
    `require_POST` answered a GET with an empty 405). The view carries ``allowed_methods``, so that a method
    it does not take is answered 405 before the CSRF check too (`web.middleware.MethodNotAllowedMiddleware`)."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method not in allowed:
                return not_allowed(request, allowed)
            return view(request, *args, **kwargs)

        checked.allowed_methods = allowed  # type: ignore[attr-defined]  # (web.middleware.MethodNotAllowedMiddleware)
        return checked

    return decorate


def not_allowed(request: HttpRequest, allowed: tuple[str, ...]) -> HttpResponse:
    """405 with ``Allow`` and the site's error page saying what the page takes (`methods`)."""
    method = str(request.method)[:20]
    if allowed == READ_METHODS:
        said = (_("This page is only read, with GET (a link or its address): it takes nothing sent with "
                  "%(method)s.") % {"method": method})
    elif allowed == ("POST",):
        said = (_("This address takes a form sent with POST (a button of its page), not %(method)s.")
                % {"method": method})
    else:
        said = (_("This page takes %(allowed)s, not %(method)s.")
                % {"allowed": ", ".join(allowed), "method": method})
    response = error_page(request, 405, said)
    response["Allow"] = ", ".join(allowed)
    return response


def read_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page that is only read (a public page, a public PDF or calendar: it changes nothing): any method but
    GET and HEAD is **405** with ``Allow: GET, HEAD`` and the site's error page saying so, in the page's
    language (`methods`). The page is exempt from the CSRF check — it never reads a form nor changes anything,
    and the check ran before it, so a POST (with or without a token) was refused 403 "the form expired or came
    from another site", which is not what is wrong."""
    return csrf_exempt(methods(*READ_METHODS)(view))


#: The methods of a page showing a form that it also receives (`methods`).
def absent_before_login(absent: Callable[[str], None]
                        ) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A decorator, outermost on a page of a town (its address's ``town``), that asks `absent(town)` — which
    raises the 404 of a page that does not exist for that town (`applications.no_permits_in`,
    `venues.no_places_in`) — before the sign-in and any role, and carries it as ``absent_in_town`` so that
    `web.middleware.MethodNotAllowedMiddleware` asks it before it judges the method and before the CSRF check
    (interpretations W-21, W-23)."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def checked(request: HttpRequest, town: str, *args: Any, **kwargs: Any) -> HttpResponse:
            absent(town)
            return view(request, town, *args, **kwargs)

        checked.absent_in_town = absent  # type: ignore[attr-defined]
        return checked

    return decorator


FORM_METHODS = ("GET", "HEAD", "POST")


def posted_version(request: HttpRequest, prefix: str = "") -> int:
    """The ``expected_version`` posted with a form changing a record the page showed (the record's version when
    the page was shown; ``<prefix>-expected_version`` for a form with a prefix), which every such form of the
    site sends and every such change is checked against (a change made since is refused, 409: `conflict`).
    Raises `ValidationFailed` (field ``expected_version``, HTTP 422) when it is missing — a page kept from before
    the form sent it, a request made by hand: the change is not made on whatever version is there now — or not a
    whole number of 1 or more, or given twice, rather than ignoring it and overwriting a newer version."""
    from publicassembly.workflow.errors import ValidationFailed

    sent = request.POST.getlist(f"{prefix}-expected_version" if prefix else "expected_version")
    if len(sent) > 1:  # (Django would take the last: one version, not the last of two)
        from publicassembly.web.forms.widgets import given_twice

        raise ValidationFailed("expected_version", given_twice(sent))
    raw = (sent[0] if sent else "").strip()
    if not raw:
        raise ValidationFailed("expected_version", _(
            "the form was sent without the version of the record it was opened on, so nothing was saved: check "
            "the record as it is now and send the form again"))
    if not raw.isascii() or not raw.isdigit() or int(raw) < 1:
        raise ValidationFailed("expected_version", _("must be the record's version, a whole number of 1 or more "
                                                     "(reload the page and send the form again); got %(value)s")
                               % {"value": repr(raw[:40])})
    return int(raw)


def is_conflict(e: Any) -> bool:
    """Whether a service's refusal is a conflict — the record changed since the form was opened
    (`StaleUpdate`), the action is not one of its state (`InvalidTransition`) or the law does not allow it yet
    (`workflow.blocked.Blocked`) — answered 409 by the web as by the API (`conflict`), not 422 (bad input)."""
    from publicassembly.workflow.errors import ValidationFailed

    return getattr(e, "http_status", None) == 409 and not isinstance(e, ValidationFailed)


def conflict(e: Any, *, state: Any = None, offered: bool = True, shown: bool = True, timeline: bool = False
             ) -> list[str]:
    """What a form refused as a conflict (`is_conflict`, HTTP 409) says at its top, in the page's language, one
    sentence a line; the page is shown again with the record as it is now and the form as it was sent.

    - `StaleUpdate`: nothing was saved, as the record was changed (or deleted) after the page was opened, from
      which version to which (the refusal carries no more: who changed what is in the record's history, which
      the page shows below when `timeline`); the record's `state` now, when given; and that what was entered is
      kept in the form to be checked and sent again — or, not `offered`, that the action is no longer offered
      for the record as it is now. The page shows the record as it is now (`shown`) or, a form of its own (the
      petition), sends the reader to the record's page.
    - `workflow.blocked.Blocked`: nothing was saved, as the law does not allow the action yet, and each
      blocker with its citation.
    - anything else (`InvalidTransition`): its refusal, and that nothing was saved."""
    from publicassembly.workflow.blocked import Blocked
    from publicassembly.workflow.errors import StaleUpdate

    if isinstance(e, Blocked):
        return [_("Nothing was saved: the law does not allow you to %(action)s yet, because:")
                % {"action": _(e.action)},
                *[b.cited() for b in e.blockers]]
    if not isinstance(e, StaleUpdate):
        return [refusal(e), _("Nothing was saved.")]
    record = _(e.record) if isinstance(e.record, str) else str(e.record)
    if e.never_was:
        lines = [_("Nothing was saved: version %(expected)s is not a version of this %(record)s; it is at version "
                   "%(now)s.") % {"record": record, "expected": e.expected_version, "now": e.current_version}]
    elif e.current_version is None:
        return [_("Nothing was saved: this %(record)s was deleted after you opened this page.") % {"record": record}]
    else:
        lines = [_("Nothing was saved: this %(record)s has been changed since you opened this page, by someone "
                   "else or by a form you sent from it before (you saw version %(expected)s; it is now at version "
                   "%(now)s).") % {
            "record": record, "expected": e.expected_version, "now": e.current_version}]
        if timeline:
            lines.append(_("Who changed what, and when, is in its timeline below."))
    if state is not None:
        lines.append(_("Its state is now: %(state)s.") % {"state": state})
    if shown:
        lines.append(_("The page now shows it as it is; what you entered is kept in the form: check it and send it "
                       "again.") if offered else
                     _("The page now shows it as it is, and this action is no longer offered for it."))
    else:
        lines.append(_("What you entered is kept in the form: check the %(record)s as it is now on its own page, "
                       "then send the form again.") % {"record": record} if offered else
                     _("It can no longer be changed with this form: see it as it is now on its own page."))
    return lines


def refusal(e: Any) -> str:
    """A service's refusal (a `WorkflowError`) as a page shows it above a form or on an error page, in the
    page's language: the services write their own sentences in the active language (Django's gettext); the
    law core's words they pass on (a law `Message`, e.g. an input error of the facts) are translated here. A
    `ValidationFailed` names its field: ``"<field>: <what is wrong>"``."""
    from publicassembly.workflow.errors import NotFound, StaleUpdate, ValidationFailed

    if isinstance(e, ValidationFailed):
        return f"{e.field}: {refusal_detail(e)}"
    if isinstance(e, NotFound) and e.worded:  # a service's own sentence, in the page's language
        return str(e.message)
    if isinstance(e, NotFound):  # written by the workflow layer, which has no catalog: worded here
        return _("Not found: %(what)s %(key)s.") % {"what": _(str(e.what)), "key": repr(e.key)}
    if isinstance(e, StaleUpdate) and e.never_was:  # worded here too, in the page's language
        return _("version %(expected)s is not a version of this %(record)s; it is at version %(now)s: reload it "
                 "and try again") % {
            "record": _(e.record) if isinstance(e.record, str) else str(e.record), "expected": e.expected_version,
            "now": e.current_version}
    if isinstance(e, StaleUpdate):  # written by the workflow layer, which has no catalog: worded here
        return _("this %(record)s has changed since you opened it (version %(expected)s, now "
                 "%(now)s); reload and try again") % {
            "record": _(e.record) if isinstance(e.record, str) else str(e.record), "expected": e.expected_version,
            "now": _("deleted") if e.current_version is None else e.current_version}
    return str(present.tr(e.message))


def unprintable(e: Any) -> str:
    """A document refused because its record holds text the documents cannot print (an `UnprintableText`), in
    the page's language: which document text (field) holds which characters, and why (interpretation G-6)."""
    from publicassembly.workflow.printable import why

    lines = [f"{problem.field}: {why(problem)}." for problem in e.problems]
    return " ".join([_("This document cannot be printed as its record is written:"), *lines])


def refusal_detail(e: Any) -> str:
    """What a `ValidationFailed` says of its field, shown beside the field, in the page's language."""
    return str(present.tr(e.detail))


def error_page(request: HttpRequest, status: int, message: str) -> HttpResponse:
    title = _(TITLES.get(status, "Error"))
    return render(request, "web/error.html", {"title": title, "status": status, "message": message},
                  status=status)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return error_page(request, 403, _("The form expired or came from another site. Go back, reload the page "
                                      "and send it again."))


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Django's 400 (a request it refused before or while a view read it); a body larger than the limit is 413
    saying the limit (`too_big`), a form of more fields than the limit is 400 saying that limit, not "could not
    be understood"."""
    from django.conf import settings
    from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
    from django.utils.formats import number_format

    if isinstance(exception, RequestDataTooBig):
        return error_page(request, 413, too_big())
    if isinstance(exception, TooManyFieldsSent):
        return error_page(request, 400, _("The form sent more than %(limit)s fields, the most a form may send; "
                                          "send fewer.") % {
            "limit": number_format(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS, force_grouping=True)})
    return error_page(request, 400, _("The request could not be understood."))


def too_big() -> str:
    """A form posted with more than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes (files not counted), in the API's
    words (`publicassembly.api.errors.too_big_message`) and the page's language, with where documents go."""
    from django.utils.formats import number_format

    from publicassembly.api.errors import body_limit

    limit, mib = body_limit()
    return _("What was sent is larger than the limit of %(limit)s bytes (%(mib)s MiB); send a smaller form. "
             "Documents (site maps, plans, certificates) are not typed into a form: upload them as PDF, PNG or JPEG "
             "files on the application's documents form.") % {
        "limit": number_format(limit, force_grouping=True), "mib": mib}


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_page(request, 403, str(exception) if exception and str(exception) else _("You may not see this page."))


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_page(request, 404, _("There is no such page."))


def server_error(request: HttpRequest) -> HttpResponse:
    return HttpResponse("<!doctype html><title>Server error</title><h1>Server error</h1>"
                        "<p>Something went wrong on our side; it has been logged.</p>", status=500)
