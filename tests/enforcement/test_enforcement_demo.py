"""The demonstration enforcement cases: a first and a second offense under Mount Pleasant § 164-14, a lifted stop
order (§§ 164-5, 164-13), and a Carmel unpermitted assembly of 3 days."""

from __future__ import annotations

from decimal import Decimal

import pytest

from publicassembly.enforcement import demo
from publicassembly.enforcement.models import Violation

pytestmark = pytest.mark.django_db


def test_demo_enforcement_in_both_towns(mount_pleasant, carmel, mp):
    towns = {"mount-pleasant-ny": mount_pleasant, "carmel-ny": carmel}
    out = demo.load(towns, mp)
    first, second = out["first_offense"], out["second_offense"]
    assert (first.state, first.disposition.offense_number, first.disposition.fine) == ("closed", 1, Decimal("75.00"))
    assert (second.state, second.disposition.offense_number) == ("disposed", 2)
    assert second.disposition.penalty["max_jail_days"] == 15 and second.summons.issued_by == mp["building_inspector"]
    assert second.complaint.complainant_kind == "police_officer" and second.deficiency.kind == "blocked_exit"
    assert out["stop_order"].state == "lifted" and out["stop_order"].egress_obstructed
    concert = out["unpermitted_concert"]
    assert (concert.days_of_continued_violation, concert.disposition.penalty["max_fine"]) == (3, 750)
    assert concert.summons.court == "Town Justice Court of the Town of Carmel"
    again = demo.load(towns, mp)
    assert again["second_offense"] == second and Violation.objects.count() == 3
