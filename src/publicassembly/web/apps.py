"""App configuration of publicassembly.web."""

from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "publicassembly.web"
    label = "web"
    verbose_name = "Web pages"
    default_auto_field = "django.db.models.BigAutoField"
