"""The public GET forms (certificate look-up, occupancy check, permit check) refuse bad input from a link with an
error naming the field and what it takes: a certificate number that is not one is refused as every form refuses
bad input (422, not 400) and a number of no certificate 404; a choice that is not one of the field's names the
values allowed (in the page's language); a management field of the rooms' formset given twice is refused like any field given twice."""

from __future__ import annotations

import html as htmllib
import re
from urllib.parse import urlencode

import pytest
from django.test import Client

from .conftest import occupancy_query

pytestmark = pytest.mark.django_db


def _beside(r, field_id: str) -> str:
    """The text of the errors shown beside the field ``field_id`` (its ``err-`` element)."""
    m = re.search(rf'<div class="errors" id="err-{re.escape(field_id)}"[^>]*>(.*?)</div>', r.content.decode(), re.S)
    assert m, f"no errors element for {field_id}"
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", m.group(1)))).strip()


def _text(r) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", r.content.decode())))


# --- the certificate look-up --------------------------------------------------------------------------------

FORMAT = "A certificate number is letters and digits joined by hyphens, at most 40 characters, e.g. MP-2025-0001"


def test_certificate_number_given_twice_is_refused_422_naming_both():
    r = Client().get("/certificates/?number=MP-2025-0001&number=MP-2025-0002")
    assert r.status_code == 422
    assert _beside(r, "id_number") == "Given 2 times ('MP-2025-0001', 'MP-2025-0002'); give it once."


def test_certificate_number_given_twice_in_spanish_is_refused_422_in_spanish():
    r = Client().get("/certificates/?number=MP-2025-0001&number=MP-2025-0002", HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 422 and '<html lang="es"' in r.content.decode()
    assert "('MP-2025-0001', 'MP-2025-0002')" in _beside(r, "id_number")
    assert "give it once" not in _beside(r, "id_number")


@pytest.mark.parametrize("query", ["number=", "number=%20%20", "numbr=MP-2025-0001"])
def test_certificate_look_up_without_a_number_is_refused_422_asking_for_it(query):
    r = Client().get(f"/certificates/?{query}")
    assert r.status_code == 422
    assert _beside(r, "id_number") == ("Give the certificate number, as printed on the certificate or the "
                                       "occupancy sign, e.g. MP-2025-0001.")


@pytest.mark.parametrize(("number", "shown"), [
    ("MP 2025 0001", "'MP 2025 0001'"), ("MP_2025_0001", "'MP_2025_0001'"), ("MP--2025", "'MP--2025'"),
    ("<b>MP</b>", "'<b>MP</b>'"), ("MP-2025-0001\x00", r"'MP-2025-0001\x00'"), ("A" * 41, f"'{'A' * 40}'…"),
])
def test_certificate_number_not_of_the_format_is_refused_422_naming_the_format(number, shown):
    r = Client().get("/certificates/", {"number": number})
    assert r.status_code == 422
    assert _beside(r, "id_number") == f"{FORMAT} (got {shown})."


@pytest.mark.parametrize("number", ["MP-2025-9999", "mp-0000", "A" * 40])
def test_certificate_number_well_formed_but_of_no_certificate_is_404(number):
    r = Client().get("/certificates/", {"number": number})
    assert r.status_code == 404
    assert _beside(r, "id_number") == "No certificate has this number. Check it against the sign."


def test_certificate_number_given_once_is_found(hall):
    number = hall.certificates.get().number
    r = Client().get("/certificates/", {"number": f" {number.lower()} "})
    assert r.status_code == 200 and _beside(r, "id_number") == "" and "Kensico Manor" in r.content.decode()
    assert Client().get("/certificates/").status_code == 200  # the empty form, not a refusal


# --- choices named with the values allowed ------------------------------------------------------------------


_space = occupancy_query


@pytest.mark.parametrize("value", ["true", "Yes", "1"])
def test_occupancy_commercial_not_a_choice_names_the_choices(value):
    r = Client().get("/occupancy/", _space(commercial=value))
    said = f"Choose one of: yes, no, or leave it empty for “Not stated” (got '{value}')."
    assert r.status_code == 422
    assert _beside(r, "id_commercial") == said
    assert f"Is it a commercial place of assembly? : {said}" in _text(r)  # the summary names the field
    assert "Lawful occupancy" not in _text(r) and "valid choice" not in _text(r)


@pytest.mark.parametrize("value", ["yes", "no", ""])
def test_occupancy_commercial_of_the_choices_is_answered(value):
    r = Client().get("/occupancy/", _space(commercial=value))
    assert r.status_code == 200 and _beside(r, "id_commercial") == "" and "Lawful occupancy: 66 persons" in _text(r)


def test_occupancy_commercial_not_a_choice_in_spanish_names_the_choices_in_spanish():
    r = Client().get("/occupancy/", _space(commercial="true"), HTTP_ACCEPT_LANGUAGE="es")
    said = _beside(r, "id_commercial")
    assert r.status_code == 422 and '<html lang="es"' in r.content.decode()
    assert "yes (Sí), no" in said and "No indicado" in said and "'true'" in said
    assert "opción válida" not in said and "valid choice" not in said


@pytest.mark.parametrize(("field", "value", "words"), [
    ("form-0-use_group", "hall", "Choose one of: assembly_fixed_seats (assembly with fixed seats), "
                                 "assembly_without_fixed_seats, business (business building), "),
    ("form-0-area_unit", "acre", "Choose one of: sq_ft (square feet), sq_m (square metres) (got 'acre')."),
])
def test_occupancy_room_choice_not_a_choice_names_the_choices(field, value, words):
    r = Client().get("/occupancy/", _space(**{field: value}))
    said = _beside(r, f"id_{field}")
    assert r.status_code == 422 and said.startswith(words) and f"(got '{value}')." in said
    if field.endswith("use_group"):
        assert "bowling_alley, open_air (unenclosed open-air area) (got 'hall')." in said  # every use group, none left out


@pytest.mark.parametrize(("field", "value", "said"), [
    ("within_town", "maybe", "Choose one of: yes, no, or leave it empty (got 'maybe')."),
    ("sponsor_in_town", "true", "Choose one of: yes, no, or leave it empty for “Not stated” (got 'true')."),
    ("sponsor_kind", "school", "Choose one of: individual, corporation, parochial_school, private_school, "
                               "public_school, church, veterans_organization, civic_group, other, or leave it "
                               "empty for “Not stated” (got 'school')."),
])
def test_permit_check_choice_not_a_choice_names_the_choices(field, value, said):
    r = Client().get("/permit-check/", {"persons": "600", "as_of": "2026-05-01", field: value})
    assert r.status_code == 422 and _beside(r, f"id_{field}") == said
    assert "A permit from the Town Board" not in _text(r)
    ok = Client().get("/permit-check/", {"persons": "600", "as_of": "2026-05-01", field: "yes" if field != "sponsor_kind"
                                         else "church"})
    assert ok.status_code == 200 and _beside(ok, f"id_{field}") == ""


def test_permit_check_takes_the_persons_the_law_core_takes_and_no_more():
    """The persons at one time (¶ A) are bounded as the law core bounds a count (`units.MAX_COUNT`, as the API and
    the CLI): 1,000,000,000 is answered (a permit is required), 1,000,000,001 is refused beside the field. The
    page took at most 10,000,000 before, so a case the API answered was refused on the page."""
    r = Client().get("/permit-check/", {"persons": "1000000000", "as_of": "2026-05-01"})
    assert r.status_code == 200 and _beside(r, "id_persons") == ""
    assert "A permit from the Town Board" in _text(r)
    over = Client().get("/permit-check/", {"persons": "1000000001", "as_of": "2026-05-01"})
    assert over.status_code == 422 and _beside(over, "id_persons") == "Must be at most 1,000,000,000 (got 1,000,000,001)."


# --- the formset's management fields given twice -------------------------------------------------------------


@pytest.mark.parametrize(("name", "values"), [
    ("form-TOTAL_FORMS", ("1", "2")), ("form-TOTAL_FORMS", ("2", "1")), ("form-TOTAL_FORMS", ("1", "1")),
    ("form-INITIAL_FORMS", ("0", "0")), ("form-MIN_NUM_FORMS", ("0", "1")), ("form-MAX_NUM_FORMS", ("50", "3")),
])
@pytest.mark.parametrize("add", [False, True])
def test_occupancy_management_field_given_twice_is_refused_naming_it(name, values, add):
    """Django would build the rooms from the last form-TOTAL_FORMS silently (and "Add another room" replaced
    them by one count): refused, naming the field and the values, and nothing computed."""
    data = _space()
    data.pop(name, None)
    query = urlencode(data) + "".join(f"&{name}={v}" for v in values) + ("&add=1" if add else "")
    r = Client().get(f"/occupancy/?{query}")
    assert r.status_code == 422
    assert f"{name}: Given 2 times ('{values[0]}', '{values[1]}'); give it once." in _text(r)
    assert "Lawful occupancy" not in _text(r)


@pytest.mark.parametrize("add", [False, True])
def test_occupancy_management_fields_given_once_are_taken(add):
    r = Client().get("/occupancy/", _space(**({"add": "1"} if add else {}), **{"form-MAX_NUM_FORMS": "50"}))
    assert r.status_code == 200 and "give it once" not in _text(r)
    if add:
        assert 'name="form-1-name"' in r.content.decode()
    else:
        assert "Lawful occupancy: 66 persons" in _text(r)


@pytest.mark.parametrize(("name", "value", "said"), [
    ("form-TOTAL_FORMS", "abc", "form-TOTAL_FORMS: must be a whole number of 0 or more (got 'abc')."),
    ("form-TOTAL_FORMS", "-1", "form-TOTAL_FORMS: must be a whole number of 0 or more (got '-1')."),
    ("form-TOTAL_FORMS", "", "form-TOTAL_FORMS: missing; the form sends it, a whole number of 0 or more."),
    ("form-INITIAL_FORMS", None, "form-INITIAL_FORMS: missing; the form sends it, a whole number of 0 or more."),
    ("form-MAX_NUM_FORMS", "x", "form-MAX_NUM_FORMS: must be a whole number of 0 or more (got 'x')."),
])
def test_occupancy_management_field_missing_or_not_a_count_is_refused_naming_it(name, value, said):
    """Django said "ManagementForm data is missing or has been tampered with … file a bug report", or — once no
    room was counted — only "Describe at least one room or area.", which is not what is wrong."""
    data = _space()
    data.pop(name, None)
    if value is not None:
        data[name] = value
    r = Client().get("/occupancy/", data)
    assert r.status_code == 422 and said in _text(r)
    assert "Describe at least one room" not in _text(r) and "ManagementForm" not in _text(r)
    assert "Hidden field" not in _text(r)  # (Django's "(Hidden field TOTAL_FORMS) Enter a whole number." too)
    assert "Lawful occupancy" not in _text(r)


def test_occupancy_management_field_optional_left_empty_is_taken():
    r = Client().get("/occupancy/", _space(**{"form-MIN_NUM_FORMS": "", "form-MAX_NUM_FORMS": ""}))
    assert r.status_code == 200 and "Lawful occupancy: 66 persons" in _text(r)


# --- the occupancy sign's room -------------------------------------------------------------------------------


def test_sign_of_a_room_given_twice_is_refused_422_naming_both(hall):
    number = hall.certificates.get().number
    r = Client().get(f"/certificates/{number}/sign.pdf?room=Lobby&room=Ballroom")  # not Ballroom's sign, the last
    assert r.status_code == 422 and r["Content-Type"].startswith("text/html")
    assert "Check what was entered" in _text(r)  # the error page of bad input (422), not "Bad request"
    assert "room: Given 2 times ('Lobby', 'Ballroom'); give it once." in _text(r)
    once = Client().get(f"/certificates/{number}/sign.pdf", {"room": "Ballroom"})
    assert once.status_code == 200 and once.content.startswith(b"%PDF")


# --- the number of rooms ---------------------------------------------------------------------------------------


def _rooms(n: int) -> dict[str, str]:
    data = {"form-TOTAL_FORMS": str(n), "form-INITIAL_FORMS": "0", "commercial": "yes", "as_of": "2026-05-01"}
    for i in range(n):
        data.update({f"form-{i}-name": f"Room {i + 1}", f"form-{i}-use_group": "assembly_without_fixed_seats",
                     f"form-{i}-area": "100", f"form-{i}-area_unit": "sq_ft"})
    return data


def test_occupancy_takes_fifty_rooms():
    """The check's bound (MAX_SPACES, 50 rooms or areas at once): 50 is taken, 100 sq ft at 15 sq ft per person
    is 6 persons each (Mount Pleasant § 164-7), 300 in all."""
    r = Client().get("/occupancy/", _rooms(50))
    assert r.status_code == 200 and "Lawful occupancy: 300 persons" in _text(r)


def test_occupancy_refuses_more_than_fifty_rooms_in_the_pages_words():
    """Django said "Please submit at most 50 forms." (the public sees rooms, not forms)."""
    r = Client().get("/occupancy/", _rooms(51))
    assert r.status_code == 422
    assert "At most 50 rooms or areas at once; check the others separately." in _text(r)
    assert "forms" not in _text(r).replace("form-", "") and "Lawful occupancy" not in _text(r)


def _total_shown(r) -> str:
    m = re.search(r'name="form-TOTAL_FORMS" value="(\d+)"', r.content.decode())
    assert m, "no form-TOTAL_FORMS on the page"
    return m.group(1)


@pytest.mark.parametrize("count", ["51", "999999", "9" * 5000])  # (5,000 digits: more than Python reads at once)
@pytest.mark.parametrize("given", [0, 1, 50])
def test_occupancy_a_count_of_rooms_beyond_fifty_is_one_error_naming_the_limit(count, given):
    """``form-TOTAL_FORMS=999999`` from a link: Django built 50 rooms and judged each, so that every empty one
    said "This field is required." three times (150 errors beside the one that mattered). Now the count is
    refused in one error naming the limit, only the rooms given are shown (none given: none), and the page
    counts those, so that sent again it is taken."""
    r = Client().get("/occupancy/", {**_rooms(given), "form-TOTAL_FORMS": count})
    assert r.status_code == 422
    text = _text(r)
    assert text.count("At most 50 rooms or areas at once; check the others separately.") == 1
    assert "This field is required" not in text and "Describe at least" not in text
    assert "Lawful occupancy" not in text
    assert _total_shown(r) == str(given)
    assert text.count("Room or area ") == 2 * given  # (each room's legend and its name's label)


def test_occupancy_refused_for_its_count_is_answered_when_sent_again_as_shown():
    refused = Client().get("/occupancy/", {**_rooms(50), "form-TOTAL_FORMS": "999999"})
    assert refused.status_code == 422
    again = Client().get("/occupancy/", {**_rooms(50), "form-TOTAL_FORMS": _total_shown(refused)})
    assert again.status_code == 200 and "Lawful occupancy: 300 persons" in _text(again)


def test_occupancy_rooms_given_beyond_the_count_refused_are_judged_as_given():
    """The rooms shown are judged as given: a bad area among them is refused beside its field too."""
    data = {**_rooms(2), "form-TOTAL_FORMS": "999999", "form-1-area": "-5"}
    r = Client().get("/occupancy/", data)
    assert r.status_code == 422
    assert "At most 50 rooms or areas at once" in _text(r)
    assert _beside(r, "id_form-1-area") == "Must be at least 0 (got -5)."


@pytest.mark.parametrize("count", ["49", "0049"])
def test_add_another_room_to_forty_nine_adds_the_fiftieth(count):
    r = Client().get("/occupancy/", {**_rooms(49), "form-TOTAL_FORMS": count, "add": "1"})
    assert r.status_code == 200 and 'name="form-49-name"' in r.content.decode()
    assert "At most 50" not in _text(r) and _total_shown(r) == "50"


@pytest.mark.parametrize("count", ["1", "49"])
def test_add_another_room_shows_the_new_room_empty_without_errors(count):
    """"Add another room or area" (§§ 164-7, 164-8) is not a submission: the rooms given stay as given and the
    new one is shown empty, its unit square feet as a new room's starts, with no "This field is required." (it
    was told three times, for a room not yet typed)."""
    n = int(count)
    r = Client().get("/occupancy/", {**_rooms(n), "add": "1"})
    page = r.content.decode()
    assert r.status_code == 200 and f'name="form-{n}-name"' in page and _total_shown(r) == str(n + 1)
    assert "This field is required" not in _text(r) and "has-error" not in page
    assert re.search(rf'<select name="form-{n}-area_unit"[^>]*>.*?<option value="sq_ft" selected>', page, re.S)
    assert f'value="Room {n}"' in page


def test_add_another_room_keeps_telling_a_room_given_wrong():
    """A room given with a bad area is still told so when another is added (the new one is not)."""
    r = Client().get("/occupancy/", _space(**{"form-0-area": "-5", "add": "1"}))
    assert r.status_code == 200 and _beside(r, "id_form-0-area") == "Must be at least 0 (got -5)."
    assert _beside(r, "id_form-1-name") == ""


@pytest.mark.parametrize("count", ["50", "050", "999999", "9" * 5000])
def test_add_another_room_beyond_fifty_says_the_limit_and_keeps_the_rooms(count):
    """At 50 rooms "Add another room or area" added nothing and said nothing; at a count of 999999 it showed 50
    rooms, each empty one with its three "This field is required."; at one of 5,000 digits it failed (500)."""
    r = Client().get("/occupancy/", {**_rooms(50), "form-TOTAL_FORMS": count, "add": "1"})
    assert r.status_code == 422
    text = _text(r)
    assert text.count("At most 50 rooms or areas at once; check the others separately.") == 1
    assert "This field is required" not in text and 'name="form-50-name"' not in r.content.decode()
    assert _total_shown(r) == "50" and 'value="Room 50"' in r.content.decode()


def test_a_record_not_found_is_said_in_the_pages_language():
    """A certificate page or a hearing's notice of no record: 404 saying what was not found, in English or, on
    the Spanish site, in Spanish (the services' "no certificate 'X'" was shown in English on both)."""
    r = Client().get("/certificates/MP-2025-9999/")
    assert r.status_code == 404 and "Not found: certificate 'MP-2025-9999'." in _text(r)
    es = Client()
    es.post("/i18n/setlang/", {"language": "es", "next": "/"})
    r = es.get("/certificates/MP-2025-9999/")
    assert r.status_code == 404 and "No se encontró: certificado 'MP-2025-9999'." in _text(r)
    r = es.get("/hearings/999999/notice.pdf")
    assert r.status_code == 404 and "No se encontró: audiencia pública 999999." in _text(r)
