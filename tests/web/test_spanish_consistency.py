"""The Spanish pages consistent with themselves and with interpretation W-6 (a new-user trial read them): every
citation as the law cites itself, in English; a town's official name in one form ("Pueblo de Carmel, Nueva York");
the Building Inspector's title translated as the other offices are; a time of day as Spanish writes it (19:00);
the verb agreeing with the count of toilets (§ 164-6); the permit's states agreeing; one term for the filing
fee."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import polib
import pytest
from django.test import Client
from django.utils import translation
from tests.web.conftest import client_for, fair_facts
from tests.web.test_spanish import CATALOG

from publicassembly.law.dates import next_business_day
from publicassembly.permits import services as sv
from publicassembly.permits.models import State
from publicassembly.web import present

pytestmark = pytest.mark.django_db


def _spanish(user=None) -> Client:
    c = client_for(user)
    assert c.post("/i18n/setlang/", {"language": "es", "next": "/"}).status_code == 302
    return c


def _text(response) -> str:
    assert response.status_code == 200
    page = response.content.decode()
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", page)).split())


# --- W-6: citations in English, also inside a Spanish sentence -------------------------------------------------------

#: A citation of either chapter as the law cites itself: "Carmel Code ch. 31", "permit requirements ¶ C(6)",
#: "exemptions ¶¶ A-D", "§ 164-9", "§§ 164-7, 164-8", "ch. 164", "GCL § 20".
CITATION = re.compile(
    r"(?:(?:permit requirements|exemptions|penalties|definitions|word usage) ¶¶? [A-G](?:\(\d+\))?"
    r"(?:(?:, |-)[A-G](?:\(\d+\))?)*)"
    r"|§§? \d+(?:-\d+)?(?:-a)?(?:, \d+-\d+)*"
    r"|\bch\. \d+"
    r"|(?:Carmel|Mount Pleasant) Code")


def test_no_translation_translates_a_citation_w6():
    """Interpretation W-6: each citation of a message (its part of the chapter and paragraph, its section, its
    chapter) is in its Spanish exactly as in the English — "(exemptions ¶¶ A-D)", not "(exenciones ¶¶ A-D)";
    "de permit requirements ¶ C", not "de los requisitos del permiso ¶ C"; "del ch. 31", not "del cap. 31"."""
    po = polib.pofile(str(CATALOG))
    wrong = []
    for e in po:
        if e.obsolete or not e.translated():
            continue
        spanish = [e.msgstr] if not e.msgid_plural else list(e.msgstr_plural.values())
        for citation in CITATION.findall(e.msgid):
            wrong += [(citation, e.msgid) for s in spanish if citation not in s]
        for s in spanish:
            if re.search(r"\b(?:cap\.|Código de (?:Carmel|Mount Pleasant)|Código cap\.|requisitos del permiso ¶|"
                         r"exenciones ¶|sanciones ¶|definiciones ¶)", s):
                wrong.append(("translated", s))
    assert wrong == []


def test_the_checks_name_their_chapter_as_the_law_cites_it_w6():
    """The permit check's and the occupancy check's subtitles said "Código cap. 31"; the missing items said
    "de los requisitos del permiso ¶ C"."""
    c = _spanish()
    page = _text(c.get("/permit-check/", {"persons": 600}))
    assert "Pueblo de Carmel, Carmel Code ch. 31 (Ordenanza de Reuniones Públicas)." in page
    assert "agua potable, para la condición (1) de permit requirements ¶ C" in page
    assert "Código" not in page and "cap." not in page and "requisitos del permiso" not in page
    assert "(exemptions ¶ B)" in page or "exemptions ¶ B" in page
    page = _text(c.get("/occupancy/"))
    assert "Pueblo de Mount Pleasant, Mount Pleasant Code ch. 164 (Lugares de Reunión)" in page
    assert "Código" not in page and "cap." not in page
    english = _text(Client().get("/permit-check/"))
    assert "Town of Carmel, Carmel Code ch. 31, Public Assembly Ordinance." in english


# --- W-6 (addition): a town's official name ------------------------------------------------------------------------


def test_the_town_is_named_one_way_on_spanish_pages_w6(cu, hearing_app):
    """The breadcrumb said "Town of Carmel, New York" beside "Pueblo de Carmel" in the sentences: a town's
    official name reads "Pueblo de Carmel, Nueva York" on every Spanish page (the place's name as it is), and
    "Town of Carmel, New York" in English."""
    c = _spanish(cu["town_clerk"])
    for url in (f"/carmel-ny/applications/{hearing_app.pk}/", "/carmel-ny/applications/", "/dashboard/",
                "/hearings/"):
        page = _text(c.get(url))
        assert "Pueblo de Carmel, Nueva York" in page, url
        assert "Town of Carmel" not in page and "New York" not in page, url
    assert "Town of Carmel, New York" in _text(client_for(cu["town_clerk"]).get("/carmel-ny/applications/"))


def test_the_certificate_names_its_town_and_issuer_in_spanish_164_9_w6(mu, hall):
    """§ 164-9: the certificate page read "Pueblo Town of Mount Pleasant, New York" and "Expedido … — Building
    Inspector Town of Mount Pleasant, New York" (the demo's inspector is named after his office): the town by its
    name in Spanish under "Municipio", the issuer by his office, translated as the other offices are."""
    bi = mu["building_inspector"]
    bi.first_name, bi.last_name = "Building Inspector", "Town of Mount Pleasant, New York"
    bi.save()
    number = hall.certificates.get().number
    page = _text(_spanish().get(f"/certificates/{number}/"))
    assert "Municipio Pueblo de Mount Pleasant, Nueva York" in page
    assert "— Inspector de Edificios" in page
    assert "Building Inspector" not in page and "Town of" not in page and "Pueblo Pueblo" not in page
    english = _text(Client().get(f"/certificates/{number}/"))
    assert "Town Town of Mount Pleasant, New York" in english and "— Building Inspector " in english


@pytest.mark.parametrize(("name", "es", "en"), [
    ("Building Inspector Town of Mount Pleasant, New York", "Inspector de Edificios", "Building Inspector"),
    ("R. Dwyer", "R. Dwyer, Inspector de Edificios", "R. Dwyer, Building Inspector"),
    ("R. Dwyer, building inspector", "R. Dwyer, building inspector", "R. Dwyer, building inspector"),
    ("", "Inspector de Edificios", "Building Inspector"),
])
def test_the_issuer_of_a_certificate_164_9(name, es, en):
    """The name as written, the office once, in the page's language."""
    town = "Town of Mount Pleasant, New York"
    with translation.override("es"):
        assert present.issuer(name, town) == es
    with translation.override("en"):
        assert present.issuer(name, town) == en


# --- a time of day ---------------------------------------------------------------------------------------------------


@pytest.fixture
def evening(carmel, cu):
    """The county fair, its public hearing at 19:00."""
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    today = dt.date.today()
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=today)
    sv.accept(cu["town_clerk"], app, today=today)
    sv.schedule_hearing(cu["town_clerk"], app, hearing_on=next_business_day(today + dt.timedelta(days=20)),
                        hearing_time=dt.time(19, 0), place="Town Hall", notice_published_on=today,
                        newspaper="Putnam County Courier")
    return app


def test_the_hearings_hour_in_24_hours_in_spanish_carmel_b(cu, evening):
    """¶ B: the hearing's hour read "7:00 PM" on the Spanish pages; Spanish writes 19:00 (the language's
    TIME_FORMAT); the English pages keep 7:00 PM."""
    day = evening.hearing_on.strftime("%Y-%m-%d")
    for c, url in ((_spanish(), "/hearings/"), (_spanish(cu["town_clerk"]), f"/carmel-ny/applications/{evening.pk}/"),
                   (_spanish(cu["town_clerk"]), "/carmel-ny/hearings/")):
        page = _text(c.get(url))
        assert f"{day} 19:00" in page, url
        assert "7:00 PM" not in page and "7:00 p" not in page, url
    assert f"{day} 7:00 PM" in _text(Client().get("/hearings/"))


# --- grammar and terms -----------------------------------------------------------------------------------------------


def _occupancy(c: Client, persons: int, toilets: int | None) -> str:
    query = {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "0", "form-0-name": "Sala",
             "form-0-use_group": "assembly_without_fixed_seats", "form-0-area": "5000", "form-0-area_unit": "sq_ft",
             "commercial": "yes", "as_of": "2026-05-01", "attendance": str(persons)}
    if toilets is not None:
        query["toilets"] = str(toilets)
    return _text(c.get("/occupancy/", query))


def test_toilets_required_agree_with_their_count_164_6():
    """§ 164-6 (one toilet per 75 persons): 75 persons need 1 ("Se requiere al menos 1 sanitario"), 76 need 2
    ("se requieren al menos 2"); the count chooses the form, as the law core's singular and plural messages do
    (`law.messages.plural`, `sanitation._required`, `_are`)."""
    c = _spanish()
    page = _occupancy(c, 75, None)
    assert "Para 75 personas, se requiere al menos 1 sanitario; no consta el número provisto." in page
    page = _occupancy(c, 76, None)
    assert "Para 76 personas, se requieren al menos 2 sanitarios; no consta el número provisto." in page
    page = _occupancy(c, 75, 1)
    assert "Hay 1 sanitario; se requiere al menos 1 para 75 personas" in page
    page = _occupancy(c, 76, 1)
    assert "Hay 1 sanitario; se requieren al menos 2 para 76 personas" in page
    assert "requieren al menos 1 " not in page


def test_the_permits_states_agree_in_spanish():
    """The states of a permit application read as one kind of word: "denegada", "retirada" … and "permiso
    revocado" beside "permiso expedido" (it said "revocado", of nothing named); a revoked API token or
    certificate stays "revocado"."""
    with translation.override("es"):
        labels = {s: str(s.label) for s in State}
        assert labels[State.REVOKED] == "permiso revocado" and labels[State.ISSUED] == "permiso expedido"
        assert labels[State.DENIED] == "denegada" and labels[State.WITHDRAWN] == "retirada"
        for s, label in labels.items():
            if s not in (State.DRAFT, State.ISSUED, State.REVOKED) and not label.startswith(
                    ("audiencia", "reunión", "limpieza", "fianza")):
                assert label.split()[0].endswith("a"), (s, label)  # (la solicitud: feminine)
        assert translation.gettext("revoked") == "revocado"


def test_one_term_for_the_filing_fee():
    """The filing fee (Carmel ch. 31, fee) is "tarifa de presentación" throughout (a page said "derecho de
    presentación", another "tasa de presentación")."""
    po = polib.pofile(str(CATALOG))
    for e in po:
        if e.obsolete:
            continue
        spanish = " ".join([e.msgstr, *e.msgstr_plural.values()])
        assert not re.search(r"(derecho|tasa|cuota) de presentación|\b(la|una) (tasa|cuota)\b", spanish), e.msgid
        if re.search(r"filing fee", e.msgid, re.I):
            assert "tarifa de presentación" in spanish or "tarifas de presentación" in spanish, e.msgid


# --- the sweep: what else a Spanish reader met in English --------------------------------------------------------


def test_the_registration_form_names_the_towns_in_spanish_w6():
    page = _text(_spanish().get("/accounts/register/"))
    assert "Pueblo de Carmel, Nueva York" in page and "Pueblo de Mount Pleasant, Nueva York" in page
    assert "Town of" not in page


def test_enforcement_buttons_and_complaints_in_spanish_164_12(mu, violation):
    """The complaint form's button said "Archivo" (a file, the noun) and the offender form's "Registrarse" (to sign
    up); the stop order's complaints read "Complaint #1 (…)"."""
    html = _spanish(mu["building_inspector"]).get("/mount-pleasant-ny/enforcement/").content.decode()
    buttons = re.findall(r"<button[^>]*>([^<]+)</button>", html)
    assert "Presentar" in buttons and "Registrar" in buttons
    assert "Archivo" not in buttons and "Registrarse" not in buttons
    page = _text(_spanish(mu["building_inspector"]).get("/mount-pleasant-ny/enforcement/"))
    assert re.search(r"Denuncia \d+ \(agente de policía|Denuncia \d+ \(Inspector de Edificios", page)
    assert "Complaint #" not in page
    html = _spanish(mu["building_inspector"]).get("/mount-pleasant-ny/venues/").content.decode()
    assert "Registrar</button>" in html and "Registrarse</button>" not in html


def test_an_inspection_in_the_venue_history_in_spanish_164_10(mu, hall):
    """§ 164-10: an inspection that found an exit blocked; the venue's history names the inspection and the
    deficiency's detail (the law core's sentence, kept in English) in Spanish, and no kept verdict in English."""
    from publicassembly.venues import services as vs

    inspection = hall.inspections.get()
    vs.record_inspection(mu["building_inspector"], inspection, exits_blocked=True, persons_present=100,
                         done_on=dt.date.today())
    text = _text(_spanish(mu["building_inspector"]).get(f"/mount-pleasant-ny/venues/{hall.pk}/"))
    history = text[text.index("Historial"):]
    assert "inspección: Inspección de Kensico Manor el " in history and "(realizada)" in history
    assert "Inspection of" not in history and "An exit was blocked" not in history
    assert "A place of assembly" not in history and "lugar de reunión: Kensico Manor" in history
    assert "An exit was blocked" not in text  # (the certificate's blocker quotes it too)
