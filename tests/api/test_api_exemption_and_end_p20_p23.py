"""The API of interpretation P-20 (an exempt sponsor: the Clerk's acceptance 409 naming the exemption, the Town
Board's ``refuse-exemption``, then ¶¶ B-F apply) and P-23 (an assembly's end after the permit's last day: 422
naming ``reason`` without one; with one, ``ended_after_permit_last_day`` in the application)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client
from django.utils import timezone
from tests.api.conftest import issued_permit
from tests.web.conftest import fair_facts

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


def post(c: Client, url: str, data: dict | None = None):
    return c.post(url, json.dumps(data or {}, default=str), content_type="application/json")


def A(pk: int, action: str = "") -> str:
    return f"/api/v1/towns/carmel-ny/applications/{pk}" + (f"/{action}" if action else "")


def test_exempt_church_not_accepted_then_the_board_refuses_the_exemption_exemptions_par_b(api, carmel, cu):
    facts = fair_facts()
    facts["sponsor"] = {"name": "First Church", "kind": "church", "sponsored": True, "organized": True,
                        "authorized": True, "established": True, "place_of_worship_in_town": True}
    app = sv.create_draft(cu["applicant"], carmel, facts)
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.")
    clerk, board = api(cu["town_clerk"]), api(cu["town_board_member"])
    r = post(clerk, A(app.pk, "accept"))
    assert r.status_code == 409
    assert r.json()["blockers"][0]["rule"] == "carmel/exemptions/b-church"
    assert post(clerk, A(app.pk, "refuse-exemption"), {"reasons": "x"}).status_code == 403
    r = post(board, A(app.pk, "refuse-exemption"), {"reasons": ""})
    assert r.status_code == 422 and r.json()["field"] == "reasons"
    r = post(board, A(app.pk, "refuse-exemption"), {"reasons": "Its place of worship is in Kent."})
    assert r.status_code == 200, r.content
    assert r.json()["state"] == "submitted"
    assert r.json()["exemption_not_accepted_on"] == timezone.localdate().isoformat()
    assert post(board, A(app.pk, "refuse-exemption"), {"reasons": "again"}).status_code == 409
    assert post(clerk, A(app.pk, "accept")).status_code == 200


def test_end_after_the_permit_needs_a_reason_and_is_shown_par_a(api, carmel, cu, monkeypatch):
    app = issued_permit(carmel, cu)
    last = dt.date.fromisoformat(app.facts["dates"]["last_day"])
    later = last + dt.timedelta(days=30)
    real = timezone.localdate
    monkeypatch.setattr(timezone, "localdate", lambda value=None, timezone=None:
                        later if value is None else real(value, timezone))
    clerk = api(cu["town_clerk"])
    ended = last + dt.timedelta(days=2)
    r = post(clerk, A(app.pk, "assembly-held"), {"ended_on": ended})
    assert r.status_code == 422 and r.json()["field"] == "reason"
    r = post(clerk, A(app.pk, "assembly-held"), {"ended_on": ended, "reason": "Rain date used."})
    assert r.status_code == 200
    assert r.json()["ended_after_permit_last_day"] == last.isoformat()
    assert clerk.get(A(app.pk)).json()["ended_after_permit_last_day"] == last.isoformat()


def church_facts() -> dict:
    facts = fair_facts()
    facts["sponsor"] = {"name": "First Church", "kind": "church", "sponsored": True, "organized": True,
                        "authorized": True, "established": True, "place_of_worship_in_town": True}
    return facts


def test_refuse_exemption_a_day_after_today_is_422_on_a_draft_too_p26(api, carmel, cu):
    """Interpretation P-26: ``decided_on`` after today is 422 naming it whatever the state (a draft was 409,
    'application is draft'); a day taken on a draft is then 409 for its state."""
    draft = sv.create_draft(cu["applicant"], carmel, church_facts())
    board = api(cu["town_board_member"])
    tomorrow = timezone.localdate() + dt.timedelta(days=1)
    r = post(board, A(draft.pk, "refuse-exemption"), {"reasons": "Kent.", "decided_on": tomorrow})
    assert r.status_code == 422, r.content
    assert r.json()["field"] == "decided_on"
    assert r.json()["detail"].startswith(f"decided_on: {tomorrow.isoformat()} is in the future")
    r = post(board, A(draft.pk, "refuse-exemption"), {"reasons": "Kent.", "decided_on": timezone.localdate()})
    assert r.status_code == 409 and "'draft'" in r.json()["detail"]


def test_refuse_exemption_with_nothing_to_refuse_cites_exemptions_a_to_d_p26(api, carmel, cu):
    app = sv.submit(cu["applicant"], sv.create_draft(cu["applicant"], carmel, fair_facts()),
                    verification_statement="Sworn.")
    r = post(api(cu["town_board_member"]), A(app.pk, "refuse-exemption"), {"reasons": "x"})
    assert r.status_code == 409
    [blocker] = r.json()["blockers"]
    assert blocker["citation"] == "Carmel Code ch. 31, exemptions ¶¶ A-D"
    assert blocker["rule"] == "carmel/exemptions/a-school"
    assert r.json()["errors"][0]["msg"] == (
        "The law does not find the assembly exempt (exemptions ¶¶ A-D): there is no exemption claimed to refuse "
        "(interpretation P-20) (Carmel Code ch. 31, exemptions ¶¶ A-D)")


def test_refuse_exemption_takes_its_own_body_reason_deprecated_not_recorded(api, carmel, cu):
    """The operation's body is its own (`RefuseExemptionIn`): ``reasons`` required and recorded; ``reason`` (the
    former `DenyIn`'s) still accepted but deprecated and not recorded; another field 422 naming those allowed."""
    schema = Client().get("/api/openapi.json").json()
    op = schema["paths"]["/api/v1/towns/{town}/applications/{id}/refuse-exemption"]["post"]
    ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    body = schema["components"]["schemas"][ref]
    assert ref == "RefuseExemptionIn"
    assert set(body["properties"]) == {"reasons", "decided_on", "expected_version", "reason"}
    assert body["required"] == ["reasons"]
    assert body["properties"]["reason"]["deprecated"] is True
    app = sv.submit(cu["applicant"], sv.create_draft(cu["applicant"], carmel, church_facts()),
                    verification_statement="Sworn.")
    board = api(cu["town_board_member"])
    r = post(board, A(app.pk, "refuse-exemption"), {"reasons": "Its place of worship is in Kent.",
                                                     "missing_items": ["x"]})
    assert r.status_code == 422 and r.json()["field"] == "missing_items"
    assert "allowed: reasons, decided_on, expected_version, reason" in r.json()["detail"]
    r = post(board, A(app.pk, "refuse-exemption"), {"reasons": "Its place of worship is in Kent.",
                                                     "reason": "a note"})
    assert r.status_code == 200, r.content
    app.refresh_from_db()
    assert app.exemption_not_accepted_because == "Its place of worship is in Kent."
    history = app.history.order_by("-history_id").first().history_change_reason
    assert "Its place of worship is in Kent." in history and "a note" not in history
