"""The days a violation charges have happened and are charged once (Carmel ch. 31 penalties ¶ A: each day's
continued violation is a separate violation; Mount Pleasant § 164-14: an offense by a person; interpretations
W-15, W-16), and a violation is recorded under exactly the rules listed as allowed (§ 164-14 "any of the
requirements"; Carmel ch. 31).

Found by the new-user trial: on 2026-12-01 a violation observed 2026-11-28 with 10 days of continued violation
(to 2026-12-07) was recorded, summoned and sentenced to $2,500 and 150 days, where `publicassembly check` refuses
the same case; the same offender, rule and days recorded twice in one complaint were punished twice; an unknown
rule id was answered with a list of "allowed" ids, some of them then refused."""

from __future__ import annotations

import datetime as dt

import pytest

from publicassembly.accounts.models import Role
from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Violation
from publicassembly.law.dates import next_business_day
from publicassembly.law.jurisdictions.us_ny_carmel.penalties import days_still_to_come, last_day_of_violation
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

UNPERMITTED = "carmel/permit/a-required"
BLOCKED = "mount-pleasant/164-10/exits-not-blocked"
TRIAL_DAY, OBSERVED = dt.date(2026, 12, 1), dt.date(2026, 11, 28)


@pytest.fixture
def cbi(other):
    return other[Role.BUILDING_INSPECTOR]


def _carmel_complaint(cbi, carmel, offender=None, observed=OBSERVED, name="John Doe"):
    offender = offender or es.register_offender(cbi, carmel, kind="person", name=name)
    return es.file_complaint(cbi, carmel, description=f"concert without a permit, seen {observed}",
                             observed_on=observed, offender=offender, in_presence=True)


# --- the law core: the days from a first day up to today (ch. 31 penalties ¶ A) ----------------------------------


def test_penalties_a_the_last_day_of_days_of_continued_violation_counts_both_ends():
    assert last_day_of_violation(OBSERVED, 1) == OBSERVED
    assert last_day_of_violation(OBSERVED, 10) == dt.date(2026, 12, 7)
    assert last_day_of_violation(OBSERVED, 10**9) == dt.date.max  # (beyond the calendar: its last day)


def test_penalties_a_days_ending_today_are_taken_one_more_is_to_come():
    assert days_still_to_come(OBSERVED, 4, TRIAL_DAY) is None  # 11-28, 29, 30, 12-01
    said = days_still_to_come(OBSERVED, 5, TRIAL_DAY)
    assert said == ("5 days from 2026-11-28 would run to 2026-12-02, past today (2026-12-01): each day's continued "
                    "violation is a separate violation, and a day still to come is none yet; by today there are "
                    "at most 4 days (Carmel Code ch. 31, penalties ¶ A)")


# --- the workflow: days still to come (W-16) -------------------------------------------------------------------


def test_penalties_a_the_trials_10_days_from_11_28_on_12_01_are_refused_naming_the_days(carmel, cbi, travel_to):
    travel_to(TRIAL_DAY)
    complaint = _carmel_complaint(cbi, carmel)
    with pytest.raises(ValidationFailed) as e:
        es.record_violation(cbi, complaint, rule_id=UNPERMITTED, days_of_continued_violation=10)
    assert e.value.field == "days_of_continued_violation"
    assert "would run to 2026-12-07, past today (2026-12-01)" in e.value.detail
    assert "at most 4 days" in e.value.detail
    assert not Violation.objects.exists()


def test_penalties_a_boundary_the_days_ending_today_are_recorded_one_more_refused(carmel, cbi, travel_to):
    travel_to(TRIAL_DAY)
    complaint = _carmel_complaint(cbi, carmel)
    with pytest.raises(ValidationFailed) as e:
        es.record_violation(cbi, complaint, rule_id=UNPERMITTED, days_of_continued_violation=5)
    assert e.value.field == "days_of_continued_violation" and "2026-12-02" in e.value.detail
    v = es.record_violation(cbi, complaint, rule_id=UNPERMITTED, days_of_continued_violation=4)
    assert es.days_charged(v) == (OBSERVED, TRIAL_DAY)
    assert es.penalty_range(v).violations == 4


def test_penalties_a_a_violation_observed_today_is_1_day_not_2(carmel, cbi, travel_to):
    travel_to(TRIAL_DAY)
    complaint = _carmel_complaint(cbi, carmel, observed=TRIAL_DAY)
    with pytest.raises(ValidationFailed) as e:
        es.record_violation(cbi, complaint, rule_id=UNPERMITTED, days_of_continued_violation=2)
    assert e.value.field == "days_of_continued_violation" and "at most 1 day " in e.value.detail
    es.record_violation(cbi, complaint, rule_id=UNPERMITTED, days_of_continued_violation=1)


def test_penalties_a_a_summons_is_issued_on_or_after_the_last_day_it_charges(carmel, cbi, travel_to):
    """A summons issued (back-dated) before the last of the days charged would charge a day still to come on
    its day of issue: refused naming issued_on; on the last day it is issued (W-16)."""
    travel_to(TRIAL_DAY)
    v = es.record_violation(cbi, _carmel_complaint(cbi, carmel), rule_id=UNPERMITTED, days_of_continued_violation=3)
    ret = next_business_day(TRIAL_DAY + dt.timedelta(days=21))
    with pytest.raises(ValidationFailed) as e:
        es.issue_summons(cbi, v, issued_on=dt.date(2026, 11, 29), return_date=ret)
    assert e.value.field == "issued_on"
    assert "2026-11-29 is before the last day of continued violation the violation charges (2026-11-30)" in str(e.value)
    es.issue_summons(cbi, v, issued_on=dt.date(2026, 11, 30), return_date=ret)


# --- one day's violation of a rule by one offender, once (W-15) ----------------------------------------------


def test_164_14_the_same_offender_rule_and_day_in_another_complaint_is_refused_naming_the_first(mount_pleasant, mp,
                                                                                               bi, day):
    firm = es.register_offender(bi, mount_pleasant, kind="firm", name="Hall LLC")
    complaints = [es.file_complaint(bi, mount_pleasant, description=f"exit chained ({n})", observed_on=day,
                                    offender=firm, in_presence=True) for n in (1, 2)]
    first = es.record_violation(bi, complaints[0], rule_id=BLOCKED)
    with pytest.raises(ValidationFailed) as e:
        es.record_violation(bi, complaints[1], rule_id=BLOCKED)
    assert e.value.field == "observed_on"
    assert f"violation {first.pk} (complaint {complaints[0].pk}, recorded) of Hall LLC" in e.value.detail
    assert "Mount Pleasant Code § 164-10 on 2025-03-03" in e.value.detail
    complaints[1].refresh_from_db()
    assert complaints[1].state == "filed" and Violation.objects.count() == 1  # nothing written
    # the other side of the boundary: another day, another rule, another offender
    es.record_violation(bi, complaints[1], rule_id=BLOCKED, observed_on=day - dt.timedelta(days=1))
    es.record_violation(bi, complaints[1], rule_id="mount-pleasant/164-11/exit-access")
    other = es.register_offender(bi, mount_pleasant, kind="person", name="Jane Roe")
    es.record_violation(bi, complaints[1], rule_id=BLOCKED, offender=other)
    assert Violation.objects.count() == 4


def test_164_14_the_same_violation_twice_in_one_complaint_is_refused(mount_pleasant, bi, day):
    """The trial's violations 7 and 8: the same offender, rule and day on one complaint."""
    firm = es.register_offender(bi, mount_pleasant, kind="firm", name="Hall LLC")
    c = es.file_complaint(bi, mount_pleasant, description="exit chained", observed_on=day, offender=firm)
    first = es.record_violation(bi, c, rule_id=BLOCKED)
    with pytest.raises(ValidationFailed) as e:
        es.record_violation(bi, c, rule_id=BLOCKED)
    assert e.value.field == "observed_on" and f"violation {first.pk}" in e.value.detail


@pytest.mark.parametrize(("observed", "days", "field"), [
    (dt.date(2026, 11, 22), 1, "observed_on"),  # its first day is the first's last
    (dt.date(2026, 11, 20), 3, "observed_on"),  # the same days
    (dt.date(2026, 11, 21), 5, "observed_on"),  # within, running on
    (dt.date(2026, 11, 18), 3, "days_of_continued_violation"),  # its last day is the first's first
    (dt.date(2026, 11, 15), 10, "days_of_continued_violation"),  # around the first's days
])
def test_penalties_a_overlapping_days_of_continued_violation_are_refused(carmel, cbi, travel_to, observed, days,
                                                                         field):
    travel_to(TRIAL_DAY)
    offender = es.register_offender(cbi, carmel, kind="person", name="John Doe")
    first = es.record_violation(cbi, _carmel_complaint(cbi, carmel, offender, dt.date(2026, 11, 20)),
                                rule_id=UNPERMITTED, days_of_continued_violation=3)  # 11-20 to 11-22
    with pytest.raises(ValidationFailed) as e:
        es.record_violation(cbi, _carmel_complaint(cbi, carmel, offender, observed), rule_id=UNPERMITTED,
                            days_of_continued_violation=days)
    assert e.value.field == field
    assert f"violation {first.pk} " in e.value.detail and "on 2026-11-20 to 2026-11-22" in e.value.detail


@pytest.mark.parametrize(("observed", "days"), [(dt.date(2026, 11, 23), 9), (dt.date(2026, 11, 17), 3)])
def test_penalties_a_days_next_to_the_days_charged_are_recorded(carmel, cbi, travel_to, observed, days):
    """The other side of the boundary: the day after the last day charged, and days ending the day before."""
    travel_to(TRIAL_DAY)
    offender = es.register_offender(cbi, carmel, kind="person", name="John Doe")
    es.record_violation(cbi, _carmel_complaint(cbi, carmel, offender, dt.date(2026, 11, 20)), rule_id=UNPERMITTED,
                        days_of_continued_violation=3)
    es.record_violation(cbi, _carmel_complaint(cbi, carmel, offender, observed), rule_id=UNPERMITTED,
                        days_of_continued_violation=days)
    assert Violation.objects.count() == 2


def test_164_14_a_withdrawn_or_dismissed_violation_no_longer_stands_a_convicted_one_does(mount_pleasant, mp, bi,
                                                                                           day):
    """Withdrawn (closed before a summons) or dismissed by the court, the first no longer charges its day: the
    day may be recorded again. Convicted, paid and closed, it stands: refused."""
    clerk = mp[Role.TOWN_CLERK]
    firm = es.register_offender(bi, mount_pleasant, kind="firm", name="Hall LLC")

    def record():
        c = es.file_complaint(bi, mount_pleasant, description=f"exit chained #{Violation.objects.count()}",
                              observed_on=day, offender=firm)
        return es.record_violation(bi, c, rule_id=BLOCKED)

    ret = next_business_day(day + dt.timedelta(days=21))
    es.close_case(bi, record(), reason="withdrawn: wrong offender")
    dismissed = record()
    es.issue_summons(bi, dismissed, issued_on=day, return_date=ret)
    es.record_disposition(clerk, dismissed, outcome="dismissed", decided_on=ret)
    convicted = record()
    es.issue_summons(bi, convicted, issued_on=day, return_date=ret)
    es.record_disposition(clerk, convicted, outcome="convicted", decided_on=ret, fine="50")
    es.record_payment(clerk, convicted, amount="50", paid_on=ret)
    es.close_case(bi, convicted, reason="paid")
    with pytest.raises(ValidationFailed) as e:
        record()
    assert e.value.field == "observed_on" and f"violation {convicted.pk} " in e.value.detail


# --- the rules a violation is recorded under: exactly those listed (§ 164-14; Carmel ch. 31) ------------------


def _allowed_in_refusal(town) -> list[str]:
    with pytest.raises(ValidationFailed) as e:
        es._rule(town, "no/such/rule")
    assert e.value.field == "rule_id"
    return e.value.detail.split("; allowed: ", 1)[1].split(", ")


@pytest.mark.parametrize("alias", ["mount-pleasant-ny", "carmel-ny"])
def test_164_14_every_rule_an_unknown_rule_id_is_told_is_accepted_and_no_other(alias, mount_pleasant, carmel):
    town = mount_pleasant if alias == "mount-pleasant-ny" else carmel
    listed = _allowed_in_refusal(town)
    assert listed == [rule_id for rule_id, _c in es.violable_rules(town)]
    for rule_id in listed:
        assert es._rule(town, rule_id)[0] == rule_id
    for rule in town.jurisdiction.rules:
        if rule.id not in listed:
            with pytest.raises(ValidationFailed) as e:
                es._rule(town, rule.id)
            assert "is not a requirement a person can violate; allowed: " in e.value.detail
            assert e.value.detail.split("; allowed: ", 1)[1].split(", ") == listed


def test_164_3_the_religious_worship_exception_and_164_4_12_13_14_are_not_listed_nor_accepted(mount_pleasant):
    listed = _allowed_in_refusal(mount_pleasant)
    refused = ["mount-pleasant/164-3/religious-worship-exception", "mount-pleasant/164-4/place-of-assembly",
               "mount-pleasant/164-12/enforcement", "mount-pleasant/164-13/correction",
               "mount-pleasant/164-14/penalty"]
    assert not set(refused) & set(listed)
    assert "mount-pleasant/164-3/certificate" in listed
    for rule_id in refused:
        with pytest.raises(ValidationFailed):
            es._rule(mount_pleasant, rule_id)


ANY_ACT = "carmel/penalties/ab-violation"


@pytest.mark.parametrize(("first_rule", "second_rule"), [(UNPERMITTED, ANY_ACT), (ANY_ACT, UNPERMITTED),
                                                         (ANY_ACT, "carmel/issuance/f-cleanup")])
def test_penalties_a_b_the_catch_all_does_not_charge_days_already_charged_w15(carmel, cbi, travel_to, first_rule,
                                                                             second_rule):
    """W-15, W-19: "any act in violation of any provisions" (penalties ¶¶ A, B) is the catch-all: the days one
    offender is charged under it are not charged again under another rule, nor the other way round (a final
    trial charged 4 days under ¶ A's rule and again under the catch-all)."""
    travel_to(TRIAL_DAY)
    offender = es.register_offender(cbi, carmel, kind="person", name="John Doe")
    first = es.record_violation(cbi, _carmel_complaint(cbi, carmel, offender, OBSERVED), rule_id=first_rule,
                                days_of_continued_violation=4)
    with pytest.raises(ValidationFailed) as e:
        es.record_violation(cbi, _carmel_complaint(cbi, carmel, offender, OBSERVED), rule_id=second_rule,
                            days_of_continued_violation=4)
    assert e.value.field == "observed_on" and f"violation {first.pk} " in e.value.detail


def test_penalties_a_two_rules_other_than_the_catch_all_are_two_violations_w15(carmel, cbi, travel_to):
    """A permit lacking (¶ A) and the waste left (¶ F) on the same days are two violations of two provisions."""
    travel_to(TRIAL_DAY)
    offender = es.register_offender(cbi, carmel, kind="person", name="John Doe")
    es.record_violation(cbi, _carmel_complaint(cbi, carmel, offender, OBSERVED), rule_id=UNPERMITTED,
                        days_of_continued_violation=4)
    es.record_violation(cbi, _carmel_complaint(cbi, carmel, offender, OBSERVED), rule_id="carmel/issuance/f-cleanup",
                        days_of_continued_violation=4)
    assert Violation.objects.filter(offender=offender).count() == 2
