"""The paper of both chapters as PDFs: each rendered, read back for its legal content, and rendered by
poppler so that a broken PDF fails."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from publicassembly.documents.pdf import (
    render_certificate,
    render_hearing_notice,
    render_permit,
    render_petition,
    render_report,
    render_summons,
)
from publicassembly.documents.pdf.petition import ITEMS
from publicassembly.law import evaluate

from .conftest import pdf_text, rasterize


def test_164_9_certificate_states_spaces_and_lawful_occupancy(certificate_record, tmp_path):
    data = render_certificate(certificate_record)
    text = pdf_text(data)
    assert "MP-C-2025-0042" in text and "2025-03-03" in text and "200 Bedford Road" in text
    assert "Assembly without fixed seats" in text and "3,000" in text and "200" in text
    assert "Bowling alleys" in text and "160" in text
    assert "Lawful occupancy: 460 persons" in text
    assert "kept on the premises and be available for inspection at all times" in text
    assert "§ 164-9" in text and "R. Dwyer" in text
    rasterize(data, tmp_path)


def test_revoked_certificate_says_so(certificate_record):
    assert "REVOKED" in pdf_text(render_certificate(replace(certificate_record, status="revoked")))
    with pytest.raises(ValueError, match="status"):
        render_certificate(replace(certificate_record, status="lost"))


@pytest.mark.parametrize(("status", "superseded_by", "told"), [
    ("valid", None, "Status Valid"),
    ("revoked", None, "Status Revoked: not valid"),
    ("stale", None, "Status Not current: the place of assembly or the law has changed since it was issued; to be "
                    "re-certified by the Building Inspector"),
    ("superseded", "MP-C-2025-0050", "Status Superseded by certificate MP-C-2025-0050: not valid"),
    ("superseded", None, "Status Superseded: not valid"),
])
def test_164_9_certificate_states_its_status_in_words(certificate_record, status, superseded_by, told):
    """§ 164-9 (interpretation W-5): the Status row says whether the certificate is in force and, when it is
    not, why, in words; never the record's code (``stale``) alone."""
    text = pdf_text(render_certificate(replace(certificate_record, status=status, superseded_by=superseded_by)))
    assert told in text
    assert f"Status {status} " not in text


def test_164_9_certificate_groups_large_numbers_and_keeps_its_headings_on_one_line(certificate_record):
    """§§ 164-7, 164-9: an occupant load and a lawful occupancy of 1,000 or more are written with a comma, as the
    floor areas are; the floor area's heading is not broken across lines."""
    big = replace(certificate_record, spaces=(replace(certificate_record.spaces[0], area_sq_ft=Decimal("18000"),
                                                      occupant_load=1200),), lawful_occupancy=1200)
    text = pdf_text(render_certificate(big))
    assert "18,000 1,200" in text and "Lawful occupancy: 1,200 persons" in text and "not more than 1,200" in text
    assert "Floor area (sq ft)" in text


def test_carmel_permit_states_conditions_insurance_bond_cleanup_and_revocation(permit_record, tmp_path):
    data = render_permit(permit_record)
    text = pdf_text(data)
    for expected in ("PA-2025-003", "Lake Gleneida Music Festival, Inc.", "Gleneida Farm LLC",
                     "2025-08-15", "2025-08-17", "10:00 a.m. to 11:00 p.m. each day", "4,200 persons",
                     "No amplified sound after 10:00 p.m.", "Two ambulances on site at all times",
                     "$500,000.00", "$250,000.00", "HM-778812", "$15,000.00", "2025-08-22",
                     "¶ E", "¶ F", "¶ G", "may be revoked by the Town Board through its Clerk", "Ann Spofford"):
        assert expected in text, expected
    rasterize(data, tmp_path)


def test_permit_last_day_before_first_is_refused(permit_record):
    with pytest.raises(ValueError, match="last_day"):
        render_permit(replace(permit_record, last_day=date(2025, 8, 1)))


def test_blank_verified_petition_lists_items_1_to_15_in_order_and_the_jurat(tmp_path):
    data = render_petition()
    text = pdf_text(data)
    positions = [text.index(f"({n}) ") for n in range(1, 16)]
    assert positions == sorted(positions)
    assert len(ITEMS) == 15
    assert "being duly sworn, deposes and says" in text and "Sworn to before me" in text
    assert "Notary Public" in text and "ch. 31, permit requirements ¶ B" in text
    assert "____" in text
    rasterize(data, tmp_path)


def test_petition_item_4_prints_the_chapters_words_as_they_are_with_the_cut_marked_permit_requirements_b4(
        petition_record):
    """Carmel ch. 31, permit requirements ¶ B(4) ends "showing the method and manner in which:" (interpretations
    C-3, D-5): the form prints those words and marks the cut, as the law core's finding of item (4) says
    (`text_cut_short`), rather than completing it "… in which the facilities will be provided" (a new-user
    trial), blank and filled in alike."""
    from tests.documents.conftest import example_case

    from publicassembly.documents.pdf.petition import ITEM_4_CUT, ITEM_4_WORDS
    from publicassembly.law import evaluate

    finding = next(f for f in evaluate(example_case("carmel-county-fair")).findings
                   if f.rule == "carmel/petition/b4-facilities-plan")
    assert finding.values["text_cut_short"] is True
    assert ITEM_4_WORDS == ("A plan or drawing to scale prepared by a licensed public engineer or licensed land "
                            "surveyor showing the method and manner in which:")
    for data in (render_petition(), render_petition(petition_record)):
        text = pdf_text(data)
        assert f"(4) {ITEM_4_WORDS} {ITEM_4_CUT} Plan or drawing to scale" in text
        assert "is cut short here" in ITEM_4_CUT and "needs review" in ITEM_4_CUT
        assert "facilities will be provided" not in text
    assert "Plan by K. Jones, P.E., sheets 2-4" in pdf_text(render_petition(petition_record))


def test_filled_verified_petition_carries_every_answer(petition_record, tmp_path):
    data = render_petition(petition_record)
    text = pdf_text(data)
    for expected in ("Gleneida Farm LLC", "4,200", "9,000", "1,050", "2,300", "$45.00", "85 dB",
                     "20 private guards", "First-aid tent", "Survey map (item 3)", "Parking plan (item 5)",
                     "2025-05-02", "J. Doe, President"):
        assert expected in text, expected
    rasterize(data, tmp_path)


def test_hearing_notice_states_hearing_and_latest_publication_date(hearing_record, tmp_path):
    data = render_hearing_notice(hearing_record)
    text = pdf_text(data)
    assert "public hearing on Tuesday, June 24, 2025 (2025-06-24) at 7:30 p.m." in text
    assert "Saturday, June 14, 2025 (2025-06-14)" in text and "Putnam County Courier" in text
    assert "Lake Gleneida Music Festival" in text and "Carmel Code ch. 31" in text
    # the event's name is named as the assembly, not where a reader expects a number (a new-user trial)
    said = " ".join(text.split())
    assert "Carmel Code ch. 31) to hold an assembly, Lake Gleneida Music Festival, at the property known as" in said
    assert "requires a permit:" not in said
    rasterize(data, tmp_path)


def test_hearing_notice_publication_after_hearing_is_refused(hearing_record):
    with pytest.raises(ValueError, match="latest_publication_date"):
        render_hearing_notice(replace(hearing_record, latest_publication_date=date(2025, 6, 24)))


def test_164_12_summons_returnable_in_town_justice_court_with_164_14_range(summons_record, tmp_path):
    data = render_summons(summons_record)
    text = pdf_text(data)
    assert "Town Justice Court of the Town of Mount Pleasant" in text  # from the parameters (§ 164-12)
    assert "Mount Pleasant Code § 164-5" in text and "S-2025-017" in text
    assert "not less than $100.00 and not more than $250.00" in text
    assert "15 days" in text and "violation" in text and "second offense" in text
    assert "2025-05-06" in text and "9:30 a.m." in text and "Lt. M. Ortiz" in text
    rasterize(data, tmp_path)


def test_summons_first_offense_has_no_imprisonment(summons_record):
    first = replace(summons_record, offense_number=1, min_fine=Decimal(25), max_fine=Decimal(100),
                    max_jail_days=None)
    text = pdf_text(render_summons(first))
    assert "not less than $25.00 and not more than $100.00" in text and "imprisonment for" not in text


def test_summons_refuses_unknown_complainant(summons_record):
    with pytest.raises(ValueError, match="complainant_kind"):
        render_summons(replace(summons_record, complainant_kind="neighbour"))


VENUE = {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "name": "Pocantico Hall", "commercial": True,
         "spaces": [{"name": "Main hall", "use_group": "assembly_without_fixed_seats", "area": 3000},
                    {"name": "Lawn", "use_group": "open_air", "area": 1500}]}


def test_report_of_a_venue_draws_occupancy_per_space(tmp_path):
    """§§ 164-7, 164-8: 3000 sq ft at 15 → 200; 1500 sq ft open air at 15 → 100."""
    determination = evaluate(VENUE, date(2025, 6, 1))
    data = render_report(determination)
    text = pdf_text(data)
    assert "Main hall" in text and "Lawn" in text and "200" in text and "100" in text
    lawful = determination.occupancy.lawful_occupancy
    assert f"Lawful occupancy: {lawful} persons" in text
    assert "2025-06-01" in text
    assert pdf_text(render_report(determination.to_json())) == text  # the JSON form gives the same report
    rasterize(data, tmp_path)


def test_report_draws_deadlines_on_a_timeline(tmp_path):
    data = {"jurisdiction": "ocd-division/country:us/state:ny/county:putnam/place:carmel", "as_of": "2025-05-01",
            "subject": "event", "verdict": "permit required", "findings": [],
            "deadlines": {"application_due": {"date": "2025-06-16", "counted": "60 days before"},
                          "hearing_notice_due": {"date": "2025-07-05", "counted": "10 days before"}}}
    pdf = render_report(data)
    text = pdf_text(pdf)
    assert "application due: 2025-06-16" in text and "hearing notice due: 2025-07-05" in text
    assert "as of 2025-05-01" in text
    rasterize(pdf, tmp_path)


def test_report_refuses_data_without_the_stable_keys():
    with pytest.raises(ValueError, match="^verdict: is required in a determination$"):
        render_report({"jurisdiction": "mount-pleasant-ny", "as_of": "2025-01-01", "subject": "venue",
                       "findings": []})


def test_report_states_answers_in_words_not_python_values():
    """The determination report says yes / no / not asked, never Python's True, False, None or a raw dict."""
    import yaml

    from publicassembly.law import evaluate

    root = Path(__file__).resolve().parents[2]
    for name in ("mount-pleasant-catering-hall.yaml", "carmel-county-fair.yaml"):
        text = pdf_text(render_report(evaluate(yaml.safe_load((root / "examples" / name).read_text()))))
        assert "Permit required" in text and "Certificate required" in text
        for python in ("None", "True", "False", "{'", "'}"):
            assert python not in text, (name, python)


LONG = ("Very Long Name of the Lake Gleneida Farm and Music Festival Association " * 4)[:200]
RENDERERS = {"permit_record": render_permit, "certificate_record": render_certificate,
             "hearing_record": render_hearing_notice, "summons_record": render_summons,
             "petition_record": render_petition}


def _inside(data: bytes) -> list[str]:
    import io

    import pdfplumber

    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [c["text"] for page in pdf.pages for c in page.chars
                if c["x0"] < 0 or c["x1"] > page.width or c["top"] < 0 or c["bottom"] > page.height]


@pytest.mark.parametrize("fixture", sorted(RENDERERS))
def test_long_names_and_addresses_stay_on_the_page(fixture, request):
    """Every text field of the record that accepts 200 characters (names, addresses, references) is given
    200: every glyph of every page is drawn inside the page (the body wraps; the footer's title is cut with
    "...")."""
    from dataclasses import fields

    record = request.getfixturevalue(fixture)
    render = RENDERERS[fixture]
    changes = {}
    for f in fields(record):
        if isinstance(getattr(record, f.name), str):
            try:
                render(replace(record, **{f.name: LONG}))
            except ValueError:
                continue  # a field of allowed values (a status, a jurisdiction), refused with its name
            changes[f.name] = LONG
    assert len(changes) >= 3
    data = render(replace(record, **changes))
    assert _inside(data) == []
    assert "Very Long Name" in pdf_text(data)


def test_report_with_200_character_space_names_stays_on_the_page():
    """§ 164-7 report: long space names are cut with "..." in the chart's labels and wrapped in the table,
    where each is stated whole; every glyph is inside the page."""
    import copy

    venue = copy.deepcopy(VENUE)
    names = [(f"{i} Grand ballroom east wing " * 8)[:200] for i in range(len(venue["spaces"]))]
    for space, name in zip(venue["spaces"], names, strict=True):
        space["name"] = name
    data = render_report(evaluate(venue, date(2025, 6, 1)))
    assert _inside(data) == []
    text = "".join(pdf_text(data).split())
    assert all("".join(n.split()) in text for n in names)


@pytest.mark.parametrize(("status", "why"), [
    ("revoked", "This certificate has been revoked"),
    ("stale", "This certificate is not current (the place of assembly or the law has changed since it was issued)"),
    ("superseded", "This certificate has been superseded by certificate MP-C-2025-0050")])
def test_a_certificate_not_valid_says_it_no_longer_states_the_lawful_occupancy_section_164_9(certificate_record,
                                                                                               status, why):
    """§ 164-9: the certificate states the lawful occupancy; one not valid keeps its banner and its number, and
    says beside the Building Inspector's determination that it no longer states it."""
    record = replace(certificate_record, status=status,
                     superseded_by="MP-C-2025-0050" if status == "superseded" else "")
    text = pdf_text(render_certificate(record))
    assert "NOT VALID" in text or "NOT CURRENT" in text
    assert f"{why}: it no longer states the lawful occupancy of the place." in text
    assert "no longer states" not in pdf_text(render_certificate(certificate_record))


def test_a_certificates_bowling_alley_shows_its_alleys_section_164_7(certificate_record):
    assert "Lanes Bowling alleys 32 alleys 160" in pdf_text(render_certificate(certificate_record))
