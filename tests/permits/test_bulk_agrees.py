"""The queue's bulk helpers give exactly the one-application answers of the law core (Carmel ch. 31 ¶ B
deadlines and the 30-day decision), for applications in every state."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication, State

from .conftest import SUBMITTED, Walk, fair_facts

STATES = [State.DRAFT, State.SUBMITTED, State.ACCEPTED, State.HEARING_SCHEDULED, State.HEARING_HELD,
          State.APPROVED, State.ISSUED, State.DENIED]


@pytest.mark.django_db
def test_bulk_deadlines_and_overdue_decisions_equal_the_single_ones_carmel_31_b(carmel, people, fee_2026) -> None:
    apps = []
    for state in STATES:
        walk = Walk(carmel, people)
        apps.append(walk.to(state))
    for today in (SUBMITTED, SUBMITTED + timedelta(days=30), SUBMITTED + timedelta(days=45)):
        fresh = sv.preload_records([type(a).objects.get(pk=a.pk) for a in apps])
        many = sv.deadlines_of_many(fresh, today)
        overdue = sv.decision_overdue_of_many(fresh, today)
        due = sv.decision_due_of_many(fresh)
        for app in apps:
            assert many[app.pk] == sv.deadlines(app, today), app.state
            assert overdue[app.pk][0] == sv.decision_overdue(app, today), (app.state, today)
            assert due[app.pk] == sv.decision_due(app), app.state


#: The facts that decide ¶ A and the exemptions and the days the deadlines count from, varied around their
#: boundaries: 500/501 persons, inside or outside the Town, a veterans' chapter maintained one year or not,
#: weekends and holidays of 2026 (Independence Day, Labor Day) for the first and last days and the hearing.
_DAY = st.dates(min_value=date(2026, 6, 1), max_value=date(2026, 9, 30))


@st.composite
def _cases(draw: st.DrawFn) -> tuple[dict, str, date | None, date | None]:
    facts = fair_facts()
    first = draw(_DAY)
    facts["dates"] = {**facts["dates"], "first_day": first.isoformat(),
                      "last_day": (first + timedelta(days=draw(st.integers(0, 6)))).isoformat()}
    facts["max_persons_at_one_time"] = draw(st.sampled_from([None, 499, 500, 501, 4000]))
    at_once = facts["max_persons_at_one_time"] or 0  # (collectively is at least the number at one time)
    facts["persons_collectively"] = draw(st.sampled_from([None, *(n for n in (500, 501, 12000) if n >= at_once)]))
    facts["within_town"] = draw(st.booleans())
    if draw(st.booleans()):
        since = first - timedelta(days=365 + draw(st.integers(-2, 2)))
        facts["sponsor"] = {"name": "Post 1", "kind": "veterans_organization", "chapter_in_town_since":
                            since.isoformat(), "sponsored": True, "organized": True,
                            "authorized": draw(st.sampled_from([True, None]))}
    state = draw(st.sampled_from([State.SUBMITTED, State.ACCEPTED, State.HEARING_SCHEDULED, State.DENIED]))
    submitted = draw(st.none() | _DAY)
    hearing = draw(st.none() | _DAY) if state == State.HEARING_SCHEDULED else None
    return facts, state, submitted, hearing


@pytest.mark.django_db
@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(cases=st.lists(_cases(), min_size=1, max_size=4), today=_DAY)
def test_bulk_equals_single_on_generated_cases_carmel_31_a_b_f_exemptions(carmel, people, cases, today) -> None:
    """Carmel ch. 31 ¶ A (in excess of 500), exemptions ¶ C (a chapter maintained one year), ¶ B (60 days,
    30 days, 10 days' notice) and ¶ F (5 days), GCL §§ 20, 25-a: for generated applications the bulk
    helpers (`ManyApplications`: deadlines without a full determination) give exactly the deadlines, the
    decision due and the overdue flag of one determination per application, on every date."""
    apps = [PermitApplication.objects.create(town=carmel, applicant=people["applicant"],
                                             facts=sv.validate_facts(facts), state=state, submitted_on=submitted,
                                             hearing_on=hearing)
            for facts, state, submitted, hearing in cases]
    law = sv.ManyApplications([PermitApplication.objects.get(pk=a.pk) for a in apps])
    for app in apps:
        assert law.deadlines(app, today) == sv.deadlines(app, today)
        assert law.decision_due(app) == sv.decision_due(app)
        assert law.decision_overdue(app, today)[0] == sv.decision_overdue(app, today)
        for name in ("application_due", "decision_due", "hearing_notice_due", "cleanup_due"):
            assert law.deadline(app, name, today) == sv.deadlines(app, today).get(name)


@pytest.mark.django_db
def test_bulk_deadline_names_are_checked(carmel, people) -> None:
    """An unknown deadline name is refused with the allowed names."""
    app = Walk(carmel, people).to(State.SUBMITTED)
    with pytest.raises(ValueError, match="allowed: application_due, decision_due, hearing_notice_due, cleanup_due"):
        sv.ManyApplications([app]).deadline(app, "hearing_due", SUBMITTED)
