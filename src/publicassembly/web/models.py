"""Records of the web layer itself: sign-in attempts, kept so the sign-in throttle works across every app
server of a deployment (they share the database, not their memory)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class LoginAttempt(models.Model):
    """One sign-in attempt: the username tried (lower-cased), the client address, when, and whether it
    succeeded. Failures inside the window count towards the throttle (`publicassembly.web.throttle`)."""

    username = models.CharField(_("username"), max_length=150, db_index=True)
    address = models.CharField(_("client address"), max_length=64, db_index=True)
    at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    succeeded = models.BooleanField(_("succeeded"), default=False)

    class Meta:
        verbose_name = _("sign-in attempt")
        ordering = ["-at"]

    def __str__(self) -> str:
        return f"{self.username} from {self.address} at {self.at:%Y-%m-%d %H:%M} ({'ok' if self.succeeded else 'failed'})"
