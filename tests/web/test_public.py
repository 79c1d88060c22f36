"""The public's pages: the two questions answered (whole page and HTMX partial), hearings, certificates, errors
beside their fields, security headers, and Spanish."""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest
import yaml
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from publicassembly.law import evaluate
from publicassembly.web import present

from .conftest import occupancy_query, requirement_lines

pytestmark = pytest.mark.django_db


def test_home_and_public_pages_have_meaningful_titles():
    c = Client()
    for url, title in [("/", "Public assemblies"), ("/permit-check/", "Do I need a permit?"),
                       ("/occupancy/", "How many people may this space hold?"),
                       ("/hearings/", "Upcoming public hearings"), ("/certificates/", "Look up a certificate"),
                       ("/accounts/login/", "Sign in"), ("/accounts/register/", "Register")]:
        r = c.get(url)
        assert r.status_code == 200, url
        assert re.search(rf"<title>{re.escape(title)}", r.content.decode()), url


def test_501_persons_needs_a_permit_with_deadlines_and_citations():
    """Carmel ch. 31, permit requirements ¶ A: more than 500 persons at one time needs a permit; the filing
    deadline (¶ B) is counted 60 days back from the first day."""
    r = Client().get("/permit-check/", {"persons": 501, "first_day": "2026-09-01", "as_of": "2026-05-01"})
    html = r.content.decode()
    assert r.status_code == 200
    assert "A permit from the Town Board is required" in html
    assert "2026-07-03" in html  # application due: 60 days before 1 September 2026
    assert "Carmel Code ch. 31, permit requirements ¶ A" in html
    assert "Carmel Code ch. 31, permit requirements ¶ B" in html  # the deadline's citation


def test_500_persons_needs_no_permit():
    """¶ A: 500 is not in excess of 500."""
    r = Client().get("/permit-check/", {"persons": 500, "as_of": "2026-05-01"})
    assert "No permit is required" in r.content.decode()


@pytest.mark.parametrize(("established", "answer"), [
    ("yes", "No permit is required: the chapter does not apply"),
    ("no", "A permit from the Town Board is required"),
    ("", "whether the church is an established church"),
])
def test_a_church_sponsor_is_asked_whether_it_is_established_exemptions_b_interpretation_c14(established, answer):
    """Carmel ch. 31, exemptions ¶ B, C-14: only an established church is exempt; not stated, the page names the
    fact that is missing instead of declaring the assembly exempt."""
    r = Client().get("/permit-check/", {"persons": 900, "first_day": "2026-09-12", "sponsor_kind": "church",
                                        "sponsor_in_town": "yes", "church_established": established,
                                        "sponsor_runs_it": "yes", "as_of": "2026-05-01"})
    html = htmllib.unescape(r.content.decode())
    assert r.status_code == 200 and answer in html
    if established == "":
        assert "No permit is required" not in html


def test_htmx_request_gets_only_the_answer():
    r = Client().get("/permit-check/", {"persons": 600, "as_of": "2026-05-01"}, HTTP_HX_REQUEST="true")
    html = r.content.decode()
    assert r.status_code == 200
    assert "<html" not in html and "A permit from the Town Board is required" in html


def test_bad_input_shows_the_error_beside_its_field():
    r = Client().get("/permit-check/", {"persons": "-5"})
    html = r.content.decode()
    assert r.status_code == 422
    assert re.search(r'id="err-id_persons"[^>]*><p class="error">Must be at least 0 \(got -5\)\.', html)
    assert 'aria-invalid="true"' in html


def test_htmx_bad_input_swaps_the_error_beside_the_field():
    r = Client().get("/permit-check/", {"persons": "lots"}, HTTP_HX_REQUEST="true")
    html = r.content.decode()
    assert r.status_code == 422  # as the whole page answers it (site.js swaps the 422 partial in)
    assert re.search(r'id="err-id_persons" aria-live="polite" hx-swap-oob="true"><p class="error">', html)


def test_last_day_before_first_day_is_refused_beside_last_day():
    r = Client().get("/permit-check/", {"persons": 600, "first_day": "2026-09-02", "last_day": "2026-09-01"})
    assert re.search(r'id="err-id_last_day"[^>]*><p class="error">The last day cannot be before',
                     r.content.decode())


_space = occupancy_query


def test_1000_sq_ft_without_fixed_seats_hold_66():
    """Mount Pleasant § 164-7: 15 sq ft per person, a fraction of a person not admitted: 1000/15 = 66."""
    r = Client().get("/occupancy/", _space())
    html = r.content.decode()
    assert "Lawful occupancy: 66 persons" in html
    assert "Mount Pleasant Code §§ 164-3, 164-7" in html


def test_occupancy_negative_area_error_beside_the_field():
    r = Client().get("/occupancy/", _space(**{"form-0-area": "-1"}))
    assert r.status_code == 422
    assert re.search(r'id="err-id_form-0-area"[^>]*><p class="error">', r.content.decode())


def test_occupancy_area_too_large_gets_one_error_not_a_second_one_asking_for_the_area():
    """§ 164-7: an area given but refused (5e14) is told once, beside the field — not also "give the floor area"."""
    html = Client().get("/occupancy/", _space(**{"form-0-area": "5e14"})).content.decode()
    assert "Give the floor area of this room or area." not in html
    assert len(re.findall(r'id="err-id_form-0-area"', html)) == 1


def test_occupancy_add_row_adds_a_space_form():
    r = Client().get("/occupancy/", _space(add="1"))
    assert 'name="form-1-name"' in r.content.decode()


def test_certificate_lookup_unknown_number_is_404_with_the_error_beside_the_field():
    r = Client().get("/certificates/", {"number": "MP-0000"})
    assert r.status_code == 404
    assert re.search(r'id="err-id_number"[^>]*><p class="error">No certificate has this number',
                     r.content.decode())


def test_certificate_lookup_and_pdfs(hall):
    cert = hall.certificates.get()
    c = Client()
    r = c.get("/certificates/", {"number": cert.number.lower()})
    html = r.content.decode()
    assert r.status_code == 200 and "Valid" in html and "310" in html  # 4650 / 15 = 310 (§ 164-7)
    assert c.get(f"/certificates/{cert.number}/").status_code == 200
    pdf = c.get(f"/certificates/{cert.number}/certificate.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    sign = c.get(f"/certificates/{cert.number}/sign.pdf", {"room": "Ballroom"})
    assert sign.status_code == 200 and sign.content.startswith(b"%PDF")
    nowhere = c.get(f"/certificates/{cert.number}/sign.pdf", {"room": "Nowhere"})
    assert nowhere.status_code == 422  # a value of the query: told with the rooms there are (§ 164-9's signs)
    said = " ".join(htmllib.unescape(nowhere.content.decode()).split())
    assert f"room: “Nowhere” is not a room of certificate {cert.number}; give one of: " in said
    assert "Ballroom" in said and "or no room for the signs of every room or area." in said


def test_upcoming_hearing_listed_with_its_notice(hearing_app):
    c = Client()
    html = c.get("/hearings/").content.decode()
    assert "Putnam County Fair" in html and "Town Hall" in html
    r = c.get(f"/hearings/{hearing_app.pk}/notice.pdf")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")


def test_a_draft_has_no_public_notice(draft_app):
    assert Client().get(f"/hearings/{draft_app.pk}/notice.pdf").status_code == 404


def test_security_headers_on_every_page():
    r = Client().get("/")
    assert "script-src 'self'" in r["Content-Security-Policy"]
    assert r["X-Frame-Options"] == "DENY"
    assert r["X-Content-Type-Options"] == "nosniff"


def test_every_page_names_its_icon_so_browsers_do_not_ask_for_a_missing_favicon():
    from django.contrib.staticfiles import finders

    html = Client().get("/").content.decode()
    href = re.search(r'<link rel="icon" href="/static/(web/favicon\.svg)"', html)
    assert href is not None and finders.find(href.group(1)) is not None


def test_spanish_pages():
    c = Client(HTTP_ACCEPT_LANGUAGE="es")
    html = c.get("/permit-check/").content.decode()
    assert '<html lang="es">' in html
    assert "¿Necesito un permiso?" in html


def test_language_switch_is_a_csrf_protected_form():
    c = Client(enforce_csrf_checks=True)
    assert c.post("/i18n/setlang/", {"language": "es", "next": "/"}).status_code == 403


@pytest.mark.parametrize("day", ["9999-12-31", "2100-01-01", "1777-12-31"])
def test_a_first_day_outside_the_fact_years_is_refused_beside_first_day(day):
    """Interpretation G-2: the law core refuses a date whose year's public holidays are unknown when it
    validates the facts; the page puts the complaint beside the first day, not at the top as `date`."""
    r = Client().get("/permit-check/", {"persons": 600, "first_day": day, "as_of": "2026-05-01"})
    html = r.content.decode()
    assert r.status_code == 422
    assert re.search(r'id="err-id_first_day"[^>]*><p class="error">must be a date from 1778-01-01 to '
                     rf'2099-12-31 [^<]*got {day}', html)


def test_a_first_day_in_the_last_fact_year_is_accepted():
    """G-2: 2099 is the last year a date fact may lie in (the cleanup deadline after its last day still falls
    in 2100, a year whose holidays are known)."""
    r = Client().get("/permit-check/", {"persons": 600, "first_day": "2099-12-31", "as_of": "2026-05-01"})
    assert r.status_code == 200
    assert "A permit from the Town Board is required" in r.content.decode()


# --- the determination's rows in words (no internal keys) ----------------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load_example(name: str) -> dict:
    """An example case of examples/ as data."""
    return yaml.safe_load((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))


def carmel_two_properties() -> dict:
    """The theatre tent (Carmel ch. 31) on two properties, the second without its record owner, the applicant's
    interest and the owner's authorization to inspect (permit requirements ¶¶ B(2), D)."""
    case = load_example("carmel-theatre-tent")
    case["properties"].append({"address": "102 Example Farm Road, Carmel, NY 10512 (hypothetical)"})
    return case


def determination_html(case: dict, language: str) -> str:
    """The determination partial the pages include, rendered for `case` in `language`."""
    with translation.override(language):
        return render_to_string("web/_determination.html", present.context(evaluate(case)))


def visible_text(html: str) -> str:
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", html))


def internal_keys(html: str) -> list[str]:
    """Words of the page's text that are keys of the law core: a word with "_" inside, or a list index."""
    return re.findall(r"\w+_\w+|\[\w*\]", visible_text(html))


def test_mount_pleasant_requirements_read_as_words_sections_164_6_164_9_164_12():
    """§ 164-9 (certificate issued by the Building Inspector; a red-on-white sign in bold letters), § 164-6
    (toilets for the persons counted at the inspection), § 164-12 (the officer who observed the violation): every
    row is words, in English."""
    html = determination_html(load_example("mount-pleasant-blocked-exits-second-offense"), "en")
    lines = requirement_lines(html)
    assert internal_keys(html) == []
    assert "certificate › issued by: the Building Inspector" in lines
    assert "toilets › number of persons from: the persons counted at the inspection" in lines
    assert "sign › lettering colour: red" in lines and "sign › letter weight: bold" in lines
    assert "sign › rooms › Dance hall › lawful occupancy: 200" in lines  # (a room under its own name)
    assert "enforcement › observed by: a Fire Department inspector of the fire district" in lines
    assert "enforcement › powers › must file complaint with: the Building Inspector" in lines
    assert not [line for line in lines if " · " in line or "room 1" in line]  # (nested, not flattened keys)


def test_answers_left_to_an_official_read_needs_review_in_the_pages_language_sections_164_3_164_4():
    """§§ 164-3, 164-4: a business building of 5,000 sq ft (50 persons, § 164-7) whose place is not said to be
    commercial or not: whether it is a place of assembly, and so whether a certificate is required, needs
    review — said so, in words of the page's language, never the law core's ``needs_review``; the answers given
    read yes or no."""
    query = {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "0", "form-0-name": "Hall",
             "form-0-use_group": "business", "form-0-area": "5000", "form-0-area_unit": "sq_ft"}
    page = Client().get("/occupancy/", query).content.decode()
    lines = requirement_lines(page)
    assert "place of assembly: needs review" in lines and "certificate › required: needs review" in lines
    assert "certificate › keep on premises: no" in lines and "certificate › lawful occupancy: 50" in lines
    assert "sign › rooms › Hall › lawful occupancy: 50" in lines
    assert "needs_review" not in visible_text(page.split('class="determination"', 1)[1])
    spanish = Client().get("/occupancy/", query, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "lugar de reunión: necesita revisión" in requirement_lines(spanish)
    commercial = requirement_lines(Client().get("/occupancy/", {**query, "commercial": "yes"}).content.decode())
    assert "place of assembly: yes" in commercial and "certificate › required: yes" in commercial
    assert "certificate › keep on premises: yes" in commercial


@pytest.mark.parametrize("name", ["mount-pleasant-bowling-centre", "mount-pleasant-catering-hall",
                                  "mount-pleasant-church-hall", "mount-pleasant-festival-field",
                                  "carmel-county-fair", "carmel-theatre-tent", "carmel-unpermitted-concert",
                                  "carmel-church-assembly"])
def test_every_example_determination_shows_no_internal_key(name):
    """Every example of both chapters (ch. 31 and ch. 164): no key of the law core on the page, in English."""
    assert internal_keys(determination_html(load_example(name), "en")) == []


def test_occupancy_check_without_attendance_counts_toilets_from_the_lawful_occupancy_section_164_6():
    """§ 164-6 (register M-9): with no attendance the toilets are counted for the lawful occupancy, 66 persons
    in 1000 sq ft without fixed seats (§ 164-7): one toilet; the row says so in words."""
    html = Client().get("/occupancy/", _space()).content.decode()
    lines = requirement_lines(html)
    assert "toilets › number of persons from: the lawful occupancy" in lines
    assert "toilets › required: 1" in lines
    assert internal_keys(html.split('class="determination"', 1)[1]) == []


def test_occupancy_check_with_attendance_counts_toilets_from_the_attendance_section_164_6():
    """§ 164-6: 76 persons expected need two toilets (one per 75, 75 would need one); the source reads as words."""
    lines = requirement_lines(Client().get("/occupancy/", _space(attendance="76")).content.decode())
    assert "toilets › number of persons from: the attendance stated" in lines and "toilets › required: 2" in lines
    lines = requirement_lines(Client().get("/occupancy/", _space(attendance="75")).content.decode())
    assert "toilets › required: 1" in lines


def test_carmel_two_properties_missing_items_name_property_2_permit_requirements_b2_d():
    """Carmel ch. 31 ¶ B(2) (each property's record owner and the applicant's interest) and ¶ D (the owner's
    authorization to inspect): the second property's gaps are listed as "property 2", never "properties[1]";
    the first property, complete, is not listed."""
    html = determination_html(carmel_two_properties(), "en")
    text = " ".join(visible_text(html).split())
    assert internal_keys(html) == []
    assert "Not given in item (2) of the petition: property 2 · record owner" in text  # the finding's reason
    assert "property 2 · applicant interest, in item (2) of the petition" in text  # the list of what is missing
    assert "inspection · property 2 · owner authorization" in text
    assert "property 1 ·" not in text


def test_occupancy_before_the_chapter_says_so_beside_as_of_and_its_first_day():
    """Mount Pleasant ch. 164 is applied from 1976-02-24 (M-1): a day before it is refused beside ``as_of`` saying the
    chapter was not in force (not a parameter's name); that day itself is computed."""
    html = Client().get("/occupancy/", _space(as_of="1976-02-23")).content.decode()
    assert "The chapter is applied from 1976-02-24, the earliest date its text gives: 1976-02-23 is before it." in html
    assert "floor_area_per_occupant" not in html
    assert "Lawful occupancy: 66 persons" in Client().get("/occupancy/", _space(as_of="1976-02-24")).content.decode()


def test_a_first_day_not_of_the_calendar_is_told_once_not_also_asked_for():
    """A first day given but not a date (30 February) is told beside it once — not also "Give the first day as
    well.", as if it had not been given; a last day without any first day is still asked for it."""
    r = Client().get("/permit-check/", {"persons": 600, "first_day": "2026-02-30", "last_day": "2026-08-16"})
    html = r.content.decode()
    assert r.status_code == 422 and "&#x27;2026-02-30&#x27; is not a day of the calendar: 2026-02 has 28 days." in html
    assert "Give the first day as well." not in html
    r = Client().get("/permit-check/", {"persons": 600, "last_day": "2026-08-16"})
    assert "Give the first day as well." in r.content.decode()


@pytest.mark.parametrize(("area", "words"), [("15", "Lawful occupancy: 1 person<"), ("30", "Lawful occupancy: 2 persons<")])
def test_lawful_occupancy_of_one_is_one_person(area, words):
    """§ 164-7 at 15 sq ft per person: 15 sq ft hold 1 person (not "1 persons"), 30 hold 2 persons."""
    assert words in Client().get("/occupancy/", _space(**{"form-0-area": area})).content.decode()


def test_lawful_occupancy_of_one_in_spanish():
    r = Client().get("/occupancy/", _space(**{"form-0-area": "15"}), HTTP_ACCEPT_LANGUAGE="es")
    assert "Ocupación legal: 1 persona<" in r.content.decode()


def _html_text(r) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", r.content.decode())))


@pytest.mark.parametrize(("url", "query", "field_value"), [
    ("/permit-check/", "persons=600&persons=5&as_of=2026-05-01", "'600', '5'"),
    ("/occupancy/", "form-TOTAL_FORMS=1&form-INITIAL_FORMS=0&form-0-name=Hall&form-0-name=Lobby"
                    "&form-0-use_group=assembly_without_fixed_seats&form-0-area=1000&form-0-area_unit=sq_ft"
                    "&as_of=2026-05-01", "'Hall', 'Lobby'"),
    ("/certificates/", "number=MP-2025-0001&number=MP-2025-0002", "'MP-2025-0001', 'MP-2025-0002'"),
])
def test_a_field_given_twice_in_the_query_is_refused_not_the_last_taken(url, query, field_value):
    """A link or form giving a field twice (?persons=600&persons=5) is refused beside the field, naming the
    values, rather than answered for the last one as if it were the only one (the API does the same, 422)."""
    r = Client().get(f"{url}?{query}")
    assert r.status_code == 422  # the look-up too: bad input as the forms answer it, not "not found"
    assert f"Given 2 times ({field_value}); give it once." in _html_text(r)
    if url == "/permit-check/":
        assert "No permit is required" not in _html_text(r) and "A permit from the Town Board" not in _html_text(r)


def test_each_field_once_is_answered():
    r = Client().get("/permit-check/?persons=600&as_of=2026-05-01")
    assert r.status_code == 200 and "give it once" not in _html_text(r)
