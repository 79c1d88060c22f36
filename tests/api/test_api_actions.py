"""The API's actions: each by the right role succeeds, by another role 403, by another town's user 403 or 404,
a stale ``expected_version`` 409, a bad field 422 naming it; and a whole permit journey (Carmel ch. 31) from a
draft to an issued permit, every step over HTTP, with issuance refused (409, the blockers of ¶¶ C-F and the fee
listed with their citations) until the last precondition is met."""

from __future__ import annotations

import datetime as dt
import json
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from tests.web.conftest import fair_facts

from publicassembly.law.dates import next_business_day
from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def _send(c: Client, method: str, url: str, data=None):
    return getattr(c, method)(url, json.dumps(data if data is not None else {}, default=str),
                              content_type="application/json")


def post(c, url, data=None):
    return _send(c, "post", url, data)


def A(town: str, pk: int, action: str = "") -> str:
    return f"/api/v1/towns/{town}/applications/{pk}" + (f"/{action}" if action else "")


# --- Applications -----------------------------------------------------------------------------------------------


def test_update_draft_by_its_applicant_and_refusals(api, carmel, cu, mu, draft_app):
    """Only the applicant changes their draft: the Clerk 403, another town's applicant 404 (never shown),
    a stale version 409, a bad fact 422 naming it."""
    facts = dict(fair_facts(), name="Carmel County Fair (renamed)")
    url = A("carmel-ny", draft_app.pk)
    r = _send(api(cu["applicant"]), "put", url, {"facts": facts, "expected_version": draft_app.version})
    assert r.status_code == 200, r.json()
    assert r.json()["facts"]["name"] == "Carmel County Fair (renamed)"
    assert r.json()["version"] == draft_app.version + 1
    assert _send(api(cu["town_clerk"]), "put", url, {"facts": facts}).status_code == 403
    assert _send(api(mu["applicant"]), "put", url, {"facts": facts}).status_code in (403, 404)
    stale = _send(api(cu["applicant"]), "put", url, {"facts": facts, "expected_version": draft_app.version})
    assert stale.status_code == 409
    bad = _send(api(cu["applicant"]), "put", url, {"facts": {**facts, "max_persons_at_one_time": "many"}})
    assert bad.status_code == 422 and bad.json()["field"] == "facts.max_persons_at_one_time"
    wrong_type = _send(api(cu["applicant"]), "put", url, {"facts": "not a mapping"})
    assert wrong_type.status_code == 422 and wrong_type.json()["field"] == "facts"


def test_submit_requires_the_verification_statement_of_paragraph_b(api, cu, draft_app):
    """¶ B: a verified petition. An empty statement is 422 naming ``verification_statement``; the Clerk cannot
    submit for the applicant (403); submitted twice is 409."""
    url = A("carmel-ny", draft_app.pk, "submit")
    r = post(api(cu["applicant"]), url, {"verification_statement": ""})
    assert r.status_code == 422 and r.json()["field"] == "verification_statement"
    assert post(api(cu["town_clerk"]), url, {"verification_statement": "Sworn."}).status_code == 403
    ok = post(api(cu["applicant"]), url, {"verification_statement": "Sworn before a notary.",
                                          "expected_version": draft_app.version})
    assert ok.status_code == 200 and ok.json()["state"] == "submitted"
    assert ok.json()["submitted_on"] == TODAY.isoformat()
    again = post(api(cu["applicant"]), url, {"verification_statement": "Sworn before a notary."})
    assert again.status_code == 409


def test_withdraw_by_the_applicant_only(api, cu, mu, draft_app):
    url = A("carmel-ny", draft_app.pk, "withdraw")
    assert post(api(cu["town_clerk"]), url).status_code == 403
    assert post(api(mu["applicant"]), url).status_code in (403, 404)
    assert post(api(cu["applicant"]), url, {"expected_version": draft_app.version + 5}).status_code == 409
    r = post(api(cu["applicant"]), url, {"reason": "the fair moved"})
    assert r.status_code == 200 and r.json()["state"] == "withdrawn"


def test_mark_incomplete_then_amend_then_accept(api, cu, draft_app):
    """The Clerk returns a submitted petition as incomplete (naming what is missing); the applicant amends it;
    the Clerk accepts it. Each step refused to the other role (403) and on a stale version (409)."""
    app = sv.submit(cu["applicant"], draft_app, verification_statement="Sworn.", today=TODAY)
    url = A("carmel-ny", app.pk, "mark-incomplete")
    assert post(api(cu["applicant"]), url, {"missing_items": ["site map"]}).status_code == 403
    bad = post(api(cu["town_clerk"]), url, {"missing_items": [""]})
    assert bad.status_code == 422 and bad.json()["field"].startswith("missing_items")
    assert post(api(cu["town_clerk"]), url, {"missing_items": ["site map"],
                                             "expected_version": app.version - 1}).status_code == 409
    r = post(api(cu["town_clerk"]), url, {"missing_items": ["site map"], "expected_version": app.version})
    assert r.status_code == 200 and r.json()["state"] == "incomplete"

    amend = A("carmel-ny", app.pk, "amend")
    assert post(api(cu["town_clerk"]), amend, {"facts": fair_facts()}).status_code == 403
    r = post(api(cu["applicant"]), amend, {"facts": fair_facts(), "expected_version": r.json()["version"]})
    assert r.status_code == 200 and r.json()["state"] == "amended"

    accept = A("carmel-ny", app.pk, "accept")
    assert post(api(cu["applicant"]), accept).status_code == 403
    assert post(api(cu["town_clerk"]), accept, {"expected_version": 1}).status_code == 409
    r = post(api(cu["town_clerk"]), accept, {"expected_version": r.json()["version"]})
    assert r.status_code == 200 and r.json()["state"] == "accepted"


def test_accept_refused_with_the_missing_items_of_the_petition_listed(api, carmel, cu):
    """¶ B(1)-(15): a petition without its site map (¶ B(3)) can be submitted (interpretation P-5: it can be
    acted on) but not accepted; 409 lists each blocker with its citation."""
    facts = fair_facts()
    facts["petition"].pop("site_map", None)
    app = sv.create_draft(cu["applicant"], carmel, facts)
    sv.submit(cu["applicant"], app, verification_statement="Sworn.", today=TODAY)
    r = post(api(cu["town_clerk"]), A("carmel-ny", app.pk, "accept"))
    assert r.status_code == 409
    assert r.json()["blockers"] and all(b["citation"].startswith("Carmel Code ch. 31") for b in r.json()["blockers"])
    assert "carmel/petition/b3-site-map" in {b["rule"] for b in r.json()["blockers"]}


def test_schedule_hearing_needs_notice_at_least_10_days_before(api, carmel, cu, travel_to):
    """¶ B, GCL § 20: notice published 9 days before the hearing is refused (422 naming
    ``notice_published_on``); 10 days before is accepted. On a fixed day (Monday 1 June 2026), so that the
    hearings 9 and 10 days later (Wednesday 10, Thursday 11 June) are days a hearing may be held (P-8)
    whatever day the suite runs."""
    today = dt.date(2026, 6, 1)
    travel_to(today)
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], app, verification_statement="Sworn.", today=today)
    sv.accept(cu["town_clerk"], app, today=today)
    url = A("carmel-ny", app.pk, "schedule-hearing")
    body = {"hearing_on": today + dt.timedelta(days=9), "place": "Town Hall", "notice_published_on": today,
            "newspaper": "Putnam County Courier"}
    r = post(api(cu["town_clerk"]), url, body)
    assert r.status_code == 422 and r.json()["field"] == "notice_published_on"
    assert post(api(cu["town_board_member"]), url, {**body, "hearing_on": today + dt.timedelta(days=10)}
                ).status_code == 403
    bad = post(api(cu["town_clerk"]), url, {**body, "hearing_on": "next week"})
    assert bad.status_code == 422 and bad.json()["field"] == "hearing_on"
    r = post(api(cu["town_clerk"]), url, {**body, "hearing_on": today + dt.timedelta(days=10)})
    assert r.status_code == 200 and r.json()["state"] == "hearing_scheduled"


def test_approve_checks_the_bodily_injury_limit_range_of_paragraph_e(api, cu, hearing_app, travel_to):
    """¶ E: the Board's bodily injury limit is not less than $250,000 nor more than $500,000: $249,999.99 and
    $500,000.01 are 422 naming ``bodily_injury_limit``; $250,000.00 is accepted (on the hearing's day)."""
    travel_to(hearing_app.hearing_on)
    held = post(api(cu["town_clerk"]), A("carmel-ny", hearing_app.pk, "hearing-held"))
    assert held.status_code == 200 and held.json()["state"] == "hearing_held"
    url = A("carmel-ny", hearing_app.pk, "approve")
    on = hearing_app.hearing_on
    for limit in ("249999.99", "500000.01"):
        r = post(api(cu["town_board_member"]), url, {"decided_on": on, "bodily_injury_limit": limit})
        assert r.status_code == 422 and r.json()["field"] == "bodily_injury_limit", r.json()
    r = post(api(cu["town_board_member"]), url, {"decided_on": on, "bond_amount": "12.345"})
    assert r.status_code == 422 and r.json()["field"] == "bond_amount"
    assert post(api(cu["town_clerk"]), url, {"decided_on": on}).status_code == 403
    r = post(api(cu["town_board_member"]), url, {"decided_on": on, "conditions": ["No fireworks"],
                                                 "bodily_injury_limit": "250000.00", "bond_amount": "5000.00",
                                                 "expected_version": held.json()["version"]})
    assert r.status_code == 200 and r.json()["state"] == "approved"


def test_deny_gives_reasons(api, cu, mu, hearing_app, travel_to):
    travel_to(hearing_app.hearing_on)
    sv.record_hearing_held(cu["town_clerk"], hearing_app)
    url = A("carmel-ny", hearing_app.pk, "deny")
    on = hearing_app.hearing_on
    r = post(api(cu["town_board_member"]), url, {"decided_on": on, "reasons": ""})
    assert r.status_code == 422 and r.json()["field"] == "reasons"
    assert post(api(cu["town_clerk"]), url, {"decided_on": on, "reasons": "x"}).status_code == 403
    assert post(api(mu["town_board_member"]), url, {"decided_on": on, "reasons": "x"}).status_code in (403, 404)
    assert post(api(cu["town_board_member"]), url, {"decided_on": on, "reasons": "x", "expected_version": 1}
                ).status_code == 409
    r = post(api(cu["town_board_member"]), url, {"decided_on": on, "reasons": "No parking plan adequate."})
    assert r.status_code == 200 and r.json()["state"] == "denied"


def test_records_of_paragraphs_c_to_f_by_their_roles(api, cu, hearing_app):
    """Written approvals by the Health Department (its reviewer) and the Town Board (a member); the Clerk's
    authorization, insurance, bond and fee records. Wrong role 403; bad field 422 naming it; a document not of
    this application 422 naming ``document``; a stale version 409."""
    doc = sv.attach_document(cu["applicant"], hearing_app, kind="approval", filename="a.pdf", content=PDF)
    base = f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}/"
    approval = {"condition": 1, "agency": "health_department", "approved_on": TODAY, "document": doc.pk}
    assert post(api(cu["town_board_member"]), base + "approvals", approval).status_code == 403
    r = post(api(cu["health_department_reviewer"]), base + "approvals", {**approval, "condition": 11})
    assert r.status_code == 422 and r.json()["field"] == "condition"
    r = post(api(cu["health_department_reviewer"]), base + "approvals", {**approval, "document": 999999})
    assert r.status_code == 422 and r.json()["field"] == "document"
    r = post(api(cu["health_department_reviewer"]), base + "approvals", {**approval, "expected_version": 1})
    assert r.status_code == 409
    r = post(api(cu["health_department_reviewer"]), base + "approvals", approval)
    assert r.status_code == 201 and r.json()["application"]["id"] == hearing_app.pk

    auth = {"party": "owner", "name": "County of Putnam", "given_on": TODAY, "document": doc.pk}
    assert post(api(cu["applicant"]), base + "authorizations", auth).status_code == 403
    r = post(api(cu["town_clerk"]), base + "authorizations", {**auth, "property_index": 3})
    assert r.status_code == 422 and r.json()["field"] == "property_index"
    assert post(api(cu["town_clerk"]), base + "authorizations", auth).status_code == 201

    ins = {"insurer": "Hudson Mutual", "policy_number": "P-1", "bodily_injury_limit": "250000.00",
           "property_damage_limit": "100000.00", "cancellation_notice_days": 10, "document": doc.pk}
    r = post(api(cu["town_clerk"]), base + "insurance", {**ins, "property_damage_limit": "-1"})
    assert r.status_code == 422 and r.json()["field"] == "property_damage_limit"
    assert post(api(cu["town_board_member"]), base + "insurance", ins).status_code == 403
    assert post(api(cu["town_clerk"]), base + "insurance", ins).status_code == 201

    hearing_app.refresh_from_db()
    sv.set_bond_and_insurance_limit(cu["town_board_member"], hearing_app, bond_amount="5000.00")  # (P-14)
    hearing_app.refresh_from_db()
    bond = {"amount": "5000.00", "posted_on": TODAY, "expected_version": hearing_app.version}
    r = post(api(cu["town_clerk"]), base + "bonds", {**bond, "amount": "0"})
    assert r.status_code == 422 and r.json()["field"] == "amount"
    assert post(api(cu["applicant"]), base + "bonds", bond).status_code == 403
    assert post(api(cu["town_clerk"]), base + "bonds", bond).status_code == 201

    hearing_app.refresh_from_db()
    fee = {"amount": "250.00", "paid_on": TODAY, "receipt": "R-1", "expected_version": hearing_app.version}
    r = post(api(cu["town_clerk"]), base + "fee-payments", {**fee, "paid_on": "2026-02-30"})
    assert r.status_code == 422 and r.json()["field"] == "paid_on"
    assert post(api(cu["applicant"]), base + "fee-payments", fee).status_code == 403
    assert post(api(cu["town_clerk"]), base + "fee-payments", fee).status_code == 201


def test_another_towns_application_is_not_found(api, mu, draft_app):
    """A Mount Pleasant official naming a Carmel application under his own town: 404 (never revealed)."""
    r = post(api(mu["town_clerk"]), A("mount-pleasant-ny", draft_app.pk, "accept"))
    assert r.status_code == 404
    assert api(mu["town_clerk"]).get(A("mount-pleasant-ny", draft_app.pk, "blockers")).status_code == 404


def _blockers(c: Client, pk: int) -> list[dict]:
    r = c.get(A("carmel-ny", pk, "blockers"))
    assert r.status_code == 200
    return r.json()["blockers"]


def test_whole_permit_journey_from_draft_to_issued_over_the_api(api, carmel, cu, travel_to):
    """Carmel ch. 31, ¶¶ A-G: draft → submitted → accepted → hearing scheduled (notice 20 days ahead, ¶ B) →
    hearing held → approved (bond, bodily injury limit) → issuance refused with every blocker listed → written
    approvals of ¶ C(1)-(10), authorization (¶ D), insurance (¶ E), bond (¶ F), fee → issued → revoked (¶ G)."""
    applicant, clerk, board, health = (api(cu["applicant"]), api(cu["town_clerk"]), api(cu["town_board_member"]),
                                       api(cu["health_department_reviewer"]))
    r = post(applicant, "/api/v1/towns/carmel-ny/applications", {"facts": fair_facts()})
    assert r.status_code == 201 and r.json()["state"] == "draft"
    pk, version = r.json()["id"], r.json()["version"]

    def step(c: Client, action: str, data: dict, state: str) -> None:
        nonlocal version
        r = post(c, A("carmel-ny", pk, action), {**data, "expected_version": version})
        assert r.status_code == 200, (action, r.json())
        assert r.json()["state"] == state
        version = r.json()["version"]

    step(applicant, "submit", {"verification_statement": "Sworn before a notary."}, "submitted")
    step(clerk, "accept", {}, "accepted")
    hearing_on = next_business_day(TODAY + dt.timedelta(days=20))  # a day the Board may sit (P-8)
    step(clerk, "schedule-hearing", {"hearing_on": hearing_on, "hearing_time": "19:00", "place": "Town Hall",
                                     "notice_published_on": TODAY, "newspaper": "Putnam County Courier"},
         "hearing_scheduled")
    # the hearing has begun: its day and its hour, 19:00 in New York (P-25, P-37; the records below are dated
    # TODAY, before it)
    travel_to(dt.datetime.combine(hearing_on, dt.time(19, 0), tzinfo=ZoneInfo("America/New_York")))
    step(clerk, "hearing-held", {}, "hearing_held")
    step(board, "approve", {"decided_on": hearing_on, "conditions": ["Quiet after 22:00"],
                            "bond_amount": "5000.00", "bodily_injury_limit": "300000.00"}, "approved")

    refused = post(clerk, A("carmel-ny", pk, "issue"), {"expected_version": version})
    assert refused.status_code == 409
    rules = {b["rule"] for b in refused.json()["blockers"]}
    assert {"carmel/issuance/d-inspection-authorization", "carmel/issuance/e-insurance",
            "carmel/issuance/f-bond"} <= rules
    assert all(b["citation"] for b in refused.json()["blockers"])
    assert {b["rule"] for b in _blockers(clerk, pk)} == rules

    app = sv.get_application(cu["town_clerk"], carmel, pk)
    doc = sv.attach_document(cu["applicant"], app, kind="written approvals", filename="ok.pdf", content=PDF).pk
    sv.set_fee_schedule(cu["town_clerk"], carmel, year=TODAY.year, amount="250.00",
                        resolution_date=dt.date(TODAY.year, 1, 2))
    for n in range(1, 11):
        assert post(health, A("carmel-ny", pk, "approvals"), {"condition": n, "agency": "health_department",
                                                              "approved_on": TODAY, "document": doc}
                    ).status_code == 201
        assert post(board, A("carmel-ny", pk, "approvals"), {"condition": n, "agency": "town_board",
                                                             "approved_on": TODAY, "document": doc}
                    ).status_code == 201
    assert post(clerk, A("carmel-ny", pk, "authorizations"), {"party": "owner", "name": "County of Putnam",
                                                               "given_on": TODAY, "document": doc}).status_code == 201
    assert post(clerk, A("carmel-ny", pk, "insurance"), {
        "insurer": "Hudson Mutual", "policy_number": "GL-2026-1", "bodily_injury_limit": "300000.00",
        "property_damage_limit": "500000.00", "cancellation_notice_days": 30, "document": doc}).status_code == 201
    now = clerk.get(A("carmel-ny", pk)).json()["version"]
    bonded = post(clerk, A("carmel-ny", pk, "bonds"), {"amount": "5000.00", "posted_on": TODAY,
                                                       "expected_version": now})
    assert bonded.status_code == 201
    paid = post(clerk, A("carmel-ny", pk, "fee-payments"), {
        "amount": "250.00", "paid_on": TODAY, "expected_version": bonded.json()["application"]["version"]})
    assert paid.status_code == 201
    assert _blockers(clerk, pk) == []
    # each record added to the file moved the application's version: the one read before them is stale
    assert post(clerk, A("carmel-ny", pk, "issue"), {"expected_version": version}).status_code == 409
    version = paid.json()["application"]["version"]

    assert post(board, A("carmel-ny", pk, "issue")).status_code == 403
    r = post(clerk, A("carmel-ny", pk, "issue"), {"expected_version": version})
    assert r.status_code == 200, r.json()
    # numbered in the year of issue, the hearing's day the clock was moved to (2027 when run late in December)
    assert r.json()["state"] == "issued" and r.json()["permit_number"] == f"{hearing_on.year}-001"
    version = r.json()["version"]

    bad = post(board, A("carmel-ny", pk, "revoke"), {"grounds": ["bad weather"], "reason": "x"})
    assert bad.status_code == 422 and bad.json()["field"].startswith("grounds")
    assert post(clerk, A("carmel-ny", pk, "revoke"), {"grounds": ["setup_cannot_be_accomplished_in_time"],
                                                      "reason": "stages not built"}).status_code == 403
    step(board, "revoke", {"grounds": ["setup_cannot_be_accomplished_in_time"], "reason": "stages not built"},
         "revoked")


# --- Places of assembly, certificates, inspections (Mount Pleasant ch. 164) ------------------------------------------


V = "/api/v1/towns/mount-pleasant-ny/venues"


def test_create_venue_add_update_remove_space_and_certificate(api, mu, cu):
    """§§ 164-7, 164-9: a ballroom of 4,650 sq ft (assembly without fixed seats, 15 sq ft per person) holds 310;
    the certificate states it. A change of the space makes the certificate stale; the Inspector issues a new one
    and may revoke it."""
    bi = api(mu["building_inspector"])
    assert post(api(mu["enforcement_officer"]), V, {"name": "Hall", "address": "1 Main St"}).status_code == 403
    assert post(api(cu["building_inspector"]), V, {"name": "Hall", "address": "1 Main St"}).status_code == 403
    bad = post(bi, V, {"name": "", "address": "1 Main St"})
    assert bad.status_code == 422 and bad.json()["field"] == "name"
    r = post(bi, V, {"name": "Kensico Manor", "address": "25 Lakeview Avenue", "commercial": True,
                     "toilets_provided": 6})
    assert r.status_code == 201
    venue = r.json()["id"]

    space = {"name": "Ballroom", "kind": "room", "use_group": "assembly_without_fixed_seats", "area": "4650"}
    bad = post(bi, f"{V}/{venue}/spaces", {**space, "use_group": "arena"})
    assert bad.status_code == 422 and bad.json()["field"] == "use_group"
    assert post(api(mu["enforcement_officer"]), f"{V}/{venue}/spaces", space).status_code == 403
    r = post(bi, f"{V}/{venue}/spaces", space)
    assert r.status_code == 201
    sp = r.json()

    r = post(bi, f"{V}/{venue}/certificates", {})
    assert r.status_code == 201 and r.json()["lawful_occupancy"] == 310 and r.json()["status"] == "valid"
    number = r.json()["number"]
    assert post(api(mu["enforcement_officer"]), f"{V}/{venue}/certificates", {}).status_code == 403

    url = f"{V}/{venue}/spaces/{sp['id']}"
    assert _send(bi, "patch", url, {"area": "4665", "expected_version": sp["version"] + 1}).status_code == 409
    bad = _send(bi, "patch", url, {"area": "-1"})
    assert bad.status_code == 422 and bad.json()["field"] == "area"
    for nothing in ({}, [], {"reason": "no change"}):  # nothing to change: refused, no new version
        bad = _send(bi, "patch", url, nothing)
        assert bad.status_code == 422 and bad.json()["field"] == "body", nothing
    r = _send(bi, "patch", url, {"area": "4650", "expected_version": sp["version"]})  # the version did not move
    assert r.status_code == 200 and r.json()["version"] == sp["version"] + 1
    sp = r.json()
    r = _send(bi, "patch", url, {"area": "4665", "expected_version": sp["version"]})
    assert r.status_code == 200 and r.json()["area"] == 4665  # a JSON number, as GET /venues/{id} gives it
    assert api(mu["building_inspector"]).get(f"{V}/{venue}").json()["determination"]["occupancy"][
        "lawful_occupancy"] == 311

    r = post(bi, f"{V}/{venue}/certificates", {})
    assert r.status_code == 201 and r.json()["lawful_occupancy"] == 311
    second = r.json()["number"]
    rv = "/api/v1/towns/mount-pleasant-ny/certificates/%s/revoke"
    assert post(bi, rv % number, {"reason": "superseded anyway"}).status_code == 409
    assert post(api(mu["enforcement_officer"]), rv % second, {"reason": "x"}).status_code == 403
    assert post(bi, rv % second, {"reason": ""}).json()["field"] == "reason"
    r = post(bi, rv % second, {"reason": "the hall burned down"})
    assert r.status_code == 200 and r.json()["status"] == "revoked"

    post(bi, f"{V}/{venue}/spaces", {**space, "name": "Terrace", "area": "300"})
    without = bi.delete(url)  # the reason is required, and said to be a query parameter
    assert without.status_code == 422 and without.json()["detail"] == (
        "reason: is required; give it in the query string (?reason=...): it is a query parameter")
    in_body = bi.delete(url, json.dumps({"reason": "gone"}), content_type="application/json")
    assert in_body.status_code == 422  # a DELETE's parameters are its query's: the refusal says where to put them
    assert in_body.json()["detail"] == ("reason: is required; give it in the query string (?reason=...): the body "
                                        "of a DELETE is not read")
    assert api(mu["enforcement_officer"]).delete(url + "?reason=gone").status_code == 403
    assert bi.delete(url + "?reason=gone&expected_version=1").status_code == 409
    assert bi.delete(url + "?reason=demolished").status_code == 204
    assert [s["name"] for s in bi.get(f"{V}/{venue}").json()["spaces"]] == ["Terrace"]


def test_another_towns_venue_is_not_found(api, cu, hall):
    """A Carmel inspector naming Mount Pleasant's hall under Carmel: 404; under Mount Pleasant: 403."""
    r = post(api(cu["building_inspector"]), f"/api/v1/towns/carmel-ny/venues/{hall.pk}/certificates", {})
    assert r.status_code == 404
    assert post(api(cu["building_inspector"]), f"{V}/{hall.pk}/certificates", {}).status_code == 403


def test_schedule_and_record_an_inspection_finds_overcrowding(api, mu, hall):
    """§ 164-5: 320 persons in a ballroom whose occupant load is 310 is overcrowding, a deficiency with its
    citation; 310 passes the same rule."""
    bi = api(mu["building_inspector"])
    assert post(api(mu["applicant"]), f"{V}/{hall.pk}/inspections", {"scheduled_for": TODAY}).status_code == 403
    bad = post(bi, f"{V}/{hall.pk}/inspections", {"scheduled_for": TODAY, "inspector": "nobody"})
    assert bad.status_code == 422 and bad.json()["field"] == "inspector"
    r = post(bi, f"{V}/{hall.pk}/inspections", {"scheduled_for": TODAY})
    assert r.status_code == 201 and r.json()["state"] == "scheduled"
    url = f"/api/v1/towns/mount-pleasant-ny/inspections/{r.json()['id']}/record"
    assert post(api(mu["applicant"]), url, {"persons_by_space": {"Ballroom": 320}}).status_code == 403
    bad = post(bi, url, {"persons_by_space": {"Kitchen": 3}})
    assert bad.status_code == 422 and bad.json()["field"] == "persons_by_space"
    bad = post(bi, url, {"persons_present": -1})
    assert bad.status_code == 422 and bad.json()["field"] == "persons_present"
    assert post(bi, url, {"persons_by_space": {"Ballroom": 320}, "expected_version": 99}).status_code == 409
    r = post(bi, url, {"persons_by_space": {"Ballroom": 320}, "exits_blocked": False,
                       "certificate_on_premises": True})
    assert r.status_code == 200 and r.json()["result"] == "deficiencies"
    crowd = [d for d in r.json()["deficiencies"] if d["kind"] == "overcrowding"]
    assert crowd and crowd[0]["citation"].startswith("Mount Pleasant Code § 164-5")
    assert post(bi, url, {}).status_code == 409  # already recorded

    r = post(bi, f"{V}/{hall.pk}/inspections", {"scheduled_for": TODAY})
    url = f"/api/v1/towns/mount-pleasant-ny/inspections/{r.json()['id']}/record"
    r = post(bi, url, {"persons_by_space": {"Ballroom": 310}})
    assert r.status_code == 200 and not [d for d in r.json()["deficiencies"] if d["kind"] == "overcrowding"]


# --- Enforcement ---------------------------------------------------------------------------------------------------


E = "/api/v1/towns/mount-pleasant-ny"


def test_enforcement_case_complaint_to_closed(api, mu, cu, hall, travel_to):
    """§§ 164-12, 164-14: the Building Inspector files a complaint and records a violation; a police officer
    may not issue the summons (403); the Inspector does; a first offense's fine outside its range is 422
    naming ``fine``; the conviction, payment of the fine in full, and closing the case."""
    bi, police = api(mu["building_inspector"]), api(mu["enforcement_officer"])
    r = post(bi, f"{E}/offenders", {"kind": "firm", "name": "Kensico Manor LLC"})
    assert r.status_code == 201
    offender = r.json()["id"]
    assert post(api(mu["applicant"]), f"{E}/offenders", {"kind": "firm", "name": "X"}).status_code == 403
    assert post(bi, f"{E}/offenders", {"kind": "club", "name": "X"}).json()["field"] == "kind"

    complaint = {"description": "Rear exit chained shut", "observed_on": TODAY, "offender": offender,
                 "venue": hall.pk, "in_presence": True}
    assert post(api(cu["building_inspector"]), f"{E}/complaints", complaint).status_code == 403
    bad = post(bi, f"{E}/complaints", {**complaint, "offender": 999999})
    assert bad.status_code == 422 and bad.json()["field"] == "offender"
    bad = post(bi, f"{E}/complaints", {**complaint, "filed_on": TODAY - dt.timedelta(days=1)})
    assert bad.status_code == 422 and bad.json()["field"] == "filed_on"
    r = post(bi, f"{E}/complaints", complaint)
    assert r.status_code == 201
    c = r.json()

    url = f"{E}/complaints/{c['id']}/violations"
    bad = post(bi, url, {"rule_id": "mount-pleasant/164-99/nothing"})
    assert bad.status_code == 422 and bad.json()["field"] == "rule_id"
    assert post(api(mu["applicant"]), url, {"rule_id": "mount-pleasant/164-10/exits-not-blocked"}).status_code == 403
    assert post(bi, url, {"rule_id": "mount-pleasant/164-10/exits-not-blocked",
                          "expected_version": c["version"] + 1}).status_code == 409
    r = post(bi, url, {"rule_id": "mount-pleasant/164-10/exits-not-blocked", "expected_version": c["version"]})
    assert r.status_code == 201 and r.json()["citation"].startswith("Mount Pleasant Code § 164-10")
    v = r.json()

    summons = {"return_date": next_business_day(TODAY + dt.timedelta(days=14))}
    assert post(police, f"{E}/violations/{v['id']}/summons", summons).status_code == 403
    bad = post(bi, f"{E}/violations/{v['id']}/summons", {"return_date": TODAY})
    assert bad.status_code == 422 and bad.json()["field"] == "return_date"
    assert post(bi, f"{E}/violations/{v['id']}/summons", {**summons, "expected_version": 7}).status_code == 409
    r = post(bi, f"{E}/violations/{v['id']}/summons", summons)
    assert r.status_code == 201 and r.json()["number"]
    travel_to(summons["return_date"])  # (the court decides on the return day: W-37)

    disp = f"{E}/violations/{v['id']}/disposition"
    assert post(police, disp, {"outcome": "convicted", "fine": "100.00"}).status_code == 403
    assert post(bi, disp, {"outcome": "acquitted"}).json()["field"] == "outcome"
    huge = post(bi, disp, {"outcome": "convicted", "fine": "99999999.00"})
    assert huge.status_code == 422 and huge.json()["field"] == "fine"
    from publicassembly.enforcement import services as es
    from publicassembly.enforcement.models import Violation

    p = es.penalty_range(Violation.objects.get(pk=v["id"]))
    over = post(bi, disp, {"outcome": "convicted", "fine": str(p.max_fine + 1)})
    assert over.status_code == 422 and over.json()["field"] == "fine"
    r = post(bi, disp, {"outcome": "convicted", "fine": str(p.min_fine)})
    assert r.status_code == 201 and r.json()["offense_number"] == 1

    pay = f"{E}/violations/{v['id']}/payment"
    assert post(police, pay, {"amount": str(p.min_fine)}).status_code == 403
    wrong = post(bi, pay, {"amount": str(p.min_fine + 1)})
    assert wrong.status_code == 422 and wrong.json()["field"] == "amount"
    r = post(bi, pay, {"amount": str(p.min_fine)})
    assert r.status_code == 200 and r.json()["state"] == "paid"

    close = f"{E}/violations/{v['id']}/close"
    assert post(bi, close, {"reason": ""}).json()["field"] == "reason"
    assert post(bi, close, {"reason": "fine paid", "expected_version": 1}).status_code == 409
    r = post(bi, close, {"reason": "fine paid"})
    assert r.status_code == 200 and r.json()["state"] == "closed"
    assert api(cu["building_inspector"]).post(
        f"/api/v1/towns/carmel-ny/violations/{v['id']}/close", json.dumps({"reason": "x"}),
        content_type="application/json").status_code in (403, 404)


def test_nul_characters_are_refused_naming_the_field(api, mu):
    r = post(api(mu["building_inspector"]), V, {"name": "Hall\x00", "address": "1 Main St"})
    assert r.status_code == 422 and r.json()["field"] == "name"


def test_an_unknown_field_is_told_with_the_fields_of_its_object_even_nested(api, mu, hall):
    """A misspelt field names the fields allowed where it stands — in a sign seen at an inspection (§ 164-9),
    nested under the room's name — read from the API's own OpenAPI document."""
    bi = api(mu["building_inspector"])
    r = post(bi, f"{V}/{hall.pk}/inspections", {"scheduled_for": TODAY})
    url = f"/api/v1/towns/mount-pleasant-ny/inspections/{r.json()['id']}/record"
    bad = post(bi, url, {"signs": {"Ballroom": {"postd": True}}})
    assert bad.status_code == 422
    assert {"field": "signs.Ballroom.postd",
            "msg": "is not a field here; allowed: posted, states, conforms_to_specification"} in bad.json()["errors"]
    bad = post(bi, url, {"persons_presnt": 3})
    assert bad.json()["detail"].startswith("persons_presnt: is not a field here; allowed: done_on, persons_present,")


def test_m18_recording_an_inspection_answers_the_venues_new_version(api, mu, hall):
    """M-18: recording an inspection moves the venue's version (its findings decide whether a certificate may
    issue); the answer gives ``venue_version``, a certificate sent with the version read before is 409 stale and
    one sent with the answer's version issues."""
    bi = api(mu["building_inspector"])
    r = post(bi, f"{V}/{hall.pk}/inspections", {"scheduled_for": TODAY})
    before = r.json()["venue_version"]
    url = f"/api/v1/towns/mount-pleasant-ny/inspections/{r.json()['id']}/record"
    r = post(bi, url, {"persons_by_space": {"Ballroom": 300}, "exits_blocked": False, "exit_access_clear": True})
    assert r.status_code == 200
    assert r.json()["venue_version"] == before + 1 == type(hall).objects.get(pk=hall.pk).version
    assert post(bi, f"{V}/{hall.pk}/certificates", {"expected_version": before}).status_code == 409
    assert post(bi, f"{V}/{hall.pk}/certificates", {"expected_version": before + 1}).status_code == 201


def test_adding_a_room_takes_and_answers_the_venues_version(api, mu, hall):
    """§§ 164-7, 164-8: a room added with the venue's version read is added once; the same request sent again
    on that version is 409 and adds nothing; the answer's ``venue_version`` is the venue's now."""
    bi = api(mu["building_inspector"])
    before = type(hall).objects.get(pk=hall.pk).version
    room = {"name": "Terrace", "kind": "room", "use_group": "assembly_without_fixed_seats", "area": "700",
            "expected_version": before}
    r = post(bi, f"{V}/{hall.pk}/spaces", room)
    assert r.status_code == 201
    assert r.json()["venue_version"] == before + 1 == type(hall).objects.get(pk=hall.pk).version
    again = post(bi, f"{V}/{hall.pk}/spaces", {**room, "name": "Terrace 2"})
    assert again.status_code == 409
    assert [s.name for s in hall.spaces.all()].count("Terrace 2") == 0
    assert post(bi, f"{V}/{hall.pk}/spaces", {**room, "name": "Terrace 2",
                                              "expected_version": before + 1}).status_code == 201
