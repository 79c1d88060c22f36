"""The venue page shows each form only to those its service allows (Mount Pleasant ch. 164): adding a space
(`venues.services.add_space`: the Building Inspector or the owner-applicant), issuing or re-issuing and revoking a
certificate (§§ 164-3, 164-9: the Building Inspector only), scheduling an inspection (Building Inspector or
enforcement officer). The enforcement officer (a police officer) sees no form that would answer him 403, and is
shown what he may do: schedule an inspection, file a complaint or record a stop order (§ 164-5)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from tests.web.conftest import client_for

from publicassembly.permits import demo
from publicassembly.venues.models import Venue

V = "/mount-pleasant-ny/venues"


def _actions(html: str) -> list[str]:
    """The action of every POST form of the page under the town's own paths."""
    return [a for a in re.findall(r'<form method="post" action="([^"]+)"', html) if a.startswith("/mount-pleasant-ny/")]


def _forms(hall) -> dict[str, str]:
    cert = hall.certificates.get()
    return {"add space": f"{V}/{hall.pk}/spaces/", "issue certificate": f"{V}/{hall.pk}/certificates/",
            "revoke certificate": f"{V}/{hall.pk}/certificates/{cert.pk}/revoke/",
            "schedule inspection": f"{V}/{hall.pk}/inspections/"}


def test_officer_sees_no_add_space_issue_or_revoke_form_only_the_inspection_form(mu, hall):
    """§§ 164-3, 164-9: the certificate forms are the Building Inspector's; the officer schedules inspections."""
    r = client_for(mu["enforcement_officer"]).get(f"{V}/{hall.pk}/")
    assert r.status_code == 200
    html = r.content.decode()
    forms = _forms(hall)
    actions = _actions(html)
    assert forms["add space"] not in actions
    assert forms["issue certificate"] not in actions
    assert forms["revoke certificate"] not in actions
    assert "Re-issue the certificate" not in html and "Add a room or area" not in html
    assert actions == [forms["schedule inspection"]]
    assert "Only the Building Inspector issues, re-issues or revokes" in html
    assert 'href="/mount-pleasant-ny/enforcement/#new-c"' in html  # file a complaint
    assert 'href="/mount-pleasant-ny/enforcement/#new-so"' in html  # record a stop order (§ 164-5)


def test_building_inspector_sees_every_form(mu, hall):
    html = client_for(mu["building_inspector"]).get(f"{V}/{hall.pk}/").content.decode()
    assert sorted(_actions(html)) == sorted(_forms(hall).values())
    assert "Re-issue the certificate" in html and "Add a room or area" in html


def test_no_form_shown_to_the_officer_answers_403(mu, hall):
    """Each form the officer is shown, posted empty, is answered with form errors or a message, never 403."""
    officer = client_for(mu["enforcement_officer"])
    for action in _actions(officer.get(f"{V}/{hall.pk}/").content.decode()):
        assert officer.post(action, {}).status_code in (302, 422), action
    space = hall.spaces.get()
    r = officer.get(f"{V}/{hall.pk}/spaces/{space.pk}/")
    assert r.status_code == 200
    html = r.content.decode()
    assert 'name="save"' not in html and 'name="remove"' not in html and "disabled" in html
    assert "Ballroom" in html  # the space is shown, read-only


def test_officer_is_not_offered_the_register_form_that_would_refuse_him(mu, hall):
    officer = client_for(mu["enforcement_officer"])
    html = officer.get(f"{V}/").content.decode()
    assert "Register a place of assembly" not in html and "Kensico Manor" in html
    assert officer.post(f"{V}/", {"name": " "}).status_code == 403
    assert "Register a place of assembly" in client_for(mu["building_inspector"]).get(f"{V}/").content.decode()


def test_applicant_owner_may_add_a_space_but_not_certify(mount_pleasant, mu):
    """An applicant who owns the place changes its spaces (`add_space`) but the certificate is the Inspector's;
    `can_*` answer as the services do."""
    from publicassembly.venues import services as vs

    venue = vs.create_venue(mu["applicant"], mount_pleasant, name="Grange Hall", address="1 Main Street")
    assert vs.can_edit_spaces(mu["applicant"], venue) and vs.can_edit_spaces(mu["building_inspector"], venue)
    assert not vs.can_edit_spaces(mu["enforcement_officer"], venue)
    assert not vs.can_issue_certificate(mu["applicant"], venue) and vs.can_issue_certificate(mu["building_inspector"],
                                                                                              venue)
    assert not vs.can_revoke_certificate(mu["enforcement_officer"], venue)
    assert vs.can_inspect(mu["enforcement_officer"], venue) and not vs.can_inspect(mu["applicant"], venue)
    other = vs.create_venue(mu["building_inspector"], mount_pleasant, name="Town Hall", address="1 Town Plaza")
    assert not vs.can_edit_spaces(mu["applicant"], other)  # not his


@pytest.mark.django_db
def test_demo_police_officer_venue_page_offers_no_forbidden_form():
    """The demo's Mount Pleasant police officer, signed in with the demo password, on each demo venue's page."""
    demo.load()
    c = Client()
    assert c.post("/accounts/login/", {"username": "mount_pleasant_enforcement_officer",
                                       "password": demo.DEMO_PASSWORD}).status_code == 302
    venues = list(Venue.objects.filter(town__jurisdiction_alias="mount-pleasant-ny"))
    assert venues, "the demo has Mount Pleasant venues"
    for v in venues:
        html = c.get(f"{V}/{v.pk}/").content.decode()
        assert _actions(html) == [f"{V}/{v.pk}/inspections/"], v.name
