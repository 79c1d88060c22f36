"""The API's JSON writer (api/renderers.py): orjson, with the values ninja's encoder would write."""

import json
from datetime import UTC, date, datetime
from decimal import Decimal
from enum import StrEnum
from uuid import UUID

from ninja.responses import NinjaJSONEncoder

from publicassembly.api.renderers import dumps
from publicassembly.law.messages import _


class Colour(StrEnum):
    RED = "red"


def test_values_are_those_of_ninjas_encoder():
    data = {"when": datetime(2026, 11, 29, 20, 35, 0, 123456, tzinfo=UTC), "on": date(2026, 11, 29),
            "fee": Decimal("50.00"), "id": UUID(int=7), "colour": Colour.RED, "n": [1, 2.5, None, True],
            "reason": _("{n} persons", n="1,500"), 3: "int key"}
    assert json.loads(dumps(data)) == json.loads(json.dumps(data, cls=NinjaJSONEncoder))
    assert json.loads(dumps(data))["when"] == "2026-11-29T20:35:00.123Z"  # Django's form, not orjson's
    assert json.loads(dumps(data))["fee"] == "50.00"


def test_a_law_core_message_is_its_english_text():
    assert dumps({"reason": _("{n} persons", n=3)}) == b'{"reason":"3 persons"}'


def test_an_integer_beyond_64_bits_falls_back_to_ninjas_encoder():
    big = 2**70
    assert json.loads(dumps({"persons": big})) == {"persons": big}


def test_text_is_utf8_not_escaped():
    assert dumps({"citation": "§ 164-5"}) == '{"citation":"§ 164-5"}'.encode()
