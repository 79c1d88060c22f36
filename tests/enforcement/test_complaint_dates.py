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


def test_a_day_observed_after_today_is_told_alone_not_the_day_filed_not_given_section_164_12(bi, mount_pleasant):
    """Observed tomorrow, filed_on not given (today): only observed_on is refused — the day filed, which the user did
    not send, is not blamed for coming before a day observed that is itself refused. Given, and before a day
    observed that is good, it is still refused (the test after)."""
    today = timezone.localdate()
    for days in ({}, {"filed_on": today}):
        with pytest.raises(ValidationFailed) as e:
            _file(bi, mount_pleasant, observed_on=today + dt.timedelta(days=1), **days)
        assert [f for f, _m in e.value.errors] == ["observed_on"], e.value.errors


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


def test_complaint_observed_before_chapter_164_is_refused_naming_observed_on(bi, mount_pleasant):
    """§ 164-12 complaints report violations of ch. 164, applied from 1976-02-24 (M-1): a day before it is refused
    naming ``observed_on``; the first day is accepted."""
    with pytest.raises(ValidationFailed) as e:
        _file(bi, mount_pleasant, observed_on=dt.date(1976, 2, 23))
    assert e.value.field == "observed_on" and "applied from 1976-02-24" in e.value.detail
    assert _file(bi, mount_pleasant, observed_on=dt.date(1976, 2, 24)).observed_on == dt.date(1976, 2, 24)


def test_violation_observed_before_chapter_164_is_refused_naming_observed_on_in_the_pages_language(
        bi, mount_pleasant):
    """A violation of a day before ch. 164 was in force (1976-02-24) has no law to apply (§ 164-12 powers,
    § 164-14 penalties): refused naming ``observed_on`` with the chapter's first day, in the active language."""
    from django.utils import translation

    offender = es.register_offender(bi, mount_pleasant, kind="firm", name="Kensico Manor LLC")
    complaint = _file(bi, mount_pleasant, observed_on=timezone.localdate(), offender=offender, in_presence=True)
    day = dt.date(1976, 2, 23)
    with pytest.raises(ValidationFailed) as e:
        es.record_violation(bi, complaint, rule_id="mount-pleasant/164-10/exits-not-blocked", observed_on=day)
    assert e.value.field == "observed_on"
    assert e.value.detail == "the chapter is applied from 1976-02-24, the earliest date its text gives: 1976-02-23 is before it"
    with translation.override("es"), pytest.raises(ValidationFailed) as e:
        es.record_violation(bi, complaint, rule_id="mount-pleasant/164-10/exits-not-blocked", observed_on=day)
    assert "1976-02-23" in e.value.detail and "the chapter" not in e.value.detail


def test_violation_form_offers_only_the_rules_recording_accepts(mount_pleasant, bi):
    """§ 164-4 (where a certificate is required), § 164-12 (complaints) and § 164-14 (penalties) are not
    offenses recorded as violations: the form does not offer them, and every rule it offers is accepted."""
    from publicassembly.web.forms.enforcement import ViolationForm

    offered = [value for value, _label in ViolationForm(town=mount_pleasant).fields["rule_id"].choices]
    sections = {rule_id.split("/")[1] for rule_id in offered}
    assert offered and not sections & {"164-4", "164-12", "164-14"}
    assert [r for r, _c in es.violable_rules(mount_pleasant)] == offered
    for rule_id in offered:
        assert es._rule(mount_pleasant, rule_id)[0] == rule_id
    refused = [r.id for r in mount_pleasant.jurisdiction.rules if r.id not in offered]
    assert refused
    for rule_id in refused:
        with pytest.raises(ValidationFailed):
            es._rule(mount_pleasant, rule_id)
