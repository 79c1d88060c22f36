"""Schemathesis over the OpenAPI schema of /api/v1: no request it generates gets a server error (5xx)."""

from __future__ import annotations

import os

import django
import pytest
import schemathesis
from hypothesis import HealthCheck, settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "publicassembly.site.test_settings")
django.setup()

from publicassembly.site.wsgi import application  # noqa: E402

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", application)

pytestmark = pytest.mark.django_db(transaction=False)


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """The WSGI handler closes database connections at the end of each request, which would close the test's
    transaction (PostgreSQL); Django's own test client disconnects the same signal handlers."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_error(case):
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.status_code, response.text[:500])
