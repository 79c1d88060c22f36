"""The demo's story holds together day by day (Carmel ch. 31 ¶¶ B, F, G; GCL §§ 20, 24; interpretation P-38). A
new-user trial loaded the demo and found application #1 closed on 1 November with its bond "released on Wednesday,
December 2, 2026" (the day the demo was loaded, after the case was closed), #5 submitted and #7 revoked on a
Sunday, and the Fourth of July fireworks viewing held on 7 February. Loaded on any day — the clock moved to it,
as `publicassembly demo` runs that day —, every act of the story now comes on or after the act it follows and on
or before that day, every act of the Town's officials (the Clerk, the Town Board, the Health Department, the
Building Inspector) falls on a business day (not a Saturday, a Sunday or a § 24 holiday: `law.dates`), and the
fireworks are viewed on the Fourth of July."""

from __future__ import annotations

from datetime import date

import pytest

from publicassembly.enforcement.models import Complaint, Disposition, Summons
from publicassembly.law.dates import is_business_day
from publicassembly.permits import demo
from publicassembly.permits import documents as permit_docs
from publicassembly.permits.models import PermitApplication, State
from publicassembly.venues.models import Certificate, Venue

pytestmark = pytest.mark.django_db

#: Days to load the demo on, and the Fourth of July its fireworks viewing is then held on: the Sunday after
#: Thanksgiving; 13 May 2027, whose petition (submitted Wednesday 5 May) is filed exactly 60 days before 4 July 2027
#: (¶ B), and 14 May, whose petition (6 May) is filed 59 days before it, so for 4 July 2028; the Tuesday after the
#: Fourth of July observed on Monday 5 July 2027. (Each load takes seconds: the day the trial loaded it, 2 December
#: 2026, is the last test's.)
LOAD_DAYS = ((date(2026, 11, 29), date(2027, 7, 4)), (date(2027, 5, 13), date(2027, 7, 4)),
             (date(2027, 5, 14), date(2028, 7, 4)), (date(2027, 7, 6), date(2028, 7, 4)))


def loaded_on(travel_to, day: date) -> None:
    """`publicassembly demo` run on `day` (the Town's clock moved to it: `travel_to`)."""
    travel_to(day)
    demo.load()


def _day(value) -> date | None:
    return date.fromisoformat(value) if isinstance(value, str) else value


def story(app: PermitApplication) -> list[tuple[str, date]]:
    """The application's recorded acts in the order of the story, each with its day (those recorded only)."""
    dates = app.facts.get("dates") or {}
    records = [("bond posted", b.posted_on) for b in app.bonds.all()]
    acts = [
        ("submitted", app.submitted_on), ("notice published", app.notice_published_on),
        ("hearing held", app.hearing_held_on), ("Board decided", app.decided_on),
        *records,
        ("permit issued", app.issued_on), ("permit revoked", app.revoked_on),
        ("assembly's first day", _day(dates.get("first_day")) if app.issued_on else None),
        ("assembly ended", app.assembly_ended_on), ("cleanup completed", app.cleanup_completed_on),
        ("cleanup inspected", app.cleanup_inspected_on), ("bond released or forfeited", app.bond_disposition_on),
        ("case closed", app.closed_on),
    ]
    return [(what, day) for what, day in acts if day is not None]


def officials_acts(app: PermitApplication) -> list[tuple[str, date]]:
    """The acts of the Town's officials on `app`, each with its day: the petition filed with the Clerk, the hearing
    held by the Town Board, its decision, the written approvals, the authorizations and the insurance certificate
    received, the bond posted and the fee paid with the Clerk, the permit issued or revoked, the cleanup inspected,
    the bond released or forfeited, the case closed, the withdrawal filed."""
    acts = [("submitted", app.submitted_on), ("hearing held", app.hearing_held_on), ("hearing set", app.hearing_on),
            ("decided", app.decided_on), ("issued", app.issued_on), ("revoked", app.revoked_on),
            ("cleanup inspected", app.cleanup_inspected_on), ("bond released or forfeited", app.bond_disposition_on),
            ("closed", app.closed_on), ("withdrawn", app.withdrawn_on)]
    acts += [(f"¶ C({a.condition}) approved by {a.agency}", a.approved_on) for a in app.approvals.all()]
    acts += [(f"¶ D authorization of the {a.party}", a.given_on) for a in app.authorizations.all()]
    acts += [("insurance recorded", c.recorded_on) for c in app.insurance_certificates.all()]
    acts += [("bond posted", b.posted_on) for b in app.bonds.all()]
    acts += [("fee paid", p.paid_on) for p in app.fee_payments.all()]
    return [(what, day) for what, day in acts if day is not None]


def holds_together(today: date) -> None:
    """Every demo application's acts in the order of its story and on or before `today`, its officials' acts on
    business days, and the records of ¶¶ C-F and the fee between the submission and the permit's issue."""
    apps = list(PermitApplication.objects.order_by("pk"))
    assert {a.state for a in apps} == set(State.values)
    for app in apps:
        acts = story(app)
        for (before, a), (after, b) in zip(acts, acts[1:], strict=False):
            assert a <= b, f"{app.name}: {after} on {b} is before {before} on {a}"
        assert all(day <= today for what, day in acts if what != "assembly's first day"), (app.name, acts)
        for what, day in officials_acts(app):
            assert is_business_day(day), f"{app.name}: {what} on {day:%A} {day}, the offices closed"
        for record, day in [("approval", a.approved_on) for a in app.approvals.all()] + [
                ("authorization", a.given_on) for a in app.authorizations.all()] + [
                ("fee", p.paid_on) for p in app.fee_payments.all()]:
            assert app.submitted_on <= day <= (app.issued_on or today), (app.name, record, day)


@pytest.mark.parametrize(("today", "fourth"), LOAD_DAYS, ids=str)
def test_demo_acts_in_order_on_business_days_fireworks_on_the_fourth_paragraphs_b_f_gcl_24(today, fourth, travel_to):
    """The story holds together loaded on each day (`holds_together`), and the fireworks are viewed on the next
    Fourth of July their petition, submitted about a week before (the business day on or before the demo's eighth
    day back), is filed at least 60 days ahead of (¶ B)."""
    loaded_on(travel_to, today)
    holds_together(today)
    fireworks = PermitApplication.objects.get(facts__name="Carmel Fourth of July Fireworks Viewing")
    assert (fireworks.facts["dates"]["first_day"], fireworks.facts["dates"]["last_day"]) == (
        fourth.isoformat(), fourth.isoformat())
    assert (fourth - fireworks.submitted_on).days >= 60


def test_demo_loaded_the_trials_day_bond_released_after_its_inspection_enforcement_on_business_days_p38(travel_to):
    """Loaded on the trial's day, Wednesday 2 December 2026: the story holds together (`holds_together`); the
    trial's application #1 (the county fair, closed) had its bond released by the Town Board after the cleanup
    inspection that found the waste removed and before the Clerk closed the case — not on the day the demo was
    loaded —, and the permit (PDF, BLDS) says that day; #5 is not submitted nor #7 revoked on a Sunday. The
    officials' acts of the places-of-assembly and enforcement demos — a complaint filed, a summons issued, a
    court's disposition and a fine paid, a certificate issued — fall on business days (a summons was issued on
    Columbus Day 2024, a complaint filed on Washington's Birthday 2025 and one on a Sunday)."""
    today = date(2026, 12, 2)
    loaded_on(travel_to, today)
    holds_together(today)
    fair = PermitApplication.objects.get(facts__name="Putnam County Fair")
    assert fair.state == State.CLOSED
    assert fair.cleanup_inspected_on < fair.bond_disposition_on < fair.closed_on < today
    assert permit_docs.permit_record(fair).bond_disposition_date == fair.bond_disposition_on
    forfeited = PermitApplication.objects.get(state=State.BOND_FORFEITED)
    assert forfeited.cleanup_inspected_on < forfeited.bond_disposition_on < today
    five, seven = PermitApplication.objects.order_by("pk")[4:7:2]
    assert (five.name, five.submitted_on.weekday() < 5) == ("Carmel Classic Car Show", True)
    assert (seven.name, seven.revoked_on.weekday() < 5) == ("Midnight Rock Marathon", True)
    acts = ([("complaint filed", c.filed_on) for c in Complaint.objects.all()]
            + [("summons issued", s.issued_on) for s in Summons.objects.all()]
            + [("disposition", d.decided_on) for d in Disposition.objects.all()]
            + [("fine paid", d.paid_on) for d in Disposition.objects.exclude(paid_on=None)]
            + [("certificate issued", c.issued_on) for c in Certificate.objects.all()]
            + [("worship use approved", v.worship_approved_on) for v in Venue.objects.exclude(worship_approved_on=None)])
    assert len(acts) > 10
    for what, day in acts:
        assert is_business_day(day), f"{what} on {day:%A} {day}"
    for complaint in Complaint.objects.all():
        assert complaint.observed_on <= complaint.filed_on
