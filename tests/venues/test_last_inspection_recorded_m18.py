"""The last inspection of a place (interpretation M-18: "an inspection recorded later that finds none lifts
them"): of inspections done on the same day the one RECORDED last counts, not the one with the higher id
(§§ 164-2, 164-10, 164-11; a new-user trial: inspections #4 and #5 scheduled, #5 recorded passed, then #4 recorded
the same day with its exits blocked, and a certificate was issued, 201, ``certificate_blockers`` ``[]``). Of
inspections done on different days the later day still counts, whichever was recorded last."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone
from tests.api.conftest import api_client, issue_certificate_api, venue_json
from tests.web.conftest import client_for

from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate, Inspection

BLOCKED_EXIT = "mount-pleasant/164-10/exits-not-blocked"
DAY = dt.timedelta(days=1)


def _record_api(user, insp, **found):
    return api_client(user).post(f"/api/v1/towns/mount-pleasant-ny/inspections/{insp.pk}/record", found,
                                 content_type="application/json")


@pytest.mark.django_db
def test_same_day_the_inspection_recorded_last_counts_not_the_higher_id_164_10_m18(bi, hall):
    """The trial's sequence through the API: #5 recorded with the exits clear, then #4 (lower id) recorded the same day with
    its exits blocked: the blocker is listed and issuing is 409 with it; no certificate is made."""
    today = timezone.localdate()
    four = vs.schedule_inspection(bi, hall, scheduled_for=today)
    five = vs.schedule_inspection(bi, hall, scheduled_for=today)
    assert four.pk < five.pk
    r = _record_api(bi, five, done_on=today.isoformat(), exits_blocked=False, exit_access_clear=True)
    assert r.status_code == 200, r.content
    assert venue_json(bi, hall)["certificate_blockers"] == []  # (exits clear; its toilets do not block)
    r = _record_api(bi, four, done_on=today.isoformat(), exits_blocked=True)
    assert r.status_code == 200 and "blocked_exit" in [d["kind"] for d in r.json()["deficiencies"]], r.content
    assert vs.last_inspection(hall) == four
    listed = venue_json(bi, hall)["certificate_blockers"]
    assert [b["rule"] for b in listed] == [BLOCKED_EXIT], listed
    r = issue_certificate_api(bi, hall)
    assert r.status_code == 409 and r.json()["blockers"] == listed, r.content
    assert not Certificate.objects.filter(venue=hall).exists()
    # the venue page names the same inspection as the latest
    page = client_for(bi).get(f"/mount-pleasant-ny/venues/{hall.pk}/").content.decode()
    assert f"/inspections/{four.pk}/" in page.split("The latest inspection, on")[1].split("</p>")[0]


@pytest.mark.django_db
def test_same_day_a_later_recording_that_finds_the_exits_clear_lifts_them_164_10_m18(bi, hall):
    """The other side: #B (higher id) recorded blocked, then #A (lower id) recorded the same day with the exits
    clear: nothing blocks and the certificate issues (201)."""
    today = timezone.localdate()
    a = vs.schedule_inspection(bi, hall, scheduled_for=today)
    b = vs.schedule_inspection(bi, hall, scheduled_for=today)
    vs.record_inspection(bi, b, done_on=today, exits_blocked=True)
    assert [x.rule for x in vs.exit_blockers(hall)] == [BLOCKED_EXIT]
    vs.record_inspection(bi, a, done_on=today, exits_blocked=False, exit_access_clear=True)
    assert vs.last_inspection(hall) == a
    assert vs.exit_blockers(hall) == []
    assert venue_json(bi, hall)["certificate_blockers"] == []
    assert issue_certificate_api(bi, hall).status_code == 201


@pytest.mark.django_db
def test_on_different_days_the_later_day_counts_whichever_was_recorded_last_164_10_m18(bi, hall):
    """Done today with the exits clear, then yesterday's inspection recorded later with them blocked: today's
    is the last (no blocker); and the other way round, yesterday's clear recorded after today's blocked one
    does not lift today's finding."""
    today = timezone.localdate()
    clear_today = vs.schedule_inspection(bi, hall, scheduled_for=today)
    blocked_yesterday = vs.schedule_inspection(bi, hall, scheduled_for=today - DAY)
    vs.record_inspection(bi, clear_today, done_on=today, exits_blocked=False)
    vs.record_inspection(bi, blocked_yesterday, done_on=today - DAY, exits_blocked=True)
    assert vs.last_inspection(hall) == clear_today and vs.exit_blockers(hall) == []
    blocked_today = vs.schedule_inspection(bi, hall, scheduled_for=today)
    clear_yesterday = vs.schedule_inspection(bi, hall, scheduled_for=today - DAY)
    vs.record_inspection(bi, blocked_today, done_on=today, exits_blocked=True)
    vs.record_inspection(bi, clear_yesterday, done_on=today - DAY, exits_blocked=False)
    assert vs.last_inspection(hall) == blocked_today
    assert [x.rule for x in vs.exit_blockers(hall)] == [BLOCKED_EXIT]
    assert issue_certificate_api(bi, hall).status_code == 409


@pytest.mark.django_db
def test_recording_keeps_when_and_an_unknown_time_falls_back_to_the_id_m18(bi, hall):
    """`record_inspection` sets ``recorded_at``; inspections with none (recorded before it was kept, no
    history) order after one with it on the same day, and among themselves by id."""
    today = timezone.localdate()
    first, second, third = (vs.schedule_inspection(bi, hall, scheduled_for=today) for _ in range(3))
    before = timezone.now()
    vs.record_inspection(bi, third, done_on=today, exits_blocked=True)
    vs.record_inspection(bi, first, done_on=today)
    vs.record_inspection(bi, second, done_on=today)
    first.refresh_from_db()
    assert before <= first.recorded_at <= timezone.now()
    Inspection.objects.filter(pk__in=[first.pk, second.pk]).update(recorded_at=None)
    assert vs.last_inspection(hall) == third  # (the only one with a time of recording)
    Inspection.objects.filter(pk=third.pk).update(recorded_at=None)
    assert vs.last_inspection(hall) == third  # (none has one: the higher id)
    assert list(hall.inspections.filter(state="done").order_by(*Inspection.LAST_FIRST)) == [third, second, first]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("to_the_latest_migrations")
def test_migration_backfills_recorded_at_from_the_history_of_the_recording_m18():
    """venues 0003: an inspection done before it gets the time of its history row of the recording (its first
    row in state done); one with no such row stays null (its id then stands in); a scheduled one stays null."""
    before, after = [("venues", "0002_space_area_to_the_law_bound")], [("venues", "0003_inspection_recorded_at")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    town = old.get_model("accounts", "Town").objects.create(
        ocd_id="ocd-division/country:us/state:ny/place:m18", name="M-18", jurisdiction_alias="mount-pleasant-ny")
    user = old.get_model("accounts", "User").objects.create(username="m18-inspector")
    venue = old.get_model("venues", "Venue").objects.create(town=town, name="Hall", address="1 Main St")
    Insp, Hist = old.get_model("venues", "Inspection"), old.get_model("venues", "HistoricalInspection")
    made = {}
    for name, state in (("recorded", "done"), ("no_history", "done"), ("scheduled", "scheduled")):
        made[name] = Insp.objects.create(town=town, venue=venue, scheduled_for="2026-11-02", inspector=user,
                                         state=state, done_on="2026-11-02" if state == "done" else None)
    fields = {f.attname: getattr(made["recorded"], f.attname) for f in Insp._meta.concrete_fields}
    at = dt.datetime(2026, 11, 2, 15, 30, tzinfo=dt.UTC)
    for when, state in ((at - dt.timedelta(hours=5), "scheduled"), (at, "done"), (at + dt.timedelta(hours=1), "done")):
        Hist.objects.create(**{**fields, "state": state}, history_date=when, history_type="~")
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    got = dict(new.get_model("venues", "Inspection").objects.values_list("pk", "recorded_at"))
    assert got == {made["recorded"].pk: at, made["no_history"].pk: None, made["scheduled"].pk: None}
