"""A page shows only the messages that belong to it (second new-user trial): after a form sent twice, the first
one's "Done: …" (whose redirect the browser never showed) appeared beside the second one's "Nothing was saved".
A page answering a POST itself is a refused form: it shows the messages of its own answer only and drops those
left by an earlier request; a page reached by the redirect of a successful form shows its message, once."""

from __future__ import annotations

import pytest
from tests.web.conftest import client_for

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


def _sent_twice(cu, draft_app):
    sv.submit(cu["applicant"], draft_app, verification_statement="Sworn.")
    draft_app.refresh_from_db()
    data = {"expected_version": draft_app.version, "record_fee_payment-amount": "100",
            "record_fee_payment-paid_on": draft_app.submitted_on.isoformat()}
    return f"/carmel-ny/applications/{draft_app.pk}/record_fee_payment/", data


def test_a_refused_form_does_not_show_the_message_of_the_form_before_it(cu, draft_app):
    url, data = _sent_twice(cu, draft_app)
    c = client_for(cu["town_clerk"])
    assert c.post(url, data).status_code == 302  # its redirect not followed: the browser's second click
    again = c.post(url, data)
    html = again.content.decode()
    assert again.status_code == 409 and "Nothing was saved" in html
    assert "Done:" not in html
    # nor does it come back on the next page: it was dropped with the refusal
    assert "Done:" not in c.get(f"/carmel-ny/applications/{draft_app.pk}/").content.decode()


def test_the_page_a_successful_form_leads_to_shows_its_message_once(cu, draft_app):
    url, data = _sent_twice(cu, draft_app)
    c = client_for(cu["town_clerk"])
    page = c.post(url, data, follow=True)
    assert page.status_code == 200 and "Done: " in page.content.decode()
    assert "Done: " not in c.get(f"/carmel-ny/applications/{draft_app.pk}/").content.decode()

# (a page answering a POST keeps a message of its own: the petition's "Add another property" at its limit,
# tests/web/test_petition_web.py, `test_add_another_property_at_twenty_says_the_limit`)
