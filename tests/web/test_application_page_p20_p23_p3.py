"""The application page offers what the services allow: an exempt petition (P-20, exemptions ¶ B) is not offered
to the Clerk for acceptance but for closing, and to the Board the refusal of the exemption; an assembly ended
after the permit's last day is shown with a warning (P-23, ¶ A); after an early unfinished cleanup the inspection
is offered again, and neither release nor forfeiture (P-3, ¶ F)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from tests.api.conftest import issued_permit
from tests.web.conftest import client_for, fair_facts

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


def test_exempt_church_page_offers_close_and_refusal_not_acceptance_exemptions_par_b(carmel, cu):
    facts = fair_facts()
    facts["sponsor"] = {"name": "First Church", "kind": "church", "sponsored": True, "organized": True,
                        "authorized": True, "established": True, "place_of_worship_in_town": True}
    app = sv.create_draft(cu["applicant"], carmel, facts)
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.")
    url = f"/carmel-ny/applications/{app.pk}/"
    clerk_page = client_for(cu["town_clerk"]).get(url).content.decode()
    assert "Accept the petition" not in clerk_page and "Close the case" in clerk_page
    board = client_for(cu["town_board_member"])
    assert "Do not accept the exemption claimed" in board.get(url).content.decode()
    app.refresh_from_db()
    r = board.post(url + "refuse_exemption/", {"expected_version": app.version,
                                               "refuse_exemption-reasons": "No place of worship in Carmel."})
    assert r.status_code == 302, r.content.decode()[:800]
    page = client_for(cu["town_clerk"]).get(url).content.decode()
    assert 'id="exemption-not-accepted"' in page and "No place of worship in Carmel." in page
    assert "Accept the petition" in page


def _later(monkeypatch, day):
    real = timezone.localdate
    monkeypatch.setattr(timezone, "localdate", lambda value=None, timezone=None:
                        day if value is None else real(value, timezone))


def test_end_after_the_permit_warned_on_the_page_par_a(carmel, cu, monkeypatch):
    app = issued_permit(carmel, cu)
    last = dt.date.fromisoformat(app.facts["dates"]["last_day"])
    _later(monkeypatch, last + dt.timedelta(days=30))
    c = client_for(cu["town_clerk"])
    url = f"/carmel-ny/applications/{app.pk}/"
    r = c.post(url + "record_assembly_held/", {"expected_version": app.version,
                                               "record_assembly_held-ended_on": last + dt.timedelta(days=1)})
    assert r.status_code == 422 and "P-23" in r.content.decode()
    r = c.post(url + "record_assembly_held/", {"expected_version": app.version,
                                               "record_assembly_held-ended_on": last + dt.timedelta(days=1),
                                               "record_assembly_held-reason": "Rain date used."})
    assert r.status_code == 302, r.content.decode()[:800]
    page = c.get(url).content.decode()
    assert 'id="ran-past"' in page and last.isoformat() in page


def test_early_unfinished_cleanup_offers_another_inspection_par_f(carmel, cu, monkeypatch):
    app = issued_permit(carmel, cu)
    last = dt.date.fromisoformat(app.facts["dates"]["last_day"])
    _later(monkeypatch, last + dt.timedelta(days=1))
    sv.record_assembly_held(cu["town_clerk"], app)
    sv.record_cleanup_inspection(cu["town_clerk"], app, inspected_on=last + dt.timedelta(days=1),
                                 result="incomplete")
    url = f"/carmel-ny/applications/{app.pk}/"
    assert "Record the cleanup inspection" in client_for(cu["town_clerk"]).get(url).content.decode()
    board_page = client_for(cu["town_board_member"]).get(url).content.decode()
    assert "Release the bond" not in board_page and "Forfeit the bond" not in board_page
