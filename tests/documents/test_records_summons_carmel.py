"""The records of both towns' summonses and the superseded certificate: a Carmel summons states its days of
continued violation (ch. 31 penalties ¶ A) and ¶ B's range summed over them, in Carmel's court (its parameter
enforcement.court); a Mount Pleasant one its offense number (§ 164-14); a superseded certificate says so."""

from __future__ import annotations

import dataclasses
from datetime import date
from decimal import Decimal

import pytest

from publicassembly.documents.pdf import render_certificate, render_summons
from publicassembly.documents.records import SummonsRecord, record_from_json
from publicassembly.law.jurisdictions import get

from .conftest import pdf_text, rasterize


def carmel_summons(days: int) -> SummonsRecord:
    from publicassembly.law.jurisdictions.us_ny_carmel.penalties import penalty_for_days

    values = get("carmel-ny").parameters.at(date(2025, 6, 19))
    p = penalty_for_days(days, values)
    return SummonsRecord(
        number="C-S-2025-0001", town="Town of Carmel, New York", defendant_name="John Doe",
        defendant_address="300 Example Hollow Road, Carmel, NY 10512", rule_id="carmel/permit/a-required",
        citation="Carmel Code ch. 31, permit requirements ¶ A", description="Concert of 2,000 persons without a permit",
        offense_date=date(2025, 6, 19), offense_place="300 Example Hollow Road", offense_number=None,
        min_fine=p.min_fine, max_fine=p.max_fine, max_jail_days=p.max_jail_days, max_jail_months=None,
        classification=p.classification, complainant_name="K. Clerk", complainant_kind="building_inspector",
        inspector_name="B. Inspector", return_date=date(2025, 7, 16), jurisdiction="carmel-ny",
        days_of_continued_violation=days, penalty_citation=p.citation)


def test_carmel_summons_one_day_is_one_violation_up_to_250_and_15_days_carmel_31_penalties_b(tmp_path):
    text = pdf_text(render_summons(carmel_summons(1)))
    assert "TOWN JUSTICE COURT OF THE TOWN OF CARMEL" in text
    assert "1 day: 1 separate violation" in text
    assert "not more than $250" in text and "15 days" in text
    assert "offense no." not in text


def test_carmel_summons_three_days_sums_the_range_carmel_31_penalties_a_b(tmp_path):
    data = render_summons(carmel_summons(3))
    rasterize(data, tmp_path)
    text = pdf_text(data)
    assert "3 days: 3 separate violations" in text
    assert "Each day's continued violation constitutes a separate violation" in text
    flat = " ".join(text.split())
    # (C-15: ¶ B's range is each violation's; the totals are said as totals, the court deciding how terms run)
    assert "For each violation the law provides a fine of not more than $250.00" in flat, flat
    assert "not in excess of 15 days" in flat
    assert "for 3 separate violations, up to $750.00 in fines and 45 days' imprisonment in all" in flat
    assert "consecutively up to that total being for the court" in flat
    assert "the law provides a fine of not more than $750" not in flat


#: What a Carmel summons without its days is told (ch. 31 penalties ¶ A), after "is required" or "is 0; it must be".
DAYS_ALLOWED = (" a whole number, 1 or more, for a Carmel summons: the number of days the violation continued, each "
                "day a separate violation (Carmel Code ch. 31, penalties ¶ A)")
#: The same of a Mount Pleasant summons without its offense number (§ 164-14).
NUMBER_ALLOWED = (" a whole number, 1 or more, for a Mount Pleasant summons: 1 for a first offense, 2 for a second, "
                  "... (Mount Pleasant Code § 164-14)")


def test_carmel_summons_needs_days_of_continued_violation():
    """Named with what is allowed, never "got None"; 1 day is written (the boundary's other side)."""
    with pytest.raises(ValueError) as e:
        render_summons(dataclasses.replace(carmel_summons(1), days_of_continued_violation=None))
    assert str(e.value) == "days_of_continued_violation: is required" + DAYS_ALLOWED
    with pytest.raises(ValueError) as e:
        render_summons(dataclasses.replace(carmel_summons(1), days_of_continued_violation=0))
    assert str(e.value) == "days_of_continued_violation: is 0; it must be" + DAYS_ALLOWED
    assert "1 day: 1 separate violation" in pdf_text(render_summons(carmel_summons(1)))


def test_mount_pleasant_summons_needs_an_offense_number_164_14(summons_record):
    with pytest.raises(ValueError) as e:
        render_summons(dataclasses.replace(summons_record, offense_number=None))
    assert str(e.value) == "offense_number: is required" + NUMBER_ALLOWED
    with pytest.raises(ValueError) as e:
        render_summons(dataclasses.replace(summons_record, offense_number=0))
    assert str(e.value) == "offense_number: is 0; it must be" + NUMBER_ALLOWED
    assert "offense no. 2" in pdf_text(render_summons(summons_record))


def test_unknown_summons_jurisdiction_is_refused(summons_record):
    with pytest.raises(ValueError, match="jurisdiction: 'springfield'"):
        render_summons(dataclasses.replace(summons_record, jurisdiction="springfield"))


def test_carmel_summons_from_json_with_null_offense_number():
    data = {k: v for k, v in dataclasses.asdict(carmel_summons(2)).items()}
    data = {k: (v.isoformat() if isinstance(v, date) else str(v) if isinstance(v, Decimal) else v)
            for k, v in data.items()}
    record = record_from_json(SummonsRecord, data)
    assert record.offense_number is None and record.days_of_continued_violation == 2


def test_superseded_certificate_carries_the_word_and_its_successor_164_9(certificate_record):
    text = pdf_text(render_certificate(dataclasses.replace(certificate_record, status="superseded",
                                                           superseded_by="MP-2026-0004")))
    assert "SUPERSEDED BY CERTIFICATE MP-2026-0004 - NOT VALID" in text
    assert "Status Superseded by certificate MP-2026-0004: not valid" in text
