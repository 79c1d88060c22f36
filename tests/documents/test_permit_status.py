"""A permit that no longer authorizes an assembly says so across its head, as a certificate not in force does
(Carmel ch. 31 ¶ G: the Town Board through its Clerk may revoke a permit; ¶ A: a permit is for the assembly
and days it names)."""

from __future__ import annotations

import io
from dataclasses import replace
from datetime import date

import pdfplumber
import pytest

from publicassembly.documents.pdf import render_permit

from .conftest import pdf_text, rasterize


def test_a_valid_permit_has_no_banner_and_says_in_force_paragraph_a(permit_record):
    text = pdf_text(render_permit(permit_record))
    assert "NOT VALID" not in text and "REVOKED" not in text and "EXPIRED" not in text
    assert "Status in force" in text
    assert "The permittee is authorized to use the property above" in text


def test_a_revoked_permit_says_revoked_not_valid_with_the_day_paragraph_g(permit_record, tmp_path):
    data = render_permit(replace(permit_record, status="revoked", revoked_date=date(2025, 8, 10)))
    text = pdf_text(data)
    assert text.startswith("REVOKED ON AUGUST 10, 2025 NOT VALID"), text[:80]
    with pdfplumber.open(io.BytesIO(data)) as pdf:  # (the day on one line, NOT VALID whole on the next)
        lines = pdf.pages[0].extract_text().splitlines()
    assert lines[:2] == ["REVOKED ON AUGUST 10, 2025", "NOT VALID"], lines[:3]
    assert ("This permit authorized the permittee to use the property above" in text
            and "until the Town Board revoked it on Sunday, August 10, 2025 (2025-08-10) (¶ G); it authorizes "
            "nothing now." in text and "is authorized" not in text)
    assert "has revoked this permit (Carmel Code ch. 31, permit requirements ¶ G)" in text
    assert "revoked (¶ G)" in text
    rasterize(data, tmp_path)


def test_a_revoked_permit_without_its_day_still_says_revoked_paragraph_g(permit_record):
    assert pdf_text(render_permit(replace(permit_record, status="revoked"))).startswith("REVOKED - NOT VALID")


def test_an_expired_permit_says_expired_not_valid_paragraph_a(permit_record):
    text = pdf_text(render_permit(replace(permit_record, status="expired")))
    assert text.startswith("EXPIRED - NOT VALID") and "authorizes no other assembly" in text
    assert "This permit authorized the permittee" in text and "is authorized" not in text


def test_an_unknown_permit_status_is_refused_naming_status_and_the_allowed(permit_record):
    with pytest.raises(ValueError, match="status: 'lost' is not allowed; allowed: valid, revoked, expired"):
        render_permit(replace(permit_record, status="lost"))
