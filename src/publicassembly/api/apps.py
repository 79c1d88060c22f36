"""App configuration of publicassembly.api."""

from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "publicassembly.api"
    label = "api"
    verbose_name = "JSON API"
    default_auto_field = "django.db.models.BigAutoField"
