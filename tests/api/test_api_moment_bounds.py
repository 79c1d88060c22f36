"""A moment given to the API (a stop order's ``ordered_at``, its ``lifted_at``) is bounded as on the pages:
in the fact years 1778-2099 (interpretation G-2), then refused by the service before the chapter was in force
or in the future — every refusal a 422 naming the field (Mount Pleasant § 164-5)."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.django_db

URL = "/api/v1/towns/mount-pleasant-ny/venues/{pk}/stop-orders"
BODY = {"performance": "Saturday dance", "persons_present": 311}


@pytest.mark.parametrize(("moment", "says"), [
    ("1777-12-31T23:00:00+00:00", "1778"),  # before the fact years: the schema's bound
    ("1850-01-01T12:00:00-05:00", "1850-01-01 is before it"),  # in them, before ch. 164: the service
])
def test_a_moment_before_the_chapter_is_refused_naming_the_field(api, mu, hall, moment, says):
    r = api(mu["enforcement_officer"]).post(URL.format(pk=hall.pk), json.dumps({**BODY, "ordered_at": moment}),
                                            content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "ordered_at", r.json()
    assert says in r.json()["detail"]


@pytest.mark.parametrize("moment", [1764700000, 12345, 0, 1764700000.5, True])
def test_a_moment_given_as_a_json_number_is_refused_not_read_as_seconds_since_1970(api, mu, hall, moment):
    """§ 164-5: ``ordered_at`` 1764700000 was recorded as 2025-12-02T18:26:40Z (pydantic reads a number as seconds
    since 1970), a moment no officer wrote; it is refused, as a date given as a number is."""
    from publicassembly.enforcement.models import StopOrder

    before = StopOrder.objects.count()
    r = api(mu["enforcement_officer"]).post(URL.format(pk=hall.pk), json.dumps({**BODY, "ordered_at": moment}),
                                            content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "ordered_at", r.json()
    assert "ISO 8601 with its UTC offset" in r.json()["detail"]
    assert StopOrder.objects.count() == before


def test_a_moment_as_iso_text_is_still_taken(api, mu, hall):
    r = api(mu["enforcement_officer"]).post(URL.format(pk=hall.pk),
                                            json.dumps({**BODY, "ordered_at": "2026-07-04T21:30:00-04:00"}),
                                            content_type="application/json")
    assert r.status_code == 201, r.json()
    assert r.json()["ordered_at"] == "2026-07-05T01:30:00+00:00"


@pytest.mark.parametrize("moment", ["1764700000", " 1764700000 ", "1764700000.5", "2026-07-04", "20260704T213000Z"])
def test_a_moment_given_as_a_string_of_digits_is_refused_not_read_as_seconds_since_1970(api, mu, hall, moment):
    """§ 164-5: ``"1764700000"`` is a string pydantic also reads as seconds since 1970; it, a date without its
    time and the ISO basic format are refused naming the field, nothing recorded."""
    from publicassembly.enforcement.models import StopOrder

    before = StopOrder.objects.count()
    r = api(mu["enforcement_officer"]).post(URL.format(pk=hall.pk), json.dumps({**BODY, "ordered_at": moment}),
                                            content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "ordered_at", r.json()
    assert "ISO 8601 with its UTC offset" in r.json()["detail"]
    assert StopOrder.objects.count() == before


def test_the_published_schema_states_the_moment_in_words_not_as_a_pydantic_bound():
    """The OpenAPI document gives a moment's first year in its description (JSON Schema has no bound of a
    date-time a client reads); pydantic's ``ge`` is not published (G-2)."""
    from publicassembly.api.urls import api as ninja_api

    moment = ninja_api.get_openapi_schema()["components"]["schemas"]["StopOrderIn"]["properties"]["ordered_at"]
    assert "ge" not in moment["anyOf"][0] and "from 1778-01-01" in moment["anyOf"][0]["description"], moment
