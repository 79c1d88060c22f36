"""A refused action is a 403 page saying who may do it (never a form error); a malformed ``expected_version``
is a 422 naming the field (never ignored)."""

from __future__ import annotations

import pytest
from tests.web.conftest import client_for, version_of

from publicassembly.permits.models import PermitApplication


@pytest.mark.parametrize("path,data", [
    ("certificates/", {}),
    ("spaces/", {"new-name": "Lounge", "new-use_group": "assembly_without_fixed_seats", "new-area": "300",
                 "new-area_unit": "sq_ft"}),
])
def test_officer_posting_to_the_inspectors_forms_gets_403_naming_the_role(mu, hall, path, data):
    """§ 164-5: the Building Inspector issues certificates and keeps the venue's spaces; an enforcement
    officer is refused with a 403 page, not "Please correct the fields marked below"."""
    r = client_for(mu["enforcement_officer"]).post(f"/mount-pleasant-ny/venues/{hall.pk}/{path}", data)
    assert r.status_code == 403
    html = r.content.decode()
    assert "building inspector" in html and "Please correct" not in html
    assert hall.spaces.count() == 1


def test_inspector_posting_the_same_space_is_not_refused(mu, hall):
    data = {"new-name": "Lounge", "new-use_group": "assembly_without_fixed_seats", "new-area": "300",
            "new-area_unit": "sq_ft"}
    r = client_for(mu["building_inspector"]).post(f"/mount-pleasant-ny/venues/{hall.pk}/spaces/",
                                                  {**data, **version_of(hall)})
    assert r.status_code == 302 and hall.spaces.count() == 2


def test_clerk_posting_the_boards_action_gets_403(cu, hearing_app, travel_to):
    """¶ B: the Town Board decides; the Clerk posting 'deny' is refused with 403."""
    from publicassembly.permits import services as sv

    travel_to(hearing_app.hearing_on)
    sv.record_hearing_held(cu["town_clerk"], hearing_app)
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{hearing_app.pk}/deny/",
                                          {"deny-reasons": "No parking"})
    assert r.status_code == 403 and "town board member" in r.content.decode()


@pytest.mark.parametrize("raw", ["abc", "-1", "0", "1.5"])
def test_malformed_expected_version_is_422_naming_the_field(cu, draft_app, raw):
    r = client_for(cu["applicant"]).post(f"/carmel-ny/applications/{draft_app.pk}/withdraw/",
                                         {"expected_version": raw})
    assert r.status_code == 422 and "expected_version" in r.content.decode()
    assert PermitApplication.objects.get(pk=draft_app.pk).state == "draft"


def test_well_formed_expected_version_is_honoured(cu, draft_app):
    r = client_for(cu["applicant"]).post(f"/carmel-ny/applications/{draft_app.pk}/withdraw/",
                                         {"expected_version": str(draft_app.version)})
    assert r.status_code == 302
    assert PermitApplication.objects.get(pk=draft_app.pk).state == "withdrawn"


def test_malformed_expected_version_on_a_space_is_422(mu, hall):
    space = hall.spaces.get()
    r = client_for(mu["building_inspector"]).post(
        f"/mount-pleasant-ny/venues/{hall.pk}/spaces/{space.pk}/",
        {"expected_version": "abc", "new-name": "Ballroom", "new-use_group": "assembly_without_fixed_seats",
         "new-area": "5000", "new-area_unit": "sq_ft"})
    assert r.status_code == 422 and "expected_version" in r.content.decode()


def test_upload_page_to_a_withdrawn_application_is_refused_naming_the_state(cu, draft_app):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from publicassembly.permits import services as sv

    sv.withdraw(cu["applicant"], draft_app)
    c = client_for(cu["applicant"])
    page = c.get(f"/carmel-ny/applications/{draft_app.pk}/").content.decode()
    assert 'enctype="multipart/form-data"' not in page  # no upload offered
    r = c.post(f"/carmel-ny/applications/{draft_app.pk}/documents/",
               {"kind": "map", "file": SimpleUploadedFile("m.pdf", b"%PDF-1.4\n%%EOF\n", "application/pdf")})
    assert r.status_code == 422 and "withdrawn" in r.content.decode()
    assert not draft_app.documents.exists()


def test_occupancy_check_takes_at_most_50_spaces_with_one_error(db):
    """A formset of 5,000 spaces is not rendered: one error saying at most 50; 50 spaces are taken."""
    from django.test import Client

    def query(n: int) -> dict:
        q = {"form-TOTAL_FORMS": str(n), "form-INITIAL_FORMS": "0", "commercial": "yes"}
        for i in range(min(n, 60)):
            q |= {f"form-{i}-name": f"Room {i}", f"form-{i}-use_group": "assembly_without_fixed_seats",
                  f"form-{i}-area": "150", f"form-{i}-area_unit": "sq_ft"}
        return q

    r = Client().get("/occupancy/", query(5000))
    html = r.content.decode()
    assert r.status_code == 422 and "50" in html and html.count('name="form-') < 60 * 6
    r = Client().get("/occupancy/", query(51))
    assert r.status_code == 422
    assert Client().get("/occupancy/", query(50)).status_code == 200


def test_venue_history_names_the_town_and_shows_local_minutes(mu, hall):
    """The venue's history reads "town: Town of Mount Pleasant", not the town's id, and its times are the
    Town's local time to the minute (no seconds or microseconds)."""
    import re

    html = client_for(mu["building_inspector"]).get(f"/mount-pleasant-ny/venues/{hall.pk}/").content.decode()
    history = html[html.index('id="tl-h"'):]
    assert f"town: {hall.town}" in history and f"town: {hall.town_id}," not in history
    assert not re.search(r"\d\d:\d\d:\d\d\.\d{6}", history)
