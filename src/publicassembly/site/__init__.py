"""The Django project of publicassembly: settings, URLs and the WSGI/ASGI entry points."""
