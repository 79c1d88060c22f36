"""WSGI entry point (gunicorn publicassembly.site.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "publicassembly.site.settings")
application = get_wsgi_application()
