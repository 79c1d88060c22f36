"""The police officer on the enforcement pages (Mount Pleasant § 164-12; Carmel ch. 31, interpretation register
W-1): he files a complaint without knowing the offender, naming the place of assembly; he may record a violation
only on his own complaint of a violation in his presence; he is never offered the summons, the page says who issues
it, and a summons he posts anyway is refused (403, no summons written)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from tests.web.conftest import client_for, version_of

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Complaint, Summons, Violation
from publicassembly.law.dates import next_business_day

pytestmark = pytest.mark.django_db

MP, CA = "/mount-pleasant-ny/enforcement", "/carmel-ny/enforcement"
EXITS = "mount-pleasant/164-10/exits-not-blocked"
ONLY_BI = "Under § 164-12 only the Building Inspector issues a summons"


def _page(user, base: str = MP) -> str:
    r = client_for(user).get(f"{base}/")
    assert r.status_code == 200
    return r.content.decode()


def _complaint(client, **extra) -> object:
    data = {"c-description": "Rear exit chained during a dance", "c-observed_on": dt.date.today().isoformat(),
            "c-place": "Kensico Manor, rear exit"}
    data.update(extra)
    return client.post(f"{MP}/complaint/0/", data)


def _violation_form_shown(html: str, complaint: Complaint) -> bool:
    return f'action="{MP}/violation/{complaint.pk}/"' in html


def test_164_12_police_officer_files_a_complaint_without_knowing_the_offender(mu, hall):
    """§ 164-12: the policeman who saw the violation files a complaint with the Building Inspector; the offender
    may be left for the Inspector to name; the place of assembly is chosen from the town's registered places."""
    officer = mu["enforcement_officer"]
    html = _page(officer)
    assert 'name="c-venue"' in html and "Leave empty if not known" in html
    r = _complaint(client_for(officer), **{"c-venue": hall.pk, "c-in_presence": "on"})
    assert r.status_code == 302
    c = Complaint.objects.get()
    assert (c.offender, c.venue, c.in_presence, c.complainant_kind) == (None, hall, True, "police_officer")
    assert c.filed_by == officer and c.state == Complaint.FILED


def test_complaint_naming_another_towns_place_is_refused_beside_the_field(mu, cu, hall):
    """A Carmel officer cannot name Mount Pleasant's place of assembly in a Carmel complaint (town isolation)."""
    r = client_for(cu["enforcement_officer"]).post(f"{CA}/complaint/0/", {
        "c-description": "Crowd", "c-observed_on": dt.date.today().isoformat(), "c-venue": hall.pk})
    assert r.status_code == 422 and re.search(r'id="err-id_c-venue"[^>]*><p class="error">', r.content.decode())
    assert not Complaint.objects.exists()


def test_164_12_officer_records_a_violation_only_on_his_own_complaint_in_his_presence(mu, hall):
    """§ 164-12: a policeman enforces a violation in his presence: the form is offered on his own complaint of a
    violation in his presence, not on one outside his presence nor on another's complaint."""
    officer, bi = mu["enforcement_officer"], mu["building_inspector"]
    offender = es.register_offender(bi, hall.town, kind="firm", name="Kensico Manor LLC")
    today = dt.date.today()
    seen = es.file_complaint(officer, hall.town, description="Exit chained", observed_on=today, in_presence=True,
                             offender=offender, venue=hall)
    told = es.file_complaint(officer, hall.town, description="Told of a chained exit", observed_on=today,
                             in_presence=False, venue=hall)
    inspectors = es.file_complaint(bi, hall.town, description="Exit chained", observed_on=today, in_presence=True,
                                   venue=hall)
    html = _page(officer)
    assert _violation_form_shown(html, seen)
    assert not _violation_form_shown(html, told) and not _violation_form_shown(html, inspectors)
    assert "Filed with the Building Inspector, who records the violation" in html
    c = client_for(officer)
    r = c.post(f"{MP}/violation/{told.pk}/", {f"v{told.pk}-rule_id": EXITS, f"v{told.pk}-offender": offender.pk,
                                              **version_of(told, f"v{told.pk}")})
    assert r.status_code == 403 and "occurred in his presence" in r.content.decode()
    r = c.post(f"{MP}/violation/{seen.pk}/", {f"v{seen.pk}-rule_id": EXITS, **version_of(seen, f"v{seen.pk}")})
    assert r.status_code == 302 and Violation.objects.get().complaint == seen


def test_building_inspector_names_the_offender_the_officer_did_not_know(mu, hall):
    """The Inspector records the violation on the officer's complaint: without an offender it is refused beside
    the offender field; with one registered, it is recorded with offense number 1 (§ 164-14)."""
    officer, bi = mu["enforcement_officer"], mu["building_inspector"]
    c = es.file_complaint(officer, hall.town, description="Exit chained", observed_on=dt.date.today(),
                          in_presence=True, venue=hall)
    client = client_for(bi)
    r = client.post(f"{MP}/violation/{c.pk}/", {f"v{c.pk}-rule_id": EXITS, **version_of(c, f"v{c.pk}")})
    assert r.status_code == 422
    assert re.search(rf'id="err-id_v{c.pk}-offender"[^>]*><p class="error">', r.content.decode())
    offender = es.register_offender(bi, hall.town, kind="firm", name="Kensico Manor LLC")
    r = client.post(f"{MP}/violation/{c.pk}/", {f"v{c.pk}-rule_id": EXITS, f"v{c.pk}-offender": offender.pk,
                                                **version_of(c, f"v{c.pk}")})
    assert r.status_code == 302
    v = Violation.objects.get()
    assert (v.offender, v.venue, v.observer_kind) == (offender, hall, "building_inspector")
    assert "offense number 1" in _page(bi) and es.penalty_range(v).offense_number == 1


def test_164_12_police_officer_is_not_offered_the_summons_and_is_refused_it(mu, violation):
    """§ 164-12: only the Building Inspector issues a summons; the officer sees why, and his post is refused."""
    officer = mu["enforcement_officer"]
    html = _page(officer)
    assert "Issue the summons" not in html and ONLY_BI in html
    assert "Issue the summons" in _page(mu["building_inspector"]) and ONLY_BI not in _page(mu["building_inspector"])
    back = (dt.date.today() + dt.timedelta(days=30)).isoformat()
    r = client_for(officer).post(f"{MP}/summons/{violation.pk}/", {f"s{violation.pk}-return_date": back,
                                                                   **version_of(violation, f"s{violation.pk}")})
    assert r.status_code == 403 and "only the Building Inspector issues a summons" in r.content.decode()
    assert not Summons.objects.exists()
    violation.refresh_from_db()
    assert violation.state == Violation.RECORDED


def test_w1_carmel_officer_is_not_offered_the_summons(carmel, cu):
    """Carmel ch. 31 is silent on who issues a summons; the services let the Building Inspector alone
    (`CARMEL_SUMMONS_ROLES`, register W-1): the officer is told so and refused; the Inspector is offered it."""
    officer, bi = cu["enforcement_officer"], cu["building_inspector"]
    offender = es.register_offender(officer, carmel, kind="person", name="John Doe")
    c = es.file_complaint(officer, carmel, description="Concert without a permit", observed_on=dt.date.today(),
                          offender=offender, in_presence=True)
    v = es.record_violation(officer, c, rule_id="carmel/permit/a-required", days_of_continued_violation=1)
    html = _page(officer, CA)
    assert "Issue the summons" not in html and "interpretation W-1" in html and ONLY_BI not in html
    assert "Issue the summons" in _page(bi, CA)
    r = client_for(officer).post(f"{CA}/summons/{v.pk}/",
                                 {f"s{v.pk}-return_date": next_business_day(dt.date.today() + dt.timedelta(days=20)).isoformat(),
                                  **version_of(v, f"s{v.pk}")})
    assert r.status_code == 403 and not Summons.objects.exists()
