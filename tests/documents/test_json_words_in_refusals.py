"""A record read from JSON that holds the wrong kind of value is told in JSON's words — ``got true``, ``got
text``, ``got a list``, ``got an object`` — not Python's type names (``got bool``, ``got str``, ``got dict``)."""

from __future__ import annotations

import pytest

from publicassembly.documents.records import CertificateRecord, as_json, json_kind, record_from_json


@pytest.mark.parametrize(("value", "kind"), [
    (None, "null"), (True, "true"), (False, "false"), (12, "a number"), (1.5, "a number"), ("12", "text"),
    ([1], "a list"), ({"a": 1}, "an object"),
])
def test_json_kind_in_jsons_words(value, kind):
    assert json_kind(value) == kind


def test_as_json_shows_what_was_given_as_json_writes_it():
    assert (as_json(True), as_json(None), as_json("12"), as_json("é")) == ("true", "null", '"12"', '"é"')
    assert as_json("x" * 100) == '"' + "x" * 38 + "…"


@pytest.mark.parametrize(("field", "value", "said"), [
    ("number", True, "number: expected text, got true"),
    ("number", ["A"], "number: expected text, got a list"),
    ("spaces", {"name": "Hall"}, "spaces: expected a list, got an object"),
    ("lawful_occupancy", True, "lawful_occupancy: expected a whole number (a JSON number, not text), got true"),
    ("lawful_occupancy", "12", 'lawful_occupancy: expected a whole number (a JSON number, not text), got "12"'),
])
def test_a_certificate_record_of_the_wrong_kind_is_told_in_jsons_words(certificate_record, field, value, said):
    from dataclasses import asdict

    from publicassembly.law.jsonable import jsonable

    data = jsonable(asdict(certificate_record)) | {field: value}
    with pytest.raises(ValueError) as caught:
        record_from_json(CertificateRecord, data)
    assert said in str(caught.value).splitlines()


def test_a_record_that_is_not_an_object_is_told_so():
    with pytest.raises(ValueError, match=r"^CertificateRecord: expected an object of fields, got a list$"):
        record_from_json(CertificateRecord, [])
