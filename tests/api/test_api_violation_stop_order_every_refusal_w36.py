"""Recording a violation or a stop order tells every refusal at once (new-user trial; interpretation W-36, as W-33
for a complaint; Mount Pleasant §§ 164-5, 164-12; Carmel ch. 31 penalties ¶ A). ``POST …/complaints/5/violations``
with ``{"rule_id": "carmel/permit/a-requird", "days_of_continued_violation": null}`` named the rule only; on a
complaint with no offender, 30 days were hidden behind the missing offender. One 422 now names each field — the
schema's refusals, the records named that the town does not hold, the service's of the values — after the role
(403 first, whatever the body), nothing recorded. The enforcement page's forms show each beside its field."""

from __future__ import annotations

import datetime as dt
import html as html_lib
import json
import re

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for, version_of

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import StopOrder, Violation
from publicassembly.workflow.errors import NotAllowed, ValidationFailed

pytestmark = pytest.mark.django_db

C, MP = "/api/v1/towns/carmel-ny", "/api/v1/towns/mount-pleasant-ny"
CARMEL = "Town of Carmel, New York"
TRIAL_DAY, OBSERVED = dt.date(2026, 12, 1), dt.date(2026, 11, 28)  # 4 days, both counted (W-16)
DAYS_REQUIRED = ("is required: the number of days of continued violation, a whole number from 1 to 4 (the days "
                 "from 2026-11-28 to today; each day is a separate violation, ch. 31 penalties ¶ A)")
OFFENDER_REQUIRED = ("is required, as the complaint names no offender: the person or firm who violated the rule, "
                     "one of the offenders registered in the town")


def days_refused(days: int) -> str:
    """The law core's refusal of days still to come (W-16), counted from 2026-11-28 on 2026-12-01."""
    last = OBSERVED + dt.timedelta(days=days - 1)
    return (f"{days} days from 2026-11-28 would run to {last.isoformat()}, past today (2026-12-01): each day's "
            "continued violation is a separate violation, and a day still to come is none yet; by today there are "
            "at most 4 days (Carmel Code ch. 31, penalties ¶ A)")


def _post(user, url, body: dict):
    return api_client(user).post(url, json.dumps(body), content_type="application/json")


def told(r) -> list[tuple[str, str]]:
    assert r.status_code == 422, r.content
    assert not Violation.objects.exists() and not StopOrder.objects.exists()
    return [(e["field"], e["msg"]) for e in r.json()["errors"]]


@pytest.fixture
def carmel_case(carmel, cu, travel_to):
    """A Carmel complaint of 2026-11-28 naming John Doe, and one naming no offender; today 2026-12-01."""
    travel_to(TRIAL_DAY)
    eo = cu["enforcement_officer"]
    doe = es.register_offender(eo, carmel, kind="person", name="John Doe")
    named = es.file_complaint(eo, carmel, description="Concert without a permit", observed_on=OBSERVED,
                              offender=doe, in_presence=True)
    unnamed = es.file_complaint(eo, carmel, description="Fair without a permit", observed_on=OBSERVED,
                                in_presence=True)
    return eo, named, unnamed, doe


# --- recording a violation: the API ----------------------------------------------------------------------------


def test_the_trials_misspelt_rule_and_null_days_are_told_together_penalties_a(carmel_case):
    eo, named, _unnamed, _doe = carmel_case
    r = _post(eo, f"{C}/complaints/{named.pk}/violations",
              {"rule_id": "carmel/permit/a-requird", "days_of_continued_violation": None})
    got = told(r)
    assert [f for f, _m in got] == ["rule_id", "days_of_continued_violation"]
    assert got[0][1].startswith("'carmel/permit/a-requird' is not a rule of ")
    assert "allowed: carmel/permit/a-required" in got[0][1]
    assert got[1][1] == DAYS_REQUIRED
    assert r.json()["detail"].endswith("(and 1 more error)")


@pytest.mark.parametrize(("days", "refused"), [(5, True), (4, False)])
def test_no_offender_and_the_days_are_told_together_at_the_bound_both_sides_w16(carmel_case, days, refused):
    """On a complaint naming no offender, days beyond today (5 from 2026-11-28 on 2026-12-01) are told with the
    missing offender; 4, the last day allowed, is taken: the offender alone is told."""
    eo, _named, unnamed, _doe = carmel_case
    r = _post(eo, f"{C}/complaints/{unnamed.pk}/violations",
              {"rule_id": "carmel/permit/a-required", "days_of_continued_violation": days})
    expected = [("offender", OFFENDER_REQUIRED)]
    if refused:
        expected.append(("days_of_continued_violation", days_refused(days)))
    assert told(r) == expected


def test_30_days_hidden_behind_the_offender_in_the_trial_are_told(carmel_case):
    eo, _named, unnamed, _doe = carmel_case
    r = _post(eo, f"{C}/complaints/{unnamed.pk}/violations",
              {"rule_id": "carmel/permit/a-required", "days_of_continued_violation": 30})
    assert told(r) == [("offender", OFFENDER_REQUIRED), ("days_of_continued_violation", days_refused(30))]


def test_records_the_town_does_not_hold_the_schemas_refusal_and_the_services_together(carmel_case):
    """Each record named that the town does not hold is told once (not again as a missing offender, nor the rule
    as missing beside a deficiency refused); the schema's refusal of the days (0) in its own words; a control
    character in the reason (G-6) with them."""
    eo, _named, unnamed, _doe = carmel_case
    r = _post(eo, f"{C}/complaints/{unnamed.pk}/violations",
              {"offender": 999, "venue": 1234, "deficiency": 77, "days_of_continued_violation": 0,
               "reason": "late\u202e"})
    got = told(r)
    assert [f for f, _m in got] == ["days_of_continued_violation", "offender", "venue", "deficiency", "reason"]
    assert got[1:4] == [("offender", f"no offender #999 in {CARMEL}"), ("venue", f"no place of assembly #1234 in {CARMEL}"),
                        ("deficiency", f"no deficiency #77 in {CARMEL}")]


def test_once_every_value_is_right_the_violation_is_recorded(carmel_case):
    eo, _named, unnamed, doe = carmel_case
    r = _post(eo, f"{C}/complaints/{unnamed.pk}/violations",
              {"rule_id": "carmel/permit/a-required", "offender": doe.pk, "days_of_continued_violation": 4})
    assert r.status_code == 201, r.content
    assert Violation.objects.get().days_of_continued_violation == 4


@pytest.mark.parametrize("who", ["applicant", "town_clerk"])
def test_a_user_who_may_not_record_is_403_before_any_refusal_of_the_body_w33(carmel_case, cu, who):
    _eo, _named, unnamed, _doe = carmel_case
    r = _post(cu[who], f"{C}/complaints/{unnamed.pk}/violations",
              {"rule_id": "carmel/permit/a-requird", "offender": 999, "days_of_continued_violation": 0})
    assert r.status_code == 403 and b"999" not in r.content and not Violation.objects.exists()


def test_an_officer_not_present_is_403_before_the_values_164_12(mu, hall):
    """Mount Pleasant § 164-12: a police officer enforces only a violation in his presence; told so (403) before
    the rule he misspelt."""
    bi = mu["building_inspector"]
    complaint = es.file_complaint(bi, hall.town, description="Rear exit chained", observed_on=dt.date.today(),
                                  venue=hall)
    r = _post(mu["enforcement_officer"], f"{MP}/complaints/{complaint.pk}/violations",
              {"rule_id": "mount-pleasant/164-10/exits-blockd", "in_presence": False, "offender": 999})
    assert r.status_code == 403 and b"999" not in r.content


def test_the_service_tells_every_value_at_once(carmel_case):
    """The service alone (the command line's and the pages' way in)."""
    eo, _named, unnamed, _doe = carmel_case
    with pytest.raises(ValidationFailed) as e:
        es.record_violation(eo, unnamed, rule_id="carmel/permit/a-requird", days_of_continued_violation=30,
                            in_presence="yes", place="Field\u202e")
    assert [f for f, _m in e.value.errors] == ["place", "rule_id", "offender", "in_presence",
                                               "days_of_continued_violation"]
    assert not Violation.objects.exists()


def test_a_control_character_is_still_told_before_the_role_g6(carmel_case, cu):
    _eo, _named, unnamed, _doe = carmel_case
    with pytest.raises(ValidationFailed) as e:
        es.record_violation(cu["applicant"], unnamed, rule_id="x", reason="late\u202e")
    assert [f for f, _m in e.value.errors] == ["reason"]
    with pytest.raises(NotAllowed):
        es.record_violation(cu["applicant"], unnamed, rule_id="x")


# --- recording a stop order: the API -----------------------------------------------------------------------------


def test_a_stop_orders_empty_performance_unknown_complaint_and_future_moment_together_164_5(mu, hall):
    future = (dt.datetime.now(dt.UTC) + dt.timedelta(hours=2)).isoformat()
    r = _post(mu["enforcement_officer"], f"{MP}/venues/{hall.pk}/stop-orders",
              {"performance": "", "complaint": 999, "ordered_at": future, "persons_present": 400})
    got = told(r)
    assert [f for f, _m in got] == ["performance", "complaint", "ordered_at"]
    assert got[1] == ("complaint", "no complaint #999 in Town of Mount Pleasant, New York")
    assert " is in the future (now is " in got[2][1]


def test_a_stop_orders_schema_refusal_is_told_with_the_law_cores_no_ground_164_5(mu, hall):
    """The grounds are judged once the facts are taken: an empty performance with 10 persons present (within the
    approved number, nothing obstructed) is told with "no ground for a stop order"."""
    r = _post(mu["enforcement_officer"], f"{MP}/venues/{hall.pk}/stop-orders",
              {"performance": "", "persons_present": 10})
    got = told(r)
    assert [f for f, _m in got] == ["performance", "grounds"]
    assert got[1][1].startswith("no ground for a stop order under § 164-5: ")


def test_a_room_that_is_none_and_a_complaint_not_held_are_told_together_m7(mu, hall):
    r = _post(mu["enforcement_officer"], f"{MP}/venues/{hall.pk}/stop-orders",
              {"performance": "Dance", "persons_present": 400, "persons_by_space": {"Attic": 5}, "complaint": 999})
    assert [f for f, _m in told(r)] == ["complaint", "persons_by_space"]


def test_a_user_who_may_not_stop_a_performance_is_403_whatever_the_body(mu, hall):
    r = _post(mu["applicant"], f"{MP}/venues/{hall.pk}/stop-orders", {"performance": "", "complaint": 999})
    assert r.status_code == 403 and b"999" not in r.content and not StopOrder.objects.exists()


def test_the_stop_order_is_recorded_once_every_value_is_right(mu, hall):
    r = _post(mu["enforcement_officer"], f"{MP}/venues/{hall.pk}/stop-orders",
              {"performance": "Dance", "persons_present": 5, "egress_obstructed": True})
    assert r.status_code == 201, r.content


# --- the enforcement page's forms --------------------------------------------------------------------------------


def _beside(r, prefix: str, field: str) -> list[str]:
    text = html_lib.unescape(r.content.decode())
    block = re.search(rf'id="err-id_{prefix}-{field}"[^>]*>(.*?)</div>', text, re.S)
    assert block is not None, f"no errors element for {field}"
    return re.findall(r'<p class="error">([^<]*)</p>', block.group(1))


def test_the_violation_form_shows_the_forms_refusal_and_the_services_beside_each(carmel_case, cu):
    """A rule the form does not offer (its own refusal) with the days beyond today (the service's): each beside its
    field, 422, nothing recorded; and the service's several refusals of a form it took, each beside its own."""
    bi = cu["building_inspector"]
    _eo, _named, unnamed, _doe = carmel_case
    p = f"v{unnamed.pk}"
    url = f"/carmel-ny/enforcement/violation/{unnamed.pk}/"
    r = client_for(bi).post(url, {f"{p}-rule_id": "carmel/permit/a-requird",
                                  f"{p}-days_of_continued_violation": "30", **version_of(unnamed, p)})
    assert r.status_code == 422
    assert _beside(r, p, "rule_id")[0].startswith("Choose one of: carmel/permit/a-required (permit requirements ¶ A")
    assert _beside(r, p, "days_of_continued_violation") == [days_refused(30)]
    assert _beside(r, p, "offender") == [OFFENDER_REQUIRED]
    r = client_for(bi).post(url, {f"{p}-rule_id": "carmel/permit/a-required",
                                  f"{p}-days_of_continued_violation": "30", **version_of(unnamed, p)})
    assert r.status_code == 422
    assert _beside(r, p, "offender") == [OFFENDER_REQUIRED]
    assert _beside(r, p, "days_of_continued_violation") == [days_refused(30)]
    assert not Violation.objects.exists()


def test_the_violation_form_refuses_the_town_clerk_403_before_the_form(carmel_case, cu):
    _eo, _named, unnamed, _doe = carmel_case
    p = f"v{unnamed.pk}"
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/enforcement/violation/{unnamed.pk}/",
                                          {f"{p}-rule_id": "x", **version_of(unnamed, p)})
    assert r.status_code == 403


def test_the_stop_order_form_shows_the_forms_refusal_and_the_services_beside_each(mu, hall):
    hall.refresh_from_db()
    future = (dt.datetime.now() + dt.timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    r = client_for(mu["enforcement_officer"]).post("/mount-pleasant-ny/enforcement/stop_order/0/", {
        "so-venue": f"{hall.pk}:{hall.version}", "so-performance": "", "so-persons_present": "400",
        "so-ordered_at": future})
    assert r.status_code == 422
    assert _beside(r, "so", "performance") == ["This field is required."]
    assert " is in the future (now is " in _beside(r, "so", "ordered_at")[0]
    assert not StopOrder.objects.exists()
