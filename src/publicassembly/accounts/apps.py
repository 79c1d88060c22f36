"""App configuration of publicassembly.accounts."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "publicassembly.accounts"
    label = "accounts"
    verbose_name = "Towns and accounts"
    default_auto_field = "django.db.models.BigAutoField"
