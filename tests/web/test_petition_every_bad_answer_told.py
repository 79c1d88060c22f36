"""The petition page tells every bad answer at once, each beside its field, as the API lists every refused fact:
the answers the form refuses itself (a number below 0, a whole number not given) and those the services refuse
(a text longer than the case model takes, a character the documents cannot print, G-6; a date outside the years
counted, G-2) — found in turn before, so that an applicant who sent several bad answers was told the first
kind only, and the next once that was put right. Nothing is saved; no answer the applicant gave well is said to
be refused."""

from __future__ import annotations

import re

import pytest
from tests.web.conftest import client_for
from tests.web.test_petition_web import FULL

from publicassembly.permits.models import PermitApplication

pytestmark = pytest.mark.django_db

TOO_LONG = "is too long: at most 2,000 characters (got 2,001)"  # (`law.cases.too_long`)
UNPRINTABLE = ("the documents cannot print '\U0001F600' (U+1F600) (their typeface, DejaVu Sans, has the Latin, Greek "
               "and Cyrillic alphabets among others)")
OUT_OF_YEARS = ("must be a date from 1778-01-01 to 2099-12-31 (so that the periods counted from it stay in the years "
                "whose public holidays, GCL § 24, are known); got 1700-01-01")
BAD = {
    "c_toilets": ("x" * 2001, TOO_LONG),                                # the services: the case model's bound (G-4)
    "site_map_title": ("Survey \U0001F600", UNPRINTABLE),               # the services: the documents' typeface
    "sponsor_chapter_in_town_since": ("1700-01-01", OUT_OF_YEARS),      # the services: the years counted (G-2)
    "c_housing_persons": ("-5", "Must be at least 0 (got -5)."),        # the form
    "c_nurses": ("three", "Give a whole number, e.g. 12 (got 'three')."),  # the form
    "property-0-address": ("5 Lake Road \U0001F600", UNPRINTABLE),     # the services, in a further property's form
    "property-0-record_owner": ("y" * 2001, "Is too long: at most 2,000 characters (got 2,001)."),  # the form
}


def _told(response) -> dict[str, list[str]]:
    """Each field the page refused (its id without ``id_``) → what is said beside it."""
    from html import unescape

    page = unescape(response.content.decode())
    out = {}
    for field, said in re.findall(r'id="err-id_([\w-]+)"[^>]*>(.*?)</div>', page, re.S):
        lines = [" ".join(re.sub(r"<[^>]+>", " ", li).split()) for li in re.findall(r"<li>(.*?)</li>", said, re.S)]
        lines = lines or [" ".join(re.sub(r"<[^>]+>", " ", said).split())]
        if any(lines):
            out[field] = lines
    return out


def _above(response) -> str:
    found = re.search(r'<ul class="errorlist nonfield">(.*?)</ul>', response.content.decode(), re.S)
    return found.group(1) if found else ""


@pytest.mark.parametrize("fields", [
    ("c_toilets", "c_housing_persons"),           # one the services refuse, one the form refuses
    ("c_toilets", "site_map_title"),              # two the services refuse in turn (the model, then printing)
    ("site_map_title", "c_nurses"),
    ("sponsor_chapter_in_town_since", "site_map_title", "c_toilets"),
    ("c_nurses", "c_toilets", "site_map_title"),
    ("c_nurses", "property-0-address", "property-0-record_owner"),
])
def test_every_bad_answer_of_a_new_petition_is_told_beside_its_field(carmel, cu, fields):
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", {
        **FULL, "sponsor_kind": "civic_group", **{f: BAD[f][0] for f in fields}})
    assert r.status_code == 422
    assert _told(r) == {f: [BAD[f][1]] for f in fields}
    assert not _above(r)
    assert PermitApplication.objects.count() == 0


def test_every_bad_answer_on_the_edit_page_is_told_and_the_draft_kept(carmel, cu):
    c = client_for(cu["applicant"])
    assert c.post("/carmel-ny/apply/new/", FULL).status_code == 302
    app = PermitApplication.objects.get()
    before, version = app.facts, app.version
    fields = ("c_toilets", "site_map_title", "c_housing_persons")
    r = c.post(f"/carmel-ny/applications/{app.pk}/edit/", {
        **FULL, "property-INITIAL_FORMS": "1", "expected_version": app.version,
        **{f: BAD[f][0] for f in fields}})
    assert r.status_code == 422
    assert _told(r) == {f: [BAD[f][1]] for f in fields}
    app.refresh_from_db()
    assert (app.facts, app.version) == (before, version)


def test_a_required_answer_left_out_is_told_once_beside_its_field(carmel, cu):
    """The petition's name left empty (the form: required) and a text too long: both told, the name once — not
    also as a fact missing from the facts the services checked without it."""
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", {**FULL, "name": "", "first_day": "",
                                                                   "c_toilets": BAD["c_toilets"][0]})
    assert r.status_code == 422
    assert _told(r) == {"name": ["This field is required."], "first_day": ["This field is required."],
                        "c_toilets": [TOO_LONG]}
    assert not _above(r)


def test_a_petition_the_form_takes_whole_is_saved_as_before(carmel, cu):
    assert client_for(cu["applicant"]).post("/carmel-ny/apply/new/", FULL).status_code == 302
    assert PermitApplication.objects.count() == 1
