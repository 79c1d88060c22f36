"""Interpretation P-9: the filing fee is "established annually by the Town Board" (ch. 31, fee). A year's fee is
set by a resolution adopted before the year ends, and once an application has been filed in the year the fee on
file is charged on it and is no longer changed; a first schedule for a year without one may not fall below what
a filing of that year has already paid (the fee is not refundable). Nothing is stored when refused.

The fair of the conftest is filed on 1 June 2026 under the $250 fee of 2026."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from tests.refused import refused

from publicassembly.permits import services as sv
from publicassembly.permits.models import FeeSchedule

from .conftest import SUBMITTED

TODAY = date(2026, 11, 30)


def _set(walk, year, amount, resolution_date, today=TODAY):
    return sv.set_fee_schedule(walk.clerk, walk.town, year=year, amount=amount, resolution_date=resolution_date,
                               today=today)


def test_resolution_after_the_year_ended_refused_on_its_last_day_accepted(walk):
    """PUT 2025 by a resolution of 2026-11-01 (after 2025 ended) is refused naming ``resolution_date`` and
    nothing is stored; a resolution of 2025-12-31 (its last day) is accepted, one of 2026-01-01 refused."""
    for day in (date(2026, 11, 1), date(2026, 1, 1)):
        e = refused("resolution_date", lambda day=day: _set(walk, 2025, "100", day))
        assert "after 2025 ended" in e.detail and "2025-12-31" in e.detail
    assert not FeeSchedule.objects.filter(year=2025).exists()
    assert _set(walk, 2025, "100", date(2025, 12, 31)).resolution_date == date(2025, 12, 31)
    # a year to come may be set by a resolution adopted now
    assert _set(walk, 2027, "275", date(2026, 11, 1)).amount == Decimal("275.00")


def test_fee_of_a_year_with_a_filing_is_not_changed_the_next_year_is(walk):
    """Once the fair is filed in 2026, the 2026 fee ($250) is charged: changing it is refused naming ``amount``
    (the fee due stays $250 and nothing is stored); recording the same amount again is accepted; 2027's fee,
    with nothing filed in 2027, may still change."""
    app = walk.submitted()
    e = refused("amount", lambda: _set(walk, 2026, "100", date(2026, 11, 1)))
    assert "1 application filed in 2026 (on 2026-06-01)" in e.detail and "$250" in e.detail
    assert FeeSchedule.objects.get(year=2026).amount == Decimal("250.00")
    assert sv.fee_due(app) == Decimal("250.00")
    assert _set(walk, 2026, "250.00", date(2026, 1, 7)).resolution_date == date(2026, 1, 7)
    _set(walk, 2027, "275", date(2026, 11, 1))
    assert _set(walk, 2027, "300", date(2026, 11, 2)).amount == Decimal("300.00")


def test_fee_of_a_year_may_change_until_the_first_filing(walk):
    """Before anything is filed in 2026 the Board may change its fee; the filing on 1 June 2026 fixes it."""
    assert _set(walk, 2026, "300", date(2026, 1, 20), today=date(2026, 5, 31)).amount == Decimal("300.00")
    app = walk.submitted()
    assert app.submitted_on == SUBMITTED and sv.fee_due(app) == Decimal("300.00")
    refused("amount", lambda: _set(walk, 2026, "250", date(2026, 1, 20)))


def test_first_schedule_of_a_year_with_filings_not_below_what_was_paid(walk):
    """P-1: with no schedule for 2026 a filing has no fee in force and a payment is recorded as given ($200).
    The Board's first schedule for 2026 may then be recorded (it unblocks the filing), but not below the $200
    already paid, which could never be refunded: $199.99 refused naming ``amount``, $200 accepted."""
    app = walk.approved()
    FeeSchedule.objects.all().delete()
    sv.record_fee_payment(walk.clerk, app, amount="200", paid_on=SUBMITTED, today=TODAY)
    e = refused("amount", lambda: _set(walk, 2026, "199.99", date(2026, 1, 6)))
    assert "already paid $200" in e.detail
    assert not FeeSchedule.objects.exists()
    assert _set(walk, 2026, "200", date(2026, 1, 6)).amount == Decimal("200.00")
    assert sv.fee_due(app) == Decimal("200.00")
