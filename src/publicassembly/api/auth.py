"""Token authentication of the API: ``Authorization: Bearer <token>`` against `ApiToken` (hashed)."""

from __future__ import annotations

from typing import Any

from ninja.security import HttpBearer

from publicassembly.api.models import ApiToken


class TokenAuth(HttpBearer):
    """Sets ``request.user`` to the token's user; an unknown or revoked token gives 401."""

    openapi_scheme = "bearer"

    def authenticate(self, request: Any, token: str) -> Any:
        user = ApiToken.objects.authenticate(token)
        if user is not None:
            request.user = user
        return user


token_auth = TokenAuth()
