"""What a new user's trial of the demo found on the pages, each checked: Spanish pages in Spanish (¶ C conditions,
written approvals, refused facts, missing items in words), the page's own numbers written as its language writes
them, one term for one thing in Spanish, and the officials' pages (the Building Inspector's dashboard, a venue's
lawful occupancy beside its inspections, the Clerk's queue with finished cases last)."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re

import polib
import pytest
from django.test import Client
from django.utils import translation
from tests.web.conftest import client_for, fair_facts, version_of
from tests.web.test_public import load_example
from tests.web.test_spanish import CATALOG

from publicassembly.law import evaluate
from publicassembly.law.dates import next_business_day
from publicassembly.permits import services as sv
from publicassembly.permits.models import Document, PermitApplication, State
from publicassembly.web import present
from publicassembly.web.forms.application import ApprovalForm
from publicassembly.workflow.errors import ValidationFailed

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def _es(c: Client) -> Client:
    c.cookies["django_language"] = "es"
    return c


def _text(response) -> str:
    body = re.sub(r"(?s)<(script|style)[^>]*>.*?</\1>", "", response.content.decode())
    return re.sub(r"[ \t\r\n]+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", body)))


def _section(html: str, heading_id: str) -> str:
    """The text of the page's section labelled by `heading_id` (the history below it left out: its entries
    are the services' records)."""
    start = html.index(f'id="{heading_id}"')
    return _text(type("R", (), {"content": html[start:html.index("</section>", start)].encode()})())


# --- 1. Spanish pages in Spanish -------------------------------------------------------------------------------


def test_condition_choices_name_the_facility_in_the_pages_language_permit_requirements_c():
    """¶ C(1)-(10): the approval form's choices keep the law's citation and say the facility in words."""
    with translation.override("en"):
        choices = dict((n, str(label)) for n, label in ApprovalForm(documents=Document.objects.none()).fields["condition"].choices)
        assert choices[1] == "¶ C(1) drinking water" and choices[4] == "¶ C(4) solid waste"
    with translation.override("es"):
        choices = dict((n, str(label)) for n, label in ApprovalForm(documents=Document.objects.none()).fields["condition"].choices)
        assert choices[1] == "¶ C(1) agua potable"
        assert choices[8] == "¶ C(8) caminos de acceso"
        assert choices[2] == "¶ C(2) sanitarios"


def test_written_approvals_list_shows_words_not_keys_permit_requirements_c(carmel, cu, hearing_app):
    """The written approvals of ¶ C(1), (4), (8) on the application's page: no raw key in either language."""
    app = hearing_app
    doc = sv.attach_document(cu["applicant"], app, kind="written approvals", filename="ok.pdf", content=PDF)
    for n in (1, 4, 8):
        sv.record_approval(cu["health_department_reviewer"], app, condition=n, agency="health_department",
                           approved_on=dt.date.today(), document=doc)
    url = f"/carmel-ny/applications/{app.pk}/"
    english = _section(client_for(cu["town_clerk"]).get(url).content.decode(), "apr-h")
    spanish = _section(_es(client_for(cu["town_clerk"])).get(url).content.decode(), "apr-h")
    for page in (english, spanish):
        assert "drinking_water" not in page and "solid_waste" not in page and "access_roads" not in page
    assert "¶ C(4) solid waste — Putnam County Health Department" in english
    assert "¶ C(1) agua potable" in spanish and "¶ C(8) caminos de acceso" in spanish


def test_refused_facts_name_the_field_in_words_in_both_languages():
    """A record whose facts the law core refuses is marked with the field in words, not its key."""
    problem = ValidationFailed("facts.board_decision_on", "not a date")
    with translation.override("en"):
        assert present.correction_note(problem) == "facts need correction: board decision on: not a date"
    with translation.override("es"):
        note = present.correction_note(problem)
        assert note.startswith("los hechos deben corregirse: fecha de la decisión de la Junta del Pueblo: ")
        assert "board_decision_on" not in note


def test_clerk_queue_in_spanish_names_a_refused_field_in_words(carmel, cu, hearing_app):
    PermitApplication.objects.filter(pk=hearing_app.pk).update(
        facts={**hearing_app.facts, "dates": {**hearing_app.facts["dates"], "first_day": "2026-13-45"}})
    page = _text(_es(client_for(cu["town_clerk"])).get("/carmel-ny/applications/"))
    assert "los hechos deben corregirse: fechas · primer día" in page
    assert "first_day" not in page


def test_missing_items_read_as_words_of_the_petition_permit_requirements_b():
    """Still to be provided (¶ B(2): the dates of the assembly; ¶ B: the filing with the Town Clerk): the item
    of the petition is said in words, in both languages, instead of "petition · 2 · dates"."""
    assert present.missing_item("petition.2.dates") == "dates, in item (2) of the petition"
    assert present.missing_item("filed_on") == "the date the petition was filed with the Town Clerk"
    assert (present.missing_item("petition.2.properties[1].record_owner")
            == "property 2 · record owner, in item (2) of the petition")
    with translation.override("es"):
        assert present.missing_item("petition.2.dates") == "fechas, en el punto (2) de la petición"
        assert present.missing_item("filed_on") == "la fecha en que la petición se presentó al Secretario Municipal"


def test_public_permit_check_without_dates_lists_them_in_words_permit_requirements_b():
    form = {"persons": 600, "within_town": "yes", "as_of": "2026-05-01"}
    english = _missing(Client().get("/permit-check/", form).content.decode())
    assert "dates, in item (2) of the petition" in english and "petition · 2 · dates" not in english
    spanish = _missing(_es(Client()).get("/permit-check/", form).content.decode())
    assert "fechas, en el punto (2) de la petición" in spanish and "petición · 2 · fechas" not in spanish


def _missing(html: str) -> list[str]:
    """The items of the page's "Still to be provided" list."""
    listed = re.search(r'<ul class="missing">(.*?)</ul>', html, re.S)
    assert listed is not None
    return [htmllib.unescape(x).strip() for x in re.findall(r"<li>(.*?)</li>", listed.group(1), re.S)]


# --- 2. Numbers as the page's language writes them ---------------------------------------------------------


def test_counts_and_areas_read_in_the_pages_language_section_164_7():
    """§ 164-7 areas (square feet, stored with four places) and counts of persons: grouped in thousands, areas
    with the law core's digits (B-3: whole areas without decimals, others without trailing zeros); a measure
    keeps the decimals it was given."""
    with translation.override("en"):
        assert present.number(1800) == "1,800" and present.number(4000) == "4,000"
        assert present.area("3000.0000") == "3,000" and present.area("4650.5000") == "4,650.5"
        assert present.number("0.375") == "0.375" and present.number(None) == "—"
    with translation.override("es"):  # (Spanish as written in the United States, CLDR es-US: site/formats/es)
        assert present.number(1800) == "1,800"
        assert present.area("4650.0000") == "4,650" and present.area("4650.5") == "4,650.5"
        assert present.number(0.375) == "0.375"


def test_sign_letter_width_reads_with_the_decimal_point_in_us_spanish_section_164_9():
    """§ 164-9: letters at least 3/8 inch wide: "0.375" in Spanish as written in the United States, as the law's
    sentences and the money's "$250,000" write numbers (not Spain's "0,375", which beside "8,611 personas" made
    a thousands comma read as a decimal one)."""
    with translation.override("es"):
        [sign] = [r for r in present.context(evaluate(load_example("mount-pleasant-catering-hall")))["requirements"]
                  if r.label == "letrero"]
    widths = [r.value for r in sign.rows if "ancho" in r.label]
    assert widths and all(v == "0.375" for v in widths)


def test_venue_page_writes_areas_and_occupancy_in_the_pages_language_section_164_7(mu, hall):
    """The ballroom of 4,650 sq ft holds 310 (§ 164-7); its area is not "4650.0000"."""
    url = f"/mount-pleasant-ny/venues/{hall.pk}/"
    english = _section(client_for(mu["building_inspector"]).get(url).content.decode(), "sp-h")
    spanish = _section(_es(client_for(mu["building_inspector"])).get(url).content.decode(), "sp-h")
    assert "4,650 square feet" in english and "4650.0000" not in english
    assert "4,650 pies cuadrados" in spanish and "4650.0000" not in spanish


def test_application_page_groups_persons_at_one_time_permit_requirements_a(carmel, cu, hearing_app):
    PermitApplication.objects.filter(pk=hearing_app.pk).update(
        facts={**hearing_app.facts, "max_persons_at_one_time": 1800})
    url = f"/carmel-ny/applications/{hearing_app.pk}/"
    assert "Persons at one time 1,800" in _text(client_for(cu["town_clerk"]).get(url))
    assert "Personas a la vez 1,800" in _text(_es(client_for(cu["town_clerk"])).get(url))


# --- 3. One term for one thing in Spanish ---------------------------------------------------------------------


def _spanish() -> dict[str, str]:
    return {e.msgid: e.msgstr for e in polib.pofile(str(CATALOG)) if not e.obsolete}


def test_spanish_says_sanitarios_and_bolera_throughout_sections_164_6_164_7():
    msgstrs = " ".join(_spanish().values()).lower()
    assert "inodoro" not in msgstrs and "boliche" not in msgstrs
    assert _spanish()["%(n)s toilets"] == "%(n)s sanitarios"
    assert _spanish()["bowling alley"] == "bolera"


def test_offense_number_is_not_a_violation_record_in_spanish_section_164_14():
    """§ 164-14 counts offenses (first, second, subsequent); "Infracción 4" is a violation record: the
    offense's number reads "contravención número 3", not "infracción número 3"."""
    es = _spanish()
    assert es["offense number %(n)s"] == "contravención número %(n)s"
    assert es["offense number"] == "número de contravención"
    assert es["Violation %(id)s"].startswith("Infracción")


def test_deadline_names_do_not_say_expiry_twice_in_spanish():
    """A past deadline on the timeline reads "plazo del aviso de audiencia vencido", not "vencimiento … vencido"."""
    es = _spanish()
    for key in ("application due", "cleanup due", "decision due", "hearing notice due"):
        assert es[key].startswith("plazo"), key
    assert not any("vencimiento" in v for v in es.values())


# --- 4. The officials' pages ---------------------------------------------------------------------------------


def test_building_inspector_dashboard_links_to_enforcement_section_164_12(mu):
    """The Building Inspector enforces the chapter (§ 164-12): his dashboard lists the Enforcement page."""
    html = client_for(mu["building_inspector"]).get("/dashboard/").content.decode()
    assert 'href="/mount-pleasant-ny/enforcement/"' in html and 'href="/mount-pleasant-ny/venues/"' in html


def test_lawful_occupancy_now_does_not_deny_the_inspection_above_sections_164_10_164_11(mu, hall):
    """After an inspection that found a blocked exit (§ 164-10), the venue's "Lawful occupancy now" does not say
    "No inspection is recorded"; it says which sections only an inspection judges and links the latest one."""
    insp = hall.inspections.get()
    c = client_for(mu["building_inspector"])
    c.post(f"/mount-pleasant-ny/venues/{hall.pk}/inspections/{insp.pk}/", {
        "persons_present": "200", "exits_blocked": "yes", "certificate_on_premises": "yes", **version_of(insp)})
    html = c.get(f"/mount-pleasant-ny/venues/{hall.pk}/").content.decode()
    assert "No inspection is recorded" not in html
    note = _text(c.get(f"/mount-pleasant-ny/venues/{hall.pk}/")).split("Judged only at an inspection:")[1]
    assert "§ 164-10" in note and "§ 164-11" in note
    assert f"/mount-pleasant-ny/venues/{hall.pk}/inspections/{insp.pk}/" in html
    assert "deficiencies found" in note.split("Certificates")[0]


def test_lawful_occupancy_now_without_any_inspection_says_so_section_164_7(mu, hall):
    html = _text(client_for(mu["building_inspector"]).get(f"/mount-pleasant-ny/venues/{hall.pk}/"))
    assert "No inspection of this place is recorded yet." in html


def test_clerk_queue_lists_finished_cases_last_permit_requirements_b(carmel, cu):
    """Most urgent first: awaiting the Board's decision (¶ B), then approved and issued, and last the finished
    cases (closed, withdrawn, denied, revoked) — even when a finished case is the newest."""
    apps = []
    for _ in range(5):
        a = sv.create_draft(cu["applicant"], carmel, fair_facts())
        sv.submit(cu["applicant"], a, verification_statement="Sworn.", today=dt.date.today())
        apps.append(a)
    awaiting, approved, issued, withdrawn, closed = apps
    for app, state in ((approved, State.APPROVED), (issued, State.ISSUED), (withdrawn, State.WITHDRAWN),
                       (closed, State.CLOSED)):
        PermitApplication.objects.filter(pk=app.pk).update(state=state)
    html = client_for(cu["town_clerk"]).get("/carmel-ny/applications/").content.decode()
    order = [int(pk) for pk in re.findall(r'href="/carmel-ny/applications/(\d+)/"', html)]
    order = list(dict.fromkeys(order))
    assert order.index(awaiting.pk) < order.index(issued.pk) < order.index(approved.pk)
    assert order.index(approved.pk) < order.index(closed.pk) < order.index(withdrawn.pk)


def test_clerk_queue_keeps_a_finished_case_whose_bond_awaits_the_board_with_those_under_way_p36(carmel, cu):
    """A withdrawn application whose bond is still posted (¶ F; interpretation P-36) is not finished for the Town
    Board: it sorts with the cases under way, before a finished one submitted later; once its bond is released it
    sorts with the finished cases again."""
    apps = []
    for _ in range(3):
        a = sv.create_draft(cu["applicant"], carmel, fair_facts())
        sv.submit(cu["applicant"], a, verification_statement="Sworn.", today=dt.date.today())
        apps.append(a)
    issued, bond_waits, closed = apps
    PermitApplication.objects.filter(pk=issued.pk).update(state=State.ISSUED)
    PermitApplication.objects.filter(pk__in=[bond_waits.pk, closed.pk]).update(state=State.WITHDRAWN)
    PermitApplication.objects.filter(pk=closed.pk).update(state=State.CLOSED)
    bond_waits.bonds.create(town=carmel, amount="5000.00", posted_on=dt.date.today())

    def order():
        html = client_for(cu["town_clerk"]).get("/carmel-ny/applications/").content.decode()
        return list(dict.fromkeys(int(pk) for pk in re.findall(r'href="/carmel-ny/applications/(\d+)/"', html)))

    assert max(order().index(issued.pk), order().index(bond_waits.pk)) < order().index(closed.pk)
    PermitApplication.objects.filter(pk=bond_waits.pk).update(bond_disposition="released")
    assert order().index(closed.pk) < order().index(bond_waits.pk)


def test_a_passed_inspection_is_not_a_passed_deadline_in_spanish_section_164_9(mu, hall):
    """An inspection that found nothing wrong reads "aprobada" on the Spanish page (its result in words, not the
    stored "passed"), while a deadline that has passed stays "vencido" on the timeline."""
    insp = hall.inspections.get()
    c = client_for(mu["building_inspector"])
    r = c.post(f"/mount-pleasant-ny/venues/{hall.pk}/inspections/{insp.pk}/", {
        "persons_present": "200", "exits_blocked": "no", "exit_access_clear": "yes", "fire_exits_designated": "yes",
        "fire_exits_comply_with_uniform_code": "yes", "certificate_on_premises": "yes", **version_of(insp)})
    assert r.status_code == 302
    insp.refresh_from_db()
    assert insp.result == "passed"  # (every fact of the exits stated compliant: M-22)
    inspections = _section(_es(c).get(f"/mount-pleasant-ny/venues/{hall.pk}/").content.decode(), "insp-h")
    assert "aprobada" in inspections and "passed" not in inspections
    passed = {e.msgctxt: e.msgstr for e in polib.pofile(str(CATALOG)) if e.msgid == "passed" and not e.obsolete}
    assert passed == {None: "aprobada", "a deadline that has passed": "vencido"}


def test_enforcement_page_says_offense_number_and_the_fine_paid_as_money_section_164_14(mu, violation, travel_to):
    """§ 164-14: a first offense, fined $25 to $100. The offense's number reads "contravención número 1" beside
    the violation record "Infracción …", and the fine paid is money as the language writes it ("$100", not
    "$100.00")."""
    from publicassembly.enforcement import services as es

    bi = mu["building_inspector"]
    s = es.issue_summons(bi, violation, return_date=next_business_day(dt.date.today() + dt.timedelta(days=30)))
    travel_to(s.return_date)  # (the court decides on the return day: W-37)
    es.record_disposition(bi, violation, outcome="convicted", fine="100")
    violation.refresh_from_db()
    es.record_payment(bi, violation, amount="100.00")
    english = _text(client_for(bi).get("/mount-pleasant-ny/enforcement/"))
    assert "offense number 1" in english and "Fine of $100 paid on" in english
    spanish = _text(_es(client_for(bi)).get("/mount-pleasant-ny/enforcement/"))
    assert "contravención número 1" in spanish and "infracción número" not in spanish
    assert f"Infracción {violation.pk}" in spanish and "Multa de $100 pagada el" in spanish


def test_a_deficiency_found_reads_in_spanish_on_the_inspection_page_section_164_10(mu, hall):
    """The deficiency of a blocked exit (§ 164-10), kept with the inspection as the law core's English sentence,
    reads in Spanish on a Spanish page."""
    insp = hall.inspections.get()
    c = client_for(mu["building_inspector"])
    c.post(f"/mount-pleasant-ny/venues/{hall.pk}/inspections/{insp.pk}/", {
        "persons_present": "200", "exits_blocked": "yes", "certificate_on_premises": "yes", **version_of(insp)})
    url = f"/mount-pleasant-ny/venues/{hall.pk}/inspections/{insp.pk}/"
    assert "An exit was blocked or access to it impeded or prevented, contrary to § 164-10." in _text(c.get(url))
    spanish = _text(_es(c).get(url))
    assert "Una salida estaba bloqueada" in spanish and "An exit was blocked" not in spanish


def test_clerk_queue_filter_offers_only_the_states_it_holds(carmel, cu, draft_app):
    """The Clerk's queue holds submitted applications (¶ B: the petition is filed with the Clerk): its state
    filter does not offer 'draft' (a draft is the applicant's until submitted), and the draft is not listed."""
    page = client_for(cu["town_clerk"]).get("/carmel-ny/applications/").content.decode()
    assert 'value="draft"' not in page and 'value="submitted"' in page
    assert f'<tr><td>{draft_app.pk}</td>' not in page


def test_clerk_queue_tells_a_state_it_does_not_hold_rather_than_listing_everything(carmel, cu, hearing_app):
    """A misspelt or stale filter (?state=submited, ?state=draft) is answered 422 (bad input, as the forms answer
    it) naming it and the states the queue offers, with no rows — not the whole queue as if it were the filtered one."""
    c = client_for(cu["town_clerk"])
    for bad in ("submited", "draft"):
        r = c.get("/carmel-ny/applications/", {"state": bad})
        assert r.status_code == 422
        page = _text(r)
        assert (f"state: “{bad}” is not a state of an application in the queue; choose one or more of: submitted, "
                "incomplete, amended, accepted, hearing_scheduled (hearing scheduled), hearing_held (hearing held), "
                "approved (approved with conditions),") in page
        assert f"<tr><td>{hearing_app.pk}</td>" not in r.content.decode()
    r = c.get("/carmel-ny/applications/", {"state": hearing_app.state})
    assert r.status_code == 200 and f"<tr><td>{hearing_app.pk}</td>" in r.content.decode()
    for named in ("hearing scheduled", "approved with conditions"):  # a state's name is not its value in a link
        r = c.get("/carmel-ny/applications/", {"state": named})
        assert r.status_code == 422 and "hearing_scheduled (hearing scheduled)" in _text(r)


def test_clerk_queue_takes_a_state_given_twice_as_both(carmel, cu, hearing_app, draft_app):
    """?state=a&state=b, as the page's list of states sends two states chosen, lists the applications in either
    (it was refused as one filter too many); the comma list the API takes, ?state=a,b, lists the same."""
    c = client_for(cu["town_clerk"])
    for query in ("state=submitted&state=hearing_scheduled", "state=submitted,hearing_scheduled"):
        r = c.get(f"/carmel-ny/applications/?{query}")
        assert r.status_code == 200 and f"<tr><td>{hearing_app.pk}</td>" in r.content.decode(), query
        assert '<input type="checkbox" name="state" value="submitted" checked>' in r.content.decode()
        assert '<input type="checkbox" name="state" value="hearing_scheduled" checked>' in r.content.decode()
        assert '<input type="checkbox" name="state" value="amended">' in r.content.decode()
