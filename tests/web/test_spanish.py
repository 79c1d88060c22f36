"""The public and the applicant pages in Spanish (Django i18n): every message of their templates, views and forms
has a Spanish translation in the catalog, each page renders in Spanish with none of those messages left in
English, and the language switch of the header changes the language."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re
from pathlib import Path

import polib
import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation
from tests.web.conftest import client_for, fair_facts, requirement_lines
from tests.web.test_public import load_example

from publicassembly.law import evaluate
from publicassembly.permits import services as sv
from publicassembly.web import present

pytestmark = pytest.mark.django_db

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "publicassembly"
CATALOG = PACKAGE / "locale" / "es" / "LC_MESSAGES" / "django.po"

#: The files of the public and applicant pages, as the catalog's references name them (relative to web/; the
#: catalog's references are relative to the package, see `_entries`).
PUBLIC_FILES = (
    "templates/web/base.html", "templates/web/home.html", "templates/web/error.html",
    "templates/web/_field.html", "templates/web/_field_errors.html", "templates/web/_form_errors.html",
    "templates/web/_determination.html", "templates/web/public/_result.html",
    "templates/web/public/_result_body.html", "templates/web/public/certificate.html",
    "templates/web/public/hearings.html", "templates/web/public/occupancy_check.html",
    "templates/web/public/permit_check.html", "templates/web/auth/login.html", "templates/web/auth/register.html",
    "views/public.py", "views/public_records.py", "views/auth.py", "views/errors.py",
    "forms/public.py", "forms/auth.py", "forms/widgets.py",
)
APPLICANT_FILES = (
    "templates/web/applications/applicant_home.html", "templates/web/applications/petition.html",
    "templates/web/applications/detail.html", "views/applications.py", "forms/application.py",
)


def _catalog() -> polib.POFile:
    return polib.pofile(str(CATALOG))


def _entries(files: tuple[str, ...]) -> list[polib.POEntry]:
    wanted = set(files)
    return [e for e in _catalog() if not e.obsolete
            and any(f.removeprefix("web/") in wanted for f, _ in e.occurrences)]


def test_catalog_translates_every_message_of_the_public_and_applicant_pages():
    entries = _entries(PUBLIC_FILES + APPLICANT_FILES)
    assert len(entries) > 250  # the references are there: the catalog was made from these files
    untranslated = [e.msgid for e in entries if not e.translated()]
    assert untranslated == []


def test_catalog_keeps_every_placeholder_and_the_legal_terms():
    """A translation keeps each %(name)s of its message; the legal terms are those of the county's clerks."""
    po = _catalog()
    for e in po:
        if e.msgstr:
            assert sorted(re.findall(r"%\(\w+\)[sd]", e.msgid)) == sorted(re.findall(r"%\(\w+\)[sd]", e.msgstr)), e.msgid
    by_id = {e.msgid: e.msgstr for e in po}
    assert "petición verificada" in by_id["Submit the verified petition"]
    assert by_id["Public hearing"] == "Audiencia pública"
    assert by_id["Lawful occupancy"] == "Ocupación legal"
    assert by_id["Occupant load"] == "Carga de ocupantes"
    assert "Junta del Pueblo" in by_id["Applications before the Board"]
    assert "Secretario Municipal" in by_id["The amended petition was sent to the Town Clerk."]
    # "act by" a day is "on or before" it ("a más tardar el"), not "antes del" (before it: a day too early)
    assert "a más tardar el %(act)s" in by_id["office closed (%(day)s): act by %(act)s"]
    assert not [e.msgid for e in po if "act by" in e.msgid and "antes de" in e.msgstr]


def _law_entries() -> list[polib.POEntry]:
    """The catalog's messages of the law core (its rules' reasons, verdicts, deadlines, labels, input errors)."""
    return [e for e in _catalog() if not e.obsolete and any(f.startswith("law/") for f, _ in e.occurrences)]


def _fragments(msgid: str) -> list[str]:
    """The English text of a law-core template between its {placeholders}, pieces of four words or more."""
    return [p.strip(" .;:,()") for p in re.split(r"\{[^{}]*\}", msgid) if len(p.split()) >= 4]


def _english_left(html: str, files: tuple[str, ...]) -> list[str]:
    """Messages of `files`, and of the law core, whose English text appears on the page although their Spanish
    differs."""
    text = htmllib.unescape(html)
    left = []
    for e in _entries(files):
        if e.msgid_plural or "%" in e.msgid or e.msgstr == e.msgid or len(e.msgid.split()) < 2:
            continue
        # a message of a template or form stands at the start of an element's text or of an attribute value
        if re.search(r'(>|")\s*' + re.escape(e.msgid) + r'\s*(<|"|[.:?])', text):
            left.append(e.msgid)
    # the law core's words (verdict, reasons, "counted" sentences, labels) may stand anywhere in a sentence
    for e in _law_entries():
        if e.msgstr == e.msgid:
            continue
        left += [f for f in _fragments(e.msgid) if f not in e.msgstr and f in text]
    return left


def _spanish(user=None) -> Client:
    """A client that chose Spanish with the header's language switch."""
    c = client_for(user)
    r = c.post("/i18n/setlang/", {"language": "es", "next": "/"})
    assert r.status_code == 302
    return c


@pytest.fixture
def certificate_number(hall):
    return hall.certificates.get().number


def test_language_switch_changes_the_language():
    c = Client()
    assert '<html lang="en"' in c.get("/").content.decode()
    c.post("/i18n/setlang/", {"language": "es", "next": "/"})
    page = c.get("/").content.decode()
    assert '<html lang="es"' in page and "¿Necesito un permiso?" in page
    c.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert "Do I need a permit?" in c.get("/").content.decode()


def test_every_public_page_is_in_spanish(certificate_number, hearing_app):
    c = _spanish()
    pages = {
        "/": ["Reuniones públicas", "Próximas audiencias públicas"],
        "/permit-check/": ["Comprobar", "Pueblo de Carmel"],
        "/occupancy/": ["carga de ocupantes", "Lugares de Reunión"],
        "/hearings/": ["Junta del Pueblo", "Aviso (PDF)"],
        "/certificates/": ["Número de certificado", "Consultar"],
        f"/certificates/{certificate_number}/": ["Ocupación legal", "Letrero (PDF)"],
        "/accounts/login/": ["Iniciar sesión"],
        "/accounts/register/": ["Correo electrónico", "Registrarse"],
    }
    for url, phrases in pages.items():
        r = c.get(url)
        assert r.status_code == 200, url
        page = r.content.decode()
        assert '<html lang="es"' in page, url
        for phrase in phrases:
            assert phrase in page, (url, phrase)
        assert _english_left(page, PUBLIC_FILES) == [], url


def test_public_answers_are_in_spanish():
    """The live answers of the permit and occupancy checks (their bad input too) are in Spanish."""
    c = _spanish()
    r = c.get("/occupancy/", {"commercial": "yes", "form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "0",
                              "form-0-name": "Sala", "form-0-use_group": "assembly_without_fixed_seats",
                              "form-0-area": "-5", "form-0-area_unit": "sq_ft"})
    assert r.status_code == 422  # the area refused (the rooms' prefix is form-: spaces- was an empty form)
    page = r.content.decode()
    assert re.search(r'id="err-id_form-0-area"[^>]*><p class="error">[^<]*0', page)
    assert _english_left(page, PUBLIC_FILES) == []
    assert "This field is required" not in page and "Ensure this value" not in page


def test_every_applicant_page_is_in_spanish(carmel, cu, hearing_app):
    applicant = cu["applicant"]
    draft = sv.create_draft(applicant, carmel, fair_facts())
    c = _spanish(applicant)
    pages = {
        "/carmel-ny/apply/": ["Sus solicitudes", "Iniciar una solicitud"],
        "/carmel-ny/apply/new/": ["petición verificada", "Guardar como borrador"],
        f"/carmel-ny/applications/{draft.pk}/edit/": ["Guardar como borrador"],
        f"/carmel-ny/applications/{draft.pk}/": ["Documentos", "Cronología"],
        f"/carmel-ny/applications/{hearing_app.pk}/": ["Audiencia pública", "Aviso (PDF)", "audiencia programada"],
        "/dashboard/": ["Mi trabajo"],
    }
    for url, phrases in pages.items():
        r = c.get(url)
        assert r.status_code == 200, url
        page = r.content.decode()
        assert '<html lang="es"' in page, url
        for phrase in phrases:
            assert phrase in page, (url, phrase)
        assert _english_left(page, PUBLIC_FILES + APPLICANT_FILES) == [], url


def test_applicant_form_errors_are_in_spanish(carmel, cu):
    """A petition with its last day before its first is refused (422) in Spanish, beside the field and at the head
    of the form."""
    c = _spanish(cu["applicant"])
    first = dt.date.today() + dt.timedelta(days=90)
    r = c.post("/carmel-ny/apply/new/", {"name": "Feria", "first_day": first.isoformat(),
                                         "last_day": (first - dt.timedelta(days=1)).isoformat()})
    page = r.content.decode()
    assert r.status_code == 422  # refused, the form shown again with its errors
    assert "El último día no puede ser anterior al primero." in page  # beside the field
    assert "Corrija los campos" in page  # and at the head of the form
    assert _english_left(page, PUBLIC_FILES + APPLICANT_FILES) == []


def test_every_law_core_message_is_translated_and_keeps_its_placeholders():
    """Every template of the law core (rules of Carmel ch. 31 and Mount Pleasant ch. 164, legal time, labels,
    input errors) has a Spanish translation with exactly the {placeholders} of its English."""
    entries = _law_entries()
    assert len(entries) > 450
    assert [e.msgid for e in entries if not e.translated()] == []
    for e in entries:
        assert sorted(re.findall(r"\{[^{}]*\}", e.msgid)) == sorted(re.findall(r"\{[^{}]*\}", e.msgstr)), e.msgid
    by_id = {e.msgid: e.msgstr for e in entries}
    assert "Junta del Pueblo" in by_id["the Town Board"]
    assert "Secretario Municipal" in by_id["Not yet filed: file with the Town Clerk by {due_date}. {counted}"]
    assert by_id["lawful occupancy"] == "ocupación legal"


def _page(c: Client, url: str, params: dict) -> str:
    r = c.get(url, params)
    assert r.status_code == 200, (url, params)
    page = r.content.decode()
    assert '<html lang="es"' in page
    return page


def test_permit_check_over_500_persons_is_in_spanish():
    """Carmel ch. 31, permit requirements ¶ A: 600 persons at one time is in excess of 500; the verdict, the
    findings, the deadlines and the requirements are in Spanish, the citations as the law cites itself."""
    page = _page(_spanish(), "/permit-check/", {"persons": 600, "first_day": "2026-09-12", "within_town": "yes",
                                                "as_of": "2026-05-01"})
    assert "Se requiere un permiso de la Junta del Pueblo: 600 personas a la vez excede de 500" in page
    assert "(Carmel Code ch. 31, permit requirements ¶ A)" in page
    assert "días naturales contados hacia atrás desde el primer día de la reunión, el sábado 2026-09-12" in page
    assert "plazo de la solicitud" in page and "espacios de estacionamiento" in page
    assert "A permit from the Town Board is required" not in page
    assert _english_left(page, PUBLIC_FILES) == []


def test_permit_check_500_persons_is_in_spanish():
    """¶ A, the other side of the boundary: 500 persons is not in excess of 500."""
    page = _page(_spanish(), "/permit-check/", {"persons": 500, "first_day": "2026-09-12", "within_town": "yes",
                                                "as_of": "2026-05-01"})
    assert "No se requiere permiso: 500 personas a la vez no excede de 500" in page
    assert _english_left(page, PUBLIC_FILES) == []


def test_permit_check_exempt_church_is_in_spanish():
    """Carmel ch. 31, exemptions ¶ B: a church with a place of worship in the Town is exempt."""
    page = _page(_spanish(), "/permit-check/", {"persons": 900, "first_day": "2026-09-12", "within_town": "yes",
                                                "sponsor_kind": "church", "sponsor_in_town": "yes",
                                                "church_established": "yes", "sponsor_runs_it": "yes",
                                                "as_of": "2026-05-01"})
    assert "No se requiere permiso: el capítulo no se aplica a una reunión patrocinada" in page
    assert "una iglesia establecida que mantiene un lugar de culto dentro del Pueblo" in page
    assert _english_left(page, PUBLIC_FILES) == []


def test_permit_check_with_missing_facts_is_in_spanish():
    """¶¶ B, F without the dates of the assembly: the deadlines cannot be counted; what is missing is listed in
    Spanish."""
    page = _page(_spanish(), "/permit-check/", {"persons": 600, "within_town": "yes", "as_of": "2026-05-01"})
    assert "No constan las fechas de la reunión." in page
    assert "No consta en el punto (2) de la petición: fechas" in page  # a finding's reason (labels.not_given)
    assert _english_left(page, PUBLIC_FILES) == []


def test_occupancy_check_is_in_spanish():
    """Mount Pleasant § 164-7: 1000 sq ft without fixed seats hold 66 (15 sq ft per person)."""
    page = _page(_spanish(), "/occupancy/", {
        "form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "0", "form-0-name": "Sala",
        "form-0-use_group": "assembly_without_fixed_seats", "form-0-area": "1000", "form-0-area_unit": "sq_ft",
        "commercial": "yes", "as_of": "2026-05-01"})
    assert "Los espacios cerrados admiten 66 personas" in page
    assert "reunión sin asientos fijos" in page
    assert _english_left(page, PUBLIC_FILES) == []


def test_law_core_error_beside_the_field_is_in_spanish():
    """The law core's own complaint (the last day before the first) beside the field, in Spanish."""
    r = _spanish().get("/permit-check/", {"persons": 600, "first_day": "2026-09-02", "last_day": "2026-09-01"})
    page = r.content.decode()
    assert "The last day cannot be before" not in page and "is before first_day" not in page


def test_applicant_application_page_shows_the_law_in_spanish(carmel, cu, hearing_app):
    """The applicant's application page: findings, deadlines and missing items of ch. 31 in Spanish."""
    c = _spanish(cu["applicant"])
    draft = sv.create_draft(cu["applicant"], carmel, fair_facts())
    for app in (draft, hearing_app):
        r = c.get(f"/carmel-ny/applications/{app.pk}/")
        assert r.status_code == 200
        page = r.content.decode()
        assert "días naturales" in page
        assert _english_left(page, PUBLIC_FILES + APPLICANT_FILES) == [], app.state


# --- the determination's rows in Spanish words (no internal keys, no English identifiers) --------------------

def _words(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _determination_es(case: dict) -> str:
    """The determination partial the pages include, rendered in Spanish."""
    with translation.override("es"):
        return render_to_string("web/_determination.html", present.context(evaluate(case)))


def _internal_keys(html: str) -> list[str]:
    return re.findall(r"\w+_\w+|\[\w*\]", _words(html))


def test_mount_pleasant_rows_in_spanish_words_sections_164_6_164_9_164_12():
    """§ 164-9: the certificate issued by the Building Inspector, the sign red on white in bold; § 164-6: the
    toilets counted for the persons counted at the inspection; § 164-12: the officers. In Spanish words, none of
    the law core's identifiers ("building_inspector", "red", "white", "bold") left."""
    html = _determination_es(load_example("mount-pleasant-blocked-exits-second-offense"))
    text, lines = _words(html), requirement_lines(html)
    assert _internal_keys(text) == []
    assert "certificado › expedido por: el Inspector de Edificios" in lines
    assert "sanitarios › personas contadas según: las personas contadas en la inspección" in lines
    assert "letrero › color de las letras: rojo" in lines and "letrero › color de fondo: blanco" in lines
    assert "letrero › grosor de las letras: negrita" in lines
    assert "letrero › salas › Dance hall › ocupación legal: 200" in lines
    assert ("cumplimiento › observado por: un inspector del Departamento de Bomberos del distrito de bomberos"
            in lines)
    for english in (" red ", " white ", " bold ", "attendance", "number of persons from", "room 1", "the Building Inspector"):
        assert english not in text, english


@pytest.mark.parametrize("name", ["mount-pleasant-bowling-centre", "mount-pleasant-catering-hall",
                                  "mount-pleasant-church-hall", "mount-pleasant-festival-field",
                                  "carmel-county-fair", "carmel-theatre-tent", "carmel-unpermitted-concert",
                                  "carmel-church-assembly"])
def test_every_example_determination_in_spanish_shows_no_internal_key(name):
    """Every example of both chapters (ch. 31 and ch. 164), in Spanish: no key of the law core on the page."""
    assert _internal_keys(_determination_es(load_example(name))) == []


def test_occupancy_check_toilets_source_in_spanish_section_164_6():
    """§ 164-6 (register M-9): with no attendance the toilets are counted for the lawful occupancy (66 in 1000
    sq ft, one toilet); with 76 expected, for the attendance stated (two toilets)."""
    space = {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "0", "form-0-name": "Sala",
             "form-0-use_group": "assembly_without_fixed_seats", "form-0-area": "1000", "form-0-area_unit": "sq_ft",
             "commercial": "yes", "as_of": "2026-05-01"}
    c = _spanish()
    page = _page(c, "/occupancy/", space)
    text, lines = _words(page.split('class="determination"', 1)[1]), requirement_lines(page)
    assert "sanitarios › personas contadas según: la ocupación legal" in lines
    assert "sanitarios › obligatorio: 1" in lines
    assert _internal_keys(text) == []
    lines = requirement_lines(_page(c, "/occupancy/", {**space, "attendance": "76"}))
    assert "sanitarios › personas contadas según: la asistencia declarada" in lines
    assert "sanitarios › obligatorio: 2" in lines


def test_carmel_two_properties_in_spanish_name_propiedad_2_permit_requirements_b2_d():
    """Carmel ch. 31 ¶ B(2) and ¶ D: the second property's gaps, in the list of what is missing and in the
    findings, read "propiedad 2", never "properties[1]"."""
    case = load_example("carmel-theatre-tent")
    case["properties"].append({"address": "102 Example Farm Road, Carmel, NY 10512 (hypothetical)"})
    text = _words(_determination_es(case))
    assert _internal_keys(text) == []
    assert "No consta en el punto (2) de la petición: propiedad 2 · propietario registrado" in text
    assert "No consta: inspección · propiedad 2 · autorización del propietario." in text
    assert "propiedad 1 ·" not in text
    for english in ("property 2", "record owner", "owner authorization", "Not given"):
        assert english not in text, english


def test_every_citation_in_the_catalog_stays_as_the_law_cites_itself_w6():
    """Interpretation W-6: a citation is written in Spanish sentences exactly as the law cites itself ("Carmel
    Code ch. 31, permit requirements ¶ B", "Mount Pleasant Code § 164-9"), on every page, the footer and the
    pages' own sentences included (the footer and four page sentences said "Código de Carmel cap. 31")."""
    translated = [e for e in _catalog() if not e.obsolete and e.translated()]
    for e in translated:
        for code in ("Carmel Code", "Mount Pleasant Code"):
            assert e.msgid.count(code) == e.msgstr.count(code), (e.msgid, e.msgstr)
        assert not re.search(r"Código de (Carmel|Mount Pleasant)", e.msgstr), e.msgstr
