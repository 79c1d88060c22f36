"""A case's history ("Cronología", "Historial") in the reader's language (a new-user trial read it in Spanish): the
reasons the services write when the official gives none are kept in English as the record (the API, the command
line and the documents give them as written) and shown through their templates' translations
(`workflow.reasons`), rows written before the registry included; the fields by their labels, "(empty)" and a
time of day (HH:MM) in the page's language. The official's own words stay as written."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import pytest
from django.test import Client
from django.utils import translation
from tests.web.conftest import client_for, fair_facts

from publicassembly.law.dates import next_business_day
from publicassembly.permits import demo
from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication
from publicassembly.venues.models import Venue
from publicassembly.workflow import reasons

pytestmark = pytest.mark.django_db


def _spanish(user) -> Client:
    c = client_for(user)
    assert c.post("/i18n/setlang/", {"language": "es", "next": "/"}).status_code == 302
    return c


def _history(page: str) -> str:
    """The words of the page's history (the section labelled ``tl-h``)."""
    part = page[page.index('id="tl-h"'):]
    part = part[:part.index("</section>")]
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", part)).split())


def _english_reasons(text: str) -> list[str]:
    """Words of the registry's English templates (four words or more between their fields) found in `text`."""
    found = []
    for reason in reasons.REGISTRY:
        if not reason.translated:
            continue
        for form in {reason.singular, reason.plural}:
            found += [p for p in (p.strip(" ;:,.()") for p in re.split(r"\{\w+\}", form))
                      if len(p.split()) >= 3 and p in text]
    return found


@pytest.fixture
def evening_hearing(carmel, cu):
    """The county fair submitted and accepted, its hearing set from the Spanish page for 19:00 at "Hall", the
    notice to be published (the trial's case)."""
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    today = dt.date.today()
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=today)
    sv.accept(cu["town_clerk"], app, today=today)
    app.refresh_from_db()
    day = next_business_day(today + dt.timedelta(days=21))
    r = _spanish(cu["town_clerk"]).post(
        f"/carmel-ny/applications/{app.pk}/schedule_hearing/",
        {"schedule_hearing-hearing_on": day.isoformat(), "schedule_hearing-hearing_time": "19:00",
         "schedule_hearing-place": "Hall", "schedule_hearing-newspaper": "Courier",
         "expected_version": str(app.version)})
    assert r.status_code == 302, r.content.decode()[:2000]
    app.refresh_from_db()
    assert app.hearing_time == dt.time(19, 0)
    return app


def test_the_hearing_set_from_the_spanish_page_is_kept_in_english_and_shown_in_spanish(cu, evening_hearing):
    """Carmel ch. 31 ¶ B: the hearing set for 19:00 from the Spanish page. The record keeps the service's English
    (the API gives it as written); the Spanish page shows it in Spanish, the time as 19:00 (not 19:00:00 nor 7:00
    PM), "(vacío)" for an empty field, the fields by their labels."""
    app = evening_hearing
    day = app.hearing_on.isoformat()
    stored = app.history.order_by("-history_date", "-history_id").first().history_change_reason
    assert stored == (f"public hearing set for {day} at 19:00 at Hall; notice to be published in Courier; its "
                      "publication not yet recorded")
    text = _history(_spanish(cu["town_clerk"]).get(f"/carmel-ny/applications/{app.pk}/").content.decode())
    assert (f"audiencia pública fijada para el {day} a las 19:00 en Hall; aviso por publicar en Courier; su "
            "publicación aún no consta") in text
    assert "hora de la audiencia: 19:00" in text and "19:00:00" not in text and "PM" not in text
    assert "petición verificada presentada" in text and "petición completa; aceptada" in text
    assert "borrador de solicitud creado" in text
    assert "(vacío)" in text and "(empty)" not in text
    assert _english_reasons(text) == []
    english = _history(client_for(cu["town_clerk"]).get(f"/carmel-ny/applications/{app.pk}/").content.decode())
    assert stored in english and "hearing time: 7:00 PM" in english


def test_a_row_written_before_the_registry_reads_in_spanish(cu, evening_hearing):
    """A row kept before this change, with the hour's seconds ("19:00:00") and a Saturday note, reads in Spanish:
    the stored text is read back against the registry; nothing stored is rewritten."""
    app = evening_hearing
    row = app.history.order_by("-history_date", "-history_id").first()
    old = ("public hearing set for 2026-12-19 at 19:00:00 at Hall; notice to be published in Courier; its "
           "publication not yet recorded; note: on a Saturday, when the Town Clerk's office is closed "
           "(interpretation P-8)")
    type(row).objects.filter(pk=row.pk).update(history_change_reason=old)
    text = _history(_spanish(cu["town_clerk"]).get(f"/carmel-ny/applications/{app.pk}/").content.decode())
    assert ("audiencia pública fijada para el 2026-12-19 a las 19:00 en Hall; aviso por publicar en Courier; su "
            "publicación aún no consta; nota: en sábado, cuando la oficina del Secretario Municipal está cerrada "
            "(interpretación P-8)") in text
    row.refresh_from_db()
    assert row.history_change_reason == old


def test_the_officials_own_reason_stays_as_written_and_the_steps_words_follow_it(cu, evening_hearing):
    """The Clerk's own reason is shown as typed; the words the step adds after it (the hearing moved, ¶ B) are
    translated."""
    app = evening_hearing
    old_day = app.hearing_on
    new_day = next_business_day(old_day + dt.timedelta(days=3))
    sv.reschedule_hearing(cu["town_clerk"], app, hearing_on=new_day, reason="Hall booked for a wedding")
    text = _history(_spanish(cu["town_clerk"]).get(f"/carmel-ny/applications/{app.pk}/").content.decode())
    assert (f"Hall booked for a wedding — audiencia pública trasladada del {old_day.isoformat()} a las 19:00 "
            f"en Hall al {new_day.isoformat()} a las 19:00 en Hall; aviso por publicar en Courier") in text


def test_the_facts_changed_are_named_by_their_words(carmel, cu):
    """An amendment's change of the facts names the fields in the page's language ("cambió: fechas · horario
    diario"), not their keys ("dates.daily_hours"); the Clerk's missing items and the amendment in Spanish."""
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=dt.date.today())
    sv.mark_incomplete(cu["town_clerk"], app, missing_items=["a better map"])
    app.refresh_from_db()
    facts = {**app.facts, "admission_fee": 12, "dates": {**app.facts["dates"], "daily_hours": "09:00-21:00"}}
    sv.amend(cu["applicant"], app, facts)
    text = _history(_spanish(cu["applicant"]).get(f"/carmel-ny/applications/{app.pk}/").content.decode())
    assert "petición incompleta: a better map" in text and "petición enmendada" in text
    assert "cambió: precio de entrada, fechas · " in text
    assert "admission_fee" not in text and "daily_hours" not in text and "changed:" not in text


def test_every_reason_the_demo_writes_is_read_back_and_none_is_left_in_english():
    """The demo runs every step of both chapters' services: every reason they wrote is a template of the registry
    (or an official's own words, the demo's stand-ins for what a Clerk types), and each history page in Spanish
    shows none of the registry's English."""
    demo.load()
    typed = {"parking plan redrawn", "The sponsor cancelled the festival",
             "The stages could not be set up by the date of the assembly",
             "sanctuary and fellowship room used solely for worship",
             "cocktail room enlarged into the former coat room", "re-inspection after the cocktail room was enlarged",
             "Trash and broken fencing left on the premises"}
    from django.apps import apps

    with translation.override("en"):
        for model in apps.get_models():
            if model._meta.app_label not in ("permits", "venues") or not model.__name__.startswith("Historical"):
                continue
            for stored in model.objects.exclude(history_change_reason=None).values_list(
                    "history_change_reason", flat=True).distinct():
                if stored in typed or any(stored.startswith(t) for t in typed):
                    continue
                # (in English as stored, a condition's key in words: "¶ C(10) fire protection approved …")
                assert reasons.shown(stored) in (stored, stored.replace("_", " ")), stored
                assert any(r.read(stored) is not None for r in reasons.REGISTRY), stored
    clerk, inspector = (demo.User.objects.get(username=n) for n in ("carmel_town_clerk",
                                                                      "mount_pleasant_building_inspector"))
    c, i = _spanish(clerk), _spanish(inspector)
    for app in PermitApplication.objects.all():
        text = _history(c.get(f"/carmel-ny/applications/{app.pk}/").content.decode())
        assert _english_reasons(text) == [], (app.pk, text)
        keys = re.findall(r"\b[a-z]+_[a-z_]+\b", re.sub(r"\b(carmel|mount_pleasant)_[a-z_]+", "", text))
        assert "(empty)" not in text and keys == [], (app.pk, keys, text)
    for venue in Venue.objects.all():
        text = _history(i.get(f"/mount-pleasant-ny/venues/{venue.pk}/").content.decode())
        assert _english_reasons(text) == [], (venue.pk, text)
        assert "(empty)" not in text and " created " not in text and "why:" not in text, (venue.pk, text)


@pytest.mark.parametrize(("stored", "spanish"), [
    ("approved by the Town Board on 2026-08-20 with 2 condition(s)",
     "aprobada por la Junta del Pueblo el 2026-08-20 con 2 condiciones"),
    ("approved by the Town Board on 2026-08-20 with 1 condition(s)",
     "aprobada por la Junta del Pueblo el 2026-08-20 con 1 condición"),
    ("¶ C(1) drinking_water approved in writing by the Putnam County Health Department",
     "¶ C(1) agua potable: aprobación por escrito otorgada por el Departamento de Salud del Condado de Putnam"),
    ("Town Board set bond amount $10,000, bodily injury limit $500,000",
     "la Junta del Pueblo fijó: importe de la fianza $10,000, límite por lesiones corporales $500,000"),
    ("space Cocktail room changed (area → 1500); the lawful occupancy must be re-certified by the Building "
     "Inspector (§ 164-9)",
     "espacio Cocktail room modificado (área → 1500); el Inspector de Edificios debe volver a certificar la "
     "ocupación legal (§ 164-9)"),
    ("inspection done: 1 deficiencies", "inspección realizada: 1 deficiencia"),
    ("certificate issued: lawful occupancy 420 persons (§§ 164-7, 164-8, 164-9)",
     "certificado expedido: ocupación legal de 420 personas (§§ 164-7, 164-8, 164-9)"),
    ("The stages could not be set up — Ground for revocation: the setting up of the facilities cannot reasonably "
     "be accomplished by the date set. The Town Board, through its Clerk, may revoke the permit.",
     "The stages could not be set up — Causa de revocación: "),
    ("notice of the public hearing of 2026-12-22 published in Courier on 2026-12-10",
     "aviso de la audiencia pública del 2026-12-22 publicado en Courier el 2026-12-10"),
    ("facts of the assembly changed", "hechos de la reunión modificados"),
    ("demo application", "solicitud de demostración"),
    ("a better map", "a better map"),  # the Clerk's own words
    ("case closed: The chapter does not apply: the assembly is sponsored, organized and authorized by a veterans' "
     "organization that has maintained a chapter within the Town since 1950-05-01, on or before 2025-08-14, "
     "1 year(s) prior to the assembly on 2026-08-14. (Carmel Code ch. 31, exemptions ¶ C); no permit is required "
     "(P-20)",
     "caso cerrado: El capítulo no se aplica: la reunión está patrocinada, organizada y autorizada por una "
     "organización de veteranos que mantiene una sección dentro del Pueblo desde el 1950-05-01, a más tardar el "
     "2025-08-14, 1 año antes de la reunión del 2026-08-14."),
])
def test_stored_reasons_in_spanish(stored, spanish):
    """Rows as earlier versions wrote them (a count with "(s)", a condition's key, a plural "1 deficiencies", an
    exemption's "1 year(s)") read in Spanish; the law core's words a reason quotes (¶ G) by the law core's own
    translation."""
    with translation.override("es"):
        assert reasons.shown(stored).startswith(spanish)
    with translation.override("en"):
        assert reasons.shown(stored) == stored or "condition(s)" in stored or "drinking_water" in stored \
            or "1 deficiencies" in stored or "1 year(s)" in stored
