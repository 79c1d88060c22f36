"""Interpretation P-7 (Carmel ch. 31 ¶ A): a permit record read with ``--from-json`` whose ``issued_date`` is after
its ``last_day`` is refused naming the field; issued on the last day itself it is accepted."""

from __future__ import annotations

from dataclasses import asdict, replace
from datetime import date

import pytest

from publicassembly.documents.records import PermitRecord, record_from_json
from publicassembly.law.jsonable import jsonable


@pytest.mark.parametrize(("issued", "refused"), [(date(2025, 8, 17), False), (date(2025, 8, 18), True)])
def test_a_permit_record_issued_after_its_last_day_is_refused_permit_requirements_a(permit_record, issued, refused):
    assert permit_record.last_day == date(2025, 8, 17)
    data = jsonable(asdict(replace(permit_record, issued_date=issued)))
    if refused:
        with pytest.raises(ValueError, match=r"issued_date: 2025-08-18 is after last_day 2025-08-17"):
            record_from_json(PermitRecord, data)
    else:
        assert record_from_json(PermitRecord, data).issued_date == issued
