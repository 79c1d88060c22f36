"""P-20: the Town Clerk closes the case of an assembly the law finds exempt (exemptions ¶¶ A-D), the history
recording the exemption and its citation. The record keeps the law core's English reason (the API, the command
line and the documents give it as written, and old rows read back as they were); the application page's history
shows it in the reader's language — it quoted the law core's English on a Spanish page. The citation stays as
the law cites itself (W-6)."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import pytest
from django.test import Client
from django.utils import translation
from tests.web.conftest import client_for, fair_facts

from publicassembly.law.dates import years_before
from publicassembly.permits import services as sv
from publicassembly.workflow import reasons

pytestmark = pytest.mark.django_db

SPONSORED = {"sponsored": True, "organized": True, "authorized": True}
#: The exempt sponsors of ¶¶ A-C, as the petition states them (C-14).
SPONSORS = {
    "a-school": {"name": "St. Mary's School", "kind": "parochial_school", "located_in_town": True, **SPONSORED},
    "b-church": {"name": "First Church", "kind": "church", "established": True, "place_of_worship_in_town": True,
                 **SPONSORED},
    "c-veterans": {"name": "Post 270", "kind": "veterans_organization", "chapter_in_town_since": "1950-05-01",
                   **SPONSORED},
}
CITATION = {"a-school": "Carmel Code ch. 31, exemptions ¶ A", "b-church": "Carmel Code ch. 31, exemptions ¶ B",
            "c-veterans": "Carmel Code ch. 31, exemptions ¶ C"}


def _ties(first: dt.date) -> dict[str, tuple[str, str]]:
    """Each sponsor and its tie to the Town as the law core says it, in English and in Spanish (the catalog's)."""
    latest = years_before(first, 1).isoformat()
    return {
        "a-school": ("a parochial school located within the Town", "una escuela parroquial ubicada dentro del Pueblo"),
        "b-church": ("an established church maintaining a place of worship within the Town",
                     "una iglesia establecida que mantiene un lugar de culto dentro del Pueblo"),
        "c-veterans": (f"a veterans' organization that has maintained a chapter within the Town since 1950-05-01, on "
                       f"or before {latest}, 1 year prior to the assembly on {first.isoformat()}",
                       f"una organización de veteranos que mantiene una sección dentro del Pueblo desde el "
                       f"1950-05-01, a más tardar el {latest}, 1 año antes de la reunión del {first.isoformat()}"),
    }


def _expected(exemption: str, first: dt.date) -> dict[str, str]:
    english, spanish = _ties(first)[exemption]
    return {
        "en": (f"case closed: The chapter does not apply: the assembly is sponsored, organized and authorized by "
               f"{english}. ({CITATION[exemption]}); no permit is required (P-20)"),
        "es": (f"caso cerrado: El capítulo no se aplica: la reunión está patrocinada, organizada y autorizada por "
               f"{spanish}. ({CITATION[exemption]}); no se requiere permiso (P-20)"),
    }


def _in(language: str, user) -> Client:
    c = client_for(user)
    assert c.post("/i18n/setlang/", {"language": language, "next": "/"}).status_code == 302
    return c


def _history(page: str) -> str:
    """The words of the page's history (the section labelled ``tl-h``)."""
    part = page[page.index('id="tl-h"'):]
    part = part[:part.index("</section>")]
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", part)).split())


def _exempt_petition(carmel, cu, exemption: str):
    facts = fair_facts()
    facts["sponsor"] = SPONSORS[exemption]
    app = sv.create_draft(cu["applicant"], carmel, facts)
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.")
    return app, dt.date.fromisoformat(facts["dates"]["first_day"])


@pytest.mark.parametrize("exemption", ["a-school", "b-church", "c-veterans"])
@pytest.mark.parametrize("language", ["es", "en"])
def test_p20_the_exemption_closed_is_shown_in_the_readers_language(carmel, cu, language, exemption):
    """Closed from the page in `language`: the history says the exemption in that language, the record in
    English."""
    app, first = _exempt_petition(carmel, cu, exemption)
    expected = _expected(exemption, first)
    clerk = _in(language, cu["town_clerk"])
    url = f"/carmel-ny/applications/{app.pk}/"
    r = clerk.post(url + "close/", {"expected_version": app.version})
    assert r.status_code == 302, r.content.decode()[:800]
    app.refresh_from_db()
    assert app.state == "closed"
    assert app.history.first().history_change_reason == expected["en"]  # (the record: English, as before)
    for reader in ("town_clerk", "applicant"):
        history = _history(_in(language, cu[reader]).get(url).content.decode())
        assert expected[language] in history, (reader, history)
    if language == "es":
        assert "The chapter does not apply" not in history and "case closed" not in history


def test_p20_a_row_of_other_words_reads_back_as_written():
    """A closing reason whose exemption is not the law core's sentence (a row written by hand, or by a wording
    of before) is still read against the template: its frame in Spanish, its exemption as written."""
    stored = reasons.CLOSED_EXEMPT(exemption="Exempt as a church", citation="Carmel Code ch. 31, exemptions ¶ B")
    with translation.override("es"):
        assert reasons.shown(stored) == ("caso cerrado: Exempt as a church (Carmel Code ch. 31, exemptions ¶ B); no se "
                                         "requiere permiso (P-20)")
