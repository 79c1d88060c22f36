"""Carmel ch. 31 ¶ D, P-12: the Clerk records each property's owner's written authorization to inspect on the
application's page. The form offered no choice of property, so every authorization went to the first: a second
property's owner's counted for the first property's, and the second could not be recorded at all (found by a
new-user trial). It now offers each property by number, address and record owner, and takes the name of the
owner the petition gives."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.web.conftest import client_for, fair_facts

from publicassembly.permits import services as sv

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_properties(carmel, cu):
    facts = fair_facts()
    facts["properties"].append({**facts["properties"][0], "address": "102 Farm Road, Carmel, NY",
                                "record_owner": "Evan Neighbor"})
    app = sv.create_draft(cu["applicant"], carmel, facts)
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=dt.date.today())
    sv.accept(cu["town_clerk"], app, today=dt.date.today())
    doc = sv.attach_document(cu["town_clerk"], app, kind="owner's authorization", filename="a.pdf",
                             content=b"%PDF-1.4\n%%EOF\n")
    app.refresh_from_db()
    return app, doc


def _post(cu, app, doc, **fields):
    data = {"expected_version": app.version, "record_authorization-party": "owner",
            "record_authorization-given_on": dt.date.today().isoformat(), "record_authorization-document": doc.pk,
            **{f"record_authorization-{k}": v for k, v in fields.items()}}
    return client_for(cu["town_clerk"]).post(f"/carmel-ny/applications/{app.pk}/record_authorization/", data)


def test_the_form_offers_each_property_by_address_and_owner_paragraph_d(cu, two_properties):
    app, _doc = two_properties
    page = client_for(cu["town_clerk"]).get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert "Property 2: 102 Farm Road, Carmel, NY (record owner Evan Neighbor)" in page
    assert 'name="record_authorization-property_index"' in page


def test_the_second_propertys_owner_authorizes_the_second_property_paragraph_d_p12(cu, two_properties):
    app, doc = two_properties
    r = _post(cu, app, doc, property_index="1", name="Evan Neighbor")
    assert r.status_code == 302, r.content.decode()[:2000]
    auth = app.authorizations.get()
    assert (auth.property_index, auth.property_address) == (1, "102 Farm Road, Carmel, NY")
    owners = [p.get("owner_authorization_to_inspect") for p in sv.case_data(app)["properties"]]
    assert owners == [None, True]


@pytest.mark.parametrize(("index", "name"), [("1", "Somebody Else"), ("0", "Evan Neighbor")])
def test_an_authorization_in_another_name_than_the_owners_is_refused_beside_the_name_paragraph_d_p12(
        cu, two_properties, index, name):
    app, doc = two_properties
    r = _post(cu, app, doc, property_index=index, name=name)
    page = r.content.decode()
    assert r.status_code == 422 and not app.authorizations.exists()
    assert "not " + name in page and "the authorization must be theirs" in page


def test_a_property_the_petition_does_not_name_is_refused_paragraph_d(cu, two_properties):
    app, doc = two_properties
    r = _post(cu, app, doc, property_index="2", name="Evan Neighbor")
    assert r.status_code == 422 and not app.authorizations.exists()


def test_a_second_authorization_of_the_same_owner_for_the_same_property_is_refused_paragraph_d(cu, two_properties):
    """¶ D: one owner's authorization per property is enough; recording it again (a double submit, or a second
    copy) is refused naming who and when, instead of a second record (found by a new-user trial)."""
    app, doc = two_properties
    assert _post(cu, app, doc, property_index="1", name="Evan Neighbor").status_code == 302
    app.refresh_from_db()
    r = _post(cu, app, doc, property_index="1", name="evan  neighbor")
    assert r.status_code == 422 and app.authorizations.count() == 1
    assert "is already recorded" in r.content.decode()


def test_the_applications_page_says_which_facts_an_amendment_changed(carmel, cu):
    """The history on the application's page names what a change changed (an amendment: "changed:
    properties"), where it gave only the reason (found by a second new-user trial)."""
    facts = fair_facts()
    facts["properties"].append({**facts["properties"][0], "address": "102 Farm Road, Carmel, NY"})
    app = sv.create_draft(cu["applicant"], carmel, facts)
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=dt.date.today())
    sv.mark_incomplete(cu["town_clerk"], app, missing_items=["a better map"])
    app.refresh_from_db()
    facts = {**app.facts, "properties": app.facts["properties"][1:]}
    sv.amend(cu["applicant"], app, facts)
    page = client_for(cu["applicant"]).get(f"/carmel-ny/applications/{app.pk}/").content.decode()
    assert "petition amended" in page and "changed: properties" in page
    assert "state: incomplete → amended" in page
