"""A record read from JSON that holds the wrong kind of value is told what was given as the law core tells a
case (`law.units.given`): ``got true``, ``got '12'``, ``got a list``, ``got a mapping``, ``got null`` — not
Python's type names or reprs (``got bool``, ``got str``, ``got True``)."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from publicassembly.documents.records import CertificateRecord, HearingNoticeRecord, record_from_json
from publicassembly.law.jsonable import jsonable

#: How a field taking a whole number tells what it allows, before the value given.
WHOLE = "expected a whole number from 0 to 1,000,000,000"


@pytest.mark.parametrize(("field", "value", "said"), [
    ("number", True, "number: expected text, got true"),
    ("number", ["A"], "number: expected text, got a list"),
    ("spaces", {"name": "Hall"}, "spaces: expected a list, got a mapping"),
    ("lawful_occupancy", True, f"lawful_occupancy: {WHOLE}, got true"),
    ("lawful_occupancy", 1.5, f"lawful_occupancy: {WHOLE}, without a fractional part, got 1.5"),
    ("lawful_occupancy", [12], f"lawful_occupancy: {WHOLE}, got a list"),
    ("lawful_occupancy", "12", f"lawful_occupancy: {WHOLE} (a JSON number, not text), got '12'"),
])
def test_a_certificate_record_of_the_wrong_kind_is_told_what_was_given(certificate_record, field, value, said):
    data = jsonable(asdict(certificate_record)) | {field: value}
    with pytest.raises(ValueError) as caught:
        record_from_json(CertificateRecord, data)
    assert said in str(caught.value).splitlines()


def test_a_record_that_is_not_an_object_is_told_so():
    with pytest.raises(ValueError, match=r"^expected an object of fields of a certificate, got a list$"):
        record_from_json(CertificateRecord, [])


def test_an_unknown_field_names_the_record_by_what_it_is_not_its_class(certificate_record):
    data = jsonable(asdict(certificate_record)) | {"colour": "blue"}
    with pytest.raises(ValueError) as caught:
        record_from_json(CertificateRecord, data)
    assert str(caught.value).startswith("colour: is not a field of a certificate; allowed: number, issued_date, ")
    assert "CertificateRecord" not in str(caught.value)


@pytest.mark.parametrize("value", ["false", "true", 0, 1])
def test_a_boolean_is_a_json_true_or_false(hearing_record, value):
    """The text "false" was read as true (a non-empty text is)."""
    data = jsonable(asdict(hearing_record)) | {"hearing_time_to_be_announced": value}
    with pytest.raises(ValueError) as caught:
        record_from_json(HearingNoticeRecord, data)
    assert f"hearing_time_to_be_announced: expected true or false, got {value!r}" in str(caught.value).splitlines()


def test_a_whole_number_written_with_a_point_zero_is_taken_as_a_case_file_takes_it(certificate_record):
    """``460.0`` is the whole number 460 (a case file's whole numbers are read so too); 1.5 is refused above."""
    data = jsonable(asdict(certificate_record))
    data["lawful_occupancy"] = float(data["lawful_occupancy"])
    record = record_from_json(CertificateRecord, data)
    assert record.lawful_occupancy == certificate_record.lawful_occupancy
    assert type(record.lawful_occupancy) is int


@pytest.mark.parametrize("value", [20250303, 2025.0303, True])
def test_a_date_given_as_a_json_number_is_refused_not_read_as_its_digits(certificate_record, value):
    """``"issued_date": 20250303`` (a JSON number) was read as the text "20250303", which Python reads as a date
    (ISO 8601's basic form): a date is written as text, YYYY-MM-DD (a new-user trial)."""
    data = jsonable(asdict(certificate_record)) | {"issued_date": value}
    with pytest.raises(ValueError) as caught:
        record_from_json(CertificateRecord, data)
    said = f"issued_date: expected a date as text (a JSON string), got {str(value).lower()}; write YYYY-MM-DD"
    assert said in str(caught.value).splitlines()


@pytest.mark.parametrize("value", ["20250303", "2025-0303", "+2025-03-03"])
def test_a_date_not_written_yyyy_mm_dd_is_refused(certificate_record, value):
    """The help says YYYY-MM-DD; Python's reader also takes ISO 8601's basic form ("20250303"), refused here."""
    data = jsonable(asdict(certificate_record)) | {"issued_date": value}
    with pytest.raises(ValueError) as caught:
        record_from_json(CertificateRecord, data)
    assert f"issued_date: {value!r} is not a date; write YYYY-MM-DD" in str(caught.value).splitlines()
