"""The dates of an enforcement case are checked when given (Mount Pleasant § 164-12 summons, § 164-14 penalties;
G-2 dates 1778-2099; W-7 a summons returnable within 365 days of its issue): nothing of a refused step is
written."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from tests.enforcement.conftest import BLOCKED
from tests.refused import refused

from publicassembly.accounts.models import Role
from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Disposition, Summons
from publicassembly.law.dates import court_does_not_sit_because

DAY = dt.timedelta(days=1)


def test_violation_observed_in_the_future_refused_164_12(bi, mount_pleasant):
    """A violation observed on 2030-01-01 (after today) is refused naming ``observed_on``; today is recorded."""
    today = timezone.localdate()
    firm = es.register_offender(bi, mount_pleasant, kind="firm", name="Kensico Manor LLC")
    complaint = es.file_complaint(bi, mount_pleasant, description="exit chained", observed_on=today,
                                  offender=firm, in_presence=True)
    for day in (dt.date(2030, 1, 1), today + DAY, "9999-12-31"):
        refused("observed_on", lambda day=day: es.record_violation(bi, complaint, rule_id=BLOCKED, observed_on=day))
    assert es.record_violation(bi, complaint, rule_id=BLOCKED, observed_on=today).observed_on == today


def test_summons_return_date_9999_refused_within_365_days_accepted_w7(bi, violation, day):
    """§ 164-12 summons: a return date of 9999-12-31, or 366 days after issue, is refused naming
    ``return_date`` and no summons is made; 365 days after issue is accepted."""
    for ret in (dt.date(9999, 12, 31), day + dt.timedelta(days=366), day):
        refused("return_date", lambda ret=ret: es.issue_summons(bi, violation, issued_on=day, return_date=ret))
    assert not Summons.objects.exists()
    violation.refresh_from_db()
    assert violation.state == "recorded"
    s = es.issue_summons(bi, violation, issued_on=day, return_date=day + dt.timedelta(days=365))
    assert s.return_date == dt.date(2026, 3, 3)


def test_summons_issued_tomorrow_or_before_the_violation_refused_164_12(bi, violation, day):
    today = timezone.localdate()
    # (returnable on a day the court sits, whatever day the suite runs: the issue day alone is refused, W-8, W-38)
    sits = next(today + k * DAY for k in range(9, 16) if court_does_not_sit_because(today + k * DAY) is None)
    refused("issued_on", lambda: es.issue_summons(bi, violation, issued_on=today + DAY, return_date=sits))
    e = refused("issued_on", lambda: es.issue_summons(bi, violation, issued_on=day - DAY, return_date=day + DAY))
    assert "observed" in e.detail
    # (returnable on the first day after today that the Town Justice Court sits: not a weekend or holiday, W-8)
    returnable = next(today + k * DAY for k in range(1, 8) if court_does_not_sit_because(today + k * DAY) is None)
    assert es.issue_summons(bi, violation, issued_on=today, return_date=returnable).issued_on == today


def test_disposition_decided_on_0001_or_tomorrow_refused_today_accepted_164_14(bi, violation, day, mp):
    """§ 164-14: the court's decision dated 0001-01-01, tomorrow, or before the summons is refused naming
    ``decided_on`` (nothing written); today is recorded."""
    es.issue_summons(bi, violation, issued_on=day, return_date=day + dt.timedelta(days=21))
    violation.refresh_from_db()
    today = timezone.localdate()
    clerk = mp[Role.TOWN_CLERK]
    for when in (dt.date(1, 1, 1), "0001-01-01", today + DAY, day - DAY):
        refused("decided_on", lambda when=when: es.record_disposition(clerk, violation, outcome="dismissed",
                                                                       decided_on=when))
    assert not Disposition.objects.exists()
    assert es.record_disposition(clerk, violation, outcome="dismissed", decided_on=today).decided_on == today


def test_fine_of_minus_zero_is_said_as_zero_164_14(bi, violation, day):
    """A first offense of § 164-14 has a least fine above $0: "-0" is refused as "$0.00 is outside …", never
    "$-0.00"."""
    es.issue_summons(bi, violation, issued_on=day, return_date=day + dt.timedelta(days=21))
    violation.refresh_from_db()
    e = refused("fine", lambda: es.record_disposition(bi, violation, outcome="convicted",
                                                      decided_on=day + dt.timedelta(days=21), fine="-0"))
    assert e.detail.startswith("$0.00 is outside"), e.detail
    assert "-0" not in e.detail


def test_payment_dated_in_the_future_or_0001_refused(bi, violation, day, mp):
    es.issue_summons(bi, violation, issued_on=day, return_date=day + dt.timedelta(days=21))
    violation.refresh_from_db()
    es.record_disposition(bi, violation, outcome="convicted", decided_on=day + dt.timedelta(days=21), fine="80")
    violation.refresh_from_db()
    clerk = mp[Role.TOWN_CLERK]
    today = timezone.localdate()
    for when in (today + DAY, dt.date(1, 1, 1)):
        refused("paid_on", lambda when=when: es.record_payment(clerk, violation, amount="80", paid_on=when))
    assert es.record_payment(clerk, violation, amount="80", paid_on=today).state == "paid"


def test_payment_before_the_disposition_refused_its_day_accepted_164_14(bi, violation, day, mp):
    """A fine is paid once the court has imposed it: a payment dated before the disposition (decided 24 March
    2025), e.g. 1990-01-01 or the day before, is refused naming ``paid_on`` and the violation stays disposed;
    the disposition's day is accepted."""
    es.issue_summons(bi, violation, issued_on=day, return_date=day + dt.timedelta(days=21))
    violation.refresh_from_db()
    decided = day + dt.timedelta(days=21)
    es.record_disposition(bi, violation, outcome="convicted", decided_on=decided, fine="80")
    violation.refresh_from_db()
    clerk = mp[Role.TOWN_CLERK]
    for when in (dt.date(1990, 1, 1), decided - DAY):
        e = refused("paid_on", lambda when=when: es.record_payment(clerk, violation, amount="80", paid_on=when))
        assert "disposition" in e.detail and decided.isoformat() in e.detail
    violation.refresh_from_db()
    assert violation.state == "disposed" and Disposition.objects.get().paid_on is None
    assert es.record_payment(clerk, violation, amount="80", paid_on=decided).state == "paid"
