"""A Carmel summons read with ``--from-json`` charges days of continued violation that have happened (ch. 31
penalties ¶ A: each day's continued violation is a separate violation, and a day still to come is none yet;
interpretation D-11): counted from ``offense_date``, the days ending on the Town's today are written, one more is
refused (exit 2, no PDF) naming ``days_of_continued_violation``, in the law core's words, as ``check`` refuses
the same case. The trial's file: offense 2026-11-28, 100 days, on 2026-12-01 — written before."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest

from publicassembly.documents.records import summons_town_and_citations

from .test_records_summons_law import CARMEL, _data, _refused, _written

TRIAL_DAY, OFFENSE = date(2026, 12, 1), date(2026, 11, 28)


def _carmel(days: int) -> dict:
    """Carmel's record for `days` days (¶ B: up to $250 and 15 days for each)."""
    return CARMEL | {"days_of_continued_violation": days, "max_fine": str(250 * days), "max_jail_days": 15 * days,
                     "offense_date": OFFENSE.isoformat(), "return_date": "2026-12-22"}


def test_penalties_a_days_ending_today_pass_one_more_is_named(summons_record):
    record = replace(summons_record, **{k: v for k, v in CARMEL.items()}, offense_date=OFFENSE,
                     days_of_continued_violation=4, max_fine=Decimal(1000), max_jail_days=60)
    assert summons_town_and_citations(record, today=TRIAL_DAY) == []
    problems = summons_town_and_citations(replace(record, days_of_continued_violation=5), today=TRIAL_DAY)
    assert problems == ["days_of_continued_violation: 5 days from 2026-11-28 would run to 2026-12-02, past today "
                        "(2026-12-01): each day's continued violation is a separate violation, and a day still to "
                        "come is none yet; by today there are at most 4 days (Carmel Code ch. 31, penalties ¶ A)"]


@pytest.mark.parametrize("days", [5, 100])
def test_penalties_a_the_cli_refuses_days_to_come_exit_2_naming_the_field(tmp_path, summons_record, travel_to, days):
    travel_to(TRIAL_DAY)
    _refused(tmp_path, _data(summons_record, **_carmel(days)), "days_of_continued_violation",
             "from 2026-11-28 would run to", "past today (2026-12-01)", "at most 4 days")


def test_penalties_a_the_cli_writes_the_days_ending_today(tmp_path, summons_record, travel_to):
    travel_to(TRIAL_DAY)
    _written(tmp_path, _data(summons_record, **_carmel(4)))
