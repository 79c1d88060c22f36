"""One stop order in force per performance at a place (Mount Pleasant § 164-5: the performance stopped "until
corrected"; § 164-13: the order lifted once it is; interpretation W-40): a second order of the same performance
while the first is in force is refused, naming ``performance``, the order in force and when it was given, and
that it is lifted first; a lifted order blocks nothing, nor does an order of another performance or place. The
service checks under the venue's lock; the database's partial unique constraint is the backstop, its refusal told
in the same words (never an IntegrityError)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import StopOrder
from publicassembly.venues import services as vs
from publicassembly.workflow.errors import ValidationFailed

NY = ZoneInfo("America/New_York")


def _order(by, hall, performance="Saturday dance", **more):
    return es.record_stop_order(by, hall, performance=performance, egress_obstructed=True, **more)


def test_164_5_w40_a_second_order_of_a_performance_in_force_is_refused_naming_the_order_and_when(hall, bi, mp):
    at = timezone.now().astimezone(NY).replace(second=0, microsecond=0) - dt.timedelta(hours=1)
    first = _order(bi, hall, ordered_at=at)
    with pytest.raises(ValidationFailed) as e:
        _order(mp["enforcement_officer"], hall)  # another officer, no version given: the same performance
    assert e.value.field == "performance"
    assert e.value.detail == (
        f"Saturday dance at Kensico Manor is already stopped by stop order {first.pk}, ordered "
        f"{at.strftime('%Y-%m-%d %H:%M %Z')} and in force; nothing was recorded: a performance stays stopped until "
        f"the condition is corrected (§ 164-5), so lift stop order {first.pk} once it is (§ 164-13) before ordering "
        "the performance stopped again")
    assert StopOrder.objects.count() == 1


def test_164_5_w40_the_same_performance_in_other_spaces_and_letter_case_is_the_same(hall, bi):
    first = _order(bi, hall)
    with pytest.raises(ValidationFailed) as e:
        _order(bi, hall, performance="  saturday   DANCE ")
    assert e.value.field == "performance" and f"stop order {first.pk}," in e.value.detail
    assert StopOrder.objects.count() == 1


def test_164_13_w40_once_the_order_is_lifted_the_performance_may_be_stopped_again(hall, bi):
    """The other side of the boundary: a lifted order blocks nothing."""
    first = _order(bi, hall, ordered_at=timezone.now() - dt.timedelta(hours=2))
    es.lift_stop_order(bi, first, correction="Side exit cleared")
    second = _order(bi, hall)
    assert second.pk != first.pk and second.state == StopOrder.IN_FORCE
    with pytest.raises(ValidationFailed) as e:  # and the new one, in force, blocks a third
        _order(bi, hall)
    assert f"stop order {second.pk}," in e.value.detail


def test_164_5_w40_another_performance_or_another_place_is_another_order(hall, bi, mount_pleasant):
    _order(bi, hall)
    _order(bi, hall, performance="Sunday brunch")
    other = vs.create_venue(bi, mount_pleasant, name="Grange Hall", address="1 Main St", commercial=True)
    vs.add_space(bi, other, name="Hall", kind="room", use_group="assembly_without_fixed_seats", area=1500)
    other.refresh_from_db()
    _order(bi, other)
    assert StopOrder.objects.count() == 3


def test_164_5_w40_a_stale_version_is_still_409_before_the_performance_is_judged(hall, bi):
    """The same form sent twice on the version it read (a double click) is still refused as stale (W-9): the
    version is checked first, under the venue's lock."""
    from publicassembly.workflow.errors import StaleUpdate

    hall.refresh_from_db()
    seen = hall.version
    _order(bi, hall, expected_version=seen)
    with pytest.raises(StaleUpdate):
        _order(bi, hall, expected_version=seen)
    with pytest.raises(ValidationFailed) as e:
        _order(bi, hall, expected_version=seen + 1)
    assert e.value.field == "performance"


def test_164_5_w40_the_database_refuses_two_orders_in_force_of_one_performance_not_lifted_ones(hall, bi):
    first = _order(bi, hall)
    twin = StopOrder(town=first.town, venue=hall, performance=first.performance, ordered_at=first.ordered_at,
                     ordered_by=bi, officer_kind=first.officer_kind, rule_id=first.rule_id, citation=first.citation)
    with pytest.raises(IntegrityError), transaction.atomic():
        twin.save()
    twin.pk, twin.state = None, StopOrder.LIFTED
    twin.save()  # a lifted one is no second order in force
    assert StopOrder.objects.count() == 2


def test_164_5_w40_a_race_past_the_check_is_told_the_same_refusal_not_an_integrity_error(hall, bi, monkeypatch):
    """Two orders at once whose checks both passed (as if the lock were not there): the database's constraint
    refuses the second, told as the service tells it, naming ``performance``; the transaction stays usable."""
    first = _order(bi, hall)
    checked = es._in_force_of
    monkeypatch.setattr(es, "_in_force_of", lambda new, exactly=False: checked(new) if exactly else None)
    with transaction.atomic():
        with pytest.raises(ValidationFailed) as e:
            _order(bi, hall)
        assert StopOrder.objects.count() == 1  # (the transaction is still usable after the refusal)
    assert e.value.field == "performance" and f"stop order {first.pk}," in e.value.detail
    assert "already stopped" in e.value.detail
