"""The summons's words (Mount Pleasant § 164-12; Carmel ch. 31, penalties): no "at , " when the violation has no
place recorded, the issuer's title and town written once under the signature, and the return hour in words."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.documents.conftest import pdf_text

from publicassembly.documents.pdf._common import signature
from publicassembly.documents.pdf.summons import clock, render_summons

DEMO_NAME = "Building Inspector Town of Mount Pleasant, New York"


def test_no_place_leaves_the_at_out_164_12(summons_record):
    text = pdf_text(render_summons(replace(summons_record, offense_place="")))
    assert "at , you violated" not in text and "at ," not in text
    assert "the charge that on Saturday, April 12, 2025 (2025-04-12), you violated Mount Pleasant Code § 164-5" \
        in text
    assert "Place of offense" not in text


def test_a_place_is_still_named_164_12(summons_record):
    text = pdf_text(render_summons(summons_record))
    assert ", at Pocantico Hall, 200 Bedford Road, you violated" in text
    assert "Place of offense" in text


def test_carmel_no_place_leaves_the_at_out_ch31_penalties(summons_record):
    record = replace(summons_record, jurisdiction="carmel-ny", town="Town of Carmel", offense_number=None,
                     days_of_continued_violation=3, offense_place="", court_name="Town Justice Court",
                     inspector_name="Building Inspector Town of Carmel, New York")
    text = pdf_text(render_summons(record))
    assert "at ," not in text and ", you violated" in text
    # the header names the town (the law core's name), the signature once: the name already says it
    assert text.count("Town of Carmel, New York") == 2, text
    assert "Building Inspector Town of Carmel, New York, for the" not in text


def test_signature_writes_the_title_once_164_12(summons_record):
    """The demo's Building Inspector is named after his office: the line under the signature reads it once."""
    text = pdf_text(render_summons(replace(summons_record, inspector_name=DEMO_NAME,
                                           town="Town of Mount Pleasant, New York")))
    assert "Building Inspector Town of Mount Pleasant, New York, Building Inspector" not in text
    assert f"______________________________________ {DEMO_NAME} Summons S-2025-017" in text, text


@pytest.mark.parametrize(("name", "line"), [
    ("R. Dwyer", "R. Dwyer, Building Inspector, Town of Mount Pleasant"),
    (DEMO_NAME, DEMO_NAME),
    ("R. Dwyer, building inspector", "R. Dwyer, building inspector, Town of Mount Pleasant"),
    ("", "Building Inspector, Town of Mount Pleasant"),
])
def test_signature_line_164_12(name, line):
    assert signature(name, "Building Inspector", "Town of Mount Pleasant") == line


@pytest.mark.parametrize(("raw", "words"), [("09:30", "9:30 a.m."), ("00:05", "12:05 a.m."), ("12:00", "12:00 noon"),
                                            ("12:30", "12:30 p.m."), ("19:00", "7:00 p.m."), ("23:59", "11:59 p.m."),
                                            ("9:30 a.m.", "9:30 a.m.")])
def test_return_hour_in_words_164_12(raw, words):
    assert clock(raw) == words


def test_return_hour_printed_164_12(summons_record):
    text = pdf_text(render_summons(replace(summons_record, return_time="19:00")))
    assert "on Tuesday, May 6, 2025 (2025-05-06) at 7:00 p.m., to answer the charge" in text


@pytest.mark.parametrize(("name", "line"), [
    ("Ann Spofford", "Ann Spofford, Town Clerk, for the Town Board, Town of Carmel, New York"),
    ("Town Clerk Town of Carmel, New York", "Town Clerk Town of Carmel, New York, for the Town Board"),
    ("", "Town Clerk, for the Town Board, Town of Carmel, New York"),
])
def test_the_permits_signature_line_says_office_and_town_once_carmel_a(name, line):
    """Carmel ch. 31 ¶ A: the permit is issued by the Town Board through its Clerk; the line under the signature
    names the Clerk, the office and the Town once each, also for a user named after the office (the demo's)."""
    assert signature(name, "Town Clerk", "for the Town Board", "Town of Carmel, New York") == line
