"""The applicant's journey on the pages: the guided petition (asking only what applies), a draft, documents,
submission, return as incomplete and amendment, withdrawal; bad input beside its field."""

from __future__ import annotations

import re

import pytest
from tests.web.conftest import NO_FURTHER_PROPERTIES, client_for, petition_post

from publicassembly.permits.models import PermitApplication

pytestmark = pytest.mark.django_db

PETITION = {
    "name": "Lake Gleneida Music Festival", "purpose": "Concert", "first_day": "2027-08-14",
    "last_day": "2027-08-15", "daily_hours": "12:00-22:00", "max_persons_at_one_time": "1200",
    "applicant_name": "Gleneida Arts, Inc.", "is_corporation": "on", "resides_in_town": "no",
    "officers": "Ann Ferris, 12 Oak Lane, Brewster", "agent_name": "Ann Ferris", "agent_address": "12 Oak Lane",
    "agent_in_putnam": "yes", "agent_accepts_service": "on", "property_address": "Gleneida Avenue, Carmel",
    "food_intended": "yes", "food_preparation": "Licensed vendors", "camping_available": "no",
    **NO_FURTHER_PROPERTIES,
}


def test_guided_petition_becomes_a_draft_with_only_what_applies(cu):
    c = client_for(cu["applicant"])
    r = c.post("/carmel-ny/apply/new/", PETITION)
    assert r.status_code == 302
    app = PermitApplication.objects.get()
    f = app.facts
    assert app.state == "draft"
    assert f["applicant"]["directors_and_officers"][0]["name"] == "Ann Ferris"
    assert f["applicant"]["agent"]["resides_in_putnam_county"] is True
    assert f["petition"]["food"] == {"intended": True, "preparation_and_distribution": "Licensed vendors"}
    assert f["petition"]["camping_or_housing"] == {"available": False}


def test_an_individual_is_not_asked_for_officers(cu):
    """(Officers typed for an individual are refused, not dropped: test_officers_of_an_individual.py.)"""
    data = dict(PETITION, is_corporation="", resides_in_town="yes", officers="")
    client_for(cu["applicant"]).post("/carmel-ny/apply/new/", data)
    f = PermitApplication.objects.get().facts
    assert "directors_and_officers" not in f["applicant"] and "agent" not in f["applicant"]


def test_the_form_marks_conditional_sections():
    from publicassembly.web.forms.application import PetitionForm

    whens = {str(t): w for t, _n, w in PetitionForm.SECTIONS}
    assert "is_corporation=on" in whens.values() and "resides_in_town=no" in whens.values()
    assert "food_intended=yes" in whens.values() and "multiday" in whens.values()


def test_bad_petition_input_beside_its_field(cu):
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", dict(PETITION, last_day="2027-08-01"))
    assert r.status_code == 422
    assert re.search(r'id="err-id_last_day"[^>]*><p class="error">The last day cannot be before',
                     r.content.decode())


def test_upload_submit_incomplete_amend_withdraw(cu, draft_app):
    c = client_for(cu["applicant"])
    base = f"/carmel-ny/applications/{draft_app.pk}"
    from django.core.files.uploadedfile import SimpleUploadedFile

    ok = c.post(f"{base}/documents/", {"kind": "site map",
                                       "file": SimpleUploadedFile("map.pdf", b"%PDF-1.4\n%%EOF\n", "application/pdf")})
    assert ok.status_code == 302
    doc = draft_app.documents.get()
    assert doc.storage_name != "map.pdf"
    got = c.get(f"{base}/documents/{doc.pk}/")
    assert got.status_code == 200 and got.content.startswith(b"%PDF") and "attachment" in got["Content-Disposition"]
    bad = c.post(f"{base}/documents/", {"kind": "virus",
                                        "file": SimpleUploadedFile("x.exe", b"MZ...", "application/octet-stream")})
    assert bad.status_code == 422 and "Only PDF, PNG and JPEG" in bad.content.decode()
    fake = c.post(f"{base}/documents/", {"kind": "fake",
                                         "file": SimpleUploadedFile("x.pdf", b"not a pdf", "application/pdf")})
    assert fake.status_code == 422 and "Only PDF, PNG and JPEG files are accepted." in fake.content.decode()
    # submission needs the verification statement, beside its field
    r = c.post(f"{base}/submit/", {"expected_version": draft_app.version})
    assert r.status_code == 422 and re.search(r'id="err-id_submit-verification_statement"[^>]*><p class="error">',
                                              r.content.decode())
    draft_app.refresh_from_db()
    assert c.post(f"{base}/submit/", {"submit-verification_statement": "Sworn.",
                                      "expected_version": draft_app.version}).status_code == 302
    clerk = client_for(cu["town_clerk"])
    draft_app.refresh_from_db()
    r = clerk.post(f"{base}/mark_incomplete/", {"mark_incomplete-missing_items": "site map by a surveyor",
                                                "expected_version": draft_app.version})
    assert r.status_code == 302
    page = c.get(f"{base}/").content.decode()
    assert "site map by a surveyor" in page and "Amend the petition" in page
    draft_app.refresh_from_db()
    r = c.post(f"{base}/edit/", {**petition_post(draft_app.facts), "amend": "1",
                                 "expected_version": draft_app.version})
    assert r.status_code == 302, r.content.decode()[:2000]
    draft_app.refresh_from_db()
    assert draft_app.state == "amended"
    assert c.post(f"{base}/withdraw/", {"expected_version": draft_app.version}).status_code == 302
    draft_app.refresh_from_db()
    assert draft_app.state == "withdrawn"


def test_stale_version_is_refused_with_a_message(cu, draft_app):
    from publicassembly.permits import services as sv

    opened = draft_app.version
    sv.update_draft(cu["applicant"], draft_app, {**draft_app.facts, "purpose": "County fair and market"},
                    reason="changed in another window")  # (a change: facts as stored are not written again, W-34)
    c = client_for(cu["applicant"])
    r = c.post(f"/carmel-ny/applications/{draft_app.pk}/withdraw/", {"expected_version": opened})
    assert r.status_code == 409 and "has been changed since you opened this page" in r.content.decode()


@pytest.mark.django_db
def test_applicant_home_lists_drafts_named_or_not(carmel, cu):
    """A draft with a name and no purpose, one with a purpose only, and one with neither: the applicant's page
    lists each (name, else purpose, else a dash), never a server error."""
    from publicassembly.permits import services as sv

    sv.create_draft(cu["applicant"], carmel, {"name": "Harvest fair"})
    sv.create_draft(cu["applicant"], carmel, {"purpose": "Craft market"})
    sv.create_draft(cu["applicant"], carmel, {})
    page = client_for(cu["applicant"]).get(f"/{carmel.jurisdiction_alias}/apply/")
    assert page.status_code == 200
    body = page.content.decode()
    assert "Harvest fair" in body and "Craft market" in body and "—" in body


def test_a_refused_officer_or_sound_device_is_named_by_its_line_beside_its_field(cu):
    """¶ B(1) directors and officers and ¶ B(6) sound equipment are entered one per line: a fact the law core
    refuses (an address longer than the facts allow) is told beside that text area, naming the line and the
    part of it, not as the fact's internal path above the form; every line refused is told (up to five, the
    rest counted), and nothing is saved."""
    long = "x" * 3000
    officers = "\n".join([f"Ann Ferris, {long}", "Bo Lind, 2 Elm St", *[f"Officer {i}, {long}" for i in range(6)]])
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", dict(PETITION, officers=officers))
    assert r.status_code == 422
    page = r.content.decode()
    officer_errors = re.search(r'id="err-id_officers"[^>]*>(.*?)</div>', page, re.S)
    assert officer_errors is not None, page
    told = re.findall(r'<p class="error">(.*?)</p>', officer_errors.group(1))
    assert told[0].startswith("Line 1, address: is too long: at most"), told
    assert told[1].startswith("Line 3, address: "), told
    assert len(told) == 6 and told[5] == "and 2 more errors in this field", told
    assert "directors_and_officers" not in page
    assert not PermitApplication.objects.exists()
    r = client_for(cu["applicant"]).post("/carmel-ny/apply/new/", dict(
        PETITION, sound_equipment=f"Loudspeaker, 4, Stage\nAmplifier, 2, {long}"))
    assert r.status_code == 422
    told = re.search(r'id="err-id_sound_equipment"[^>]*><p class="error">(.*?)</p>', r.content.decode())
    assert told is not None and told.group(1).startswith("Line 2, location: is too long: at most"), r.content.decode()


def test_a_petition_of_many_or_long_officers_prints_across_pages_paragraph_b1(cu):
    """¶ B(1): a corporation's directors and officers, each with an address, however many the form takes (120
    lines; one address of 2,000 characters): the petition's PDF continues the answer on the next pages, not a
    server error (a table cell taller than a page failed ReportLab's layout)."""
    many = "\n".join(f"Person {i}, {i} Main Street, Carmel NY" for i in range(120))
    long = "Ann Ferris, 1 Main St\nBo Lind, " + "x" * 1999
    c = client_for(cu["applicant"])
    for officers in (many, long):
        r = c.post("/carmel-ny/apply/new/", dict(PETITION, officers=officers))
        assert r.status_code == 302, r.content.decode()[:300]
        pdf = c.get(r["Location"].rstrip("/") + "/petition.pdf")
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_a_drafts_still_to_be_provided_says_the_verification_in_words_permit_requirements_b(cu, draft_app):
    """¶ B, a verified petition: before submission the draft's "Still to be provided" list names the
    verification in words, where it showed the id ("petition · verified", found by a second new-user trial)."""
    import re

    page = client_for(cu["applicant"]).get(f"/carmel-ny/applications/{draft_app.pk}/").content.decode()
    still = re.search(r'<ul class="missing">(.*?)</ul>', page, re.S)
    assert still is not None
    assert "<li>the petition&#x27;s verification (sworn to when it is submitted)</li>" in still.group(1)
    assert "petition · verified" not in still.group(1)
