"""The API's JSON writer (api/renderers.py): orjson, with the values ninja's encoder would write."""

import dataclasses
import json
from datetime import UTC, date, datetime
from decimal import Decimal
from enum import Enum, IntEnum, StrEnum
from pathlib import Path
from types import MappingProxyType
from uuid import UUID

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from ninja.responses import NinjaJSONEncoder

from publicassembly.api.renderers import dumps, dumps_law
from publicassembly.law import evaluate
from publicassembly.law.dates import LegalDate
from publicassembly.law.jsonable import as_is, jsonable
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


# --- dumps_law: a determination's JSON in one pass ---------------------------------------------------------

EXAMPLES = sorted(Path(__file__).resolve().parents[2].joinpath("examples").glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_a_determination_written_in_one_pass_is_the_same_json(path):
    """POST /check writes ``to_json(as_is)`` with `dumps_law`: byte for byte the JSON of ``to_json()``."""
    case = yaml.safe_load(path.read_text())
    if not isinstance(case, dict) or "jurisdiction" not in case:
        pytest.skip("not a case file")
    determination = evaluate(case, None if case.get("as_of") else date(2026, 7, 1))
    assert dumps_law(determination.to_json(as_is)) == dumps(determination.to_json())


class Kind(IntEnum):
    ONE = 1


class Plain(Enum):
    A = "a"


@dataclasses.dataclass(frozen=True)
class Point:
    x: Decimal
    y: object = None


_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**80), max_value=2**80), st.text(max_size=5),
    # decimals within the law core's bounds (`units.MAX_MAGNITUDE`, a quadrillion), as its quantities are
    st.floats(allow_nan=False, allow_infinity=False),
    st.decimals(min_value=-(10**15), max_value=10**15, allow_nan=False, allow_infinity=False, places=8),
    st.fractions(max_denominator=1000), st.dates(), st.datetimes(timezones=st.sampled_from([None, UTC])),
    st.sampled_from([Colour.RED, Kind.ONE, Plain.A]), st.builds(lambda n: _("{n} persons", n=n), st.integers()),
    st.builds(LegalDate, st.dates(), st.text(max_size=5)),
    st.builds(Point, st.decimals(min_value=-(10**15), max_value=10**15, allow_nan=False, allow_infinity=False)),
)


def _containers(children):
    keys = st.one_of(st.text(max_size=4), st.integers(-3, 3), st.dates())
    return st.one_of(
        st.lists(children, max_size=4), st.lists(children, max_size=4).map(tuple),
        st.dictionaries(st.text(max_size=4), children, max_size=4),
        st.dictionaries(keys, children, max_size=4),  # keys that are not text: converted by str()
        st.dictionaries(st.text(max_size=4), children, max_size=4).map(MappingProxyType),
        st.frozensets(st.integers(-5, 5), max_size=3),
    )


@settings(max_examples=300, deadline=None)
@given(st.recursive(_LEAVES, _containers, max_leaves=20))
def test_dumps_law_writes_what_dumps_writes_of_jsonable(value):
    """Whatever law-core values hold, the one-pass writer gives the JSON of ``jsonable`` written by `dumps`."""
    assert dumps_law(value) == dumps(jsonable(value))
