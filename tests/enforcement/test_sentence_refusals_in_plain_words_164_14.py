"""A sentence refused says what the law asks, in plain words (new-user trial; Mount Pleasant § 164-14, Carmel ch. 31
penalties):

- a conviction recorded without its fine was told "fine: $0.00 is outside $25.00 to $100.00 …", a fine nobody gave:
  it is told that the fine is required for a conviction, with the range in force for that offense — and, where the
  law allows "fine or imprisonment, or both", that it may be left out only with imprisonment, in which field and up
  to what (then recorded as $0.00);
- a term given in the unit the law does not count it in (§ 164-14: days for a second offense, "not in excess of 15
  days"; months for a subsequent one, "not in excess of six months") was told "give jail_months, not days (got 1
  days)": it is told that imprisonment for that offense is counted in months (days), up to its cap, in which field
  to give it and its range, and what was given, in the singular or the plural as it is."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from publicassembly.accounts.models import Role
from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Disposition
from publicassembly.law.dates import next_business_day
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

BLOCKED = "mount-pleasant/164-10/exits-not-blocked"
MP = "Mount Pleasant Code § 164-14"


@pytest.fixture
def firm(bi, mount_pleasant):
    return es.register_offender(bi, mount_pleasant, kind="firm", name="Saw Mill River Events LLC")


def summoned(bi, firm, on: dt.date):
    complaint = es.file_complaint(bi, firm.town, description="fire exit chained", observed_on=on, filed_on=on,
                                  offender=firm, in_presence=True)
    v = es.record_violation(bi, complaint, rule_id=BLOCKED)
    es.issue_summons(bi, v, issued_on=on, return_date=next_business_day(on + dt.timedelta(days=21)))
    v.refresh_from_db()
    return v


def refused(field: str, call) -> str:
    """What `call` (a disposition of a violation) is refused, naming `field`; nothing recorded."""
    before = Disposition.objects.count()
    with pytest.raises(ValidationFailed) as e:
        call()
    assert e.value.field == field
    assert Disposition.objects.count() == before
    return e.value.detail


@pytest.fixture
def first(bi, firm, day):
    return summoned(bi, firm, day)


@pytest.fixture
def second(bi, firm, day, first):
    es.record_disposition(bi, first, outcome="convicted", fine="50", decided_on=first.summons.return_date)
    return summoned(bi, firm, day + dt.timedelta(days=100))


@pytest.fixture
def third(bi, firm, day, second):
    es.record_disposition(bi, second, outcome="convicted", fine="150", decided_on=second.summons.return_date)
    return summoned(bi, firm, day + dt.timedelta(days=200))


# --- the fine left out -------------------------------------------------------------------------------------------


def test_a_first_offense_convicted_without_its_fine_is_told_the_fine_is_required_and_its_range(bi, first):
    """A first offense: $25 to $100, no imprisonment — the fine is required; $0 given is still outside the range."""
    said = refused("fine", lambda: es.record_disposition(bi, first, outcome="convicted"))
    assert said == f"the fine is required for a conviction: $25.00 to $100.00 for a first offense ({MP})"
    assert refused("fine", lambda: es.record_disposition(bi, first, outcome="convicted", fine="0")).startswith(
        "$0.00 is outside $25.00 to $100.00 for a first offense")
    d = es.record_disposition(bi, first, outcome="convicted", fine="25")  # the range's least fine
    assert d.fine == Decimal("25.00")


def test_a_second_offense_without_its_fine_needs_imprisonment_in_days_164_14(bi, second):
    """A second offense: $100 to $250 or up to 15 days, or both — the fine left out is told with the term that may
    stand alone; with a day of imprisonment it is recorded, the fine $0.00."""
    said = refused("fine", lambda: es.record_disposition(bi, second, outcome="convicted"))
    assert said == (f"the fine is required for a conviction: $100.00 to $250.00 for a second offense ({MP}); it may "
                    "be left out only when imprisonment is imposed (jail_days, 1 to 15)")
    d = es.record_disposition(bi, second, outcome="convicted", jail_days=1)
    assert (d.fine, d.jail_days, d.offense_number) == (Decimal("0.00"), 1, 2)


def test_a_third_offense_without_its_fine_needs_imprisonment_in_months_164_14(bi, third):
    said = refused("fine", lambda: es.record_disposition(bi, third, outcome="convicted"))
    assert said == (f"the fine is required for a conviction: $500.00 to $1,000.00 for a third offense ({MP}); it "
                    "may be left out only when imprisonment is imposed (jail_months, 1 to 6)")
    d = es.record_disposition(bi, third, outcome="convicted", jail_months=6)
    assert (d.fine, d.jail_months, d.offense_number) == (Decimal("0.00"), 6, 3)


def test_a_dismissal_takes_no_fine_or_a_fine_of_zero(bi, first):
    assert refused("fine", lambda: es.record_disposition(bi, first, outcome="dismissed", fine="25")) == (
        "a dismissed violation carries no fine or imprisonment")
    assert es.record_disposition(bi, first, outcome="dismissed", fine="0.00").outcome == "dismissed"


# --- imprisonment in the unit the law does not count it in ---------------------------------------------------------


@pytest.mark.parametrize(("days", "got"), [(1, "1 day"), (2, "2 days"), (6, "6 days"), (200, "200 days")])
def test_a_third_offense_in_days_is_told_it_is_counted_in_months_164_14(bi, third, days, got):
    said = refused("jail_days", lambda: es.record_disposition(bi, third, outcome="convicted", fine="500",
                                                              jail_days=days))
    assert said == (f"imprisonment for a third offense is counted in months, up to 6 ({MP}): give it in "
                    f"jail_months, a whole number of months from 0 to 6, not in jail_days (got {got})")


@pytest.mark.parametrize(("months", "got"), [(1, "1 month"), (2, "2 months")])
def test_a_second_offense_in_months_is_told_it_is_counted_in_days_164_14(bi, second, months, got):
    said = refused("jail_months", lambda: es.record_disposition(bi, second, outcome="convicted", fine="100",
                                                                jail_months=months))
    assert said == (f"imprisonment for a second offense is counted in days, up to 15 ({MP}): give it in jail_days, "
                    f"a whole number of days from 0 to 15, not in jail_months (got {got})")


# --- Carmel ch. 31: each day a separate violation -------------------------------------------------------------------


@pytest.fixture
def carmel_summoned(carmel, other, day):
    cbi = other[Role.BUILDING_INSPECTOR]
    offender = es.register_offender(cbi, carmel, kind="person", name="John Doe")
    complaint = es.file_complaint(other[Role.ENFORCEMENT_OFFICER], carmel, description="concert of 2,000, no permit",
                                  observed_on=day, filed_on=day + dt.timedelta(days=3), offender=offender,
                                  place="300 Example Hollow Road", in_presence=True)
    v = es.record_violation(cbi, complaint, rule_id="carmel/permit/a-required", days_of_continued_violation=1)
    es.issue_summons(cbi, v, issued_on=day + dt.timedelta(days=4), return_date=day + dt.timedelta(days=30))
    v.refresh_from_db()
    return cbi, v


def test_carmel_a_day_of_continued_violation_without_its_fine_or_in_months(carmel_summoned):
    """Carmel's range is counted by days of continued violation (1 day: up to $250 or 15 days, or both): its words
    name the days, "1 day of continued violation", in the singular."""
    cbi, v = carmel_summoned
    p = es.penalty_range(v)
    said = refused("fine", lambda: es.record_disposition(cbi, v, outcome="convicted"))
    assert said == (f"the fine is required for a conviction: ${p.min_fine:,.2f} to ${p.max_fine:,.2f} for 1 day of "
                    f"continued violation ({p.citation}); it may be left out only when imprisonment is imposed "
                    f"(jail_days, 1 to {p.max_jail_days})")
    said = refused("jail_months", lambda: es.record_disposition(cbi, v, outcome="convicted", jail_months=1))
    assert said == (f"imprisonment for 1 day of continued violation is counted in days, up to {p.max_jail_days} "
                    f"({p.citation}): give it in jail_days, a whole number of days from 0 to {p.max_jail_days}, not "
                    "in jail_months (got 1 month)")
