"""The API's documents of an application and its filing fee (Carmel ch. 31): uploads with the pages' limits of
size and type (422 naming ``file`` or ``kind``), lists and downloads only to those who may see the application;
the Town Board's fee schedule (public to read, the Clerk's to keep), the fee due on an application, and the
refund the chapter forbids ("not refundable in whole or in part")."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from publicassembly.accounts.models import Membership, User
from publicassembly.permits import services as sv
from publicassembly.permits.models import Document

pytestmark = pytest.mark.django_db

TODAY = dt.date.today()
PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
#: A whole PNG image of one white pixel (Pillow reads it to its end).
PNG = (b'\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00\x90wS\xde\x00\x00\x00\x0cIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\r\xefF\xb8\x00\x00\x00\x00IEND\xaeB`\x82')


def D(pk: int, doc: int | None = None, town: str = "carmel-ny") -> str:
    return f"/api/v1/towns/{town}/applications/{pk}/documents" + (f"/{doc}" if doc is not None else "")


def upload(c: Client, url: str, content: bytes = PDF, name: str = "site-map.pdf", kind: str = "site map",
           content_type: str = "application/pdf"):
    return c.post(url, {"kind": kind, "file": SimpleUploadedFile(name, content, content_type=content_type)})


@pytest.fixture
def other_applicant(carmel) -> User:
    """A second Carmel applicant, who may not see the first one's application."""
    user = User.objects.create(username="carmel_other_applicant")
    Membership.objects.create(user=user, town=carmel, role="applicant")
    return user


# --- Documents ------------------------------------------------------------------------------------------------


def test_upload_list_and_download_a_document_by_the_applicant(api, cu, draft_app):
    """The applicant attaches a site map (PDF); it is listed with its size and SHA-256 and its content comes
    back byte for byte, as an attachment, never cached."""
    c = api(cu["applicant"])
    r = upload(c, D(draft_app.pk))
    assert r.status_code == 201, r.json()
    doc = r.json()
    assert doc["kind"] == "site map" and doc["file_name"] == "site-map.pdf"
    assert doc["content_type"] == "application/pdf" and doc["size"] == len(PDF)
    assert doc["uploaded_by"] == cu["applicant"].username
    stored = Document.objects.get(pk=doc["id"])
    assert stored.storage_name != "site-map.pdf" and stored.storage_name.endswith(".pdf")  # a random name

    listed = c.get(D(draft_app.pk))
    assert listed.status_code == 200 and [d["id"] for d in listed.json()] == [doc["id"]]
    assert listed.json()[0]["sha256"] == stored.sha256

    got = c.get(doc["url"])
    assert got.status_code == 200 and got.content == PDF
    assert got["Content-Type"] == "application/pdf"
    assert got["Content-Disposition"] == 'attachment; filename="site-map.pdf"'
    assert got["Cache-Control"] == "private, no-store"


def test_officials_of_the_town_upload_and_read_others_get_404(api, cu, mu, draft_app, other_applicant):
    """The Town Clerk may attach to and read any application of Carmel; another applicant of Carmel and Mount
    Pleasant's Clerk never see it (404); Carmel's enforcement officer reads it but attaches nothing (403: W-35)."""
    r = upload(api(cu["town_clerk"]), D(draft_app.pk), PNG, name="approval.png", kind="written approval",
               content_type="image/png")
    assert r.status_code == 201 and r.json()["content_type"] == "image/png"
    url = r.json()["url"]
    assert api(cu["town_board_member"]).get(url).content == PNG
    officer = api(cu["enforcement_officer"])
    assert officer.get(url).content == PNG and upload(officer, D(draft_app.pk)).status_code == 403
    for outsider in (other_applicant, mu["town_clerk"]):
        c = api(outsider)
        assert c.get(D(draft_app.pk)).status_code == 404
        assert c.get(url).status_code == 404
        assert upload(c, D(draft_app.pk)).status_code == 404
    assert api(mu["town_clerk"]).get(D(draft_app.pk, r.json()["id"], town="mount-pleasant-ny")).status_code == 404


def test_an_administrator_sees_documents_but_may_not_attach_them(api, cu, draft_app):
    """As the pages: the administrator sees every application (and its documents) but is not among those who
    attach documents (403)."""
    sv.attach_document(cu["applicant"], draft_app, kind="site map", filename="m.pdf", content=PDF)
    c = api(cu["administrator"])
    assert c.get(D(draft_app.pk)).status_code == 200
    assert upload(c, D(draft_app.pk)).status_code == 403


def test_a_document_of_another_application_is_not_found_under_this_one(api, carmel, cu, draft_app):
    from tests.web.conftest import fair_facts

    second = sv.create_draft(cu["applicant"], carmel, fair_facts())
    doc = sv.attach_document(cu["applicant"], second, kind="site map", filename="m.pdf", content=PDF)
    assert api(cu["applicant"]).get(D(draft_app.pk, doc.pk)).status_code == 404
    assert api(cu["applicant"]).get(D(second.pk, doc.pk)).status_code == 200


def test_upload_size_limit_both_sides(api, cu, draft_app, settings):
    """PUBLICASSEMBLY_MAX_DOCUMENT_BYTES: a file of exactly the limit is accepted, one byte more is 422 naming
    ``file``; an empty file is 422 naming ``file``."""
    limit = 200
    settings.PUBLICASSEMBLY_MAX_DOCUMENT_BYTES = limit
    c = api(cu["applicant"])
    exact = PDF + b" " * (limit - len(PDF))
    assert upload(c, D(draft_app.pk), exact).status_code == 201
    over = upload(c, D(draft_app.pk), exact + b" ")
    assert over.status_code == 422 and over.json()["field"] == "file"
    assert "201 bytes" in over.json()["detail"] and "200 bytes" in over.json()["detail"]
    empty = upload(c, D(draft_app.pk), b"")
    assert empty.status_code == 422 and empty.json()["field"] == "file"


@pytest.mark.parametrize(("content", "name", "content_type", "why"), [
    (b"hello, I am text", "notes.pdf", "application/pdf", "not a PDF, PNG or JPEG by its signature"),
    (PDF, "plan.exe", "application/pdf", "a name that is not .pdf/.png/.jpg/.jpeg"),
    (PDF, "plan.pdf", "image/png", "declared as another type than it is"),
    (b"<html><script>alert(1)</script></html>", "page.html", "text/html", "HTML"),
])
def test_upload_refuses_other_types_naming_file(api, cu, draft_app, content, name, content_type, why):
    r = upload(api(cu["applicant"]), D(draft_app.pk), content, name=name, content_type=content_type)
    assert r.status_code == 422, why
    assert r.json()["field"] == "file", why
    assert not Document.objects.exists()


def test_upload_accepts_an_undeclared_type_by_the_signature(api, cu, draft_app):
    """A client that declares ``application/octet-stream`` (says nothing) is judged by the file's signature."""
    r = upload(api(cu["applicant"]), D(draft_app.pk), PDF, content_type="application/octet-stream")
    assert r.status_code == 201 and r.json()["content_type"] == "application/pdf"


def test_upload_kind_is_required_and_at_most_60_characters(api, cu, draft_app):
    c = api(cu["applicant"])
    for kind in ("", " " * 3, "x" * 61):
        r = upload(c, D(draft_app.pk), kind=kind)
        assert r.status_code == 422 and r.json()["field"] == "kind", (kind, r.json())
    assert upload(c, D(draft_app.pk), kind="x" * 60).status_code == 201
    missing = c.post(D(draft_app.pk), {"kind": "site map"})
    assert missing.status_code == 422 and missing.json()["field"] == "file"


def test_documents_need_a_token(draft_app):
    assert Client().get(D(draft_app.pk)).status_code == 401


# --- The fee schedule (Carmel ch. 31, fee) ----------------------------------------------------------------------------


F = "/api/v1/towns/carmel-ny/fee-schedule"


def _put(c: Client, url: str, data: dict):
    return c.put(url, json.dumps(data, default=str), content_type="application/json")


def test_fee_schedule_is_public_and_kept_by_the_clerk(api, carmel, cu, mu):
    """Fee: "established annually by the Town Board and ... on file in the office of the Town Clerk". Anyone
    reads it (no token); the Clerk keeps it; a Board member, an applicant and another town's Clerk may not
    (403); P-1: a year with nothing on file has no fee in force (null)."""
    empty = Client().get(F)
    assert empty.status_code == 200
    assert empty.json()["schedules"] == [] and empty.json()["in_force"] is None
    assert empty.json()["citation"] == "Carmel Code ch. 31, fee"

    body = {"amount": "250.00", "resolution_date": dt.date(TODAY.year, 1, 2)}
    for who in (cu["town_board_member"], cu["applicant"], mu["town_clerk"]):
        assert _put(api(who), f"{F}/{TODAY.year}", body).status_code == 403
    r = _put(api(cu["town_clerk"]), f"{F}/{TODAY.year}", body)
    assert r.status_code == 200, r.json()
    assert r.json() == {"year": TODAY.year, "amount": "250.00",
                        "resolution_date": dt.date(TODAY.year, 1, 2).isoformat()}
    read = Client().get(F).json()
    assert read["in_force"] == "250.00" and [s["year"] for s in read["schedules"]] == [TODAY.year]

    again = _put(api(cu["town_clerk"]), f"{F}/{TODAY.year}", {**body, "amount": "275.50"})
    assert again.status_code == 200 and Client().get(F).json()["in_force"] == "275.50"


def test_fee_schedule_bad_input_names_the_field(api, cu):
    clerk = api(cu["town_clerk"])
    body = {"amount": "250.00", "resolution_date": "1972-01-03"}
    assert _put(clerk, f"{F}/1972", body).status_code == 200
    assert _put(clerk, f"{F}/{TODAY.year + 10}", body).status_code == 200
    for year in (1971, TODAY.year + 11, 9999, 10000):
        r = _put(clerk, f"{F}/{year}", body)
        assert r.status_code == 422 and r.json()["field"] == "year", (year, r.json())
    for amount in ("-0.01", "12.345", "a lot"):
        r = _put(clerk, f"{F}/2030", {**body, "amount": amount})
        assert r.status_code == 422 and r.json()["field"] == "amount", (amount, r.json())
    r = _put(clerk, f"{F}/2030", {**body, "amount": "0.00"})  # (ch. 31, fee: the fee compensates the Town, C-19)
    assert r.status_code == 422 and r.json()["field"] == "amount", r.json()
    assert _put(clerk, f"{F}/2030", {**body, "amount": "0.01"}).status_code == 200
    r = _put(clerk, f"{F}/2030", {**body, "resolution_date": "2030-02-30"})
    assert r.status_code == 422 and r.json()["field"] == "resolution_date"


def test_fee_schedule_resolution_date_from_1972_to_today(api, cu):
    """The Board's resolution is recorded once adopted: today is accepted, tomorrow and 9999-12-31 are 422
    naming ``resolution_date``; 1972-01-01 (the chapter's Code) is accepted, the day before is refused."""
    clerk = api(cu["town_clerk"])
    year = f"{F}/{TODAY.year + 3}"
    for day, status in ((TODAY, 200), (TODAY + dt.timedelta(days=1), 422), (dt.date(9999, 12, 31), 422),
                        (dt.date(1972, 1, 1), 200), (dt.date(1971, 12, 31), 422)):
        r = _put(clerk, year, {"amount": "250.00", "resolution_date": day.isoformat()})
        assert r.status_code == status, (day, r.json())
        if status == 422:
            assert r.json()["field"] == "resolution_date"


def test_fee_schedule_of_a_town_without_the_carmel_chapter(api, mu):
    """Mount Pleasant's chapter has no permit, so no filing fee: 404 saying so, as its applications; an unknown
    town 404."""
    r = Client().get("/api/v1/towns/mount-pleasant-ny/fee-schedule")
    assert r.status_code == 404 and "does not issue permits for public assemblies" in r.json()["detail"]
    r = _put(api(mu["town_clerk"]), f"/api/v1/towns/mount-pleasant-ny/fee-schedule/{TODAY.year}",
             {"amount": "10.00", "resolution_date": TODAY})
    assert r.status_code == 404 and "does not issue permits for public assemblies" in r.json()["detail"]
    assert Client().get("/api/v1/towns/atlantis/fee-schedule").status_code == 404


def test_fee_due_on_an_application_paid_and_remaining(api, carmel, cu, mu, hearing_app):
    """The fee due is the Board's fee in force on the filing date; with none on file it is null (P-1); after a
    payment of part, the balance is the rest. Another town's Clerk 404."""
    url = f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}/fee"
    r = api(cu["applicant"]).get(url)
    assert r.status_code == 200
    assert r.json()["fee_due"] is None and r.json()["balance"] is None and r.json()["refundable"] is False
    sv.set_fee_schedule(cu["town_clerk"], carmel, year=TODAY.year, amount="250.00",
                        resolution_date=dt.date(TODAY.year, 1, 2))
    sv.record_fee_payment(cu["town_clerk"], hearing_app, amount="100.00", paid_on=TODAY, receipt="R-1")
    r = api(cu["town_clerk"]).get(url).json()
    assert (r["fee_due"], r["paid"], r["balance"]) == ("250.00", "100.00", "150.00")
    assert r["filed_on"] == TODAY.isoformat() and r["payments"][0]["receipt"] == "R-1"
    sv.record_fee_payment(cu["town_clerk"], hearing_app, amount="150.00", paid_on=TODAY)
    assert api(cu["applicant"]).get(url).json()["balance"] == "0.00"
    assert api(mu["town_clerk"]).get(url).status_code == 404
    assert api(mu["town_clerk"]).get(
        f"/api/v1/towns/mount-pleasant-ny/applications/{hearing_app.pk}/fee").status_code == 404


def test_the_filing_fee_is_never_refunded(api, cu, mu, hearing_app):
    """Fee: "not refundable in whole or in part": the Clerk is refused (403) with the sentence and its citation;
    an applicant 403; another town's Clerk 404; a bad amount 422 naming it."""
    url = f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}/fee-refund"
    r = api(cu["town_clerk"]).post(url, json.dumps({"amount": "250.00", "reason": "event cancelled"}),
                                   content_type="application/json")
    assert r.status_code == 403
    assert "not refundable in whole or in part" in r.json()["detail"]
    assert "Carmel Code ch. 31, fee" in r.json()["detail"]
    assert api(cu["applicant"]).post(url, "{}", content_type="application/json").status_code == 403
    assert api(mu["town_clerk"]).post(url, "{}", content_type="application/json").status_code == 404
    bad = api(cu["town_clerk"]).post(url, json.dumps({"amount": "-5"}), content_type="application/json")
    assert bad.status_code == 422 and bad.json()["field"] == "amount"


def test_upload_to_a_withdrawn_application_is_422_naming_state(api, cu, draft_app):
    """Nothing more can be filed on a withdrawn application: 422 naming ``state``, nothing stored; the same
    upload is 201 while it is a draft."""
    c = api(cu["applicant"])
    assert upload(c, D(draft_app.pk), PDF).status_code == 201
    sv.withdraw(cu["applicant"], draft_app)
    r = upload(c, D(draft_app.pk), PDF)
    assert r.status_code == 422 and r.json()["field"] == "state" and "withdrawn" in r.json()["detail"]
    assert Document.objects.filter(application=draft_app).count() == 1


def test_upload_of_the_png_signature_alone_is_422_naming_file(api, cu, draft_app):
    r = upload(api(cu["applicant"]), D(draft_app.pk), b"\x89PNG\r\n\x1a\n", name="map.png", content_type="image/png")
    assert r.status_code == 422 and r.json()["field"] == "file"
    assert upload(api(cu["applicant"]), D(draft_app.pk), PNG, name="map.png", content_type="image/png"
                  ).status_code == 201


def test_not_found_names_the_number_and_the_town(api, cu):
    r = api(cu["applicant"]).get("/api/v1/towns/carmel-ny/applications/99999")
    assert r.status_code == 404 and r.json()["detail"] == "no permit application 99999 in carmel-ny"


def test_upload_refuses_a_field_other_than_kind_and_file_and_a_second_file(api, cu, draft_app):
    """Only ``kind`` and ``file`` are taken: a misspelt ``kind`` (``kidn``) or a second file is 422 naming it,
    and nothing is attached (they were dropped unseen)."""
    c = api(cu["applicant"])
    r = c.post(D(draft_app.pk), {"kind": "site map", "kidn": "plan",
                                 "file": SimpleUploadedFile("site-map.pdf", PDF, content_type="application/pdf")})
    assert r.status_code == 422 and r.json()["field"] == "kidn"
    assert r.json()["errors"] == [{"field": "kidn", "msg": "is not a field of a document upload; allowed: kind, file"}]
    two = [SimpleUploadedFile("a.pdf", PDF, content_type="application/pdf"),
           SimpleUploadedFile("b.pdf", PDF, content_type="application/pdf")]
    r = c.post(D(draft_app.pk), {"kind": "site map", "file": two})
    assert r.status_code == 422 and r.json()["field"] == "file" and "one file per upload" in r.json()["detail"]
    assert not draft_app.documents.exists()
    assert upload(c, D(draft_app.pk)).status_code == 201  # kind and one file: taken


def test_upload_refuses_kind_given_twice(api, cu, draft_app):
    """``kind`` twice: 422 naming it, rather than the last one kept."""
    r = api(cu["applicant"]).post(D(draft_app.pk), {"kind": ["site map", "other"],
                                                    "file": SimpleUploadedFile("a.pdf", PDF, content_type="application/pdf")})
    assert r.status_code == 422 and r.json()["field"] == "kind" and "given 2 times" in r.json()["detail"]
    assert not draft_app.documents.exists()


def test_retroactive_fee_schedule_is_422_and_a_charged_year_is_not_changed_p9(api, carmel, cu, hearing_app):
    """P-9: a year's fee is set by a resolution adopted before the year ends; PUT of last year's fee by a
    resolution of today is 422 naming ``resolution_date``. This year's fee, charged on the application filed
    today, cannot be changed (422 naming ``amount``), and the fee due on it stays."""
    clerk = api(cu["town_clerk"])
    last = TODAY.year - 1
    r = _put(clerk, f"{F}/{last}", {"amount": "100", "resolution_date": TODAY.isoformat()})
    assert r.status_code == 422 and r.json()["field"] == "resolution_date", r.json()
    assert f"after {last} ended" in r.json()["detail"]
    assert _put(clerk, f"{F}/{last}", {"amount": "100", "resolution_date": f"{last}-12-31"}).status_code == 200
    body = {"amount": "250.00", "resolution_date": dt.date(TODAY.year, 1, 1).isoformat()}
    assert _put(clerk, f"{F}/{TODAY.year}", body).status_code == 200  # first schedule of the year (P-1)
    r = _put(clerk, f"{F}/{TODAY.year}", {**body, "amount": "100"})
    assert r.status_code == 422 and r.json()["field"] == "amount", r.json()
    fee = clerk.get(f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}/fee").json()
    assert fee["fee_due"] == "250.00"
