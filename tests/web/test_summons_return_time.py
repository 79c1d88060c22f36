"""A summons's return hour (Mount Pleasant § 164-12, the summons returnable in the Town Justice Court): HH:MM on
the 24-hour clock, 00:00 to 23:59, or empty — from the service, the API (422 naming ``return_time``, as the
hearing's ``hearing_time``) and the web form; anything else is refused and no summons is issued."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for, version_of

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Summons
from publicassembly.law.dates import next_business_day
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

RETURN = next_business_day(dt.date.today() + dt.timedelta(days=30))  # a day the court sits (W-8)
BAD = ["25:99", "24:00", "12:60", "9:00 a.m.", "<b>noon; DROP</b>", "0900", "09:00:00"]


@pytest.mark.parametrize("value", BAD)
def test_service_refuses_a_return_time_not_hh_mm_164_12(mu, violation, value):
    with pytest.raises(ValidationFailed) as e:
        es.issue_summons(mu["building_inspector"], violation, return_date=RETURN, return_time=value)
    assert e.value.field == "return_time" and "00:00 to 23:59" in str(e.value)
    violation.refresh_from_db()
    assert violation.state == "recorded" and not Summons.objects.exists()


@pytest.mark.parametrize(("value", "kept"), [("00:00", "00:00"), (" 23:59 ", "23:59"), (dt.time(9, 30), "09:30"),
                                             ("", ""), (None, "")])
def test_service_keeps_hh_mm_164_12(mu, violation, value, kept):
    s = es.issue_summons(mu["building_inspector"], violation, return_date=RETURN, return_time=value)
    assert s.return_time == kept


@pytest.mark.parametrize("value", ["25:99", "<b>noon; DROP</b>", "9:00 a.m."])
def test_api_refuses_a_bad_return_time_with_422_naming_it_164_12(mu, violation, value):
    r = api_client(mu["building_inspector"]).post(
        f"/api/v1/towns/mount-pleasant-ny/violations/{violation.pk}/summons",
        json.dumps({"return_date": RETURN.isoformat(), "return_time": value}), content_type="application/json")
    assert r.status_code == 422, r.content
    body = r.json()
    assert body["field"] == "return_time" and "00:00 to 23:59" in body["detail"], body
    assert not Summons.objects.exists()


def test_api_issues_a_summons_at_hh_mm_and_documents_the_format_164_12(mu, violation):
    r = api_client(mu["building_inspector"]).post(
        f"/api/v1/towns/mount-pleasant-ny/violations/{violation.pk}/summons",
        json.dumps({"return_date": RETURN.isoformat(), "return_time": "19:00"}), content_type="application/json")
    assert r.status_code == 201, r.content
    assert Summons.objects.get().return_time == "19:00"
    from publicassembly.api.urls import api

    schema = api.get_openapi_schema()["components"]["schemas"]["SummonsIn"]["properties"]["return_time"]
    assert "24-hour" in schema["description"] and "pattern" in schema


def test_web_form_refuses_25_99_and_issues_at_a_time_164_12(mu, violation):
    c = client_for(mu["building_inspector"])
    url = f"/mount-pleasant-ny/enforcement/summons/{violation.pk}/"
    sent = version_of(violation, f"s{violation.pk}")
    r = c.post(url, {f"s{violation.pk}-return_date": RETURN.isoformat(), f"s{violation.pk}-return_time": "25:99",
                     **sent})
    assert r.status_code == 422 and not Summons.objects.exists()
    page = c.get("/mount-pleasant-ny/enforcement/").content.decode()
    assert 'type="time"' in page
    r = c.post(url, {f"s{violation.pk}-return_date": RETURN.isoformat(), f"s{violation.pk}-return_time": "09:30",
                     **sent})
    assert r.status_code == 302
    assert Summons.objects.get().return_time == "09:30"


#: Hours at the bounds of HH:MM 00:00-23:59 and just beyond, with white space, other digits and other forms.
HOURS = ["", "00:00", "23:59", "09:30", " 09:30 ", "09:30\t", "   ", "24:00", "23:60", "9:30", "09:30:00", "0930",
         "noon", "09:3O", "\u0660\u0669:\u0663\u0660", "09:30\n", "\n"]


def _schema_pattern() -> str:
    from publicassembly.api.urls import api

    schema = api.get_openapi_schema()["components"]["schemas"]["SummonsIn"]["properties"]["return_time"]
    return schema["pattern"]


def test_the_api_documents_the_return_hour_with_the_one_pattern_of_the_documents_164_12():
    """The API's schema states the summons's hour with `documents.records.RETURN_TIME`, the pattern the CLI and
    the workflow hold a summons to, not a copy of its own."""
    from publicassembly.api.actions import RETURN_TIME_PATTERN
    from publicassembly.documents.records import RETURN_TIME

    assert _schema_pattern() == RETURN_TIME_PATTERN
    assert f"(?:{RETURN_TIME.pattern})" in RETURN_TIME_PATTERN


@pytest.mark.parametrize("value", HOURS)
def test_the_schemas_pattern_takes_what_the_service_takes_164_12(value):
    """The same accepted values: a return hour the schema's pattern matches (read as JSON Schema reads it, ``$``
    the end of the text) is one the service takes, and one it does not match the service refuses."""
    import re

    pattern = _schema_pattern()
    matches = re.search(pattern.removesuffix("$") + r"\Z", value) is not None
    try:
        es.return_time_of(value)
        taken = True
    except ValidationFailed:
        taken = False
    assert matches == taken, (value, pattern)


@pytest.mark.parametrize(("value", "kept"), [("23:59", "23:59"), (" 00:00 ", "00:00"), ("24:00", None),
                                             ("23:60", None), ("9:30", None)])
def test_the_api_takes_the_hours_of_the_pattern_at_its_bounds_164_12(mu, violation, value, kept):
    r = api_client(mu["building_inspector"]).post(
        f"/api/v1/towns/mount-pleasant-ny/violations/{violation.pk}/summons",
        json.dumps({"return_date": RETURN.isoformat(), "return_time": value}), content_type="application/json")
    if kept is None:
        assert r.status_code == 422 and r.json()["field"] == "return_time" and not Summons.objects.exists()
        assert "HH:MM on the 24-hour clock, 00:00 to 23:59" in r.json()["detail"]
    else:
        assert r.status_code == 201, r.content
        assert Summons.objects.get().return_time == kept
