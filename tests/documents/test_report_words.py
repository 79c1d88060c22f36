"""The determination report reads as words for a person: it names the case (the event's or the venue's name)
and the town, writes money as dollars, ids of the law core as words, and breaks table cells at spaces (Carmel
ch. 31 ¶¶ A, E, F; Mount Pleasant §§ 164-7, 164-9, 164-14)."""

from __future__ import annotations

import io
import re
from datetime import date
from pathlib import Path

import pdfplumber
import pytest
import yaml
from typer.testing import CliRunner

from publicassembly.documents.pdf import render_report
from publicassembly.documents.pdf.report import RULE_WIDTH, dollars, rule_lines
from publicassembly.law import evaluate

from .conftest import pdf_text

ROOT = Path(__file__).resolve().parents[2]


def _example(name: str) -> dict:
    return yaml.safe_load((ROOT / "examples" / name).read_text())


def _words(data: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [w["text"] for page in pdf.pages for w in page.extract_words()]


def test_carmel_report_names_the_event_the_town_and_money_in_dollars_paragraphs_e_f(tmp_path):
    """¶ E: the bodily-injury limit $500,000 and property damage $250,000; ¶ F: the bond $10,000; the case is
    the Putnam County Fair under the Town of Carmel's law, never its OCD id or "the venue case"."""
    out = tmp_path / "r.pdf"
    from publicassembly.cli.app import app

    result = CliRunner().invoke(app, ["report", str(ROOT / "examples" / "carmel-county-fair.yaml"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = pdf_text(out.read_bytes())
    assert text.startswith("Determination: Putnam County Fair An assembly under the law of the Town of Carmel")
    assert "ocd-division" not in text and "venue case" not in text
    assert "insurance bodily injury min $500,000" in text and "insurance property damage min $250,000" in text
    assert "bond $10,000" in text and "500000" not in text and "parking spaces 1,000" in text
    assert "application due 2026-06-15" in text


def test_report_has_no_raw_ids_and_breaks_cells_only_at_spaces_or_slashes_section_164_9():
    """§ 164-9: "issued by: the Building Inspector", a use group as § 164-7 names it, statuses as words; no
    word of the findings is broken (every word pdfplumber reads is a word of the source texts)."""
    case = _example("mount-pleasant-catering-hall.yaml")
    determination = evaluate(case)
    data = render_report(determination, case_name=case["name"])
    text = pdf_text(data)
    assert "Determination: Kensico Manor" in text and "A place of assembly under the law of the Town of" in text
    assert "certificate · issued by the Building Inspector" in text
    assert "Assembly without fixed seats" in text and "not applicable" in text
    for raw in ("assembly_without_fixed_seats", "building_inspector", "not_applicable", "needs_review",
                "lawful_occupancy", "_"):
        assert raw not in text, raw
    source = " ".join(f"{f.reason} {f.citation} {f.rule}" for f in determination.findings)
    source_words = set(re.split(r"[\s/]+", source))
    for word in _words(data):
        for piece in re.split(r"/", word):
            if piece and re.fullmatch(r"[a-z]+-[a-z-]+", piece):  # a rule's segment: never cut
                assert piece in source_words, piece


def test_a_penalty_is_in_dollars_and_its_class_in_words_section_164_14():
    """§ 164-14: the second offense within a year, fine $100 to $250, up to 15 days."""
    case = _example("mount-pleasant-blocked-exits-second-offense.yaml")
    text = pdf_text(render_report(evaluate(case), case_name=case["name"]))
    assert "Fine $100 to $250" in text and "15 days" in text and "Classification violation" in text


def test_a_report_without_a_case_name_says_what_kind_of_case_it_is_for_each_subject():
    det = evaluate(_example("carmel-county-fair.yaml")).to_json()
    assert pdf_text(render_report(det)).startswith("Determination of the case of an assembly")
    venue = {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "commercial": True,
             "spaces": [{"name": "Hall", "use_group": "assembly_without_fixed_seats", "area": 3000}]}
    text = pdf_text(render_report(evaluate(venue, date(2025, 6, 1))))
    assert text.startswith("Determination of the case of a place of assembly") and "not named" in text


@pytest.mark.parametrize(("amount", "shown"), [(500000, "$500,000"), ("1250.5", "$1,250.50"), (0, "$0")])
def test_money_in_dollars(amount, shown):
    assert dollars(amount) == shown


def test_rule_ids_break_only_after_a_slash():
    assert rule_lines("carmel/exemptions/b-church", RULE_WIDTH) == "carmel/exemptions/b-church"
    assert rule_lines("mount-pleasant/164-9/certificate-lawful-occupancy", RULE_WIDTH) == (
        "mount-pleasant/164-9/<br/>certificate-lawful-occupancy")

