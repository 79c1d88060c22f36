"""Optimistic locking: an ``expected_version`` newer than the record's cannot come from an earlier read of it,
so the refusal does not say someone changed it since ("version 2, now 1"): it says the version given is not one
of the record's and which one it is at. A version older than the record's is still "has changed since you opened it".
Nothing is written either way (409)."""

from __future__ import annotations

import json

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for

from publicassembly.permits import services as sv
from publicassembly.workflow.errors import StaleUpdate

pytestmark = pytest.mark.django_db


def test_a_version_the_record_never_had_is_said_so(cu, draft_app):
    assert draft_app.version == 1
    with pytest.raises(StaleUpdate) as e:
        sv.submit(cu["applicant"], draft_app, verification_statement="Sworn.", expected_version=2)
    message = str(e.value)
    assert message == ("version 2 is not a version of this permit application; it is at version 1: reload it and "
                       "try again")
    assert "has changed since you opened it" not in message
    draft_app.refresh_from_db()
    assert (draft_app.state, draft_app.version) == ("draft", 1)


def test_an_older_version_is_still_a_change_by_someone_else(cu, draft_app):
    sv.update_draft(cu["applicant"], draft_app, {**draft_app.facts, "purpose": "County fair and market"})
    assert draft_app.version == 2
    with pytest.raises(StaleUpdate) as e:
        sv.submit(cu["applicant"], draft_app, verification_statement="Sworn.", expected_version=1)
    assert "changed since you opened it (version 1, now 2)" in str(e.value)


def test_the_api_and_the_page_say_it_too(cu, draft_app):
    r = api_client(cu["applicant"]).post(f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}/submit",
                                         json.dumps({"verification_statement": "Sworn.", "expected_version": 2}),
                                         content_type="application/json")
    assert r.status_code == 409
    assert r.json()["detail"].startswith("version 2 is not a version of this permit application; it is at "
                                         "version 1"), r.json()
    r = client_for(cu["applicant"]).post(f"/carmel-ny/applications/{draft_app.pk}/withdraw/",
                                         {"expected_version": "2"})
    assert r.status_code == 409  # as the API's
    page = r.content.decode()
    assert "Nothing was saved: version 2 is not a version of this permit application; it is at version 1." in page
    assert "has changed since you opened it" not in page
    draft_app.refresh_from_db()
    assert (draft_app.state, draft_app.version) == ("draft", 1)
