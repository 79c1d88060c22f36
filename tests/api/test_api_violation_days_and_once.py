"""The API's violations charge days that have happened, once, under a rule listed as allowed (Carmel ch. 31
penalties ¶ A: each day's continued violation a separate violation; Mount Pleasant § 164-14; interpretations
W-15, W-16). The new-user trial's requests, on 2026-12-01: 10 days from 2026-11-28 (to 2026-12-07) were 201, the
same violation again 201, and an unknown rule id was told ids that are then refused."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.api.conftest import api_client, post_json

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Violation

pytestmark = pytest.mark.django_db

C, MP = "/api/v1/towns/carmel-ny", "/api/v1/towns/mount-pleasant-ny"
TRIAL_DAY = dt.date(2026, 12, 1)


@pytest.fixture
def case(carmel, cu, travel_to):
    travel_to(TRIAL_DAY)
    eo = cu["enforcement_officer"]
    offender = es.register_offender(eo, carmel, kind="person", name="John Doe")
    complaint = es.file_complaint(eo, carmel, description="Concert without a permit", observed_on=dt.date(2026, 11, 28),
                                  offender=offender, in_presence=True)
    return api_client(eo), complaint, offender


def _body(offender, days: int) -> dict:
    return {"rule_id": "carmel/permit/a-required", "offender": offender.pk, "observed_on": "2026-11-28",
            "days_of_continued_violation": days, "in_presence": True}


def test_penalties_a_10_days_from_11_28_on_12_01_is_422_naming_the_days_4_days_201(case):
    c, complaint, offender = case
    url = f"{C}/complaints/{complaint.pk}/violations"
    r = post_json(c, url, _body(offender, 10))
    assert r.status_code == 422, r.content
    assert r.json()["field"] == "days_of_continued_violation"
    assert "would run to 2026-12-07, past today (2026-12-01)" in r.json()["detail"]
    r = post_json(c, url, _body(offender, 5))  # one day more than there are: refused
    assert r.status_code == 422 and "2026-12-02" in r.json()["detail"]
    assert not Violation.objects.exists()
    r = post_json(c, url, _body(offender, 4))  # the days ending today
    assert r.status_code == 201, r.content


def test_penalties_a_the_same_violation_sent_again_is_422_naming_the_violation_recorded(case):
    c, complaint, offender = case
    url = f"{C}/complaints/{complaint.pk}/violations"
    first = post_json(c, url, _body(offender, 4))
    assert first.status_code == 201, first.content
    again = post_json(c, url, _body(offender, 4))
    assert again.status_code == 422, again.content
    assert again.json()["field"] == "observed_on"
    assert f"violation {first.json()['id']} (complaint {complaint.pk}" in again.json()["detail"]
    assert "on 2026-11-28 to 2026-12-01" in again.json()["detail"]
    assert Violation.objects.count() == 1


def test_164_14_an_unknown_rule_id_is_told_only_rules_that_are_accepted(mount_pleasant, mu, hall):
    bi = mu["building_inspector"]
    c = api_client(bi)
    offender = es.register_offender(bi, mount_pleasant, kind="firm", name="Kensico Manor LLC")
    complaint = es.file_complaint(bi, mount_pleasant, description="Rear exit chained shut",
                                  observed_on=dt.date(2025, 3, 3), offender=offender, in_presence=True)
    url = f"{MP}/complaints/{complaint.pk}/violations"
    r = post_json(c, url, {"rule_id": "mount-pleasant/164-99/nothing"})
    assert r.status_code == 422 and r.json()["field"] == "rule_id"
    listed = r.json()["detail"].split("; allowed: ", 1)[1].split(", ")
    assert "mount-pleasant/164-3/religious-worship-exception" not in listed
    assert not [x for x in listed if x.split("/")[1] in ("164-4", "164-12", "164-13", "164-14")]
    for day, rule_id in enumerate(listed, start=1):  # each accepted (each its own day: W-15)
        r = post_json(c, url, {"rule_id": rule_id, "observed_on": f"2025-03-{day:02d}"})
        assert r.status_code == 201, (rule_id, r.content)
    r = post_json(c, url, {"rule_id": "mount-pleasant/164-3/religious-worship-exception"})
    assert r.status_code == 422 and "not a requirement a person can violate" in r.json()["detail"]
