"""A web form posted with a body over the limit (``DATA_UPLOAD_MAX_MEMORY_SIZE``, 2 MiB; files uploaded on the
documents form are not counted) is 413 with a page saying the limit in the API's words and where documents go;
it was 400 "The request could not be understood.". Nothing is changed. Just under the limit the form is read."""

from __future__ import annotations

import pytest
from django.conf import settings
from tests.web.conftest import client_for, version_of

pytestmark = pytest.mark.django_db


def test_a_3_mb_form_is_413_saying_the_limit_and_nothing_is_changed(cu, hearing_app):
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{hearing_app.pk}/record_fee_payment/",
                                          {"record_fee_payment-amount": "10", "record_fee_payment-receipt": "x" * 3_000_000,
                                           "record_fee_payment-paid_on": "2026-01-01"})
    assert r.status_code == 413
    page = r.content.decode()
    assert "larger than the limit of 2,097,152 bytes (2 MiB)" in page
    assert "documents form" in page and "could not be understood" not in page
    assert not hearing_app.fee_payments.exists()


def test_a_form_just_under_the_limit_is_read(cu, hearing_app):
    """(The limit counts the encoded body: a field of nearly 2 MiB is read, and refused by the form for its
    own reasons, not by the size.)"""
    body = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE - 1000)
    r = client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{hearing_app.pk}/record_fee_payment/",
                                          {"record_fee_payment-receipt": body, **version_of(hearing_app)})
    assert r.status_code == 422


def test_a_spanish_page_is_413_too_with_the_limit_written_as_spanish_writes_numbers(cu, hearing_app):
    c = client_for(cu["town_clerk"])
    c.cookies["django_language"] = "es"
    r = c.post(f"/carmel-ny/applications/{hearing_app.pk}/record_fee_payment/", {"x": "y" * 3_000_000})
    assert r.status_code == 413
    page = r.content.decode()
    assert "2,097,152" in page and "(2 MiB)" in page


def test_413_also_when_the_csrf_check_reads_the_body_first(cu, hearing_app):
    """As served, the CSRF middleware reads the form before the view: the answer is the same 413 page."""
    from django.test import Client

    c = Client(enforce_csrf_checks=True)
    c.force_login(cu["town_clerk"])
    assert c.get(f"/carmel-ny/applications/{hearing_app.pk}/").status_code == 200  # the form's CSRF cookie
    r = c.post(f"/carmel-ny/applications/{hearing_app.pk}/record_fee_payment/", {"x": "y" * 3_000_000})
    assert r.status_code == 413 and "(2 MiB)" in r.content.decode()


def test_a_form_of_more_fields_than_the_limit_says_the_limit(cu, hearing_app):
    """A form of more fields than ``DATA_UPLOAD_MAX_NUMBER_FIELDS`` (1,000) is 400 saying that limit, not "could
    not be understood"; nothing is changed. At the limit the form is read (and refused for its own reasons)."""
    url = f"/carmel-ny/applications/{hearing_app.pk}/record_fee_payment/"
    limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
    r = client_for(cu["town_clerk"]).post(url, {f"f{i}": "x" for i in range(limit + 1)})
    assert r.status_code == 400
    page = r.content.decode()
    assert f"The form sent more than {limit:,} fields, the most a form may send; send fewer." in page
    assert "could not be understood" not in page
    assert not hearing_app.fee_payments.exists()
    fields = {f"f{i}": "x" for i in range(limit - 1)}  # with the amount: the limit itself
    fields.pop("f0")  # (and the version the page sends)
    sent = {**fields, "record_fee_payment-amount": "10", **version_of(hearing_app)}
    assert client_for(cu["town_clerk"]).post(url, sent).status_code == 422
