"""A complaint's every refusal told at once (new-user trial; interpretation W-33, as W-30 for a room; Mount
Pleasant § 164-12): ``POST …/complaints`` with an empty description observed on 1970-01-01 named the description
only, and once it was fixed, the day observed; with an offender and a place of assembly the town does not hold and
a day filed before the day observed, the offender only. One 422 now names each field with what it takes — the
schema's refusals, the records named that the town does not hold, the service's of the values — nothing filed.
The complaint form of the enforcement page shows each beside its field."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Complaint

pytestmark = pytest.mark.django_db

URL = "/api/v1/towns/mount-pleasant-ny/complaints"
TOWN = "Town of Mount Pleasant, New York"
NOT_IN_FORCE = "the chapter is applied from 1976-02-24, the earliest date its text gives: 1970-01-01 is before it"
TODAY = dt.date.today()


def _file(user, body: dict):
    return api_client(user).post(URL, json.dumps(body), content_type="application/json")


def told(r) -> list[tuple[str, str]]:
    assert r.status_code == 422, r.content
    assert not Complaint.objects.exists()
    return [(e["field"], e["msg"]) for e in r.json()["errors"]]


def test_an_empty_description_and_a_day_before_the_chapter_are_told_together_164_12(mu):
    r = _file(mu["enforcement_officer"], {"description": "", "observed_on": "1970-01-01"})
    assert told(r) == [("description", "must not be empty"), ("observed_on", NOT_IN_FORCE)]
    assert r.json()["field"] == "description"
    assert r.json()["detail"] == "description: must not be empty (and 1 more error)"


def test_records_the_town_does_not_hold_and_a_filing_before_the_day_observed_are_told_together(mu):
    observed = TODAY - dt.timedelta(days=2)
    r = _file(mu["building_inspector"], {"description": "Crowd at the door", "observed_on": observed.isoformat(),
                                         "filed_on": (observed - dt.timedelta(days=1)).isoformat(),
                                         "offender": 999, "venue": 1234})
    assert told(r) == [("offender", f"no offender #999 in {TOWN}"),
                       ("venue", f"no place of assembly #1234 in {TOWN}"),
                       ("filed_on", f"a complaint is filed on or after the day observed ({observed.isoformat()})")]


def test_the_trials_body_is_told_every_refusal(mu):
    r = _file(mu["building_inspector"], {"description": "", "observed_on": "1970-01-01", "filed_on": "1969-12-31",
                                         "offender": 999, "venue": 1234, "inspection": 77})
    assert told(r) == [("description", "must not be empty"), ("offender", f"no offender #999 in {TOWN}"),
                       ("venue", f"no place of assembly #1234 in {TOWN}"),
                       ("inspection", f"no inspection #77 in {TOWN}"), ("observed_on", NOT_IN_FORCE),
                       ("filed_on", "a complaint is filed on or after the day observed (1970-01-01)")]


def test_a_schema_refusal_of_a_day_is_told_with_the_rest_once(mu):
    """A day the schema cannot read (a number) is told in the schema's words, once; the place's control character
    and the place of assembly not held are told with it."""
    r = _file(mu["building_inspector"], {"description": "Crowd", "observed_on": 20261127, "venue": 1234,
                                         "place": "Main hall\u202e"})
    fields = [f for f, _m in told(r)]
    assert fields == ["observed_on", "venue", "place"]
    assert told(r)[0][1].startswith("a date is a string YYYY-MM-DD")


def test_a_day_after_today_is_told_with_a_filing_after_today(mu):
    tomorrow = (TODAY + dt.timedelta(days=1)).isoformat()
    r = _file(mu["building_inspector"], {"description": "Crowd", "observed_on": tomorrow, "filed_on": tomorrow})
    assert [f for f, _m in told(r)] == ["observed_on", "filed_on"]


def test_once_every_value_is_right_the_complaint_is_filed(mu, hall):
    r = _file(mu["enforcement_officer"], {"description": "Crowd at the door", "observed_on": TODAY.isoformat(),
                                          "venue": hall.pk})
    assert r.status_code == 201 and Complaint.objects.get().venue == hall


def test_a_user_who_may_not_file_a_complaint_is_still_refused_403(mu):
    r = _file(mu["applicant"], {"description": "Crowd at the door", "observed_on": TODAY.isoformat()})
    assert r.status_code == 403 and not Complaint.objects.exists()


def test_the_service_tells_every_value_at_once(mount_pleasant, mu):
    """The service alone (the command line's and the pages' way in): every value refused in ``errors``."""
    from publicassembly.workflow.errors import ValidationFailed

    with pytest.raises(ValidationFailed) as e:
        es.file_complaint(mu["building_inspector"], mount_pleasant, description=" ", observed_on="1970-01-01",
                          filed_on="1969-01-01", in_presence="yes")
    assert [f for f, _m in e.value.errors] == ["description", "observed_on", "filed_on", "in_presence"]
    assert e.value.field == "description" and e.value.detail == "required (and 3 more errors)"
    assert not Complaint.objects.exists()


# --- the complaint form of the enforcement page ---------------------------------------------------------------------


def beside(r, name: str) -> str:
    m = re.search(rf'id="err-id_c-{name}"[^>]*>(.*?)</div>', r.content.decode(), re.S)
    assert m, f"no errors element for {name}"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", m.group(1))).strip()


def test_the_complaint_form_shows_each_refusal_beside_its_field(mu):
    """The form's own refusal (the description left empty) and the service's (the day before the chapter) at once,
    each beside its field, 422, nothing filed."""
    r = client_for(mu["enforcement_officer"]).post("/mount-pleasant-ny/enforcement/complaint/0/",
                                                   {"c-description": "", "c-observed_on": "1970-01-01"})
    assert r.status_code == 422
    assert beside(r, "description") == "This field is required."
    assert beside(r, "observed_on") == NOT_IN_FORCE
    assert not Complaint.objects.exists()


def test_the_complaint_form_shows_the_services_refusals_each_beside_its_field(mu):
    """A form the page takes whole, whose values the service refuses two of (a description the summons cannot
    print, G-6, and the day before the chapter): each beside its field, without "(and 1 more error)"."""
    r = client_for(mu["enforcement_officer"]).post("/mount-pleasant-ny/enforcement/complaint/0/",
                                                   {"c-description": "Crowd 🎉", "c-observed_on": "1970-01-01"})
    assert r.status_code == 422
    assert "U+1F389" in beside(r, "description") and "more error" not in beside(r, "description")
    assert beside(r, "observed_on") == NOT_IN_FORCE
    assert not Complaint.objects.exists()


# --- the role first: a user who may not file a complaint learns nothing of the town's records (W-33) --------------


def _probe_body(**ids) -> dict:
    return {"description": "", "observed_on": "2026-11-30", **ids}


@pytest.mark.parametrize("who", ["applicant", "town_clerk", "carmel_applicant", "carmel_building_inspector"])
def test_a_user_who_may_not_file_is_refused_403_before_any_refusal_of_the_body(mu, cu, hall, who):
    """The trial's probe: ``offender`` 999 and ``inspection`` 999 told "no inspection #999 in …" to the token of an
    applicant, and the line was absent for an inspection the town holds — anyone with a token could learn which
    ids exist. The role is now judged first: 403, the same answer whatever the ids, whatever else is wrong."""
    user = cu[who.removeprefix("carmel_")] if who.startswith("carmel_") else mu[who]
    inspection = hall.inspections.get().pk
    answers = [_file(user, _probe_body(offender=999, inspection=999)),
               _file(user, _probe_body(offender=999, inspection=inspection)),
               _file(user, _probe_body(venue=hall.pk, observed_on="1970-01-01")),
               _file(user, {"description": "Crowd", "observed_on": 20261127, "venue": 1234, "place": "x\u202e"})]
    assert [r.status_code for r in answers] == [403] * 4, [r.content for r in answers]
    assert len({r.json()["detail"] for r in answers}) == 1
    assert "inspection" not in answers[0].content.decode() and "999" not in answers[0].content.decode()
    assert not Complaint.objects.exists()


def test_a_user_who_may_file_is_still_told_every_refusal_of_the_records(mu, hall):
    """The other side: the Building Inspector is told the inspection the town does not hold, with the rest."""
    r = _file(mu["building_inspector"], _probe_body(offender=999, inspection=999))
    assert told(r) == [("description", "must not be empty"), ("offender", f"no offender #999 in {TOWN}"),
                       ("inspection", f"no inspection #999 in {TOWN}")]


def test_the_complaint_form_refuses_the_town_clerk_403_before_the_form(mu):
    """The Town Clerk reads the Enforcement page but may not file a complaint: a complaint form sent by him is 403,
    its values not judged (neither the form's refusals nor the service's)."""
    for body in ({"c-description": "", "c-observed_on": "1970-01-01", "c-venue": "999"},
                 {"c-description": "Crowd", "c-observed_on": TODAY.isoformat()}):
        r = client_for(mu["town_clerk"]).post("/mount-pleasant-ny/enforcement/complaint/0/", body)
        assert r.status_code == 403, r.status_code
        assert "err-id_c-" not in r.content.decode()
    assert not Complaint.objects.exists()


@pytest.mark.parametrize("who", ["applicant", "town_clerk"])
def test_recording_a_violation_or_a_stop_order_judges_the_role_before_the_records_named(mu, hall, who):
    """As filing a complaint (W-33): a user who may not record a violation or a stop order gets one 403 whatever
    the complaint, offender, venue or deficiency ids, so that no id can be probed; an enforcer is still told the
    records the town does not hold."""
    bi = mu["building_inspector"]
    complaint = es.file_complaint(bi, hall.town, description="Rear exit chained", observed_on=TODAY, venue=hall,
                                  in_presence=True)
    violations = "/api/v1/towns/mount-pleasant-ny/complaints/{}/violations"
    stop = f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/stop-orders"

    def post(user, url, body):
        return api_client(user).post(url, json.dumps(body), content_type="application/json")

    user = mu[who]
    answers = [post(user, violations.format(complaint.pk), {"rule_id": "x", "offender": 999}),
               post(user, violations.format(999999), {"rule_id": "x", "offender": 999}),
               post(user, violations.format(complaint.pk), {"rule_id": "x", "venue": 999}),
               post(user, stop, {"performance": "Dance", "persons_present": 5, "complaint": 999}),
               post(user, stop, {"performance": "Dance", "persons_present": 5, "complaint": complaint.pk})]
    assert [r.status_code for r in answers] == [403] * 5, [r.content for r in answers]
    assert "999" not in b"".join(r.content for r in answers).decode()
    told_bi = post(bi, violations.format(complaint.pk),
                   {"rule_id": "mount-pleasant/164-10/exits-not-blocked", "offender": 999})
    assert told_bi.status_code == 422 and told_bi.json()["field"] == "offender"
    assert post(bi, violations.format(999999), {"rule_id": "x"}).status_code == 404


@pytest.mark.parametrize(("length", "refused"), [(5000, False), (5001, True)])
def test_a_description_too_long_is_told_its_bound_and_length_as_the_pages_tell_it(mu, length, refused):
    """A description of 5,001 characters: "is too long: at most 5,000 characters (got 5,001)", as the pages say it
    (the API said "at most 5000 characters", without the length given: the final new-user trial); 5,000 taken."""
    r = _file(mu["enforcement_officer"], {"description": "d" * length, "observed_on": "2026-11-30"})
    if refused:
        assert ("description", "is too long: at most 5,000 characters (got 5,001)") in told(r)
    else:
        assert r.status_code == 201, r.content
