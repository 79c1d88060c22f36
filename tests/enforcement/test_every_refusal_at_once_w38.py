"""Lifting a stop order, issuing a summons, recording the court's disposition and the payment of the fine tell
every refusal of their values at once (interpretation W-38, as W-33 and W-36 for a complaint, a violation and a stop
order; Mount Pleasant §§ 164-5, 164-12 to 164-14): the role first and alone (`NotAllowed`), then every value refused,
each named by its field — a control character in a text first (G-6, P-29), then in the order of the form and the
API's body — nothing written; the state's refusals (409) where they were."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone
from tests.refused import fields, refusals

from publicassembly.accounts.models import Role
from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Disposition, StopOrder, Summons, Violation
from publicassembly.workflow.errors import InvalidTransition, NotAllowed, ValidationFailed

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 12, 1)  # a Tuesday
TOMORROW = TODAY + dt.timedelta(days=1)
ISSUED, RETURNS = dt.date(2026, 11, 2), dt.date(2026, 11, 23)  # Mondays: the court sits (W-8)
RLO = "as agreed\u202e"  # a right-to-left override (G-6)
FIRST = "Mount Pleasant Code § 164-14"


@pytest.fixture(autouse=True)
def _today(travel_to):
    travel_to(TODAY)


@pytest.fixture
def summoned(bi, violation):
    es.issue_summons(bi, violation, issued_on=ISSUED, return_date=RETURNS)
    violation.refresh_from_db()
    return violation


def _nothing_summoned(violation):
    violation.refresh_from_db()
    assert violation.state == Violation.RECORDED and not Summons.objects.exists()


# --- the summons (§ 164-12) -------------------------------------------------------------------------------------


def test_a_summons_tells_every_refusal_at_once_the_reason_first_164_12(bi, violation):
    """A reason with a control character, a return date on a Saturday, an hour that is none and a day of issue
    to come: four refusals in one, the reason's first, then the form's order; the return date is judged on its
    own (a Saturday) beside a day of issue refused."""
    got = refusals(lambda: es.issue_summons(bi, violation, return_date=dt.date(2026, 12, 5), return_time="25:99",
                                            issued_on=TOMORROW, reason=RLO))
    assert fields(got) == ["reason", "return_date", "return_time", "issued_on"]
    assert got[1][1].startswith("2026-12-05 is ") and "when the Town Justice Court does not sit" in got[1][1]
    assert got[2][1] == ("a time of day HH:MM on the 24-hour clock, 00:00 to 23:59, or empty; got '25:99'")
    assert got[3][1] == "2026-12-02 is in the future (today is 2026-12-01); record it once it has happened"
    _nothing_summoned(violation)


def test_beside_a_day_of_issue_refused_the_return_date_is_not_judged_against_it_w7(bi, violation):
    """A Monday already past is no return date after a day of issue today, but the day of issue given is refused:
    what follows from it is not judged (as W-36's days beside a day observed refused)."""
    got = refusals(lambda: es.issue_summons(bi, violation, return_date=dt.date(2026, 11, 30), issued_on=TOMORROW))
    assert fields(got) == ["issued_on"]


@pytest.mark.parametrize(("returns", "refused"), [(TODAY, True), (TOMORROW, False)])
def test_the_return_date_after_the_day_of_issue_both_sides_with_the_hour_w7(bi, violation, returns, refused):
    """Issued today (2026-12-01): returnable today is refused, with the hour "7:00" (not HH:MM); tomorrow, a
    Wednesday, is taken, the hour alone told."""
    got = refusals(lambda: es.issue_summons(bi, violation, return_date=returns, return_time="7:00"))
    assert fields(got) == (["return_date", "return_time"] if refused else ["return_time"])
    if refused:
        assert got[0][1] == "2026-12-01 must be after the day of issue (2026-12-01)"
    s = es.issue_summons(bi, violation, return_date=TOMORROW, return_time="07:00")
    assert (s.issued_on, s.return_date, s.return_time) == (TODAY, TOMORROW, "07:00")


def test_an_officer_who_may_not_summon_is_refused_before_the_values_164_12(mp, violation):
    """§ 164-12: only the Building Inspector issues a summons; the police officer is told so (403) whatever he
    sent — but a control character, which tells nothing stored, before it, alone (G-6)."""
    police = mp[Role.ENFORCEMENT_OFFICER]
    with pytest.raises(NotAllowed, match="only the Building Inspector issues a summons"):
        es.issue_summons(police, violation, return_date=dt.date(2026, 12, 5), issued_on=TOMORROW)
    assert fields(refusals(lambda: es.issue_summons(police, violation, return_date=dt.date(2026, 12, 5),
                                                    issued_on=TOMORROW, reason=RLO))) == ["reason"]
    with pytest.raises(NotAllowed):
        es.summons_refusals(police, violation, return_date=TOMORROW)
    _nothing_summoned(violation)


def test_a_second_summons_is_409_before_its_dates_and_after_its_reason_p29(bi, summoned):
    """The violation is summoned: dates refused are not told, the summons already issued is (409); a control
    character in the reason is told first, with the rest (P-29: a free text before the state)."""
    with pytest.raises(es.SummonsAlreadyIssued):
        es.issue_summons(bi, summoned, return_date=dt.date(2026, 12, 5), issued_on=TOMORROW)
    got = refusals(lambda: es.issue_summons(bi, summoned, return_date=dt.date(2026, 12, 5), reason=RLO))
    assert fields(got) == ["reason", "return_date"]


# --- the disposition (§ 164-14) -----------------------------------------------------------------------------------


def test_a_disposition_tells_every_refusal_at_once_164_14(bi, summoned):
    """A first offense ($25 to $100, no imprisonment): a day decided to come, a fine of $5 and 3 days in jail are
    three refusals in one, in the form's order."""
    got = refusals(lambda: es.record_disposition(bi, summoned, outcome="convicted", decided_on=TOMORROW, fine="5",
                                                 jail_days=3))
    assert fields(got) == ["decided_on", "fine", "jail_days"]
    assert got[1][1] == f"$5.00 is outside $25.00 to $100.00 for a first offense: a fine of $25 to $100 (a violation) ({FIRST})"
    assert got[2][1] == f"no imprisonment in days for a first offense: a fine of $25 to $100 (a violation) ({FIRST}); allowed: 0"
    assert not Disposition.objects.exists()


def test_a_first_offense_without_its_fine_is_told_beside_a_term_it_does_not_allow_164_14(bi, summoned):
    """§ 164-14 gives a first offense no imprisonment: the fine is required whatever the term, both told."""
    got = refusals(lambda: es.record_disposition(bi, summoned, outcome="convicted", jail_days=2))
    assert fields(got) == ["fine", "jail_days"]
    assert got[0][1] == f"the fine is required for a conviction: $25.00 to $100.00 for a first offense ({FIRST})"


def test_an_outcome_refused_leaves_the_sentence_judged_in_its_form_only(bi, summoned):
    got = refusals(lambda: es.record_disposition(bi, summoned, outcome="acquitted", fine="abc", jail_months=-1))
    assert fields(got) == ["outcome", "fine", "jail_months"]
    assert got[0][1] == "'acquitted'; allowed: convicted, dismissed"
    assert got[2][1] == "a whole number of months, 0 or more; got -1"


def test_a_dismissal_before_the_summons_with_a_fine_both_told_w7(bi, summoned):
    got = refusals(lambda: es.record_disposition(bi, summoned, outcome="dismissed", decided_on=ISSUED - dt.timedelta(1),
                                                 fine="25", reason=RLO))
    assert fields(got) == ["reason", "decided_on", "fine"]
    assert got[1][1] == "2026-11-01 is before the summons was issued (2026-11-02)"
    assert got[2][1] == "a dismissed violation carries no fine or imprisonment"


def test_a_disposition_of_a_violation_not_summoned_values_first_then_409(bi, violation):
    """Values before the state, as before: 422 with the values refused, 409 once they are right."""
    assert fields(refusals(lambda: es.record_disposition(bi, violation, outcome="convicted", fine="5"))) == ["fine"]
    with pytest.raises(InvalidTransition):
        es.record_disposition(bi, violation, outcome="convicted", fine="50")
    assert not Disposition.objects.exists()


def test_who_may_not_record_a_disposition_is_refused_before_the_values(mp, summoned):
    with pytest.raises(NotAllowed):
        es.record_disposition(mp[Role.ENFORCEMENT_OFFICER], summoned, outcome="acquitted", fine="abc")
    with pytest.raises(NotAllowed):
        es.disposition_refusals(mp[Role.ENFORCEMENT_OFFICER], summoned, outcome="convicted")
    assert es.disposition_refusals(mp[Role.TOWN_CLERK], summoned, outcome="convicted", fine="50") == []


# --- the payment -------------------------------------------------------------------------------------------------


@pytest.fixture
def convicted(bi, summoned):
    es.record_disposition(bi, summoned, outcome="convicted", decided_on=RETURNS, fine="50")
    summoned.refresh_from_db()
    return summoned


def test_a_payment_tells_every_refusal_at_once(mp, convicted):
    clerk = mp[Role.TOWN_CLERK]
    got = refusals(lambda: es.record_payment(clerk, convicted, amount="40", paid_on=RETURNS - dt.timedelta(1),
                                             reason=RLO))
    assert fields(got) == ["reason", "amount", "paid_on"]
    assert got[1][1] == "$40.00 is not the fine of $50.00; record the payment of the fine in full"
    assert got[2][1] == ("2026-11-22 is before the court's disposition imposing the fine (2026-11-23)")
    convicted.refresh_from_db()
    assert convicted.state == Violation.DISPOSED


@pytest.mark.parametrize(("paid_on", "refused"), [(RETURNS - dt.timedelta(1), True), (RETURNS, False)])
def test_a_fine_paid_on_the_day_of_the_disposition_both_sides_w7(mp, convicted, paid_on, refused):
    clerk = mp[Role.TOWN_CLERK]
    if refused:
        assert fields(refusals(lambda: es.record_payment(clerk, convicted, amount="abc", paid_on=paid_on))) == [
            "amount", "paid_on"]
    else:
        assert fields(refusals(lambda: es.record_payment(clerk, convicted, amount="abc", paid_on=paid_on))) == [
            "amount"]
        assert es.record_payment(clerk, convicted, amount="50", paid_on=paid_on).state == Violation.PAID


def test_a_payment_before_any_disposition_values_first_then_409(mp, violation):
    clerk = mp[Role.TOWN_CLERK]
    assert fields(refusals(lambda: es.record_payment(clerk, violation, amount="x", paid_on=TOMORROW))) == [
        "amount", "paid_on"]
    with pytest.raises(InvalidTransition):
        es.record_payment(clerk, violation, amount="50")
    with pytest.raises(NotAllowed):
        es.record_payment(mp[Role.ENFORCEMENT_OFFICER], violation, amount="x")


# --- the stop order lifted (§§ 164-5, 164-13) --------------------------------------------------------------------


@pytest.fixture
def order(bi, hall):
    return es.record_stop_order(bi, hall, performance="Dance", persons_present=5, egress_obstructed=True)


def test_a_stop_order_lifted_tells_every_refusal_at_once_164_13(bi, order):
    later = timezone.now() + dt.timedelta(hours=1)
    got = refusals(lambda: es.lift_stop_order(bi, order, correction="", lifted_at=later))
    assert fields(got) == ["correction", "lifted_at"]
    assert got[0][1] == "required"
    assert " is in the future (now is " in got[1][1]
    order.refresh_from_db()
    assert order.state == StopOrder.IN_FORCE


@pytest.mark.parametrize(("seconds", "refused"), [(-1, True), (0, False)])
def test_lifted_at_the_moment_of_the_order_both_sides_164_5(bi, order, seconds, refused):
    at = order.ordered_at + dt.timedelta(seconds=seconds)
    if refused:
        got = refusals(lambda: es.lift_stop_order(bi, order, correction="\x1b", lifted_at=at))
        assert fields(got) == ["correction", "lifted_at"]
        # (the order's moment in the Town's time, as given: not in UTC, which the second new-user trial saw)
        given = timezone.localtime(order.ordered_at).isoformat(timespec="seconds")  # (no microseconds)
        assert given.endswith(("-05:00", "-04:00"))
        assert got[1][1].endswith(f"is before the stop order was given ({given})")
    else:
        assert es.lift_stop_order(bi, order, correction="Exit cleared", lifted_at=at).lifted_at == at


def test_who_may_not_lift_is_refused_before_the_values_164_13(mp, order):
    """The Town Clerk reads the stop orders but may not lift one: 403 first (it was told the empty correction, and
    its role only after the order's state); a control character still before it, alone (G-6)."""
    clerk = mp[Role.TOWN_CLERK]
    with pytest.raises(NotAllowed):
        es.lift_stop_order(clerk, order, correction="", lifted_at=timezone.now() + dt.timedelta(hours=1))
    assert fields(refusals(lambda: es.lift_stop_order(clerk, order, correction=RLO))) == ["correction"]
    with pytest.raises(NotAllowed):
        es.lift_refusals(clerk, order, correction="")


def test_a_stop_order_lifted_twice_values_first_then_409_164_13(bi, order):
    es.lift_stop_order(bi, order, correction="Exit cleared")
    order.refresh_from_db()
    assert fields(refusals(lambda: es.lift_stop_order(bi, order, correction=""))) == ["correction"]
    with pytest.raises(InvalidTransition):
        es.lift_stop_order(bi, order, correction="Exit cleared again")


def test_a_sentence_checked_alone_tells_each_term_at_once_164_14(bi, summoned):
    """`check_sentence`, the range's check: a fine outside the range with a term the law does not allow."""
    p = es.penalty_range(summoned)
    with pytest.raises(ValidationFailed) as e:
        es.check_sentence(p, "500", jail_days=1, jail_months=1)
    assert [f for f, _m in e.value.errors] == ["fine", "jail_days", "jail_months"]
    assert es.check_sentence(p, "25") == Decimal("25.00")


@pytest.mark.parametrize(("days", "refused"), [(16, True), (15, False)])
def test_a_second_offense_left_without_its_fine_waits_for_its_term_both_sides_164_14(bi, violation, days, refused):
    """§ 164-14: a second offense, "$100 to $250 or imprisonment not in excess of 15 days, or both": 16 days is
    refused and the fine left out is not told beside it (it may be left out with a term that stands); 15 days
    stands alone, the fine recorded $0.00."""
    earlier = es.record_violation(bi, es.file_complaint(
        bi, violation.town, description="exit chained", observed_on=dt.date(2025, 1, 6), filed_on=dt.date(2025, 1, 6),
        offender=violation.offender, in_presence=True), rule_id=violation.rule_id)
    es.issue_summons(bi, earlier, issued_on=dt.date(2025, 1, 6), return_date=dt.date(2025, 1, 27))
    earlier.refresh_from_db()
    es.record_disposition(bi, earlier, outcome="convicted", decided_on=dt.date(2025, 1, 27), fine="50")
    es.issue_summons(bi, violation, issued_on=ISSUED, return_date=RETURNS)
    violation.refresh_from_db()
    assert es.penalty_range(violation).offense_number == 2
    if refused:
        got = refusals(lambda: es.record_disposition(bi, violation, outcome="convicted", jail_days=days))
        assert fields(got) == ["jail_days"]
        assert got[0][1].startswith("16 days is more than the 15 days allowed for a second offense")
    else:
        d = es.record_disposition(bi, violation, outcome="convicted", jail_days=days)
        assert (d.fine, d.jail_days, d.offense_number) == (Decimal("0.00"), 15, 2)
