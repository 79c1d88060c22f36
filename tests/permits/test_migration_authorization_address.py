"""Migration permits 0004 (P-12): the authorizations to inspect recorded before it get the address of the
property at their position in their application's facts, so that they keep counting for that property."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("to_the_latest_migrations")]

BEFORE = [("permits", "0003_queue_index")]
AFTER = [("permits", "0004_authorization_property_address")]


def test_authorizations_recorded_before_get_their_propertys_address_paragraph_d_p12():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    town = old.get_model("accounts", "Town").objects.create(ocd_id="ocd-division/country:us/state:ny/place:p12",
                                                             name="P-12", jurisdiction_alias="carmel-ny")
    user = old.get_model("accounts", "User").objects.create(username="p12-applicant")
    app = old.get_model("permits", "PermitApplication").objects.create(
        town=town, applicant=user, facts={"properties": [{"address": "1 Fair Road"}, {"address": "5 Lake Road"}]})
    document = old.get_model("permits", "Document").objects.create(
        town=town, application=app, kind="authorization", original_name="a.pdf", storage_name="p12-a.pdf",
        content_type="application/pdf", size=1, sha256="0" * 64, uploaded_by=user)
    made = old.get_model("permits", "Authorization").objects.create
    made(town=town, application=app, property_index=1, party="owner", name="B. Owner", given_on="2026-06-20",
         document=document)
    made(town=town, application=app, property_index=7, party="owner", name="Nobody", given_on="2026-06-20",
         document=document)
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    addresses = dict(new.get_model("permits", "Authorization").objects.values_list("name", "property_address"))
    assert addresses == {"B. Owner": "5 Lake Road", "Nobody": ""}
