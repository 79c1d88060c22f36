"""Interpretation W-17: a request body under /api/v1 is read only when its Content-Type is JSON
(``application/json``, ``application/*+json``, with or without ``charset=utf-8``) — or ``multipart/form-data``
for an operation that takes an upload; any other body is refused 415 naming ``Content-Type`` before anything
runs (nothing is recorded)."""

from __future__ import annotations

import json

import pytest
from tests.api.conftest import PDF, api_client

from publicassembly.api.media_type import is_json, problem
from publicassembly.enforcement.models import Offender

pytestmark = pytest.mark.django_db

OFFENDERS = "/api/v1/towns/mount-pleasant-ny/offenders"
OFFENDER = {"kind": "firm", "name": "Kensico Manor LLC"}
CASE = {"jurisdiction": "carmel-ny", "subject": "event"}


@pytest.mark.parametrize("content_type", ["application/xml", "text/plain", "text/plain; charset=utf-8",
                                          "application/x-www-form-urlencoded", "application/octet-stream",
                                          "multipart/form-data; boundary=x", "application/jsonp",
                                          "text/json", "application/+json"])
def test_w17_a_json_body_sent_as_another_media_type_is_415_naming_content_type_and_nothing_is_recorded(
        mu, content_type):
    r = api_client(mu["building_inspector"]).post(OFFENDERS, json.dumps(OFFENDER), content_type=content_type,
                                                  HTTP_IDEMPOTENCY_KEY="w17-one")
    assert r.status_code == 415, r.content
    got = r.json()
    assert got["field"] == "Content-Type" and got["errors"][0]["field"] == "Content-Type"
    assert "application/json" in got["detail"] and "is not read here" in got["detail"]
    assert not Offender.objects.filter(name="Kensico Manor LLC").exists()


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8",
                                          "Application/JSON; charset=UTF-8", 'application/json;charset="utf-8"',
                                          "application/merge-patch+json", "application/vnd.api+json"])
def test_w17_json_with_or_without_charset_utf8_and_a_json_suffix_is_read(mu, content_type):
    r = api_client(mu["building_inspector"]).post(OFFENDERS, json.dumps(OFFENDER), content_type=content_type)
    assert r.status_code == 201, r.content
    assert Offender.objects.filter(name="Kensico Manor LLC").exists()


def test_w17_json_of_another_charset_is_415_saying_json_is_utf8(mu):
    r = api_client(mu["building_inspector"]).post(OFFENDERS, json.dumps(OFFENDER),
                                                  content_type="application/json; charset=latin-1")
    assert r.status_code == 415 and r.json()["field"] == "Content-Type"
    assert "UTF-8" in r.json()["detail"]


@pytest.mark.parametrize("content_type", ["text/plain", "application/xml"])
def test_w17_the_public_check_refuses_a_body_not_sent_as_json(client, content_type):
    r = client.post("/api/v1/check", json.dumps(CASE), content_type=content_type)
    assert r.status_code == 415 and r.json()["field"] == "Content-Type"
    read = client.post("/api/v1/check", json.dumps(CASE), content_type="application/json")
    assert read.status_code != 415  # read, and checked


def test_w17_a_form_encoded_body_is_told_to_send_json(client):
    r = client.post("/api/v1/check", "jurisdiction=carmel-ny", content_type="application/x-www-form-urlencoded")
    assert r.status_code == 415
    assert "send one JSON object with Content-Type: application/json" in r.json()["detail"]


def test_w17_a_body_without_a_content_type_is_415_saying_it_is_not_given(client):
    r = client.generic("POST", "/api/v1/check", json.dumps(CASE).encode(), content_type="")
    assert r.status_code == 415 and "is not given" in r.json()["detail"]


def test_w17_a_request_without_a_body_is_not_asked_for_a_content_type(mu, hall):
    r = api_client(mu["building_inspector"]).generic(
        "DELETE", f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces/999999?reason=gone", b"",
        content_type="text/plain")
    assert r.status_code != 415


def test_w17_the_415_comes_before_the_idempotency_key_and_is_not_stored(mu):
    c = api_client(mu["building_inspector"])
    wrong = c.post(OFFENDERS, json.dumps(OFFENDER), content_type="text/plain", HTTP_IDEMPOTENCY_KEY="w17-k")
    assert wrong.status_code == 415
    right = c.post(OFFENDERS, json.dumps(OFFENDER), content_type="application/json", HTTP_IDEMPOTENCY_KEY="w17-k")
    assert right.status_code == 201 and "Idempotent-Replayed" not in right


def test_w17_an_upload_takes_multipart_form_data_and_refuses_json(cu, draft_app):
    c = api_client(cu["applicant"])
    url = f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}/documents"
    r = c.post(url, json.dumps({"kind": "site map"}), content_type="application/json")
    assert r.status_code == 415 and "multipart/form-data" in r.json()["detail"]
    from django.core.files.uploadedfile import SimpleUploadedFile
    ok = c.post(url, {"kind": "site map", "file": SimpleUploadedFile("m.pdf", PDF, "application/pdf")})
    assert ok.status_code == 201, ok.content


@pytest.mark.parametrize(("media_type", "json_"), [
    ("application/json", True), ("application/problem+json", True), ("application/+json", False),
    ("application/jsonx", False), ("text/json", False), ("application/json+xml", False)])
def test_w17_is_json(media_type, json_):
    assert is_json(media_type) is json_


def test_w17_problem_names_what_is_allowed():
    assert problem("application/json", form=False) is None
    assert problem("multipart/form-data; boundary=b", form=True) is None
    assert "multipart/form-data" in (problem("application/json", form=True) or "")
