"""The days of a complaint (Mount Pleasant § 164-12): a violation already seen, filed on or after that day,
neither in the future."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from publicassembly.enforcement import services as es
from publicassembly.workflow.errors import ValidationFailed


def _file(by, town, **days):
    return es.file_complaint(by, town, description="Rear exit chained shut", **days)


def test_observed_today_is_filed_observed_tomorrow_is_refused_naming_observed_on(bi, mount_pleasant):
    today = timezone.localdate()
    assert _file(bi, mount_pleasant, observed_on=today).observed_on == today
    with pytest.raises(ValidationFailed) as e:
        _file(bi, mount_pleasant, observed_on=today + dt.timedelta(days=1))
    assert e.value.field == "observed_on" and "after today" in e.value.detail
    with pytest.raises(ValidationFailed) as e:
        _file(bi, mount_pleasant, observed_on=dt.date(9999, 12, 31))
    assert e.value.field == "observed_on"


def test_filed_in_the_future_is_refused_naming_filed_on(bi, mount_pleasant):
    today = timezone.localdate()
    assert _file(bi, mount_pleasant, observed_on=today, filed_on=today).filed_on == today
    with pytest.raises(ValidationFailed) as e:
        _file(bi, mount_pleasant, observed_on=today, filed_on=today + dt.timedelta(days=1))
    assert e.value.field == "filed_on"


def test_filed_before_observed_is_still_refused(bi, mount_pleasant):
    today = timezone.localdate()
    with pytest.raises(ValidationFailed) as e:
        _file(bi, mount_pleasant, observed_on=today, filed_on=today - dt.timedelta(days=1))
    assert e.value.field == "filed_on"
