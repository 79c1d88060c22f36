"""A free text of a case (a name, an address, a description) holding a control character — U+0000, a terminal
escape, DEL, a C1 control, a direction control — is refused when the case is read (interpretation G-6: no
document prints them, and they would act on the terminal or page showing them): ``POST /api/v1/check`` answers
422 naming the field and the characters by their code points, never echoing them; ``publicassembly check``
exits 2 with one line saying the same. They were taken and echoed in the determination (``purpose``,
``applicant.name``, ``conditions.*.description``, …). Whitespace (a tab, a line break) is text, printed as a
space, and taken."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from publicassembly.cli import app
from publicassembly.law.cases import parse_case
from publicassembly.law.errors import InvalidCase
from publicassembly.law.units import controls

pytestmark = pytest.mark.django_db

EVENT = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-07-01", "max_persons_at_one_time": 600}
VENUE = {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2026-07-01", "name": "Hall",
         "spaces": [{"name": "Ballroom", "use_group": "assembly_without_fixed_seats", "area": 1500}]}
SAID = "must be text without control characters (it holds {}, which no document prints and which would act on the " \
       "screen showing them)"

#: Each control refused, with its neighbours on the other side of the bound taken (below).
REFUSED = ["\x00", "\x01", "\x08", "\x0e", "\x1b", "\x7f", "\x80", "\x84", "\x86", "\x9f",
           "\u202a", "\u202e", "\u2066", "\u2069"]
#: Text, taken: whitespace (printed as a space), the printable neighbours of the controls, letters.
TAKEN = ["\t", "\n", "\r\n", "\x0b", "\x0c", "\x85", " ", "~", "\xa0", "\u2029", "\u202f", "\u2070", "Dvořák"]


def _check(case: dict) -> tuple[int, dict]:
    r = Client().post("/api/v1/check", json.dumps(case), content_type="application/json")
    return r.status_code, r.json()


@pytest.mark.parametrize("ch", REFUSED, ids=lambda c: f"U+{ord(c):04X}")
def test_a_control_character_in_the_name_is_422_naming_it(ch):
    status, body = _check(EVENT | {"name": f"County{ch} Fair"})
    assert status == 422
    assert body["field"] == "name"
    assert body["detail"] == "name: " + SAID.format(f"U+{ord(ch):04X}")
    assert ch not in json.dumps(body, ensure_ascii=False)  # named by its code point, never echoed


@pytest.mark.parametrize("ch", TAKEN, ids=lambda c: "+".join(f"U+{ord(x):04X}" for x in c))
def test_whitespace_and_printable_text_in_the_name_is_taken(ch):
    status, body = _check(EVENT | {"name": f"County{ch} Fair"})
    assert status == 200, body
    assert controls(f"County{ch} Fair") == []


@pytest.mark.parametrize(("case", "field"), [
    (EVENT | {"purpose": "a\x00"}, "purpose"),
    (EVENT | {"applicant": {"name": "Olga\x1b[2J"}}, "applicant.name"),
    (EVENT | {"properties": [{"address": "1 Main St\x07"}]}, "properties[0].address"),
    (EVENT | {"conditions": {"toilets": {"description": "12 units\u202e"}}}, "conditions.toilets.description"),
    (EVENT | {"dates": {"first_day": "2026-09-05", "daily_hours": "10:00-22:00\x00"}}, "dates.daily_hours"),
    (VENUE | {"name": "Kensico\x00 Manor"}, "name"),
    (VENUE | {"spaces": [dict(VENUE["spaces"][0], name="Ball\x00room")]}, "spaces[0].name"),
])
def test_every_free_text_of_a_case_is_checked(case, field):
    status, body = _check(case)
    assert status == 422 and body["field"] == field, body
    assert body["detail"].startswith(f"{field}: must be text without control characters (it holds U+")


def test_each_control_is_named_once_in_order_and_every_field_is_listed():
    status, body = _check(EVENT | {"name": "a\x1bb\x00c\x1b", "purpose": "\x07"})
    assert status == 422
    assert body["detail"] == "name: " + SAID.format("U+001B, U+0000") + " (and 1 more error)"
    assert [e["field"] for e in body["errors"]] == ["name", "purpose"]
    assert body["errors"][1]["msg"] == SAID.format("U+0007")


def test_at_most_ten_controls_are_named():
    ten = "".join(chr(c) for c in range(1, 11) if chr(c) not in "\t\n")  # U+0001-U+0008 and the two after
    ten += "\x0e\x0f"
    assert len(controls(ten)) == 10
    assert _check(EVENT | {"name": ten})[1]["detail"].endswith("U+000E, U+000F, which no document prints and "
                                                               "which would act on the screen showing them)")
    eleven = _check(EVENT | {"name": ten + "\x10"})[1]["detail"]
    assert "U+000F, …, which no document prints" in eleven and "U+0010" not in eleven


def test_the_law_core_names_the_field():
    with pytest.raises(InvalidCase) as caught:
        parse_case(EVENT | {"sponsor": {"name": "St. Mary\x00"}})
    assert caught.value.field == "sponsor.name"


def test_the_cli_exits_2_with_one_line_naming_the_field():
    from typer.testing import CliRunner

    text = json.dumps(EVENT | {"name": "County\x00 Fair"})
    column = text.index('"name"') + 1  # where the field stands in the file
    for fmt in ("text", "json"):
        result = CliRunner().invoke(app, ["check", "-", "--format", fmt], input=text)
        assert result.exit_code == 2, result.output
        lines = result.stderr.strip().splitlines()
        assert lines == [f"publicassembly: error: standard input, line 1, column {column}: name: "
                         + SAID.format("U+0000")]
        assert "\x00" not in result.output
    ok = CliRunner().invoke(app, ["check", "-", "--format", "json"], input=json.dumps(EVENT | {"name": "County\tFair"}))
    assert ok.exit_code == 0, ok.stderr


def test_the_pattern_the_models_check_refuses_exactly_the_controls_named():
    """`NO_CONTROLS` (checked by pydantic in its compiled core) and `controls` (which names them) refuse the same
    characters, on every character of the Basic Multilingual Plane (surrogates, no characters, aside) and a few
    beyond it: U+0000-U+0008, U+000E-U+001B, U+007F-U+0084, U+0086-U+009F and the direction controls
    U+202A-U+202E, U+2066-U+2069 — not the whitespace among the controls (U+0009-U+000D, U+001C-U+001F, U+0085)."""
    from pydantic import TypeAdapter, ValidationError

    from publicassembly.law.units import Text

    text = TypeAdapter(Text)
    by_pattern, by_controls = [], []
    for cp in [*range(0xD800), *range(0xE000, 0x10000), 0x1F389, 0xE0001, 0x10FFFF]:
        try:
            text.validate_python(f"a{chr(cp)}b")
        except ValidationError:
            by_pattern.append(cp)
        if controls(f"a{chr(cp)}b"):
            by_controls.append(cp)
    expected = [*range(0x00, 0x09), *range(0x0E, 0x1C), *range(0x7F, 0x85), *range(0x86, 0xA0),
                *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
    assert by_pattern == by_controls == expected
