"""The queue's bulk helpers give exactly the one-application answers of the law core (Carmel ch. 31 ¶ B
deadlines and the 30-day decision), for applications in every state."""

from __future__ import annotations

from datetime import timedelta

import pytest

from publicassembly.permits import services as sv
from publicassembly.permits.models import State

from .conftest import SUBMITTED, Walk

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
