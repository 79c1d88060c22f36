"""The Clerk's and Board's pages, the Building Inspector's and the enforcement officer's: queue warnings,
actions refused beside their field, occupancy recomputed, certificates, inspections, summons with penalty range."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from tests.web.conftest import client_for, version_of

from publicassembly.law.dates import next_business_day

pytestmark = pytest.mark.django_db


def test_queue_warns_of_an_overdue_decision(carmel, cu):
    from tests.web.conftest import fair_facts

    from publicassembly.permits import services as sv

    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], app, verification_statement="Sworn.", today=dt.date.today() - dt.timedelta(days=40))
    html = client_for(cu["town_clerk"]).get("/carmel-ny/applications/").content.decode()
    assert "decision overdue" in html  # ¶ B: 30 days after submission


def test_hearing_notice_too_late_is_refused_beside_the_field(carmel, cu):
    """¶ B: the notice must be published at least 10 days before the hearing."""
    from tests.web.conftest import fair_facts

    from publicassembly.permits import services as sv

    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    today = dt.date.today()
    sv.submit(cu["applicant"], app, verification_statement="Sworn.", today=today)
    sv.accept(cu["town_clerk"], app, today=today)
    app.refresh_from_db()
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/schedule_hearing/", {
        "schedule_hearing-hearing_on": next_business_day(today + dt.timedelta(days=12)).isoformat(),
        "schedule_hearing-place": "Town Hall", "schedule_hearing-newspaper": "Courier",
        "schedule_hearing-notice_published_on": (today + dt.timedelta(days=5)).isoformat(),
        "expected_version": app.version})
    assert r.status_code == 422
    assert re.search(r'id="err-id_schedule_hearing-notice_published_on"[^>]*><p class="error">', r.content.decode())


def test_clerk_may_not_approve(cu, hearing_app):
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{hearing_app.pk}/approve/",
                                          {"expected_version": hearing_app.version})
    assert r.status_code == 403
    assert "cannot" in r.content.decode() or "not a town board member" in r.content.decode()


def test_application_page_shows_findings_and_timeline(cu, hearing_app):
    html = client_for(cu["town_board_member"]).get(f"/carmel-ny/applications/{hearing_app.pk}/").content.decode()
    assert "Carmel Code ch. 31" in html and "Timeline" in html and "hearing scheduled" in html


def test_space_add_recomputes_occupancy_and_stales_the_certificate(mu, hall):
    """§ 164-7: a 1,500 sq ft dance hall (7 sq ft per person in the parameters? the law core decides) adds to the
    lawful occupancy; the certificate issued before becomes stale."""
    c = client_for(mu["building_inspector"])
    before = hall.certificates.get().lawful_occupancy
    r = c.post(f"/mount-pleasant-ny/venues/{hall.pk}/spaces/", {**version_of(hall),
        "new-name": "Terrace", "new-use_group": "open_air", "new-area": "2250", "new-area_unit": "sq_ft"})
    assert r.status_code == 302
    html = c.get(f"/mount-pleasant-ny/venues/{hall.pk}/").content.decode()
    m = re.search(r"Lawful occupancy: (\d+) persons", html)
    assert m and int(m.group(1)) > before
    assert "stale" in html


def test_space_bad_area_beside_the_field(mu, hall):
    r = client_for(mu["building_inspector"]).post(f"/mount-pleasant-ny/venues/{hall.pk}/spaces/", {**version_of(hall),
        "new-name": "Attic", "new-use_group": "storage", "new-area": "-3", "new-area_unit": "sq_ft"})
    assert r.status_code == 422
    assert re.search(r'id="err-id_new-area"[^>]*><p class="error">', r.content.decode())


def test_live_preview_of_a_space(mu, hall):
    r = client_for(mu["building_inspector"]).get(f"/mount-pleasant-ny/venues/{hall.pk}/preview/", {
        "new-name": "Lounge", "new-use_group": "assembly_without_fixed_seats", "new-area": "150",
        "new-area_unit": "sq_ft"}, HTTP_HX_REQUEST="true")
    assert "With this space: lawful occupancy 320 persons" in r.content.decode()  # 310 + 150/15


def test_reissue_and_revoke_certificate(mu, hall):
    c = client_for(mu["building_inspector"])
    assert c.post(f"/mount-pleasant-ny/venues/{hall.pk}/certificates/", version_of(hall)).status_code == 302
    assert hall.certificates.filter(status="valid").count() == 1
    valid = hall.certificates.get(status="valid")
    c.post(f"/mount-pleasant-ny/venues/{hall.pk}/certificates/{valid.pk}/revoke/",
           {"reason": "fire damage", **version_of(valid)})
    valid.refresh_from_db()
    assert valid.status == "revoked"


def test_police_officer_may_not_issue_a_certificate(mu, hall):
    r = client_for(mu["enforcement_officer"]).post(f"/mount-pleasant-ny/venues/{hall.pk}/certificates/", {})
    assert r.status_code == 403 and "building inspector" in r.content.decode()


def test_record_inspection_finds_a_blocked_exit(mu, hall):
    insp = hall.inspections.get()
    c = client_for(mu["building_inspector"])
    r = c.post(f"/mount-pleasant-ny/venues/{hall.pk}/inspections/{insp.pk}/", {
        "persons_present": "200", "exits_blocked": "yes", "certificate_on_premises": "yes", **version_of(insp)})
    assert r.status_code == 302
    html = c.get(f"/mount-pleasant-ny/venues/{hall.pk}/inspections/{insp.pk}/").content.decode()
    assert "164-10" in html


def test_summons_shows_the_penalty_range_and_pdf(mu, violation):
    """§ 164-14: a first offense's range, from the law core."""
    from publicassembly.enforcement import services as es

    c = client_for(mu["building_inspector"])
    html = c.get("/mount-pleasant-ny/enforcement/").content.decode()
    p = es.penalty_range(violation)
    assert f"${p.min_fine}–${p.max_fine}" in html and "offense number 1" in html
    r = c.post(f"/mount-pleasant-ny/enforcement/summons/{violation.pk}/", {
        f"s{violation.pk}-return_date": next_business_day(dt.date.today() + dt.timedelta(days=30)).isoformat(),
        f"s{violation.pk}-return_time": "09:30", **version_of(violation, f"s{violation.pk}")})
    assert r.status_code == 302
    summons = violation.summons
    pdf = c.get(f"/mount-pleasant-ny/summonses/{summons.pk}.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_police_officer_may_not_issue_a_summons(mu, violation):
    """§ 164-12: only the Building Inspector issues a summons; the error shows on the form."""
    r = client_for(mu["enforcement_officer"]).post(f"/mount-pleasant-ny/enforcement/summons/{violation.pk}/", {
        f"s{violation.pk}-return_date": next_business_day(dt.date.today() + dt.timedelta(days=30)).isoformat(),
        **version_of(violation, f"s{violation.pk}")})
    assert r.status_code == 403


def test_disposition_outside_the_range_beside_the_fine(mu, violation):
    from publicassembly.enforcement import services as es

    bi = mu["building_inspector"]
    es.issue_summons(bi, violation, return_date=next_business_day(dt.date.today() + dt.timedelta(days=30)))
    p = es.penalty_range(violation)
    r = client_for(bi).post(f"/mount-pleasant-ny/enforcement/disposition/{violation.pk}/", {
        f"d{violation.pk}-outcome": "convicted", f"d{violation.pk}-fine": str(p.max_fine + 1),
        **version_of(violation, f"d{violation.pk}")})
    assert r.status_code == 422
    assert re.search(rf'id="err-id_d{violation.pk}-fine"[^>]*><p class="error">', r.content.decode())
