"""The sign-in throttle: after ``LOGIN_MAX_FAILURES`` failed sign-ins to one account, or
``LOGIN_MAX_FAILURES_PER_ADDRESS`` from one client address, within ``LOGIN_WINDOW_SECONDS``, further sign-ins
are refused until the window has passed. Attempts are rows of `LoginAttempt` (shared by every app server);
a successful sign-in clears the account's failures. Used by the sign-in page and the API's token endpoint."""

from __future__ import annotations

import math
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from publicassembly.web.models import LoginAttempt


class TooManyAttempts(Exception):
    """Sign-in refused for now; ``retry_after`` in whole seconds."""

    def __init__(self, retry_after: int) -> None:
        self.retry_after = retry_after
        minutes = max(1, math.ceil(retry_after / 60))
        super().__init__(f"too many failed sign-ins; try again in {minutes} minute{'s' if minutes > 1 else ''}")


def client_address(request: Any) -> str:
    """The client's address as the server saw it (REMOTE_ADDR; a proxy must set it, not a header)."""
    return str(request.META.get("REMOTE_ADDR") or "unknown")[:64]


def _window() -> timedelta:
    return timedelta(seconds=settings.LOGIN_WINDOW_SECONDS)


def _name(username: str) -> str:
    """The username as stored: trimmed, lower-cased, without NUL characters (which no database text holds)."""
    return username.replace("\x00", "").strip().lower()[:150]


def check(username: str, address: str) -> None:
    """Raise `TooManyAttempts` if this account or this address has too many recent failures."""
    since = timezone.now() - _window()
    recent = LoginAttempt.objects.filter(at__gte=since, succeeded=False)
    for qs, limit in ((recent.filter(username=_name(username)), settings.LOGIN_MAX_FAILURES),
                      (recent.filter(address=address), settings.LOGIN_MAX_FAILURES_PER_ADDRESS)):
        times = list(qs.order_by("-at").values_list("at", flat=True)[:limit])
        if len(times) >= limit:
            oldest = times[-1]
            retry = int((oldest + _window() - timezone.now()).total_seconds()) + 1
            raise TooManyAttempts(max(retry, 1))


def record(username: str, address: str, succeeded: bool) -> None:
    """Record an attempt; a success clears that account's failures. Old rows (beyond a day) are pruned."""
    name = _name(username)
    if succeeded:
        LoginAttempt.objects.filter(username=name, succeeded=False).delete()
    LoginAttempt.objects.create(username=name, address=address, succeeded=succeeded)
    LoginAttempt.objects.filter(at__lt=timezone.now() - max(_window(), timedelta(days=1))).delete()
