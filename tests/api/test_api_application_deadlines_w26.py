"""``GET /api/v1/towns/carmel-ny/applications/{id}`` gives the application's ``deadlines`` as its page and its
calendar list them (interpretations P-27 and W-26): each ``{name, due, last_day, counted, citation, done_on,
done_late}`` from `permits.documents.deadline_items` (the one source), done on the day the Town's record shows the
act — the petition's filing (Carmel ch. 31, permit requirements ¶ B: at least 60 days before the assembly) the day
it was submitted, the hearing's notice (¶ B: at least 10 days before the hearing) the day it was published, the
Board's decision (¶ B: within 30 days after submission) the day it approved or denied — and late when that day is
after the law's last day. The law core's ``determination.deadlines`` cannot know what the Town did. Refused
facts: ``deadlines`` is null, never [] (which would read as "no deadline")."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import fair_facts
from tests.web.test_application_calendar_deadlines_done import heard, hearing_set, law_last_day, submitted
from tests.web.test_refused_facts import NOT_A_DATE, YEAR_9999, store_dates

from publicassembly.permits import documents as permit_docs
from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication
from publicassembly.web import present

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
FIELDS = {"name", "due", "last_day", "counted", "citation", "done_on", "done_late"}


def body(app, user) -> dict:
    r = api_client(user).get(f"/api/v1/towns/carmel-ny/applications/{app.pk}")
    assert r.status_code == 200, r.content[:500]
    return r.json()


def deadlines(app, user) -> dict[str, dict]:
    items = body(app, user)["deadlines"]
    assert all(set(x) == FIELDS for x in items), items
    return {x["name"]: x for x in items}


def done(app, name: str, cu) -> tuple[str | None, bool]:
    """(done_on, done_late) of deadline `name` as the applicant and the Clerk are given it (the same)."""
    seen = {(d[name]["done_on"], d[name]["done_late"]) for d in (deadlines(app, cu["applicant"]),
                                                                  deadlines(app, cu["town_clerk"]))}
    assert len(seen) == 1, seen
    return seen.pop()


def draft_filing_last_on(carmel, cu, day: dt.date) -> PermitApplication:
    """The county fair's draft with its assembly moved so that its filing's last day (¶ B, as the law core counts
    it, GCL § 20) is `day`."""
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    shift = day - law_last_day(app, "application_due")
    facts = app.facts
    first = dt.date.fromisoformat(facts["dates"]["first_day"]) + shift
    facts["dates"] = dict(facts["dates"], first_day=first.isoformat(),
                          last_day=(first + dt.timedelta(days=2)).isoformat())
    sv.update_draft(cu["applicant"], app, facts)
    app.refresh_from_db()
    assert law_last_day(app, "application_due") == day
    return app


# --- the shape: the page's deadlines, from the one source --------------------------------------------------------


def test_the_deadlines_are_deadline_items_in_the_pages_order(hearing_app, cu):
    """Every deadline of the application at its hearing, as `deadline_items` gives it (dates YYYY-MM-DD), in the
    order of the application page (by the law's last day)."""
    got = body(hearing_app, cu["town_clerk"])["deadlines"]
    page = [x["name"] for x in present.deadlines(sv.determination(hearing_app).to_json())]
    assert [x["name"] for x in got] == page
    assert {"application_due", "hearing_notice_due", "decision_due", "cleanup_due"} == set(page)
    items = {d.name: d for d in permit_docs.deadline_items(hearing_app)}
    for x in got:
        d = items[x["name"]]
        assert x == {"name": d.name, "due": d.due.isoformat(),
                     "last_day": d.last_day.isoformat() if d.last_day else None, "counted": str(d.counted),
                     "citation": d.citation, "done_on": d.done_on.isoformat() if d.done_on else None,
                     "done_late": d.done_late}
        assert x["citation"].startswith("Carmel Code ch. 31") and x["counted"]
    # (the law core's own, beside it, is unchanged: no record of what the Town did)
    assert set(body(hearing_app, cu["town_clerk"])["determination"]["deadlines"]) == set(page)


# --- the petition's filing (¶ B: at least 60 days before the assembly) -------------------------------------------


def test_a_drafts_filing_is_not_done(draft_app, cu):
    """A draft: the filing is the applicant's to do (not done, not late); no decision is due before submission."""
    got = deadlines(draft_app, cu["applicant"])
    assert (got["application_due"]["done_on"], got["application_due"]["done_late"]) == (None, False)
    assert "decision_due" not in got
    assert got["application_due"]["due"] == (sv.deadlines(draft_app)["application_due"].act_by
                                             or law_last_day(draft_app, "application_due")).isoformat()


def test_submitted_the_filing_is_done_on_submitted_on_in_time(draft_app, cu):
    app = sv.submit(cu["applicant"], draft_app, verification_statement="Sworn.")
    assert app.submitted_on == TODAY
    assert done(app, "application_due", cu) == (TODAY.isoformat(), False)
    assert done(app, "decision_due", cu) == (None, False)  # (the Board's still to do)


@pytest.mark.parametrize(("days_before_today", "late"), [(0, False), (1, True)])
def test_submitted_on_the_filings_last_day_is_in_time_the_day_after_late_p19(carmel, cu, days_before_today, late):
    """The filing's last day today: submitted today, in time; its last day yesterday (the assembly fewer than 60
    days ahead, a petition the Clerk still receives: P-19), submitted today, done late."""
    app = draft_filing_last_on(carmel, cu, TODAY - dt.timedelta(days=days_before_today))
    app = sv.submit(cu["applicant"], app, verification_statement="Sworn.")
    assert done(app, "application_due", cu) == (TODAY.isoformat(), late)


# --- the hearing's notice (¶ B: published at least 10 days before the hearing) -----------------------------------


def test_the_notice_not_recorded_is_not_done(carmel, cu):
    assert done(hearing_set(carmel, cu), "hearing_notice_due", cu) == (None, False)


def test_the_notice_published_through_the_service_is_done_that_day(hearing_app, cu):
    """(`schedule_hearing` with the notice published today, 20 days before the hearing: done today, in time)"""
    assert done(hearing_app, "hearing_notice_due", cu) == (TODAY.isoformat(), False)


@pytest.mark.parametrize(("days_after_last_day", "late"), [(0, False), (1, True)])
def test_the_notice_published_on_its_last_day_is_in_time_the_day_after_late(carmel, cu, days_after_last_day, late):
    app = hearing_set(carmel, cu)
    on = law_last_day(app, "hearing_notice_due") + dt.timedelta(days=days_after_last_day)
    PermitApplication.objects.filter(pk=app.pk).update(notice_published_on=on)
    app.refresh_from_db()
    assert done(app, "hearing_notice_due", cu) == (on.isoformat(), late)


# --- the Board's decision (¶ B: within 30 days after submission) --------------------------------------------------


def test_no_decision_recorded_is_not_done(carmel, cu):
    assert done(heard(carmel, cu), "decision_due", cu) == (None, False)


@pytest.mark.parametrize("state", ["approved", "denied"])
@pytest.mark.parametrize(("days_after_last_day", "late"), [(0, False), (1, True)])
def test_decided_on_its_last_day_is_in_time_the_day_after_late(carmel, cu, state, days_after_last_day, late):
    app = heard(carmel, cu)
    on = law_last_day(app, "decision_due") + dt.timedelta(days=days_after_last_day)
    PermitApplication.objects.filter(pk=app.pk).update(state=state, decided_on=on)
    app.refresh_from_db()
    assert done(app, "decision_due", cu) == (on.isoformat(), late)


# --- refused facts: null, as issuance_blockers ----------------------------------------------------------------------


def test_facts_the_law_core_refuses_give_null_deadlines_not_an_empty_list(carmel, cu):
    """A draft whose first day is no day of the calendar, and a submitted petition of year 9999: no deadline can
    be counted — ``deadlines`` null (not known), with ``facts_error``; never [] ("no deadline")."""
    bad_draft = sv.create_draft(cu["applicant"], carmel, fair_facts())
    store_dates(bad_draft, NOT_A_DATE)
    bad = submitted(carmel, cu)
    store_dates(bad, YEAR_9999)
    for app, user in ((bad_draft, cu["applicant"]), (bad, cu["town_clerk"]), (bad, cu["applicant"])):
        got = body(app, user)
        assert got["facts_error"] and got["determination"] is None
        assert "deadlines" in got and got["deadlines"] is None
