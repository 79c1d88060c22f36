"""API tokens: one user may hold several, each named, shown once at creation and stored only as a SHA-256
hash (a stolen database does not yield usable tokens)."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

PREFIX_LENGTH = 8


def hash_token(raw: str) -> str:
    """The SHA-256 hex digest stored for a token."""
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


class ApiTokenManager(models.Manager["ApiToken"]):
    def issue(self, user: Any, name: str) -> tuple[ApiToken, str]:
        """A new token for `user`; returns the record and the raw token (shown once, never stored)."""
        raw = "pa_" + secrets.token_urlsafe(32)
        token = self.create(user=user, name=(name.strip() or "token")[:100], prefix=raw[:PREFIX_LENGTH + 3],
                            key_hash=hash_token(raw))
        return token, raw

    def authenticate(self, raw: str) -> Any:
        """The active user of an unrevoked token, or None. Records when it was last used."""
        if not raw or len(raw) > 200:
            return None
        token = self.select_related("user").filter(key_hash=hash_token(raw), revoked_at__isnull=True).first()
        if token is None or not token.user.is_active:
            return None
        now = timezone.now()
        if token.last_used_at is None or (now - token.last_used_at).total_seconds() > 60:
            type(token).objects.filter(pk=token.pk).update(last_used_at=now)
        return token.user


class ApiToken(models.Model):
    """A bearer token of one user for the JSON API (``Authorization: Bearer pa_...``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=100)
    prefix = models.CharField(_("prefix"), max_length=16, help_text=_("The first characters, to recognise it."))
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    objects = ApiTokenManager()

    class Meta:
        verbose_name = _("API token")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…) of {self.user}"


class IdempotentRequest(models.Model):
    """The first answer to an unsafe API request sent with an ``Idempotency-Key`` header (api/idempotency.py,
    interpretation W-13): the key, scoped to the token's user, with the request's method, path and a fingerprint
    of it (SHA-256 of the method, path, query and body), and the answer given (status, content type, body). The
    same key with the same request again is answered with this answer; the row is written in the transaction of
    the request's own writes, so neither is ever kept without the other. Kept ``IDEMPOTENCY_KEY_SECONDS``."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    method = models.CharField(max_length=10)
    path = models.TextField()
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    content_type = models.CharField(max_length=255, blank=True)
    body = models.BinaryField(blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        verbose_name = _("stored API answer")
        verbose_name_plural = _("stored API answers")
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="api_idempotency_key_once_per_user")]

    def __str__(self) -> str:
        return f"{self.key!r} of {self.user_id}: {self.method} {self.path} → {self.status}"
