"""A permit's PDF says what became of its bond (Carmel ch. 31 ¶ F; interpretations P-32, P-35). A new-user trial in
Carmel: a revoked permit whose bond the Town Board later released or forfeited still printed "The permittee has
posted with the Town Clerk a bond of $15,000.00": the document now says "released on DATE" or "forfeited on DATE",
with the Board's reason when the record has one, in the permit and in BLDS' ExtraFields; a permit read with
``--from-json`` gives the same fields, held to what the workflow allows (a bond is settled after the assembly was
held or the permit revoked, on a day not after today nor before the permit's issue or revocation, and forfeited only
once a cleanup can have failed: after ¶ F's last day counted from the first day of the assembly)."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, replace
from datetime import date

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents import blds
from publicassembly.documents.pdf import render_permit
from publicassembly.documents.records import PermitRecord, record_from_json
from publicassembly.law.jsonable import jsonable

from .conftest import pdf_text as pdf_pages
from .conftest import rasterize

#: The footer of each page of a permit, which a paragraph running over a page's end is read around.
FOOTER = re.compile(r"Permit \S+ - Carmel Code ch\. 31, permit requirements \(Public Assembly Ordinance\) Page \d+ ?")


def pdf_text(data: bytes) -> str:
    """The permit's text without its pages' footers."""
    return FOOTER.sub("", pdf_pages(data))

#: The fixture's permit: issued 2025-07-01 for 15-17 August 2025, cleanup due 2025-08-22 (¶ F counted from the
#: last day); ¶ F's 5 days counted from the first day end on 2025-08-20.
REVOKED_ON = date(2025, 7, 20)
FROM_FIRST_DAY = date(2025, 8, 20)


def revoked(record: PermitRecord, **bond) -> PermitRecord:
    return replace(record, status="revoked", revoked_date=REVOKED_ON, **bond)


def data_of(record: PermitRecord, **changes) -> dict:
    return json.loads(json.dumps(jsonable(asdict(replace(record, **changes)))))


def refusals(data: dict) -> list[str]:
    with pytest.raises(ValueError) as refused:
        record_from_json(PermitRecord, data)
    return str(refused.value).splitlines()


def test_a_bond_not_released_nor_forfeited_is_said_posted_paragraph_f(permit_record):
    text = pdf_text(render_permit(revoked(permit_record)))
    assert "The permittee has posted with the Town Clerk a bond of $15,000.00" in text
    assert "released" not in text and "forfeited" not in text


def test_a_revoked_permits_bond_released_is_said_released_on_its_day_with_the_reason_p32_p35(permit_record):
    text = pdf_text(render_permit(revoked(permit_record, bond_disposition="released",
                                          bond_disposition_date=date(2025, 7, 22),
                                          bond_disposition_reason="The fair was called off; no assembly took place")))
    assert "has posted" not in text, text
    assert ("The permittee posted with the Town Clerk a bond of $15,000.00, the amount fixed by the Town Board, to "
            "insure that performance. On Tuesday, July 22, 2025 (2025-07-22), the Town Board released the bond "
            "(Carmel Code ch. 31, permit requirements ¶ F): The fair was called off; no assembly took place.") in text, text
    assert "Bond released on Tuesday, July 22, 2025 (2025-07-22)" in text  # (the head's table says it too)


def test_a_forfeited_bond_is_said_forfeited_on_its_day_without_a_reason_when_none_is_recorded_p35(permit_record):
    text = pdf_text(render_permit(revoked(permit_record, bond_disposition="forfeited",
                                          bond_disposition_date=date(2025, 8, 25))))
    assert "has posted" not in text
    assert ("On Monday, August 25, 2025 (2025-08-25), the Town Board forfeited the bond (Carmel Code ch. 31, permit "
            "requirements ¶ F). Inspection" in text), text
    assert "Bond forfeited on Monday, August 25, 2025 (2025-08-25)" in text


def test_an_expired_permits_bond_released_after_the_cleanup_is_said_released_p35(permit_record):
    """The bond released after the cleanup inspection (bond_released, then closed: the permit expired) is not
    said posted either."""
    text = pdf_text(render_permit(replace(permit_record, status="expired", bond_disposition="released",
                                          bond_disposition_date=date(2025, 8, 26),
                                          bond_disposition_reason="bond released: waste removed by 2025-08-20")))
    assert "has posted" not in text
    assert ("On Tuesday, August 26, 2025 (2025-08-26), the Town Board released the bond (Carmel Code ch. 31, permit "
            "requirements ¶ F): bond released: waste removed by 2025-08-20.") in text, text


def test_the_blds_extra_fields_say_what_became_of_the_bond_p35(permit_record):
    settled = revoked(permit_record, bond_disposition="forfeited", bond_disposition_date=date(2025, 8, 25),
                      bond_disposition_reason="Trash left on the field")
    extra = json.loads(blds.permits_json([blds.row_from_permit(settled, status="revoked",
                                                               applied_date=date(2025, 4, 1))]))[0]["ExtraFields"]
    assert (extra["bond_amount"], extra["bond_disposition"], extra["bond_disposition_date"],
            extra["bond_disposition_reason"]) == (15000, "forfeited", "2025-08-25", "Trash left on the field")
    posted = json.loads(blds.permits_json([blds.row_from_permit(permit_record, status="issued")]))[0]["ExtraFields"]
    assert (posted["bond_disposition"], posted["bond_disposition_date"], posted["bond_disposition_reason"]) == (
        None, None, None)


# --- read from JSON ---------------------------------------------------------------------------------------------


def test_a_permit_from_json_gives_what_became_of_its_bond_p35(permit_record):
    data = data_of(revoked(permit_record), bond_disposition="released", bond_disposition_date="2025-07-20",
                   bond_disposition_reason="No assembly took place")
    record = record_from_json(PermitRecord, data)
    assert (record.bond_disposition, record.bond_disposition_date, record.bond_disposition_reason) == (
        "released", REVOKED_ON, "No assembly took place")


def test_a_bond_disposition_not_of_the_workflow_is_refused_naming_the_allowed(permit_record):
    data = data_of(revoked(permit_record), bond_disposition="returned", bond_disposition_date="2025-07-22")
    assert refusals(data) == ["bond_disposition: 'returned' is not allowed; allowed: released, forfeited"]


def test_a_disposition_and_its_day_go_together_p35(permit_record):
    assert refusals(data_of(revoked(permit_record), bond_disposition="released")) == [
        "bond_disposition_date: is required with bond_disposition 'released': the day the Town Board released the "
        "bond (Carmel Code ch. 31, permit requirements ¶ F); give it, or leave bond_disposition out while the bond "
        "is posted"]
    assert refusals(data_of(revoked(permit_record), bond_disposition_date="2025-07-22")) == [
        "bond_disposition_date: given without bond_disposition; give bond_disposition (released or forfeited), or "
        "leave bond_disposition_date out while the bond is posted"]
    assert refusals(data_of(revoked(permit_record), bond_disposition_reason="No assembly took place")) == [
        "bond_disposition_reason: given without bond_disposition; give bond_disposition (released or forfeited), "
        "or leave bond_disposition_reason out while the bond is posted"]


def test_the_bond_of_a_permit_in_force_is_not_yet_released_nor_forfeited_p35(permit_record):
    """A valid permit's assembly is still to come or under way: its bond insures a cleanup not yet due (¶ F)."""
    data = data_of(permit_record, bond_disposition="released", bond_disposition_date="2025-07-22")
    assert refusals(data) == [
        "bond_disposition: the bond of a permit whose status is 'valid' is not released nor forfeited: it insures "
        "the cleanup after the assembly (Carmel Code ch. 31, permit requirements ¶ F); the Town Board settles it "
        "after the assembly was held or the permit revoked: give status 'expired' or 'revoked', or leave "
        "bond_disposition out (interpretation P-35)"]


@pytest.mark.parametrize(("day", "refused"), [
    ("2025-06-30", "before issued_date 2025-07-01; the Town Board releases or forfeits the bond of a permit after it "
                   "is issued"),
    ("2025-07-19", "before revoked_date 2025-07-20; the bond of a revoked permit is released or forfeited after its "
                   "revocation (interpretation P-32)"),
    ("2025-07-20", None)])
def test_a_revoked_permits_bond_is_settled_after_its_revocation_p32(permit_record, day, refused):
    data = data_of(revoked(permit_record), bond_disposition="released", bond_disposition_date=day)
    if refused is None:
        assert str(record_from_json(PermitRecord, data).bond_disposition_date) == day
        return
    assert refusals(data) == [f"bond_disposition_date: {day} is {refused}"]


def test_a_bond_released_on_a_day_to_come_is_refused_g10(permit_record, travel_to):
    travel_to(date(2025, 7, 21))
    data = data_of(revoked(permit_record), bond_disposition="released", bond_disposition_date="2025-07-22")
    assert refusals(data) == [
        "bond_disposition_date: 2025-07-22 is after today (2025-07-21): the Town Board cannot have released or "
        "forfeited the bond on a day still to come; give the day it did (interpretation G-10)"]
    data["bond_disposition_date"] = "2025-07-21"
    assert record_from_json(PermitRecord, data).bond_disposition_date == date(2025, 7, 21)


@pytest.mark.parametrize(("day", "refused"), [(FROM_FIRST_DAY, True), (date(2025, 8, 21), False)])
def test_a_revoked_permits_bond_is_forfeited_only_after_paragraph_f_days_from_the_first_day_p32(permit_record, day,
                                                                                              refused):
    data = data_of(revoked(permit_record), bond_disposition="forfeited", bond_disposition_date=day.isoformat())
    if not refused:
        assert record_from_json(PermitRecord, data).bond_disposition == "forfeited"
        return
    assert refusals(data) == [
        "bond_disposition_date: the bond is forfeited only when the waste of an assembly that took place was not "
        "completely removed within 5 days from its termination (Carmel Code ch. 31, permit requirements ¶ F): the "
        "assembly's first day is 2025-08-15, so no cleanup can have failed on or before 2025-08-20; give a later "
        "day, or bond_disposition 'released' (interpretation P-32)"]


@pytest.mark.parametrize(("day", "refused"), [(date(2025, 8, 22), True), (date(2025, 8, 23), False)])
def test_an_expired_permits_bond_is_forfeited_only_after_its_cleanup_due_date_paragraph_f(permit_record, day,
                                                                                         refused):
    """After an assembly held, the cleanup fails only once cleanup_due_date has passed (P-3)."""
    data = data_of(permit_record, status="expired", bond_disposition="forfeited",
                   bond_disposition_date=day.isoformat())
    if not refused:
        assert record_from_json(PermitRecord, data).bond_disposition_date == day
        return
    assert refusals(data) == [
        "bond_disposition_date: the bond is forfeited only when the waste of the assembly was not completely "
        "removed by cleanup_due_date 2025-08-22 (Carmel Code ch. 31, permit requirements ¶ F): no cleanup can have "
        "failed on or before it; give a later day, or bond_disposition 'released' (interpretation P-3)"]


def test_permit_from_json_prints_the_bond_released_and_its_help_names_the_fields_p35(tmp_path, permit_record):
    source, out = tmp_path / "permit.json", tmp_path / "permit.pdf"
    source.write_text(json.dumps(data_of(revoked(permit_record), bond_disposition="released",
                                         bond_disposition_date="2025-07-22",
                                         bond_disposition_reason="No assembly took place")), encoding="utf-8")
    result = CliRunner().invoke(app, ["permit", "--from-json", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "the Town Board released the bond (Carmel Code ch. 31, permit requirements ¶ F): No assembly took " \
           "place." in pdf_text(out.read_bytes())
    rasterize(out.read_bytes(), tmp_path)
    shown = " ".join(CliRunner().invoke(app, ["permit", "--help"], terminal_width=200).output.split())
    assert "bond_disposition (one of released, forfeited or null)" in " ".join(shown.replace("│", " ").split())
