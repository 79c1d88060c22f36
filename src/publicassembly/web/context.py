"""Template context of every page: the towns served and the signed-in user's roles in each."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest


def site(request: HttpRequest) -> dict[str, Any]:
    """``my_roles``: [(town, [role, ...])] of the signed-in user (empty for the public)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"my_roles": []}
    from publicassembly.web.towns import roles_by_town

    return {"my_roles": roles_by_town(user)}
