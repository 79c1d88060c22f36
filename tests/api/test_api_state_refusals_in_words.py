"""A state change a Mount Pleasant record's state does not allow is refused in plain words, as the permits' are
(new-user trial): which record it is, where it stands and why the action cannot be done — not "cannot do 'revoke'
(superseded → revoked): the case is 'superseded'; allowed from 'superseded': none (this is a final state)", the
state machine's own terms. Still 409, nothing changed. The words are the model's (`state_refusal`, two tables of
message ids each: where it stands, why not), asked by `workflow.states.transition` on the locked row."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import json
import re

import pytest
from django.utils import timezone
from tests.api.conftest import api_client
from tests.web.conftest import client_for, version_of, violation  # noqa: F401 - a fixture

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Complaint, StopOrder, Violation
from publicassembly.law.dates import next_business_day
from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate, Inspection, Venue

pytestmark = pytest.mark.django_db

E = "/api/v1/towns/mount-pleasant-ny"
TODAY = dt.date.today()


def post(user, url: str, body: dict):
    return api_client(user).post(url, json.dumps(body), content_type="application/json")


def refused(r) -> str:
    assert r.status_code == 409, r.content
    detail = r.json()["detail"]
    assert "the case" not in detail and "→" not in detail and "allowed from" not in detail
    return detail


# --- the trial's four ------------------------------------------------------------------------------------------------


def test_a_superseded_certificate_asked_to_be_revoked_names_the_one_that_superseded_it_164_3(mu, hall):
    bi = mu["building_inspector"]
    old = hall.certificates.get()
    new = vs.issue_certificate(bi, hall)
    old.refresh_from_db()
    version = old.version
    said = refused(post(bi, f"{E}/certificates/{old.number}/revoke", {"reason": "fire damage"}))
    assert said == (f"certificate {old.number} has been superseded by certificate {new.number}: a superseded "
                    f"certificate cannot be revoked; the place's certificate in force is {new.number}")
    old.refresh_from_db()
    assert (old.status, old.version) == (Certificate.SUPERSEDED, version)
    assert post(bi, f"{E}/certificates/{new.number}/revoke", {"reason": "fire damage"}).status_code == 200
    said = refused(post(bi, f"{E}/certificates/{new.number}/revoke", {"reason": "again"}))
    assert said == f"certificate {new.number} has been revoked: a certificate is revoked once"
    said = refused(post(bi, f"{E}/certificates/{old.number}/revoke", {"reason": "fire damage"}))
    assert said == (f"certificate {old.number} has been superseded by certificate {new.number}: a superseded "
                    "certificate cannot be revoked")  # (none in force now: none named)


def test_a_lifted_stop_order_asked_to_be_lifted_says_when_it_was_lifted_164_13(mu, hall):
    bi = mu["building_inspector"]
    order = es.record_stop_order(bi, hall, performance="Saturday dance", egress_obstructed=True)
    assert post(bi, f"{E}/stop-orders/{order.pk}/lift", {"correction": "Aisles cleared"}).status_code == 200
    order.refresh_from_db()
    said = refused(post(bi, f"{E}/stop-orders/{order.pk}/lift", {"correction": "Aisles cleared"}))
    lifted = timezone.localtime(order.lifted_at).strftime("%Y-%m-%d %H:%M")
    assert said == (f"stop order {order.pk} (Saturday dance at Kensico Manor) was lifted on {lifted}: a stop order "
                    "is lifted once")
    assert StopOrder.objects.get(pk=order.pk).version == order.version


def test_an_inspection_recorded_twice_is_told_it_is_recorded_once(mu, hall):
    bi = mu["building_inspector"]
    insp = hall.inspections.get()
    assert post(bi, f"{E}/inspections/{insp.pk}/record", {}).status_code == 200
    insp.refresh_from_db()
    said = refused(post(bi, f"{E}/inspections/{insp.pk}/record", {}))
    assert said == (f"inspection {insp.pk} of Kensico Manor has been recorded as done on {insp.done_on.isoformat()}: "
                    "an inspection is recorded once; schedule another inspection for another visit")
    assert Inspection.objects.get(pk=insp.pk).version == insp.version


def test_a_fine_paid_twice_is_told_it_is_paid_once_164_14(mu, violation, travel_to):  # noqa: F811
    bi, clerk = mu["building_inspector"], mu["town_clerk"]
    v = violation
    said = refused(post(clerk, f"{E}/violations/{v.pk}/payment", {"amount": "50.00"}))
    assert said == (f"violation {v.pk} is recorded and no summons has been issued for it: a fine is paid once the "
                    "court has imposed it")
    s = es.issue_summons(bi, v, return_date=next_business_day(TODAY + dt.timedelta(days=30)))
    v.refresh_from_db()
    said = refused(post(clerk, f"{E}/violations/{v.pk}/payment", {"amount": "50.00"}))
    assert said == (f"violation {v.pk} is summoned and awaits the court's disposition: a fine is paid once the court "
                    "has imposed it")
    travel_to(s.return_date)  # (the court decides on the return day: W-37)
    es.record_disposition(clerk, v, outcome="convicted", fine="50")
    v.refresh_from_db()
    assert post(clerk, f"{E}/violations/{v.pk}/payment", {"amount": "50.00"}).status_code == 200
    said = refused(post(clerk, f"{E}/violations/{v.pk}/payment", {"amount": "50.00"}))
    assert said == f"the fine of violation {v.pk} has been paid: a fine is paid once"
    assert Violation.objects.get(pk=v.pk).state == Violation.PAID


def test_a_complaint_with_violations_asked_to_be_dismissed_says_to_close_it(mu, violation):  # noqa: F811
    said = refused(post(mu["building_inspector"], f"{E}/complaints/{violation.complaint_id}/dismiss",
                        {"reason": "nothing found"}))
    assert said == (f"complaint {violation.complaint_id} has violations recorded on it: a complaint on which a "
                    "violation was recorded is not dismissed; it is closed once its violations are closed or "
                    "dismissed")
    assert Complaint.objects.get(pk=violation.complaint_id).state == Complaint.ACTED_ON


def test_a_summons_for_a_closed_violation_says_it_is_closed(mu, violation):  # noqa: F811
    bi = mu["building_inspector"]
    es.close_case(bi, violation, reason="withdrawn")
    violation.refresh_from_db()
    said = refused(post(bi, f"{E}/violations/{violation.pk}/summons",
                        {"return_date": next_business_day(TODAY + dt.timedelta(days=30)).isoformat()}))
    assert said == f"violation {violation.pk} is closed: no summons is issued for a closed violation"


# --- every action refused in every state has its words ----------------------------------------------------------


def _records():
    """A record of each model of the places of assembly and of enforcement with a state machine, unsaved, with
    the fields its words name."""
    venue = Venue(name="Kensico Manor")
    now = timezone.now()
    return [
        lambda state: Certificate(number="MP-2026-0001", status=state, venue=venue),
        lambda state: Inspection(pk=3, state=state, venue=venue, scheduled_for=TODAY, done_on=TODAY),
        lambda state: Complaint(pk=5, state=state),
        lambda state: StopOrder(pk=4, state=state, venue=venue, performance="Saturday dance", lifted_at=now),
        lambda state: Violation(pk=6, state=state),
    ]


@pytest.mark.parametrize("make", _records(), ids=["certificate", "inspection", "complaint", "stop order",
                                                  "violation"])
def test_every_action_a_state_does_not_allow_is_refused_in_words(make):
    """For every state of each machine and every action it does not allow: the record, where it stands, why — no
    state or action named by its code (no "_", no quotes, no arrow)."""
    machine = type(make("x")).state_machine
    for state in sorted(machine.states):
        for action in sorted(set(machine.transitions) - set(machine.actions_from(state))):
            said = make(state).state_refusal(action)
            assert said, (state, action)
            assert "_" not in said and f"'{state}'" not in said and "→" not in said and ": " in said, (
                state, action, said)


# --- the page says the same ---------------------------------------------------------------------------------------


def test_the_enforcement_page_says_it_in_the_same_words(mu, hall):
    bi = mu["building_inspector"]
    order = es.record_stop_order(bi, hall, performance="Saturday dance", egress_obstructed=True)
    c = client_for(bi)
    url = f"/mount-pleasant-ny/enforcement/lift_stop_order/{order.pk}/"
    assert c.post(url, {f"l{order.pk}-correction": "Cleared", **version_of(order, f"l{order.pk}")}).status_code == 302
    r = c.post(url, {f"l{order.pk}-correction": "Cleared", **version_of(order, f"l{order.pk}")})
    assert r.status_code == 409
    text = re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", r.content.decode())))
    assert f"stop order {order.pk} (Saturday dance at Kensico Manor) was lifted on " in text
    assert "a stop order is lifted once" in text and "Nothing was saved." in text
