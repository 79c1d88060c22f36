"""The API's JSON reader (`api.parser.loads_unique`): its fast path (jiter, exact decimals, repeated keys and
constants refused) gives exactly what the standard library's parser with `unique_keys`, ``parse_float=Decimal``
and `no_json_constant` gives — the same value, or the same refusal naming the same key — on every body, however
its keys repeat, its strings hold colons or escapes, its numbers are written or its whitespace lies."""

from __future__ import annotations

import json
import math
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from publicassembly.api.parser import loads_unique
from publicassembly.law.cases import RepeatedKey, no_json_constant, unique_keys


def _standard(body: bytes) -> tuple[str, Any]:
    try:
        return "value", json.loads(body, object_pairs_hook=unique_keys, parse_float=Decimal,
                                   parse_constant=no_json_constant)
    except RepeatedKey as exc:
        return "repeated", exc.key
    except (ValueError, RecursionError) as exc:
        return "error", type(exc).__name__


def _fast(body: bytes) -> tuple[str, Any]:
    try:
        return "value", loads_unique(body)
    except RepeatedKey as exc:
        return "repeated", exc.key
    except (ValueError, RecursionError) as exc:
        return "error", type(exc).__name__


def _same(a: Any, b: Any) -> bool:
    """Equal values of the same types (1 and 1.0 differ; NaN equals NaN)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return bool(a == b)


# Keys and strings rich in the characters the fast path counts or looks for: colons, quotes, backslashes.
_TEXT = st.text(alphabet=st.sampled_from(['a', 'b', ':', ' ', '"', '\\', 'é', '\n', '/', '\u2028']), max_size=6)
_SPACE = st.sampled_from(["", " ", "\n  ", "\t"])


def _string(text: str, escape_all: bool) -> str:
    return json.dumps(text, ensure_ascii=escape_all)


@st.composite
def _body(draw: st.DrawFn, depth: int = 0) -> str:
    """JSON text written by hand, so that an object may name a key twice."""
    kind = draw(st.sampled_from(["object", "object", "array", "scalar"] if depth < 3 else ["scalar"]))
    gap = draw(_SPACE)
    if kind == "scalar":
        return draw(st.one_of(
            st.integers(-(2**70), 2**70).map(str), st.floats(allow_nan=False, allow_infinity=False).map(repr),
            st.sampled_from(["true", "false", "null", "NaN", "1E400", "-0", "1.0"]),
            st.builds(_string, _TEXT, st.booleans())))
    if kind == "array":
        items = draw(st.lists(_body(depth + 1), max_size=3))
        return "[" + gap + ("," + gap).join(items) + "]"
    keys = draw(st.lists(st.sampled_from(["a", "b", "a:b", ":", ' "q" ', "é"]), max_size=4))
    members = [_string(k, draw(st.booleans())) + draw(_SPACE) + ":" + gap + draw(_body(depth + 1)) for k in keys]
    return "{" + gap + ("," + gap).join(members) + "}"


@settings(max_examples=600, deadline=None)
@given(_body())
def test_the_fast_path_reads_every_body_as_the_standard_parser_does(text: str) -> None:
    body = text.encode("utf-8", "surrogatepass")
    expected, got = _standard(body), _fast(body)
    assert expected[0] == got[0], (text, expected, got)
    if expected[0] == "value":
        assert _same(expected[1], got[1]), (text, expected, got)
    else:
        assert expected[1] == got[1], (text, expected, got)


@pytest.mark.parametrize(("body", "key"), [
    (b'{"a":1,"a":2}', "a"),
    (b'{"a" :1,"a":2}', "a"),  # a space before the colon
    (b'{"a":":x","a":"y"}', "a"),  # the dropped value held a colon
    (b'{"a":"x:y","a" : "x:y"}', "a"),
    (b'[{"a":1},{"b":{"c":1,"c":1}}]', "c"),  # deep in a list
    (b'{"\\u0061":1,"a":2}', "a"),  # the same key, escaped once
])
def test_a_key_given_twice_is_refused_by_name(body: bytes, key: str) -> None:
    with pytest.raises(RepeatedKey) as caught:
        loads_unique(body)
    assert caught.value.key == key


def test_a_case_without_repeated_keys_is_read_whole() -> None:
    body = b'{"jurisdiction": "carmel-ny", "times": "10:00-22:00", "x": {"y": [1, 2.5, "a:b"]}}'
    assert loads_unique(body) == {"jurisdiction": "carmel-ny", "times": "10:00-22:00",
                                  "x": {"y": [1, Decimal("2.5"), "a:b"]}}


@pytest.mark.parametrize(("text", "exact"), [
    (b"1499.99999999999999999", Decimal("1499.99999999999999999")),  # a binary float would be 1500.0
    (b"1e-999", Decimal("1E-999")),  # a binary float would be 0.0
    (b"0.1", Decimal("0.1")), (b"-0.0", Decimal("-0.0")), (b"1E400", Decimal("1E+400")),
])
def test_a_number_with_a_fraction_or_exponent_is_read_exactly(text: bytes, exact: Decimal) -> None:
    """Exact arithmetic for areas and money: the body's number is read as written, as a case file's is."""
    value = loads_unique(b'{"area": ' + text + b"}")["area"]
    assert type(value) is Decimal and str(value) == str(exact)


@pytest.mark.parametrize("constant", [b"NaN", b"Infinity", b"-Infinity"])
def test_the_non_standard_constants_are_refused(constant: bytes) -> None:
    with pytest.raises(ValueError, match="is not a JSON number"):
        loads_unique(b'{"area": ' + constant + b"}")


@pytest.mark.parametrize("body", [b'{"a": NaN}', b'{"a": 1E400}', b'{"a": 123456789012345678901234567890}',
                                  b'"\\ud800"', b"\xef\xbb\xbf{}", b'{"a": 1,}', b"\xff", b"[" * 5000 + b"]" * 5000])
def test_what_jiter_refuses_is_answered_as_the_standard_parser_answers(body: bytes) -> None:
    expected, got = _standard(body), _fast(body)
    assert expected[0] == got[0] and (_same(expected[1], got[1]) if expected[0] == "value" else
                                      expected[1] == got[1])
