"""A summons read with ``--from-json`` is held to the workflow's rule of its return (interpretation W-7; Mount
Pleasant § 164-12, Carmel ch. 31 penalties: returnable in the Town Justice Court): a new-user trial printed
``"return_time": "25:99"`` as "at 25:99" and took ``return_date`` 2099-12-21 (exit 0), which the API refuses.
Now ``return_time`` is ``HH:MM`` from 00:00 to 23:59 or left out, and ``return_date`` at most
`RETURN_WITHIN_DAYS` days after today (the day of issue is not after today) and after the offense date; else
exit 2 naming the field and what is allowed, no PDF. The bound and the hour are the workflow's own
(`enforcement.services` imports them), not a copy."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

import pytest

from publicassembly.documents.records import (
    RETURN_TIME,
    RETURN_WITHIN_DAYS,
    summons_town_and_citations,
    town_today,
)
from publicassembly.law.dates import is_business_day, next_business_day

from .conftest import pdf_text
from .test_records_summons_law import _data, _refused, _summons, _written


@pytest.mark.parametrize("value", ["25:99", "24:00", "23:60", "9:30", "9:30 a.m.", "0930", "noon"])
def test_a_return_time_not_hh_mm_of_a_day_is_refused_naming_return_time_w7(tmp_path, summons_record, value):
    _refused(tmp_path, _data(summons_record, return_time=value), "return_time", repr(value), "HH:MM",
             "00:00 to 23:59")


@pytest.mark.parametrize(("value", "words"), [("00:00", "at 12:00 a.m."), ("23:59", "at 11:59 p.m."),
                                              (" 09:30 ", "at 9:30 a.m.")])
def test_a_return_time_from_00_00_to_23_59_is_written_w7(tmp_path, summons_record, value, words):
    result, out = _summons(tmp_path, _data(summons_record, return_time=value))
    assert result.exit_code == 0, result.output
    assert words in " ".join(pdf_text(out.read_bytes()).split())


def test_no_return_time_is_written_without_an_hour(tmp_path, summons_record):
    _written(tmp_path, _data(summons_record, return_time=""))


def test_the_trials_return_date_2099_12_21_is_refused_naming_return_date_w7(tmp_path, summons_record):
    last = town_today() + timedelta(days=RETURN_WITHIN_DAYS)
    _refused(tmp_path, _data(summons_record, return_date="2099-12-21"), "return_date", "2099-12-21",
             f"more than {RETURN_WITHIN_DAYS} days after today", f"allowed: a day up to {last.isoformat()}",
             "interpretation W-7")


def _a_today_whose_last_return_day_sits() -> date:
    """A today whose last allowed return day (365 days on) is a business day, and the day after it too is
    checked only against the bound."""
    day = date(2026, 12, 1)
    while not is_business_day(day + timedelta(days=RETURN_WITHIN_DAYS)):
        day += timedelta(days=1)
    return day


def test_the_return_bound_both_sides_365_days_after_today_w7(summons_record):
    today = _a_today_whose_last_return_day_sits()
    last = today + timedelta(days=RETURN_WITHIN_DAYS)
    assert summons_town_and_citations(replace(summons_record, return_date=last), today=today) == []
    problems = summons_town_and_citations(replace(summons_record, return_date=last + timedelta(days=1)),
                                          today=today)
    assert problems == [f"return_date: {last + timedelta(days=1)} is more than 365 days after today ({today}); "
                        f"allowed: a day up to {last}, for a summons is returnable at most 365 days after its day "
                        "of issue, which is not after today (interpretation W-7)"]


def test_a_return_date_within_the_bound_from_today_is_written_by_the_cli(tmp_path, summons_record):
    day = next_business_day(town_today() + timedelta(days=30))
    _written(tmp_path, _data(summons_record, return_date=day.isoformat()))


def test_the_workflow_uses_the_same_bound_and_hour():
    from publicassembly.enforcement import services as es

    assert es.RETURN_WITHIN_DAYS is RETURN_WITHIN_DAYS and es.RETURN_TIME is RETURN_TIME
