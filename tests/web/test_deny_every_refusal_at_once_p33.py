"""The Town Board's denial (Carmel ch. 31 ¶ B: the Board acts after the public hearing) tells every bad value at once
(interpretation P-33, as the approval does): a second new-user trial denied with reasons of 5,001 characters and a
day decided in the future, and was told only of the reasons, the day after they were fixed — on the page and in
the API alike. Nothing is written."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import timezone
from tests.api.conftest import api_client
from tests.web.test_board_and_approval_forms_every_refusal_at_once_p33 import beside, heard, post  # noqa: F401

from publicassembly.permits import services as sv
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db


def _tomorrow() -> str:
    return (timezone.localdate() + dt.timedelta(days=1)).isoformat()


def test_the_page_tells_the_reasons_and_the_day_at_once_para_b(cu, heard):  # noqa: F811
    r = post(cu["town_board_member"], heard, "deny", {"reasons": "r" * 5001, "decided_on": _tomorrow()})
    errors = beside(r, "deny")
    assert set(errors) == {"reasons", "decided_on"}, errors
    assert "is in the future" in errors["decided_on"][0] or "after today" in errors["decided_on"][0], errors
    heard.refresh_from_db()
    assert heard.state == "hearing_held"


def test_the_api_tells_the_reasons_and_the_day_in_one_422_para_b(cu, heard):  # noqa: F811
    r = api_client(cu["town_board_member"]).post(
        f"/api/v1/towns/carmel-ny/applications/{heard.pk}/deny",
        json.dumps({"expected_version": heard.version, "reasons": "r" * 5001, "decided_on": _tomorrow()}),
        content_type="application/json")
    assert r.status_code == 422, r.content
    fields = [e["field"] for e in r.json()["errors"]]
    assert fields == ["reasons", "decided_on"], r.json()
    heard.refresh_from_db()
    assert heard.state == "hearing_held"


def test_the_service_tells_the_day_before_the_hearing_with_empty_reasons_para_b(cu, heard):  # noqa: F811
    """¶ B: the Board acts after the hearing; the day before it and empty reasons are told together."""
    before = heard.hearing_held_on - dt.timedelta(days=1)
    with pytest.raises(ValidationFailed) as e:
        sv.deny(cu["town_board_member"], heard, reasons="  ", decided_on=before)
    assert [f for f, _m in e.value.errors] == ["reasons", "decided_on"]
    sv.deny(cu["town_board_member"], heard, reasons="The site cannot hold the crowd.",
            decided_on=heard.hearing_held_on)
    heard.refresh_from_db()
    assert (heard.state, heard.decided_on) == ("denied", heard.hearing_held_on)
