"""Migration permits 0006 (interpretation P-38): a bond released or forfeited before the day of the act was recorded
with it gets, as that day, the Town's date of the history row that recorded the act — the day the permit and BLDS
printed until then (P-35) —; a bond still posted gets none."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("to_the_latest_migrations")]

BEFORE = [("permits", "0005_exemption_and_approval_basis")]
AFTER = [("permits", "0006_bond_disposition_on")]


def test_bonds_released_before_get_the_day_their_history_recorded_in_the_towns_time_p38():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    town = old.get_model("accounts", "Town").objects.create(ocd_id="ocd-division/country:us/state:ny/place:p38",
                                                             name="P-38", jurisdiction_alias="carmel-ny")
    user = old.get_model("accounts", "User").objects.create(username="p38-applicant")
    made = old.get_model("permits", "PermitApplication").objects.create
    released = made(town=town, applicant=user, state="bond_released", bond_disposition="released")
    posted = made(town=town, applicant=user, state="cleanup_inspected")
    history = old.get_model("permits", "HistoricalPermitApplication").objects.create
    # (recorded at 01:30 UTC on 3 September: still 2 September in the Town, New York)
    for state, disposition, moment in (("cleanup_inspected", "", dt.datetime(2026, 8, 21, 15, tzinfo=dt.UTC)),
                                       ("bond_released", "released", dt.datetime(2026, 9, 3, 1, 30, tzinfo=dt.UTC))):
        history(id=released.pk, town=town, applicant=user, state=state, bond_disposition=disposition,
                history_date=moment, history_type="~", created_at=moment, version=1)
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    days = dict(new.get_model("permits", "PermitApplication").objects.values_list("pk", "bond_disposition_on"))
    assert days == {released.pk: dt.date(2026, 9, 2), posted.pk: None}
