"""Mount Pleasant ch. 164 (§§ 164-3, 164-9): only the Building Inspector (and, for spaces, an owner-applicant)
changes a venue's spaces and certificates. An enforcement officer posting to those forms is refused with a 403
whatever he posts (invalid data included), never shown form errors; the Inspector posting the same invalid data
gets the form errors (422)."""

from __future__ import annotations

import pytest
from tests.web.conftest import client_for, version_of

V = "/mount-pleasant-ny/venues"


def _posts(hall):
    space = hall.spaces.get()
    cert = hall.certificates.get()
    invalid = {"new-name": " ", "new-use_group": "nonsense", "new-area": "-1"}
    return [
        (f"{V}/{hall.pk}/spaces/", {**invalid, **version_of(hall)}),
        (f"{V}/{hall.pk}/spaces/{space.pk}/", {**invalid, **version_of(space)}),
        (f"{V}/{hall.pk}/certificates/{cert.pk}/revoke/", {"reason": " ", **version_of(cert)}),
        (f"{V}/{hall.pk}/certificates/", {"issued_on": "not a date", **version_of(hall)}),
    ]


@pytest.mark.parametrize("i", range(4))
def test_officer_posting_invalid_data_gets_403_not_form_errors(mu, hall, i):
    url, data = _posts(hall)[i]
    r = client_for(mu["enforcement_officer"]).post(url, data)
    assert r.status_code == 403, (url, r.status_code)


@pytest.mark.parametrize("i", [0, 1, 2, 3])
def test_inspector_posting_the_same_invalid_data_gets_form_errors(mu, hall, i):
    url, data = _posts(hall)[i]
    r = client_for(mu["building_inspector"]).post(url, data)
    assert r.status_code == 422 and "the form was sent without the version" not in r.content.decode()


def test_officer_may_still_view_a_space_and_schedule_an_inspection(mu, hall):
    officer = client_for(mu["enforcement_officer"])
    assert officer.get(f"{V}/{hall.pk}/spaces/{hall.spaces.get().pk}/").status_code == 200
    assert client_for(mu["applicant"]).post(f"{V}/{hall.pk}/inspections/", {"scheduled_for": "x"}).status_code == 403
    assert officer.post(f"{V}/{hall.pk}/inspections/", {"scheduled_for": "x"}).status_code == 422
