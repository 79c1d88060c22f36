"""The API's Town Board limits before issuance (¶¶ E-F) and the case after issuance (Carmel ch. 31 ¶ F): the
assembly held, the cleanup inspection, the bond released or forfeited on the law core's finding of the 5 days,
and the case closed; and the case's timeline. Each: the right role succeeds, another role 403, another town's
official 404, bad input 422 naming the field, a stale version or a wrong state 409."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client
from django.utils import timezone
from tests.api.conftest import issued_permit

from publicassembly.law.dates import within_days_after

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()


def post(c: Client, url: str, data: dict | None = None):
    return c.post(url, json.dumps(data or {}, default=str), content_type="application/json")


def A(pk: int, action: str = "", town: str = "carmel-ny") -> str:
    return f"/api/v1/towns/{town}/applications/{pk}" + (f"/{action}" if action else "")


@pytest.fixture
def issued(carmel, cu, monkeypatch):
    """An issued permit, then the Town's date moved to 30 days after the assembly's last day (the fair is
    120 days ahead of the real date, and what happened after it cannot be recorded before it has happened)."""

    def make():
        app = issued_permit(carmel, cu)
        later = dt.date.fromisoformat(app.facts["dates"]["last_day"]) + dt.timedelta(days=30)
        real = timezone.localdate
        monkeypatch.setattr(timezone, "localdate", lambda value=None, timezone=None:
                            later if value is None else real(value, timezone))
        return app

    return make


# --- The Board's bond and insurance limit (¶¶ E, F) --------------------------------------------------------------------


def test_board_sets_bond_and_bodily_injury_limit_within_the_range_of_paragraph_e(api, cu, mu, hearing_app):
    """¶ E: not less than $250,000 nor more than $500,000 — $249,999.99 and $500,000.01 are 422 naming
    ``bodily_injury_limit``, $250,000.00 and $500,000.00 are set; ¶ F: a bond of $0 is 422 naming
    ``bond_amount``; nothing given is 422 naming ``bond_amount``."""
    url = A(hearing_app.pk, "bond-and-insurance-limit")
    board = api(cu["town_board_member"])
    for limit in ("249999.99", "500000.01"):
        r = post(board, url, {"bodily_injury_limit": limit})
        assert r.status_code == 422 and r.json()["field"] == "bodily_injury_limit", r.json()
    for body in ({"bond_amount": "0"}, {}):
        r = post(board, url, body)
        assert r.status_code == 422 and r.json()["field"] == "bond_amount", r.json()
    r = post(board, url, {"bond_amount": "abc"})
    assert r.status_code == 422 and r.json()["field"] == "bond_amount"

    assert post(api(cu["town_clerk"]), url, {"bond_amount": "5000.00"}).status_code == 403
    assert post(api(mu["town_board_member"]), A(hearing_app.pk, "bond-and-insurance-limit", "mount-pleasant-ny"),
                {"bond_amount": "5000.00"}).status_code == 404
    assert post(board, url, {"bond_amount": "5000.00", "expected_version": hearing_app.version + 1}
                ).status_code == 409

    r = post(board, url, {"bond_amount": "5000.00", "bodily_injury_limit": "250000.00",
                          "expected_version": hearing_app.version})
    assert r.status_code == 200, r.json()
    assert (r.json()["bond_amount"], r.json()["bodily_injury_limit"]) == ("5000.00", "250000.00")
    assert r.json()["state"] == "hearing_scheduled" and r.json()["version"] == hearing_app.version + 1
    r = post(board, url, {"bodily_injury_limit": "500000.00"})
    assert r.status_code == 200 and r.json()["bodily_injury_limit"] == "500000.00"
    assert r.json()["bond_amount"] == "5000.00"


def test_board_limits_only_between_submission_and_issuance(api, cu, draft_app):
    """A draft is not yet before the Board: 409."""
    r = post(api(cu["town_board_member"]), A(draft_app.pk, "bond-and-insurance-limit"), {"bond_amount": "5000.00"})
    assert r.status_code == 409


# --- After issuance (¶ F) ----------------------------------------------------------------------------------------------


def test_cleanup_within_five_days_releases_the_bond_and_the_case_closes(api, cu, mu, issued):
    """¶ F: the waste completely removed on the last of the 5 days after the assembly's end (GCL § 20) — the
    Board releases the bond (it may not forfeit it: 409); the Clerk closes the case."""
    app = issued()
    clerk, board = api(cu["town_clerk"]), api(cu["town_board_member"])
    ended = dt.date.fromisoformat(app.facts["dates"]["last_day"])

    held = A(app.pk, "assembly-held")
    assert post(board, held, {"ended_on": ended}).status_code == 403
    assert post(api(mu["town_clerk"]), A(app.pk, "assembly-held", "mount-pleasant-ny")).status_code == 404
    assert post(clerk, held, {"ended_on": "the fourth"}).json()["field"] == "ended_on"
    r = post(clerk, held, {"ended_on": "9999-12-31"})  # not yet happened: the case would be stuck
    assert r.status_code == 422 and r.json()["field"] == "ended_on" and "future" in r.json()["detail"]
    assert post(clerk, held, {"ended_on": ended, "expected_version": app.version - 1}).status_code == 409
    r = post(clerk, held, {"ended_on": ended, "expected_version": app.version})
    assert r.status_code == 200 and r.json()["state"] == "assembly_held"
    assert r.json()["assembly_ended_on"] == ended.isoformat()
    assert post(clerk, held, {"ended_on": ended}).status_code == 409  # already recorded

    due = within_days_after(ended, 5, what="the assembly").date
    cleanup = A(app.pk, "cleanup-inspection")
    inspected = due + dt.timedelta(days=1)
    assert post(api(cu["applicant"]), cleanup, {"inspected_on": inspected, "result": "complete",
                                                "completed_on": due}).status_code == 403
    r = post(clerk, cleanup, {"inspected_on": inspected, "result": "mostly"})
    assert r.status_code == 422 and r.json()["field"] == "result"
    r = post(clerk, cleanup, {"inspected_on": inspected, "result": "complete"})
    assert r.status_code == 422 and r.json()["field"] == "completed_on"
    r = post(clerk, cleanup, {"inspected_on": inspected, "result": "complete",
                              "completed_on": inspected + dt.timedelta(days=1)})
    assert r.status_code == 422 and r.json()["field"] == "completed_on"
    r = post(clerk, cleanup, {"inspected_on": inspected, "result": "incomplete", "completed_on": due})
    assert r.status_code == 422 and r.json()["field"] == "completed_on"
    r = post(api(cu["building_inspector"]), cleanup, {"inspected_on": inspected, "result": "complete",
                                                      "completed_on": due})
    assert r.status_code == 200 and r.json()["state"] == "cleanup_inspected"
    assert (r.json()["cleanup_result"], r.json()["cleanup_completed_on"]) == ("complete", due.isoformat())
    version = r.json()["version"]

    assert post(clerk, A(app.pk, "release-bond")).status_code == 403
    r = post(board, A(app.pk, "forfeit-bond"), {"reason": "late"})
    assert r.status_code == 409 and r.json()["blockers"][0]["rule"] == "carmel/issuance/f-cleanup"
    assert post(board, A(app.pk, "release-bond"), {"expected_version": version + 1}).status_code == 409
    r = post(board, A(app.pk, "release-bond"), {"expected_version": version})
    assert r.status_code == 200 and r.json()["state"] == "bond_released"
    assert r.json()["bond_disposition"] == "released"

    assert post(board, A(app.pk, "close")).status_code == 403
    r = post(clerk, A(app.pk, "close"), {"reason": "bond released"})
    assert r.status_code == 200 and r.json()["state"] == "closed" and r.json()["closed_on"] == timezone.localdate().isoformat()
    assert post(clerk, A(app.pk, "close")).status_code == 409


def test_cleanup_a_day_late_forfeits_the_bond(api, cu, issued):
    """¶ F: the waste removed on the day after the 5 days — the bond may not be released (409 citing ¶ F); the
    Board forfeits it, giving the reason (required: 422 naming ``reason``)."""
    app = issued()
    clerk, board = api(cu["town_clerk"]), api(cu["town_board_member"])
    ended = dt.date.fromisoformat(app.facts["dates"]["last_day"])
    assert post(clerk, A(app.pk, "assembly-held"), {"ended_on": ended}).status_code == 200
    late = within_days_after(ended, 5, what="the assembly").date + dt.timedelta(days=1)
    r = post(clerk, A(app.pk, "cleanup-inspection"), {"inspected_on": late, "result": "complete",
                                                      "completed_on": late})
    assert r.status_code == 200
    refused = post(board, A(app.pk, "release-bond"))
    assert refused.status_code == 409
    assert refused.json()["blockers"][0]["citation"].startswith("Carmel Code ch. 31")
    r = post(board, A(app.pk, "forfeit-bond"), {"reason": ""})
    assert r.status_code == 422 and r.json()["field"] == "reason"
    assert post(clerk, A(app.pk, "forfeit-bond"), {"reason": "waste left"}).status_code == 403
    r = post(board, A(app.pk, "forfeit-bond"), {"reason": "waste left a day late"})
    assert r.status_code == 200 and r.json()["state"] == "bond_forfeited"
    assert r.json()["bond_disposition"] == "forfeited"
    assert post(clerk, A(app.pk, "close")).json()["state"] == "closed"


def test_after_issuance_actions_refused_before_issuance(api, cu, hearing_app):
    """The steps of ¶ F only follow each other: on an application at its hearing every one is 409."""
    clerk, board = api(cu["town_clerk"]), api(cu["town_board_member"])
    assert post(clerk, A(hearing_app.pk, "assembly-held"), {"ended_on": TODAY}).status_code == 409
    assert post(clerk, A(hearing_app.pk, "cleanup-inspection"), {"inspected_on": TODAY, "result": "incomplete"}
                ).status_code == 409
    assert post(board, A(hearing_app.pk, "release-bond")).status_code == 409
    assert post(board, A(hearing_app.pk, "forfeit-bond"), {"reason": "x"}).status_code == 409
    assert post(clerk, A(hearing_app.pk, "close")).status_code == 409


# --- Timelines ------------------------------------------------------------------------------------------------------


def test_application_timeline_for_those_who_may_see_it(api, cu, mu, hearing_app):
    """The case's history, oldest first: created, submitted, accepted, hearing scheduled — each with who and
    why; another town's Clerk 404."""
    r = api(cu["applicant"]).get(A(hearing_app.pk, "timeline"))
    assert r.status_code == 200
    entries = r.json()
    assert entries[0]["kind"] == "created" and entries[0]["who"] == cu["applicant"].username
    states = [c["new"] for e in entries for c in e["changes"] if c["field"] == "state"]
    assert states == ["draft", "submitted", "accepted", "hearing scheduled"]  # choice fields by their labels
    assert [e["when"] for e in entries] == sorted(e["when"] for e in entries)
    assert api(mu["town_clerk"]).get(A(hearing_app.pk, "timeline")).status_code == 404
    assert api(mu["town_clerk"]).get(A(hearing_app.pk, "timeline", "mount-pleasant-ny")).status_code == 404


def test_venue_timeline_for_the_inspector_and_officers(api, cu, mu, hall):
    """The venue's history (registered, its ballroom added, certificate issued, inspection scheduled); an
    applicant 403; a Carmel inspector 403 under Mount Pleasant and 404 under Carmel."""
    url = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/timeline"
    r = api(mu["enforcement_officer"]).get(url)
    assert r.status_code == 200
    subjects = " ".join(e["subject"] for e in r.json())
    assert "certificate" in subjects and "inspection" in subjects
    assert api(mu["applicant"]).get(url).status_code == 403
    assert api(cu["building_inspector"]).get(url).status_code == 403
    assert api(cu["building_inspector"]).get(f"/api/v1/towns/carmel-ny/venues/{hall.pk}/timeline"
                                             ).status_code == 404
