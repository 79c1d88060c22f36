"""The services' refusals on Spanish pages: a page the user reads in Spanish shows the refusal of a service
(`ValidationFailed`, `NotAllowed`) in Spanish, while the API (which answers in English whatever the request's
``Accept-Language``: `api.errors.ApiAnswersInEnglish`) keeps the same refusal byte for byte in English. Amounts of US dollars on the requirements read as money in both languages, and the violation
form names its rules in the page's language."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import json
import re

import polib
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.template.loader import render_to_string
from django.test import Client
from django.utils import timezone, translation
from tests.api.conftest import api_client
from tests.web.conftest import client_for, version_of
from tests.web.test_public import load_example
from tests.web.test_spanish import CATALOG

from publicassembly.enforcement.services import violable_rules
from publicassembly.law import evaluate
from publicassembly.law.units import InvalidNumber
from publicassembly.permits import services as sv
from publicassembly.web import present
from publicassembly.web.forms.enforcement import RULE_SUMMARIES, ViolationForm
from publicassembly.web.views.errors import refusal, refusal_detail
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

#: Not a PDF, PNG or JPEG, though named like a PDF (the page's form accepts the name; the service reads the
#: file's signature).
TEXT_AS_PDF = b"Minutes of the meeting, typed as plain text.\n"


def _spanish(user=None) -> Client:
    """A client that chose Spanish with the header's language switch (the ``django_language`` cookie)."""
    c = client_for(user)
    assert c.post("/i18n/setlang/", {"language": "es", "next": "/"}).status_code == 302
    return c


def _text(response) -> str:
    return htmllib.unescape(response.content.decode())


def _days() -> tuple[str, str]:
    """The Town's today and tomorrow, as the services count them (local date), ISO."""
    today = timezone.localdate()
    return today.isoformat(), (today + dt.timedelta(days=1)).isoformat()


# --- a date in the future --------------------------------------------------------------------------------------


def test_fee_paid_tomorrow_is_refused_in_spanish_beside_the_field_carmel_fee(cu, hearing_app):
    """Carmel ch. 31, fee: the Clerk records a payment once made; a payment dated tomorrow is refused beside
    ``paid_on`` in the page's language, with the dates as given."""
    today, tomorrow = _days()
    r = _spanish(cu["town_clerk"]).post(f"/carmel-ny/applications/{hearing_app.pk}/record_fee_payment/",
                                        {"record_fee_payment-amount": "100.00",
                                         "record_fee_payment-paid_on": tomorrow, **version_of(hearing_app)})
    assert r.status_code == 422
    page = _text(r)
    assert f"{tomorrow} está en el futuro (hoy es {today}); regístrelo una vez que haya ocurrido" in page
    assert "is in the future" not in page and "record it once it has happened" not in page
    assert not hearing_app.fee_payments.exists()


def test_fee_paid_tomorrow_through_the_api_stays_english_carmel_fee(cu, hearing_app):
    """The same refusal through the API, without Accept-Language: the English of the service, unchanged."""
    today, tomorrow = _days()
    r = api_client(cu["town_clerk"]).post(f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}/fee-payments",
                                          json.dumps({"amount": "100.00", "paid_on": tomorrow,
                                                      "expected_version": hearing_app.version}),
                                          content_type="application/json")
    assert r.status_code == 422
    english = f"{tomorrow} is in the future (today is {today}); record it once it has happened"
    assert r.json() == {"detail": f"paid_on: {english}", "field": "paid_on",
                        "errors": [{"field": "paid_on", "msg": english}]}


def test_api_asked_for_spanish_still_answers_in_english(cu, hearing_app):
    """The API answers in English even to a client asking for Spanish (``Accept-Language: es``): its
    determinations and schema errors are English, so a translated refusal would mix two languages."""
    today, tomorrow = _days()
    r = api_client(cu["town_clerk"]).post(f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}/fee-payments",
                                          json.dumps({"amount": "100.00", "paid_on": tomorrow,
                                                      "expected_version": hearing_app.version}),
                                          content_type="application/json", HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 422 and r.json()["field"] == "paid_on"
    assert r.json()["detail"] == (f"paid_on: {tomorrow} is in the future (today is {today}); record it once it "
                                  "has happened")
    assert r["Content-Language"] == "en"


def test_complaint_observed_tomorrow_is_refused_in_spanish_section_164_12(mu):
    """§ 164-12: a complaint reports a violation already seen; one observed tomorrow is refused in Spanish
    ("infracción", the catalog's word for a violation)."""
    today, tomorrow = _days()
    r = _spanish(mu["building_inspector"]).post("/mount-pleasant-ny/enforcement/complaint/0/", {
        "c-description": "Salida trasera bloqueada", "c-observed_on": tomorrow})
    assert r.status_code == 422
    page = _text(r)
    assert (f"{tomorrow} es posterior a hoy ({today}); una denuncia informa de una infracción ya observada"
            in page)
    assert "is after today" not in page


# --- an upload that is not a PDF, PNG or JPEG -----------------------------------------------------------------


def test_upload_of_a_text_file_named_pdf_is_refused_in_spanish(cu, draft_app):
    """The service reads the file's signature: a text file named ``.pdf`` is refused beside the file field in
    Spanish, and nothing is stored."""
    r = _spanish(cu["applicant"]).post(f"/carmel-ny/applications/{draft_app.pk}/documents/", {
        "kind": "plano", "file": SimpleUploadedFile("acta.pdf", TEXT_AS_PDF, "application/pdf")})
    assert r.status_code == 422
    page = _text(r)
    assert "Solo se aceptan archivos PDF, PNG y JPEG." in page
    assert "Only PDF, PNG and JPEG files are accepted." not in page
    assert not draft_app.documents.exists()


def test_upload_of_a_text_file_named_pdf_through_the_api_stays_english(cu, draft_app):
    r = api_client(cu["applicant"]).post(f"/api/v1/towns/carmel-ny/applications/{draft_app.pk}/documents", {
        "kind": "site map", "file": SimpleUploadedFile("minutes.pdf", TEXT_AS_PDF, "application/pdf")})
    assert r.status_code == 422
    assert r.json()["field"] == "file"
    assert r.json()["detail"] == "file: Only PDF, PNG and JPEG files are accepted."


def test_damaged_pdf_is_refused_in_spanish_naming_the_marker(cu, draft_app):
    """A file that begins like a PDF but lacks its end-of-file marker: the marker stays as written (%%EOF)."""
    r = _spanish(cu["applicant"]).post(f"/carmel-ny/applications/{draft_app.pk}/documents/", {
        "kind": "plano", "file": SimpleUploadedFile("plano.pdf", b"%PDF-1.4\ncut short", "application/pdf")})
    assert r.status_code == 422
    assert ("el archivo empieza como un PDF pero no termina como tal (no tiene la marca %%EOF al final); puede "
            "estar dañado o incompleto") in _text(r)


def test_service_refusal_outside_a_request_is_the_english_as_written(cu, draft_app):
    """Outside a request (the command line, the batch) no other language is active: the English as written,
    the PDF marker included."""
    with pytest.raises(ValidationFailed) as e:
        sv.attach_document(cu["applicant"], draft_app, kind="plan", filename="p.pdf", content=b"%PDF-1.4\nno end")
    assert e.value.detail == ("the file begins like a PDF but does not end like one (no %%EOF marker at its end); "
                              "it may be damaged or cut short")


# --- who may do it (NotAllowed) --------------------------------------------------------------------------------


def test_clerk_posting_the_boards_denial_gets_a_spanish_403_permit_requirements_b(cu, hearing_app, travel_to):
    """¶ B: the Town Board decides; the Clerk posting 'deny' is refused (403) in Spanish, naming the role needed
    and the roles held in the page's language."""
    travel_to(hearing_app.hearing_on)
    sv.record_hearing_held(cu["town_clerk"], hearing_app)
    r = _spanish(cu["town_clerk"]).post(f"/carmel-ny/applications/{hearing_app.pk}/deny/",
                                        {"deny-reasons": "Sin estacionamiento"})
    assert r.status_code == 403
    page = _text(r)
    assert "'carmel_town_clerk' no es miembro de la Junta del Pueblo en" in page
    assert "(sus funciones allí: secretario municipal)" in page
    assert "is not a town board member" not in page


def test_clerk_posting_the_boards_denial_through_the_api_stays_english(cu, hearing_app, travel_to):
    travel_to(hearing_app.hearing_on)
    sv.record_hearing_held(cu["town_clerk"], hearing_app)
    r = api_client(cu["town_clerk"]).post(f"/api/v1/towns/carmel-ny/applications/{hearing_app.pk}/deny",
                                          json.dumps({"reasons": "No parking"}), content_type="application/json")
    assert r.status_code == 403
    assert r.json()["detail"] == (f"'carmel_town_clerk' is not a town board member in {hearing_app.town} (their "
                                  "roles there: town clerk)")


# --- the law core's words inside a service's refusal ------------------------------------------------------------


def test_law_core_message_passed_on_by_a_service_is_translated_where_shown():
    """A service passes the law core's complaint on (a law `Message`, here a fine not in whole cents): a page shows it in
    its language; its English is unchanged."""
    from publicassembly.law.units import dollars

    with pytest.raises(InvalidNumber) as e:
        dollars("12.345", "fine")
    failed = ValidationFailed("fine", e.value.problem)
    assert refusal_detail(failed) == str(e.value.problem) and refusal(failed) == failed.message
    with translation.override("es"):
        spanish = refusal_detail(failed)
        assert refusal(failed) == f"fine: {spanish}"
    assert spanish != str(e.value.problem)


# --- amounts as money -------------------------------------------------------------------------------------------


def _requirement_rows(language: str) -> dict[str, str]:
    with translation.override(language):
        return {r.label: r.value for r in present.context(evaluate(load_example("carmel-county-fair")))
                ["requirements"]}


def test_requirement_amounts_read_as_us_dollars_in_english_permit_requirements_e_f():
    """¶ E: the bodily injury limit between $250,000 and $500,000 and property damage of at least $250,000; ¶ F:
    the bond the Board fixed ($10,000 in the county fair). Counts are grouped in thousands as the page's
    language writes them: the 1,000 parking spaces of ¶ C(6); days stay plain."""
    rows = _requirement_rows("en")
    assert rows["insurance bodily injury max"] == "$500,000"
    assert rows["insurance property damage min"] == "$250,000"
    assert rows["bond"] == "$10,000"
    assert rows["parking spaces"] == "1,000" and rows["cleanup days"] == "5"


def test_requirement_amounts_read_as_money_in_spanish_permit_requirements_e_f():
    """The same amounts in Spanish, grouped as Spanish is written in the United States (site/formats/es)."""
    rows = _requirement_rows("es")
    money = [v for k, v in rows.items() if "500" in v and v.startswith("$")]
    assert money and all(v == "$500,000" for v in money)
    assert "$250,000" in rows.values() and "$10,000" in rows.values()
    assert rows["espacios de estacionamiento"] == "1,000"  # ¶ C(6): grouped like the money beside it


def test_money_keeps_cents_and_writes_whole_dollars_without_them():
    assert present.money("1250.5") == "$1,250.50"
    assert present.money(250) == "$250" and present.money("500000.00") == "$500,000"
    with translation.override("es"):
        assert present.money("1250.5") == "$1,250.50"


def test_permit_check_page_shows_money_in_both_languages_permit_requirements_e():
    """The public permit check of 600 persons (¶ A): its requirements list the insurance limits as money."""
    params = {"persons": 600, "first_day": "2026-09-12", "within_town": "yes", "as_of": "2026-05-01"}
    english = _text(Client().get("/permit-check/", params))
    assert re.search(r"<td>\$250,000</td>", english) and "<td>250000</td>" not in english
    spanish = _text(_spanish().get("/permit-check/", params))
    assert "<td>$250,000</td>" in spanish and "<td>250000</td>" not in spanish


def test_rendered_determination_penalty_range_reads_as_money():
    """Mount Pleasant § 164-14: the second offense's range, $100 to $250, as money."""
    html = render_to_string("web/_determination.html",
                            present.context(evaluate(load_example("mount-pleasant-blocked-exits-second-offense"))))
    assert "$100–$250" in html


# --- the violation form's rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize("alias", ["mount-pleasant-ny", "carmel-ny"])
def test_every_violable_rule_has_a_short_summary_translated_in_the_catalog(alias):
    """Mount Pleasant §§ 164-2 to 164-11 and every rule of Carmel ch. 31: each rule a violation may be
    recorded under has a summary of its own, with a Spanish translation that differs from the English."""
    from publicassembly.accounts.models import Town

    town = Town.objects.for_jurisdiction(alias)
    ids = [rule_id for rule_id, _ in violable_rules(town)]
    assert ids and [i for i in ids if i not in RULE_SUMMARIES] == []
    spanish = {e.msgid: e.msgstr for e in polib.pofile(str(CATALOG)) if not e.obsolete}
    for rule_id in ids:
        english = str(RULE_SUMMARIES[rule_id])
        assert spanish.get(english) and spanish[english] != english, rule_id


def test_violation_form_choices_are_spanish_on_a_spanish_page_section_164_10(mu, violation):
    """§ 164-10 (exits not blocked): on the Spanish enforcement page the option reads in Spanish, the citation
    as the law cites itself; the submitted value stays the rule's id."""
    page = _text(_spanish(mu["building_inspector"]).get("/mount-pleasant-ny/enforcement/"))
    assert ('value="mount-pleasant/164-10/exits-not-blocked">§ 164-10 — No se permite a nadie bloquear, '
            "obstaculizar ni impedir el acceso a las salidas</option>") in page
    assert "No person allowed to block" not in page and "At all times, at any gathering" not in page


def test_violation_form_choices_in_spanish_for_carmel_penalties(carmel):
    """Carmel ch. 31 penalties ¶¶ A, B and permit requirements ¶ A, in Spanish; English where English."""
    with translation.override("es"):
        choices = dict(ViolationForm(town=carmel).fields["rule_id"].choices)
    assert choices["carmel/penalties/ab-violation"].startswith("penalties ¶¶ A, B — Una reunión sin permiso")
    assert choices["carmel/permit/a-required"] == ("permit requirements ¶ A — Se requiere un permiso escrito de la "
                                                   "Junta del Pueblo para una reunión que exceda de 500 personas")
    english = dict(ViolationForm(town=carmel).fields["rule_id"].choices)
    assert english["carmel/permit/a-required"].startswith("permit requirements ¶ A — A written permit of the Town")


# --- the catalog's terms --------------------------------------------------------------------------------------


def test_catalog_says_infraccion_for_a_violation_and_never_cita_for_a_citation():
    """A violation is an "infracción" everywhere in the catalog; "contravención" is kept for the offense that
    Mount Pleasant § 164-14 counts (first, second, subsequent), so that "contravención número 3" is not read as
    the violation record "Infracción 3". A citation of the code is never "cita" (an appointment), and "citación"
    stays the summons."""
    po = [e for e in polib.pofile(str(CATALOG)) if not e.obsolete]
    assert [e.msgid for e in po if re.search(r"contravenci", e.msgstr + "".join(e.msgstr_plural.values()), re.I)
            and "offense" not in e.msgid.lower()] == []
    by_id = {e.msgid: e.msgstr for e in po}
    assert by_id["violation"] == "infracción" and by_id["{what} (a violation)"] == "{what} (una infracción)"
    assert by_id["citation"] not in ("cita", "citación") and by_id["summons"] == "citación"


def test_two_officials_at_once_the_stale_one_reads_spanish(cu, draft_app):
    """Two updates of one case: the one based on an old version is refused (nothing written; 409, as the API
    answers it) and the page says so above the form, naming the record in the page's language and both
    versions; the English page says that nothing was saved and what to do. (The sentences of the conflict are
    `web.views.errors.conflict`'s; the catalog test holds them to a Spanish translation once extracted.)"""
    url = f"/carmel-ny/applications/{draft_app.pk}/withdraw/"
    opened = draft_app.version
    sv.update_draft(cu["applicant"], draft_app, {**draft_app.facts, "purpose": "County fair and market"},
                    reason="changed in another window")  # (a change: facts as stored are not written again, W-34)
    stale = {"expected_version": opened}
    r = _spanish(cu["applicant"]).post(url, stale)
    assert r.status_code == 409
    said = re.search(r'<div class="alert error" role="alert"><p>(.*?)</p>', _text(r), re.S)
    assert said and "solicitud de permiso" in said.group(1) and "permit application" not in said.group(1)
    assert f"{opened}" in said.group(1) and f"{opened + 1}" in said.group(1)
    english = " ".join(client_for(cu["applicant"]).post(url, stale).content.decode().split())
    assert (f"Nothing was saved: this permit application has been changed since you opened this page, by someone "
            f"else or by a form you sent from it before (you saw version {opened}; it is now at version "
            f"{opened + 1}).") in english
    draft_app.refresh_from_db()
    assert draft_app.state == "draft"


def test_the_timeline_says_what_was_done_in_spanish(cu, hearing_app):
    """The application's timeline names each step's kind in the page's language ("creó", "modificó"); the
    reasons recorded with the history stay as they were written."""
    page = _text(_spanish(cu["town_clerk"]).get(f"/carmel-ny/applications/{hearing_app.pk}/"))
    timeline = page[page.index("Cronología"):]
    assert "creó" in timeline and "modificó" in timeline
    assert " created " not in timeline and " changed " not in timeline
