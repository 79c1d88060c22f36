"""A conviction decided before the summons' return day (Mount Pleasant § 164-12: "Any summons so issued shall be made
returnable in the Town Justice Court"; interpretation W-37): the return day is the day the summons calls the
defendant to appear, so a conviction dated before it is refused unless the reason says why (the defendant pleaded or
appeared before it) — a wrong day is no harmless slip: a conviction counts as a prior offense for every violation
observed after the day it was decided (§ 164-14, W-3), so a day too early makes a later offense a second one. A
dismissal, which takes nothing from the defendant and counts for nothing, may be dated before it. Both sides of the
boundary: the return day itself, and the day before."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from tests.api.conftest import api_client
from tests.refused import fields, refusals
from tests.web.conftest import client_for, version_of

from publicassembly.accounts.models import Role
from publicassembly.enforcement import services as es
from publicassembly.enforcement.models import Disposition, Violation

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 12, 1)
ISSUED, RETURNS = dt.date(2026, 11, 2), dt.date(2026, 11, 23)  # Mondays: the court sits (W-8)
DAY_BEFORE = RETURNS - dt.timedelta(days=1)
MP_COURT = "Town Justice Court of the Town of Mount Pleasant"
PLEA = "pleaded guilty by mail on 2026-11-20, before the return day"


def before_the_return_day(day: dt.date, court: str = MP_COURT, returns: dt.date = RETURNS) -> str:
    return (f"{day.isoformat()} is before the summons' return day ({returns.isoformat()}), the day it calls the "
            f"defendant to appear in the {court}: a conviction decided before it is recorded only with the reason "
            "saying why (the defendant pleaded or appeared before the return day); give the reason, or the day the "
            "court decided (interpretation W-37)")


@pytest.fixture(autouse=True)
def _today(travel_to):
    travel_to(TODAY)


@pytest.fixture
def summoned(bi, violation):
    es.issue_summons(bi, violation, issued_on=ISSUED, return_date=RETURNS)
    violation.refresh_from_db()
    return violation


@pytest.mark.parametrize(("decided_on", "refused"), [(RETURNS, False), (DAY_BEFORE, True)])
def test_a_conviction_on_the_return_day_stands_the_day_before_is_refused_164_12(bi, summoned, decided_on, refused):
    if refused:
        got = refusals(lambda: es.record_disposition(bi, summoned, outcome="convicted", decided_on=decided_on,
                                                     fine="50"))
        assert got == [("decided_on", before_the_return_day(DAY_BEFORE))]
        assert not Disposition.objects.exists()
        summoned.refresh_from_db()
        assert summoned.state == Violation.SUMMONED
    else:
        d = es.record_disposition(bi, summoned, outcome="convicted", decided_on=decided_on, fine="50")
        assert (d.decided_on, d.fine, d.offense_number) == (RETURNS, 50, 1)


def test_the_day_before_with_the_reason_saying_why_is_recorded_and_the_reason_kept_164_12(bi, summoned):
    d = es.record_disposition(bi, summoned, outcome="convicted", decided_on=DAY_BEFORE, fine="50", reason=PLEA)
    assert d.decided_on == DAY_BEFORE
    assert d.history.latest().history_change_reason == PLEA


def test_a_reason_of_spaces_is_no_reason_164_12(bi, summoned):
    assert fields(refusals(lambda: es.record_disposition(bi, summoned, outcome="convicted", decided_on=DAY_BEFORE,
                                                         fine="50", reason="   "))) == ["decided_on"]


def test_the_day_of_issue_itself_is_before_the_return_day_w7(bi, summoned):
    """Not before the summons was issued (W-7), but before its return day: W-37's refusal alone."""
    got = refusals(lambda: es.record_disposition(bi, summoned, outcome="convicted", decided_on=ISSUED, fine="50"))
    assert got == [("decided_on", before_the_return_day(ISSUED))]


def test_a_conviction_recorded_today_with_the_return_day_to_come_is_refused(bi, violation):
    """The day decided left out is today: a conviction recorded the day the summons is issued, returnable in three
    weeks, is the slip W-37 guards against."""
    es.issue_summons(bi, violation, return_date=dt.date(2026, 12, 22))
    violation.refresh_from_db()
    got = refusals(lambda: es.record_disposition(bi, violation, outcome="convicted", fine="50"))
    assert got == [("decided_on", before_the_return_day(TODAY, returns=dt.date(2026, 12, 22)))]


@pytest.mark.parametrize("decided_on", [DAY_BEFORE, RETURNS])
def test_a_dismissal_before_the_return_day_stands_without_a_reason(bi, summoned, decided_on):
    d = es.record_disposition(bi, summoned, outcome="dismissed", decided_on=decided_on)
    assert (d.outcome, d.decided_on) == ("dismissed", decided_on)


def test_the_refusal_is_told_with_the_sentences_w38(bi, summoned):
    got = refusals(lambda: es.record_disposition(bi, summoned, outcome="convicted", decided_on=DAY_BEFORE, fine="5"))
    assert fields(got) == ["decided_on", "fine"]


def test_carmel_the_same_for_its_summons_penalties_a(other, carmel, day):
    """Carmel ch. 31 penalties: its summons is returnable in the Town Justice Court of the Town of Carmel (W-2)."""
    cbi = other[Role.BUILDING_INSPECTOR]
    offender = es.register_offender(cbi, carmel, kind="person", name="John Doe")
    complaint = es.file_complaint(cbi, carmel, description="concert of 2,000, no permit", observed_on=day,
                                  filed_on=day, offender=offender, in_presence=True)
    v = es.record_violation(cbi, complaint, rule_id="carmel/permit/a-required", days_of_continued_violation=1)
    es.issue_summons(cbi, v, issued_on=ISSUED, return_date=RETURNS)
    v.refresh_from_db()
    got = refusals(lambda: es.record_disposition(cbi, v, outcome="convicted", decided_on=DAY_BEFORE, fine="100"))
    assert got == [("decided_on", before_the_return_day(DAY_BEFORE, "Town Justice Court of the Town of Carmel"))]
    assert es.record_disposition(cbi, v, outcome="convicted", decided_on=RETURNS, fine="100").decided_on == RETURNS


# --- the API and the page ------------------------------------------------------------------------------------------


def test_the_api_answers_422_naming_decided_on_and_takes_the_reason(mp, summoned):
    c = api_client(mp[Role.TOWN_CLERK])
    url = f"/api/v1/towns/mount-pleasant-ny/violations/{summoned.pk}/disposition"
    body = {"outcome": "convicted", "decided_on": DAY_BEFORE.isoformat(), "fine": "50"}
    r = c.post(url, json.dumps(body), content_type="application/json")
    assert r.status_code == 422 and r.json()["field"] == "decided_on"
    assert r.json()["detail"] == f"decided_on: {before_the_return_day(DAY_BEFORE)}"
    r = c.post(url, json.dumps({**body, "reason": PLEA}), content_type="application/json")
    assert r.status_code == 201 and r.json()["outcome"] == "convicted", r.content


def test_the_page_tells_it_beside_the_day_and_its_reason_field_records_it(mp, summoned):
    clerk = client_for(mp[Role.TOWN_CLERK])
    p = f"d{summoned.pk}"
    url = f"/mount-pleasant-ny/enforcement/disposition/{summoned.pk}/"
    form = {f"{p}-outcome": "convicted", f"{p}-decided_on": DAY_BEFORE.isoformat(), f"{p}-fine": "50"}
    r = clerk.post(url, {**form, **version_of(summoned, p)})
    assert r.status_code == 422
    assert "before the summons&#x27; return day (2026-11-23)" in r.content.decode()
    assert not Disposition.objects.exists()
    r = clerk.post(url, {**form, f"{p}-reason": PLEA, **version_of(summoned, p)})
    assert r.status_code == 302
    assert Disposition.objects.get().decided_on == DAY_BEFORE
