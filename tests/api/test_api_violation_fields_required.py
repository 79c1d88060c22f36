"""A violation sent without one of its required fields, or with it null, is refused 422 naming the field, saying it
is required and what is allowed — never "got None": the rule (one of those a person can violate, W-19), the
offender when the complaint names none, Carmel's days of continued violation (ch. 31 penalties ¶ A: each day a
separate violation, counted from the day observed up to today, W-16), and a summons's return day."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import api_client, post_json

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Violation

pytestmark = pytest.mark.django_db

C, MP = "/api/v1/towns/carmel-ny", "/api/v1/towns/mount-pleasant-ny"
TRIAL_DAY = dt.date(2026, 12, 1)
DAYS_REQUIRED = ("is required: the number of days of continued violation, a whole number from 1 to 4 (the days "
                 "from 2026-11-28 to today; each day is a separate violation, ch. 31 penalties ¶ A)")


@pytest.fixture
def case(carmel, cu, travel_to):
    travel_to(TRIAL_DAY)
    eo = cu["enforcement_officer"]
    offender = es.register_offender(eo, carmel, kind="person", name="John Doe")
    complaint = es.file_complaint(eo, carmel, description="Concert without a permit", observed_on=dt.date(2026, 11, 28),
                                  offender=offender, in_presence=True)
    return api_client(eo), complaint, offender


def _body(offender, **changes) -> dict:
    return {"rule_id": "carmel/permit/a-required", "offender": offender.pk, "observed_on": "2026-11-28",
            "days_of_continued_violation": 4, "in_presence": True} | changes


def _refused(r, field: str) -> str:
    assert r.status_code == 422, r.content
    got = r.json()
    assert got["field"] == field and got["errors"][0]["field"] == field, got
    assert "None" not in got["detail"] and "None" not in got["errors"][0]["msg"], got
    assert got["detail"] == f"{field}: {got['errors'][0]['msg']}"
    return got["errors"][0]["msg"]


@pytest.mark.parametrize("given", ["null", "left out"])
def test_penalties_a_carmel_days_of_continued_violation_required_with_the_days_allowed(case, given):
    c, complaint, offender = case
    body = _body(offender, days_of_continued_violation=None)
    if given == "left out":
        del body["days_of_continued_violation"]
    msg = _refused(post_json(c, f"{C}/complaints/{complaint.pk}/violations", body), "days_of_continued_violation")
    assert msg == DAYS_REQUIRED
    assert not Violation.objects.exists()


def test_penalties_a_the_days_allowed_are_those_up_to_today_both_sides(case):
    """The bound the refusal states is the one applied: 4 days from 2026-11-28 on 2026-12-01 are taken, 5 not."""
    c, complaint, offender = case
    url = f"{C}/complaints/{complaint.pk}/violations"
    assert post_json(c, url, _body(offender, days_of_continued_violation=5)).status_code == 422
    assert post_json(c, url, _body(offender, days_of_continued_violation=4)).status_code == 201


@pytest.mark.parametrize("given", ["null", "left out"])
def test_w19_rule_id_required_listing_the_rules_allowed(case, carmel, given):
    c, complaint, offender = case
    body = _body(offender, rule_id=None)
    if given == "left out":
        del body["rule_id"]
    msg = _refused(post_json(c, f"{C}/complaints/{complaint.pk}/violations", body), "rule_id")
    allowed = [rule_id for rule_id, _citation in es.violable_rules(carmel)]
    assert msg == f"is required: the rule violated; allowed: {', '.join(allowed)}"
    assert allowed[0] == "carmel/permit/a-required" and "carmel/penalties/ab-violation" in allowed


def test_164_14_mount_pleasant_rule_id_required_listing_its_rules(mount_pleasant, mu):
    bi = mu["building_inspector"]
    offender = es.register_offender(bi, mount_pleasant, kind="firm", name="Kensico Manor LLC")
    complaint = es.file_complaint(bi, mount_pleasant, description="Rear exit chained shut",
                                  observed_on=dt.date(2025, 3, 3), offender=offender, in_presence=True)
    msg = _refused(post_json(api_client(bi), f"{MP}/complaints/{complaint.pk}/violations", {"rule_id": None}),
                   "rule_id")
    listed = msg.split("; allowed: ", 1)[1].split(", ")
    assert listed == [rule_id for rule_id, _c in es.violable_rules(mount_pleasant)]
    assert "mount-pleasant/164-10/exits-not-blocked" in listed


def test_w19_offender_required_when_the_complaint_names_none(carmel, cu, travel_to):
    travel_to(TRIAL_DAY)
    eo = cu["enforcement_officer"]
    complaint = es.file_complaint(eo, carmel, description="Concert without a permit",
                                  observed_on=dt.date(2026, 11, 28), in_presence=True)
    body = {"rule_id": "carmel/permit/a-required", "days_of_continued_violation": 1, "offender": None}
    msg = _refused(post_json(api_client(eo), f"{C}/complaints/{complaint.pk}/violations", body), "offender")
    assert msg == ("is required, as the complaint names no offender: the person or firm who violated the rule, one "
                   "of the offenders registered in the town")


def test_summons_return_date_null_is_required_in_the_dates_form(case, cu):
    c, complaint, offender = case
    first = post_json(c, f"{C}/complaints/{complaint.pk}/violations", _body(offender))
    assert first.status_code == 201, first.content
    c = api_client(cu["building_inspector"])  # (who issues a Carmel summons, W-1)
    url = f"{C}/violations/{first.json()['id']}/summons"
    msg = _refused(post_json(c, url, {"return_date": None}), "return_date")
    assert msg == 'is required: a date, a string YYYY-MM-DD, e.g. "2026-07-04"'
    assert _refused(post_json(c, url, {}), "return_date") == "is required"
    wrong = post_json(c, url, {"return_date": 20261215})  # (a number is still told what it was)
    assert wrong.status_code == 422 and "got 20261215" in wrong.json()["detail"]
    # (an optional date null is no date: taken)
    assert post_json(c, url, {"return_date": "2026-12-15", "issued_on": None}).status_code == 201
