"""The demonstration enforcement cases: a first and a second offense under Mount Pleasant § 164-14, a lifted stop
order (§§ 164-5, 164-13), and a Carmel unpermitted assembly of 3 days."""

from __future__ import annotations

from decimal import Decimal

import pytest

from publicassembly.accounts.models import Membership
from publicassembly.enforcement import demo
from publicassembly.enforcement.models import Violation
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db


def test_demo_enforcement_in_both_towns(mount_pleasant, carmel, mp, other):
    towns = {"mount-pleasant-ny": mount_pleasant, "carmel-ny": carmel}
    users = {"mount-pleasant-ny": mp, "carmel-ny": other}
    out = demo.load(towns, users)
    first, second = out["first_offense"], out["second_offense"]
    assert (first.state, first.disposition.offense_number, first.disposition.fine) == ("closed", 1, Decimal("75.00"))
    assert (second.state, second.disposition.offense_number) == ("disposed", 2)
    assert second.disposition.penalty["max_jail_days"] == 15 and second.summons.issued_by == mp["building_inspector"]
    assert second.complaint.complainant_kind == "police_officer" and second.deficiency.kind == "blocked_exit"
    assert out["stop_order"].state == "lifted" and out["stop_order"].egress_obstructed
    concert = out["unpermitted_concert"]
    assert (concert.days_of_continued_violation, concert.disposition.penalty["max_fine"]) == (3, 750)
    assert concert.summons.court == "Town Justice Court of the Town of Carmel"
    # each town's case is made by its own officials (Carmel's police officer files, its inspector summons)
    assert concert.complaint.filed_by == other["enforcement_officer"]
    assert concert.summons.issued_by == other["building_inspector"]
    again = demo.load(towns, users)
    assert again["second_offense"] == second and Violation.objects.count() == 3


def test_demo_gives_no_official_a_role_in_another_town(mount_pleasant, carmel, mp, other):
    """Each town's demo officials act in their own town only: no Mount Pleasant user gains a Carmel role."""
    demo.load({"mount-pleasant-ny": mount_pleasant, "carmel-ny": carmel}, {"mount-pleasant-ny": mp, "carmel-ny": other})
    for users, town in ((mp, mount_pleasant), (other, carmel)):
        for user in users.values():
            assert set(Membership.objects.filter(user=user).values_list("town", flat=True)) == {town.pk}


def test_demo_without_a_towns_officials_names_them(mount_pleasant, carmel, mp):
    """A town given without its own officials is refused, naming what is missing (never a KeyError)."""
    towns = {"mount-pleasant-ny": mount_pleasant, "carmel-ny": carmel}
    with pytest.raises(ValidationFailed) as e:
        demo.load(towns, {"mount-pleasant-ny": mp})
    assert e.value.field == "users" and "users['carmel-ny']" in str(e.value)
    with pytest.raises(ValidationFailed) as e:
        demo.load(towns, {"mount-pleasant-ny": mp, "carmel-ny": {}})
    assert "users['carmel-ny']['building_inspector']" in str(e.value)
