"""The day a certificate of lawful occupancy is issued (Mount Pleasant §§ 164-3, 164-9): today or earlier,
never dated ahead, and not before the chapter was in force (1976-02-24, its last amendment, C-2)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from publicassembly.venues import services as vs
from publicassembly.workflow.errors import ValidationFailed


def test_certificate_issued_today_is_accepted_tomorrow_refused(bi, hall):
    today = timezone.localdate()
    assert vs.issue_certificate(bi, hall, issued_on=today).issued_on == today
    with pytest.raises(ValidationFailed) as e:
        vs.issue_certificate(bi, hall, issued_on=today + dt.timedelta(days=1))
    assert e.value.field == "issued_on" and "after today" in e.value.detail


def test_certificate_dated_9999_12_31_is_refused_naming_issued_on(bi, hall):
    with pytest.raises(ValidationFailed) as e:
        vs.issue_certificate(bi, hall, issued_on=dt.date(9999, 12, 31))
    assert e.value.field == "issued_on"
    assert not hall.certificates.exists()


def test_certificate_before_the_chapter_is_refused_naming_issued_on(bi, hall):
    """The law core has no values of ch. 164 before 1976-02-24: the error names ``issued_on``, not ``as_of``;
    on that day the certificate issues."""
    with pytest.raises(ValidationFailed) as e:
        vs.issue_certificate(bi, hall, issued_on=dt.date(1976, 2, 23))
    assert e.value.field == "issued_on"
    assert e.value.detail == "the chapter is applied from 1976-02-24, the earliest date its text gives: 1976-02-23 is before it"
    assert vs.issue_certificate(bi, hall, issued_on=dt.date(1976, 2, 24)).issued_on == dt.date(1976, 2, 24)


def test_reissue_dated_before_the_certificate_it_supersedes_is_refused_its_day_accepted(bi, hall):
    """A re-issue supersedes the valid (or stale) certificate: dated 1990-01-01, or the day before that
    certificate, it is refused naming ``issued_on`` and the old one stays valid; dated on its day, it issues."""
    first = vs.issue_certificate(bi, hall, issued_on=dt.date(2025, 1, 15))
    for day in (dt.date(1990, 1, 1), dt.date(2025, 1, 14)):
        with pytest.raises(ValidationFailed) as e:
            vs.issue_certificate(bi, hall, issued_on=day)
        assert e.value.field == "issued_on" and first.number in e.value.detail and "2025-01-15" in e.value.detail
    first.refresh_from_db()
    assert first.status == "valid" and hall.certificates.count() == 1
    again = vs.issue_certificate(bi, hall, issued_on=dt.date(2025, 1, 15))
    first.refresh_from_db()
    assert (first.status, first.superseded_by_id) == ("superseded", again.pk)
