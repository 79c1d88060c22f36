"""Carmel ch. 31 ¶ A, interpretation P-16: the API refuses to submit a petition for 500 persons or fewer (no permit
is required), 422 naming ``facts.max_persons_at_one_time`` and why; 501 is submitted."""

from __future__ import annotations

import pytest
from tests.web.conftest import fair_facts

from publicassembly.permits import services as sv

from .conftest import application_url, post_json


@pytest.mark.parametrize(("persons", "status"), [(500, 422), (501, 200)])
def test_api_submit_500_refused_501_submitted_par_a(api, carmel, cu, persons, status):
    app = sv.create_draft(cu["applicant"], carmel, {**fair_facts(), "max_persons_at_one_time": persons,
                                                    "persons_collectively": persons})
    r = post_json(api(cu["applicant"]), application_url(app, "submit"),
                  {"verification_statement": "Sworn before a notary.", "expected_version": app.version})
    assert r.status_code == status, r.json()
    app.refresh_from_db()
    if status == 422:
        assert r.json()["field"] == "facts.max_persons_at_one_time"
        assert "500 persons at one time is not in excess of 500: no permit is required (¶ A)" in r.json()["detail"]
        assert app.state == "draft" and app.submitted_on is None
    else:
        assert r.json()["state"] == "submitted"
