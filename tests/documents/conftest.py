"""Fixtures of the documents' tests: realistic records of both chapters, and helpers that read a PDF back
(pdfplumber) and render it with poppler's pdftoppm so that a broken PDF fails."""

from __future__ import annotations

import io
import shutil
import subprocess
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import pdfplumber
import pytest

from publicassembly.documents.records import (
    CertificateRecord,
    CertificateSpace,
    HearingNoticeRecord,
    InsuranceRecord,
    PermitRecord,
    PetitionRecord,
    SummonsRecord,
)


def pdf_text(data: bytes) -> str:
    """All the text of a PDF, pages joined, whitespace runs collapsed to single spaces."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)


def rasterize(data: bytes, tmp_path: Path, dpi: int = 72) -> list[Path]:
    """Render every page with pdftoppm (poppler-utils); fails the test when poppler cannot render it."""
    exe = shutil.which("pdftoppm")
    if exe is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    src = tmp_path / "doc.pdf"
    src.write_bytes(data)
    done = subprocess.run([exe, "-r", str(dpi), "-png", str(src), str(tmp_path / "page")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"pdftoppm failed: {done.stderr}"
    assert "Syntax Error" not in done.stderr, done.stderr
    pages = sorted(tmp_path.glob("page*.png"))
    assert pages, "pdftoppm rendered no page"
    return pages


@pytest.fixture
def permit_record() -> PermitRecord:
    return PermitRecord(
        number="PA-2025-003", town="Town of Carmel", permittee="Lake Gleneida Music Festival, Inc.",
        property_address="1 Gleneida Avenue, Carmel, NY 10512", record_owner="Gleneida Farm LLC",
        first_day=date(2025, 8, 15), last_day=date(2025, 8, 17), hours="10:00 a.m. to 11:00 p.m. each day",
        maximum_persons=4200,
        conditions=("No amplified sound after 10:00 p.m.", "Two ambulances on site at all times"),
        insurance=InsuranceRecord(Decimal("500000"), Decimal("250000"), "Hudson Mutual", "HM-778812"),
        bond_amount=Decimal("15000.00"), cleanup_due_date=date(2025, 8, 22), issued_date=date(2025, 7, 1),
        clerk_name="Ann Spofford", purpose="Three-day music festival",
    )


@pytest.fixture
def certificate_record() -> CertificateRecord:
    return CertificateRecord(
        number="MP-C-2025-0042", issued_date=date(2025, 3, 3), venue_name="Pocantico Hall",
        venue_address="200 Bedford Road, Pleasantville, NY 10570",
        spaces=(CertificateSpace("Main hall", "assembly_without_fixed_seats", Decimal("3000"), 200),
                CertificateSpace("Lanes", "bowling_alley", None, 160, alleys=32),
                CertificateSpace("Lawn", "open_air", Decimal("1500"), 100)),
        lawful_occupancy=460, inspector_name="R. Dwyer",
    )


@pytest.fixture
def hearing_record() -> HearingNoticeRecord:
    return HearingNoticeRecord(
        town="Town of Carmel", application_reference="PA-2025-003",
        applicant="Lake Gleneida Music Festival, Inc.", event="Lake Gleneida Music Festival",
        property_address="1 Gleneida Avenue, Carmel, NY 10512", hearing_at=datetime(2025, 6, 24, 19, 30),
        hearing_place="Carmel Town Hall, 60 McAlpin Avenue, Mahopac, NY", latest_publication_date=date(2025, 6, 14),
        newspaper="Putnam County Courier",
    )


@pytest.fixture
def summons_record() -> SummonsRecord:
    return SummonsRecord(
        number="S-2025-017", town="Town of Mount Pleasant", defendant_name="Hall Operators LLC",
        defendant_address="200 Bedford Road, Pleasantville, NY 10570", rule_id="mount-pleasant/164-5/overcrowding",
        citation="Mount Pleasant Code § 164-5", description="admitted 612 persons where 460 are the lawful occupancy",
        offense_date=date(2025, 4, 12), offense_place="Pocantico Hall, 200 Bedford Road", offense_number=2,
        min_fine=Decimal("100"), max_fine=Decimal("250"), max_jail_days=15, max_jail_months=None,
        classification="violation", complainant_name="Lt. M. Ortiz", complainant_kind="police_officer",
        inspector_name="R. Dwyer", return_date=date(2025, 5, 6), return_time="09:30",
    )


@pytest.fixture
def petition_record() -> PetitionRecord:
    return PetitionRecord(
        applicant_name="Lake Gleneida Music Festival, Inc.", applicant_residence_address="12 Fair St, Carmel",
        corporation_name="Lake Gleneida Music Festival, Inc.",
        directors_and_officers=("J. Doe, President, 5 Oak Rd, Carmel", "R. Roe, Secretary, 9 Elm St, Kent"),
        property_address="1 Gleneida Avenue, Carmel, NY 10512", record_owner="Gleneida Farm LLC",
        applicant_interest="licensee under a written licence of 2025-01-10",
        dates_and_hours="2025-08-15 to 2025-08-17, 10 a.m. to 11 p.m.", persons_at_one_time=4200,
        persons_collectively=9000, vehicles_at_one_time=1050, vehicles_collectively=2300,
        purpose="Music festival", admission_fee=Decimal("45.00"), survey_map="Survey by L. Smith, L.S., sheet 1",
        facilities_plan="Plan by K. Jones, P.E., sheets 2-4", parking_plan="Sheet 5",
        sound_equipment="Two stages, 8 line-array loudspeakers", food_and_beverage="12 licensed vendors; sheet 6",
        security="20 private guards, 2 sheriff's deputies", fire_protection="Fire lanes, 2 hydrants; sheet 7",
        outdoor_lights_and_signs="16 light towers; sheet 8", emergency_medical="First-aid tent, 1 doctor, 9 nurses",
        camping_housing="No camping", duration="Three days", overnight_housing="None: attendees leave nightly",
        max_noise_decibels=Decimal("85"),
        attachments=("Survey map (item 3)", "Facilities plan (item 4)", "Parking plan (item 5)"),
        filed_date=date(2025, 5, 2),
    )


# --- case files and their determinations (report's tests) ------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example_case(example: str, **changes: object) -> dict:
    """The case of ``examples/<example>.yaml`` with `changes` to its top-level facts."""
    import yaml

    data = yaml.safe_load((EXAMPLES / f"{example}.yaml").read_text(encoding="utf-8"))
    return data | changes


def determination_json(data: dict) -> dict:
    """The determination of `data` as ``check --format json`` writes it and ``report`` reads it back."""
    import json

    from publicassembly.law import evaluate
    from publicassembly.law.jsonable import jsonable

    return json.loads(json.dumps(jsonable(evaluate(data).to_json())))
