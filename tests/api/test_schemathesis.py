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


#: Who calls each path when signed in: the Town's official who may act on most of what lives under it.
_SIGNED_IN = {"carmel-ny": "town_clerk", "mount-pleasant-ny": "building_inspector"}


@pytest.fixture
def records(hearing_app, hall, cu, mu):
    """Real records for the signed-in run: a Carmel application at its hearing (with a document) and Mount
    Pleasant's hall (with its certificate and a scheduled inspection), and tokens of their towns' officials."""
    from publicassembly.api.models import ApiToken
    from publicassembly.permits import services as sv

    sv.attach_document(cu["applicant"], hearing_app, kind="site map", filename="m.pdf", content=b"%PDF-1.4\n%%EOF\n")
    tokens = {town: ApiToken.objects.issue((cu if town == "carmel-ny" else mu)[role], "fuzz")[1]
              for town, role in _SIGNED_IN.items()}
    return {"carmel-ny": hearing_app.pk, "mount-pleasant-ny": hall.pk, "tokens": tokens}


@schema.parametrize()
@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_error_signed_in_on_real_records(case, records):
    """The same with a valid token of the town named in the path and, where the path names a record, a real
    one (the application or the venue), so that bodies reach the services: still no 5xx."""
    params = case.path_parameters or {}
    headers = {}
    if "town" in params:
        town = "mount-pleasant-ny" if ("/venues/" in case.path or "/inspections/" in case.path) else "carmel-ny"
        params["town"] = town
        if "pk" in params and ("/applications/" in case.path or "/venues/" in case.path):
            params["pk"] = records[town]
        headers["Authorization"] = f"Bearer {records['tokens'][town]}"
    response = case.call(headers=headers)
    assert response.status_code < 500, (case.method, case.path, params, response.status_code, response.text[:500])
