"""A summons's return date on a day the Town Justice Court sits (Mount Pleasant § 164-12; interpretation W-8): a
Saturday, a Sunday or a GCL § 24 public holiday is refused naming ``return_date`` and why, and no summons is made;
the business days around it are accepted."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.refused import refused

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Summons


@pytest.mark.parametrize(("ret", "why"), [
    (dt.date(2025, 12, 25), "is Christmas Day, a public holiday (GCL § 24)"),
    (dt.date(2025, 9, 1), "is Labor Day, a public holiday (GCL § 24)"),  # a Monday holiday
    (dt.date(2025, 3, 15), "is a Saturday"),
    (dt.date(2025, 3, 16), "is a Sunday"),
])
def test_return_date_on_a_day_the_court_does_not_sit_is_refused_w8(bi, violation, day, ret, why):
    e = refused("return_date", lambda: es.issue_summons(bi, violation, issued_on=day, return_date=ret))
    assert why in e.detail and "Town Justice Court does not sit" in e.detail
    violation.refresh_from_db()
    assert violation.state == "recorded" and not Summons.objects.filter(violation=violation).exists()


@pytest.mark.parametrize("ret", [dt.date(2025, 12, 24), dt.date(2025, 12, 26), dt.date(2025, 8, 29),
                                 dt.date(2025, 9, 2), dt.date(2025, 3, 14), dt.date(2025, 3, 17)])
def test_return_date_on_the_business_day_before_or_after_is_accepted_w8(bi, violation, day, ret):
    assert es.issue_summons(bi, violation, issued_on=day, return_date=ret).return_date == ret
