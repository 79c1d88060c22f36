"""A text too long is refused by the API in the words of the pages and the case files (one function,
`law.cases.too_long`): the bound and the length given, grouped — "is too long: at most 5,000 characters (got
5,001)". The API said "is too long: at most 5000 characters" (no grouping, no length) for the fields whose value
its framework drops from the error (an inspection's ``notes``, an offender's ``name``); an input bound, not law
(G-4, W-39). The bound itself is taken (5,000 characters), one more refused."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from tests.api.conftest import api_client, post_json

from publicassembly.enforcement.models import Offender
from publicassembly.law.cases import too_long
from publicassembly.venues.models import Inspection
from publicassembly.web.forms.widgets import _LENGTHS

pytestmark = pytest.mark.django_db

MP = "/api/v1/towns/mount-pleasant-ny"


def _record(user, insp, notes: str):
    return post_json(api_client(user), f"{MP}/inspections/{insp.pk}/record",
                     {"done_on": dt.date.today().isoformat(), "exits_blocked": False, "notes": notes})


@pytest.mark.parametrize(("length", "refused"), [(5000, False), (5001, True)])
def test_inspection_notes_of_5001_characters_told_with_the_bound_and_the_length(hall, mu, length, refused):
    """An inspection's ``notes`` (at most 5,000 characters): 5,000 are recorded; 5,001 are refused 422 naming
    ``notes``: "is too long: at most 5,000 characters (got 5,001)", nothing recorded."""
    insp = hall.inspections.get()
    r = _record(mu["building_inspector"], insp, "n" * length)
    insp.refresh_from_db()
    if refused:
        assert r.status_code == 422, r.content
        assert r.json()["errors"] == [{"field": "notes", "msg": "is too long: at most 5,000 characters (got 5,001)"}]
        assert r.json()["detail"] == "notes: is too long: at most 5,000 characters (got 5,001)"
        assert insp.state == Inspection.SCHEDULED
    else:
        assert r.status_code == 200, r.content
        assert insp.state == Inspection.DONE and len(insp.notes) == 5000


@pytest.mark.parametrize(("length", "refused"), [(200, False), (201, True)])
def test_offender_name_of_201_characters_told_with_the_bound_and_the_length(mount_pleasant, mu, length, refused):
    """An offender's ``name`` (at most 200 characters): 200 registered, 201 refused with the length given."""
    r = api_client(mu["enforcement_officer"]).post(f"{MP}/offenders", json.dumps({"kind": "firm", "name": "x" * length}),
                                                   content_type="application/json")
    if refused:
        assert r.status_code == 422, r.content
        assert {"field": "name", "msg": "is too long: at most 200 characters (got 201)"} in r.json()["errors"]
        assert not Offender.objects.exists()
    else:
        assert r.status_code == 201, r.content


def test_the_pages_sentence_is_the_apis_words_capitalised():
    """The pages' sentence (a form's refusal, translated) says what the API says, as a sentence: the same words,
    the bound and the length grouped the same way."""
    page = str(_LENGTHS["max_length"]) % {"limit": "5,000", "length": "5,001"}
    api = str(too_long(5000, 5001))
    assert page == api[0].upper() + api[1:] + "." == "Is too long: at most 5,000 characters (got 5,001)."
