"""Finding the town of a page from its URL (the law core's jurisdiction alias, e.g. ``carmel-ny``) and the
roles a user holds in each town. Another town's records are never reachable through a town's URLs."""

from __future__ import annotations

from typing import Any

from django.http import Http404

from publicassembly.accounts.models import Membership, Town
from publicassembly.law import jurisdictions
from publicassembly.law.errors import UnknownJurisdiction


def town_for(alias: str) -> Town:
    """The Town of jurisdiction `alias` (created on first use); Http404 for an unknown alias."""
    try:
        j = jurisdictions.get(alias)
    except UnknownJurisdiction:
        raise Http404(f"no town {alias!r}") from None
    return Town.objects.for_jurisdiction(j.ocd_id)


def roles_by_town(user: Any) -> list[tuple[Town, list[str]]]:
    """The user's active roles, grouped by town (towns by name)."""
    out: dict[int, tuple[Town, list[str]]] = {}
    for m in Membership.objects.filter(user=user, active=True).select_related("town").order_by("town__name", "role"):
        out.setdefault(m.town_id, (m.town, []))[1].append(m.role)
    return list(out.values())
