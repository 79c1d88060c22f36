"""WSGI entry point (gunicorn publicassembly.site.wsgi).

After loading, a worker loads what every request uses (the URL patterns, both chapters of the law core) and
moves everything allocated so far out of the garbage collector's reach (`gc.freeze`): those objects live as
long as the process, and a full collection no longer walks them. Without it, a full collection during a
request of the Clerk's queue took about 70 ms, most of that request's p99 (docs/performance.md).
"""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "publicassembly.site.settings")
application = get_wsgi_application()


def _settle() -> None:
    """Load the long-lived parts of a worker and freeze them out of the collector's generations."""
    from django.urls import get_resolver

    from publicassembly.law import jurisdictions

    get_resolver().url_patterns  # noqa: B018 -- imports every view module
    jurisdictions.all_jurisdictions()  # each chapter's rules, facts models and parameters
    gc.collect()
    gc.freeze()


_settle()
