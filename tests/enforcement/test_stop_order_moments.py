"""The moment of a stop order (Mount Pleasant § 164-5) and of its lifting (§ 164-13) is a moment that has
happened: not in the future (5 minutes of clock skew allowed), not before the chapter is in force, a lifting
not before its order; each refusal names ``ordered_at`` / ``lifted_at``."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from publicassembly.enforcement import services as es
from publicassembly.venues import services as vs
from publicassembly.workflow.errors import ValidationFailed


def _order(bi, hall, at):
    return es.record_stop_order(bi, hall, performance="Gala", egress_obstructed=True, ordered_at=at)


def test_stop_order_in_the_future_refused_now_accepted_164_5(hall, bi, day):
    vs.issue_certificate(bi, hall, issued_on=day)
    now = timezone.now()
    for at in (now + dt.timedelta(minutes=6), dt.datetime(2150, 1, 1, tzinfo=dt.UTC)):
        with pytest.raises(ValidationFailed) as e:
            _order(bi, hall, at)
        assert e.value.field == "ordered_at" and "future" in e.value.detail
    assert _order(bi, hall, now).ordered_at == now


def test_stop_order_before_the_chapter_refused_naming_ordered_at_164_5(hall, bi, day):
    with pytest.raises(ValidationFailed) as e:
        _order(bi, hall, dt.datetime(1900, 1, 1, 12, tzinfo=dt.UTC))
    assert e.value.field == "ordered_at", e.value
    assert e.value.detail == "the chapter is applied from 1976-02-24, the earliest date its text gives: 1900-01-01 is before it"


def test_lifting_before_the_order_or_in_the_future_refused_164_13(hall, bi, day):
    vs.issue_certificate(bi, hall, issued_on=day)
    at = timezone.now() - dt.timedelta(hours=2)
    order = _order(bi, hall, at)
    for lifted in (at - dt.timedelta(seconds=1), timezone.now() + dt.timedelta(minutes=6)):
        with pytest.raises(ValidationFailed) as e:
            es.lift_stop_order(bi, order, correction="exit cleared", lifted_at=lifted)
        assert e.value.field == "lifted_at"
    assert es.lift_stop_order(bi, order, correction="exit cleared", lifted_at=at).lifted_at == at
