"""``POST /auth/token``: a username and password (throttled like the sign-in page) give a new API token."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from ninja import Field, Router, Schema, Status

from publicassembly.api.errors import body
from publicassembly.api.inputs import BodyIn
from publicassembly.api.models import ApiToken
from publicassembly.web import throttle
from publicassembly.workflow.printable import require_no_controls

router = Router(tags=["auth"])


class TokenIn(BodyIn):
    username: str
    password: str
    name: str = Field("api", description="what the token is for, at most 100 characters")


class TokenOut(Schema):
    token: str
    name: str
    prefix: str


class ErrorOut(Schema):
    detail: str
    field: str | None = None
    errors: list[dict[str, Any]] = []


@router.post("/auth/token", response={201: TokenOut, 401: ErrorOut, 422: ErrorOut, 429: ErrorOut},
             summary="Create an API token", operation_id="create_token")
def create_token(request: Any, data: TokenIn) -> Any:
    """Exchange a username and password for a new bearer token (shown once). Repeated failures are refused
    for a while (429); a ``name`` longer than the 100 characters kept, or holding a control character (an
    escape, a bell, a direction override: G-6), is refused (422 naming ``name``), not cut or kept."""
    address = throttle.client_address(request)
    for field in ("username", "password", "name"):
        if "\x00" in getattr(data, field):
            return Status(422, body(f"{field}: must not contain NUL characters", field))
    limit = ApiToken._meta.get_field("name").max_length or 0
    if len(data.name.strip()) > limit:
        return Status(422, body(f"name: at most {limit} characters (got {len(data.name.strip()):,})", "name"))
    require_no_controls(("name", data.name))  # (422 naming name, as every other text: G-6)
    try:
        throttle.check(data.username, address)
    except throttle.TooManyAttempts as exc:
        return Status(429, body(str(exc)))
    user = authenticate(request, username=data.username, password=data.password)
    throttle.record(data.username, address, succeeded=user is not None)
    if user is None:
        return Status(401, body("wrong username or password"))
    token, raw = ApiToken.objects.issue(user, data.name)
    return Status(201, {"token": raw, "name": token.name, "prefix": token.prefix})
