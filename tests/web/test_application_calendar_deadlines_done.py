"""An application's calendar (``…/calendar.ics``) and its page list each of its other deadlines as done once the
Town's record shows what it asks for done (interpretation P-27, extended; `services.deadline_done_on`), on the
recorded day of the act, and as done late when that day is after its last day — as the petition's filing
(``tests/web/test_application_calendar_filing_done.py``):

- ``hearing_notice_due`` (¶ B): the notice's publication recorded (``notice_published_on``);
- ``decision_due`` (¶ B): the Town Board's approval or denial recorded (``decided_on``);
- ``cleanup_due`` (¶ F): a cleanup inspection that found the waste completely removed (``cleanup_completed_on``);
  an inspection that found it not completely removed, or a forfeited bond, leaves it to do.

Until then each is a to-do with its alarm (and "passed" on the page once its last day is over)."""

from __future__ import annotations

import datetime as dt

import pytest

from publicassembly.law.dates import is_business_day
from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication

from .conftest import fair_facts
from .test_application_calendar_filing_done import ics, page_text, todo

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()


def last_day(app, name: str) -> dt.date:
    d = sv.deadlines(app)[name]
    return d.act_by or d.date


def law_last_day(app, name: str) -> dt.date:
    """The deadline's last day as the law counts it (GCL §§ 20, 25-a), also when the Clerk's office is closed on a
    day counted backwards (``act_by`` is then the business day before: advice, not the law's limit)."""
    return sv.deadlines(app)[name].date


def submitted(carmel, cu, **fields) -> PermitApplication:
    """The county fair's petition submitted, then its record (the Town's acts, days past) set to `fields`."""
    app = sv.submit(cu["applicant"], sv.create_draft(cu["applicant"], carmel, fair_facts()),
                    verification_statement="Sworn.")
    PermitApplication.objects.filter(pk=app.pk).update(**fields)
    app.refresh_from_db()
    return app


def hearing_set(carmel, cu, **fields) -> PermitApplication:
    """A hearing that was to be held 5 days ago (its notice's last day 15 days ago), the notice not recorded."""
    return submitted(carmel, cu, state="hearing_scheduled", submitted_on=TODAY - dt.timedelta(days=50),
                     hearing_on=TODAY - dt.timedelta(days=5), hearing_place="Town Hall",
                     newspaper="Putnam County Courier", **fields)


def heard(carmel, cu, **fields) -> PermitApplication:
    """Submitted 60 days ago (the Board's 30 days over), its hearing held 40 days ago, no decision recorded."""
    held = TODAY - dt.timedelta(days=40)
    return submitted(carmel, cu, state="hearing_held", submitted_on=TODAY - dt.timedelta(days=60), hearing_on=held,
                     hearing_held_on=held, hearing_place="Town Hall", newspaper="Putnam County Courier",
                     notice_published_on=held - dt.timedelta(days=12), **fields)


def assembly_over(carmel, cu, **fields) -> PermitApplication:
    """An assembly held 30 to 28 days ago under a permit (its cleanup's last day about 23 days ago), no cleanup
    inspection recorded."""
    first = TODAY - dt.timedelta(days=30)
    app = submitted(carmel, cu)
    facts = dict(app.facts, dates=dict(app.facts["dates"], first_day=first.isoformat(),
                                       last_day=(first + dt.timedelta(days=2)).isoformat()))
    held = TODAY - dt.timedelta(days=50)
    PermitApplication.objects.filter(pk=app.pk).update(
        facts=facts, state="assembly_held", submitted_on=TODAY - dt.timedelta(days=100), hearing_on=held,
        hearing_held_on=held, hearing_place="Town Hall", newspaper="Putnam County Courier",
        notice_published_on=held - dt.timedelta(days=12), decided_on=held, issued_on=held,
        assembly_ended_on=first + dt.timedelta(days=2), **fields)
    app.refresh_from_db()
    return app


def assert_to_do(app, name: str, label: str, met_words: str, cu) -> None:
    for user in (cu["applicant"], cu["town_clerk"]):
        item = todo(ics(app, user), name)
        assert item["DUE"].dt == last_day(app, name)
        assert "STATUS" not in item and "COMPLETED" not in item and "PERCENT-COMPLETE" not in item
        assert len(item.walk("VALARM")) == 1
        assert "Done on" not in str(item["DESCRIPTION"])
    text = page_text(app, cu["town_clerk"])
    assert label in text and met_words not in text


def assert_done(app, name: str, on: dt.date, late: bool, met: str, after: str, cu) -> None:
    for user in (cu["applicant"], cu["town_clerk"]):
        item = todo(ics(app, user), name)
        assert str(item["STATUS"]) == "COMPLETED" and int(item["PERCENT-COMPLETE"]) == 100
        assert item["COMPLETED"].dt.astimezone(dt.UTC).date() == on  # (midnight in Carmel: 04:00/05:00 UTC)
        assert item.walk("VALARM") == []
        desc = str(item["DESCRIPTION"])
        assert desc.endswith(f"Done on {on.isoformat()}, after its last day." if late
                             else f"Done on {on.isoformat()}.")
    text = page_text(app, cu["town_clerk"])
    met_text, after_text = met % on.isoformat(), after % on.isoformat()
    assert (after_text in text, met_text in text) == (late, not late)


# --- the hearing's notice (¶ B: published at least 10 days before the hearing) ------------------------------------

NOTICE_MET = "met: the notice was published on %s"
NOTICE_AFTER = "the notice was published on %s, after this last day"


def test_the_hearing_notice_not_recorded_is_to_do_with_its_alarm(carmel, cu):
    app = hearing_set(carmel, cu)
    assert sv.deadline_done_on(app, "hearing_notice_due") is None
    assert_to_do(app, "hearing_notice_due", "hearing notice due", "met: the notice was published", cu)


@pytest.mark.parametrize(("days_after_due", "late"), [(0, False), (1, True)])
def test_the_hearing_notice_published_on_its_last_day_is_met_the_day_after_late(carmel, cu, days_after_due, late):
    app = hearing_set(carmel, cu)
    on = law_last_day(app, "hearing_notice_due") + dt.timedelta(days=days_after_due)
    PermitApplication.objects.filter(pk=app.pk).update(notice_published_on=on)
    app.refresh_from_db()
    assert sv.deadline_done_on(app, "hearing_notice_due") == on
    assert_done(app, "hearing_notice_due", on, late, NOTICE_MET, NOTICE_AFTER, cu)


def test_the_notice_recorded_through_the_service_is_done_that_day(hearing_app, cu):
    """(`schedule_hearing` with the notice published today: done today, in time, 20 days before the hearing)"""
    assert hearing_app.notice_published_on == TODAY
    assert_done(hearing_app, "hearing_notice_due", TODAY, False, NOTICE_MET, NOTICE_AFTER, cu)
    decision = todo(ics(hearing_app, cu["town_clerk"]), "decision_due")  # (the Board's still to meet)
    assert "STATUS" not in decision and len(decision.walk("VALARM")) == 1


# --- the Board's decision (¶ B: within 30 days after submission) ---------------------------------------------------

DECISION_MET = "met: the Town Board decided on %s"
DECISION_AFTER = "the Town Board decided on %s, after this last day"


def test_no_decision_recorded_is_to_do_with_its_alarm(carmel, cu):
    app = heard(carmel, cu)
    assert sv.deadline_done_on(app, "decision_due") is None
    assert_to_do(app, "decision_due", "decision due", "met: the Town Board decided", cu)


@pytest.mark.parametrize("state", ["approved", "denied"])
@pytest.mark.parametrize(("days_after_due", "late"), [(0, False), (1, True)])
def test_a_decision_on_its_last_day_is_met_the_day_after_late(carmel, cu, state, days_after_due, late):
    app = heard(carmel, cu)
    on = law_last_day(app, "decision_due") + dt.timedelta(days=days_after_due)
    PermitApplication.objects.filter(pk=app.pk).update(
        state=state, decided_on=on, reasons="The site cannot hold the parking." if state == "denied" else "")
    app.refresh_from_db()
    assert sv.deadline_done_on(app, "decision_due") == on
    assert_done(app, "decision_due", on, late, DECISION_MET, DECISION_AFTER, cu)


# --- the cleanup (¶ F: waste completely removed within 5 days from the termination) --------------------------------

CLEANUP_MET = "met: the waste was completely removed on %s"
CLEANUP_AFTER = "the waste was completely removed on %s, after this last day"


def test_no_cleanup_inspection_is_to_do_with_its_alarm(carmel, cu):
    app = assembly_over(carmel, cu)
    assert sv.deadline_done_on(app, "cleanup_due") is None
    assert_to_do(app, "cleanup_due", "cleanup due", "met: the waste was completely removed", cu)


@pytest.mark.parametrize("bond", ["", "forfeited"])
def test_an_inspection_that_found_the_waste_not_removed_leaves_it_to_do(carmel, cu, bond):
    """Found not completely removed (and the bond forfeited on it): the cleanup is not done; the bond's
    disposition is the Board's act, not the cleanup's."""
    app = assembly_over(carmel, cu)
    on = last_day(app, "cleanup_due") + dt.timedelta(days=1)
    PermitApplication.objects.filter(pk=app.pk).update(
        state="bond_forfeited" if bond else "cleanup_inspected", cleanup_inspected_on=on,
        cleanup_result="incomplete", bond_disposition=bond)
    app.refresh_from_db()
    assert sv.deadline_done_on(app, "cleanup_due") is None
    assert_to_do(app, "cleanup_due", "cleanup due", "met: the waste was completely removed", cu)


@pytest.mark.parametrize(("days_after_due", "late"), [(0, False), (1, True)])
def test_the_cleanup_found_complete_on_its_last_day_is_met_the_day_after_late(carmel, cu, days_after_due, late):
    app = assembly_over(carmel, cu)
    on = law_last_day(app, "cleanup_due") + dt.timedelta(days=days_after_due)
    PermitApplication.objects.filter(pk=app.pk).update(
        state="cleanup_inspected", cleanup_inspected_on=on + dt.timedelta(days=1), cleanup_result="complete",
        cleanup_completed_on=on)
    app.refresh_from_db()
    assert sv.deadline_done_on(app, "cleanup_due") == on
    assert_done(app, "cleanup_due", on, late, CLEANUP_MET, CLEANUP_AFTER, cu)


def _saturday_after_a_business_day() -> dt.date:
    """The latest Saturday at least three weeks ago whose Friday the Town Clerk's office was open (not a public
    holiday, GCL § 24: the Saturday after Christmas 2026, a Friday, would make the business day before it the
    Thursday), whatever day the suite runs."""
    saturday = TODAY - dt.timedelta(days=21 + (TODAY.weekday() - 5) % 7)
    while not is_business_day(saturday - dt.timedelta(days=1)):
        saturday -= dt.timedelta(days=7)
    assert saturday.weekday() == 5
    return saturday


def _saturday_notice(carmel, cu, published: dt.date) -> PermitApplication:
    """A hearing whose notice's last day (10 days before it, ch. 31 ¶ B) is a Saturday, when the Town Clerk's office
    is closed: the law's last day is that Saturday; the business day before it (Friday) is advice (``act_by``)."""
    saturday = _saturday_after_a_business_day()
    hearing = saturday + dt.timedelta(days=10)
    app = submitted(carmel, cu, state="hearing_scheduled", submitted_on=hearing - dt.timedelta(days=45),
                    hearing_on=hearing, hearing_place="Town Hall", newspaper="Putnam County Courier",
                    notice_published_on=published)
    due = sv.deadlines(app)["hearing_notice_due"]
    assert (due.date, due.act_by) == (saturday, saturday - dt.timedelta(days=1))
    return app


@pytest.mark.parametrize("days_after_saturday, late", [(0, False), (1, True)])
def test_permit_requirements_b_a_notice_published_on_its_last_day_a_saturday_is_in_time(
        carmel, cu, days_after_saturday, late):
    """¶ B, GCL § 20: a notice's last day counted backwards that falls on a Saturday stays that Saturday (the law
    core finds a notice published then in time; the Friday before is only when the Clerk's office last opens). The
    page and the calendar say so: published that Saturday, met; the Sunday after, late."""
    saturday = _saturday_after_a_business_day()
    published = saturday + dt.timedelta(days=days_after_saturday)
    app = _saturday_notice(carmel, cu, published)
    text = page_text(app, cu["town_clerk"])
    if late:
        assert f"the notice was published on {published.isoformat()}, after this last day" in text
    else:
        assert f"met: the notice was published on {published.isoformat()}" in text
        assert "after this last day" not in text
    description = str(todo(ics(app, cu["town_clerk"]), "hearing_notice_due")["DESCRIPTION"])
    assert f"Done on {published.isoformat()}" in description
    assert ("after its last day" in description) is late
