"""Enforcement through the services: complaints by officers, stop orders (Mount Pleasant §§ 164-5, 164-13),
violations with the law core's rules, summonses only by the Building Inspector (§ 164-12), dispositions within the
ranges of § 164-14 by offense number and of Carmel ch. 31 by days of continued violation, payment, closing, offense
history, timelines and optimistic locking."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from publicassembly.accounts.models import Membership, OfficerKind, Role, User
from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Complaint, Disposition, Offender, StopOrder, Summons, Violation
from publicassembly.law.dates import next_business_day
from publicassembly.venues import services as vs
from publicassembly.workflow.errors import (
    InvalidTransition,
    NotAllowed,
    StaleUpdate,
    ValidationFailed,
)

pytestmark = pytest.mark.django_db

BLOCKED = "mount-pleasant/164-10/exits-not-blocked"
UNPERMITTED = "carmel/permit/a-required"


@pytest.fixture
def police(mp) -> User:
    return mp[Role.ENFORCEMENT_OFFICER]


@pytest.fixture
def firm(bi, mount_pleasant) -> Offender:
    return es.register_offender(bi, mount_pleasant, kind="firm", name="Saw Mill River Events LLC",
                                address="300 Saw Mill River Road, Hawthorne, NY")


def _summoned(bi, firm, officer, on: dt.date, rule=BLOCKED):
    complaint = es.file_complaint(officer, firm.town, description="fire exit chained", observed_on=on, filed_on=on,
                                  offender=firm, in_presence=True)
    violation = es.record_violation(officer, complaint, rule_id=rule)
    # returnable on a day the court sits (W-8): the business day on or after three weeks
    es.issue_summons(bi, violation, issued_on=on, return_date=next_business_day(on + dt.timedelta(days=21)))
    violation.refresh_from_db()
    return violation


def _convicted(bi, firm, officer, on: dt.date, fine, jail_days=0, jail_months=0):
    v = _summoned(bi, firm, officer, on)
    es.record_disposition(bi, v, outcome="convicted", decided_on=v.summons.return_date, fine=fine,
                          jail_days=jail_days, jail_months=jail_months)
    v.refresh_from_db()
    return v


# --- § 164-12: who files, who summons -----------------------------------------------------------------------------


def test_police_officer_complaint_accepted_but_only_the_building_inspector_summons_164_12(bi, police, firm, day):
    complaint = es.file_complaint(police, firm.town, description="exit blocked by tables", observed_on=day,
                                  filed_on=day, offender=firm, in_presence=True)
    assert complaint.complainant_kind == "police_officer" and complaint.state == "filed"
    violation = es.record_violation(police, complaint, rule_id=BLOCKED)
    assert (violation.citation, violation.observer_kind) == ("Mount Pleasant Code § 164-10", "police_officer")
    with pytest.raises(NotAllowed) as e:
        es.issue_summons(police, violation, issued_on=day, return_date=day + dt.timedelta(days=14))
    assert "only the Building Inspector issues a summons" in str(e.value)
    violation.refresh_from_db()
    assert violation.state == "recorded" and not Summons.objects.exists()
    summons = es.issue_summons(bi, violation, issued_on=day, return_date=day + dt.timedelta(days=14))
    assert summons.court == "Town Justice Court of the Town of Mount Pleasant"
    assert summons.number == "MP-S-2025-0001" and summons.issued_by == bi


@pytest.mark.parametrize("kind", [OfficerKind.FIRE_DISTRICT_INSPECTOR, OfficerKind.TOWN_FIRE_MARSHAL])
def test_fire_officers_may_not_summons_either_164_12(mount_pleasant, firm, day, kind):
    officer = User.objects.create(username=f"officer_{kind}")
    Membership.objects.create(user=officer, town=mount_pleasant, role=Role.ENFORCEMENT_OFFICER, officer_kind=kind)
    v = es.record_violation(officer, es.file_complaint(officer, mount_pleasant, description="x", observed_on=day,
                                                       filed_on=day, offender=firm, in_presence=True),
                            rule_id=BLOCKED)
    with pytest.raises(NotAllowed):
        es.issue_summons(officer, v, issued_on=day, return_date=day + dt.timedelta(days=7))


def test_officer_not_present_may_only_complain_164_12(bi, police, firm, day):
    complaint = es.file_complaint(police, firm.town, description="told by a patron", observed_on=day, filed_on=day,
                                  offender=firm, in_presence=False)
    with pytest.raises(NotAllowed):
        es.record_violation(police, complaint, rule_id=BLOCKED)
    v = es.record_violation(bi, complaint, rule_id=BLOCKED, in_presence=False)  # the Building Inspector may
    assert v.observer_kind == "building_inspector"


@pytest.mark.parametrize(("rule", "field"), [("mount-pleasant/164-7/occupant-load", None),
                                             ("mount-pleasant/164-12/enforcement", "rule_id"),
                                             ("164-10", "rule_id"), (UNPERMITTED, "rule_id")])
def test_violation_rule_comes_from_the_rule_book(bi, firm, day, rule, field):
    complaint = es.file_complaint(bi, firm.town, description="x", observed_on=day, filed_on=day, offender=firm)
    if field is None:
        assert es.record_violation(bi, complaint, rule_id=rule).citation == "Mount Pleasant Code § 164-7"
    else:
        with pytest.raises(ValidationFailed) as e:
            es.record_violation(bi, complaint, rule_id=rule)
        assert e.value.field == field


def test_violation_from_an_inspection_deficiency_takes_its_rule(hall, bi, firm, day):
    insp = vs.schedule_inspection(bi, hall, scheduled_for=day)
    vs.record_inspection(bi, insp, done_on=day, exits_blocked=True)
    deficiency = insp.deficiencies.get(kind="blocked_exit")
    complaint = es.file_complaint(bi, hall.town, description="inspection found an exit blocked", observed_on=day,
                                  filed_on=day, offender=firm, venue=hall, inspection=insp)
    v = es.record_violation(bi, complaint, deficiency=deficiency)
    assert (v.rule_id, v.citation, v.venue) == (BLOCKED, "Mount Pleasant Code § 164-10", hall)


# --- § 164-14: dispositions within the range for the offense number ----------------------------------------------


@pytest.mark.parametrize(("fine", "jail_days", "ok"), [
    ("25", 0, True), ("100", 0, True), ("24.99", 0, False), ("100.01", 0, False), ("0", 0, False), ("50", 1, False),
])
def test_first_offense_25_to_100_no_jail_164_14(bi, police, firm, day, fine, jail_days, ok):
    v = _summoned(bi, firm, police, day)
    if ok:
        d = es.record_disposition(bi, v, outcome="convicted", fine=fine, jail_days=jail_days)
        assert (d.offense_number, d.prior_offenses, d.fine) == (1, 0, Decimal(fine))
        assert d.penalty["classification"] == "violation"
    else:
        with pytest.raises(ValidationFailed) as e:
            es.record_disposition(bi, v, outcome="convicted", fine=fine, jail_days=jail_days)
        assert e.value.field == ("jail_days" if jail_days else "fine")
        assert "first offense" in str(e.value)
        v.refresh_from_db()
        assert v.state == "summoned" and not Disposition.objects.exists()


@pytest.mark.parametrize(("fine", "jail_days", "ok"), [
    ("100", 0, True), ("250", 15, True), ("0", 15, True), ("99.99", 0, False), ("250.01", 0, False),
    ("100", 16, False), ("0", 0, False),
])
def test_second_offense_100_to_250_or_15_days_or_both_164_14(bi, police, firm, day, fine, jail_days, ok):
    _convicted(bi, firm, police, day - dt.timedelta(days=90), "50")
    v = _summoned(bi, firm, police, day)
    if ok:
        d = es.record_disposition(bi, v, outcome="convicted", fine=fine, jail_days=jail_days)
        assert (d.offense_number, d.jail_days) == (2, jail_days)
    else:
        with pytest.raises(ValidationFailed) as e:
            es.record_disposition(bi, v, outcome="convicted", fine=fine, jail_days=jail_days)
        assert e.value.field == ("jail_days" if jail_days > 15 else "fine")
        assert "second offense" in str(e.value)


@pytest.mark.parametrize(("fine", "jail_days", "jail_months", "ok", "field"), [
    ("500", 0, 0, True, None), ("1000", 0, 6, True, None), ("0", 0, 6, True, None), ("499.99", 0, 0, False, "fine"),
    ("1000.01", 0, 0, False, "fine"), ("500", 0, 7, False, "jail_months"), ("500", 10, 0, False, "jail_days"),
])
def test_third_and_later_offense_500_to_1000_or_6_months_misdemeanor_164_14(
        bi, police, firm, day, fine, jail_days, jail_months, ok, field):
    _convicted(bi, firm, police, day - dt.timedelta(days=200), "50")
    _convicted(bi, firm, police, day - dt.timedelta(days=100), "150", jail_days=5)
    v = _summoned(bi, firm, police, day)
    if ok:
        d = es.record_disposition(bi, v, outcome="convicted", fine=fine, jail_days=jail_days, jail_months=jail_months)
        assert (d.offense_number, d.penalty["classification"]) == (3, "misdemeanor")
    else:
        with pytest.raises(ValidationFailed) as e:
            es.record_disposition(bi, v, outcome="convicted", fine=fine, jail_days=jail_days, jail_months=jail_months)
        assert e.value.field == field and "third offense" in str(e.value)


def test_a_term_in_the_unit_the_law_does_not_use_says_which_unit_it_uses_164_14(bi, police, firm, day):
    """§ 164-14 sets imprisonment in days for a second offense (15) and in months for a subsequent one (six): a
    term given in the other unit is refused naming the unit and the field to use; a first offense has none."""
    first = _summoned(bi, firm, police, day - dt.timedelta(days=300))
    with pytest.raises(ValidationFailed) as e:
        es.record_disposition(bi, first, outcome="convicted", fine="50", jail_days=1)
    assert e.value.field == "jail_days"
    assert e.value.detail.startswith("no imprisonment in days for a first offense") and "allowed: 0" in e.value.detail
    es.record_disposition(bi, first, outcome="convicted", fine="50", decided_on=first.summons.return_date)
    second = _summoned(bi, firm, police, day - dt.timedelta(days=100))
    with pytest.raises(ValidationFailed) as e:
        es.record_disposition(bi, second, outcome="convicted", fine="150", jail_months=1)
    assert e.value.field == "jail_months"
    assert e.value.detail == ("imprisonment for a second offense is counted in days, up to 15 (Mount Pleasant Code "
                              "§ 164-14): give it in jail_days, a whole number of days from 0 to 15, not in "
                              "jail_months (got 1 month)")
    es.record_disposition(bi, second, outcome="convicted", fine="150", jail_days=15,
                          decided_on=second.summons.return_date)
    third = _summoned(bi, firm, police, day)
    with pytest.raises(ValidationFailed) as e:
        es.record_disposition(bi, third, outcome="convicted", fine="500", jail_days=200)
    assert e.value.field == "jail_days"
    assert e.value.detail == ("imprisonment for a third offense is counted in months, up to 6 (Mount Pleasant Code "
                              "§ 164-14): give it in jail_months, a whole number of months from 0 to 6, not in "
                              "jail_days (got 200 days)")


def test_dismissed_and_later_offenses_do_not_count(bi, police, firm, day):
    earlier = _summoned(bi, firm, police, day - dt.timedelta(days=50))
    es.record_disposition(bi, earlier, outcome="dismissed")
    later = _summoned(bi, firm, police, day + dt.timedelta(days=50))
    es.record_disposition(bi, later, outcome="convicted", fine="60")
    v = _summoned(bi, firm, police, day)
    assert es.penalty_range(v).offense_number == 1
    other = es.register_offender(bi, firm.town, kind="person", name="Jane Roe")
    assert es.prior_offenses(Violation(town=firm.town, offender=other, observed_on=day)) == 0


@pytest.mark.parametrize(("decided_before", "offense_number"), [(1, 2), (0, 1), (-1, 1), (-30, 1)])
def test_a_prior_offense_is_one_convicted_before_the_violation_was_committed_164_14_w3(
        bi, police, firm, day, decided_before, offense_number):
    """§ 164-14, register W-3 (the milder reading): an earlier offense makes this one a second offense only when
    its conviction was decided on a day before this violation's day — the day before counts; the same day, or a
    conviction after it (for an offense committed earlier), does not."""
    earlier = _summoned(bi, firm, police, day - dt.timedelta(days=60))
    v = _summoned(bi, firm, police, day)
    es.record_disposition(bi, earlier, outcome="convicted", fine="50",
                          decided_on=day - dt.timedelta(days=decided_before))
    assert es.prior_offenses(v) == offense_number - 1
    assert es.penalty_range(v).offense_number == offense_number


def test_offense_history_across_cases(bi, police, firm, day, mp):
    _convicted(bi, firm, police, day - dt.timedelta(days=90), "75")
    v2 = _convicted(bi, firm, police, day, "200", jail_days=10)
    hist = es.offense_history(mp[Role.TOWN_CLERK], firm)
    assert hist.adjudicated == 2
    assert [(e.offense_number, e.fine, e.jail_days) for e in hist.entries] == [
        (1, Decimal("75.00"), 0), (2, Decimal("200.00"), 10)]
    assert hist.entries[1].summons_number == v2.summons.number
    assert len({v.complaint_id for v in firm.violations.all()}) == 2  # two cases


# --- Carmel ch. 31: per day of continued violation ---------------------------------------------------------------


@pytest.fixture
def carmel_case(carmel, other, day):
    cbi = other[Role.BUILDING_INSPECTOR]
    offender = es.register_offender(cbi, carmel, kind="person", name="John Doe")
    complaint = es.file_complaint(other[Role.ENFORCEMENT_OFFICER], carmel, description="concert of 2,000, no permit",
                                  observed_on=day, filed_on=day + dt.timedelta(days=3), offender=offender,
                                  place="300 Example Hollow Road", in_presence=True)
    v = es.record_violation(cbi, complaint, rule_id=UNPERMITTED, days_of_continued_violation=3)
    return cbi, v


@pytest.mark.parametrize(("fine", "jail_days", "ok", "field"), [
    ("750", 45, True, None), ("0", 0, True, None), ("250", 0, True, None), ("750.01", 0, False, "fine"),
    ("100", 46, False, "jail_days"),
])
def test_carmel_3_days_is_3_violations_up_to_750_and_45_days(carmel_case, day, fine, jail_days, ok, field):
    cbi, v = carmel_case
    assert v.citation == "Carmel Code ch. 31, permit requirements ¶ A"
    summons = es.issue_summons(cbi, v, issued_on=day + dt.timedelta(days=4), return_date=day + dt.timedelta(days=30))
    assert summons.court == "Town Justice Court of the Town of Carmel" and summons.number.startswith("C-S-")
    p = es.penalty_range(v)
    assert (p.violations, p.max_fine, p.max_jail_days) == (3, Decimal(750), 45)
    if ok:
        d = es.record_disposition(cbi, v, outcome="convicted", fine=fine, jail_days=jail_days)
        assert d.offense_number is None and d.penalty["violations"] == 3
    else:
        with pytest.raises(ValidationFailed) as e:
            es.record_disposition(cbi, v, outcome="convicted", fine=fine, jail_days=jail_days)
        assert e.value.field == field and "3 day(s)" in str(e.value)


def test_carmel_violation_needs_its_days(carmel, other, day):
    cbi = other[Role.BUILDING_INSPECTOR]
    offender = es.register_offender(cbi, carmel, kind="firm", name="Hollow Farm LLC")
    complaint = es.file_complaint(cbi, carmel, description="x", observed_on=day, filed_on=day, offender=offender)
    for days in (None, 0):
        with pytest.raises(ValidationFailed) as e:
            es.record_violation(cbi, complaint, rule_id=UNPERMITTED, days_of_continued_violation=days)
        assert e.value.field == "days_of_continued_violation"


def test_carmel_summons_only_by_the_building_inspector_w1(carmel_case, other, day):
    _cbi, v = carmel_case
    for role in (Role.ENFORCEMENT_OFFICER, Role.TOWN_CLERK, Role.TOWN_BOARD_MEMBER):
        with pytest.raises(NotAllowed):
            es.issue_summons(other[role], v, issued_on=day, return_date=day + dt.timedelta(days=9))


def test_no_stop_order_under_carmel(carmel, other):
    from publicassembly.venues.models import Venue

    venue = Venue(town=carmel, name="x", address="y")
    with pytest.raises(ValidationFailed) as e:
        es.record_stop_order(other[Role.BUILDING_INSPECTOR], venue, performance="concert", persons_present=1)
    assert e.value.field == "town"


# --- every path ---------------------------------------------------------------------------------------------------


def test_full_path_complaint_to_paid_and_closed(bi, police, firm, day, mp):
    v = _convicted(bi, firm, police, day, "80")
    clerk = mp[Role.TOWN_CLERK]
    with pytest.raises(ValidationFailed) as e:
        es.record_payment(clerk, v, amount="79.99", paid_on=Disposition.objects.get(violation=v).decided_on)
    assert e.value.field == "amount"
    with pytest.raises(ValidationFailed):
        es.close_case(bi, v, reason="done")  # the fine is unpaid
    es.record_payment(clerk, v, amount="80", paid_on=day + dt.timedelta(days=30))
    assert v.state == "paid" and v.disposition.amount_paid == Decimal("80.00")
    es.close_case(bi, v, reason="fine paid")
    complaint = v.complaint
    es.close_case(bi, complaint, reason="all violations closed")
    assert (Violation.objects.get().state, Complaint.objects.get().state) == ("closed", "closed")
    entries = es.case_timeline(bi, complaint)
    text = "\n".join(str(e) for e in entries)
    for said in ("complaint filed", "violation of Mount Pleasant Code § 164-10 recorded", "summons returnable in the Town "
                 "Justice Court", "convicted: a first offense", "fine of $80.00 paid", "fine paid",
                 "all violations closed"):
        assert said in text, said


def test_withdrawn_dismissed_and_jail_only_paths(bi, police, firm, day):
    complaint = es.file_complaint(bi, firm.town, description="x", observed_on=day, filed_on=day, offender=firm)
    es.dismiss_complaint(bi, complaint, reason="unfounded")
    assert complaint.state == "dismissed"
    with pytest.raises(InvalidTransition):
        es.record_violation(bi, complaint, rule_id=BLOCKED)

    withdrawn = es.record_violation(bi, es.file_complaint(bi, firm.town, description="y", observed_on=day,
                                                          filed_on=day, offender=firm), rule_id=BLOCKED)
    es.close_case(bi, withdrawn, reason="corrected forthwith; not pursued")
    assert withdrawn.state == "closed"

    dismissed = _summoned(bi, firm, police, day)
    with pytest.raises(ValidationFailed):
        es.record_disposition(bi, dismissed, outcome="dismissed", fine="10")
    es.record_disposition(bi, dismissed, outcome="dismissed")
    assert dismissed.state == "dismissed"
    with pytest.raises(InvalidTransition):
        es.record_payment(bi, dismissed, amount="0")
    es.close_case(bi, dismissed.complaint, reason="dismissed in court")

    _convicted(bi, firm, police, day - dt.timedelta(days=40), "30")  # convicted on its return day, before `day`
    jailed = _summoned(bi, firm, police, day)
    es.record_disposition(bi, jailed, outcome="convicted", fine="0", jail_days=3)
    with pytest.raises(ValidationFailed):
        es.record_payment(bi, jailed, amount="0")
    es.close_case(bi, jailed, reason="sentence served")
    assert jailed.state == "closed"
    with pytest.raises(ValidationFailed) as e:
        es.record_disposition(bi, jailed, outcome="acquitted")
    assert e.value.field == "outcome"


def test_summons_return_date_after_issue(bi, police, firm, day):
    complaint = es.file_complaint(police, firm.town, description="x", observed_on=day, filed_on=day, offender=firm,
                                  in_presence=True)
    v = es.record_violation(police, complaint, rule_id=BLOCKED)
    with pytest.raises(ValidationFailed) as e:
        es.issue_summons(bi, v, issued_on=day, return_date=day)
    assert e.value.field == "return_date"
    es.issue_summons(bi, v, issued_on=day, return_date=day + dt.timedelta(days=1))
    with pytest.raises(InvalidTransition):
        es.issue_summons(bi, v, issued_on=day, return_date=day + dt.timedelta(days=2))


# --- stop orders (§§ 164-5, 164-13) ------------------------------------------------------------------------------


def test_stop_order_for_overcrowding_then_lifted_164_5_164_13(hall, bi, police, day):
    vs.issue_certificate(bi, hall, issued_on=day)
    with pytest.raises(ValidationFailed) as e:
        es.record_stop_order(police, hall, performance="Saturday dance", persons_present=540)  # exactly lawful
    assert e.value.field == "grounds"
    assert "(persons present 540, approved number 540)" in e.value.detail
    with pytest.raises(ValidationFailed) as e:
        es.record_stop_order(police, hall, performance="Saturday dance")  # no count, no other ground
    assert e.value.field == "grounds"
    assert "persons present not given" in e.value.detail and "None" not in e.value.detail
    order = es.record_stop_order(police, hall, performance="Saturday dance", persons_present=541)
    assert (order.overcrowding, order.approved_number, order.officer_kind, order.citation) == (
        True, 540, "police_officer", "Mount Pleasant Code § 164-5")
    es.lift_stop_order(police, order, correction="41 persons left; count 500")
    assert order.state == "lifted" and order.lifted_by == police
    assert "§ 164-13" in order.history.latest().history_change_reason
    with pytest.raises(InvalidTransition):
        es.lift_stop_order(bi, order, correction="again")
    obstructed = es.record_stop_order(bi, hall, performance="Gala", egress_obstructed=True)
    assert obstructed.egress_obstructed and not obstructed.overcrowding
    with pytest.raises(ValidationFailed) as e:
        es.lift_stop_order(bi, obstructed, correction=" ")
    assert e.value.field == "correction"


@pytest.mark.parametrize(("in_room", "due"), [(80, False), (81, True)])
def test_stop_order_for_one_room_above_its_own_load_164_5_164_7(hall, bi, police, day, in_room, due):
    """§§ 164-5, 164-7 (register M-8): 300 persons in a place approved for 540 is no overcrowding as a whole, but
    the cocktail room (1,200 sq ft at 15 sq ft a person: 80) holding 81 is — a stop order is due and records the
    officer's count room by room; 80 there is lawful and gives no ground (found by a new-user trial: the law core
    found it, the service could not be told)."""
    vs.issue_certificate(bi, hall, issued_on=day)
    counts = {"Cocktail room": in_room, "Ballroom": 150}
    if not due:
        with pytest.raises(ValidationFailed) as e:
            es.record_stop_order(police, hall, performance="Wedding", persons_present=300, persons_by_space=counts)
        assert e.value.field == "grounds"
        return
    order = es.record_stop_order(police, hall, performance="Wedding", persons_present=300, persons_by_space=counts)
    assert order.overcrowding and order.persons_by_space == counts and order.approved_number == 540


@pytest.mark.parametrize(("counts", "field"), [({"Kitchen": 5}, "persons_by_space"),
                                               ({"Cocktail room": -1}, "persons_by_space[Cocktail room]"),
                                               ({"Cocktail room": "many"}, "persons_by_space[Cocktail room]")])
def test_stop_order_room_counts_are_checked_164_5(hall, police, counts, field):
    with pytest.raises(ValidationFailed) as e:
        es.record_stop_order(police, hall, performance="Wedding", persons_by_space=counts)
    assert e.value.field == field
    assert not StopOrder.objects.exists()


# --- history and optimistic locking -------------------------------------------------------------------------------


def test_every_change_is_in_the_history(bi, police, firm, day, hall):
    v = _convicted(bi, firm, police, day, "80")
    es.record_payment(bi, v, amount="80", paid_on=v.disposition.decided_on)
    es.lift_stop_order(police, es.record_stop_order(police, hall, performance="p", serious_menace=True),
                       correction="fixed")
    for model in (Offender, Complaint, Violation, Summons, Disposition, StopOrder):
        rows = model.history.all()
        assert rows.exists(), model
        assert all(r.history_user_id is not None and r.history_change_reason for r in rows), model
    assert [h.state for h in v.history.order_by("history_date", "history_id")] == [
        "recorded", "summoned", "disposed", "paid"]


def test_stale_disposition_is_refused_and_writes_nothing(bi, police, firm, day, mp):
    v = _summoned(bi, firm, police, day)
    seen = Violation.objects.get(pk=v.pk)
    es.record_disposition(bi, v, outcome="convicted", fine="50", expected_version=v.version)
    with pytest.raises((StaleUpdate, InvalidTransition)):
        es.record_disposition(mp[Role.TOWN_CLERK], seen, outcome="convicted", fine="60",
                              expected_version=seen.version)
    assert Disposition.objects.get().fine == Decimal("50.00")


def test_stale_complaint_version_refused(bi, police, firm, day):
    complaint = es.file_complaint(police, firm.town, description="x", observed_on=day, filed_on=day, offender=firm,
                                  in_presence=True)
    es.record_violation(police, complaint, rule_id=BLOCKED, expected_version=1)
    with pytest.raises(StaleUpdate):
        es.record_violation(bi, complaint, rule_id=BLOCKED, expected_version=1)
    assert Violation.objects.count() == 1


# --- every action against every role and another town's user -----------------------------------------------------


@pytest.fixture
def world(hall, bi, police, firm, day):
    """A case at each stage for the role matrix: each violation of its own day (one offender's violation of a
    rule on a day is recorded once, W-15)."""
    filed = es.file_complaint(bi, firm.town, description="filed", observed_on=day, filed_on=day, offender=firm)
    before = day - dt.timedelta(days=3)
    recorded = es.record_violation(bi, es.file_complaint(bi, firm.town, description="r", observed_on=before,
                                                         filed_on=before, offender=firm), rule_id=BLOCKED)
    summoned = _summoned(bi, firm, police, day - dt.timedelta(days=2))
    disposed = _convicted(bi, firm, police, day - dt.timedelta(days=1), "50")
    order = es.record_stop_order(bi, hall, performance="p", serious_menace=True)
    return {"hall": hall, "firm": firm, "filed": filed, "recorded": recorded, "summoned": summoned,
            "disposed": disposed, "order": order, "day": day}


ACTIONS = {
    "register_offender": ((Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER),
                          lambda u, w: es.register_offender(u, w["firm"].town, kind="person", name="A")),
    "file_complaint": ((Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER),
                       lambda u, w: es.file_complaint(u, w["firm"].town, description="d", observed_on=w["day"],
                                                      filed_on=w["day"])),
    "dismiss_complaint": ((Role.BUILDING_INSPECTOR,), lambda u, w: es.dismiss_complaint(u, w["filed"], reason="r")),
    "record_stop_order": ((Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER),
                          lambda u, w: es.record_stop_order(u, w["hall"], performance="q", serious_menace=True)),
    "lift_stop_order": ((Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER),
                        lambda u, w: es.lift_stop_order(u, w["order"], correction="c")),
    "record_violation": ((Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER),
                         lambda u, w: es.record_violation(u, w["filed"], rule_id=BLOCKED, in_presence=True)),
    "issue_summons": ((Role.BUILDING_INSPECTOR,),
                      lambda u, w: es.issue_summons(u, w["recorded"], issued_on=w["day"],
                                                    return_date=w["day"] + dt.timedelta(days=9))),
    "record_disposition": ((Role.BUILDING_INSPECTOR, Role.TOWN_CLERK),
                           lambda u, w: es.record_disposition(u, w["summoned"], outcome="convicted", fine="30")),
    "record_payment": ((Role.BUILDING_INSPECTOR, Role.TOWN_CLERK),
                       lambda u, w: es.record_payment(u, w["disposed"], amount="50")),
    "close_case": ((Role.BUILDING_INSPECTOR,), lambda u, w: es.close_case(u, w["recorded"], reason="r")),
    "offense_history": ((Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER, Role.TOWN_CLERK),
                        lambda u, w: es.offense_history(u, w["firm"])),
    "case_timeline": ((Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER, Role.TOWN_CLERK),
                      lambda u, w: es.case_timeline(u, w["filed"])),
}


@pytest.mark.parametrize("action", sorted(ACTIONS))
@pytest.mark.parametrize("role", sorted(Role.values))
def test_action_by_role(world, mp, action, role):
    allowed, run = ACTIONS[action]
    if role in allowed:
        run(mp[role], world)
    else:
        with pytest.raises(NotAllowed):
            run(mp[role], world)


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_action_by_another_towns_official_is_refused(world, other, action):
    allowed, run = ACTIONS[action]
    for role in allowed:
        with pytest.raises(NotAllowed):
            run(other[role], world)
