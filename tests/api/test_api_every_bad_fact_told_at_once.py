"""Filing a petition through the API tells every bad fact at once, as the petition page does: the facts the
Carmel model refuses and the texts the documents cannot print (G-6), which were checked only once the model took
every fact — an applicant with a text too long and a character the documents cannot print was told the first,
and the second only once the first was put right. Nothing is written."""

from __future__ import annotations

import copy
import json

import pytest
from tests.web.conftest import fair_facts

from publicassembly.permits.models import PermitApplication

pytestmark = pytest.mark.django_db

URL = "/api/v1/towns/carmel-ny/applications"
UNPRINTABLE = ("the documents cannot print '\U0001F600' (U+1F600) (their typeface, DejaVu Sans, has the Latin, Greek "
               "and Cyrillic alphabets among others)")


def _filed(client, facts):
    return client.post(URL, json.dumps({"facts": facts}), content_type="application/json")


def test_a_text_too_long_and_one_unprintable_are_both_told(cu, api):
    facts = copy.deepcopy(fair_facts())
    facts["conditions"]["toilets"]["description"] = "x" * 2001
    facts["name"] = "Fair \U0001F600"
    r = _filed(api(cu["applicant"]), facts)
    assert r.status_code == 422
    assert r.json()["errors"] == [
        {"field": "facts.conditions.toilets.description", "msg": "is too long: at most 2,000 characters (got 2,001)"},
        {"field": "facts.name", "msg": UNPRINTABLE}]
    assert r.json()["detail"] == ("facts.conditions.toilets.description: is too long: at most 2,000 characters (got "
                                  "2,001) (and 1 more error)")
    assert PermitApplication.objects.count() == 0


def test_three_bad_facts_of_three_kinds_are_all_told(cu, api):
    facts = copy.deepcopy(fair_facts())
    facts["max_persons_at_one_time"] = -1
    facts["name"] = "Fair \U0001F600"
    facts["properties"][0]["address"] = "1 Main St \U0001F600"
    r = _filed(api(cu["applicant"]), facts)
    assert r.status_code == 422
    assert [(e["field"], e["msg"]) for e in r.json()["errors"]] == [
        ("facts.max_persons_at_one_time", "must be at least 0 (got -1)"),
        ("facts.name", UNPRINTABLE), ("facts.properties[0].address", UNPRINTABLE)]
    assert PermitApplication.objects.count() == 0


def test_an_unprintable_text_alone_is_told_alone(cu, api):
    facts = copy.deepcopy(fair_facts())
    facts["name"] = "Fair \U0001F600"
    r = _filed(api(cu["applicant"]), facts)
    assert r.status_code == 422
    assert r.json()["errors"] == [{"field": "facts.name", "msg": UNPRINTABLE}]
