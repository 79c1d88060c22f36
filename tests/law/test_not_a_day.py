"""A date written YYYY-MM-DD that is no day of the calendar (2026-02-30) is told why — the month's number of days,
or that there is no such month — not "write it as YYYY-MM-DD", which it already is. On both sides of each month's
last day, leap years included (February 2024 has 29 days, February 2025 and 1900 28, February 2000 29)."""

from __future__ import annotations

import json
from datetime import date

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from publicassembly.cli import app
from publicassembly.law.cases import not_a_day, parse_case, read_date
from publicassembly.law.errors import InvalidCase


@pytest.mark.parametrize(("text", "told"), [
    ("2026-02-29", "'2026-02-29' is not a day of the calendar: 2026-02 has 28 days"),
    ("2025-02-29", "'2025-02-29' is not a day of the calendar: 2025-02 has 28 days"),
    ("1900-02-29", "'1900-02-29' is not a day of the calendar: 1900-02 has 28 days"),
    ("2024-02-30", "'2024-02-30' is not a day of the calendar: 2024-02 has 29 days"),
    ("2026-04-31", "'2026-04-31' is not a day of the calendar: 2026-04 has 30 days"),
    ("2026-01-32", "'2026-01-32' is not a day of the calendar: 2026-01 has 31 days"),
    ("2026-01-00", "'2026-01-00' is not a day of the calendar: 2026-01 has 31 days"),
    ("2026-13-01", "'2026-13-01' is not a day of the calendar: there is no month 13"),
    ("2026-00-10", "'2026-00-10' is not a day of the calendar: there is no month 0"),
    # (G-2: with the dates a fact may take, as a date of another year is told; year 1 is a day, refused by G-2)
    ("0000-01-01", "'0000-01-01' is not a day of the calendar: there is no year 0; allowed: a date from "
                   "1778-01-01 to 2099-12-31"),
])
def test_a_date_that_is_no_day_is_told_why(text, told):
    assert str(not_a_day(text)) == told
    with pytest.raises(InvalidCase) as caught:
        read_date(text, "as_of")
    assert caught.value.errors == (("as_of", told),) or str(caught.value.errors[0][1]) == told


@pytest.mark.parametrize("text", ["2024-02-29", "2000-02-29", "2026-02-28", "2026-04-30", "2026-12-31", "2026-01-01"])
def test_the_last_and_first_days_are_days(text):
    assert not_a_day(text) is None and read_date(text, "as_of") == date.fromisoformat(text)


@pytest.mark.parametrize("text", ["26-02-30", "2026/02/30", "30 February 2026", "", None, 20260230])
def test_what_is_not_written_yyyy_mm_dd_is_told_how_to_write_a_date(text):
    assert not_a_day(text) is None


@given(st.dates())
def test_every_day_of_the_calendar_is_a_day(day):
    assert not_a_day(day.isoformat()) is None


def test_a_case_file_fact_and_as_of_are_told_the_month_s_days(tmp_path):
    """Carmel ch. 31 case file: every date told in the same words, each on its own line (exit 2)."""
    path = tmp_path / "case.yaml"
    path.write_text('jurisdiction: carmel-ny\nsubject: event\nas_of: "2026-02-30"\nmax_persons_at_one_time: 600\n'
                    'dates: {first_day: "2026-04-31", last_day: "2026-05-01"}\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert "as_of: '2026-02-30' is not a day of the calendar: 2026-02 has 28 days" in result.stderr
    assert "dates.first_day: '2026-04-31' is not a day of the calendar: 2026-04 has 30 days" in result.stderr


def test_the_as_of_option_is_told_the_month_s_days():
    result = CliRunner().invoke(app, ["check", "examples/carmel-county-fair.yaml", "--as-of", "2025-02-29"])
    assert result.exit_code == 2
    assert "--as-of: '2025-02-29' is not a day of the calendar: 2025-02 has 28 days" in result.stderr


def test_the_api_tells_the_month_s_days_422(db):
    body = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-05-01", "max_persons_at_one_time": 600,
            "dates": {"first_day": "2026-06-31", "last_day": "2026-07-01"}}
    r = Client().post("/api/v1/check", data=json.dumps(body), content_type="application/json")
    assert r.status_code == 422
    assert r.json()["errors"][0] == {"field": "dates.first_day",
                                     "msg": "'2026-06-31' is not a day of the calendar: 2026-06 has 30 days"}


def test_parse_case_tells_the_month_s_days_for_a_fact():
    with pytest.raises(InvalidCase) as caught:
        parse_case({"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-05-01",
                    "dates": {"first_day": "2026-02-29", "last_day": "2026-03-01"}})
    assert ("dates.first_day", "'2026-02-29' is not a day of the calendar: 2026-02 has 28 days") in [
        (f, str(m)) for f, m in caught.value.errors]


def test_a_web_date_field_is_told_the_month_s_days_in_spanish_too(db):
    """The public permit check (Carmel ch. 31) in Spanish: the same reason, translated, beside the field."""
    r = Client().get("/permit-check/", {"persons": 600, "first_day": "2026-02-30", "last_day": "2026-08-16"},
                     HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 422
    assert "&#x27;2026-02-30&#x27; no es un día del calendario: 2026-02 tiene 28 días." in r.content.decode()


@pytest.mark.parametrize(("value", "told"), [
    ("2026-02-30", "issued_date: '2026-02-30' is not a day of the calendar: 2026-02 has 28 days"),
    ("2026-04-31", "issued_date: '2026-04-31' is not a day of the calendar: 2026-04 has 30 days"),
    ("2026-02-3x", "issued_date: '2026-02-3x' is not a date; write YYYY-MM-DD"),
])
def test_a_document_record_s_date_of_no_day_is_told_why(value, told):
    """A record from JSON (`certificate --from-json`, § 164-9) reads its dates as a case does."""
    from publicassembly.documents.records import CertificateRecord, record_from_json

    record = {"number": "MP-2026-0007", "issued_date": value, "venue_name": "Hall", "venue_address": "1 Main St",
              "spaces": [], "lawful_occupancy": 100, "inspector_name": "P. Rivera"}
    with pytest.raises(ValueError) as caught:
        record_from_json(CertificateRecord, record)
    assert told in str(caught.value)
