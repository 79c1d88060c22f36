"""Adapters from the workflow's models to the documents layer's records (`publicassembly.documents.records`):
field copying only; every legal value (deadlines, penalty ranges) comes from the law core through the
services."""

from __future__ import annotations

from publicassembly.permits.documents import (  # shared with the CLI and the API
    applicant_name,
    event_name,
    hearing_notice_record,
    permit_record,
    property_address,
    reference,
    require_permit_issued,
)

__all__ = ["applicant_name", "event_name", "hearing_notice_record", "permit_record", "property_address",
           "reference", "require_permit_issued"]
