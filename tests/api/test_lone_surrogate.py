"""A text holding a lone UTF-16 surrogate (JSON ``"\\ud800"``: no character) is refused in the project's words,
naming the field, by the law core's reading of a case (``publicassembly check``, ``POST /api/v1/check``) —
not pydantic's "Input should be a valid string, unable to parse raw data as a unicode string"."""

from __future__ import annotations

import pytest
from django.test import Client

from publicassembly.law.cases import parse_case
from publicassembly.law.errors import InvalidCase

SAID = "must be text of whole characters: it holds a lone surrogate code (such as \\ud800 in JSON), which is no character"


def test_parse_case_names_the_field_of_a_lone_surrogate():
    with pytest.raises(InvalidCase) as caught:
        parse_case({"jurisdiction": "carmel-ny", "subject": "event", "name": "Fair \ud800"})
    assert (caught.value.field, str(caught.value.message)) == ("name", SAID)


def test_a_whole_character_beyond_the_basic_plane_is_text():
    """The other side: a pair of surrogates in JSON is one character (🎉), taken as text."""
    case = parse_case({"jurisdiction": "carmel-ny", "subject": "event", "name": "Fair \U0001F389"})
    assert case.facts.name == "Fair \U0001F389"


def test_api_check_refuses_a_lone_surrogate_naming_the_field(db):
    body = '{"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-07-01", "name": "Fair \\ud800"}'
    r = Client().post("/api/v1/check", data=body, content_type="application/json")
    assert r.status_code == 422, r.content[:300]
    out = r.json()
    assert out["field"] == "name" and out["detail"].endswith(SAID), out
    assert "Input should be" not in r.content.decode()
    ok = Client().post("/api/v1/check", data=body.replace("\\ud800", "\\ud83c\\udf89"),
                       content_type="application/json")
    assert ok.status_code == 200
