"""A record read from JSON that holds the wrong kind of value is told what was given as the law core tells a
case (`law.units.given`): ``got true``, ``got '12'``, ``got a list``, ``got a mapping``, ``got null`` — not
Python's type names or reprs (``got bool``, ``got str``, ``got True``)."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from publicassembly.documents.records import CertificateRecord, record_from_json
from publicassembly.law.jsonable import jsonable


@pytest.mark.parametrize(("field", "value", "said"), [
    ("number", True, "number: expected text, got true"),
    ("number", ["A"], "number: expected text, got a list"),
    ("spaces", {"name": "Hall"}, "spaces: expected a list, got a mapping"),
    ("lawful_occupancy", True, "lawful_occupancy: expected a whole number (a JSON number, not text), got true"),
    ("lawful_occupancy", "12", "lawful_occupancy: expected a whole number (a JSON number, not text), got '12'"),
])
def test_a_certificate_record_of_the_wrong_kind_is_told_what_was_given(certificate_record, field, value, said):
    data = jsonable(asdict(certificate_record)) | {field: value}
    with pytest.raises(ValueError) as caught:
        record_from_json(CertificateRecord, data)
    assert said in str(caught.value).splitlines()


def test_a_record_that_is_not_an_object_is_told_so():
    with pytest.raises(ValueError, match=r"^CertificateRecord: expected an object of fields, got a list$"):
        record_from_json(CertificateRecord, [])
