"""Carmel ch. 31, permit requirements ¶ B(1), interpretation P-18: the API refuses directors and officers for an
applicant who is not a corporation (422 naming the field; nothing stored), as the petition page does, and takes
them for a corporation."""

from __future__ import annotations

from publicassembly.permits.models import PermitApplication

from .conftest import post_json

URL = "/api/v1/towns/carmel-ny/applications"
OFFICERS = [{"name": "Ann Ferris", "address": "1 Main St"}]


def test_api_refuses_officers_of_an_individual_permit_requirements_b1_p18(api, cu):
    before = PermitApplication.objects.count()
    r = post_json(api(cu["applicant"]), URL, {"facts": {"name": "Fair", "max_persons_at_one_time": 900, "applicant": {
        "name": "Jo Doe", "is_corporation": False, "directors_and_officers": OFFICERS}}})
    assert r.status_code == 422, r.json()
    assert r.json()["field"] == "facts.applicant.directors_and_officers"
    assert "only when the applicant is a corporation" in r.json()["detail"]
    assert PermitApplication.objects.count() == before


def test_api_takes_officers_of_a_corporation_permit_requirements_b1_p18(api, cu):
    r = post_json(api(cu["applicant"]), URL, {"facts": {"name": "Fair", "max_persons_at_one_time": 900, "applicant": {
        "name": "Fair Inc.", "is_corporation": True, "directors_and_officers": OFFICERS}}})
    assert r.status_code == 201, r.json()
    assert r.json()["facts"]["applicant"]["directors_and_officers"] == OFFICERS
