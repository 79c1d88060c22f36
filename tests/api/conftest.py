"""Fixtures of the API tests: the web tests' towns, people and records, and bearer tokens."""

from __future__ import annotations

import pytest
from django.test import Client
from tests.web.conftest import _documents_dir, carmel, cu, draft_app, hall, hearing_app, mount_pleasant, mu  # noqa: F401

from publicassembly.api.models import ApiToken


def api_client(user) -> Client:
    _token, raw = ApiToken.objects.issue(user, "tests")
    return Client(HTTP_AUTHORIZATION=f"Bearer {raw}")


@pytest.fixture
def api():
    return api_client
