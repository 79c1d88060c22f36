"""The ``Idempotency-Key`` request header (IETF httpapi draft "The Idempotency-Key HTTP Header Field", as Stripe
and others take it; interpretation W-13): a client that sends an unsafe request (POST, PUT, PATCH, DELETE) again
after losing its answer — a network timeout — gets the first answer again instead of a second record.

- The header is optional. Without it nothing changes. With it, its value is checked first: 1 to 255 printable
  ASCII characters (U+0020 to U+007E), no space at either end; else 422 naming ``Idempotency-Key`` and what it
  takes (a character that is not ASCII named as the client sent it, its UTF-8 bytes read back: `as_sent`). The
  value is taken as written: a key in the draft's quoted form (``"8e03…"``) is a key like any other, its quotes
  included.
- A key belongs to the user the operation authenticates (the API token's user). An operation that needs no
  token (``POST /check``, which writes nothing; ``POST /auth/token``, whose answer holds a token that is never
  stored in clear) checks the header's form and otherwise ignores it.
- The first answer with a 2xx or 4xx status (never a 5xx; nor 429, which says to try later) is stored with the
  request's fingerprint (SHA-256 of its method, path, query string and body) in `IdempotentRequest`, **in the
  transaction of the request's own writes**: the operation runs inside ``transaction.atomic()`` opened here, the
  services' own atomic blocks being savepoints within it, and the answer is written before it commits, so a
  crash leaves both or neither. A request with a key is all or nothing: an exception, or a 5xx answer, rolls
  back every write it made.
- The same key with the same request again (within ``IDEMPOTENCY_KEY_SECONDS``): the stored answer (status,
  content type, body) with ``Idempotent-Replayed: true``; nothing runs. The same key with another request
  (another method, path, query or body): 422 naming ``Idempotency-Key``, nothing runs. The same key while its
  first request is still being answered: 409 naming ``Idempotency-Key`` (``Retry-After: 1``), nothing runs.
  On PostgreSQL a transaction-scoped advisory lock on (user, key) tells that at once; on SQLite, whose writers
  take the database's write lock at the start of their transaction (``BEGIN IMMEDIATE``), the second request
  waits for the first to commit and then has its answer replayed. The unique constraint on (user, key) is the
  backstop on every database: a second answer stored for the key fails, and its request is rolled back, 409.
- After ``IDEMPOTENCY_KEY_SECONDS`` (default 24 hours) a stored answer is expired: the key may be used again,
  for any request. Expired answers are deleted on the fly, after each request that stores an answer commits.

A multipart body sent to an operation that takes one (a document upload) is fingerprinted by its fields and files
(names, values, file names, types and the SHA-256 of each file's content) rather than its bytes: a client sending
the same upload again draws a new boundary between its parts, which changes the bytes but not the request.

Why a decorator on ninja's operations ("view" mode, `NinjaAPI.add_decorator`) and not a middleware: the API
opens no transaction per request (no ``ATOMIC_REQUESTS``; each service opens its own), so the stored answer and
the writes can share one only if the transaction is opened around the operation; the decorator has the
operation (its authentication, which decides whose key it is, and ``api.create_response`` for the API's error
shape) and wraps nothing but the API's operations.
"""

from __future__ import annotations

import hashlib
import inspect
import logging
import unicodedata
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.http import HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.http.request import RawPostDataException
from django.utils import timezone

from publicassembly.api.errors import body
from publicassembly.api.parser import loads_unique

logger = logging.getLogger(__name__)

#: The request header, as the draft names it (and as the refusals name it: the field).
HEADER = "Idempotency-Key"
#: The header's key in the request's META (WSGI, and Django's ASGI handler alike).
META_NAME = "HTTP_IDEMPOTENCY_KEY"
#: The response header of a replayed answer.
REPLAYED = "Idempotent-Replayed"
#: The methods whose requests may carry a key (RFC 9110's unsafe methods the API takes).
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: The longest key taken.
MAX_LENGTH = 255
#: What a key is, as a refusal says it.
TAKES = (f"it takes 1 to {MAX_LENGTH} printable ASCII characters (letters, digits, punctuation; spaces only "
         "between them), e.g. a UUID")
#: A regular expression of a key (the OpenAPI schema's ``pattern``).
PATTERN = r"^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$"
#: 4xx answers that are not stored: they say to try again later, not what the request did.
NOT_STORED = frozenset({429})


def as_sent(value: str) -> str:
    """The header's `value` in the characters the client sent: WSGI (PEP 3333) and Django's ASGI handler give a
    header's bytes read as Latin-1, one character a byte, so a key sent in UTF-8 ("é", the bytes C3 A9) arrives as
    "Ã©". Its bytes read as UTF-8 when they are UTF-8 (an ASCII value is unchanged); else as it came (bytes of
    another encoding, e.g. Latin-1's E9, are Latin-1's characters). Interpretation G-15."""
    try:
        return value.encode("latin-1").decode("utf-8")
    except UnicodeError:  # (a character beyond Latin-1: not a WSGI header's; bytes that are not UTF-8)
        return value


def key_problem(value: str) -> str | None:
    """Why the header's `value` (as the request's META holds it: `as_sent` reads it) is not a key (the refusal's
    message, ending with what a key takes), or None. A character that is not ASCII is named as the client sent
    it ("holds U+00E9" for an "é" sent in UTF-8, not U+00C3, its first byte read as Latin-1)."""
    value = as_sent(value)
    if value == "":
        return f"is empty; {TAKES}"
    if len(value) > MAX_LENGTH:
        return f"is {len(value):,} characters long; {TAKES}"
    for i, c in enumerate(value, start=1):
        if not " " <= c <= "~":
            kind = "a control character" if unicodedata.category(c) == "Cc" else "not ASCII"
            return f"holds U+{ord(c):04X} (character {i:,}), which is {kind}; {TAKES}"
    if value[0] == " " or value[-1] == " ":
        return f"{'begins' if value[0] == ' ' else 'ends'} with a space; {TAKES}"
    return None


def period() -> str:
    """``IDEMPOTENCY_KEY_SECONDS`` in words: "24 hours", "90 minutes", "45 seconds"."""
    seconds = int(settings.IDEMPOTENCY_KEY_SECONDS)
    for unit, size in (("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            n = seconds // size
            return f"{n:,} {unit}{'s' if n != 1 else ''}"
    return f"{seconds:,} second{'s' if seconds != 1 else ''}"


def expired_before() -> Any:
    """The moment before which (or at which) a stored answer is expired."""
    return timezone.now() - timedelta(seconds=int(settings.IDEMPOTENCY_KEY_SECONDS))


def takes_form(operation: Any) -> bool:
    """Whether the ninja `operation` reads form fields or files (a multipart upload) rather than a JSON body."""
    return any(getattr(m, "__ninja_param_source__", None) in ("form", "file") for m in operation.models)


def fingerprint(request: HttpRequest, *, form: bool = False) -> str:
    """SHA-256 (hex) of the request's method, path, query string and body: its bytes, or, when the operation
    reads a form (`form`) and the body is multipart, its fields and files (a new boundary between the same parts
    is the same request; the body of an upload, larger than a JSON body may be, is not read whole). Raises what
    reading the body raises (`RequestDataTooBig`, `MultiPartParserError`, `UnreadablePostError`)."""
    digest = hashlib.sha256()
    for part in (str(request.method), request.path, request.META.get("QUERY_STRING", "")):
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    if form and (request.content_type or "").lower() == "multipart/form-data":
        digest.update(b"multipart\0")
        for name in sorted(request.POST):
            for value in request.POST.getlist(name):
                digest.update(b"field\0" + _sized(name) + _sized(value))
        for name in sorted(request.FILES):
            for upload in request.FILES.getlist(name):
                content = hashlib.sha256()
                for chunk in upload.chunks():
                    content.update(chunk)
                upload.seek(0)
                digest.update(b"file\0" + _sized(name) + _sized(upload.name or "")
                              + _sized(upload.content_type or "") + content.digest())
    else:
        digest.update(_body_form(request.body))
    return digest.hexdigest()


def _body_form(raw: bytes) -> bytes:
    """What a body says, for the fingerprint: a JSON body as its value (`api.parser.loads_unique`: exact decimals,
    unique keys), so that the same JSON written with other spacing or its members in another order is the same
    request, while ``1.5`` and ``1.50``, ``1`` and ``true``, ``"1"`` and ``1`` stay different values; any other
    body (none, not JSON) as its bytes."""
    if raw.strip():
        try:
            return b"json\0" + repr(_canonical(loads_unique(raw))).encode("utf-8", "surrogatepass")
        except (ValueError, RecursionError):  # not JSON (a repeated key is a ValueError), or too deep: its bytes
            pass
    return b"body\0" + raw


def _canonical(value: Any) -> Any:
    """`value` (parsed JSON) with every object's members in the order of their names: tuples of (name, value)
    pairs, lists as tuples; scalars as they are, their ``repr`` telling a `Decimal`, an int, a bool and a str
    apart."""
    if isinstance(value, dict):
        return ("object", tuple((k, _canonical(value[k])) for k in sorted(value)))
    if isinstance(value, list):
        return ("array", tuple(_canonical(v) for v in value))
    return value


def _sized(text: str) -> bytes:
    data = text.encode("utf-8", "surrogatepass")
    return len(data).to_bytes(8, "big") + data


def _user(operation: Any, request: HttpRequest) -> Any:
    """The user the operation authenticates for this request (its auth callbacks, as ninja calls them), or None
    (an operation without authentication, or no valid token: the operation then answers as it does)."""
    for callback in getattr(operation, "auth_callbacks", ()):
        try:
            result = callback(request)
        except Exception:  # noqa: BLE001 - the operation's own run reports it
            return None
        if inspect.iscoroutine(result):  # (no async authentication here; never awaited twice)
            result.close()
            return None
        if result:
            return result if getattr(result, "pk", None) is not None else None
    return None


def _claimed(user: Any, key: str) -> bool:
    """Whether this transaction may answer `key` of `user` now. PostgreSQL: a transaction-scoped advisory lock
    on (user, key), taken without waiting (False: another transaction holds it, its request not yet answered).
    Other databases: True (SQLite has serialised the writers already; the unique constraint is the backstop)."""
    if connection.vendor != "postgresql":
        return True
    lock = int.from_bytes(hashlib.blake2b(f"idempotency\0{user.pk}\0{key}".encode(), digest_size=8).digest(),
                          "big", signed=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_xact_lock(%s)", [lock])
        return bool(cursor.fetchone()[0])


def _refusal(operation: Any, request: HttpRequest, message: str, status: int) -> HttpResponse:
    response: HttpResponse = operation.api.create_response(
        request, body(f"{HEADER}: {message}", HEADER, [{"field": HEADER, "msg": message}]), status=status)
    return response


def _replay(stored: Any) -> HttpResponse:
    response = HttpResponse(bytes(stored.body), status=stored.status, content_type=stored.content_type or None)
    response[REPLAYED] = "true"
    return response


def _purge() -> None:
    """Delete every expired stored answer (after a commit; a failure is logged, never the request's)."""
    from publicassembly.api.models import IdempotentRequest

    try:
        IdempotentRequest.objects.filter(created_at__lte=expired_before()).delete()
    except DatabaseError:  # (e.g. a lock timeout): the next request purges them
        logger.warning("expired idempotency keys not purged", exc_info=True)


def idempotent(run: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """ninja decorator (mode "view", `NinjaAPI.add_decorator`) of every operation: the ``Idempotency-Key``
    header as the module says."""
    operation = inspect.unwrap(run).__self__  # type: ignore[attr-defined]  # the operation's bound `run`
    form = takes_form(operation)

    def keyed(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        key = request.META.get(META_NAME)
        if key is None or request.method not in UNSAFE:
            return run(request, *args, **kwargs)
        problem = key_problem(key)
        if problem is not None:
            return _refusal(operation, request, problem, 422)
        user = _user(operation, request)
        if user is None:
            return run(request, *args, **kwargs)
        try:
            print_ = fingerprint(request, form=form)
        except RequestDataTooBig as exc:
            # 413 naming the body, as without the key: the operation cannot answer it, a multipart body cut off by
            # the limit is not read again (its fields and file would be "required", 422; interpretation W-22)
            return operation.api.on_exception(request, exc)  # type: ignore[no-any-return]
        except (MultiPartParserError, RawPostDataException, OSError):  # the operation answers
            return run(request, *args, **kwargs)
        return _answer(operation, run, request, user, key, print_, args, kwargs)

    keyed.__wrapped__ = run  # type: ignore[attr-defined]
    return keyed


def _answer(operation: Any, run: Callable[..., HttpResponse], request: HttpRequest, user: Any, key: str,
            print_: str, args: Any, kwargs: Any) -> HttpResponse:
    from publicassembly.api.models import IdempotentRequest

    with transaction.atomic():
        if not _claimed(user, key):
            response = _refusal(operation, request, "a request with this key is still being answered; send this "
                                "one again once that one has its answer, which is then given again", 409)
            response["Retry-After"] = "1"
            return response
        stored = IdempotentRequest.objects.filter(user=user, key=key).first()
        if stored is not None and stored.created_at <= expired_before():
            stored.delete()  # expired: the key is free again
            stored = None
        if stored is not None:
            if stored.fingerprint != print_:
                return _refusal(operation, request, f"was used for another request ({stored.method} {stored.path}) "
                                f"in the last {period()}; give each request its own key", 422)
            return _replay(stored)
        response = run(request, *args, **kwargs)
        status = response.status_code
        if status >= 500:  # never stored; the request's writes are undone, so that sending it again redoes it
            transaction.set_rollback(True)
            return response
        if not (200 <= status < 300 or 400 <= status < 500) or status in NOT_STORED or response.streaming:
            return response
        try:
            with transaction.atomic():
                IdempotentRequest.objects.create(
                    user=user, key=key, method=str(request.method), path=request.path, fingerprint=print_,
                    status=status, content_type=response.get("Content-Type", ""), body=response.content)
        except IntegrityError:  # another transaction stored an answer for this key first: this one is undone
            transaction.set_rollback(True)
            response = _refusal(operation, request, "a request with this key was answered while this one was "
                                "being answered; send this one again to have that answer", 409)
            response["Retry-After"] = "1"
            return response
        transaction.on_commit(_purge, robust=True)
        return response


#: The header as the OpenAPI schema documents it on an operation that stores answers (one that needs a token).
_KEYED = ("A key of the client's choosing (a new UUID for each new request) to send this request again safely "
          "after losing its answer: the same key with the same request within "
          "PUBLICASSEMBLY_IDEMPOTENCY_KEY_SECONDS (default 24 hours) is given the first answer again (2xx or 4xx; "
          "header `Idempotent-Replayed: true`) and records nothing twice; with another request, 422; while the "
          "first is still being answered, 409. Without it, nothing changes. 1 to 255 printable ASCII characters, "
          "no space at either end.")
#: The same on an operation that needs no token: the form is checked, the answer not stored.
_UNKEYED = ("Taken by every POST, PUT, PATCH and DELETE (1 to 255 printable ASCII characters, no space at either "
            "end; else 422). This operation needs no token, so its answer is not stored under the key: it is "
            "answered anew each time.")


def document(schema: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI `schema` with the ``Idempotency-Key`` header among the parameters of every unsafe
    operation (changed in place; returned)."""
    for operations in schema.get("paths", {}).values():
        for method, op in operations.items():
            if method.upper() not in UNSAFE or not isinstance(op, dict):
                continue
            params = op.setdefault("parameters", [])
            if any(p.get("in") == "header" and p.get("name") == HEADER for p in params):
                continue
            params.append({"in": "header", "name": HEADER, "required": False,
                           "description": _KEYED if op.get("security") else _UNKEYED,
                           "schema": {"type": "string", "minLength": 1, "maxLength": MAX_LENGTH,
                                      "pattern": PATTERN}})
    return schema
