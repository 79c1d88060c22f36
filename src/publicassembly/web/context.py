"""Template context of every page: the towns served and the signed-in user's roles in each, and the messages
that belong to the page (`messages`)."""

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


def messages(request: HttpRequest) -> dict[str, Any]:
    """``messages``: what the page says of the action that led to it, in place of Django's own context processor.

    A message an action leaves ("Done: …", "Saved.", "Recorded.") belongs to the page that action redirects to.
    A page answering a POST itself is a form refused ("Nothing was saved", "Please correct…"; a successful form
    redirects): it shows only the messages added while answering it, and drops those left by an earlier request
    — the first of a form sent twice, whose redirect the browser never showed, would otherwise say "Done"
    beside the second's refusal (which says the record was changed by a form sent before). Any other page shows
    them all, as Django does. Either way they are shown once."""
    from django.contrib.messages import get_messages
    from django.contrib.messages.constants import DEFAULT_LEVELS

    storage = get_messages(request)
    if request.method in ("GET", "HEAD") or not hasattr(storage, "_queued_messages"):
        return {"messages": storage, "DEFAULT_MESSAGE_LEVELS": DEFAULT_LEVELS}
    own = list(storage._queued_messages)
    storage._queued_messages = []
    for _earlier in storage:  # read (so marked used), not shown: dropped with this answer's cookie or session
        pass
    return {"messages": own, "DEFAULT_MESSAGE_LEVELS": DEFAULT_LEVELS}
