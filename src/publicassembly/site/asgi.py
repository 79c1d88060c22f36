"""ASGI entry point (uvicorn publicassembly.site.asgi:application)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "publicassembly.site.settings")
application = get_asgi_application()
