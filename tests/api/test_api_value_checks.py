"""Values the API takes are checked before anything is written: a date is a ``YYYY-MM-DD`` string in 1778-2099
and a date of something that happened is not in the future (G-2; Carmel ch. 31 ¶ B: the Board decides after
the hearing); whole numbers are never booleans; an amount the service requires above $0 says so in its schema;
a token's name is not cut (422 naming ``name``); an empty petition is not submitted (P-5)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client

from publicassembly.accounts.models import User
from publicassembly.api.models import ApiToken
from publicassembly.permits import services as sv
from publicassembly.permits.models import FeePayment, State

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
A = "/api/v1/towns/carmel-ny/applications"


def _post(c: Client, url: str, data) -> object:
    return c.post(url, json.dumps(data), content_type="application/json")


def _put(c: Client, url: str, data) -> object:
    return c.put(url, json.dumps(data), content_type="application/json")


def _refused(r, field: str) -> dict:
    assert r.status_code == 422, (r.status_code, r.content)
    assert r.json()["field"] == field, r.json()
    return r.json()


@pytest.fixture
def held(hearing_app):
    """The county fair at its hearing, under review: fees may be paid."""
    return hearing_app


def test_approve_decided_on_9999_12_31_is_422_and_nothing_written_par_b(api, cu, hearing_app):
    """¶ B: the Board's decision of 9999-12-31 is 422 naming ``decided_on``; the case is unchanged; a decision
    of tomorrow is 422 too, and one of the hearing's day (after it was held) is 200."""
    board, clerk = api(cu["town_board_member"]), api(cu["town_clerk"])
    hearing = hearing_app.hearing_on
    r = _post(clerk, f"{A}/{hearing_app.pk}/hearing-held", {"held_on": "9999-12-31"})
    _refused(r, "held_on")
    hearing_app.refresh_from_db()
    assert hearing_app.state == State.HEARING_SCHEDULED
    # the hearing is 20 days ahead: it cannot be recorded as held on that day yet
    _refused(_post(clerk, f"{A}/{hearing_app.pk}/hearing-held", {"held_on": hearing.isoformat()}), "held_on")
    _refused(_post(clerk, f"{A}/{hearing_app.pk}/hearing-held", {}), "held_on")
    sv.record_hearing_held(cu["town_clerk"], hearing_app, today=hearing)  # as on its day
    version = sv.get_application(cu["town_clerk"], hearing_app.town, hearing_app.pk).version
    for decided_on in ("9999-12-31", (TODAY + dt.timedelta(days=21)).isoformat(), "0001-01-01"):
        _refused(_post(board, f"{A}/{hearing_app.pk}/approve", {"decided_on": decided_on}), "decided_on")
        _refused(_post(board, f"{A}/{hearing_app.pk}/deny", {"decided_on": decided_on, "reasons": "x"}),
                 "decided_on")
    hearing_app.refresh_from_db()
    assert (hearing_app.state, hearing_app.version) == (State.HEARING_HELD, version)


def test_fee_payment_date_must_be_a_string_not_a_number_and_not_0001(api, cu, held):
    clerk = api(cu["town_clerk"])
    url = f"{A}/{held.pk}/fee-payments"
    held.refresh_from_db()
    body = {"amount": "250.00", "paid_on": TODAY.isoformat(), "expected_version": held.version}
    assert "YYYY-MM-DD" in _refused(_post(clerk, url, {**body, "paid_on": 20261127}), "paid_on")["detail"]
    _refused(_post(clerk, url, {**body, "paid_on": "0001-01-01"}), "paid_on")
    _refused(_post(clerk, url, {**body, "paid_on": (TODAY + dt.timedelta(days=1)).isoformat()}), "paid_on")
    assert not FeePayment.objects.exists()
    assert _post(clerk, url, body).status_code == 201


def test_fee_payment_amount_schema_says_more_than_0(api, cu, held):
    """The service requires a payment above $0: 0, -0 and -5 are 422 naming ``amount`` with "more than 0"."""
    clerk = api(cu["town_clerk"])
    url = f"{A}/{held.pk}/fee-payments"
    held.refresh_from_db()
    v = held.version
    for amount in ("0", "-5", "-0"):
        r = _refused(_post(clerk, url, {"amount": amount, "paid_on": TODAY.isoformat(), "expected_version": v}),
                     "amount")
        assert "more than 0" in r["detail"], r
    assert _post(clerk, url, {"amount": "0.01", "paid_on": TODAY.isoformat(), "expected_version": v}
                 ).status_code == 201


def test_expected_version_true_is_422_not_version_1(api, cu, draft_app):
    r = _post(api(cu["applicant"]), f"{A}/{draft_app.pk}/submit",
              {"verification_statement": "Sworn.", "expected_version": True})
    assert "whole number" in _refused(r, "expected_version")["detail"]
    draft_app.refresh_from_db()
    assert draft_app.state == State.DRAFT
    r = _post(api(cu["applicant"]), f"{A}/{draft_app.pk}/submit",
              {"verification_statement": "Sworn.", "expected_version": draft_app.version})
    assert r.status_code == 200, r.json()


def test_fee_schedule_minus_zero_is_refused_as_zero_c19(api, cu):
    """-0 is $0.00, which no filing fee is (ch. 31, fee; C-19): 422 naming ``amount``, never stored as "-0.00"."""
    r = _put(api(cu["town_clerk"]), f"/api/v1/towns/carmel-ny/fee-schedule/{TODAY.year}",
             {"amount": "-0", "resolution_date": f"{TODAY.year}-01-02"})
    assert "more than 0" in _refused(r, "amount")["detail"]


def test_space_area_minus_zero_is_0(api, mu, hall):
    r = _post(api(mu["building_inspector"]), f"/api/v1/towns/mount-pleasant-ny/venues/{hall.pk}/spaces",
              {"name": "Lanes", "kind": "room", "use_group": "bowling_alley", "alleys": 4, "area": -0.0})
    assert r.status_code == 201, r.json()
    assert r.json()["area"] == 0 and not str(r.json()["area"]).startswith("-"), r.json()


def test_empty_petition_submission_is_422_naming_facts_p5(api, cu):
    c = api(cu["applicant"])
    created = _post(c, A, {"facts": {}})
    assert created.status_code == 201, created.json()
    pk = created.json()["id"]
    r = _refused(_post(c, f"{A}/{pk}/submit", {"verification_statement": "Sworn."}), "facts")
    assert "dates" in r["detail"] and "persons" in r["detail"]


def test_token_name_over_100_characters_is_422_naming_name_not_cut(db):
    User.objects.create_user("eve", password="correct horse battery")
    c = Client()
    body = {"username": "eve", "password": "correct horse battery"}
    r = _refused(_post(c, "/api/v1/auth/token", {**body, "name": "n" * 5000}), "name")
    assert "100" in r["detail"]
    assert not ApiToken.objects.exists()
    ok = _post(c, "/api/v1/auth/token", {**body, "name": "n" * 100})
    assert ok.status_code == 201 and ok.json()["name"] == "n" * 100


def test_fee_payment_before_the_filing_is_422_and_not_stored(api, cu, held):
    """A payment dated decades before the petition was filed (today) is refused naming ``paid_on``: web, API and
    CLI all record it through the service; the day before filing is refused too, the filing day accepted."""
    clerk = api(cu["town_clerk"])
    url = f"{A}/{held.pk}/fee-payments"
    held.refresh_from_db()
    v = held.version
    for day in ("1990-01-01", (TODAY - dt.timedelta(days=1)).isoformat()):
        r = _refused(_post(clerk, url, {"amount": "10", "paid_on": day, "expected_version": v}), "paid_on")
        assert "before the petition was filed" in r["detail"], r
    assert not FeePayment.objects.exists()
    assert _post(clerk, url, {"amount": "10", "paid_on": TODAY.isoformat(), "expected_version": v}
                 ).status_code == 201
