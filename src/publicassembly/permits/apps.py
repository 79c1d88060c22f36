"""App configuration of publicassembly.permits."""

from django.apps import AppConfig


class PermitsConfig(AppConfig):
    name = "publicassembly.permits"
    label = "permits"
    default_auto_field = "django.db.models.BigAutoField"
