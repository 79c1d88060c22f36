"""App configuration of publicassembly.enforcement."""

from django.apps import AppConfig


class EnforcementConfig(AppConfig):
    name = "publicassembly.enforcement"
    label = "enforcement"
    default_auto_field = "django.db.models.BigAutoField"
