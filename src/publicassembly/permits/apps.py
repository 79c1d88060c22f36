"""App configuration of publicassembly.permits."""

from django.apps import AppConfig


class PermitsConfig(AppConfig):
    name = "publicassembly.permits"
    label = "permits"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """After each request, delete the files of documents whose recording transaction was rolled back
        (`stored_files`, interpretation D-12)."""
        from django.core.signals import request_finished

        from publicassembly.permits import stored_files

        request_finished.connect(stored_files.on_request_finished, dispatch_uid="publicassembly.stored_files")
