"""The court's disposition through the API and the enforcement page (Mount Pleasant § 164-14; new-user trial): a
conviction without its fine, ``{"outcome": "convicted"}``, is 422 naming ``fine``, "the fine is required for a
conviction" and the range in force for the offense (it was "$0.00 is outside $25.00 to $100.00", a fine nobody
gave); a fine of "0.00" is still outside the range; a dismissal takes no fine, or one of 0. The page shows the same
beside the fine."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import client_for, version_of, violation  # noqa: F401 - a fixture

from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Disposition
from publicassembly.law.dates import next_business_day

pytestmark = pytest.mark.django_db

E = "/api/v1/towns/mount-pleasant-ny"
REQUIRED = ("the fine is required for a conviction: $25.00 to $100.00 for a first offense (Mount Pleasant Code "
            "§ 164-14)")


@pytest.fixture
def summoned(mu, violation, travel_to):  # noqa: F811
    """The violation summoned, on its return day (the court decides then: W-37)."""
    s = es.issue_summons(mu["building_inspector"], violation,
                         return_date=next_business_day(dt.date.today() + dt.timedelta(days=30)))
    travel_to(s.return_date)
    violation.refresh_from_db()
    return violation


def _dispose(user, v, body: dict):
    return api_client(user).post(f"{E}/violations/{v.pk}/disposition", json.dumps(body),
                                 content_type="application/json")


@pytest.mark.parametrize("body", [{"outcome": "convicted"}, {"outcome": "convicted", "fine": None}])
def test_a_conviction_without_its_fine_is_told_the_fine_is_required_164_14(mu, summoned, body):
    r = _dispose(mu["town_clerk"], summoned, body)
    assert r.status_code == 422, r.content
    assert r.json()["field"] == "fine" and r.json()["detail"] == f"fine: {REQUIRED}"
    assert not Disposition.objects.exists()


def test_a_fine_of_zero_is_outside_the_range_and_the_least_fine_is_taken_164_14(mu, summoned):
    r = _dispose(mu["town_clerk"], summoned, {"outcome": "convicted", "fine": "0.00"})
    assert r.status_code == 422 and r.json()["detail"].startswith("fine: $0.00 is outside $25.00 to $100.00")
    r = _dispose(mu["town_clerk"], summoned, {"outcome": "convicted", "fine": "25.00"})
    assert r.status_code == 201 and r.json()["fine"] == "25.00"


@pytest.mark.parametrize("body", [{"outcome": "dismissed"}, {"outcome": "dismissed", "fine": "0.00"}])
def test_a_dismissal_takes_no_fine(mu, summoned, body):
    r = _dispose(mu["town_clerk"], summoned, body)
    assert r.status_code == 201 and r.json()["outcome"] == "dismissed"


def test_the_page_shows_the_fine_required_beside_the_fine_164_14(mu, summoned):
    v = summoned
    r = client_for(mu["town_clerk"]).post(f"/mount-pleasant-ny/enforcement/disposition/{v.pk}/",
                                          {f"d{v.pk}-outcome": "convicted", **version_of(v, f"d{v.pk}")})
    assert r.status_code == 422
    m = re.search(rf'id="err-id_d{v.pk}-fine"[^>]*>(.*?)</div>', r.content.decode(), re.S)
    assert m and re.sub(r"<[^>]+>", "", m.group(1)).strip() == REQUIRED
    assert not Disposition.objects.exists()
