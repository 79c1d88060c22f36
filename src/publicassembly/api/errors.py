"""Errors as JSON: every refusal is ``{"detail": sentence, "field": name or null, "errors": [...]}`` with the
status of its kind (workflow errors' own ``http_status``; bad input 422 naming the field; a body over
``DATA_UPLOAD_MAX_MEMORY_SIZE`` 413 naming ``body``). `ApiErrorsAsJson` gives the same shape to the errors
Django answers itself under /api/ (an unknown path 404, a method not allowed 405, 400, 403, 500), which would
otherwise be the site's HTML pages."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError
from ninja.errors import ValidationError as NinjaValidationError

from publicassembly.api.parser import loads_unique
from publicassembly.documents.unprintable import UnprintableText
from publicassembly.law.cases import RepeatedKey, first_of, not_a_day, too_long
from publicassembly.law.errors import InvalidCase, LawError, ParameterNotInForce, RuleConflict
from publicassembly.workflow.errors import ValidationFailed, WorkflowError

#: The most errors one answer lists (a body with thousands of bad fields would otherwise get an answer many
#: times its own size); a last entry says how many more there were.
MAX_ERRORS = 100


def body(detail: str, field: str | None = None, errors: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The JSON of a refusal: ``detail`` (the first error as a sentence), ``field`` (its name, or None) and
    ``errors`` (every error as ``{field, msg}``, at most `MAX_ERRORS` of them, then one ``{"field": null, "msg":
    "… and N more errors"}``)."""
    if errors is None:
        errors = [{"field": field, "msg": detail}] if field else []
    if len(errors) > MAX_ERRORS:
        more = len(errors) - MAX_ERRORS
        errors = [*errors[:MAX_ERRORS], {"field": None, "msg": f"and {more:,} more error{'s' if more > 1 else ''} "
                                                            "not listed: correct these and send it again"}]
    return {"detail": detail, "field": field, "errors": errors}


#: What a body or field that must be a JSON object and is not is told.
NOT_AN_OBJECT = "must be a JSON object (field names and their values)"

#: Pydantic's wording of the commonest schema errors (by error type), in the project's words: what is allowed.
_SCHEMA_WORDS = {
    "missing": "is required",
    "dict_type": NOT_AN_OBJECT,
    "model_type": NOT_AN_OBJECT,
    "model_attributes_type": NOT_AN_OBJECT,  # (a body of an endpoint's schema given an array, a number, null)
    "list_type": "must be a JSON array",
    "string_type": "must be text (a JSON string)",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_parsing_size": "is too large a number",
    "int_from_float": "must be a whole number",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "extra_forbidden": "is not a field here (see /api/docs for the fields)",
    "date_type": "must be a date, YYYY-MM-DD",
    "date_parsing": "must be a date, YYYY-MM-DD",
    "date_from_datetime_parsing": "must be a date, YYYY-MM-DD",
    "datetime_type": "must be a moment: ISO 8601 with its UTC offset, e.g. 2026-07-04T21:30:00-04:00",
    "datetime_parsing": "must be a moment: ISO 8601 with its UTC offset, e.g. 2026-07-04T21:30:00-04:00",
    "datetime_from_date_parsing": "must be a moment: ISO 8601 with its UTC offset, e.g. 2026-07-04T21:30:00-04:00",
    "timezone_aware": "must give its UTC offset, e.g. 2026-07-04T21:30:00-04:00",
    "decimal_type": "must be a decimal number",
    "decimal_parsing": "must be a decimal number",
    "finite_number": "must be a finite number (not NaN or infinity)",
    "time_type": "must be a time of day, HH:MM from 00:00 to 23:59",
    "time_parsing": "must be a time of day, HH:MM from 00:00 to 23:59",
}

#: The same for errors that carry their bound (pydantic's ``ctx``): a template of it.
_BOUND_WORDS = {
    "greater_than_equal": "must be at least {ge}",
    "greater_than": "must be more than {gt}",
    "less_than_equal": "must be at most {le}",
    "less_than": "must be less than {lt}",
    "string_too_short": "is too short: at least {min_length} characters",
    "decimal_max_places": "must have at most {decimal_places} decimal places",
    "decimal_max_digits": "must have at most {max_digits} digits",
    "too_long": "must hold at most {max_length} items",
    "literal_error": "must be one of: {expected}",
    "enum": "must be one of: {expected}",
}


#: Pydantic's errors of a date, and of a date and time (a moment), that a well-formed value of no day of the
#: calendar gets ("2026-02-30", "2026-02-30T19:30:00-05:00"); ninja drops the value from its errors, so it is
#: read again from the request (`_given_at`).
_DATE_KINDS = frozenset({"date_type", "date_parsing", "date_from_datetime_parsing"})
_MOMENT_KINDS = frozenset({"datetime_type", "datetime_parsing", "datetime_from_date_parsing"})
#: The date of a moment written ISO 8601 (its time of day after ``T`` or a space).
_MOMENTS_DATE = re.compile(r"\s*(\d{4}-\d{2}-\d{2})[T ]")


def _given_at(request: HttpRequest, loc: list[Any]) -> object:
    """The value the request gave at `loc` (an error's location: a field of the JSON body, or a query
    parameter), which ninja does not keep in its errors; None when it cannot be found (or was not given)."""
    if loc[:1] == ["query"] and loc[1:]:
        return request.GET.get(str(loc[-1]))
    if loc[:1] != ["body"]:
        return None
    if not hasattr(request, "_pa_json_body"):
        try:
            request._pa_json_body = loads_unique(request.body)  # type: ignore[attr-defined]
        except (ValueError, RecursionError):  # (a body not JSON is refused before any field of it is read)
            request._pa_json_body = None  # type: ignore[attr-defined]
    node: Any = request._pa_json_body  # type: ignore[attr-defined]
    for part in loc[2:] if len(loc) > 2 and loc[1] in _PARAMS else loc[1:]:
        if isinstance(node, dict) and isinstance(part, str):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            return None
    return node


def _no_day(kind: str, given: object) -> str | None:
    """Why the value `given` to a date (or moment) field is no day of the calendar, as the CLI, case files and
    web forms say it (`law.cases.not_a_day`: "'2026-02-30' is not a day of the calendar: 2026-02 has 28 days"),
    for every date field of every body and query at once; None when it is not written YYYY-MM-DD (then it is
    told how to write one) or is a day."""
    if kind in _DATE_KINDS:
        problem = not_a_day(given)
    elif kind in _MOMENT_KINDS and isinstance(given, str) and (m := _MOMENTS_DATE.match(given)):
        problem = not_a_day(m.group(1))
    else:
        return None
    return None if problem is None else str(problem)


def _schema_message(error: Mapping[str, Any]) -> str:
    kind = str(error.get("type", ""))
    if kind in _SCHEMA_WORDS:
        return _SCHEMA_WORDS[kind]
    ctx = error.get("ctx") or {}
    if kind in ("string_too_short", "string_too_long") and ctx.get("min_length", ctx.get("max_length")) == 1:
        return "must not be empty" if kind == "string_too_short" else "is too long: at most 1 character"
    if kind == "string_too_long" and isinstance(ctx.get("max_length"), int):
        # (the bound and the length given, grouped, in the words of the pages and the case files: `too_long`)
        given = error.get("input")
        return str(too_long(ctx["max_length"], len(given) if isinstance(given, str) else None))
    if kind in _BOUND_WORDS:
        try:
            return _BOUND_WORDS[kind].format(**ctx)
        except (KeyError, IndexError, ValueError):
            pass
    message = str(error.get("msg", "is not valid"))
    if kind == "value_error":  # a validator's own sentence, which pydantic prefixes with "Value error, "
        message = message.removeprefix("Value error, ")
        field = _loc_field(list(error.get("loc", [])))
        message = message.removeprefix(f"{field}: ")  # the field is named once, beside the message
    return message


#: Names of the views' body and query schema parameters (never shown as part of a field's name).
_PARAMS = ("data", "q")


def _loc_field(loc: list[Any]) -> str:
    if len(loc) == 2 and loc[0] == "body" and loc[1] in _PARAMS:
        return "body"  # the body as a whole (missing, or not an object): not a field of it
    if len(loc) > 2 and loc[0] in ("body", "query") and loc[1] in _PARAMS:
        loc = loc[2:]  # the view's parameter name ("data", "q") is not a field of the request
    if len(loc) > 1 and loc[0] in ("file", "cookie"):
        loc = loc[1:]  # a multipart file part ("file", name) or a cookie: its own name is the field
    parts = [p for p in loc if p not in ("body", "query", "path", "payload", "form", "header")]
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else ("." if out else "") + str(p)
    return out or "(request)"


_OPENAPI: dict[int, dict[str, Any]] = {}


def _object_at(api: NinjaAPI, request: HttpRequest, loc: list[Any]) -> tuple[dict[str, Any], Any]:
    """The API's OpenAPI document (made once per process, on the first error that needs it) and the schema of
    the JSON object in which `loc` (a field's location in the request body) lies, resolved; None when the
    operation or the object cannot be found there."""
    match = getattr(request, "resolver_match", None)
    if match is None or not loc or loc[0] != "body":
        return {}, None
    if id(api) not in _OPENAPI:
        _OPENAPI[id(api)] = api.get_openapi_schema()
    document = _OPENAPI[id(api)]
    route = "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", match.route)
    operation = document.get("paths", {}).get(route, {}).get(str(request.method).lower(), {})
    node = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    parts = loc[2:-1] if len(loc) > 2 and loc[1] in _PARAMS else loc[1:-1]
    for part in parts:
        node = _resolved(document, node)
        if not isinstance(node, dict):
            return document, None
        if isinstance(part, int):
            node = node.get("items")
        else:  # a field of an object, else a value of a mapping keyed by names (e.g. signs by room)
            node = node.get("properties", {}).get(part, node.get("additionalProperties"))
    return document, _resolved(document, node)


def _resolved(document: dict[str, Any], n: Any) -> Any:
    """Schema `n` with its references followed and a union with null (an optional field) taken as its kind."""
    while isinstance(n, dict):
        if "$ref" in n:
            n = document["components"]["schemas"].get(n["$ref"].rsplit("/", 1)[-1])
        elif "anyOf" in n or "allOf" in n:
            members = [m for m in n.get("anyOf", n.get("allOf", [])) if m.get("type") != "null"]
            n = members[0] if len(members) == 1 else None
        else:
            return n
    return n


def _fields_allowed(api: NinjaAPI, request: HttpRequest, loc: list[Any]) -> list[str]:
    """The fields of the JSON object in which `loc` (an unknown field's location in the request body) lies, read
    from the API's own OpenAPI document; empty when the operation or the object cannot be found there."""
    _document, node = _object_at(api, request, loc)
    return list(node.get("properties", {})) if isinstance(node, dict) else []


def _values_allowed(api: NinjaAPI, request: HttpRequest, loc: list[Any]) -> list[str]:
    """The values the field at `loc` (a missing field's location in the request body) may take when they are a
    list (a ``Literal``: a space's ``kind``, ``room`` or ``open_air``; or the items of an array of them, a
    revocation's ``grounds``), read from the API's OpenAPI document; empty for any other field."""
    document, node = _object_at(api, request, loc)
    if not isinstance(node, dict) or not loc:
        return []
    field = _resolved(document, node.get("properties", {}).get(loc[-1]))
    if isinstance(field, dict) and field.get("type") == "array":
        field = _resolved(document, field.get("items"))
    values = field.get("enum", [field["const"]] if "const" in field else None) if isinstance(field, dict) else None
    return [str(v) for v in values] if isinstance(values, list) else []


def _body_sent(request: HttpRequest) -> bool:
    """Whether a body (not only blanks) was sent with a request whose operation reads none (a DELETE): one
    larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is a body sent, not refused 413 — the operation reads no body,
    and its schema lists no 413 (interpretation W-22)."""
    try:
        return bool(request.body.strip())
    except RequestDataTooBig:
        return True


def install(api: NinjaAPI) -> None:
    """Register the error handlers on `api`."""

    @api.exception_handler(NinjaValidationError)
    def _validation(request: HttpRequest, exc: NinjaValidationError) -> HttpResponse:
        refused = list(exc.errors)
        # (ninja keeps no value in its errors: a text too long is read again from the request, so that its
        # length is told, as the pages and the case files tell it: "at most 5,000 characters (got 5,001)")
        refused = [{**e, "input": _given_at(request, list(e.get("loc", [])))}
                   if e.get("type") == "string_too_long" and "input" not in e else e for e in refused]
        # a body's refusals kept for its operation (`api.inputs.RefusalsKept`), which did not run because a
        # parameter of the path was refused: told with it, as every refusal is (W-32)
        told = {tuple(e.get("loc", ())) for e in refused}
        refused += [e for e in getattr(request, "pa_refusals_kept", []) if tuple(e["loc"]) not in told]
        errors = [{"field": _loc_field(list(e.get("loc", []))), "msg": _schema_message(e)} for e in refused]
        for e, out in zip(refused, errors, strict=True):
            kind = str(e.get("type", ""))
            if kind in _DATE_KINDS | _MOMENT_KINDS:  # written YYYY-MM-DD, but no day of the calendar: told so
                out["msg"] = _no_day(kind, _given_at(request, list(e.get("loc", [])))) or out["msg"]
            elif e.get("type") == "extra_forbidden":
                allowed = _fields_allowed(api, request, list(e.get("loc", [])))
                if allowed:
                    out["msg"] = f"is not a field here; allowed: {', '.join(allowed)}"
            elif list(e.get("loc", []))[:1] == ["query"] and request.method == "DELETE" and _body_sent(request):
                # (a DELETE's parameters are its query string's: a body sent with it, e.g. {"reason": ...}, is
                # not read, and "is required" alone sent the client looking in the body it had given)
                out["msg"] += (f"; give it in the query string (?{out['field']}=...): the body of a DELETE is "
                               "not read")
            elif list(e.get("loc", []))[:1] == ["query"] and kind == "missing":
                # (a required query parameter, e.g. DELETE …/spaces/{space}'s reason: "is required" alone does not
                # say where it goes)
                out["msg"] += f"; give it in the query string (?{out['field']}=...): it is a query parameter"
            elif e.get("type") == "missing":  # (a field of a body whose values are a list: told them)
                values = _values_allowed(api, request, list(e.get("loc", [])))
                if values:
                    out["msg"] += f"; allowed: {', '.join(values)}"
        field, message = first_of([(e["field"], e["msg"]) for e in errors] or [("(request)", "is not valid")])
        return api.create_response(request, body(f"{field}: {message}", field, errors), status=422)

    @api.exception_handler(ValidationFailed)
    def _failed(request: HttpRequest, exc: ValidationFailed) -> HttpResponse:
        errors = [{"field": field, "msg": str(msg)} for field, msg in exc.errors]
        return api.create_response(request, body(exc.message, exc.field, errors), status=422)

    from publicassembly.workflow.blocked import Blocked

    @api.exception_handler(Blocked)
    def _blocked(request: HttpRequest, exc: Blocked) -> HttpResponse:
        blockers = [{"rule": b.rule, "citation": b.citation, "reason": b.reason, "missing": list(b.missing)}
                    for b in exc.blockers]
        out = body(exc.message, None, [{"field": None, "msg": cited.cited(), **b}
                                       for cited, b in zip(exc.blockers, blockers, strict=True)])
        return api.create_response(request, {**out, "blockers": blockers}, status=409)

    @api.exception_handler(WorkflowError)
    def _workflow(request: HttpRequest, exc: WorkflowError) -> HttpResponse:
        status = exc.http_status if 400 <= exc.http_status < 500 else 409
        return api.create_response(request, body(exc.message), status=status)

    @api.exception_handler(UnprintableText)
    def _unprintable(request: HttpRequest, exc: UnprintableText) -> HttpResponse:
        errors = [{"field": p.field, "msg": p.message().removeprefix(f"{p.field}: ")} for p in exc.problems]
        return api.create_response(request, body(f"the document cannot be printed as its record is written: "
                                                 f"{exc.problems[0].message()}", exc.field, errors), status=422)

    @api.exception_handler(InvalidCase)
    def _invalid(request: HttpRequest, exc: InvalidCase) -> HttpResponse:
        return api.create_response(request, body(str(exc), exc.field, [{"field": f, "msg": m} for f, m in exc.errors]),
                                   status=422)

    @api.exception_handler(ParameterNotInForce)
    def _not_in_force(request: HttpRequest, exc: ParameterNotInForce) -> HttpResponse:
        return api.create_response(request, body(f"no law in force on {exc.as_of}: {exc}", "as_of"), status=422)

    @api.exception_handler(RuleConflict)
    def _conflict(request: HttpRequest, exc: RuleConflict) -> HttpResponse:
        return api.create_response(request, body(f"the law core cannot decide this case: {exc}"), status=409)

    @api.exception_handler(LawError)
    def _law(request: HttpRequest, exc: LawError) -> HttpResponse:
        return api.create_response(request, body(str(exc)), status=422)

    @api.exception_handler(RequestDataTooBig)
    def _too_big(request: HttpRequest, exc: RequestDataTooBig) -> HttpResponse:
        too_big = too_big_message()
        return api.create_response(request, body(f"body: {too_big}", "body", [{"field": "body", "msg": too_big}]),
                                   status=413)

    @api.exception_handler(AuthenticationError)
    def _auth(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
        response = api.create_response(
            request, body("give a valid API token: Authorization: Bearer <token> (create one at /account/tokens/)"),
            status=401)
        response["WWW-Authenticate"] = "Bearer"
        return response

    @api.exception_handler(HttpError)
    def _http(request: HttpRequest, exc: HttpError) -> HttpResponse:
        if exc.status_code == 400 and str(exc).startswith("Cannot parse request body"):
            # a body that cannot be read: bad input like any other, named and answered 422
            cause = exc.__cause__
            if isinstance(cause, RepeatedKey):
                problem = f"key {cause.key!r} is given twice; give each field once"
            elif isinstance(cause, RecursionError):
                problem = "is nested too deeply"
            elif isinstance(cause, UnicodeDecodeError):
                problem = "is not UTF-8 text; send JSON encoded in UTF-8"
            elif isinstance(cause, ValueError) and "integer string conversion" in str(cause):
                problem = f"holds a number of more than {sys.get_int_max_str_digits():,} digits, larger than any fact"
            else:
                problem = "is not valid JSON; send one JSON object with Content-Type: application/json"
            return api.create_response(request, body(f"body: {problem}", "body", [{"field": "body", "msg": problem}]),
                                       status=422)
        return api.create_response(request, body(str(exc)), status=exc.status_code)


def body_limit() -> tuple[int, str]:
    """The largest request body read (``DATA_UPLOAD_MAX_MEMORY_SIZE``, files uploaded in a multipart body not
    counted): bytes, and the same in MiB as the refusals write it (``"2"``)."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return limit, f"{limit / 2**20:g}"


def too_big_message() -> str:
    """The refusal of a request body larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (bytes), naming the limit (the
    pages say it in the same words: `publicassembly.web.views.errors.too_big`)."""
    limit, mib = body_limit()
    return (f"is larger than the limit of {limit:,} bytes ({mib} MiB); send a smaller request "
            "(a document goes to POST /api/v1/towns/{town}/applications/{id}/documents, as a multipart upload)")


#: The refusal of a body sent in chunks without a Content-Length (411, `web.middleware.LengthRequiredMiddleware`).
CHUNKED = ("was sent in chunks (Transfer-Encoding) without a Content-Length header, which this server does not "
           "read; send it again with its Content-Length (as curl --data does)")

#: The sentence of an error Django answers itself (no view of the API ran, or it failed), by status.
_DJANGO_ERRORS = {
    400: "the request could not be understood",
    403: "not allowed",
    500: "server error on our side; it has been logged",
}


class ApiErrorsAsJson:
    """Middleware: under ``/api/``, an error response that is not JSON (Django's 404 of an unknown path, 405
    of a method the path does not take, 400/403/500 pages, 411 of a body sent in chunks, 413 of a too large
    body) is replaced by the API's JSON error shape with the same status (and ``Allow`` header). Other paths
    keep their HTML pages."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (response.status_code < 400 or not request.path.startswith("/api/")
                or response.get("Content-Type", "").startswith("application/json")):
            return response
        status = response.status_code
        field, errors = None, None
        if status == 404:
            detail = f"no such API path: {request.method} {request.path} (the paths are listed at /api/docs)"
        elif status == 405:
            allowed = response.get("Allow", "")
            detail = f"{request.method} is not allowed on {request.path}; allowed: {allowed or 'none'}"
        elif status in (411, 413):
            field, problem = "body", CHUNKED if status == 411 else too_big_message()
            detail, errors = f"body: {problem}", [{"field": field, "msg": problem}]
        else:
            detail = _DJANGO_ERRORS.get(status, f"the request was refused (HTTP {status})")
        from publicassembly.api.renderers import dumps

        out = HttpResponse(dumps(body(detail, field, errors)), status=status, content_type="application/json")
        for header in ("Allow", "WWW-Authenticate", "Retry-After", "Content-Language", "Vary"):
            if header in response:
                out[header] = response[header]
        return out


class ApiAnswersInEnglish:
    """Middleware (after Django's `LocaleMiddleware`): under ``/api/`` every answer is English, whatever the
    request's ``Accept-Language`` or language cookie. The API's JSON — determinations, reasons, schema errors —
    is English, so a refusal translated into the client's language would make an answer of two languages;
    pages are translated, the API is not (docs/api.md)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith("/api/"):
            return self.get_response(request)
        # Activated for the rest of the request (not restored on the way out), so that LocaleMiddleware's
        # Content-Language says what the answer is; it activates each request's own language anyway.
        translation.activate("en")
        request.LANGUAGE_CODE = "en"
        return self.get_response(request)


def query_parameters(operation: Any) -> tuple[str, ...]:
    """The query parameters an operation of ninja takes (its signature's query models, flattened), in order, then
    those its view reads itself and documents in its ``openapi_extra`` (``POST /check``'s ``as_of``)."""
    names: list[str] = []
    for model in operation.signature.models:
        if getattr(model, "__ninja_param_source__", None) == "query":
            names += [n for n in getattr(model, "__ninja_flatten_map__", {}) if n not in names]
    for parameter in (operation.openapi_extra or {}).get("parameters", ()):
        if parameter.get("in") == "query" and parameter["name"] not in names:
            names.append(parameter["name"])
    return tuple(names)


def refuse_unknown_query(run: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """ninja decorator (mode "view", before validation, `NinjaAPI.add_decorator`): a request whose query
    string names a parameter the operation does not take is answered 422 naming it and the parameters it
    takes, rather than served as if it had not been given — ``GET /api/v1/rules?jurisdction=carmel-ny`` would
    otherwise list every town's rules, as if the filter had worked. A parameter given twice (``?jurisdiction=a&jurisdiction=b``) is refused too, rather than the last
    one taken, and so is one given empty (``?jurisdiction=``, which would be read as not given and list every
    town's rules). Every such name is listed; the operation does not run.

    A parameter whose name or value is not UTF-8 once its ``%XX`` are read (``?%FF=1``, ``?jurisdiction=%FF``) is
    refused too, named as the address writes it (``%FF``: `web.forms.widgets.written_in_address`, as the pages
    name it, interpretation W-11), never by the U+FFFD that Django reads in its place (nor answered for that
    text: "unknown jurisdiction '\ufffd'")."""
    from publicassembly.web.forms.widgets import not_utf8, query_sent, raw_query

    operation = run.__self__  # type: ignore[attr-defined]  # ninja passes the operation's bound `run`
    allowed = query_parameters(operation)

    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        where = f"{request.method} {request.path}"
        msg = (f"is not a query parameter of {where}; allowed: {', '.join(allowed)}" if allowed
               else f"is not a query parameter of {where}, which takes none")
        errors: list[dict[str, Any]] = []
        raw = raw_query(request)
        if not_utf8(raw, tags=True):  # (Django read the query with U+FFFD, or all of it as Latin-1: read it here)
            takes = f"allowed: {', '.join(allowed)}" if allowed else f"{where} takes no query parameter"
            told: set[str] = set()
            for name, value_read, written_name, written_value in query_sent(raw):
                field = written_name if name is None else name or "(a parameter without a name)"
                if field in told:
                    continue
                if name is None:
                    problem = (f"is the name of a query parameter in bytes that are not UTF-8 text (shown as the "
                               f"address writes them); write the name in UTF-8; {takes}")
                elif name not in allowed:
                    problem = msg
                elif not value_read:
                    problem = (f"is given a value in bytes that are not UTF-8 text ({written_value!r} in the "
                               "address); write the value in UTF-8")
                else:
                    continue
                told.add(field)
                errors.append({"field": field, "msg": problem})
        else:
            unknown = [name for name in request.GET if name not in allowed]
            repeated = [name for name in request.GET if name in allowed and len(request.GET.getlist(name)) > 1]
            empty = [name for name in request.GET if name in allowed and name not in repeated
                     and not request.GET[name].strip()]
            errors += [{"field": name or "(a parameter without a name)", "msg": msg} for name in unknown]
            errors += [{"field": name, "msg": f"is given {len(request.GET.getlist(name))} times; give it once"}
                       for name in repeated]
            errors += [{"field": name, "msg": "is empty; give a value or leave the parameter out"}
                       for name in empty]
        if not errors:
            return run(request, *args, **kwargs)
        first = errors[0]
        return operation.api.create_response(  # type: ignore[no-any-return]
            request, body(f"{first['field']}: {first['msg']}", first["field"], errors), status=422)

    checked.__wrapped__ = run  # type: ignore[attr-defined]
    return checked
