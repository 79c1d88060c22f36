"""Removing a property from the web petition (Carmel ch. 31, permit requirements ¶ B(2): the petition names the
property or properties on which the assembly takes place). Every property of two or more has a "Remove this
property" box, the first too (it had none, unlike the others); the only property has none, and removing every
property is refused beside the first's box, naming it, with nothing saved: a petition names at least one."""

from __future__ import annotations

import re

import pytest
from tests.web.conftest import client_for
from tests.web.test_petition_web import FULL, _file

from publicassembly.permits.models import PermitApplication

pytestmark = pytest.mark.django_db

FIRST, SECOND = FULL["property_address"], FULL["property-0-address"]
#: The petition of FULL with one property only (its further property's form left empty).
ONE = {**FULL, **{k: "" for k in FULL if k.startswith("property-0-")}}
REFUSED = ("A petition names at least one property (permit requirements ¶ B(2)): keep this one, or give another "
           "property before removing it.")


def _edit(c, app, **changes):
    """The edit page posted with FULL's answers (the second property stored: one initial form) and `changes`."""
    return c.post(f"/carmel-ny/applications/{app.pk}/edit/", {
        **FULL, "property-INITIAL_FORMS": "1", "property-TOTAL_FORMS": "2", "expected_version": app.version,
        **changes})


def _boxes(html: str) -> list[str]:
    """The names of the page's "Remove this property" boxes."""
    return re.findall(r'<input type="checkbox" name="([^"]*(?:remove_property|DELETE))"', html)


def test_each_of_two_properties_has_a_remove_box_the_first_too_par_b2(carmel, cu):
    c = client_for(cu["applicant"])
    app = _file(c)
    html = c.get(f"/carmel-ny/applications/{app.pk}/edit/").content.decode()
    assert _boxes(html) == ["remove_property", "property-0-DELETE", "property-1-DELETE"]
    assert '<label for="id_remove_property">Remove this property</label>' in html


def test_the_only_property_has_no_remove_box_par_b2(carmel, cu):
    c = client_for(cu["applicant"])
    assert "remove_property" not in _boxes(c.get("/carmel-ny/apply/new/").content.decode())
    app = _file(c, ONE)
    assert [p["address"] for p in app.facts["properties"]] == [FIRST]
    assert "remove_property" not in _boxes(c.get(f"/carmel-ny/applications/{app.pk}/edit/").content.decode())


def test_removing_the_first_of_two_keeps_the_second_as_the_first_par_b2(carmel, cu):
    """The second property becomes the petition's only one (with its record owner, interest and persons); the
    edit page then shows it as the first, with no Remove box."""
    c = client_for(cu["applicant"])
    app = _file(c)
    r = _edit(c, app, remove_property="on", property_persons="not a number")  # (a removed property's answers
    assert r.status_code == 302, r.content.decode()[:2000]                      # are left out, errors and all)
    app.refresh_from_db()
    assert app.facts["properties"] == [{"address": SECOND, "record_owner": "B. Owner", "applicant_interest": "Tenant",
                                        "max_persons_at_one_time": 200}]
    html = c.get(f"/carmel-ny/applications/{app.pk}/edit/").content.decode()
    assert f'name="property_address" value="{SECOND}"' in html and "remove_property" not in _boxes(html)


def test_removing_the_first_on_a_new_petition_files_the_next_par_b2(carmel, cu):
    app = _file(client_for(cu["applicant"]), {**FULL, "remove_property": "on"})
    assert [p["address"] for p in app.facts["properties"]] == [SECOND]


@pytest.mark.parametrize("changes", [
    {"remove_property": "on", "property-0-DELETE": "on"},  # both properties removed
    {"remove_property": "on", "property-0-address": "", "property-0-record_owner": "",
     "property-0-applicant_interest": "", "property-0-max_persons_at_one_time": ""},  # the other emptied
], ids=["both-removed", "other-emptied"])
def test_removing_every_property_is_refused_beside_the_first_box_par_b2(carmel, cu, changes):
    c = client_for(cu["applicant"])
    app = _file(c)
    before, version = app.facts, app.version
    r = _edit(c, app, **changes)
    assert r.status_code == 422
    html = r.content.decode()
    assert re.search(r'id="err-id_remove_property"[^>]*><p class="error">' + re.escape(REFUSED), html)
    assert re.search(r'href="#id_remove_property">Remove this property</a>: ' + re.escape(REFUSED), html)
    app.refresh_from_db()
    assert (app.facts, app.version) == (before, version)


def test_removing_the_only_property_as_posted_is_refused_and_nothing_filed_par_b2(carmel, cu):
    """The box is not offered beside the only property; posted all the same, it is refused, naming it."""
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", {**ONE, "remove_property": "on"})
    assert r.status_code == 422 and 'id="err-id_remove_property"' in r.content.decode()
    assert PermitApplication.objects.count() == 0


def test_a_refusal_of_the_property_that_became_first_stands_beside_its_own_form_par_b2(carmel, cu):
    """The first removed, the case's ``properties[0]`` is the further property's form: the case model's refusal
    of its record owner (a character the documents cannot print, G-6) is shown there; the removed first
    property's record owner, as unprintable, is left out with it and refused nowhere."""
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", {
        **FULL, "remove_property": "on", "property-0-record_owner": "B. Owner \U0001F600",
        "record_owner": "Town of Carmel \U0001F600"})
    assert r.status_code == 422
    html = r.content.decode()
    assert re.search(r'id="err-id_property-0-record_owner"[^>]*><p class="error">', html)
    assert not re.search(r'id="err-id_record_owner"[^>]*><p class="error">', html)
    assert PermitApplication.objects.count() == 0
