"""The enforcement pages' actions: a stop order on a performance and its lifting (Mount Pleasant §§ 164-5,
164-13), payment of the fine, closing a case, dismissing a complaint (§§ 164-12 to 164-14). Each form by the
right role works; another role or another town is refused; bad input is shown beside its field; never a 500."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone
from tests.web.conftest import client_for, version_of

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Complaint, StopOrder, Violation
from publicassembly.law.dates import next_business_day

pytestmark = pytest.mark.django_db

MP = "/mount-pleasant-ny/enforcement"


def _beside(html: str, field_id: str) -> bool:
    return re.search(rf'id="err-{field_id}"[^>]*><p class="error">', html) is not None


def _page(user) -> str:
    r = client_for(user).get(f"{MP}/")
    assert r.status_code == 200
    return r.content.decode()


@pytest.fixture
def convicted(mu, violation, travel_to):
    """The violation summoned and convicted on its return day (W-37) with a fine at the bottom of the range
    (§ 164-14)."""
    bi = mu["building_inspector"]
    s = es.issue_summons(bi, violation, return_date=next_business_day(dt.date.today() + dt.timedelta(days=30)))
    travel_to(s.return_date)
    p = es.penalty_range(violation)
    es.record_disposition(bi, violation, outcome="convicted", fine=p.min_fine)
    violation.refresh_from_db()
    return violation


@pytest.fixture
def complaint(mount_pleasant, mu, hall):
    return es.file_complaint(mu["building_inspector"], mount_pleasant, description="Crowd at the door",
                             observed_on=dt.date.today(), venue=hall)


# --- stop order (§ 164-5) and lifting it (§ 164-13) -------------------------------------------------------------


def _stop(client, hall, **extra):
    hall.refresh_from_db()  # (the venue chosen with the version the page shows: recording moves it)
    data = {"so-venue": f"{hall.pk}:{hall.version}", "so-performance": "Saturday wedding reception",
            "so-persons_present": "400"}
    data.update(extra)
    return client.post(f"{MP}/stop_order/0/", data)


@pytest.mark.parametrize("role", ["building_inspector", "enforcement_officer"])
def test_164_5_officer_stops_an_overcrowded_performance_and_lifts_it_when_corrected(mu, hall, role):
    """§ 164-5: 400 persons in a place whose approved number is 310 is overcrowding: the performance is stopped
    until the condition is corrected (§ 164-13)."""
    c = client_for(mu[role])
    assert "Record a stop order" in _page(mu[role])
    r = _stop(c, hall)
    assert r.status_code == 302
    order = StopOrder.objects.get()
    assert order.state == StopOrder.IN_FORCE and order.overcrowding and order.approved_number == 310
    html = _page(mu[role])
    assert "Lift the stop order" in html and "Saturday wedding reception" in html
    r = c.post(f"{MP}/lift_stop_order/{order.pk}/", {f"l{order.pk}-correction": "90 guests left; 310 remain",
                                                     f"l{order.pk}-expected_version": order.version})
    assert r.status_code == 302
    order.refresh_from_db()
    assert order.state == StopOrder.LIFTED and order.correction == "90 guests left; 310 remain"
    assert "Lift the stop order" not in _page(mu[role])


def test_164_5_no_stop_order_at_the_approved_number(mu, hall):
    """§ 164-5: 310 persons in a place approved for 310 is no ground for a stop order; the refusal is shown."""
    r = _stop(client_for(mu["building_inspector"]), hall, **{"so-persons_present": "310"})
    assert r.status_code == 422
    assert "no ground for a stop order" in r.content.decode()
    assert not StopOrder.objects.exists()


def test_164_5_164_7_stop_order_by_the_count_in_a_room(mu, hall):
    """§§ 164-5, 164-7: 200 persons in all, 311 of them said to be in the ballroom (occupant load 310): the
    room is overcrowded, the order is given and keeps the count room by room."""
    r = _stop(client_for(mu["building_inspector"]), hall,
              **{"so-persons_present": "", "so-persons_by_space": "Ballroom, 311\n"})
    assert r.status_code == 302, r.content.decode()[:3000]
    order = StopOrder.objects.get()
    assert order.overcrowding and order.persons_by_space == {"Ballroom": 311}


@pytest.mark.parametrize(("lines", "said"), [("Ballroom 311", "Line 1: write the room"),
                                             ("Ballroom, 3\nBallroom, 4", "Line 2: Ballroom is named on an earlier"),
                                             ("Ballroom, ²", "Line 1: write the room"),
                                             ("Kitchen, 5", "no space of Kensico Manor is named")])
def test_stop_order_room_counts_refused_beside_the_field(mu, hall, lines, said):
    r = _stop(client_for(mu["building_inspector"]), hall, **{"so-persons_by_space": lines})
    assert r.status_code == 422 and _beside(r.content.decode(), "id_so-persons_by_space")
    assert said in r.content.decode()
    assert not StopOrder.objects.exists()


def test_stop_order_negative_persons_beside_the_field(mu, hall):
    r = _stop(client_for(mu["building_inspector"]), hall, **{"so-persons_present": "-1"})
    assert r.status_code == 422 and _beside(r.content.decode(), "id_so-persons_present")


def test_stop_order_without_a_performance_beside_the_field(mu, hall):
    r = _stop(client_for(mu["building_inspector"]), hall, **{"so-performance": ""})
    assert r.status_code == 422 and _beside(r.content.decode(), "id_so-performance")


def test_town_clerk_sees_no_stop_order_form_and_is_refused(mu, hall):
    assert "Record a stop order" not in _page(mu["town_clerk"])
    r = _stop(client_for(mu["town_clerk"]), hall)
    assert r.status_code == 403 and not StopOrder.objects.exists()


def test_lift_without_the_correction_beside_the_field(mu, hall):
    c = client_for(mu["building_inspector"])
    _stop(c, hall)
    order = StopOrder.objects.get()
    r = c.post(f"{MP}/lift_stop_order/{order.pk}/", {f"l{order.pk}-correction": "   ",
                                                     **version_of(order, f"l{order.pk}")})
    assert r.status_code == 422 and _beside(r.content.decode(), f"id_l{order.pk}-correction")
    order.refresh_from_db()
    assert order.state == StopOrder.IN_FORCE


def test_lift_by_a_stale_page_is_refused(mu, hall):
    """A form of a page shown before the stop order changed is a conflict, 409 as the API's: nothing is saved,
    the form keeps what was typed, now with the order's version as it is, and so lifts it when sent again."""
    c = client_for(mu["building_inspector"])
    _stop(c, hall)
    order = StopOrder.objects.get()
    r = c.post(f"{MP}/lift_stop_order/{order.pk}/", {f"l{order.pk}-correction": "Cleared",
                                                     f"l{order.pk}-expected_version": str(order.version + 5)})
    assert r.status_code == 409
    html = r.content.decode()
    assert f"Nothing was saved: version {order.version + 5} is not a version of this stop order" in html
    assert "Please correct the fields marked below" not in html
    assert "Cleared</textarea>" in html  # what was typed, kept
    assert f'name="l{order.pk}-expected_version" value="{order.version}"' in html
    order.refresh_from_db()
    assert order.state == StopOrder.IN_FORCE
    r = c.post(f"{MP}/lift_stop_order/{order.pk}/", {f"l{order.pk}-correction": "Cleared",
                                                     **version_of(order, f"l{order.pk}")})
    assert r.status_code == 302
    order.refresh_from_db()
    assert order.state == StopOrder.LIFTED


def test_carmel_has_no_stop_order(carmel, cu):
    """§ 164-5 is Mount Pleasant's; Carmel's page offers no stop order and refuses one posted."""
    html = client_for(cu["building_inspector"]).get("/carmel-ny/enforcement/").content.decode()
    assert "Record a stop order" not in html
    r = client_for(cu["building_inspector"]).post("/carmel-ny/enforcement/stop_order/0/", {"so-performance": "x"})
    assert r.status_code == 422


def test_another_towns_official_cannot_stop_or_lift(mu, cu, hall):
    r = _stop(client_for(cu["building_inspector"]), hall)
    assert r.status_code == 403 and not StopOrder.objects.exists()
    _stop(client_for(mu["building_inspector"]), hall)
    order = StopOrder.objects.get()
    r = client_for(cu["building_inspector"]).post(f"/carmel-ny/enforcement/lift_stop_order/{order.pk}/",
                                                  {f"l{order.pk}-correction": "Cleared",
                                                   **version_of(order, f"l{order.pk}")})
    assert r.status_code == 404
    order.refresh_from_db()
    assert order.state == StopOrder.IN_FORCE


# --- payment of the fine (§ 164-14) ------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["building_inspector", "town_clerk"])
def test_payment_of_the_fine_in_full(mu, convicted, role):
    v = convicted
    fine = v.disposition.fine
    assert "Record the payment of the fine" in _page(mu[role])
    r = client_for(mu[role]).post(f"{MP}/payment/{v.pk}/", {f"p{v.pk}-amount": str(fine),
                                                             f"p{v.pk}-expected_version": v.version})
    assert r.status_code == 302
    v.refresh_from_db()
    assert v.state == Violation.PAID and v.disposition.amount_paid == fine
    assert "Record the payment of the fine" not in _page(mu[role])


def test_payment_of_less_than_the_fine_beside_the_amount(mu, convicted):
    v = convicted
    r = client_for(mu["town_clerk"]).post(f"{MP}/payment/{v.pk}/", {f"p{v.pk}-amount": str(v.disposition.fine - 1),
                                                                   **version_of(v, f"p{v.pk}")})
    assert r.status_code == 422 and _beside(r.content.decode(), f"id_p{v.pk}-amount")
    assert "is not the fine" in r.content.decode()
    v.refresh_from_db()
    assert v.state == Violation.DISPOSED


def test_payment_not_a_number_beside_the_amount(mu, convicted):
    v = convicted
    r = client_for(mu["town_clerk"]).post(f"{MP}/payment/{v.pk}/", {f"p{v.pk}-amount": "fifty",
                                                                   **version_of(v, f"p{v.pk}")})
    assert r.status_code == 422 and _beside(r.content.decode(), f"id_p{v.pk}-amount")


def test_enforcement_officer_may_not_record_a_payment(mu, convicted):
    v = convicted
    assert "Record the payment of the fine" not in _page(mu["enforcement_officer"])
    r = client_for(mu["enforcement_officer"]).post(f"{MP}/payment/{v.pk}/", {f"p{v.pk}-amount": str(v.disposition.fine),
                                                                            **version_of(v, f"p{v.pk}")})
    assert r.status_code == 403
    v.refresh_from_db()
    assert v.state == Violation.DISPOSED


def test_payment_before_the_disposition_is_not_offered_and_is_refused(mu, violation):
    v = violation
    assert "Record the payment of the fine" not in _page(mu["town_clerk"])
    r = client_for(mu["town_clerk"]).post(f"{MP}/payment/{v.pk}/", {f"p{v.pk}-amount": "100",
                                                                   **version_of(v, f"p{v.pk}")})
    assert r.status_code == 409  # not an action of its state: a conflict, as the API answers it
    v.refresh_from_db()
    assert v.state == Violation.RECORDED


# --- closing a case ---------------------------------------------------------------------------------------------


def test_building_inspector_closes_a_paid_violation_and_then_the_case(mu, convicted):
    v = convicted
    bi = mu["building_inspector"]
    es.record_payment(bi, v, amount=v.disposition.fine)
    v.refresh_from_db()
    c = client_for(bi)
    assert "Close this case" not in _page(bi)  # a violation is still open
    r = c.post(f"{MP}/close_violation/{v.pk}/", {f"cv{v.pk}-reason": "Fine paid in full",
                                                 f"cv{v.pk}-expected_version": v.version})
    assert r.status_code == 302
    v.refresh_from_db()
    assert v.state == Violation.CLOSED
    complaint = v.complaint
    assert "Close this case" in _page(bi)
    r = c.post(f"{MP}/close_complaint/{complaint.pk}/", {f"cc{complaint.pk}-reason": "All violations closed",
                                                         f"cc{complaint.pk}-expected_version": complaint.version})
    assert r.status_code == 302
    complaint.refresh_from_db()
    assert complaint.state == Complaint.CLOSED


def test_close_with_an_unpaid_fine_is_not_offered_and_is_refused(mu, convicted):
    v = convicted
    r = client_for(mu["building_inspector"]).post(f"{MP}/close_violation/{v.pk}/", {f"cv{v.pk}-reason": "Done",
                                                                                   **version_of(v, f"cv{v.pk}")})
    assert r.status_code == 422 and "unpaid" in r.content.decode()
    v.refresh_from_db()
    assert v.state == Violation.DISPOSED


def test_close_without_a_reason_beside_the_field(mu, violation):
    v = violation
    r = client_for(mu["building_inspector"]).post(f"{MP}/close_violation/{v.pk}/", {f"cv{v.pk}-reason": "",
                                                                                   **version_of(v, f"cv{v.pk}")})
    assert r.status_code == 422 and _beside(r.content.decode(), f"id_cv{v.pk}-reason")


def test_town_clerk_may_not_close_a_case(mu, violation):
    v = violation
    assert "Close this violation" not in _page(mu["town_clerk"])
    r = client_for(mu["town_clerk"]).post(f"{MP}/close_violation/{v.pk}/", {f"cv{v.pk}-reason": "Withdrawn",
                                                                           **version_of(v, f"cv{v.pk}")})
    assert r.status_code == 403
    v.refresh_from_db()
    assert v.state == Violation.RECORDED


def test_complaint_with_an_open_violation_cannot_be_closed(mu, violation):
    complaint = violation.complaint
    r = client_for(mu["building_inspector"]).post(f"{MP}/close_complaint/{complaint.pk}/",
                                                  {f"cc{complaint.pk}-reason": "Done",
                                                   **version_of(complaint, f"cc{complaint.pk}")})
    assert r.status_code == 422 and "not yet closed or dismissed" in r.content.decode()


# --- dismissing a complaint --------------------------------------------------------------------------------------


def test_building_inspector_dismisses_a_complaint_without_violations(mu, complaint):
    bi = mu["building_inspector"]
    assert "Dismiss this complaint" in _page(bi)
    r = client_for(bi).post(f"{MP}/dismiss_complaint/{complaint.pk}/", {
        f"dc{complaint.pk}-reason": "Count at the door was 280, within the lawful occupancy",
        f"dc{complaint.pk}-expected_version": complaint.version})
    assert r.status_code == 302
    complaint.refresh_from_db()
    assert complaint.state == Complaint.DISMISSED
    assert "Dismiss this complaint" not in _page(bi)


def test_dismiss_without_a_reason_beside_the_field(mu, complaint):
    r = client_for(mu["building_inspector"]).post(f"{MP}/dismiss_complaint/{complaint.pk}/",
                                                  {f"dc{complaint.pk}-reason": "",
                                                   **version_of(complaint, f"dc{complaint.pk}")})
    assert r.status_code == 422 and _beside(r.content.decode(), f"id_dc{complaint.pk}-reason")


def test_enforcement_officer_may_not_dismiss(mu, complaint):
    assert "Dismiss this complaint" not in _page(mu["enforcement_officer"])
    r = client_for(mu["enforcement_officer"]).post(f"{MP}/dismiss_complaint/{complaint.pk}/",
                                                   {f"dc{complaint.pk}-reason": "Nothing found",
                                                    **version_of(complaint, f"dc{complaint.pk}")})
    assert r.status_code == 403
    complaint.refresh_from_db()
    assert complaint.state == Complaint.FILED


def test_complaint_with_a_violation_is_not_dismissed(mu, violation):
    complaint = violation.complaint
    assert "Dismiss this complaint" not in _page(mu["building_inspector"])
    r = client_for(mu["building_inspector"]).post(f"{MP}/dismiss_complaint/{complaint.pk}/",
                                                  {f"dc{complaint.pk}-reason": "Changed my mind",
                                                   **version_of(complaint, f"dc{complaint.pk}")})
    assert r.status_code == 409  # not an action of its state: a conflict, as the API answers it
    assert "Nothing was saved" in r.content.decode()


def test_another_town_cannot_dismiss_or_pay(cu, complaint, convicted):
    c = client_for(cu["building_inspector"])
    assert c.post(f"{MP}/dismiss_complaint/{complaint.pk}/", {f"dc{complaint.pk}-reason": "x"}).status_code == 403
    assert c.post(f"/carmel-ny/enforcement/dismiss_complaint/{complaint.pk}/",
                  {f"dc{complaint.pk}-reason": "x"}).status_code == 404
    clerk = client_for(cu["town_clerk"])
    assert clerk.post(f"/carmel-ny/enforcement/payment/{convicted.pk}/",
                      {f"p{convicted.pk}-amount": "100"}).status_code == 404
    complaint.refresh_from_db()
    assert complaint.state == Complaint.FILED


def test_unknown_action_and_missing_csrf_are_refused(mu, violation):
    from django.test import Client

    assert client_for(mu["building_inspector"]).post(f"{MP}/explode/{violation.pk}/", {}).status_code == 422
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(mu["building_inspector"])
    r = strict.post(f"{MP}/close_violation/{violation.pk}/", {f"cv{violation.pk}-reason": "x"})
    assert r.status_code == 403
    violation.refresh_from_db()
    assert violation.state == Violation.RECORDED


def _lift(c, order, **extra):
    order.refresh_from_db()
    return c.post(f"{MP}/lift_stop_order/{order.pk}/", {f"l{order.pk}-correction": "90 guests left",
                                                        **version_of(order, f"l{order.pk}"),
                                                        **{f"l{order.pk}-{k}": v for k, v in extra.items()}})


def test_164_13_lift_entered_late_is_recorded_at_its_moment(mu, hall):
    """§ 164-13: the stop order stands until the condition is corrected; a lift entered on the page after the
    fact is recorded at the moment it was lifted (the Town's time, as typed), not at the moment of entry, as the
    API's ``lifted_at`` (the page had no such field)."""
    c = client_for(mu["building_inspector"])
    ordered = timezone.localtime().replace(second=0, microsecond=0) - dt.timedelta(hours=3)
    _stop(c, hall, **{"so-ordered_at": ordered.strftime("%Y-%m-%dT%H:%M")})
    order = StopOrder.objects.get()
    assert order.ordered_at == ordered
    lifted = ordered + dt.timedelta(hours=1)
    r = _lift(c, order, lifted_at=lifted.strftime("%Y-%m-%dT%H:%M"))
    assert r.status_code == 302, r.content.decode()[:3000]
    order.refresh_from_db()
    assert order.state == StopOrder.LIFTED and order.lifted_at == lifted


@pytest.mark.parametrize("when", ["before the order", "in the future"])
def test_164_13_lift_before_the_order_or_in_the_future_beside_the_field(mu, hall, when):
    """A lift a minute before the order was given, or an hour ahead of now, is refused beside its field; the
    order stays in force."""
    c = client_for(mu["building_inspector"])
    ordered = timezone.localtime().replace(second=0, microsecond=0) - dt.timedelta(hours=3)
    _stop(c, hall, **{"so-ordered_at": ordered.strftime("%Y-%m-%dT%H:%M")})
    order = StopOrder.objects.get()
    at = ordered - dt.timedelta(minutes=1) if when == "before the order" else (
        timezone.localtime() + dt.timedelta(hours=1))
    r = _lift(c, order, lifted_at=at.strftime("%Y-%m-%dT%H:%M"))
    assert r.status_code == 422 and _beside(r.content.decode(), f"id_l{order.pk}-lifted_at")
    order.refresh_from_db()
    assert order.state == StopOrder.IN_FORCE and order.lifted_at is None


def test_164_13_lift_written_in_the_minute_of_the_order_is_taken(mu, hall):
    """The page takes minutes; an order recorded at 10:27:25 (by the API, or "now") lifted "at 10:27" is lifted
    at the order's own moment, not refused as before it (a new-user trial); a minute before is still refused."""
    c = client_for(mu["building_inspector"])
    ordered = timezone.localtime().replace(second=25, microsecond=123456) - dt.timedelta(hours=1)
    order = es.record_stop_order(mu["building_inspector"], hall, performance="Dance", persons_present=400,
                                 ordered_at=ordered)
    before = ordered.replace(second=0, microsecond=0) - dt.timedelta(minutes=1)
    r = _lift(c, order, lifted_at=before.strftime("%Y-%m-%dT%H:%M"))
    assert r.status_code == 422 and _beside(r.content.decode(), f"id_l{order.pk}-lifted_at")
    assert ordered.strftime("%H:%M:%S") in r.content.decode() and "123456" not in r.content.decode()
    r = _lift(c, order, lifted_at=ordered.strftime("%Y-%m-%dT%H:%M"))
    assert r.status_code == 302, r.content.decode()[:2000]
    order.refresh_from_db()
    assert order.state == StopOrder.LIFTED and order.lifted_at == ordered
