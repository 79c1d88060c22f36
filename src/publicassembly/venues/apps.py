"""App configuration of publicassembly.venues."""

from django.apps import AppConfig


class VenuesConfig(AppConfig):
    name = "publicassembly.venues"
    label = "venues"
    default_auto_field = "django.db.models.BigAutoField"
