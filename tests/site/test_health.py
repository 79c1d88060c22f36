"""The health check for load balancers and monitors (docs/operations.md)."""

from unittest import mock

import pytest
from django.db.utils import OperationalError


@pytest.mark.django_db
def test_healthz_answers_ok_with_the_database(client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"
    assert response["Cache-Control"].startswith("max-age=0")


@pytest.mark.django_db
def test_healthz_says_503_when_the_database_fails(client) -> None:
    with mock.patch("django.db.backends.utils.CursorWrapper.execute", side_effect=OperationalError("down")):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "database": response.json()["database"],
                               "reason": "OperationalError"}


@pytest.mark.django_db
def test_healthz_takes_only_get(client) -> None:
    assert client.post("/healthz").status_code == 405
