"""The complaint and stop-order forms of the Enforcement page sent twice (a double click) record once (W-9):
a stop order is recorded on its venue, whose version the form sends with the venue chosen (each place offered
with the version the page showed) and which recording moves, so the same form sent again is 409; a complaint is
on no record of its own, so the same complaint (same officer, day observed, description, place, offender,
venue, inspection, presence) filed again is refused, 422 beside its description (Mount Pleasant §§ 164-5,
164-12)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from tests.web.conftest import client_for

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Complaint, StopOrder
from publicassembly.workflow.errors import StaleUpdate, ValidationFailed

pytestmark = pytest.mark.django_db

MP = "/mount-pleasant-ny/enforcement"
TODAY = dt.date.today()


def _complaint(hall, **extra) -> dict[str, str]:
    return {"c-description": "Crowd blocking the side exit", "c-observed_on": TODAY.isoformat(),
            "c-venue": str(hall.pk), **extra}


# --- File a complaint (§ 164-12) --------------------------------------------------------------------------------


def test_164_12_the_complaint_form_sent_twice_files_one_complaint_and_says_why(mu, hall):
    c = client_for(mu["enforcement_officer"])
    assert c.post(f"{MP}/complaint/0/", _complaint(hall)).status_code == 302
    first = Complaint.objects.get()
    again = c.post(f"{MP}/complaint/0/", _complaint(hall))
    html = again.content.decode()
    assert again.status_code == 422
    assert f"this complaint is already filed as complaint {first.pk}" in html
    assert re.search(r'id="err-id_c-description"[^>]*><p class="error">', html)  # beside the description
    assert Complaint.objects.count() == 1


def test_164_12_the_same_complaint_spaces_and_case_aside_is_refused_in_the_service(mu, mount_pleasant, hall):
    eo = mu["enforcement_officer"]
    first = es.file_complaint(eo, mount_pleasant, description="Crowd blocking the side exit", observed_on=TODAY,
                              venue=hall)
    with pytest.raises(ValidationFailed) as e:
        es.file_complaint(eo, mount_pleasant, description="  crowd BLOCKING the side   exit ", observed_on=TODAY,
                          venue=hall)
    assert e.value.field == "description" and f"complaint {first.pk}" in e.value.detail
    assert Complaint.objects.count() == 1


@pytest.mark.parametrize("act", ["record_violation", "dismiss"])
def test_164_12_the_same_words_once_the_first_is_acted_on_or_dismissed_are_a_new_complaint(mu, mount_pleasant,
                                                                                              hall, act):
    """Only a complaint still filed (waiting for the Building Inspector) is the same one: once violations are
    recorded on it or it is dismissed, the same words are a new complaint (a new occurrence)."""
    eo, bi = mu["enforcement_officer"], mu["building_inspector"]
    first = es.file_complaint(eo, mount_pleasant, description="Crowd blocking the side exit", observed_on=TODAY,
                              venue=hall)
    if act == "dismiss":
        es.dismiss_complaint(bi, first, reason="Nobody there")
    else:
        es.record_violation(bi, first, rule_id="mount-pleasant/164-10/exits-not-blocked",
                            offender=es.register_offender(bi, mount_pleasant, kind="firm", name="Hall LLC"))
    es.file_complaint(eo, mount_pleasant, description="Crowd blocking the side exit", observed_on=TODAY,
                      venue=hall)
    assert Complaint.objects.count() == 2


def test_164_12_a_different_complaint_of_the_same_day_is_filed(mu, mount_pleasant, hall):
    """The other side of the boundary: another description, place, day observed, venue or officer is another
    complaint."""
    eo, bi = mu["enforcement_officer"], mu["building_inspector"]
    base = {"description": "Crowd blocking the side exit", "observed_on": TODAY, "venue": hall}
    es.file_complaint(eo, mount_pleasant, **base)
    es.file_complaint(eo, mount_pleasant, **{**base, "description": "Crowd blocking the front exit"})
    es.file_complaint(eo, mount_pleasant, **{**base, "place": "Friday dance"})
    es.file_complaint(eo, mount_pleasant, **{**base, "observed_on": TODAY - dt.timedelta(days=1)})
    es.file_complaint(eo, mount_pleasant, **{**base, "venue": None})
    es.file_complaint(bi, mount_pleasant, **base)  # the Building Inspector's own
    assert Complaint.objects.count() == 6


# --- Record a stop order (§ 164-5) ------------------------------------------------------------------------------


def _stop(hall, version: int | str | None, performance: str = "Saturday wedding reception") -> dict[str, str]:
    venue = str(hall.pk) if version is None else f"{hall.pk}:{version}"
    return {"so-venue": venue, "so-performance": performance, "so-persons_present": "400"}


def test_164_5_the_stop_order_form_sent_twice_records_one_order_and_says_why(mu, hall):
    hall.refresh_from_db()
    seen = hall.version
    c = client_for(mu["enforcement_officer"])
    page = c.get(f"{MP}/").content.decode()
    assert f'<option value="{hall.pk}:{seen}"' in page  # the place offered with the version the page shows
    assert c.post(f"{MP}/stop_order/0/", _stop(hall, seen)).status_code == 302
    hall.refresh_from_db()
    assert hall.version == seen + 1  # recording moved the venue's version
    again = c.post(f"{MP}/stop_order/0/", _stop(hall, seen))
    html = again.content.decode()
    assert again.status_code == 409 and "has been changed since you opened this page" in html
    assert StopOrder.objects.count() == 1
    # the form shown again chooses the venue as it is now: sent on it, another performance's order records (the
    # same performance's, the first still in force, is refused beside its name: W-40)
    assert f'<option value="{hall.pk}:{seen + 1}" selected' in html
    assert c.post(f"{MP}/stop_order/0/", _stop(hall, seen + 1, "Sunday brunch")).status_code == 302
    assert StopOrder.objects.count() == 2


def test_164_5_a_stop_order_form_without_the_venue_version_is_refused(mu, hall):
    r = client_for(mu["enforcement_officer"]).post(f"{MP}/stop_order/0/", _stop(hall, None))
    assert r.status_code == 422 and "the form was sent without the version" in r.content.decode()
    r = client_for(mu["enforcement_officer"]).post(f"{MP}/stop_order/0/", _stop(hall, "x"))
    assert r.status_code == 422 and "Choose one of the listed values" in r.content.decode()
    assert not StopOrder.objects.exists()


def test_164_5_the_service_refuses_a_stale_venue_version_and_checks_none_not_given(mu, hall):
    eo = mu["enforcement_officer"]
    hall.refresh_from_db()
    seen = hall.version
    es.record_stop_order(eo, hall, performance="Dance", persons_present=400, expected_version=seen)
    assert hall.version == seen + 1
    with pytest.raises(StaleUpdate):
        es.record_stop_order(eo, hall, performance="Dance", persons_present=400, expected_version=seen)
    es.record_stop_order(eo, hall, performance="Matinee", persons_present=400)  # none given: not checked
    assert StopOrder.objects.count() == 2
