"""A summons read with ``--from-json`` is for its jurisdiction's town and states its law's citations, for an offense
that has happened, or is refused (exit 2, no PDF) naming the field and what it must be: ``town`` the town of the
jurisdiction (Mount Pleasant ch. 164 or Carmel ch. 31), ``citation`` the law core's citation of ``rule_id``,
``penalty_citation`` (when given) the citation of the law's penalty (§ 164-14, ch. 31 penalties ¶ B),
``offense_date`` not after the Town's today. The PDF prints the jurisdiction's name in its header and signature,
as the workflow's towns are named, whatever way the record names the town."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

import pytest

from publicassembly.documents.pdf import render_summons
from publicassembly.documents.records import summons_town_and_citations, town_today
from publicassembly.law.dates import next_business_day

from .conftest import pdf_text
from .test_records_summons_law import CARMEL_1, _data, _refused, _written

MP_NAME = "Town of Mount Pleasant, New York"
MP_164_10 = {"rule_id": "mount-pleasant/164-10/exits-not-blocked", "citation": "Mount Pleasant Code § 164-10"}
CARMEL_A = CARMEL_1 | {"citation": "Carmel Code ch. 31, permit requirements ¶ A"}


# --- town -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("town", ["carmel-ny", "Town of Carmel, New York", "Town of Mount Kisco"])
def test_a_mount_pleasant_summons_for_another_town_is_refused_naming_town(tmp_path, summons_record, town):
    _refused(tmp_path, _data(summons_record, **MP_164_10, town=town), "town", repr(town), repr(MP_NAME))


@pytest.mark.parametrize("town", [MP_NAME, "Town of Mount Pleasant", "mount-pleasant-ny", " town of mount  pleasant"])
def test_a_mount_pleasant_summons_naming_its_town_is_written(tmp_path, summons_record, town):
    _written(tmp_path, _data(summons_record, **MP_164_10, town=town))


def test_a_carmel_summons_for_mount_pleasant_is_refused_and_for_carmel_written(tmp_path, summons_record):
    _refused(tmp_path, _data(summons_record, **(CARMEL_A | {"town": "mount-pleasant-ny"})), "town",
             "'Town of Carmel, New York'")
    _written(tmp_path, _data(summons_record, **(CARMEL_A | {"town": "carmel-ny"})))


# --- citation and penalty_citation --------------------------------------------------------------------------------


def test_a_citation_of_another_law_is_refused_naming_the_rules_citation(tmp_path, summons_record):
    data = _data(summons_record, **MP_164_10) | {"citation": "Carmel Code ch. 31, penalties ¶ B"}
    _refused(tmp_path, data, "citation", "'Carmel Code ch. 31, penalties ¶ B'", "'Mount Pleasant Code § 164-10'")
    _refused(tmp_path, _data(summons_record, **MP_164_10) | {"citation": "Mount Pleasant Code § 164-5"},
             "citation", "'Mount Pleasant Code § 164-10'")
    _written(tmp_path, _data(summons_record, **MP_164_10))


def test_a_carmel_citation_must_be_its_rules(tmp_path, summons_record):
    _refused(tmp_path, _data(summons_record, **(CARMEL_A | {"citation": "Mount Pleasant Code § 164-10"})),
             "citation", "'Carmel Code ch. 31, permit requirements ¶ A'")


@pytest.mark.parametrize(("given", "ok"), [("Mount Pleasant Code § 164-14", True), ("", True),
                                            ("Carmel Code ch. 31, penalties ¶ B", False),
                                            ("Mount Pleasant Code § 164-12", False)])
def test_a_mount_pleasant_penalty_citation_is_section_164_14(tmp_path, summons_record, given, ok):
    data = _data(summons_record, **MP_164_10, penalty_citation=given)
    if ok:
        _written(tmp_path, data)
    else:
        _refused(tmp_path, data, "penalty_citation", repr(given), "'Mount Pleasant Code § 164-14'")


@pytest.mark.parametrize(("given", "ok"), [("Carmel Code ch. 31, penalties ¶ B", True),
                                            ("Mount Pleasant Code § 164-14", False)])
def test_a_carmel_penalty_citation_is_penalties_paragraph_b(tmp_path, summons_record, given, ok):
    data = _data(summons_record, **(CARMEL_A | {"penalty_citation": given}))
    if ok:
        _written(tmp_path, data)
    else:
        _refused(tmp_path, data, "penalty_citation", "'Carmel Code ch. 31, penalties ¶ B'")


# --- offense_date -----------------------------------------------------------------------------------------------


def test_an_offense_after_today_is_refused_and_today_is_not(summons_record):
    day = date(2025, 4, 12)
    record = replace(summons_record, **MP_164_10)
    assert summons_town_and_citations(record, today=day) == []
    problems = summons_town_and_citations(record, today=day - timedelta(days=1))
    assert len(problems) == 1 and problems[0].startswith("offense_date: 2025-04-12 is after today (2025-04-11)")


def test_the_cli_refuses_an_offense_of_tomorrow_naming_offense_date(tmp_path, summons_record):
    today = town_today()
    tomorrow = today + timedelta(days=1)
    later = next_business_day(today + timedelta(days=40)).isoformat()  # (a day the court sits, W-8)
    _refused(tmp_path, _data(summons_record, **MP_164_10, offense_date=tomorrow.isoformat(), return_date=later),
             "offense_date", tomorrow.isoformat(), "after today")
    _written(tmp_path, _data(summons_record, **MP_164_10, offense_date=today.isoformat(), return_date=later))


# --- the town's name on the PDF ---------------------------------------------------------------------------------


def test_the_pdf_prints_the_jurisdictions_name_not_the_alias_164_12(summons_record):
    """A record naming the town by its alias prints as the workflow's record (town named as the law core names
    it): header and signature say the Town of Mount Pleasant, New York."""
    by_alias = pdf_text(render_summons(replace(summons_record, town="mount-pleasant-ny", inspector_name="Insp B")))
    assert "mount-pleasant-ny" not in by_alias
    assert f"Summons {MP_NAME}" in by_alias
    assert f"Insp B, Building Inspector, {MP_NAME}" in by_alias
    as_workflow = pdf_text(render_summons(replace(summons_record, town=MP_NAME, inspector_name="Insp B")))
    assert by_alias == as_workflow


def test_a_carmel_pdf_prints_carmels_name(summons_record):
    record = replace(summons_record, jurisdiction="carmel-ny", town="carmel-ny", offense_number=None,
                     days_of_continued_violation=1, max_fine=250, min_fine=0, inspector_name="Insp B")
    text = pdf_text(render_summons(record))
    assert "carmel-ny" not in text
    assert "Summons Town of Carmel, New York" in text and "Insp B, for the Town of Carmel, New York" in text
