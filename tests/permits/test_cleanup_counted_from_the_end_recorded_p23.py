"""Carmel ch. 31 ¶ F ("within five days from the date of the termination of the assembly"), interpretation P-23:
every count of the cleanup's last day — the application's deadlines, the reminders, the permit's cleanup date, the
bond's decision — runs from the end the Clerk recorded (`assembly_ended_on`, a Town fact of the law core), not
from the petition's last day, once the end is recorded: earlier when the assembly ended early, later when it ran
past its permit. The law core refuses an end before the first day."""

from __future__ import annotations

from datetime import date

import pytest

from publicassembly.law import evaluate
from publicassembly.law.errors import InvalidCase
from publicassembly.permits import services as sv

from .conftest import LAST_DAY

FIRST_DAY = date(2026, 8, 14)


@pytest.mark.parametrize(("ended", "due"), [
    (date(2026, 8, 15), date(2026, 8, 20)),  # ended a day early: 5 days from Saturday 15 August
    (LAST_DAY, date(2026, 8, 21)),  # as permitted, Sunday 16 August: Friday 21 August
])
def test_the_cleanup_is_due_five_days_from_the_end_recorded_paragraph_f_p23(walk, ended, due):
    app = walk.issued()
    before = sv.deadlines(app, LAST_DAY)["cleanup_due"].date
    assert before == date(2026, 8, 21)  # (from the petition's last day while no end is recorded)
    app = sv.record_assembly_held(walk.clerk, app, ended_on=ended, today=LAST_DAY)
    assert sv.deadlines(app, LAST_DAY)["cleanup_due"].date == due
    assert sv.deadlines_of_many([app], LAST_DAY)[app.pk]["cleanup_due"].date == due  # (the lists' count too)


def test_an_end_after_the_permit_counts_from_the_end_paragraph_f_p23(walk):
    app = walk.issued()
    app = sv.record_assembly_held(walk.clerk, app, ended_on=date(2026, 8, 18), today=date(2026, 8, 18),
                                  reason="the last band played on Tuesday")
    assert sv.deadlines(app, date(2026, 8, 18))["cleanup_due"].date == date(2026, 8, 24)  # Sun 23 → Mon 24


def test_the_law_core_refuses_an_end_before_the_first_day_paragraph_f():
    from pathlib import Path

    import yaml

    case = yaml.safe_load((Path(__file__).resolve().parents[2] / "examples" / "carmel-county-fair.yaml").read_text())
    first = date.fromisoformat(str(case["dates"]["first_day"]))
    case["assembly_ended_on"] = str(first.replace(day=first.day - 1))
    case["as_of"] = str(first.replace(year=first.year + 1))
    with pytest.raises(InvalidCase) as e:
        evaluate(case)
    assert e.value.field == "assembly_ended_on" and "before the assembly's first day" in e.value.message
    case["assembly_ended_on"] = str(first)
    assert evaluate(case).deadlines["cleanup_due"].date > first
