"""Two officials at once on the clerk's forms of ¶¶ C-F and the fee (issue 6, concurrency): the page posts the
version it showed (``expected_version``); a form sent after someone else changed the application is shown again
saying so above the form, a conflict (409, as the API answers it), nothing stored — as every other action of the
page already was. The five forms of ¶¶ C-F and the fee dropped the version and stored whatever came."""

from __future__ import annotations

import pytest
from django.utils import timezone
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def test_a_fee_payment_sent_from_a_page_shown_before_another_change_is_refused_carmel_fee(cu, hearing_app):
    url = f"/carmel-ny/applications/{hearing_app.pk}/record_fee_payment/"
    now = hearing_app.version
    paid = {"record_fee_payment-amount": "50.00", "record_fee_payment-paid_on": timezone.localdate().isoformat()}
    for version in (now - 1, now + 5):  # a page shown before the last change, and a version the record never had
        late = client_for(cu["town_clerk"]).post(url, {**paid, "expected_version": str(version)})
        assert late.status_code == 409, (version, late.status_code)
        page = late.content.decode()
        assert ("has been changed since you opened this page" in page if version < now else
                f"version {version} is not a version of this permit application" in page)
        assert "Nothing was saved" in page and "Please correct the fields marked below" not in page
    assert not hearing_app.fee_payments.exists()
    ok = client_for(cu["town_clerk"]).post(url, {**paid, "expected_version": str(now)})
    assert ok.status_code == 302 and hearing_app.fee_payments.count() == 1


def test_a_bond_sent_with_a_version_the_application_never_had_is_refused_paragraph_f(cu, hearing_app):
    sent = {"post_bond-amount": "5000.00", "post_bond-posted_on": timezone.localdate().isoformat()}
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{hearing_app.pk}/post_bond/",
                                          {**sent, "expected_version": str(hearing_app.version + 5)})
    assert r.status_code == 409
    assert f"version {hearing_app.version + 5} is not a version of this permit application" in r.content.decode()
    assert not hearing_app.bonds.exists()
