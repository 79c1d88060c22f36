"""The hearing comes before the assembly (Carmel ch. 31 ¶ B: the Board decides before it): on the web a hearing on
the assembly's first day is refused beside the ``hearing_on`` field (422), the day before is scheduled."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from tests.web.conftest import client_for, fair_facts

from publicassembly.law.dates import no_public_hearing_because
from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


def _post(carmel, cu, hearing_on, facts=None):
    app = sv.create_draft(cu["applicant"], carmel, facts or fair_facts())
    today = dt.date.today()
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=today)
    sv.accept(cu["town_clerk"], app, today=today)
    app.refresh_from_db()
    return app, client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/schedule_hearing/", {
        "schedule_hearing-hearing_on": hearing_on.isoformat(), "schedule_hearing-place": "Town Hall",
        "schedule_hearing-newspaper": "Courier", "schedule_hearing-notice_published_on": today.isoformat(),
        "expected_version": app.version})


def _first_day():
    return dt.date.fromisoformat(fair_facts()["dates"]["first_day"])


def _fair_on_a_hearing_day(before: int) -> dict:
    """The fair moved (by up to a week) so that the day `before` days before its first day is one the Board may
    hold a hearing (P-8: not a Sunday or a public holiday), whatever day the suite runs."""
    facts = fair_facts()
    shift = next(k for k in range(7) if no_public_hearing_because(_first_day() + dt.timedelta(days=k - before)) is None)
    for key in ("first_day", "last_day"):
        if facts["dates"].get(key):
            facts["dates"][key] = (dt.date.fromisoformat(facts["dates"][key]) + dt.timedelta(days=shift)).isoformat()
    return facts


def test_hearing_on_the_first_day_refused_beside_hearing_on(carmel, cu):
    """(the first day one a hearing could otherwise be held on, so that the refusal is for the assembly alone)"""
    facts = _fair_on_a_hearing_day(0)
    app, r = _post(carmel, cu, dt.date.fromisoformat(facts["dates"]["first_day"]), facts)
    assert r.status_code == 422
    html = r.content.decode()
    # a field error: the summary links to the hearing date's field with the message
    assert re.search(r'href="#id_schedule_hearing-hearing_on">[^<]*</a>: [^<]*the Town Board must hold the '
                     r'hearing and decide before the assembly', html)
    assert "facts.hearing" not in html
    app.refresh_from_db()
    assert app.state == "accepted"


def test_hearing_the_day_before_the_first_day_is_scheduled(carmel, cu):
    """The fair moved (by up to a week) so that the day before it is one the Board may hold a hearing (P-8: not
    a Sunday or a public holiday), whatever day the suite runs."""
    facts = _fair_on_a_hearing_day(1)
    first = dt.date.fromisoformat(facts["dates"]["first_day"])
    app, r = _post(carmel, cu, first - dt.timedelta(days=1), facts)
    assert r.status_code == 302
    app.refresh_from_db()
    assert app.state == "hearing_scheduled"
