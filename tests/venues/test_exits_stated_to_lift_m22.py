"""An exit deficiency stops the certificate until a later inspection STATES each fact found deficient compliant
(§§ 164-2, 164-10, 164-11; interpretations M-18, M-22). A new-user trial through the API: an inspection found the
exits blocked, access not clear and the fire exits not designated; a second recorded ``{"done_on", "persons_present":
5}`` — nothing of the exits — came out ``passed``, ``certificate_blockers`` ``[]`` and the certificate issued (201).
Such an inspection is ``incomplete`` now (not passed), names the facts it left unstated, and lifts nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone
from tests.api.conftest import api_client, issue_certificate_api, venue_json

from publicassembly.venues import services as vs
from publicassembly.venues.models import Certificate, Inspection

FIRE = "mount-pleasant/164-2/fire-exits"
BLOCKED = "mount-pleasant/164-10/exits-not-blocked"
ACCESS = "mount-pleasant/164-11/exit-access"
ALL_FOUR = ["fire_exits_designated", "fire_exits_comply_with_uniform_code", "exits_blocked", "exit_access_clear"]
DAY = dt.timedelta(days=1)


def _record(user, venue, done_on, **found):
    insp = vs.schedule_inspection(user, venue, scheduled_for=done_on)
    r = api_client(user).post(f"/api/v1/towns/mount-pleasant-ny/inspections/{insp.pk}/record",
                              {"done_on": done_on.isoformat(), **found}, content_type="application/json")
    assert r.status_code == 200, r.content
    return r.json()


def _blockers(user, venue):
    return [b["rule"] for b in venue_json(user, venue)["certificate_blockers"]]


@pytest.mark.django_db
def test_the_trial_an_inspection_stating_nothing_of_the_exits_is_incomplete_and_lifts_nothing_m22(bi, hall):
    today = timezone.localdate()
    vs.issue_certificate(bi, hall, issued_on=today - 3 * DAY)  # (so that no certificate is no deficiency, § 164-3)
    first = _record(bi, hall, today - 2 * DAY, persons_present=50, exits_blocked=True, exit_access_clear=False,
                    fire_exits_designated=False)
    assert first["result"] == "deficiencies"
    assert first["exits_not_stated"] == ["fire_exits_comply_with_uniform_code"]
    assert _blockers(bi, hall) == [FIRE, BLOCKED, ACCESS]
    second = _record(bi, hall, today - DAY, persons_present=5)
    assert second["result"] == "incomplete" and second["deficiencies"] == []
    assert second["exits_not_stated"] == ALL_FOUR
    listed = venue_json(bi, hall)["certificate_blockers"]
    assert [b["rule"] for b in listed] == [FIRE, BLOCKED, ACCESS]
    day = (today - 2 * DAY).isoformat()
    assert listed[1]["reason"].startswith(f"The inspection of Kensico Manor on {day} found: blocked exit.")
    assert "record an inspection that states no exit blocked (§ 164-10)." in listed[1]["reason"]
    assert "the fire exits properly designated (§ 164-2)." in listed[0]["reason"]
    r = issue_certificate_api(bi, hall)
    assert r.status_code == 409 and r.json()["blockers"] == listed, r.content
    assert Certificate.objects.filter(venue=hall).count() == 1  # (not re-issued)
    # the API's list of inspections says the same
    rows = {x["id"]: x for x in api_client(bi).get("/api/v1/towns/mount-pleasant-ny/inspections").json()}
    assert rows[second["id"]]["result"] == "incomplete" and rows[second["id"]]["exits_not_stated"] == ALL_FOUR


@pytest.mark.django_db
def test_a_later_inspection_stating_the_deficient_facts_compliant_lifts_them_then_one_stating_nothing_keeps_clear_m22(
        bi, hall):
    """Both sides: stating two of the three deficient facts lifts those two (§ 164-2 stands); stating the third
    lifts the last; an inspection after that stating nothing is incomplete and finds nothing to lift."""
    today = timezone.localdate()
    vs.issue_certificate(bi, hall, issued_on=today - 3 * DAY)
    _record(bi, hall, today - 3 * DAY, persons_present=5, exits_blocked=True, exit_access_clear=False,
            fire_exits_designated=False)
    _record(bi, hall, today - 2 * DAY, persons_present=5, exits_blocked=False, exit_access_clear=True)
    assert _blockers(bi, hall) == [FIRE]
    assert issue_certificate_api(bi, hall).status_code == 409
    third = _record(bi, hall, today - DAY, persons_present=5, fire_exits_designated=True)
    assert third["result"] == "incomplete"  # (the others not stated at this one: not passed)
    assert _blockers(bi, hall) == []
    fourth = _record(bi, hall, today, persons_present=5)
    assert fourth["result"] == "incomplete" and _blockers(bi, hall) == []
    assert issue_certificate_api(bi, hall).status_code == 201


@pytest.mark.django_db
def test_with_no_earlier_exit_deficiency_an_inspection_stating_nothing_is_incomplete_not_a_blocker_m22(bi, hall):
    """M-22's reading: the chapter makes no inspection a condition of the certificate; an unstated fact is no
    finding. Stating every fact compliant (and nothing else wanting) is passed."""
    today = timezone.localdate()
    vs.issue_certificate(bi, hall, issued_on=today)
    insp = vs.schedule_inspection(bi, hall, scheduled_for=today)
    vs.record_inspection(bi, insp, done_on=today, persons_present=5)
    assert insp.result == Inspection.INCOMPLETE and not insp.deficiencies.exists()
    assert vs.exits_not_stated(insp) == ALL_FOUR
    assert vs.certificate_blockers(hall) == []
    clear = _record(bi, hall, today, persons_present=5, exits_blocked=False, exit_access_clear=True,
                    fire_exits_designated=True, fire_exits_comply_with_uniform_code=True)
    assert clear["result"] == "passed" and clear["exits_not_stated"] == []
    one_short = _record(bi, hall, today, persons_present=5, exits_blocked=False, exit_access_clear=True,
                        fire_exits_designated=True)
    assert one_short["result"] == "incomplete"
    assert one_short["exits_not_stated"] == ["fire_exits_comply_with_uniform_code"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("to_the_latest_migrations")
def test_migration_names_an_inspection_passed_with_exits_unstated_incomplete_m22():
    """venues 0005: a ``passed`` inspection that left a fact of the exits unstated becomes ``incomplete``; one
    that stated all four stays passed; one with deficiencies is untouched."""
    before, after = [("venues", "0004_deficiency_kinds_of_164_5")], [("venues", "0005_inspection_result_incomplete")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    town = old.get_model("accounts", "Town").objects.create(
        ocd_id="ocd-division/country:us/state:ny/place:m22", name="M-22", jurisdiction_alias="mount-pleasant-ny")
    user = old.get_model("accounts", "User").objects.create(username="m22-inspector")
    venue = old.get_model("venues", "Venue").objects.create(town=town, name="Hall", address="1 Main St")
    Insp = old.get_model("venues", "Inspection")
    clear = {"exits_blocked": False, "exit_access_clear": True, "fire_exits_designated": True,
             "fire_exits_comply_with_uniform_code": True}
    made = {name: Insp.objects.create(town=town, venue=venue, scheduled_for="2026-11-02", inspector=user,
                                      state="done", done_on="2026-11-02", result=result, observations=seen)
            for name, result, seen in (("unstated", "passed", {"persons_present": 5, "exits_blocked": None}),
                                       ("one_short", "passed", {**clear, "fire_exits_designated": None}),
                                       ("all_stated", "passed", clear),
                                       ("deficient", "deficiencies", {"exits_blocked": True}))}
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    got = dict(new.get_model("venues", "Inspection").objects.values_list("pk", "result"))
    assert got == {made["unstated"].pk: "incomplete", made["one_short"].pk: "incomplete",
                   made["all_stated"].pk: "passed", made["deficient"].pk: "deficiencies"}
