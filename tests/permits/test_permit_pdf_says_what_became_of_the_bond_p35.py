"""The permit of an application whose bond the Town Board released or forfeited says so (Carmel ch. 31 ¶ F;
interpretations P-32, P-35). A new-user trial in Carmel revoked a permit, the Board released its bond ("no assembly
took place"), and the permit's PDF still read "The permittee has posted with the Town Clerk a bond of …": the
record the documents print (`permits.documents.permit_record`: the PDF of the CLI, the web page and the API, and
BLDS' ExtraFields) now carries the act, the day the Board did it (given with the act, default the Town's date:
P-38) and its reason."""

from __future__ import annotations

import io
import re
from datetime import date

import pdfplumber
import pytest
from django.utils import timezone

from publicassembly.documents import blds
from publicassembly.documents.pdf import render_permit
from publicassembly.permits import documents as permit_docs
from publicassembly.permits import services as sv
from publicassembly.permits.models import State

pytestmark = pytest.mark.django_db

REVOKED_ON = date(2026, 7, 10)


#: The footer of each page of a permit, which a paragraph running over a page's end is read around.
FOOTER = re.compile(r"Permit \S+ - Carmel Code ch\. 31, permit requirements \(Public Assembly Ordinance\) Page \d+ ?")


def text_of(pdf: bytes) -> str:
    """The permit's text, pages joined, without their footers."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return FOOTER.sub("", " ".join(" ".join((page.extract_text() or "").split()) for page in doc.pages))


def long_date(day: date) -> str:
    """A day as the permit prints it: ``Wednesday, December 2, 2026 (2026-12-02)``."""
    return f"{day:%A}, {day:%B} {day.day}, {day.year} ({day.isoformat()})"


def revoked(walk):
    app = walk.issued()
    return sv.revoke(walk.board, app, grounds=["facilities_not_provided_as_specified"],
                     reason="No toilets on site at the inspection of 9 July", today=REVOKED_ON)


def test_a_revoked_permit_whose_bond_is_still_posted_says_posted_p32(walk):
    record = permit_docs.permit_record(revoked(walk))
    assert (record.status, record.bond_disposition, record.bond_disposition_date) == ("revoked", None, None)
    assert "The permittee has posted with the Town Clerk a bond of $10,000.00" in text_of(render_permit(record))


def test_a_revoked_permits_bond_released_is_printed_released_on_its_day_with_the_boards_reason_p35(walk):
    app = sv.release_bond(walk.board, revoked(walk), reason="The fair was called off; no assembly took place",
                          today=REVOKED_ON)
    record = permit_docs.permit_record(app)
    today = REVOKED_ON  # (the day the Board released it: the day of the act, given or its today, P-38)
    assert (record.status, record.bond_disposition, record.bond_disposition_date, record.bond_disposition_reason) == (
        "revoked", "released", today, "The fair was called off; no assembly took place")
    text = text_of(render_permit(record))
    assert "has posted" not in text, text
    assert (f"On {long_date(today)}, the Town Board released the bond (Carmel Code ch. 31, permit requirements ¶ F): "
            "The fair was called off; no assembly took place.") in text, text
    extra = blds.permit_record(permit_docs.blds_permit_row(app))["ExtraFields"]
    assert '"bond_disposition": "released"' in extra and f'"bond_disposition_date": "{today}"' in extra


def test_a_revoked_permits_bond_forfeited_is_printed_forfeited_p35(walk):
    """(Today, December 2026, ¶ F's days from the fair's first day, 14 August, have passed: P-32.)"""
    app = sv.forfeit_bond(walk.board, revoked(walk), reason="The fair was held anyway; trash left on the field")
    record = permit_docs.permit_record(app)
    assert (record.bond_disposition, record.bond_disposition_reason) == (
        "forfeited", "The fair was held anyway; trash left on the field")
    text = text_of(render_permit(record))
    assert "has posted" not in text
    assert f"On {long_date(timezone.localdate())}, the Town Board forfeited the bond" in text, text


def test_the_bond_released_after_the_cleanup_inspection_is_printed_released_p3(walk):
    """The other path: the assembly held, the cleanup found done in time, the bond released (the permit expired):
    its reason is the history's, the law core's finding when the Board gave none."""
    app = walk.to(State.BOND_RELEASED)
    record = permit_docs.permit_record(app)
    assert (record.status, record.bond_disposition, record.bond_disposition_date) == (
        "expired", "released", timezone.localdate())
    assert record.bond_disposition_reason.startswith("bond released: ")
    text = text_of(render_permit(record))
    assert "has posted" not in text and f"On {long_date(timezone.localdate())}, the Town Board released the bond" in text
