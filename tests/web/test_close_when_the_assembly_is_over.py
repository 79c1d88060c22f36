"""Carmel ch. 31, interpretation P-11, on the application page: the Clerk is offered "Close the case" for an
application under review only once its assembly's last day has passed, and closing it there works."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.web.conftest import client_for, fair_facts

from publicassembly.permits import services as sv
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db


def test_no_close_button_before_the_assembly(cu, hearing_app):
    page = client_for(cu["town_clerk"]).get(f"/carmel-ny/applications/{hearing_app.pk}/").content.decode()
    assert "Close the case" not in page


def test_an_application_whose_assembly_is_over_is_closed_from_the_page(carmel, cu):
    facts = fair_facts()
    past = dt.date.today() - dt.timedelta(days=30)
    facts["dates"] = {**facts["dates"], "first_day": past.isoformat(),
                      "last_day": (past + dt.timedelta(days=1)).isoformat()}
    app = sv.create_draft(cu["applicant"], carmel, facts)
    # submitted in time, 90 days before its first day; its last day has passed since
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.",
              today=past - dt.timedelta(days=90))
    app.refresh_from_db()
    c = client_for(cu["town_clerk"])
    page = c.get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert "Close the case" in page and "Accept the petition" not in page
    r = c.post(f"/carmel-ny/applications/{app.pk}/close/", {"expected_version": app.version})
    assert r.status_code == 302, r.content.decode()[:500]
    app.refresh_from_db()
    assert app.state == "closed"


def test_a_petition_for_an_assembly_already_over_is_refused_at_submission_p11(carmel, cu):
    """P-11: a petition asks a permit for an assembly still to come; once its last day has passed, submitting it
    is refused beside the last day (it was taken, then could only be closed)."""
    facts = fair_facts()
    past = dt.date.today() - dt.timedelta(days=10)
    facts["dates"] = {**facts["dates"], "first_day": past.isoformat(), "last_day": past.isoformat()}
    app = sv.create_draft(cu["applicant"], carmel, facts)
    with pytest.raises(ValidationFailed) as e:
        sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.")
    assert e.value.field == "facts.dates.last_day" and "has passed" in str(e.value)
    app.refresh_from_db()
    assert app.state == "draft"
    on_the_day = sv.create_draft(cu["applicant"], carmel, {**facts, "dates": {**facts["dates"],
                                 "first_day": dt.date.today().isoformat(), "last_day": dt.date.today().isoformat()}})
    sv.submit(cu["applicant"], on_the_day, verification_statement="Sworn before a notary.")
    assert on_the_day.state == "submitted"
