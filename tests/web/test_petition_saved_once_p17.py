"""The petition form sent twice (a double click, or the browser's back and send again) saves one draft
(interpretation P-17): a new-user trial sent /carmel-ny/apply/new/ twice and had drafts #20 and #21, alike. The
second send opens the draft already saved; a petition of other facts is another draft, and a draft that has since
been submitted is no longer taken for the same send."""

from __future__ import annotations

import pytest
from tests.web.conftest import client_for
from tests.web.test_applicant import PETITION

from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication

pytestmark = pytest.mark.django_db
NEW = "/carmel-ny/apply/new/"


def test_the_same_petition_sent_twice_is_one_draft_carmel_31_b(cu):
    c = client_for(cu["applicant"])
    first = c.post(NEW, PETITION)
    assert first.status_code == 302
    again = c.post(NEW, PETITION, follow=True)
    assert again.status_code == 200
    (draft,) = PermitApplication.objects.filter(applicant=cu["applicant"])
    assert again.redirect_chain[-1][0] == first.url == f"/carmel-ny/applications/{draft.pk}/"
    assert f"This petition is already saved as draft {draft.pk}" in again.content.decode()


def test_a_petition_of_other_facts_is_another_draft(cu):
    c = client_for(cu["applicant"])
    assert c.post(NEW, PETITION).status_code == 302
    assert c.post(NEW, dict(PETITION, max_persons_at_one_time="1201")).status_code == 302
    assert PermitApplication.objects.filter(applicant=cu["applicant"]).count() == 2


def test_a_draft_no_longer_a_draft_is_not_taken_for_the_same_send(cu, carmel):
    c = client_for(cu["applicant"])
    assert c.post(NEW, PETITION).status_code == 302
    draft = PermitApplication.objects.get(applicant=cu["applicant"])
    PermitApplication.objects.filter(pk=draft.pk).update(state="withdrawn")
    assert c.post(NEW, PETITION).status_code == 302
    assert PermitApplication.objects.filter(applicant=cu["applicant"]).count() == 2
    facts = PermitApplication.objects.filter(applicant=cu["applicant"], state="draft").get().facts
    _app, created = sv.create_draft_once(cu["applicant"], carmel, facts)
    assert created is False
